// @ts-check
/**
 * Kabul on the client: which faces to show (a looked-at card is shown for a few seconds, then
 * hidden: remembering is the game), and what a click on a grid slot means. Pure.
 * @module
 */

/** How long a newly seen card stays face up. */
export const REVEAL_MS = 4000;

/**
 * A slot as the view sends it: "empty", "down", or {face: "AH"}.
 * @param {unknown} slot
 * @returns {string | null} the face, if the viewer knows it
 */
export function slotFace(slot) {
  if (slot && typeof slot === 'object' && typeof (/** @type {any} */ (slot).face) === 'string') return /** @type {any} */ (slot).face;
  return null;
}

/** @param {unknown} slot */
export function slotEmpty(slot) {
  return slot === 'empty';
}

/**
 * Whether the round shown is over (every card is then face up for good).
 * @param {any} view
 */
export function roundOver(view) {
  return Boolean(view && (Array.isArray(view.round_scores) || view.step?.step === 'match_over' || view.step?.step === 'awaiting_deal'));
}

/**
 * @typedef {object} Memory
 * @property {string} key  which round of which table
 * @property {Record<string, number>} seen  card → when the viewer first saw it face up in a grid
 */

/**
 * Notes the cards the view shows face up in the grids for the first time. A card that is no longer
 * known (it left the grids, or went back into the pile) is forgotten, so seeing it again later
 * shows it again.
 * @param {Memory | null} memory
 * @param {string} key
 * @param {any} view
 * @param {number} now
 * @returns {Memory}
 */
export function updateMemory(memory, key, view, now) {
  const prev = memory && memory.key === key ? memory.seen : {};
  /** @type {Record<string, number>} */
  const seen = {};
  for (const grid of Array.isArray(view?.grids) ? view.grids : []) {
    for (const slot of Array.isArray(grid) ? grid : []) {
      const face = slotFace(slot);
      if (face) seen[face] = prev[face] ?? now;
    }
  }
  return { key, seen };
}

/**
 * Whether a known face should be shown now.
 * @param {Memory | null} memory
 * @param {string} card
 * @param {number} now
 * @param {boolean} over  the round is over: everything stays up
 */
export function showFace(memory, card, now, over) {
  if (over) return true;
  const at = memory?.seen[card];
  return at !== undefined && now - at < REVEAL_MS;
}

/**
 * When the next shown face must be hidden (for a timer), or null.
 * @param {Memory | null} memory
 * @param {number} now
 */
export function nextHideAt(memory, now) {
  /** @type {number | null} */
  let best = null;
  for (const at of Object.values(memory?.seen ?? {})) {
    const end = at + REVEAL_MS;
    if (end > now && (best === null || end < best)) best = end;
  }
  return best;
}

/**
 * The actions a click on `seat`'s slot `slot` may mean, among my legal ones: replace, peek (own
 * or another's), and — only once the snap button is pressed — snap.
 * @param {Iterable<string>} legal
 * @param {number | null} me
 * @param {number} seat
 * @param {number} slot
 * @param {boolean} snapArmed
 * @returns {string[]}
 */
export function slotActions(legal, me, seat, slot, snapArmed) {
  const set = new Set(legal);
  /** @type {string[]} */
  const out = [];
  if (seat === me) {
    out.push(`replace ${slot}`, `peek ${slot}`);
    if (snapArmed) out.push(`snap ${slot}`);
  }
  out.push(`peek ${seat}:${slot}`);
  return out.filter((a) => set.has(a));
}

/**
 * The places that take part in some legal switch ("S:P").
 * @param {Iterable<string>} legal
 * @returns {Set<string>}
 */
export function switchPlaces(legal) {
  const out = new Set();
  for (const a of legal) {
    const m = /^switch (\d+:\d+) (\d+:\d+)$/.exec(a);
    if (m) {
      out.add(m[1]);
      out.add(m[2]);
    }
  }
  return out;
}

/**
 * The legal switch of places `a` and `b` (in either order), or null.
 * @param {Iterable<string>} legal
 * @param {string} a
 * @param {string} b
 */
export function switchAction(legal, a, b) {
  const set = new Set(legal);
  for (const text of [`switch ${a} ${b}`, `switch ${b} ${a}`]) if (set.has(text)) return text;
  return null;
}

/**
 * Whether I may snap now (a snap window is open and I am in it).
 * @param {Iterable<string>} legal
 */
export function canSnap(legal) {
  for (const a of legal) if (a.startsWith('snap ')) return true;
  return false;
}
