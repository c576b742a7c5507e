// @ts-check
/**
 * The pace of the tricks on screen. The server moves on the moment a trick's last card lands (a bot
 * may lead the next one a few milliseconds later), so the client holds a finished trick on the
 * table for people to read it, then sweeps it toward the winner; what the server did meanwhile is
 * shown after. The same watch keeps every trick of every hand seen, for the last-trick button and
 * the review of a finished hand (the server's view forgets a hand's tricks once the next is dealt).
 *
 * Pure: the app feeds it each new view with the time, and asks what to show at a time.
 * @module
 */

/** How long a finished trick stays on the table (ms), whatever the bots' delay. */
export const HOLD_MS = 1500;
/** How long the sweep toward the winner takes (ms); none with reduced motion. */
export const SWEEP_MS = 450;

/**
 * A card played to a trick, as the views draw it.
 * @typedef {{seat: number, card: string, dead?: boolean}} Play
 */

/**
 * A finished trick.
 * @typedef {{cards: Play[], winner: number | null}} DoneTrick
 */

/**
 * The tricks a view shows: the hand's number, its finished tricks and the cards of the one under way.
 * @typedef {{hand: number, done: DoneTrick[], current: Play[]}} TrickFacts
 */

/**
 * A finished trick held on the table since `at` (client clock, ms).
 * @typedef {{hand: number, index: number, cards: Play[], winner: number | null, at: number}} Held
 */

/**
 * @typedef {object} Pace
 * @property {string | null} match  the match (game id) watched: a rematch starts afresh
 * @property {number | null} hand  the hand of the last view seen
 * @property {number} count  how many finished tricks that view had
 * @property {Held | null} held
 * @property {Map<number, DoneTrick[]>} hands  every trick seen, by hand number (from 0)
 */

/** @returns {Pace} */
export function initialPace() {
  return { match: null, hand: null, count: 0, held: null, hands: new Map() };
}

/**
 * @param {unknown} t
 * @param {'cards' | 'plays'} field
 * @returns {DoneTrick}
 */
function doneTrick(t, field) {
  const x = /** @type {any} */ (t);
  return { cards: Array.isArray(x?.[field]) ? x[field] : [], winner: typeof x?.winner === 'number' ? x.winner : null };
}

/**
 * The tricks of a game's view, alike for Kout Bo and Baloot; null for a game without tricks
 * (Kabul) or a view without a hand.
 * @param {string} game
 * @param {any} view
 * @returns {TrickFacts | null}
 */
export function trickFacts(game, view) {
  if (!view || typeof view !== 'object') return null;
  if (game === 'baloot') {
    const hd = view.hand;
    if (!hd || typeof hd.number !== 'number') return null;
    return {
      hand: hd.number,
      done: (Array.isArray(hd.tricks) ? hd.tricks : []).map((/** @type {unknown} */ t) => doneTrick(t, 'plays')),
      current: Array.isArray(hd.trick?.plays) ? hd.trick.plays : [],
    };
  }
  if (game === 'kout4' || game === 'kout6' || game === 'kout') {
    if (typeof view.hand_number !== 'number') return null;
    return {
      hand: view.hand_number,
      done: (Array.isArray(view.tricks) ? view.tricks : []).map((/** @type {unknown} */ t) => doneTrick(t, 'cards')),
      current: Array.isArray(view.trick?.cards) ? view.trick.cards : [],
    };
  }
  return null;
}

/**
 * The pace after a new view: a trick that finished since the last view is held from `now`. The
 * first view of a match (a page opened or reloaded mid-hand) holds nothing: that trick is not news.
 * A trick that finishes while another is held takes its place, so the screen is never more than
 * one hold behind the table.
 * @param {Pace} pace
 * @param {string | null} match  the match's id
 * @param {TrickFacts | null} facts
 * @param {number} now
 * @returns {Pace}
 */
export function observe(pace, match, facts, now) {
  const base = pace.match === match ? pace : { ...initialPace(), match };
  if (!facts) return base;
  const hands = new Map(base.hands);
  const known = hands.get(facts.hand) ?? [];
  if (facts.done.length >= known.length) hands.set(facts.hand, facts.done);
  let held = base.held;
  const seen = base.hand === facts.hand ? base.count : base.hand === null ? facts.done.length : 0;
  if (facts.done.length > seen) {
    const index = facts.done.length - 1;
    const last = facts.done[index];
    held = { hand: facts.hand, index, cards: last.cards, winner: last.winner, at: now };
  }
  return { match, hand: facts.hand, count: facts.done.length, held, hands };
}

/**
 * What the held trick is doing at `now`: on the table ('hold'), leaving toward its winner
 * ('sweep'), or gone (null).
 * @param {Pace} pace
 * @param {number} now
 * @param {boolean} reducedMotion  no sweep: the trick goes when the hold ends
 * @returns {'hold' | 'sweep' | null}
 */
export function heldPhase(pace, now, reducedMotion) {
  const held = pace.held;
  if (!held) return null;
  if (now < held.at + HOLD_MS) return 'hold';
  if (!reducedMotion && now < held.at + HOLD_MS + SWEEP_MS) return 'sweep';
  return null;
}

/**
 * When the held trick's next phase starts (client clock), or null when nothing is held any more.
 * @param {Pace} pace
 * @param {number} now
 * @param {boolean} reducedMotion
 */
export function nextChange(pace, now, reducedMotion) {
  const phase = heldPhase(pace, now, reducedMotion);
  if (!phase || !pace.held) return null;
  return phase === 'hold' ? pace.held.at + HOLD_MS : pace.held.at + HOLD_MS + SWEEP_MS;
}

/**
 * When the held trick is off the table (client clock): 0 when nothing is held.
 * @param {Pace} pace
 * @param {boolean} reducedMotion
 */
export function clearAt(pace, reducedMotion) {
  return pace.held ? pace.held.at + HOLD_MS + (reducedMotion ? 0 : SWEEP_MS) : 0;
}

/**
 * The pace once the person acts: their own card goes down at once, so a held trick leaves.
 * @param {Pace} pace
 * @returns {Pace}
 */
export function release(pace) {
  return pace.held ? { ...pace, held: null } : pace;
}

/**
 * The last finished trick to show for the last-trick button: the current hand's, else (a new hand
 * just dealt, or the match over) the last of the latest hand seen.
 * @param {Pace} pace
 * @param {TrickFacts | null} facts
 * @returns {DoneTrick | null}
 */
export function lastDone(pace, facts) {
  if (facts && facts.done.length) return facts.done[facts.done.length - 1];
  const numbers = [...pace.hands.keys()].filter((n) => (pace.hands.get(n) ?? []).length > 0).sort((a, b) => a - b);
  const latest = numbers.length ? pace.hands.get(numbers[numbers.length - 1]) : null;
  return latest && latest.length ? latest[latest.length - 1] : null;
}
