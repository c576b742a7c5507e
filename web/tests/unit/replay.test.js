import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReplay, replaySteps, koutTrickWinner, balootTrickWinner, koutHandScore, isRecord, handJump, koutJokerLeadIsDead } from '../../js/replay.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const VECTORS = path.resolve(here, '../../../tests/records');

/** A Kout 4 deck: each seat's cards follow from the deal order (dealer + 1 first, one at a time). */
function koutDeck() {
  const ranks = ['6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
  const cards = [];
  for (const s of ['S', 'H', 'D', 'C']) for (const r of ranks) cards.push(r + s);
  const deck = cards.filter((c) => c !== '6H' && c !== '6D');
  deck.push('RJ', 'BJ');
  return deck;
}

test('steps: one deal per hand, then its actions in order', () => {
  const record = { game: 'kout4', hands: [{ dealer: 0, deck: [], actions: [[1, 'pass'], [2, 'bid 5']] }, { dealer: 1, deck: [], actions: [] }] };
  assert.deepEqual(replaySteps(record).map((s) => `${s.hand}:${s.action}:${s.text}`), ['0:-1:deal', '0:0:pass', '0:1:bid 5', '1:-1:deal']);
  assert.ok(isRecord(record));
  assert.ok(!isRecord({ game: 'kout4' }));
  assert.throws(() => buildReplay({ nope: 1 }));
});

test('a Kout deal gives one card at a time from the seat after the dealer', () => {
  const deck = koutDeck();
  const { states } = buildReplay({ game: 'kout4', hands: [{ dealer: 2, deck, actions: [] }] });
  const s = states[0];
  assert.equal(s.kind, 'trick');
  assert.deepEqual(s.cards.map((c) => c.length), [9, 9, 9, 9]);
  assert.equal(s.cards[3][0], deck[0]);
  assert.equal(s.cards[0][0], deck[1]);
  assert.equal(s.cards[2][8], deck[35]);
});

test('the Kout trick goes to the highest trump: red joker, ace, black joker, king…', () => {
  assert.equal(koutTrickWinner([{ seat: 0, card: 'AH' }, { seat: 1, card: 'BJ' }, { seat: 2, card: 'KH' }, { seat: 3, card: '2S' }], 'S'), 1);
  assert.equal(koutTrickWinner([{ seat: 0, card: 'BJ' }, { seat: 1, card: 'AS' }, { seat: 2, card: 'KS' }], 'S'), 1);
  assert.equal(koutTrickWinner([{ seat: 0, card: 'AS' }, { seat: 1, card: 'RJ' }], 'S'), 1);
  assert.equal(koutTrickWinner([{ seat: 0, card: '9H' }, { seat: 1, card: 'AH' }, { seat: 2, card: 'AD' }], 'S'), 1, 'no trump: highest of the led suit');
  assert.equal(koutTrickWinner([{ seat: 0, card: '9H' }, { seat: 1, card: '2S' }, { seat: 2, card: 'AH' }], 'S'), 1, 'any trump beats the led suit');
});

test('the Baloot trick: trump order J 9 A 10 in Hokum; A 10 K in Sun', () => {
  const plays = [{ seat: 0, card: 'AH' }, { seat: 1, card: '9H' }, { seat: 2, card: 'JH' }, { seat: 3, card: 'TH' }];
  assert.equal(balootTrickWinner(plays, 'hokum', 'H'), 2);
  assert.equal(balootTrickWinner(plays, 'sun', null), 0);
  assert.equal(balootTrickWinner([{ seat: 0, card: 'AS' }, { seat: 1, card: '7H' }, { seat: 2, card: 'TS' }], 'hokum', 'H'), 1);
});

test('Kout hand scores follow the table: made = bid (Bawan 36), failed = double to the others, Malzoom 5', () => {
  assert.deepEqual(koutHandScore({ seat: 1, bid: 7, malzoom: false }, [2, 7]), [0, 7]);
  assert.deepEqual(koutHandScore({ seat: 1, bid: 7, malzoom: false }, [3, 5]), [14, 0]);
  assert.equal(koutHandScore({ seat: 1, bid: 7, malzoom: false }, [2, 5]), null, 'undecided');
  assert.deepEqual(koutHandScore({ seat: 0, bid: 9, malzoom: false }, [9, 0]), [36, 0]);
  assert.deepEqual(koutHandScore({ seat: 0, bid: 9, malzoom: false }, [8, 1]), [0, 18]);
  assert.deepEqual(koutHandScore({ seat: 3, bid: 5, malzoom: true }, [5, 2]), [5, 0]);
  assert.deepEqual(koutHandScore({ seat: 3, bid: 5, malzoom: true }, [2, 5]), [0, 5]);
  assert.deepEqual(koutHandScore({ seat: 3, bid: 5, malzoom: false }, [5, 2]), [10, 0]);
});

test('Baloot: the bidder gets the face-up card and 2, the others 3, when play starts', () => {
  const deck = [];
  for (const s of ['S', 'H', 'D', 'C']) for (const r of ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A']) deck.push(r + s);
  const record = { game: 'baloot', hands: [{ dealer: 0, deck, actions: [[1, 'pass'], [2, 'hokum'], [1, `play ${deck[0]}`]] }] };
  const { states } = buildReplay(record);
  assert.deepEqual(states[0].cards.map((c) => c.length), [5, 5, 5, 5]);
  assert.equal(states[0].faceUp, deck[20]);
  const bid = states[2];
  assert.deepEqual(bid.contract, { seat: 2, mode: 'hokum', trump: deck[20].slice(-1) });
  const playing = states[3];
  assert.equal(playing.faceUp, null);
  assert.ok(playing.cards[2].includes(deck[20]));
  assert.deepEqual(playing.cards.map((c) => c.length), [8, 7, 8, 8]);
  assert.deepEqual(playing.cards.flat().length + playing.trick.length, 32);
});

test('Kabul: the deal fills slots 0..3 round by round; switch and snap move cards', () => {
  const deck = ['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'JS', 'QS', 'KS', 'AH', '2H', '3H', '4H', '5H'];
  // 3 players, dealer 2: seat 0 gets deck[0], deck[3], …
  const record = { game: 'kabul', rules: { players: 3 }, hands: [{ dealer: 2, deck, actions: [
    [0, 'draw deck'], [0, 'discard'], [null, 'close'],
    [1, 'draw deck'], [1, 'discard power'], [1, 'switch 0:0 2:3'], [1, 'pass'],
  ] }] };
  const { states } = buildReplay(record);
  const dealt = states[0];
  assert.deepEqual(dealt.grids[0], ['AS', '4S', '7S', 'TS']);
  assert.deepEqual(dealt.grids[2], ['3S', '6S', '9S', 'QS']);
  assert.deepEqual(dealt.discard, ['KS']);
  assert.equal(dealt.draw[0], 'AH');
  const drawn = states[1];
  assert.deepEqual(drawn.drawn, { seat: 0, card: 'AH', from: 'deck' });
  assert.deepEqual(states[2].discard, ['KS', 'AH']);
  const switched = states[6];
  assert.equal(switched.grids[0][0], 'QS');
  assert.equal(switched.grids[2][3], 'AS');
  assert.deepEqual(switched.touched, ['0:0', '2:3']);
  const last = states[states.length - 1];
  assert.deepEqual(last.roundScores, last.grids.map((g) => g.reduce((a, c) => a + (c === null ? 0 : ({ A: 1, T: 10, J: 11, Q: 12, K: 13 }[c[0]] ?? Number(c[0]))), 0)));
});

/**
 * Every valid record vector of the repository (tests/records) must replay here to the hand results
 * `majlis replay` gives: the Kout tricks and scores, the Kabul round scores.
 */
test('the stepper agrees with the engines on every record vector', (t) => {
  if (!fs.existsSync(VECTORS)) {
    t.skip('no record vectors in this checkout');
    return;
  }
  let checked = 0;
  for (const game of ['kout', 'kabul', 'baloot']) {
    const dir = path.join(VECTORS, game);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expect.json'))) {
      const expectFile = path.join(dir, file.replace(/\.json$/, '.expect.json'));
      if (!fs.existsSync(expectFile)) continue;
      const expect = JSON.parse(fs.readFileSync(expectFile, 'utf8'));
      if (expect.exit !== 0 || !Array.isArray(expect.output?.hands)) continue;
      const record = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      const { states } = buildReplay(record);
      expect.output.hands.forEach((hand, i) => {
        const end = states.filter((s) => s.hand === i).at(-1);
        assert.ok(end, `${file}: hand ${i} replays`);
        if (record.game === 'kabul') {
          if (Array.isArray(hand.scores)) assert.deepEqual(end.roundScores, hand.scores, `${file}: round ${i} scores`);
        } else if (record.game === 'baloot') {
          if (Array.isArray(hand.tricks)) assert.deepEqual(end.won, hand.tricks, `${file}: hand ${i} tricks`);
          if (Array.isArray(hand.card_points)) assert.deepEqual(end.points, hand.card_points, `${file}: hand ${i} card points`);
        } else {
          if (Array.isArray(hand.score)) assert.deepEqual(end.handScore, hand.score, `${file}: hand ${i} score`);
          if (Array.isArray(hand.tricks) && Array.isArray(hand.score)) assert.deepEqual(end.won, hand.tricks, `${file}: hand ${i} tricks`);
        }
        checked += 1;
      });
    }
  }
  assert.ok(checked > 0, 'at least one vector checked');
});

test('jumps by hand: forward to the next deal, back to this deal or the one before', () => {
  const record = { game: 'kout4', hands: [
    { dealer: 0, deck: [], actions: [[1, 'pass'], [2, 'bid 5']] },
    { dealer: 1, deck: [], actions: [[2, 'pass']] },
    { dealer: 2, deck: [], actions: [] },
  ] };
  const steps = replaySteps(record);
  // 0 deal, 1 pass, 2 bid 5 | 3 deal, 4 pass | 5 deal
  assert.equal(handJump(steps, 0, 1), 3);
  assert.equal(handJump(steps, 2, 1), 3);
  assert.equal(handJump(steps, 4, 1), 5);
  assert.equal(handJump(steps, 5, 1), 5, 'the last hand: its last step');
  assert.equal(handJump(steps, 4, -1), 3, 'back to the deal of this hand');
  assert.equal(handJump(steps, 3, -1), 0, 'already there: the hand before');
  assert.equal(handJump(steps, 0, -1), 0);
  assert.equal(handJump([], 0, 1), 0);
});

test('a Kout joker led against the rules is dead and never wins', () => {
  const none = new Set();
  const topFour = new Set(['AS', 'KS', 'QS', 'JS']);
  assert.ok(koutJokerLeadIsDead('RJ', { seat: 1, bid: 6 }, 'S', 0, none), 'the other team holds the bid');
  assert.ok(koutJokerLeadIsDead('RJ', { seat: 0, bid: 7 }, 'S', 2, none), 'own bid below 8');
  assert.ok(!koutJokerLeadIsDead('RJ', { seat: 0, bid: 8 }, 'S', 2, none), 'bid 8: the red joker may lead');
  assert.ok(koutJokerLeadIsDead('BJ', { seat: 0, bid: 8 }, 'S', 2, none), 'bid 8: not the black one');
  assert.ok(!koutJokerLeadIsDead('BJ', { seat: 0, bid: 9 }, 'S', 0, none), 'Bawan: either');
  assert.ok(!koutJokerLeadIsDead('BJ', { seat: 1, bid: 6 }, 'S', 0, topFour), 'once A K Q J of trump are out: either');
  assert.ok(!koutJokerLeadIsDead('AS', { seat: 1, bid: 6 }, 'S', 0, none), 'not a joker');
  // The dead joker loses; the suit led is then the next card's.
  assert.equal(koutTrickWinner([{ seat: 0, card: 'RJ', dead: true }, { seat: 1, card: '9H' }, { seat: 2, card: 'KH' }, { seat: 3, card: '2D' }], 'S'), 2);
  assert.equal(koutTrickWinner([{ seat: 0, card: 'RJ', dead: true }, { seat: 1, card: 'BJ', dead: true }, { seat: 2, card: '7C' }, { seat: 3, card: '2S' }], 'S'), 3);
});
