import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REVEAL_MS, slotFace, slotEmpty, roundOver, updateMemory, showFace, nextHideAt, slotActions, switchPlaces, switchAction, canSnap, looksOf, unseenEntries, feedLines } from '../../js/kabul-logic.js';

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

const entry = (version, seat, action) => ({ version, seat, action });

test('a second look at a card already seen shows it again (peek, queen/king switch, failed snap)', () => {
  const t0 = 1000;
  // My 7/6 peek at 1:0, the 6♠: shown, then hidden.
  const grids = [['down', 'down', 'down', 'down'], [{ face: '6S' }, 'down', 'down', 'down']];
  let m = updateMemory(null, 'T:1', view(grids), t0, { looks: looksOf([entry(10, 0, 'peek 1:0')], view(grids), 0), version: 10 });
  assert.ok(showFace(m, '6S', t0 + 100, false));
  const later = t0 + REVEAL_MS + 1000;
  m = updateMemory(m, 'T:1', view(grids), later);
  assert.ok(!showFace(m, '6S', later, false), 'hidden again after a few seconds');
  // The next 7/6, at the same card: the view is the same as before (I knew it), yet it shows.
  const again = later + 20_000;
  const looks = looksOf(unseenEntries(m, [entry(10, 0, 'peek 1:0'), entry(30, 0, 'peek 1:0')]), view(grids), 0);
  assert.deepEqual(looks, ['1:0']);
  m = updateMemory(m, 'T:1', view(grids), again, { looks, version: 30 });
  assert.ok(showFace(m, '6S', again + 100, false), 'the second look shows the card');
  assert.equal(nextHideAt(m, again + 100), again + REVEAL_MS, 'for a few seconds from the new look');
  assert.equal(m.version, 30);
  // Counted once: the same entries again (a re-render) do not restart the clock.
  assert.deepEqual(unseenEntries(m, [entry(10, 0, 'peek 1:0'), entry(30, 0, 'peek 1:0')]), []);
});

test('which entries are a look for me', () => {
  const v = view([[{ face: 'AS' }, { face: '2H' }, 'down', 'down'], [{ face: 'KD' }, 'down']], {
    events: [
      { event: 'switch', seat: 0, a: { seat: 0, slot: 1 }, b: { seat: 1, slot: 0 }, looked: true },
      { event: 'switch', seat: 1, a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 1 }, looked: false },
    ],
  });
  assert.deepEqual(looksOf([entry(5, 0, 'peek 2')], v, 0), ['0:2'], 'my 9/8 at my own card');
  assert.deepEqual(looksOf([entry(5, 1, 'peek 1')], v, 0), [], "another's peek shows me nothing");
  assert.deepEqual(looksOf([entry(5, 1, 'peek 0:1')], v, 0), [], "another's peek at my card neither");
  assert.deepEqual(looksOf([entry(5, 0, 'switch 0:1 1:0')], v, 0), ['0:1', '1:0'], 'a queen/king switch looks at both');
  assert.deepEqual(looksOf([entry(5, 0, 'switch 1:0 0:1')], v, 0), ['1:0', '0:1'], 'in either order');
  assert.deepEqual(looksOf([entry(5, 1, 'switch 0:0 1:1')], v, 1), [], 'a jack/10 switch looks at nothing');
  assert.deepEqual(looksOf([entry(5, 1, 'snap 0')], v, 0), ['1:0'], "a failed snap shows the card to everyone, me too");
  assert.deepEqual(looksOf([entry(5, 1, 'snap 0')], v, null), ['1:0'], 'and to a spectator');
  assert.deepEqual(looksOf([entry(5, 0, 'peek 2')], v, null), [], 'a spectator looks at nothing');
  assert.deepEqual(looksOf([entry(5, 0, 'draw deck'), entry(6, 0, 'discard'), entry(7, 1, 'pass')], v, 0), []);
});

test('a queen/king switch and a failed snap show a known card again', () => {
  const t0 = 0;
  const before = view([[{ face: 'AS' }, 'down'], ['down', 'down']]);
  let m = updateMemory(null, 'T:1', before, t0);
  const t1 = 30_000;
  assert.ok(!showFace(m, 'AS', t1, false));
  // Switch-and-look of my known A♠ (0:0) with 1:1: both now known, the A♠ at 1:1.
  const after = view([['down', 'down'], ['down', { face: 'AS' }]], { events: [{ event: 'switch', seat: 0, a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 1 }, looked: true }] });
  // (The other card's face is known too in a real view; here only the A♠ matters.)
  m = updateMemory(m, 'T:1', after, t1, { looks: looksOf([entry(40, 0, 'switch 0:0 1:1')], after, 0), version: 40 });
  assert.ok(showFace(m, 'AS', t1 + 10, false));
  // A failed snap of a card I knew turns it up again.
  const t2 = 90_000;
  assert.ok(!showFace(m, 'AS', t2, false));
  m = updateMemory(m, 'T:1', after, t2, { looks: looksOf([entry(50, 1, 'snap 1')], after, 0), version: 50 });
  assert.ok(showFace(m, 'AS', t2 + 10, false));
  // A blind switch moving it does not.
  const t3 = 200_000;
  const moved = view([[{ face: 'AS' }, 'down'], ['down', 'down']], { events: [{ event: 'switch', seat: 2, a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 1 }, looked: false }] });
  m = updateMemory(m, 'T:1', moved, t3, { looks: looksOf([entry(60, 2, 'switch 0:0 1:1')], moved, 0), version: 60 });
  assert.ok(!showFace(m, 'AS', t3 + 10, false));
});

test('the event feed folds passes into one line and keeps the move that matters', () => {
  const events = [
    { event: 'draw', seat: 1, from: 'deck', card: null },
    { event: 'discard', seat: 1, card: '8S', power: false },
    { event: 'pass', seat: 2 },
    { event: 'pass', seat: 3 },
    { event: 'pass', seat: 0 },
  ];
  const lines = feedLines(events);
  assert.deepEqual(lines.map((l) => l.event), ['draw', 'discard', 'passes']);
  assert.deepEqual(lines[2].seats, [2, 3, 0]);
  // A window the clock closed after some passes: the passes line stands for it.
  const closed = feedLines([...events.slice(0, 4), { event: 'close' }, { event: 'draw', seat: 2, from: 'deck', card: null }]);
  assert.deepEqual(closed.map((l) => l.event), ['discard', 'passes', 'draw']);
  // Nobody passed: the window closing is a line of its own.
  assert.deepEqual(feedLines([{ event: 'discard', seat: 1, card: '8S', power: false }, { event: 'close' }]).map((l) => l.event), ['discard', 'close']);
  // Two windows' passes stay apart.
  const two = feedLines([{ event: 'pass', seat: 1 }, { event: 'snap', seat: 2, slot: 0, card: '8H', hit: true, penalty: null }, { event: 'pass', seat: 1 }], 5);
  assert.deepEqual(two.map((l) => l.event), ['passes', 'snap', 'passes']);
  assert.deepEqual(feedLines(null), []);
  assert.equal(feedLines(events, 2).length, 2);
});
