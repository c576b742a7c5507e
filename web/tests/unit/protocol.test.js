import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '../../js/i18n.js';
import { initialState, reduce } from '../../js/state.js';
import { parseCard } from '../../js/cards.js';
import { SERVER_TYPES, parseServerMessage, msg, Outbox, normalizeCode, teamOf, seatCount, relativeSeat, seatPosition, seatName, actionLabel, hasTeams, balootBids, scoreTone, refusalKey, reasonParts, REFUSAL_CODES, isBidding, bidKeyAction, balootBidRound, parseRoute, safeDecode, isolateText } from '../../js/protocol.js';

test('server frames: JSON objects with a known type pass; anything else is dropped', () => {
  assert.deepEqual(parseServerMessage('{"type":"pong"}'), { type: 'pong' });
  assert.equal(parseServerMessage('{"type":"event","table":"X"}').table, 'X');
  for (const bad of ['', 'not json', '[1,2]', 'null', '42', '{"type":7}', '{"kind":"event"}', '{"type":"hack"}', null, {}]) {
    assert.equal(parseServerMessage(bad), null, String(bad));
  }
});

test('client messages carry the fields docs/protocol.md names', () => {
  assert.deepEqual(msg.createTable({ game: 'baloot', rules: { preset: 'saudi' }, turn_ms: 20000, public: true }),
    { type: 'create_table', game: 'baloot', rules: { preset: 'saudi' }, turn_ms: 20000, public: true });
  assert.deepEqual(msg.createTable({ game: 'kout6', rules: {} }), { type: 'create_table', game: 'kout6', public: false });
  assert.deepEqual(msg.join('ABC123'), { type: 'join', table: 'ABC123' });
  assert.deepEqual(msg.join('ABC123', 2), { type: 'join', table: 'ABC123', seat: 2 });
  assert.deepEqual(msg.join('ABC123', undefined, 'a1b2c3d4e5f60718'), { type: 'join', table: 'ABC123', invite: 'a1b2c3d4e5f60718' });
  assert.deepEqual(msg.remove('ABC123', 3), { type: 'remove', table: 'ABC123', seat: 3 });
  assert.equal(msg.createTable({ game: 'kout4', inviteOnly: true }).invite_only, true);
  assert.equal('invite_only' in msg.createTable({ game: 'kout4' }), false);
  assert.deepEqual(msg.setBot('ABC123', 3, null), { type: 'set_bot', table: 'ABC123', seat: 3, bot: null });
  assert.deepEqual(msg.fillBots('ABC123'), { type: 'fill_bots', table: 'ABC123', bot: 'heuristic' });
  assert.deepEqual(msg.act('ABC123', 'bid 6', 9), { type: 'act', table: 'ABC123', action: 'bid 6', version: 9 });
  assert.deepEqual(msg.act('ABC123', 'pass', null), { type: 'act', table: 'ABC123', action: 'pass' });
  assert.deepEqual(msg.resume('ABC123', 14), { type: 'resume', table: 'ABC123', since: 14 });
  assert.deepEqual(msg.resume('ABC123', null), { type: 'resume', table: 'ABC123' });
  assert.deepEqual(msg.rematch('ABC123'), { type: 'rematch', table: 'ABC123' });
  assert.deepEqual(msg.start('ABC123'), { type: 'start', table: 'ABC123' });
  assert.deepEqual(msg.leave('ABC123'), { type: 'leave', table: 'ABC123' });
  assert.deepEqual(msg.spectate('ABC123'), { type: 'spectate', table: 'ABC123' });
});

test('the outbox numbers every message', () => {
  const out = new Outbox();
  assert.equal(out.make('ping').id, 1);
  const second = out.make('join', { table: 'X' });
  assert.deepEqual(second, { type: 'join', table: 'X', id: 2 });
});

test('table codes are trimmed and upper-cased; anything else is refused', () => {
  assert.equal(normalizeCode(' k7qx2m '), 'K7QX2M');
  for (const bad of ['', 'a b', '<script>', 'x', 42, null]) assert.equal(normalizeCode(bad), null, String(bad));
});

