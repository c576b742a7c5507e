// @ts-check
/**
 * A client-side stepper for the record of a finished match (GET /api/games/{id}/record).
 *
 * The server offers the record, not the states between its actions, so the client rebuilds them:
 * it deals each hand's deck as docs/records.md describes and applies the recorded actions in order.
 * It needs only the parts of the rules that move cards (who holds what, the trick in the middle,
 * the grids of Kabul); the record was checked by the server's engines when it was played, so the
 * stepper does not judge legality. Trick winners are taken from who leads next (the rules say the
 * winner leads), and computed only for the last trick of a hand. Kout hand scores follow the
 * score table; Baloot's game points need the projects and rounding of the engine and are not
 * recomputed here (card points and tricks are shown). Every card is face up: the match is over.
 * @module
 */

import { parseCard, kabulValue, sameKabulRank, balootPoints } from './cards.js';

/**
 * @typedef {object} Step
 * @property {number} hand
 * @property {number} action  index in the hand's actions; -1 for the deal
 * @property {number | null} seat
 * @property {string} text
 */

/**
 * @param {unknown} record
 * @returns {record is {game: string, hands: any[], players?: string[], rules?: Record<string, any>}}
 */
export function isRecord(record) {
  return Boolean(record && typeof record === 'object' && typeof (/** @type {any} */ (record).game) === 'string' && Array.isArray(/** @type {any} */ (record).hands));
}

/**
 * Seats at the table of a record.
 * @param {{game: string, rules?: Record<string, any>}} record
 */
export function recordSeats(record) {
  if (record.game === 'kout6') return 6;
  if (record.game === 'kabul') return Number(record.rules?.players) || 4;
  return 4;
}

/**
 * The actions of a record, flattened, with one "deal" step opening each hand.
 * @param {{hands: any[]}} record
 * @returns {Step[]}
 */
export function replaySteps(record) {
  /** @type {Step[]} */
  const steps = [];
  record.hands.forEach((hand, h) => {
    steps.push({ hand: h, action: -1, seat: null, text: 'deal' });
    (Array.isArray(hand.actions) ? hand.actions : []).forEach((/** @type {any} */ a, i) => {
      const [seat, text] = Array.isArray(a) ? a : [null, ''];
      steps.push({ hand: h, action: i, seat: typeof seat === 'number' ? seat : null, text: String(text) });
    });
  });
  return steps;
}

// ---- trick games

const KOUT_TRUMP = ['RJ', 'A', 'BJ', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];
const KOUT_PLAIN = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];
const BALOOT_TRUMP = ['J', '9', 'A', 'T', 'K', 'Q', '8', '7'];
const BALOOT_PLAIN = ['A', 'T', 'K', 'Q', 'J', '9', '8', '7'];

/**
 * Whether a Kout joker led now is dead (crates/kout/src/trick.rs): a joker may lead once the A K Q
 * J of trump are all played, or when the leader's team holds a bid of 9 (either joker) or 8 (the
 * red joker only); any other joker lead is dead, and so is the other joker played straight after
 * it. A dead card ranks below every card and never wins.
 * @param {string} card
 * @param {{seat: number, bid?: number} | null} contract
 * @param {string | null} trump
 * @param {number} leader
 * @param {Set<string>} played  the cards played this hand before this trick
 */
export function koutJokerLeadIsDead(card, contract, trump, leader, played) {
  const c = parseCard(card);
  if (!c || !c.joker) return false;
  if (trump && ['A', 'K', 'Q', 'J'].every((r) => played.has(r + trump))) return false;
  if (!contract || contract.seat % 2 !== leader % 2) return true;
  if (contract.bid === 9) return false;
  if (contract.bid === 8) return c.joker !== 'R';
  return true;
}

/**
 * The winner of a complete Kout trick: the highest trump (jokers are trump: red joker, ace, black
 * joker, king …), else the highest card of the suit led. A dead joker never wins, and the suit led
 * is then the first live card's. A joker led with no trump named yet cannot happen in a record.
 * @param {{seat: number, card: string, dead?: boolean}[]} plays
 * @param {string | null} trump
 */
