import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialState, reduce, isMyTurn, legalSet, playableCards, timeLeft, isHost, mergeLog, newlyFinishedHand, handFinished, LOG_LIMIT } from '../../js/state.js';

const NOW = 1_000_000;
const server = (state, msg, now = NOW) => reduce(state, { type: 'server', msg, now });

function tableMsg(over = {}, you = 0) {
  return {
    type: 'table',
    you,
    table: {
      code: 'K7QX2M', game: 'kout4', rules: {}, public: false, turn_ms: 30000, host: 'p_sara', status: 'playing',
      seats: [0, 1, 2, 3].map((seat) => ({ seat, name: seat === 0 ? 'Sara' : `bot:heuristic`, kind: seat === 0 ? 'human' : 'bot', bot: null, connected: true, away: false })),
      version: 5, game_id: 'g_1',
      ...over,
    },
  };
}

function syncMsg(over = {}) {
  return {
    type: 'sync', table: 'K7QX2M', version: 6, seat: 0,
    view: { stage: 'bidding', hand: ['AS', 'KH'] }, to_act: [0], legal: ['pass', 'bid 5', 'bid 6'], deadline_ms: 20000,
    log: [{ version: 6, seat: null, action: 'deal' }], hands: [{ dealer: 3, bidder: null, score: null }], score: [0, 0], finished: false, winner: null,
    ...over,
  };
}

function eventMsg(version, action, over = {}) {
  return {
    type: 'event', table: 'K7QX2M', version, seat: 1, action,
    view: { stage: 'bidding', v: version }, to_act: [2], legal: [], deadline_ms: null,
    hands: [{ dealer: 3, bidder: null, score: null }], score: [0, 0], finished: false, winner: null,
    ...over,
  };
}

/** A state seated at table K7QX2M, with its sync applied. */
function atTable() {
  let s = initialState({ lang: 'en' });
  s = reduce(s, { type: 'route', route: { name: 'table', code: 'K7QX2M' } });
  s = server(s, { type: 'welcome', player: { id: 'p_sara', name: 'Sara' } });
  s = server(s, tableMsg());
  return server(s, syncMsg());
}

test('welcome names the player', () => {
  const s = server(initialState(), { type: 'welcome', player: { id: 'p_1', name: 'Sara' } });
  assert.deepEqual(s.me, { id: 'p_1', name: 'Sara' });
  assert.equal(server(initialState(), { type: 'welcome' }).me, null);
});

test('a table message sets the table, my seat and the newest version', () => {
  const s = atTable();
  assert.equal(s.table.code, 'K7QX2M');
  assert.equal(s.you, 0);
  assert.equal(s.version, 6);
  assert.ok(isHost(s));
});

test('sync replaces the match state and turns the deadline into a client time', () => {
  const s = atTable();
  assert.equal(s.game.version, 6);
  assert.deepEqual(s.game.legal, ['pass', 'bid 5', 'bid 6']);
  assert.equal(s.game.deadlineAt, NOW + 20000);
  assert.equal(timeLeft(s, NOW + 5000), 15000);
  assert.equal(timeLeft(s, NOW + 50000), 0);
  assert.ok(isMyTurn(s));
  assert.deepEqual([...legalSet(s)], ['pass', 'bid 5', 'bid 6']);
});

test('sync and event carry the order to show my cards in; without one it is null', () => {
  let s = atTable();
  assert.equal(s.game.order, null, 'an older server sends no order');
  s = server(s, syncMsg({ version: 7, order: ['KH', 'AS', 42] }));
  assert.deepEqual(s.game.order, ['KH', 'AS'], 'only card texts kept');
  s = server(s, eventMsg(8, 'pass', { order: ['AS'] }));
  assert.deepEqual(s.game.order, ['AS']);
});

test('events apply in version order; duplicates and older ones are dropped', () => {
  let s = atTable();
  s = server(s, eventMsg(7, 'pass'));
  assert.equal(s.game.version, 7);
  assert.deepEqual(s.game.view, { stage: 'bidding', v: 7 });
  const again = server(s, eventMsg(7, 'pass', { view: { changed: true } }));
  assert.equal(again, s, 'a duplicate changes nothing');
  const older = server(s, eventMsg(6, 'bid 9'));
  assert.equal(older, s, 'an older event changes nothing');
  s = server(s, eventMsg(9, 'bid 6'));
  assert.equal(s.game.version, 9);
  assert.deepEqual(s.game.log.map((e) => e.action), ['deal', 'pass', 'bid 6']);
  assert.equal(s.version, 9);
  assert.ok(!isMyTurn(s));
  assert.equal(timeLeft(s, NOW), null, 'nobody on the clock');
});