test('teams: even seats team 0; Kabul has none', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(teamOf), [0, 1, 0, 1, 0, 1]);
  assert.ok(hasTeams('kout6') && hasTeams('baloot'));
  assert.ok(!hasTeams('kabul'));
});

test('seat counts per game, Kabul from its rules', () => {
  assert.equal(seatCount('kout6'), 6);
  assert.equal(seatCount('kout4'), 4);
  assert.equal(seatCount('baloot'), 4);
  assert.equal(seatCount('kabul'), 4);
  assert.equal(seatCount('kabul', { players: 3 }), 3);
});

test('I sit at the bottom; the next seat (seat + 1) is to my right, counter-clockwise', () => {
  assert.equal(relativeSeat(2, 2, 4), 0);
  assert.equal(relativeSeat(3, 2, 4), 1);
  assert.equal(relativeSeat(1, 2, 4), 3);
  assert.equal(relativeSeat(1, null, 4), 1, 'a spectator sees seat 0 at the bottom');
  const bottom = seatPosition(0, 4);
  const right = seatPosition(1, 4);
  const top = seatPosition(2, 4);
  const left = seatPosition(3, 4);
  assert.ok(bottom.y > 80 && Math.abs(bottom.x - 50) < 1);
  assert.ok(right.x > 80 && Math.abs(right.y - 50) < 1);
  assert.ok(top.y < 20);
  assert.ok(left.x < 20);
  // Six seats: the two after me are on the right side, the two before me on the left.
  assert.ok(seatPosition(1, 6).x > 50 && seatPosition(2, 6).x > 50);
  assert.ok(seatPosition(4, 6).x < 50 && seatPosition(5, 6).x < 50);
  assert.ok(seatPosition(3, 6).y < 20);
});

test('seat names: a player’s own name as given, bots and empty seats by label', () => {
  const table = { seats: [{ seat: 0, kind: 'human', name: '<img src=x onerror=alert(1)>' }, { seat: 1, kind: 'bot', name: 'bot:heuristic' }, { seat: 2, kind: 'empty', name: null }] };
  assert.equal(seatName(table, 0, 'en'), '<img src=x onerror=alert(1)>', 'returned verbatim: views put it in a text node');
  assert.equal(seatName(table, 1, 'en'), 'Bot 2');
  assert.equal(seatName(table, 1, 'ar'), 'آلي 2');
  assert.equal(seatName(table, 2, 'en'), 'Empty seat');
  assert.equal(seatName(table, 5, 'en'), 'Seat 6');
  assert.equal(seatName(table, null, 'en'), '');
});

test('actions in words use the games’ own terms', () => {
  assert.equal(actionLabel('kout6', 'bid 5', 'en'), 'Bab (5)');
  assert.equal(actionLabel('kout6', 'bid 9', 'ar'), 'بوان (9)');
  assert.equal(actionLabel('kout6', 'bid 7', 'en'), 'Bid 7');
  assert.equal(actionLabel('kout6', 'trump H', 'en'), 'Hokm: ♥ Hearts');
  assert.equal(actionLabel('kout4', 'play TH', 'en'), '10♥');
  assert.equal(actionLabel('baloot', 'sun', 'ar'), 'صن');
  assert.equal(actionLabel('baloot', 'hokum', 'en', { faceUpSuit: 'S' }), 'Hokum ♠ Spades');
  assert.equal(actionLabel('baloot', 'hokum D', 'en'), 'Hokum ♦ Diamonds');
  assert.equal(actionLabel('baloot', 'pass', 'en'), 'Pass');
  assert.equal(actionLabel('kout6', 'play RJ', 'en'), 'Red joker');
  assert.equal(actionLabel('kout6', 'play BJ', 'ar'), 'الجوكر الأسود');
  assert.equal(actionLabel('kout6', 'deal', 'en'), 'Deal');
});

