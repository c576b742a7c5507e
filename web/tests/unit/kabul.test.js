import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REVEAL_MS, slotFace, slotEmpty, roundOver, updateMemory, showFace, nextHideAt, slotActions, switchPlaces, switchAction, canSnap } from '../../js/kabul-logic.js';

const view = (grids, extra = {}) => ({ grids, step: { step: 'awaiting_draw', seat: 0 }, round_scores: null, ...extra });

test('slots as the view sends them: "empty", "down" or {face}', () => {
  assert.equal(slotFace({ face: 'AH' }), 'AH');
  assert.equal(slotFace('down'), null);
  assert.equal(slotFace('empty'), null);
  assert.ok(slotEmpty('empty'));
  assert.ok(!slotEmpty('down'));
});

test('a peeked card is shown for a few seconds, then hidden', () => {
  const t0 = 1000;
  let m = updateMemory(null, 'T:1', view([['down', 'down', { face: '7H' }, { face: 'KS' }]]), t0);
  assert.ok(showFace(m, '7H', t0, false));
  assert.ok(showFace(m, '7H', t0 + REVEAL_MS - 1, false));
  assert.ok(!showFace(m, '7H', t0 + REVEAL_MS, false));
  assert.equal(nextHideAt(m, t0 + 10), t0 + REVEAL_MS);
  // Seeing it again later (the same knowledge) does not show it again.
  m = updateMemory(m, 'T:1', view([['down', 'down', { face: '7H' }, { face: 'KS' }]]), t0 + REVEAL_MS + 500);
  assert.ok(!showFace(m, '7H', t0 + REVEAL_MS + 500, false));
  assert.equal(nextHideAt(m, t0 + REVEAL_MS + 500), null);
  // A newly learnt card gets its own few seconds.
  const t1 = t0 + 10_000;
  m = updateMemory(m, 'T:1', view([[{ face: '2C' }, 'down', { face: '7H' }, { face: 'KS' }]]), t1);
  assert.ok(showFace(m, '2C', t1 + 100, false));
  assert.ok(!showFace(m, '7H', t1 + 100, false));
});

test('a card that leaves what I know and comes back is shown again; a new round starts afresh', () => {
  let m = updateMemory(null, 'T:1', view([[{ face: '7H' }]]), 0);
  m = updateMemory(m, 'T:1', view([['down']]), 10_000);
  assert.deepEqual(m.seen, {});
  m = updateMemory(m, 'T:1', view([[{ face: '7H' }]]), 20_000);
  assert.ok(showFace(m, '7H', 20_001, false));
  const next = updateMemory(m, 'T:2', view([[{ face: '7H' }]]), 30_000);
  assert.equal(next.seen['7H'], 30_000);
});

test('when the round is over every face stays up', () => {
  const over = view([[{ face: '7H' }]], { round_scores: [7] });
  assert.ok(roundOver(over));
  assert.ok(!roundOver(view([])));
  assert.ok(roundOver(view([], { step: { step: 'match_over' } })));
  const m = updateMemory(null, 'T:1', over, 0);
  assert.ok(showFace(m, '7H', 1_000_000, true));
});

test('a click on a slot means replace, peek, or (once armed) snap, as legal', () => {
  assert.deepEqual(slotActions(['replace 2', 'replace 3', 'discard'], 0, 0, 2, false), ['replace 2']);
  assert.deepEqual(slotActions(['replace 2'], 0, 1, 2, false), [], "not another's slot");
  assert.deepEqual(slotActions(['peek 1'], 0, 0, 1, false), ['peek 1']);
  assert.deepEqual(slotActions(['peek 2:1'], 0, 2, 1, false), ['peek 2:1']);
  assert.deepEqual(slotActions(['snap 3', 'pass'], 0, 0, 3, false), [], 'snapping needs the button first');
  assert.deepEqual(slotActions(['snap 3', 'pass'], 0, 0, 3, true), ['snap 3']);
  assert.deepEqual(slotActions(['snap 3'], null, 0, 3, true), [], 'a spectator acts on nothing');
});

test('switches pick two places; either order finds the legal action', () => {
  const legal = ['switch 0:1 2:3', 'switch 0:1 1:0'];
  assert.deepEqual([...switchPlaces(legal)].sort(), ['0:1', '1:0', '2:3']);
  assert.equal(switchAction(legal, '2:3', '0:1'), 'switch 0:1 2:3');
  assert.equal(switchAction(legal, '0:1', '1:0'), 'switch 0:1 1:0');
  assert.equal(switchAction(legal, '2:3', '1:0'), null);
});

test('the snap button shows while a window lets me snap', () => {
  assert.ok(canSnap(['snap 0', 'pass']));
  assert.ok(!canSnap(['pass']));
  assert.ok(!canSnap([]));
});
