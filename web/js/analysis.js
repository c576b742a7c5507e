// @ts-check
/**
 * Reading the analysis of a finished match (docs/protocol.md "Analyses": `GET
 * /api/games/{id}/analysis`, `majlis analyze`'s JSON) and the hints a table sends (`hint`), and
 * saying them in the reader's language. The values come from the strong bot's search on the
 * server; nothing here knows a rule. Pure.
 * @module
 */

/** The marks, from best to worst. */
export const MARKS = ['good', 'inaccuracy', 'mistake', 'blunder'];

/**
 * @typedef {object} Decision
 * @property {number} hand  the hand (Kabul: round), from 0
 * @property {number} action  the action's index in the hand
 * @property {number} seat
 * @property {string} played
 * @property {string} best
 * @property {string} unit  what its values measure: the analysis's, but for Kout's bids and trump (`game_points`)
 * @property {[string, number][]} values  every legal action and its value, best first
 * @property {number} loss  the best value less the played one's
 * @property {'good' | 'inaccuracy' | 'mistake' | 'blunder'} mark
 */

/**
 * @typedef {object} Analysis
 * @property {string} unit  `chance` (Kout's cards: the chance the team makes or breaks the bid), `game_points` (Baloot; Kout's bids and trump), `round_score` (Kabul)
 * @property {Decision[]} decisions  in match order
 * @property {any[]} pars  each hand's double-dummy par as the server sent it (or null)
 */

/**
 * The analysis the server sent, checked; null when it is not one.
 * @param {unknown} data
 * @returns {Analysis | null}
 */
export function readAnalysis(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = /** @type {Record<string, any>} */ (data);
  if (typeof d.unit !== 'string' || !Array.isArray(d.hands)) return null;
  /** @type {Decision[]} */
  const decisions = [];
  const pars = [];
  for (const hand of d.hands) {
    if (!hand || !Number.isInteger(hand.hand) || !Array.isArray(hand.decisions)) return null;
    pars[hand.hand] = hand.par ?? null;
    for (const x of hand.decisions) {
      if (!x || !Number.isInteger(x.action) || !Number.isInteger(x.seat) || !MARKS.includes(x.mark)) continue;
      if (typeof x.played !== 'string' || typeof x.best !== 'string' || typeof x.loss !== 'number') continue;
      const values = Array.isArray(x.values)
        ? x.values.filter((/** @type {unknown} */ v) => Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'number')
        : [];
      // An analysis kept from before the calls were marked has no unit per decision: the whole one's.
      const unit = typeof x.unit === 'string' ? x.unit : d.unit;
      decisions.push({ hand: hand.hand, action: x.action, seat: x.seat, played: x.played, best: x.best, unit, values, loss: x.loss, mark: x.mark });
    }
  }
  return { unit: d.unit, decisions, pars };
}

/**
 * The decision each replay step shows: the step of hand `h`, action `i` holds the decision that
 * chose that action.
 * @param {Analysis} analysis
 * @param {{hand: number, index: number}[]} steps
 * @returns {Map<number, Decision>}  step index → decision
 */
export function decisionsByStep(analysis, steps) {
  /** @type {Map<string, number>} */
  const stepOf = new Map();
  steps.forEach((s, i) => stepOf.set(`${s.hand}:${s.index}`, i));
  /** @type {Map<number, Decision>} */
  const out = new Map();
  for (const d of analysis.decisions) {
    const i = stepOf.get(`${d.hand}:${d.action}`);
    if (i !== undefined) out.set(i, d);
  }
  return out;
}

/**
 * How many of each mark every seat got.
 * @param {Analysis} analysis
 * @param {number} seats
 * @returns {Record<string, number>[]}  per seat: mark → count
 */
export function markCounts(analysis, seats) {
  const out = Array.from({ length: seats }, () => Object.fromEntries(MARKS.map((m) => [m, 0])));
  for (const d of analysis.decisions) {
    if (out[d.seat]) out[d.seat][d.mark] += 1;
  }
  return out;
}

/**
 * A value in the reader's words: a chance as a percentage, points with one decimal (none when
 * whole). `signed`: with a plus for a gain.
 * @param {string} unit
 * @param {number} value
 * @param {(key: string, params?: import('./i18n.js').Params) => string} t
 * @param {boolean} [signed]
 */
export function valueText(unit, value, t, signed = false) {
  const sign = signed && value > 0 ? '+' : '';
  if (unit === 'chance') {
    const pct = Math.round(value * 100);
    return t('analysis.unit.chance', { n: `${sign}${pct}` });
  }
  const rounded = Math.round(value * 10) / 10;
  return t('analysis.unit.points', { n: `${sign}${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}` });
}

/**
 * What a marked decision teaches: "Q♥ was best: +11 points" (the loss against the best), or
 * that the played action was the best.
 * @param {Decision} d
 * @param {string} unit
 * @param {(key: string, params?: import('./i18n.js').Params) => string} t
 * @param {(action: string) => string} label  an action in words
 */
export function lessonText(d, unit, t, label) {
  if (d.best === d.played || d.loss <= 0) return t('analysis.bestPlayed');
  return t('analysis.best', { action: label(d.best), gain: valueText(unit, d.loss, t, true) });
}

/**
 * A hand's double-dummy par in words, or null when it has none.
 * @param {any} par  `{team, measure, perfect, actual}`
 * @param {(key: string, params?: import('./i18n.js').Params) => string} t
 */
export function parText(par, t) {
  if (!par || typeof par.perfect !== 'number' || (par.measure !== 'tricks' && par.measure !== 'card_points')) return null;
  const n = (/** @type {number} */ v) => String(Math.round(v * 10) / 10);
  return t(`analysis.par.${par.measure}`, { perfect: n(par.perfect), actual: typeof par.actual === 'number' ? n(par.actual) : '–' });
}

/**
 * A hint in words: the suggestion, and why.
 * @param {Record<string, any>} hint  the `hint` frame
 * @param {(key: string, params?: import('./i18n.js').Params) => string} t
 * @param {(action: string) => string} label
 */
export function hintText(hint, t, label) {
  const action = label(String(hint.action));
  if (hint.basis !== 'search' || typeof hint.value !== 'number') return t('hint.bot', { action });
  const unit = String(hint.unit ?? 'game_points');
  const why = unit === 'chance' ? 'hint.why.chance' : unit === 'round_score' ? 'hint.why.round' : 'hint.why.points';
  // Said as a player would: what the move keeps for the team, not how it was measured.
  const because = t(why, { value: valueText(unit, hint.value, t, unit !== 'chance' && unit !== 'round_score') });
  const next = typeof hint.next === 'string' && typeof hint.next_value === 'number'
    ? t('hint.next', { action: label(hint.next), value: valueText(unit, hint.next_value, t) })
    : '';
  return `${t('hint.says', { action })} ${because}${next}`;
}