test('Kabul moves in words, places counted from 1 and named by their owner', () => {
  const name = (seat) => ['Sara', 'Bot 2', 'عمر'][seat];
  const iso = isolateText;
  assert.equal(actionLabel('kabul', 'kabul', 'ar'), 'قال كابول!');
  assert.equal(actionLabel('kabul', 'kabul', 'en'), 'Called Kabul!');
  assert.equal(actionLabel('kabul', 'draw deck', 'en'), 'Drew from the pile');
  assert.equal(actionLabel('kabul', 'draw discard', 'en'), 'Took the discard');
  assert.equal(actionLabel('kabul', 'draw discard', 'ar'), 'أخذ الورقة المرمية');
  assert.equal(actionLabel('kabul', 'discard', 'en'), 'Discarded the drawn card');
  assert.equal(actionLabel('kabul', 'discard power', 'en'), 'Discarded the drawn card and used its power');
  assert.equal(actionLabel('kabul', 'replace 3', 'en'), 'Replaced card 4');
  assert.equal(actionLabel('kabul', 'replace 3', 'ar'), 'استبدل ورقته 4');
  assert.equal(actionLabel('kabul', 'peek 0', 'en'), 'Looked at own card 1');
  assert.equal(actionLabel('kabul', 'peek 1:2', 'en', { name }), `Looked at ${iso('Bot 2')}'s card 3`);
  assert.equal(actionLabel('kabul', 'peek 1:2', 'ar', { name }), `نظر إلى الورقة 3 عند ${iso('Bot 2')}`);
  assert.equal(actionLabel('kabul', 'switch 0:1 2:3', 'en', { name }), `Switched ${iso('Sara')}'s card 2 with ${iso('عمر')}'s card 4`);
  assert.equal(actionLabel('kabul', 'switch 0:1 2:3', 'ar', { name }), `بدّل الورقة 2 عند ${iso('Sara')} مع الورقة 4 عند ${iso('عمر')}`);
  assert.equal(actionLabel('kabul', 'switch 0:1 2:3', 'en'), `Switched ${iso('Seat 1')}'s card 2 with ${iso('Seat 3')}'s card 4`, 'seats by number without names');
  assert.equal(actionLabel('kabul', 'snap 2', 'en'), 'Snapped with card 3');
  assert.equal(actionLabel('kabul', 'snap 2', 'ar'), 'خطف بورقته 3');
  assert.equal(actionLabel('kabul', 'pass', 'en'), 'Passed');
  assert.equal(actionLabel('kabul', 'close', 'en'), 'Window closed');
  assert.equal(actionLabel('kabul', 'deal', 'ar'), 'توزيع');
  // No raw notation left in any Kabul label.
  for (const a of ['replace 0', 'peek 3', 'peek 2:0', 'switch 1:0 0:3', 'snap 1', 'draw deck', 'discard power']) {
    assert.doesNotMatch(actionLabel('kabul', a, 'en', { name }), /^(replace|peek|switch|snap) /, a);
  }
});

test('refusals as data: each code gives its key and parameters', () => {
  assert.deepEqual(refusalKey({ code: 'must_follow', suit: 'H' }, 'baloot'), { key: 'reason.must_follow', params: { suit: 'H' } });
  assert.deepEqual(refusalKey({ code: 'must_follow', suit: 'C' }, 'kout6'), { key: 'reason.must_follow.kout', params: { suit: 'C' } }, 'in Kout a joker may be played instead');
  assert.deepEqual(refusalKey({ code: 'not_your_turn', seat: 3 }), { key: 'reason.not_your_turn', params: { seat: 3 } });
  assert.deepEqual(refusalKey({ code: 'bid_too_low', bid: 6, high: 7 }), { key: 'reason.bid_too_low', params: { bid: 6, high: 7 } });
  assert.deepEqual(refusalKey({ code: 'not_held', card: 'TC' }), { key: 'reason.not_held', params: { card: 'TC' } });
  assert.deepEqual(refusalKey({ code: 'must_beat', rank: 'J' }), { key: 'reason.must_beat', params: { rank: 'J' } });
  assert.equal(refusalKey({ code: 'wrong_moment', moment: 'trump' }).key, 'reason.wrong_moment.trump');
  assert.equal(refusalKey({ code: 'joker_lead', joker: 'RJ', team_bid: 7 }).key, 'reason.joker_lead');
  assert.equal(refusalKey({ code: 'joker_lead', joker: 'BJ', team_bid: 8 }).key, 'reason.joker_lead.black');
  assert.equal(refusalKey({ code: 'joker_lead', joker: 'RJ', team_bid: null }).key, 'reason.joker_lead.other');
  assert.deepEqual(refusalKey({ code: 'no_card_at_pos', seat: 1, slot: 2 }).params, { seat: 1, slot: 2 });
  assert.equal(refusalKey({ code: 'match_over' }).key, 'reason.match_over');
  // Unknown codes and malformed parameters: null, and the server's English is shown.
  assert.equal(refusalKey({ code: 'something_new' }), null);
  assert.equal(refusalKey({ code: 'must_follow', suit: 'hearts' }), null);
  assert.equal(refusalKey({ code: 'not_your_turn', seat: -1 }), null);
  assert.equal(refusalKey({ code: 'not_held', card: '42 of nothing' }), null);
  assert.equal(refusalKey({ code: 'joker_lead', joker: 'RJ' }), null, 'team_bid is always sent (null: the other team)');
  assert.equal(refusalKey({ code: 'toString' }), null, 'no inherited names');
  for (const bad of [undefined, null, 'must_follow', ['must_follow'], { message: 'x' }]) assert.equal(refusalKey(bad), null, String(bad));
});

