import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialPace, observe, trickFacts, heldPhase, nextChange, clearAt, release, lastDone, HOLD_MS, SWEEP_MS } from '../../js/pace.js';

const T0 = 1_000_000;
const play = (seat, card) => ({ seat, card });
const trickA = { cards: [play(0, 'AS'), play(1, 'KS'), play(2, 'QS'), play(3, 'JS')], winner: 0 };
const trickB = { cards: [play(0, 'AH'), play(1, 'KH'), play(2, 'QH'), play(3, 'JH')], winner: 0 };

/** A Kout view in play: `done` finished tricks, `current` cards of the one under way. */
const kout = (hand, done, current = []) => ({ stage: 'playing', hand_number: hand, tricks: done, trick: { cards: current } });
const facts = (view) => trickFacts('kout4', view);

test('kout and baloot views give the same facts', () => {
  assert.deepEqual(facts(kout(2, [trickA], [play(1, '7C')])), { hand: 2, done: [trickA], current: [play(1, '7C')] });
  const baloot = { hand: { number: 1, tricks: [{ plays: trickB.cards, winner: 0 }], trick: { plays: [play(3, '8D')] } } };
  assert.deepEqual(trickFacts('baloot', baloot), { hand: 1, done: [trickB], current: [play(3, '8D')] });
  assert.equal(trickFacts('kabul', { stage: 'turn' }), null, 'no tricks in Kabul');
  assert.equal(trickFacts('kout6', null), null);
});

test('a trick that finishes is held for the hold, then swept, then gone', () => {
  let p = observe(initialPace(), 'g1', facts(kout(0, [], [play(0, 'AS')])), T0);
  assert.equal(p.held, null);
  p = observe(p, 'g1', facts(kout(0, [trickA])), T0 + 100);
  assert.deepEqual(p.held, { hand: 0, index: 0, cards: trickA.cards, winner: 0, at: T0 + 100 });
  assert.equal(heldPhase(p, T0 + 100, false), 'hold');
  assert.equal(heldPhase(p, T0 + 100 + HOLD_MS - 1, false), 'hold');
  assert.equal(heldPhase(p, T0 + 100 + HOLD_MS, false), 'sweep');
  assert.equal(heldPhase(p, T0 + 100 + HOLD_MS + SWEEP_MS, false), null);
  assert.equal(nextChange(p, T0 + 200, false), T0 + 100 + HOLD_MS);
  assert.equal(nextChange(p, T0 + 100 + HOLD_MS, false), T0 + 100 + HOLD_MS + SWEEP_MS);
  assert.equal(clearAt(p, false), T0 + 100 + HOLD_MS + SWEEP_MS);
});

test('reduced motion keeps the hold and drops the sweep', () => {
  let p = observe(initialPace(), 'g1', facts(kout(0, [], [play(0, 'AS')])), T0);
  p = observe(p, 'g1', facts(kout(0, [trickA])), T0);
  assert.equal(heldPhase(p, T0 + HOLD_MS - 1, true), 'hold');
  assert.equal(heldPhase(p, T0 + HOLD_MS, true), null);
  assert.equal(clearAt(p, true), T0 + HOLD_MS);
});

test('the next lead does not end the hold: the server moving on is shown after it', () => {
  let p = observe(initialPace(), 'g1', facts(kout(0, [], [play(0, 'AS')])), T0);
  p = observe(p, 'g1', facts(kout(0, [trickA])), T0);
  p = observe(p, 'g1', facts(kout(0, [trickA], [play(0, '2C')])), T0 + 60);
  assert.equal(p.held?.at, T0, 'still the same hold');
  assert.equal(heldPhase(p, T0 + 800, false), 'hold');
});

test('the last trick of a hand is held while the next hand is dealt', () => {
  let p = observe(initialPace(), 'g1', facts(kout(0, [trickA], [play(0, 'AH')])), T0);
  assert.equal(p.held, null, 'a page opened mid-hand holds nothing');
  p = observe(p, 'g1', { hand: 0, done: [trickA, trickB], current: [] }, T0 + 10);
  p = observe(p, 'g1', facts(kout(1, [])), T0 + 20);
  assert.equal(p.held?.hand, 0);
  assert.equal(p.held?.index, 1);
  assert.equal(heldPhase(p, T0 + 900, false), 'hold');
  assert.deepEqual(p.hands.get(0), [trickA, trickB], 'the finished hand is kept for review');
  assert.deepEqual(lastDone(p, facts(kout(1, []))), trickB, 'the last trick button shows the finished hand\'s last trick');
  assert.deepEqual(lastDone(p, facts(kout(1, [trickA]))), trickA, 'once the new hand has one, that one');
});

test('a trick finishing during a hold takes its place; acting releases it; a rematch starts afresh', () => {
  let p = observe(initialPace(), 'g1', facts(kout(0, [])), T0);
  p = observe(p, 'g1', facts(kout(0, [trickA])), T0);
  p = observe(p, 'g1', facts(kout(0, [trickA, trickB])), T0 + 500);
  assert.equal(p.held?.index, 1);
  assert.equal(p.held?.at, T0 + 500);
  assert.equal(heldPhase(release(p), T0 + 600, false), null);
  const q = observe(p, 'g2', facts(kout(0, [trickA])), T0 + 600);
  assert.equal(q.held, null, 'the first view of a new match is no news');
  assert.equal(q.hands.size, 1);
});
