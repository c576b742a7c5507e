// @ts-check
/**
 * localStorage that never throws (private modes, disabled storage): the client still works for
 * the visit, it only forgets.
 * @module
 */

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