test('every refusal code of every game reads in English and Arabic', () => {
  const sample = { seat: 2, slot: 1, players: 4, bid: 6, high: 7, team_bid: 7, card: 'AH', joker: 'RJ', suit: 'H', rank: 'Q', moment: 'bidding', power: 'peek_own', call: 'three', step: 2 };
  const codes = Object.keys(REFUSAL_CODES);
  assert.ok(codes.length >= 46, `${codes.length} codes`);
  for (const code of codes) {
    const reason = { code };
    for (const p of REFUSAL_CODES[code]) reason[p] = sample[p];
    for (const game of ['kout6', 'baloot', 'kabul']) {
      const { key } = refusalKey(reason, game);
      assert.ok(key in MESSAGES.en, `${code}: ${key} in English`);
      assert.ok(key in MESSAGES.ar, `${code}: ${key} in Arabic`);
    }
    for (const lang of ['en', 'ar']) {
      const text = reasonParts(lang, reason, { game: 'kout6' }).map((p) => (typeof p === 'string' ? p : p.param)).join('');
      assert.doesNotMatch(text, /\{\w+\}/, `${lang} ${code}: every placeholder filled (${text})`);
    }
  }
  for (const moment of ['bidding', 'trump', 'playing']) assert.ok(`reason.wrong_moment.${moment}` in MESSAGES.ar, moment);
  // No reason key is left over from the English-sentence table.
  const used = new Set(['reason.must_follow.kout', 'reason.joker_lead.black', 'reason.joker_lead.other', 'reason.wrong_moment.bidding', 'reason.wrong_moment.trump', 'reason.wrong_moment.playing']);
  for (const key of Object.keys(MESSAGES.en).filter((k) => k.startsWith('reason.'))) {
    assert.ok(used.has(key) || Object.hasOwn(REFUSAL_CODES, key.slice('reason.'.length)), `${key} belongs to a code`);
  }
});

// The repository root (web/tests/unit → ../../..).
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('every variant of every engine\'s illegal-action enum has a refusal code here', () => {
  // The code is the variant's name in snake_case (docs/protocol.md "Refusal codes").
  const snake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  let seen = 0;
  for (const file of ['crates/kout/src/error.rs', 'crates/baloot/src/error.rs', 'crates/kabul/src/error.rs']) {
    const text = fs.readFileSync(path.join(repo, file), 'utf8');
    const m = /pub enum (?:Kout)?Illegal \{([\s\S]*?)\n\}/.exec(text);
    assert.ok(m, `${file}: the enum Illegal`);
    for (const v of m[1].matchAll(/^ {4}([A-Z]\w*)/gm)) {
      seen += 1;
      assert.ok(Object.hasOwn(REFUSAL_CODES, snake(v[1])), `${file}: ${v[1]} (${snake(v[1])}) has no translation`);
    }
  }
  assert.ok(seen >= 50, `${seen} variants read`);
});