test('messages about another table are ignored', () => {
  const s = atTable();
  assert.equal(server(s, eventMsg(50, 'pass', { table: 'OTHER1' })), s);
  assert.equal(server(s, syncMsg({ table: 'OTHER1', version: 99 })), s);
  assert.equal(server(s, tableMsg({ code: 'OTHER1', version: 99 })), s);
});

test('a resync after a reconnect keeps the moves seen and adds the missed ones', () => {
  let s = atTable();
  s = server(s, eventMsg(7, 'pass'));
  s = server(s, syncMsg({ version: 10, log: [{ version: 8, seat: 2, action: 'pass' }, { version: 9, seat: 3, action: 'bid 6' }, { version: 10, seat: 0, action: 'pass' }] }));
  assert.deepEqual(s.game.log.map((e) => e.version), [6, 7, 8, 9, 10]);
  assert.equal(s.game.version, 10);
  assert.equal(s.needResume, false);
});

test('mergeLog keeps one entry per version, in order, and at most LOG_LIMIT', () => {
  const held = [{ version: 3, seat: 1, action: 'a' }];
  const merged = mergeLog(held, [{ version: 2, seat: null, action: 'deal' }, { version: 3, seat: 1, action: 'a' }, { bogus: true }]);
  assert.deepEqual(merged.map((e) => e.version), [2, 3]);
  const many = Array.from({ length: LOG_LIMIT + 10 }, (_, i) => ({ version: i, seat: 0, action: 'x' }));
  assert.equal(mergeLog([], many).length, LOG_LIMIT);
  assert.equal(mergeLog(held, 'nonsense'), held);
});

test('an illegal action keeps the reason to show; a stale one asks for a resync quietly', () => {
  let s = atTable();
  s = reduce(s, { type: 'sent', msg: { type: 'act', action: 'play AH', version: 6 } });
  assert.deepEqual(s.pending, { action: 'play AH', version: 6 });
  const illegal = server(s, { type: 'error', code: 'illegal', message: 'you must follow spades (or play a joker)', id: 3, reason: { code: 'must_follow', suit: 'S' } });
  assert.equal(illegal.error.code, 'illegal');
  assert.equal(illegal.error.message, 'you must follow spades (or play a joker)');
  assert.deepEqual(illegal.error.reason, { code: 'must_follow', suit: 'S' }, 'the refusal as data, for translation');
  const bare = server(s, { type: 'error', code: 'illegal', message: 'something new', reason: 'not an object' });
  assert.equal(bare.error.reason, undefined, 'a reason without a code is not kept: the message is shown');
  assert.equal(illegal.pending, null);
  const stale = server(s, { type: 'error', code: 'stale', message: 'the table is at version 8' });
  assert.equal(stale.error, null);
  assert.equal(stale.needResume, true);
  assert.equal(reduce(stale, { type: 'resumeSent' }).needResume, false);
});

test('a finished hand raises its summary once', () => {
  let s = atTable();
  const done = [{ dealer: 3, bidder: 1, bid: 6, score: [0, 12] }];
  s = server(s, eventMsg(7, 'play AS', { hands: done }), NOW + 1);
  assert.equal(s.summary.index, 0);
  assert.deepEqual(s.summary.hand.score, [0, 12]);
  s = reduce(s, { type: 'dismissSummary' });
  s = server(s, eventMsg(8, 'deal', { hands: [...done, { dealer: 0, score: null }] }));
  assert.equal(s.summary, null, 'the next deal does not raise it again');
});

test('handFinished knows each game: Kout and Baloot score, a void Baloot hand, Kabul scores', () => {
  assert.ok(handFinished({ score: [5, 0] }));
  assert.ok(!handFinished({ score: null }));
  assert.ok(handFinished({ void: true, score: null }));
  assert.ok(handFinished({ scores: [3, 4], winners: [0] }));
  assert.ok(!handFinished({ scores: null }));
  assert.equal(newlyFinishedHand([{ score: null }], [{ score: [1, 0] }]), 0);
  assert.equal(newlyFinishedHand([{ score: [1, 0] }], [{ score: [1, 0] }, { score: null }]), -1);
});

test('a Baloot hand ended by Kawesh is finished though it has no score, so its summary shows', () => {
  const kawesh = { dealer: 3, bidder: null, score: null, void: false, multiplier: null, closed: null, ended_by: 'kawesh' };
  assert.ok(handFinished(kawesh));
  assert.ok(!handFinished({ ...kawesh, ended_by: null }), 'a hand still being bid');
  assert.equal(newlyFinishedHand([{ ...kawesh, ended_by: null }], [kawesh, { ...kawesh, ended_by: null }]), 0);
});

