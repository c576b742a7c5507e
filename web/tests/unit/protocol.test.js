import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseServerMessage, msg, Outbox, normalizeCode, teamOf, seatCount, relativeSeat, seatPosition, seatName, actionLabel, hasTeams, balootBids, scoreTone } from '../../js/protocol.js';

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
  assert.equal(actionLabel('kout6', 'bid 9', 'ar'), 'بوان (٩)');
  assert.equal(actionLabel('kout6', 'bid 7', 'en'), 'Bid 7');
  assert.equal(actionLabel('kout6', 'trump H', 'en'), 'Hokm: ♥ Hearts');
  assert.equal(actionLabel('kout4', 'play TH', 'en'), '10♥');
  assert.equal(actionLabel('baloot', 'sun', 'ar'), 'صن');
  assert.equal(actionLabel('baloot', 'hokum', 'en', { faceUpSuit: 'S' }), 'Hokum ♠ Spades');
  assert.equal(actionLabel('baloot', 'hokum D', 'en'), 'Hokum ♦ Diamonds');
  assert.equal(actionLabel('baloot', 'pass', 'en'), 'Pass');
  assert.equal(actionLabel('kabul', 'kabul', 'ar'), 'كابول!');
  assert.equal(actionLabel('kabul', 'draw discard', 'en'), 'Take the discard');
  assert.equal(actionLabel('kabul', 'switch 0:1 2:3', 'en'), 'switch 0:1 2:3');
  assert.equal(actionLabel('kout6', 'deal', 'en'), 'Deal');
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