test('refusals read in Arabic, with suits, seats and cards in place', () => {
  const text = (parts) => parts.map((p) => (typeof p === 'string' ? p : p.param)).join('');
  const name = (seat) => ['Sara', 'Bot 2', 'عمر', 'Bot 4'][seat];
  assert.equal(text(reasonParts('ar', { code: 'must_follow', suit: 'C' }, { game: 'kout4' })), 'يجب أن تلعب من ♣ سبيت (أو جوكر)');
  assert.equal(text(reasonParts('en', { code: 'must_follow', suit: 'C' }, { game: 'kout4' })), 'you must follow ♣ Clubs (or play a joker)');
  assert.equal(text(reasonParts('en', { code: 'must_follow', suit: 'H' }, { game: 'baloot' })), 'you must follow ♥ Hearts');
  assert.equal(text(reasonParts('ar', { code: 'not_your_turn', seat: 3 }, { name })), 'الدور على Bot 4');
  assert.equal(text(reasonParts('en', { code: 'not_your_turn', seat: 3 }, { name })), "it is Bot 4's turn");
  assert.equal(text(reasonParts('ar', { code: 'not_your_turn', seat: 3 })), 'الدور على المقعد 4', 'without names: the seat counted from 1');
  assert.equal(text(reasonParts('ar', { code: 'must_beat', rank: 'J' })), 'يجب أن تعلو على ولد الحكم');
  assert.equal(text(reasonParts('en', { code: 'must_beat', rank: 'T' })), 'you must beat the 10 of trump');
  assert.equal(text(reasonParts('ar', { code: 'not_held', card: 'AH' })), 'ليست معك الورقة A♥');
  assert.equal(text(reasonParts('ar', { code: 'not_held', card: 'RJ' })), 'ليست معك الورقة الجوكر الأحمر');
  assert.equal(text(reasonParts('en', { code: 'no_card_at', slot: 3 })), 'you have no card at place 4', 'places counted from 1');
  assert.equal(text(reasonParts('en', { code: 'joker_lead', joker: 'RJ', team_bid: 7 })), "a joker may not lead: your team's bid is 7 and the A K Q J of the Hokm are not all played");
  assert.equal(text(reasonParts('en', { code: 'power_pending', power: 'peek_other' })), "choose the target of the power first: Look at another player's card");
  // The parameters come apart, for <bdi>: a card has no letters and is then set left to right.
  assert.deepEqual(reasonParts('ar', { code: 'not_held', card: 'TC' }), ['ليست معك الورقة ', { param: '10♣', name: 'card' }]);
  assert.equal(reasonParts('ar', { code: 'a_code_nobody_mapped' }), null);
  assert.equal(reasonParts('en', undefined), null, 'an old server without reason: the message is shown');
});

test('while a hand is bid for, keys bid and never play', () => {
  const bidding = { stage: 'bidding' };
  const legal = ['pass', 'bid 6', 'bid 7', 'bid 8', 'bid 9'];
  assert.ok(isBidding('kout4', bidding) && isBidding('kout6', { stage: 'trump' }));
  assert.ok(!isBidding('kout4', { stage: 'playing' }));
  assert.ok(isBidding('baloot', { phase: 'bidding' }) && !isBidding('baloot', { phase: 'playing' }));
  assert.ok(!isBidding('kabul', { step: { step: 'awaiting_draw' } }));
  assert.equal(bidKeyAction('kout4', bidding, '7', legal), 'bid 7');
  assert.equal(bidKeyAction('kout4', bidding, '9', legal), 'bid 9');
  assert.equal(bidKeyAction('kout4', bidding, '5', legal), null, 'Bab is no longer legal');
  assert.equal(bidKeyAction('kout4', bidding, '0', legal), 'pass');
  assert.equal(bidKeyAction('kout4', bidding, 'P', legal), 'pass');
  assert.equal(bidKeyAction('kout4', bidding, '1', legal), null, 'no card is played while bidding');
  assert.equal(bidKeyAction('kout4', { stage: 'trump' }, '2', ['trump S', 'trump H', 'trump D', 'trump C']), 'trump H');
  assert.equal(bidKeyAction('kout4', { stage: 'playing' }, '7', ['play AS']), null);
  const round1 = { phase: 'bidding', hand: { face_up: 'TD' } };
  assert.equal(bidKeyAction('baloot', round1, '1', ['pass', 'hokum', 'hokum D', 'sun']), 'sun');
  assert.equal(bidKeyAction('baloot', round1, '2', ['pass', 'hokum', 'hokum D', 'sun']), 'hokum');
  assert.equal(bidKeyAction('baloot', round1, '3', ['pass', 'hokum', 'hokum D', 'sun']), null);
  assert.equal(bidKeyAction('baloot', round1, 'h', ['pass', 'hokum']), 'hokum');
  assert.equal(bidKeyAction('baloot', round1, 's', ['pass', 'hokum']), null, 'no Sun in round 1 under these rules');
  assert.equal(bidKeyAction('baloot', round1, 'p', ['pass', 'hokum']), 'pass');
  const round2 = ['pass', 'hokum S', 'hokum H', 'hokum C', 'sun'];
  assert.equal(bidKeyAction('baloot', round1, '1', round2), 'sun');
  assert.equal(bidKeyAction('baloot', round1, '4', round2), 'hokum S');
});