export function koutTrickWinner(plays, trump) {
  const live = plays.filter((p) => !p.dead);
  if (!live.length) return plays[0]?.seat ?? 0;
  if (live.length < plays.length) return koutTrickWinner(live, trump);
  const trumpRank = (/** @type {string} */ code) => {
    const c = parseCard(code);
    if (!c) return -1;
    if (c.joker) return KOUT_TRUMP.length - KOUT_TRUMP.indexOf(c.joker === 'R' ? 'RJ' : 'BJ');
    if (c.suit !== trump) return -1;
    return KOUT_TRUMP.length - KOUT_TRUMP.indexOf(/** @type {string} */ (c.rank));
  };
  const trumps = plays.filter((p) => trumpRank(p.card) >= 0);
  if (trumps.length) return trumps.reduce((a, b) => (trumpRank(b.card) > trumpRank(a.card) ? b : a)).seat;
  const led = parseCard(plays[0]?.card)?.suit;
  const rank = (/** @type {string} */ code) => {
    const c = parseCard(code);
    return c && c.suit === led ? KOUT_PLAIN.length - KOUT_PLAIN.indexOf(/** @type {string} */ (c.rank)) : -1;
  };
  return plays.reduce((a, b) => (rank(b.card) > rank(a.card) ? b : a)).seat;
}

/**
 * The winner of a complete Baloot trick.
 * @param {{seat: number, card: string}[]} plays
 * @param {'hokum' | 'sun'} mode
 * @param {string | null} trump
 */
export function balootTrickWinner(plays, mode, trump) {
  const led = parseCard(plays[0]?.card)?.suit;
  const score = (/** @type {string} */ code) => {
    const c = parseCard(code);
    if (!c || !c.rank) return -1;
    if (mode === 'hokum' && c.suit === trump) return 100 + (8 - BALOOT_TRUMP.indexOf(c.rank));
    if (c.suit === led) return 8 - BALOOT_PLAIN.indexOf(c.rank);
    return -1;
  };
  return plays.reduce((a, b) => (score(b.card) > score(a.card) ? b : a)).seat;
}

/**
 * Kout's hand score: [team 0, team 1], or null while the hand is undecided.
 * @param {{seat: number, bid: number, malzoom: boolean}} contract
 * @param {number[]} won tricks per team
 */
export function koutHandScore(contract, won) {
  const maker = contract.seat % 2;
  const made = won[maker] >= contract.bid;
  const failed = won[1 - maker] > 9 - contract.bid;
  if (!made && !failed) return null;
  const out = [0, 0];
  if (made) out[maker] = contract.malzoom ? 5 : contract.bid === 9 ? 36 : contract.bid;
  else out[1 - maker] = contract.malzoom ? 5 : contract.bid * 2;
  return out;
}

/**
 * @typedef {object} TrickSnapshot
 * @property {'trick'} kind
 * @property {string} game
 * @property {number} seats
 * @property {number} hand  index of the hand
 * @property {number} dealer
 * @property {string[][]} cards  each seat's unplayed cards
 * @property {{seat: number, text: string}[]} calls  bids and passes
 * @property {{seat: number, bid?: number, malzoom?: boolean, mode?: 'hokum' | 'sun', trump: string | null} | null} contract
 * @property {string | null} faceUp  Baloot's face-up card while it lies on the table
 * @property {{seat: number, card: string, dead?: boolean}[]} trick
 * @property {{leader: number, plays: {seat: number, card: string, dead?: boolean}[], winner: number | null}[]} tricks
 * @property {number[]} won  tricks per team
 * @property {number[]} points  Baloot card points per team
 * @property {number[] | null} handScore  Kout: the hand's score once decided
 * @property {number[] | null} score  Kout: the match score after the hands before (and this one, once decided)
 * @property {Step | null} last
 */

/**
 * @param {any} record
 * @param {number} h
 * @param {number} seats
 * @returns {TrickSnapshot}
 */
