// @ts-check
/**
 * Reading the replay steps the server computes with the engines (docs/protocol.md "Replays":
 * `GET /api/games/{id}/replay` for a stored match, `POST /api/replay` for a record file). Each
 * step is the state after one deal or one recorded action: the spectator view, every seat's cards
 * (a replay is public), and the scores. Nothing here knows a rule of any game: who won a trick,
 * which joker was dead, the points and scores all come from the engines; this module only picks
 * what the replay page shows out of the step, and moves between steps.
 * @module
 */

import { parseCard } from './cards.js';
import { seatCount } from './protocol.js';

/**
 * @typedef {object} Step
 * @property {number} hand  the hand (Kabul: round) it belongs to, from 0
 * @property {number} index  the action's index in the hand; -1 for the deal
 * @property {number | null} seat  who acted (null for the deal and the clock)
 * @property {string} text  the action in the record notation ("deal" for the deal)
 * @property {any} view  the spectator view after it
 * @property {(string | null)[][]} hands  every seat's cards in display order (Kabul: its grid, null for an empty slot)
 * @property {any} [open]  the game's public table state beyond the view (Kabul: the drawn card)
 * @property {number[]} score  the match score (per team; Kabul: per seat)
 * @property {number[] | null} hand_score  the hand's score once decided (Baloot: its game points)
 * @property {number[] | null} points  the hand's running count: Baloot's card points per team, Kout's tricks per team, Kabul's grid totals
 */

/**
 * @typedef {object} Replay
 * @property {string} game
 * @property {Record<string, any>} rules
 * @property {(string | null)[]} players
 * @property {number} seats
 * @property {Step[]} steps
 */

/** @param {unknown} v */
const numbers = (v) => (Array.isArray(v) && v.every((n) => typeof n === 'number') ? /** @type {number[]} */ (v) : null);

/**
 * The replay the server sent, checked and with defaults for what may be missing; null when it is
 * not one (the page then says so).
 * @param {unknown} data
 * @returns {Replay | null}
 */
export function readReplay(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = /** @type {Record<string, any>} */ (data);
  if (typeof d.game !== 'string' || !Array.isArray(d.steps) || d.steps.length === 0) return null;
  const rules = d.rules && typeof d.rules === 'object' ? d.rules : {};
  const seats = Number.isInteger(d.seats) && d.seats > 0 ? d.seats : seatCount(d.game, rules);
  /** @type {Step[]} */
  const steps = [];
  for (const s of d.steps) {
    if (!s || typeof s !== 'object' || !Number.isInteger(s.hand)) return null;
    steps.push({
      hand: s.hand,
      index: Number.isInteger(s.index) ? s.index : -1,
      seat: Number.isInteger(s.seat) ? s.seat : null,
      text: typeof s.text === 'string' ? s.text : '',
      view: s.view ?? null,
      hands: Array.isArray(s.hands) ? s.hands.map((/** @type {unknown} */ h) => (Array.isArray(h) ? h.map((c) => (typeof c === 'string' ? c : null)) : [])) : [],
      open: s.open ?? null,
      score: numbers(s.score) ?? [],
      hand_score: numbers(s.hand_score),
      points: numbers(s.points),
    });
  }
  const players = Array.isArray(d.players) ? d.players.map((/** @type {unknown} */ p) => (typeof p === 'string' ? p : null)) : [];
  return { game: d.game, rules, players, seats, steps };
}

/**
 * Where "next hand" / "previous hand" go from step `step`: forward, the deal of the next hand (or
 * the last step when this is the last hand); back, the deal of this hand, or of the one before when
 * already there.
 * @param {{hand: number}[]} steps
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
 * @typedef {object} TrickTable
 * @property {number | null} dealer
 * @property {{seat: number, text: string}[]} calls  bids and passes, as action texts
 * @property {{seat: number, bid?: number, malzoom?: boolean, mode?: string, trump: string | null} | null} contract
 * @property {string | null} faceUp  Baloot's face-up card while the hand is bid for
 * @property {{seat: number, card: string, dead?: boolean}[]} plays  the trick on the table (the last finished one between tricks)
 * @property {boolean} done  the plays are a finished trick
 * @property {number | null} winner  who took it, as the engine says
 * @property {number} tricks  finished tricks in the hand
 * @property {number[]} won  tricks per team
 */

/** @param {any} t */
const plays = (t) => (Array.isArray(t?.cards) ? t.cards : Array.isArray(t?.plays) ? t.plays : [])
  .filter((/** @type {any} */ p) => p && Number.isInteger(p.seat) && typeof p.card === 'string')
  .map((/** @type {any} */ p) => (p.dead ? { seat: p.seat, card: p.card, dead: true } : { seat: p.seat, card: p.card }));

/**
 * What the table of a trick game shows at a step, read from the spectator view (Kout's `KoutView`,
 * Baloot's `BalootView`).
 * @param {string} game
 * @param {any} view
 * @returns {TrickTable}
 */