test("Baloot's bidding round is the engine's word, not counted in the browser", () => {
  assert.equal(balootBidRound(2), 2);
  assert.equal(balootBidRound(1), 1);
  assert.equal(balootBidRound(null), 1);
  assert.equal(balootBidRound(undefined), 1);
});

test('routes: a table, a replay, and home for anything else (a broken link too)', () => {
  assert.deepEqual(parseRoute('#/t/k7qx2m'), { name: 'table', code: 'K7QX2M' });
  // An invite-only table's link carries its invite secret; anything else after the code is dropped.
  assert.deepEqual(parseRoute('#/t/k7qx2m?invite=a1b2c3d4e5f60718'), { name: 'table', code: 'K7QX2M', invite: 'a1b2c3d4e5f60718' });
  assert.deepEqual(parseRoute('#/t/k7qx2m?invite=<script>'), { name: 'table', code: 'K7QX2M' });
  assert.deepEqual(parseRoute('#/replay/g_1'), { name: 'replay', gameId: 'g_1' });
  assert.deepEqual(parseRoute('#/replay/g%5F1'), { name: 'replay', gameId: 'g_1' });
  assert.deepEqual(parseRoute('#/replay'), { name: 'replay' }, 'a record file to open');
  assert.deepEqual(parseRoute('#/replay/'), { name: 'replay' });
  assert.deepEqual(parseRoute(''), { name: 'home' });
  assert.deepEqual(parseRoute('#/'), { name: 'home' });
  // %-encoding cut short (a link truncated by a chat app): URIError caught, home.
  assert.deepEqual(parseRoute('#/t/%E0%A4%A'), { name: 'home' });
  assert.deepEqual(parseRoute('#/replay/%E0%A4%A'), { name: 'home' });
  assert.deepEqual(parseRoute('#/t/%'), { name: 'home' });
  assert.equal(safeDecode('%E0%A4%A'), null);
  assert.equal(safeDecode('a%20b'), 'a b');
});

test('baloot bids: one button for the first-round Hokum, Sun first, pass last', () => {
  // Round one: the engine lists "hokum" and "hokum D" (the face-up suit) for the same bid.
  assert.deepEqual(balootBids(['pass', 'hokum', 'hokum D', 'sun'], 'D'), ['sun', 'hokum', 'pass']);
  // Round two: every other suit is its own bid.
  assert.deepEqual(balootBids(['pass', 'hokum S', 'hokum H', 'hokum C', 'sun'], 'D'), ['sun', 'hokum C', 'hokum H', 'hokum S', 'pass']);
  assert.deepEqual(balootBids(['play AS', 'play KS'], 'D'), []);
});

test('a hand score reads from the seat of the one who looks at it', () => {
  // Team 1 (seats 1, 3, 5) made the bid and scored; team 0 scored nothing.
  assert.equal(scoreTone(1, [0, 7]), 'good');
  assert.equal(scoreTone(2, [0, 7]), 'bad');
  assert.equal(scoreTone(0, [5, 2]), 'good');
  assert.equal(scoreTone(3, [8, 8]), 'even');
  assert.equal(scoreTone(null, [0, 7]), 'even');
});

