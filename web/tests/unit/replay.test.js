// The replay page's reading of the steps the server computes with the engines (GET
// /api/games/{id}/replay, POST /api/replay): no rule is recomputed here, so the tests feed steps in
// the documented shape and check what the page picks out of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readReplay, handJump, trickTable, kabulTable } from '../../js/replay.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A step with the keys every step has; `over` replaces some. */
function step(over = {}) {
  return { hand: 0, index: -1, seat: null, text: 'deal', view: null, hands: [], score: [0, 0], hand_score: null, points: null, ...over };
}

test('a replay is read with its steps; anything else is refused', () => {
  const r = readReplay({ game: 'kout4', rules: {}, players: ['Sara', null, 'bot:heuristic', 'Omar'], seats: 4, steps: [step(), step({ index: 0, seat: 1, text: 'pass' })] });
  assert.equal(r.game, 'kout4');
  assert.equal(r.seats, 4);
  assert.deepEqual(r.players, ['Sara', null, 'bot:heuristic', 'Omar']);
  assert.deepEqual(r.steps.map((s) => `${s.hand}:${s.index}:${s.seat}:${s.text}`), ['0:-1:null:deal', '0:0:1:pass']);
  // Seats from the game when the server leaves them out; Kabul's from its rules.
  assert.equal(readReplay({ game: 'kout6', steps: [step()] }).seats, 6);
  assert.equal(readReplay({ game: 'kabul', rules: { players: 3 }, steps: [step()] }).seats, 3);
  // Missing lists become empty, numbers stay numbers.
  const s = readReplay({ game: 'baloot', steps: [{ hand: 1, text: 'play AS', seat: 2, index: 4, points: [26, 0], hand_score: null, score: 'x' }] }).steps[0];
  assert.deepEqual([s.hands, s.score, s.points, s.hand_score, s.view], [[], [], [26, 0], null, null]);
  for (const bad of [null, [], 'x', { game: 'kout4' }, { game: 'kout4', steps: [] }, { steps: [step()] }, { game: 'kout4', steps: [{ text: 'deal' }] }]) {
    assert.equal(readReplay(bad), null, JSON.stringify(bad));
  }
});

test('jumps by hand: forward to the next deal, back to this deal or the one before', () => {
  // 0 deal, 1 pass, 2 bid 5 | 3 deal, 4 pass | 5 deal
  const steps = [0, 0, 0, 1, 1, 2].map((hand) => ({ hand }));
  assert.equal(handJump(steps, 0, 1), 3);
  assert.equal(handJump(steps, 2, 1), 3);
  assert.equal(handJump(steps, 4, 1), 5);
  assert.equal(handJump(steps, 5, 1), 5, 'the last hand: its last step');
  assert.equal(handJump(steps, 4, -1), 3, 'back to the deal of this hand');
  assert.equal(handJump(steps, 3, -1), 0, 'already there: the hand before');
  assert.equal(handJump(steps, 0, -1), 0);
  assert.equal(handJump([], 0, 1), 0);
});

/** A Kout spectator view (crates/kout/src/view.rs KoutView), in the middle of a hand. */
function koutView(over = {}) {
  return {
    game: 'kout4', seat: null, stage: 'playing', hand_number: 0, dealer: 3, next_dealer: null, to_act: 1, hand: null,
    cards_held: [8, 8, 8, 8], calls: [{ seat: 0, bid: null }, { seat: 1, bid: 6 }, { seat: 2, bid: null }, { seat: 3, bid: null }],
    maker: 1, bid: 6, malzoom: false, trump: 'H',
    trick: { leader: 0, cards: [{ seat: 0, card: 'RJ', dead: true }, { seat: 1, card: 'BJ', dead: true }], led: null, dead_jokers: ['RJ', 'BJ'], winner: null },
    tricks: [{ leader: 2, cards: [{ seat: 2, card: 'AS', dead: false }, { seat: 3, card: 'KS', dead: false }, { seat: 0, card: '2H', dead: false }, { seat: 1, card: 'QS', dead: false }], led: 'S', dead_jokers: [], winner: 0 }],
    tricks_won: [1, 0], hand_score: null, score: [0, 0], winner: null, ...over,
  };
}

