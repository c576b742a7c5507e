// @ts-check
/**
 * Telling a person it is their turn when they look elsewhere: the tab's title, a short sound, a
 * vibration on phones that allow it; and short sounds for a card played and a trick won. Sounds
 * and vibration share one mute toggle, remembered per browser. The sounds are made by Web Audio
 * (no sound files to ship).
 * @module
 */

import { translate } from './i18n.js';

/** The storage key of the mute toggle: "1" when muted. */
export const MUTE_KEY = 'majlis.mute';

/** @typedef {{get(key: string): string | null, set(key: string, value: string | null): void}} Store */

/**
 * Whether sounds (and vibration) are off in this browser.
 * @param {Store} store
 */
export function isMuted(store) {
  return store.get(MUTE_KEY) === '1';
}

/**
 * Remembers the mute toggle.
 * @param {Store} store
 * @param {boolean} muted
 */
export function setMuted(store, muted) {
  store.set(MUTE_KEY, muted ? '1' : null);
}

/**
 * The tab's title: it says so while it is the person's turn.
 * @param {import('./i18n.js').Lang} lang
 * @param {boolean} myTurn
 */
export function pageTitle(lang, myTurn) {
  return translate(lang, myTurn ? 'app.titleYourTurn' : 'app.title');
}

/**
 * The sounds, each a short run of tones: [frequency (Hz), start (s), length (s)].
 * @type {Record<'turn' | 'card' | 'trick', [number, number, number][]>}
 */
export const SOUNDS = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.18]],
  card: [[320, 0, 0.05]],
  trick: [[523, 0, 0.08], [659, 0.08, 0.08], [784, 0.16, 0.12]],
};

/**
 * Whether a turn began between two moments: it was not the person's turn, and now it is.
 * @param {boolean} before
 * @param {boolean} now
 */
export function turnBegan(before, now) {
  return !before && now;
}

/**
 * Whether the person has clicked or typed on the page yet: browsers refuse sound and vibration
 * before that (Chromium logs an error for each refused vibration), so the alerts wait for it. A
 * browser that does not say is taken to allow them.
 */
export function pageActivated() {
  const activation = typeof navigator === 'undefined' ? undefined : /** @type {any} */ (navigator).userActivation;
  return activation ? Boolean(activation.hasBeenActive) : true;
}

/** Plays the sounds, when not muted; keeps what it played for the end-to-end tests. */
export class Alerts {
  /** @param {Store} store */
  constructor(store) {
    this.store = store;
    this.muted = isMuted(store);
    /** @type {AudioContext | null} */
    this.ctx = null;
    /** What was played (or vibrated), newest last; the end-to-end tests read it. */
    /** @type {string[]} */
    this.played = [];
  }

  /** @param {boolean} muted */
  setMuted(muted) {
    this.muted = muted;
    setMuted(this.store, muted);
  }

  /**
   * The audio context, made on first use (browsers let it sound only after a click or a key,
   * which the person has made by then: they sat down at a table).
   * @returns {AudioContext | null}
   */
  audio() {
    if (this.ctx) return this.ctx;
    const Ctor = globalThis.AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
    if (!Ctor) return null;
    try {
      this.ctx = new Ctor();
    } catch {
      this.ctx = null;
    }
    return this.ctx;
  }

  /** @param {keyof typeof SOUNDS} kind */
  play(kind) {
    if (this.muted || !pageActivated()) return;
    this.played.push(kind);
    if (this.played.length > 50) this.played.shift();
    const ctx = this.audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, start, length] of SOUNDS[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      // A soft attack and decay: no click at either end.
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.15, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  }

  /** The turn's alert: its sound, and a short vibration where the browser allows it. */
  yourTurn() {
    if (this.muted || !pageActivated()) return;
    this.play('turn');
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
      try {
        if (navigator.vibrate(120)) this.played.push('vibrate');
      } catch {
        // Vibration is optional.
      }
    }
  }
}