// ---- the golden fixtures shared with the server (tests/protocol/*.json at the repository root,
// written by crates/server/tests/it/protocol.rs): every frame kind the server sends, as it sends it.

/** Each fixture file: one frame, or a list of frames. */
function fixtures() {
  const dir = path.join(repo, 'tests/protocol');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().flatMap((file) => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const value = JSON.parse(text);
    return (Array.isArray(value) ? value : [value]).map((frame, i) => ({ name: Array.isArray(value) ? `${file}[${i}]` : file, frame }));
  });
}

/** A client seated at the frame's table, so the reducer applies what is about that table. */
function stateFor(frame) {
  const code = typeof frame.table === 'string' ? frame.table : frame.table?.code ?? 'K7QX2M';
  let s = reduce(initialState(), { type: 'route', route: { name: 'table', code } });
  if (frame.type !== 'table') s = reduce(s, { type: 'server', msg: { type: 'table', table: { code, game: 'kout4', seats: [], version: 1 }, you: 0 }, now: 0 });
  return s;
}

test('every golden frame of the server is read by the client', () => {
  const all = fixtures();
  assert.ok(all.length > 0, 'tests/protocol has fixtures');
  const kinds = new Set();
  for (const { name, frame } of all) {
    const m = parseServerMessage(JSON.stringify(frame));
    assert.ok(m, `${name}: a frame of a type the client knows (${frame.type})`);
    kinds.add(m.type);
    const s = reduce(stateFor(m), { type: 'server', msg: m, now: 1000 });
    switch (m.type) {
      case 'welcome':
        assert.equal(s.me?.id, m.player.id, name);
        break;
      case 'table':
        if (m.table.status === 'closed') {
          assert.ok(s.closed, `${name}: a closed table`);
          break;
        }
        assert.equal(s.table?.code, m.table.code, name);
        assert.ok(Array.isArray(s.table.seats), name);
        break;
      case 'sync':
      case 'event':
        assert.equal(s.game?.version, m.version, name);
        assert.ok(Array.isArray(s.game.legal) && Array.isArray(s.game.to_act), name);
        if ('order' in m) {
          assert.ok(Array.isArray(m.order), `${name}: order is a list of cards`);
          assert.deepEqual(s.game.order, m.order, name);
          for (const c of m.order) assert.ok(parseCard(c), `${name}: ${c} is a card`);
        }
        if (m.type === 'event') assert.equal(s.game.log.at(-1).action, m.action, name);
        // The recent chat a sync carries is read, and counts as already seen.
        if (m.type === 'sync' && m.chat) {
          assert.deepEqual(s.chat.lines.map((l) => l.seq), m.chat.map((l) => l.seq), name);
          assert.equal(s.chat.readSeq, m.chat.at(-1).seq, name);
        }
        break;
      case 'chat': {
        const line = s.chat.lines.at(-1);
        assert.equal(line?.seq, m.seq, name);
        assert.equal(line.from.name, m.from.name, name);
        assert.equal(line.text ?? line.phrase, m.text ?? m.phrase, name);
        break;
      }
      case 'commitment':
        assert.equal(s.commitment?.hand, m.hand, name);
        break;
      case 'error':
        if (m.code === 'stale') break;
        assert.equal(s.error?.code, m.code, name);
        if (m.reason) {
          assert.deepEqual(s.error.reason, m.reason, name);
          assert.ok(reasonParts('ar', m.reason, { game: 'kout4' }), `${name}: the refusal ${m.reason.code} is translated`);
        }
        break;
      case 'hint':
        assert.equal(s.hint?.action, m.action, name);
        break;
      case 'notice':
        assert.equal(s.error?.code, m.code, name);
        assert.ok(MESSAGES.en[`error.${m.code}`], `${name}: ${m.code} has words`);
        assert.ok(MESSAGES.ar[`error.${m.code}`], `${name}: ${m.code} has Arabic words`);
        break;
      default:
        break;
    }
  }
  for (const type of SERVER_TYPES) assert.ok(kinds.has(type), `a fixture of ${type}`);
  assert.ok(all.some(({ frame }) => frame.type === 'error' && frame.reason), 'a refusal with its reason');
});