test('a rematch (new game id) starts a new move list', () => {
  let s = atTable();
  s = server(s, eventMsg(7, 'pass', { score: [5, 12] }));
  assert.deepEqual(s.game.score, [5, 12]);
  s = server(s, tableMsg({ game_id: 'g_2', version: 20 }));
  assert.deepEqual(s.game.log, []);
  assert.equal(s.version, 20);
  // The last match's table and scores are gone until the new deal.
  assert.equal(s.game.view, null);
  assert.deepEqual(s.game.legal, []);
  assert.deepEqual(s.game.score, [0, 0]);
  assert.equal(s.game.finished, false);
});

test('a closed table says so and forgets the match', () => {
  const s = server(atTable(), { type: 'table', table: { code: 'K7QX2M', status: 'closed' }, you: null });
  assert.ok(s.closed);
  assert.equal(s.game, null);
});

test('leaving the table route forgets the table; other routes keep it', () => {
  const s = atTable();
  assert.equal(reduce(s, { type: 'route', route: { name: 'table', code: 'K7QX2M' } }).table.code, 'K7QX2M');
  const home = reduce(s, { type: 'route', route: { name: 'home' } });
  assert.equal(home.table, null);
  assert.equal(home.game, null);
  assert.equal(home.version, 0);
});

test('playable cards come from my legal play actions, only on my turn', () => {
  let s = atTable();
  s = server(s, syncMsg({ version: 12, legal: ['play AS', 'play 10H', 'play RJ'], to_act: [0] }));
  assert.deepEqual([...playableCards(s)].sort(), ['10H', 'AS', 'RJ']);
  s = server(s, syncMsg({ version: 13, legal: ['play AS'], to_act: [1] }));
  assert.deepEqual([...playableCards(s)], []);
});

test('a spectator (you: null) never has a turn', () => {
  let s = initialState();
  s = reduce(s, { type: 'route', route: { name: 'table', code: 'K7QX2M' } });
  s = server(s, tableMsg({}, null));
  s = server(s, syncMsg({ to_act: [0] }));
  assert.equal(s.you, null);
  assert.ok(!isMyTurn(s));
});

test('local happenings: connection status, language, player, errors', () => {
  let s = initialState({ lang: 'ar' });
  assert.equal(s.lang, 'ar');
  assert.ok(!('token' in s), 'the state holds no token: the session is an HttpOnly cookie');
  s = reduce(s, { type: 'conn', status: 'reconnecting', attempt: 3 });
  assert.deepEqual(s.conn, { status: 'reconnecting', attempt: 3 });
  s = reduce(s, { type: 'lang', lang: 'xx' });
  assert.equal(s.lang, 'en');
  s = reduce(s, { type: 'player', player: { id: 'p', name: 'N', account: true } });
  assert.deepEqual(s.me, { id: 'p', name: 'N', account: true });
  s = reduce(s, { type: 'localError', code: 'offline', message: 'Offline', now: 5 });
  assert.equal(s.error.code, 'offline');
  assert.equal(reduce(s, { type: 'dismissError' }).error, null);
  assert.equal(reduce(s, { type: 'logout' }).me, null);
  // The socket's welcome keeps what HTTP said of the same player (an account), not of another.
  const welcomed = reduce(s, { type: 'server', msg: { type: 'welcome', player: { id: 'p', name: 'N2' } }, now: 6 });
  assert.deepEqual(welcomed.me, { id: 'p', name: 'N2', account: true });
  const other = reduce(s, { type: 'server', msg: { type: 'welcome', player: { id: 'q', name: 'Q' } }, now: 6 });
  assert.deepEqual(other.me, { id: 'q', name: 'Q' });
});

test('an invite link opened during a match: no error toast, the app watches instead', () => {
  let s = reduce(initialState({ lang: 'en' }), { type: 'route', route: { name: 'table', code: 'K7QX2M' } });
  s = server(s, { type: 'error', code: 'seat_taken', message: 'the match is under way: spectate, or wait for the next one' });
  assert.equal(s.error, null);
  // Seated at a table, a refused seat change is still said.
  const seated = server(atTable(), { type: 'error', code: 'seat_taken', message: 'that seat is taken' });
  assert.equal(seated.error?.code, 'seat_taken');
});

test('an "Offline" refusal clears once the connection is back', () => {
  let s = reduce(atTable(), { type: 'localError', code: 'offline', message: 'Offline', now: NOW });
  s = reduce(s, { type: 'conn', status: 'reconnecting', attempt: 1 });
  assert.equal(s.error?.code, 'offline');
  s = reduce(s, { type: 'conn', status: 'open' });
  assert.equal(s.error, null);
  // Other errors stay until dismissed.
  let t = reduce(atTable(), { type: 'localError', code: 'illegal', message: 'you must follow hearts', now: NOW });
  t = reduce(t, { type: 'conn', status: 'open' });
  assert.equal(t.error?.code, 'illegal');
});
