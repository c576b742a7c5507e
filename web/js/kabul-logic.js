// @ts-check
/**
 * Kabul on the client: which faces to show (a looked-at card is shown for a few seconds, then
 * hidden: remembering is the game; every new look shows it again), what a click on a grid slot
 * means, and the recent events folded for the feed in the middle. Pure.
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
 * @property {Record<string, number>} seen  card → when the viewer last looked at it (or first saw it) face up in a grid
 * @property {number} [version]  the newest log entry whose looks have been counted
 */

/**
 * @typedef {{version: number, seat: number | null, action: string}} LogEntry
 */

/**
 * The places ("S:P") that log entries made the viewer look at: a peek (9/8 or 7/6) or a
 * queen/king switch of the viewer's own, and any failed snap (its card is shown to everyone).
 * Another player's peek or a blind switch shows the viewer nothing. `view.events` tells a
 * queen/king switch (`looked`) from a jack/10 one.
 * @param {LogEntry[]} entries  the new entries, oldest first
 * @param {any} view  the view after them
 * @param {number | null} me  the viewer's seat (null: a spectator)
 * @returns {string[]}
 */
export function looksOf(entries, view, me) {
  const events = Array.isArray(view?.events) ? view.events : [];
  /** @type {string[]} */
  const out = [];
  for (const e of entries) {
    const w = String(e.action).trim().split(/\s+/);
    if (w[0] === 'snap' && e.seat !== null && /^\d+$/.test(w[1] ?? '')) {
      // A hit leaves the slot empty (nothing to show); a miss turns the card up for everyone.
      out.push(`${e.seat}:${w[1]}`);
      continue;
    }
    if (me === null || e.seat !== me) continue;
    if (w[0] === 'peek' && w[1]) {
      out.push(w[1].includes(':') ? w[1] : `${me}:${w[1]}`);
    } else if (w[0] === 'switch' && w[1] && w[2]) {
      const same = (/** @type {any} */ p, /** @type {string} */ text) => p && `${p.seat}:${p.slot}` === text;
      const ev = [...events].reverse().find((/** @type {any} */ x) => x?.event === 'switch' && x.seat === me
        && ((same(x.a, w[1]) && same(x.b, w[2])) || (same(x.a, w[2]) && same(x.b, w[1]))));
      if (ev?.looked) out.push(w[1], w[2]);
    }
  }
  return out;
}

/**
 * Notes the cards the view shows face up in the grids: a card seen for the first time, or one the
 * viewer has just looked at again (`looks`, from {@link looksOf}), is shown from `now` for a few
 * seconds. A card that is no longer known (it left the grids, or went back into the pile) is
 * forgotten, so seeing it again later shows it again.
 * @param {Memory | null} memory
 * @param {string} key
 * @param {any} view
 * @param {number} now
 * @param {{looks?: Iterable<string>, version?: number}} [fresh]  places just looked at, and the log version they come from
 * @returns {Memory}
 */
export function updateMemory(memory, key, view, now, fresh = {}) {
  const prev = memory && memory.key === key ? memory.seen : {};
  const looked = new Set(fresh.looks ?? []);
  /** @type {Record<string, number>} */
  const seen = {};
  const grids = Array.isArray(view?.grids) ? view.grids : [];
  grids.forEach((/** @type {unknown} */ grid, /** @type {number} */ seat) => {
    (Array.isArray(grid) ? grid : []).forEach((slot, i) => {
      const face = slotFace(slot);
      if (face) seen[face] = looked.has(`${seat}:${i}`) ? now : prev[face] ?? now;
    });
  });
  /** @type {Memory} */
  const out = { key, seen };
  const version = fresh.version ?? memory?.version;
  if (version !== undefined) out.version = version;
  return out;
}

/**
 * The log entries a memory has not yet counted the looks of.
 * @param {Memory | null} memory
 * @param {LogEntry[]} log
 */
export function unseenEntries(memory, log) {
  const since = memory?.version;
  return since === undefined ? log : log.filter((e) => e.version > since);
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

/**
 * A line of the event feed: one event, or a run of passes folded into one.
 * @typedef {{event: string, seats?: number[], [k: string]: any}} FeedLine
 */

/**
 * The recent events as the feed in the middle shows them: a run of passes (and the window
 * closing after them) is folded into one "A, B and C passed" line, so the discard, snap, switch or
 * peek that matters stays in view; then the last `limit` lines.
 * @param {any[]} events  oldest first, as the view sends them
 * @param {number} [limit]
 * @returns {FeedLine[]}
 */
export function feedLines(events, limit = 3) {
  /** @type {FeedLine[]} */
  const out = [];
  for (const ev of Array.isArray(events) ? events : []) {
    if (!ev || typeof ev !== 'object') continue;
    const last = out[out.length - 1];
    if (ev.event === 'pass' && typeof ev.seat === 'number') {
      if (last && last.event === 'passes') last.seats = [...(last.seats ?? []), ev.seat];
      else out.push({ event: 'passes', seats: [ev.seat] });
      continue;
    }
    // The window closing right after the passes says nothing new: the passes line stands for it.
    if (ev.event === 'close' && last && last.event === 'passes') {
      last.closed = true;
      continue;
    }
    out.push(ev);
  }
  return out.slice(-limit);
}