function dealTrick(record, h, seats) {
  const hand = record.hands[h];
  const deck = (Array.isArray(hand.deck) ? hand.deck : []).map((/** @type {unknown} */ c) => parseCard(c)?.code ?? '??');
  const dealer = Number(hand.dealer) || 0;
  /** @type {string[][]} */
  const cards = Array.from({ length: seats }, () => []);
  let faceUp = null;
  if (record.game === 'baloot') {
    for (let i = 0; i < 20 && i < deck.length; i += 1) cards[(dealer + 1 + i) % seats].push(deck[i]);
    faceUp = deck[20] ?? null;
  } else {
    deck.forEach((/** @type {string} */ c, /** @type {number} */ i) => cards[(dealer + 1 + i) % seats].push(c));
  }
  return {
    kind: 'trick', game: record.game, seats, hand: h, dealer, cards, calls: [], contract: null, faceUp,
    trick: [], tricks: [], won: [0, 0], points: [0, 0], handScore: null, score: null, last: null,
  };
}

/**
 * Baloot: after the bidding, the bidder takes the face-up card and 2 from the stock, everyone else 3,
 * from seat dealer + 1 in seat order.
 * @param {any} record
 * @param {TrickSnapshot} s
 */
function balootCompleteDeal(record, s) {
  if (!s.contract || s.faceUp === null) return;
  const deck = record.hands[s.hand].deck.map((/** @type {unknown} */ c) => parseCard(c)?.code ?? '??');
  let next = 21;
  for (let k = 1; k <= s.seats; k += 1) {
    const seat = (s.dealer + k) % s.seats;
    if (seat === s.contract.seat) {
      s.cards[seat].push(s.faceUp, ...deck.slice(next, next + 2));
      next += 2;
    } else {
      s.cards[seat].push(...deck.slice(next, next + 3));
      next += 3;
    }
  }
  s.faceUp = null;
}

/**
 * @param {any} record
 * @param {TrickSnapshot} s  (changed in place)
 * @param {Step} step
 * @param {Step | undefined} next
 */
function applyTrick(record, s, step, next) {
  const words = step.text.trim().split(/\s+/);
  const seat = step.seat ?? 0;
  s.last = step;
  switch (words[0]) {
    case 'pass':
      s.calls.push({ seat, text: step.text });
      return;
    case 'bid': {
      const bid = Number(words[1]);
      s.calls.push({ seat, text: step.text });
      const passed = s.calls.filter((c) => c.text === 'pass').length;
      const malzoom = bid === 5 && seat === s.dealer && passed === s.seats - 1;
      s.contract = { seat, bid, malzoom, trump: null };
      return;
    }
    case 'trump':
      if (s.contract) s.contract.trump = (words[1] ?? '').toUpperCase();
      return;
    case 'hokum': {
      s.calls.push({ seat, text: step.text });
      const trump = words[1] ? words[1].toUpperCase() : parseCard(s.faceUp)?.suit ?? null;
      s.contract = { seat, mode: 'hokum', trump };
      return;
    }
    case 'sun':
      s.calls.push({ seat, text: step.text });
      s.contract = { seat, mode: 'sun', trump: null };
      return;
    case 'play': {
      if (record.game === 'baloot' && s.faceUp !== null) balootCompleteDeal(record, s);
      const card = parseCard(words[1])?.code ?? '??';
      const held = s.cards[seat];
      const at = held.indexOf(card);
      if (at >= 0) held.splice(at, 1);
      if (record.game !== 'baloot' && parseCard(card)?.joker) {
        const played = new Set(s.tricks.flatMap((t) => t.plays.map((p) => p.card)));
        const dead = s.trick.length === 0
          ? koutJokerLeadIsDead(card, /** @type {any} */ (s.contract), s.contract?.trump ?? null, seat, played)
          : s.trick.length === 1 && Boolean(s.trick[0].dead);
        s.trick.push(dead ? { seat, card, dead } : { seat, card });
      } else {
        s.trick.push({ seat, card });
      }
      if (s.trick.length === s.seats) {
        const plays = s.trick;
        const trump = s.contract?.trump ?? null;
        let winner;
        if (next && next.hand === s.hand && next.action >= 0 && next.text.startsWith('play') && next.seat !== null) {
          winner = next.seat;
        } else if (record.game === 'baloot') {
          winner = balootTrickWinner(plays, s.contract?.mode ?? 'sun', trump);
        } else {
          winner = koutTrickWinner(plays, trump);
        }
        s.tricks.push({ leader: plays[0].seat, plays, winner });
        s.trick = [];
        s.won[winner % 2] += 1;
        if (record.game === 'baloot') {
          const mode = s.contract?.mode ?? 'sun';
          s.points[winner % 2] += plays.reduce((sum, p) => sum + balootPoints(p.card, mode, /** @type {any} */ (trump)), 0);
          if (s.tricks.length === 8) s.points[winner % 2] += 10;
        } else if (s.contract && s.contract.bid && s.handScore === null) {
          s.handScore = koutHandScore(/** @type {any} */ (s.contract), s.won);
          if (s.handScore && s.score) s.score = [s.score[0] + s.handScore[0], s.score[1] + s.handScore[1]];
        }
      }
      return;
    }
    default:
      return;
  }
}

