import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHRASES, CHAT_MAX, SENT_KEPT, readChatLine, mergeChat, chatAfterSync, chatAfterFrame, chatSent, chatAfterRefusal, unreadCount, shown, lineWords, outgoingText, readMuted, writeMuted, emptyChat } from '../../js/chat.js';
import { initialState, reduce } from '../../js/state.js';
import { MESSAGES } from '../../js/i18n.js';
import { msg } from '../../js/protocol.js';

const line = (seq, from, said = { text: `line ${seq}` }, channel = 'players') => ({ seq, channel, from: { id: from, name: from.toUpperCase(), seat: channel === 'players' ? 0 : null }, at: 1000 + seq, ...said });

/** A client at table T1 (seated as `you`), as the reducer sees it. */
function atTable(you = 0) {
  let s = reduce(initialState(), { type: 'route', route: { name: 'table', code: 'T1' } });
  s = reduce(s, { type: 'server', msg: { type: 'welcome', player: { id: 'me', name: 'Me' } }, now: 0 });
  return reduce(s, { type: 'server', msg: { type: 'table', table: { code: 'T1', game: 'kout4', seats: [], version: 1, spectator_chat: true }, you }, now: 0 });
}

test('lines are read defensively: a line needs a number, a sender and words', () => {
  assert.deepEqual(readChatLine(line(3, 'sara', { phrase: 'thanks' })), { seq: 3, channel: 'players', from: { id: 'sara', name: 'SARA', seat: 0 }, text: null, phrase: 'thanks', at: 1003 });
  assert.equal(readChatLine(line(4, 'sara', { text: 'hi' }, 'spectators')).channel, 'spectators');
  assert.equal(readChatLine({ seq: 1, from: { id: 'x' } }), null, 'no words');
  assert.equal(readChatLine({ from: { id: 'x' }, text: 'hi' }), null, 'no number');
  assert.equal(readChatLine(null), null);
  assert.equal(readChatLine({ seq: 1, from: { id: 'x' }, text: 'hi', channel: 'admins' }).channel, 'players', 'an unknown channel is not trusted to be private');
});

test('a sync and live frames merge by number, in order, without duplicates, and are bounded', () => {
  assert.deepEqual(mergeChat([], [line(2, 'a'), line(0, 'b'), line(2, 'a'), { junk: true }]).map((l) => l.seq), [0, 2]);
  const many = Array.from({ length: 130 }, (_, i) => line(i, 'a'));
  const kept = mergeChat([], many);
  assert.equal(kept.length, 100);
  assert.equal(kept[0].seq, 30);
});

test('the history a sync brings is read; lines after it are unread until the chat is opened', () => {
  let s = atTable();
  s = reduce(s, { type: 'server', msg: { type: 'sync', table: 'T1', version: 1, chat: [line(0, 'sara'), line(1, 'noura')] }, now: 0 });
  assert.equal(unreadCount(s.chat, new Map(), 'me'), 0, 'history is not news');
  s = reduce(s, { type: 'server', msg: { type: 'chat', table: 'T1', ...line(2, 'sara') }, now: 0 });
  s = reduce(s, { type: 'server', msg: { type: 'chat', table: 'T1', ...line(3, 'me') }, now: 0 });
  s = reduce(s, { type: 'server', msg: { type: 'chat', table: 'OTHER', ...line(9, 'sara') }, now: 0 });
  assert.deepEqual(s.chat.lines.map((l) => l.seq), [0, 1, 2, 3], 'another table\'s line is not shown here');
  assert.equal(unreadCount(s.chat, new Map(), 'me'), 1, 'my own line is not unread');
  // A reconnect's sync brings what was missed: it counts as unread.
  s = reduce(s, { type: 'server', msg: { type: 'sync', table: 'T1', version: 2, chat: [line(3, 'me'), line(4, 'noura')] }, now: 0 });
  assert.equal(unreadCount(s.chat, new Map(), 'me'), 2);
  s = reduce(s, { type: 'chatRead' });
  assert.equal(unreadCount(s.chat, new Map(), 'me'), 0);
  // Leaving the table forgets its chat.
  s = reduce(s, { type: 'route', route: { name: 'home' } });
  assert.deepEqual(s.chat, emptyChat());
});

test('a muted player\'s lines are hidden and not counted, never one\'s own', () => {
  const muted = new Map([['sara', 'Sara']]);
  let chat = chatAfterSync(emptyChat(), 'T1', []);
  chat = chatAfterFrame(chat, 'T1', line(0, 'sara'));
  chat = chatAfterFrame(chat, 'T1', line(1, 'noura'));
  assert.equal(unreadCount(chat, muted, 'me'), 1);
  assert.equal(shown(chat.lines[0], muted, 'me'), false);
  assert.equal(shown(chat.lines[1], muted, 'me'), true);
  assert.equal(shown(chat.lines[0], muted, 'sara'), true, 'muting oneself hides nothing');
});

test('the muted list survives storage and anything malformed is nobody', () => {
  const m = new Map([['p_1', 'Sara'], ['p_2', 'نورة']]);
  assert.deepEqual(readMuted(writeMuted(m)), m);
  assert.deepEqual(readMuted(null), new Map());
  assert.deepEqual(readMuted('not json'), new Map());
  assert.deepEqual(readMuted('["p_1"]'), new Map());
  assert.deepEqual(readMuted('{"p_1": 5, "p_2": "Noura"}'), new Map([['p_2', 'Noura']]));
});