export function trickTable(game, view) {
  const baloot = game === 'baloot';
  const hand = baloot ? view?.hand ?? null : view;
  /** @type {TrickTable} */
  const out = { dealer: null, calls: [], contract: null, faceUp: null, plays: [], done: false, winner: null, tricks: 0, won: [0, 0] };
  if (!hand) return out;
  out.dealer = Number.isInteger(hand.dealer) ? hand.dealer : null;
  if (baloot) {
    out.calls = (Array.isArray(hand.bids) ? hand.bids : []).map((/** @type {any} */ b) => ({ seat: b.seat, text: String(b.bid) }));
    const c = hand.contract;
    out.contract = c ? { seat: c.bidder, mode: c.mode, trump: c.trump ?? null } : null;
    out.faceUp = !c && !hand.void && typeof hand.face_up === 'string' ? hand.face_up : null;
  } else {
    out.calls = (Array.isArray(hand.calls) ? hand.calls : []).map((/** @type {any} */ c) => ({ seat: c.seat, text: c.bid === null || c.bid === undefined ? 'pass' : `bid ${c.bid}` }));
    out.contract = Number.isInteger(hand.maker) && hand.bid ? { seat: hand.maker, bid: hand.bid, malzoom: Boolean(hand.malzoom), trump: hand.trump ?? null } : null;
  }
  const done = Array.isArray(hand.tricks) ? hand.tricks : [];
  out.tricks = done.length;
  out.won = numbers(baloot ? hand.trick_counts : hand.tricks_won) ?? [0, 0];
  const current = plays(hand.trick);
  if (current.length) {
    out.plays = current;
  } else if (done.length) {
    const last = done[done.length - 1];
    out.plays = plays(last);
    out.done = true;
    out.winner = Number.isInteger(last.winner) ? last.winner : null;
  }
  return out;
}

/**
 * @typedef {object} KabulTable
 * @property {(string | null)[][]} grids  every seat's grid, face up (null: an empty slot)
 * @property {string | null} discardTop
 * @property {number} drawPile
 * @property {{seat: number, card: string | null} | null} drawn
 * @property {number | null} caller
 * @property {Set<string>} touched  places "S:P" the step's action looked at or moved
 * @property {number[] | null} roundScores  once the round is over
 * @property {number[]} totals  the match totals by seat
 */

/** @param {string | undefined} word  "2" (the actor's own slot) or "1:2" */
function place(word, seat) {
  if (/^\d+:\d+$/.test(word ?? '')) return /** @type {string} */ (word);
  return /^\d+$/.test(word ?? '') && seat !== null ? `${seat}:${word}` : null;
}

/**
 * What Kabul's table shows at a step: the grids face up from `hands`, the piles and the caller
 * from the view, the drawn card from `open` (a spectator's view hides a card drawn from the pile),
 * and the places the action named, for highlighting (a missed snap's penalty slot from the view's
 * events).
 * @param {Step} step
 * @returns {KabulTable}
 */
export function kabulTable(step) {
  const v = step.view ?? {};
  const discard = Array.isArray(v.discard) ? v.discard : [];
  const drawnSeat = Number.isInteger(step.open?.drawn?.seat) ? step.open.drawn.seat : Number.isInteger(v.drawn?.seat) ? v.drawn.seat : null;
  const drawnCard = [step.open?.drawn?.card, v.drawn?.card].find((c) => typeof c === 'string' && parseCard(c)) ?? null;
  const words = step.text.trim().split(/\s+/);
  /** @type {Set<string>} */
  const touched = new Set();
  if (['replace', 'peek', 'snap'].includes(words[0])) {
    const p = place(words[1], step.seat);
    if (p) touched.add(p);
  } else if (words[0] === 'switch') {
    for (const w of words.slice(1, 3)) if (/^\d+:\d+$/.test(w)) touched.add(w);
  }
  if (words[0] === 'snap') {
    const events = Array.isArray(v.events) ? v.events : [];
    const snap = [...events].reverse().find((/** @type {any} */ e) => e?.event === 'snap' && e.seat === step.seat);
    if (snap && Number.isInteger(snap.penalty)) touched.add(`${step.seat}:${snap.penalty}`);
  }
  return {
    grids: step.hands,
    discardTop: typeof discard[discard.length - 1] === 'string' ? discard[discard.length - 1] : null,
    drawPile: Number.isInteger(v.draw_pile) ? v.draw_pile : 0,
    drawn: drawnSeat === null ? null : { seat: drawnSeat, card: drawnCard },
    caller: Number.isInteger(v.caller) ? v.caller : null,
    touched,
    roundScores: step.hand_score ?? numbers(v.round_scores),
    totals: step.score.length ? step.score : numbers(v.scores) ?? [],
  };
}