// ---- Kabul

/**
 * @typedef {object} KabulSnapshot
 * @property {'kabul'} kind
 * @property {string} game
 * @property {number} seats
 * @property {number} hand
 * @property {number} dealer
 * @property {(string | null)[][]} grids
 * @property {string[]} draw  top first
 * @property {string[]} discard  top last
 * @property {{seat: number, card: string, from: 'deck' | 'discard'} | null} drawn
 * @property {number | null} caller
 * @property {string[]} touched  positions "S:P" the last action looked at or moved
 * @property {number[] | null} roundScores  once the round's last action is applied
 * @property {number[]} totals
 * @property {Step | null} last
 */

/**
 * @param {any} record
 * @param {number} h
 * @param {number} seats
 * @param {number[]} totals
 * @returns {KabulSnapshot}
 */
function dealKabul(record, h, seats, totals) {
  const hand = record.hands[h];
  const deck = (Array.isArray(hand.deck) ? hand.deck : []).map((/** @type {unknown} */ c) => parseCard(c)?.code ?? '??');
  const dealer = Number(hand.dealer) || 0;
  /** @type {(string | null)[][]} */
  const grids = Array.from({ length: seats }, () => [null, null, null, null]);
  for (let k = 0; k < 4; k += 1) {
    for (let j = 0; j < seats; j += 1) grids[(dealer + 1 + j) % seats][k] = deck[k * seats + j] ?? null;
  }
  return {
    kind: 'kabul', game: 'kabul', seats, hand: h, dealer, grids,
    discard: deck.slice(4 * seats, 4 * seats + 1), draw: deck.slice(4 * seats + 1),
    drawn: null, caller: null, touched: [], roundScores: null, totals: [...totals], last: null,
  };
}

/**
 * Takes the top of the draw pile, reshuffling the discard pile (but its top card) when empty.
 * @param {any} hand the record's hand
 * @param {KabulSnapshot} s
 * @param {{n: number}} reshuffles  how many reshuffles happened in this hand so far
 */
function drawTop(hand, s, reshuffles) {
  if (s.draw.length === 0 && s.discard.length > 1) {
    const given = Array.isArray(hand.reshuffles) ? hand.reshuffles[reshuffles.n] : undefined;
    const rest = s.discard.slice(0, -1);
    s.draw = Array.isArray(given) ? given.map((/** @type {unknown} */ c) => parseCard(c)?.code ?? '??') : rest;
    s.discard = s.discard.slice(-1);
    reshuffles.n += 1;
  }
  return s.draw.shift() ?? null;
}

/** @param {string | undefined} word */
function pos(word) {
  const m = /^(\d+):(\d+)$/.exec(word ?? '');
  return m ? { seat: Number(m[1]), slot: Number(m[2]) } : null;
}

/**
 * @param {any} record
 * @param {KabulSnapshot} s (changed in place)
 * @param {Step} step
 * @param {{n: number}} reshuffles
 */