test('Kout: the calls, the contract, the trick and its dead jokers come from the view', () => {
  const t = trickTable('kout4', koutView());
  assert.equal(t.dealer, 3);
  assert.deepEqual(t.calls.map((c) => `${c.seat}:${c.text}`), ['0:pass', '1:bid 6', '2:pass', '3:pass']);
  assert.deepEqual(t.contract, { seat: 1, bid: 6, malzoom: false, trump: 'H' });
  assert.deepEqual(t.plays, [{ seat: 0, card: 'RJ', dead: true }, { seat: 1, card: 'BJ', dead: true }], 'dead as the engine says');
  assert.equal(t.done, false);
  assert.deepEqual(t.won, [1, 0]);
  assert.equal(t.tricks, 1);
  // Between tricks: the last finished trick, and its winner as the engine decided.
  const between = trickTable('kout4', koutView({ trick: { leader: 0, cards: [], led: null, dead_jokers: [], winner: null } }));
  assert.equal(between.done, true);
  assert.equal(between.winner, 0);
  assert.deepEqual(between.plays.map((p) => p.card), ['AS', 'KS', '2H', 'QS']);
  assert.ok(between.plays.every((p) => !('dead' in p)));
  // Bidding: no contract yet.
  const bidding = trickTable('kout6', koutView({ stage: 'bidding', maker: null, bid: null, trump: null, trick: null, tricks: [], calls: [{ seat: 1, bid: 5 }] }));
  assert.equal(bidding.contract, null);
  assert.deepEqual(bidding.plays, []);
  assert.deepEqual(bidding.calls, [{ seat: 1, text: 'bid 5' }]);
  // Before the first deal there is no view.
  assert.deepEqual(trickTable('kout4', null).plays, []);
});

/** A Baloot spectator view (crates/baloot/src/view.rs BalootView). */
function balootView(hand = {}) {
  return {
    seat: null, phase: 'bidding', score: [0, 0], next_dealer: null, to_act: 2,
    hand: {
      number: 0, dealer: 0, cards: null, hand_sizes: [5, 5, 5, 5], face_up: 'TD', bids: [{ seat: 1, bid: 'pass' }], contract: null, void: false,
      trick: { leader: 1, plays: [], winner: null }, tricks: [], trick_counts: [0, 0], card_points: [0, 0], projects: [], ...hand,
    },
  };
}

test('Baloot: the face-up card while bidding, the contract and the trick from the view', () => {
  const bidding = trickTable('baloot', balootView());
  assert.equal(bidding.faceUp, 'TD');
  assert.deepEqual(bidding.calls, [{ seat: 1, text: 'pass' }]);
  assert.equal(bidding.contract, null);
  const playing = trickTable('baloot', balootView({
    contract: { bidder: 1, mode: 'hokum', trump: 'D' }, bids: [{ seat: 1, bid: 'hokum' }],
    trick: { leader: 1, plays: [{ seat: 1, card: 'JD' }], winner: null },
    tricks: [{ leader: 1, plays: [{ seat: 1, card: 'AS' }, { seat: 2, card: 'TS' }, { seat: 3, card: '7S' }, { seat: 0, card: '8S' }], winner: 1 }], trick_counts: [0, 1],
  }));
  assert.equal(playing.faceUp, null, 'the bidder took it');
  assert.deepEqual(playing.contract, { seat: 1, mode: 'hokum', trump: 'D' });
  assert.deepEqual(playing.plays, [{ seat: 1, card: 'JD' }]);
  assert.deepEqual(playing.won, [0, 1]);
  assert.equal(trickTable('baloot', balootView({ void: true })).faceUp, null, 'a void hand: no face-up card to take');
});