test('phrases are said in the reader\'s language; text is as typed', () => {
  assert.equal(lineWords('en', readChatLine(line(0, 'a', { phrase: 'well_played' }))), 'Well played!');
  assert.equal(lineWords('ar', readChatLine(line(0, 'a', { phrase: 'well_played' }))), 'أحسنت!');
  assert.equal(lineWords('ar', readChatLine(line(0, 'a', { phrase: 'new_one' }))), 'new_one', 'a phrase this client does not know shows its id');
  assert.equal(lineWords('ar', readChatLine(line(0, 'a', { text: '<img src=x onerror=alert(1)>' }))), '<img src=x onerror=alert(1)>', 'text is never rewritten: the view shows it as text');
  for (const p of PHRASES) {
    assert.ok(MESSAGES.en[`chat.phrase.${p}`], `${p} in English`);
    assert.match(MESSAGES.ar[`chat.phrase.${p}`], /[\u0600-\u06FF]/, `${p} in Arabic`);
  }
});

test('the text sent is trimmed, never empty, at most 200 characters', () => {
  assert.equal(outgoingText('  salam  '), 'salam');
  assert.equal(outgoingText('   '), null);
  assert.equal(outgoingText(''), null);
  assert.equal([...outgoingText('😀'.repeat(250))].length, CHAT_MAX, 'characters, not UTF-16 units');
  assert.deepEqual(msg.chat('T1', { text: 'hi' }), { type: 'chat', table: 'T1', text: 'hi' });
  assert.deepEqual(msg.chat('T1', { phrase: 'oops' }), { type: 'chat', table: 'T1', phrase: 'oops' });
  assert.equal(msg.createTable({ game: 'kout4' }).spectator_chat, undefined, 'on by default: not sent');
  assert.equal(msg.createTable({ game: 'kout4', spectatorChat: false }).spectator_chat, false);
});

test('one\'s own message the server refuses is kept as not sent, with why, and shown in the chat box rather than a toast', () => {
  let s = atTable();
  s = reduce(s, { type: 'server', msg: { type: 'sync', table: 'T1', version: 1, chat: [] }, now: 0 });
  s = reduce(s, { type: 'sent', msg: { type: 'act', table: 'T1', action: 'pass', version: 1, id: 6 } });
  s = reduce(s, { type: 'sent', msg: { type: 'chat', table: 'T1', text: 'salam', id: 7 } });
  s = reduce(s, { type: 'sent', msg: { type: 'chat', table: 'T1', phrase: 'thanks', id: 8 } });
  assert.equal(s.chat.refused, null);
  s = reduce(s, { type: 'server', msg: { type: 'error', id: 8, code: 'rate_limited', message: 'too many chat messages' }, now: 5 });
  assert.deepEqual(s.chat.refused, { text: null, phrase: 'thanks', code: 'rate_limited', message: 'too many chat messages' });
  assert.equal(s.error, null, 'no toast: the chat box says it');
  assert.deepEqual(s.pending, { action: 'pass', version: 1 }, 'a move on its way is not forgotten for a chat refusal');
  s = reduce(s, { type: 'server', msg: { type: 'error', id: 7, code: 'not_seated', message: 'the host turned the spectators\' chat off' }, now: 6 });
  assert.equal(s.chat.refused?.text, 'salam', 'a typed line refused keeps its words');
  assert.equal(lineWords('ar', s.chat.refused), 'salam');
  // The next message on its way ends the refusal; an error about anything else is a toast as before.
  s = reduce(s, { type: 'sent', msg: { type: 'chat', table: 'T1', text: 'salam', id: 9 } });
  assert.equal(s.chat.refused, null);
  s = reduce(s, { type: 'server', msg: { type: 'error', id: 6, code: 'not_your_turn', message: 'wait' }, now: 7 });
  assert.equal(s.error?.code, 'not_your_turn');
  assert.equal(s.chat.refused, null);
  s = reduce(s, { type: 'server', msg: { type: 'error', code: 'rate_limited', message: 'too many messages' }, now: 8 });
  assert.equal(s.error?.code, 'rate_limited', 'a refusal without an id is no chat message\'s');
  assert.equal(s.chat.refused, null);
  assert.ok(MESSAGES.en['chat.notSent'] && MESSAGES.ar['chat.notSent']);
});

test('the client remembers only its last few messages to match refusals to', () => {
  let chat = chatAfterSync(emptyChat(), 'T1', []);
  for (let id = 1; id <= SENT_KEPT + 5; id += 1) chat = chatSent(chat, { type: 'chat', table: 'T1', text: `line ${id}`, id });
  assert.equal(chat.sent.length, SENT_KEPT);
  assert.equal(chatAfterRefusal(chat, { type: 'error', id: 1, code: 'rate_limited' }), null, 'forgotten');
  assert.equal(chatAfterRefusal(chat, { type: 'error', id: SENT_KEPT + 5, code: 'rate_limited' })?.refused?.text, `line ${SENT_KEPT + 5}`);
});