function applyKabul(record, s, step, reshuffles) {
  const hand = record.hands[s.hand];
  const words = step.text.trim().toLowerCase().split(/\s+/);
  const seat = step.seat ?? 0;
  s.last = step;
  s.touched = [];
  const grid = s.grids[seat] ?? [];
  switch (words[0]) {
    case 'kabul':
      s.caller = seat;
      return;
    case 'draw': {
      if (words[1] === 'discard') {
        const card = s.discard.pop();
        if (card) s.drawn = { seat, card, from: 'discard' };
      } else {
        const card = drawTop(hand, s, reshuffles);
        if (card) s.drawn = { seat, card, from: 'deck' };
      }
      return;
    }
    case 'discard':
      if (s.drawn) s.discard.push(s.drawn.card);
      s.drawn = null;
      return;
    case 'replace': {
      const slot = Number(words[1]);
      const old = grid[slot];
      if (s.drawn) {
        if (old) s.discard.push(old);
        grid[slot] = s.drawn.card;
      }
      s.drawn = null;
      s.touched = [`${seat}:${slot}`];
      return;
    }
    case 'peek': {
      const p = pos(words[1]);
      s.touched = [p ? `${p.seat}:${p.slot}` : `${seat}:${Number(words[1])}`];
      return;
    }
    case 'switch': {
      const a = pos(words[1]);
      const b = pos(words[2]);
      if (a && b && s.grids[a.seat] && s.grids[b.seat]) {
        const x = s.grids[a.seat][a.slot] ?? null;
        s.grids[a.seat][a.slot] = s.grids[b.seat][b.slot] ?? null;
        s.grids[b.seat][b.slot] = x;
        s.touched = [`${a.seat}:${a.slot}`, `${b.seat}:${b.slot}`];
      }
      return;
    }
    case 'snap': {
      const slot = Number(words[1]);
      const card = grid[slot];
      const top = s.discard[s.discard.length - 1];
      s.touched = [`${seat}:${slot}`];
      if (card && top && sameKabulRank(card, top)) {
        s.discard.push(card);
        grid[slot] = null;
      } else {
        const penalty = drawTop(hand, s, reshuffles);
        if (penalty) {
          const empty = grid.indexOf(null);
          const at = empty >= 0 ? empty : grid.length;
          grid[at] = penalty;
          s.touched.push(`${seat}:${at}`);
        }
      }
      return;
    }
    default:
      return;
  }
}

/**
 * Where "next hand" / "previous hand" go from step `step`: forward, the deal of the next hand (or
 * the last step when this is the last hand); back, the deal of this hand, or of the one before when
 * already there.
 * @param {Step[]} steps
 * @param {number} step
 * @param {1 | -1} dir
 */
export function handJump(steps, step, dir) {
  if (!steps.length) return 0;
  const at = Math.max(0, Math.min(steps.length - 1, step));
  const hand = steps[at].hand;
  if (dir > 0) {
    const next = steps.findIndex((s) => s.hand > hand);
    return next < 0 ? steps.length - 1 : next;
  }
  const start = steps.findIndex((s) => s.hand === hand);
  if (at > start) return start;
  const before = steps.findIndex((s) => s.hand === hand - 1);
  return before < 0 ? 0 : before;
}

/**
 * Every state of a record, one per step (the deal of each hand, then each action).
 * @param {any} record
 * @returns {{steps: Step[], states: (TrickSnapshot | KabulSnapshot)[], seats: number}}
 */
export function buildReplay(record) {
  if (!isRecord(record)) throw new Error('not a game record');
  const seats = recordSeats(record);
  const steps = replaySteps(record);
  /** @type {(TrickSnapshot | KabulSnapshot)[]} */
  const states = [];
  /** @type {TrickSnapshot | KabulSnapshot | null} */
  let s = null;
  let score = [0, 0];
  /** @type {number[]} */
  let totals = Array(seats).fill(0);
  const reshuffles = { n: 0 };
  steps.forEach((step, i) => {
    if (step.action === -1) {
      if (record.game === 'kabul') {
        s = dealKabul(record, step.hand, seats, totals);
        reshuffles.n = 0;
      } else {
        s = dealTrick(record, step.hand, seats);
        if (record.game !== 'baloot') s.score = [...score];
      }
      s.last = step;
    } else if (s) {
      s = structuredClone(s);
      if (s.kind === 'kabul') applyKabul(record, s, step, reshuffles);
      else applyTrick(record, s, step, steps[i + 1]);
    }
    const next = steps[i + 1];
    const lastOfHand = !next || next.hand !== step.hand;
    if (s && lastOfHand) {
      if (s.kind === 'kabul') {
        const roundScores = s.grids.map((g) => g.reduce((sum, c) => sum + (c ? kabulValue(c) : 0), 0));
        s.roundScores = roundScores;
        totals = totals.map((t, k) => t + (roundScores[k] ?? 0));
        s.totals = [...totals];
      } else if (s.score) {
        score = [...s.score];
      }
    }
    if (s) states.push(s);
  });
  return { steps, states, seats };
}
