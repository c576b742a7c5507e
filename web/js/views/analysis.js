// @ts-check
/**
 * The analysis on a replay: the marked moves on a strip along the timeline (each a button that
 * steps to it), the lesson of the move on screen ("Q♥ was best: +11 points"), a button to the
 * next marked move, and each player's count of marks. It fills in when the server has made the
 * analysis; the replay works before that.
 * @module
 */

import { h } from '../dom.js';
import { actionLabel } from '../protocol.js';
import { hasStrongText } from '../i18n.js';
import { decisionsByStep, lessonText, markCounts, parText, MARKS } from '../analysis.js';

/** @typedef {import('../main.js').App} App */
/** @typedef {import('../replay.js').Replay} Replay */
/** @typedef {import('../analysis.js').Analysis} Analysis */

/**
 * The analysis's parts on a replay: `strip`, the marked moves along the timeline (in the sticky
 * bar, under the slider); `note`, the lesson of the move on screen (in the bar, over the step
 * buttons); and `panel`, the hand's par, the next-mark button and the counts. Null parts where
 * there is nothing to show.
 * @param {App} app
 * @param {Replay} data
 * @param {number} step  the step on screen
 * @param {(step: number) => void} go
 * @param {(seat: number) => string} name
 * @returns {{strip: HTMLElement | null, panel: HTMLElement | null, note: HTMLElement | null}}
 */
export function analysisParts(app, data, step, go, name) {
  const a = app.ui.replay.analysis;
  if (!a) return { strip: null, panel: null, note: null };
  if (a.status !== 'ready') {
    const key = a.status === 'busy' ? 'analysis.busy' : a.status === 'pending' ? 'analysis.pending' : null;
    return { strip: null, note: null, panel: key ? h('section', { class: 'analysis', 'data-key': 'analysis', dataset: { status: a.status } }, h('p', { class: 'muted small' }, app.t(key))) : null };
  }
  const analysis = /** @type {Analysis} */ (a.data);
  const lang = app.state.lang;
  const byStep = decisionsByStep(analysis, data.steps);
  const total = data.steps.length;
  const marked = [...byStep.entries()].filter(([, d]) => d.mark !== 'good').sort((x, y) => x[0] - y[0]);
  const label = (/** @type {string} */ action) => actionLabel(data.game, action, lang, { name });
  const words = (/** @type {string} */ text) => h('bdi', hasStrongText(text) ? null : { dir: 'ltr' }, text);
  const here = byStep.get(step);
  const next = marked.find(([i]) => i > step);
  const counts = markCounts(analysis, data.seats);
  const par = parText(analysis.pars[data.steps[step]?.hand ?? -1], app.t.bind(app));
  const strip = h('div', { class: 'analysis-strip', role: 'list', 'aria-label': app.t('analysis.marks'), 'data-key': 'analysis-strip' },
    marked.map(([i, d]) => {
      const what = `${app.t(`analysis.mark.${d.mark}`)} · ${name(d.seat)}: ${label(d.played)}`;
      return h('button', {
        class: `mark-dot mark-${d.mark} ${i === step ? 'on' : ''}`,
        type: 'button',
        role: 'listitem',
        'data-key': `mark-${i}`,
        dataset: { mark: d.mark, step: i },
        style: { insetInlineStart: `${total > 1 ? (i / (total - 1)) * 100 : 0}%` },
        title: what,
        'aria-label': what,
        onclick: () => go(i),
      });
    }));
  // The lesson sits in the sticky bar, over the step buttons, so it is on screen whatever the
  // page's scroll; its line is kept when the move on screen has none, so the buttons stay put.
  const note = here
    ? h('p', { class: `analysis-note mark-${here.mark}`, 'data-key': 'analysis-note', dataset: { mark: here.mark }, 'aria-live': 'polite' },
      h('strong', null, app.t(`analysis.mark.${here.mark}`)), ' · ',
      h('bdi', null, name(here.seat)), ': ',
      words(lessonText(here, here.unit, app.t.bind(app), label)))
    : h('p', { class: 'analysis-note empty', 'aria-live': 'polite' });
  const panel = h('section', { class: 'analysis', 'data-key': 'analysis', dataset: { status: 'ready' }, 'aria-label': app.t('analysis.title') },
    par ? h('p', { class: 'analysis-par muted small', 'data-key': 'analysis-par' }, par) : null,
    h('div', { class: 'analysis-foot' },
      h('button', { class: 'btn small', type: 'button', 'data-key': 'a-next-mark', disabled: !next, onclick: () => { if (next) go(next[0]); } },
        app.t('analysis.nextMark')),
      h('ul', { class: 'analysis-counts' },
        counts.map((c, seat) => h('li', null, h('bdi', null, name(seat)), ': ',
          MARKS.filter((m) => m !== 'good').map((m) => app.t(`analysis.count.${m}`, { n: c[m] })).join(' · '))))));
  return { strip, panel, note };
}