test('Baloot replays show the card points and the game points the engine scored', () => {
  const r = readReplay({ game: 'baloot', seats: 4, steps: [
    step({ view: balootView(), points: [0, 0] }),
    step({ index: 40, seat: 0, text: 'play 7S', view: balootView(), points: [98, 64], hand_score: [10, 6], score: [10, 6] }),
  ] });
  const end = r.steps[1];
  assert.deepEqual(end.points, [98, 64]);
  assert.deepEqual(end.hand_score, [10, 6], 'game points, from the engine');
  assert.deepEqual(end.score, [10, 6]);
});

test('Kabul: grids face up from the step, piles and caller from the view, the places an action named', () => {
  const view = {
    seat: null, players: 3, round: 1, dealer: 0, grids: [['down', 'down', 'down', 'down'], ['down', 'empty', 'down', 'down'], ['down', 'down', 'down', 'down', 'down']],
    discard: ['4C', '7H'], draw_pile: 30, drawn: { seat: 2, from: 'deck', card: null }, turn: 2, step: { step: 'drawn_card', seat: 2, from: 'deck' },
    caller: 1, locked: [1], scores: [3, 0, 12], round_scores: null, end: null,
    events: [{ event: 'snap', seat: 2, slot: 1, card: '9S', hit: false, penalty: 4 }],
  };
  const hands = [['AS', '2C', '3D', '4H'], ['KH', null, 'RJ', '5S'], ['6C', '9S', '8D', 'QS', 'JD']];
  const k = kabulTable({ hand: 1, index: 7, seat: 2, text: 'snap 1', view, hands, open: { drawn: { seat: 2, from: 'deck', card: 'TC' } }, score: [3, 0, 12], hand_score: null, points: null });
  assert.deepEqual(k.grids, hands);
  assert.equal(k.discardTop, '7H');
  assert.equal(k.drawPile, 30);
  assert.deepEqual(k.drawn, { seat: 2, card: 'TC' }, 'the drawn card from open: the spectator view hides it');
  assert.equal(k.caller, 1);
  assert.deepEqual([...k.touched], ['2:1', '2:4'], 'the snapped slot and the penalty slot');
  assert.deepEqual(k.totals, [3, 0, 12]);
  assert.equal(k.roundScores, null);
  const at = (text, seat = 0) => [...kabulTable({ hand: 0, index: 0, seat, text, view: {}, hands: [], score: [], hand_score: null, points: null }).touched];
  assert.deepEqual(at('peek 2'), ['0:2']);
  assert.deepEqual(at('peek 1:3'), ['1:3']);
  assert.deepEqual(at('replace 0', 2), ['2:0']);
  assert.deepEqual(at('switch 0:1 2:3'), ['0:1', '2:3']);
  assert.deepEqual(at('draw deck'), []);
  const over = kabulTable({ hand: 0, index: 9, seat: 0, text: 'kabul', view: { ...view, drawn: null, round_scores: [5, 9, 2] }, hands, score: [8, 9, 14], hand_score: [5, 9, 2], points: null });
  assert.deepEqual(over.roundScores, [5, 9, 2]);
  assert.equal(over.drawn, null);
});

test('no rule of any game is written in the client', () => {
  // The engines deal, judge tricks, kill jokers and score; the client reads their steps.
  const js = path.resolve(here, '../../js');
  const gone = ['sortHand', 'suitOrder', 'kabulValue', 'sameKabulRank', 'balootPoints', 'koutTrickWinner', 'balootTrickWinner', 'koutHandScore', 'koutJokerLeadIsDead', 'buildReplay', 'BALOOT_TRUMP', 'KOUT_TRUMP'];
  const files = fs.readdirSync(js, { recursive: true }).filter((f) => String(f).endsWith('.js'));
  for (const f of files) {
    const text = fs.readFileSync(path.join(js, String(f)), 'utf8');
    for (const name of gone) assert.ok(!text.includes(name), `${f} mentions ${name}`);
  }
});
