// @ts-check
/**
 * localStorage that never throws (private modes, disabled storage): the client still works for
 * the visit, it only forgets.
 * @module
 */

/**
 * What "Play now" starts: the game and rules of the last table one created, with bots of the last
 * level one seated. A first visit gets Baloot against medium bots.
 * @typedef {{game: string, rules: Record<string, unknown>, bot: string}} LastPlay
 */

/** @type {LastPlay} */
export const FIRST_PLAY = { game: 'baloot', rules: {}, bot: 'medium' };

const LAST_PLAY = 'majlis.lastPlay';

/** @returns {LastPlay} */
export function lastPlay() {
  try {
    const v = JSON.parse(storage.get(LAST_PLAY) ?? 'null');
    if (v && typeof v.game === 'string' && typeof v.bot === 'string' && v.rules && typeof v.rules === 'object') return v;
  } catch {
    // A broken entry is forgotten.
  }
  return FIRST_PLAY;
}

/**
 * Remembers part of what "Play now" starts.
 * @param {Partial<LastPlay>} part
 */
export function rememberPlay(part) {
  storage.set(LAST_PLAY, JSON.stringify({ ...lastPlay(), ...part }));
}

export const storage = {
  /** @param {string} key */
  get(key) {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  /** @param {string} key @param {string | null} value */
  set(key, value) {
    try {
      if (value === null) globalThis.localStorage?.removeItem(key);
      else globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage is optional.
    }
  },
};
