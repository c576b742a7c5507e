// @ts-check
/**
 * How to play: a page per game (`#/rules/kout`, `#/rules/baloot`, `#/rules/kabul`) in the reader's
 * language, its card rows drawn with the client's own card faces, and the same page over the table
 * (a dialog: the player keeps their seat and their clock).
 * @module
 */

import { h } from '../dom.js';
import { RULES, RULES_OF } from '../rules-content.js';
import { cardFace } from './cardface.js';
import { cardWords } from '../words.js';

/** @typedef {import('../main.js').App} App */
/** @typedef {import('../rules-content.js').RulesGame} RulesGame */

/** The pages, in the order of their tabs. */
const PAGES = /** @type {RulesGame[]} */ (['kout', 'baloot', 'kabul']);

/**
 * The blocks of one game's page.
 * @param {App} app
 * @param {RulesGame} game
 */
function blocks(app, game) {
  const lang = app.state.lang === 'ar' ? 'ar' : 'en';
  return RULES[game][lang].map((b) => {
    if ('h' in b) return h('h2', null, b.h);
    if ('p' in b) return h('p', null, b.p);
    if ('list' in b) return h('ul', null, b.list.map((item) => h('li', null, item)));
    return h('figure', { class: 'rules-cards' },
      h('div', { class: 'rules-card-row', dir: 'ltr', role: 'group', 'aria-label': b.cards.map((c) => cardWords(app.state.lang, c)).join(', ') },
        b.cards.map((c) => cardFace(c, { label: cardWords(app.state.lang, c), jokerWord: app.t('card.joker') }))),
      b.caption ? h('figcaption', { class: 'muted small' }, b.caption) : null);
  });
}

/**
 * The page of a game's rules.
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderRules(app) {
  const game = /** @type {RulesGame} */ (RULES_OF[String(app.state.route.game)] ?? app.state.route.game ?? 'kout');
  return h('main', { class: 'screen rules-page', dataset: { game } },
    h('h1', null, app.t('rules.title')),
    h('nav', { class: 'rules-tabs', 'aria-label': app.t('rules.title') },
      PAGES.map((g) => h('a', {
        class: `btn small ${g === game ? 'primary' : 'ghost'}`, href: `#/rules/${g}`, 'data-key': `rules-${g}`,
        ...(g === game ? { 'aria-current': 'page' } : {}),
      }, app.t(`rules.game.${g}`)))),
    h('article', { class: 'rules-body card-panel', 'data-key': 'rules-body' }, blocks(app, game)),
    h('a', { class: 'btn ghost', href: '#/' }, app.t('table.home')));
}

/**
 * A "How to play" link to a game's page.
 * @param {App} app
 * @param {string} game  a table's game id (kout6, kout4, baloot, kabul)
 */
export function rulesLink(app, game) {
  return h('a', { class: 'btn small ghost rules-link', href: `#/rules/${RULES_OF[game] ?? 'kout'}`, 'data-key': 'rules-link' }, app.t('rules.howTo'));
}

/**
 * The rules of the game being played, over the table: closable with its button or Escape, focus
 * on its heading while open and back on the button that opened it after.
 * @param {App} app
 * @param {string} game
 */
export function rulesDialog(app, game) {
  if (!app.ui.rulesOpen) return null;
  const page = RULES_OF[game] ?? 'kout';
  const close = () => {
    app.ui.rulesOpen = false;
    app.render();
    /** @type {HTMLElement | null} */ (document.querySelector('[data-key="rules-open"]'))?.focus();
  };
  return h('div', {
    class: 'rules-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rules-dialog-title', 'data-key': 'rules-dialog',
    onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Escape') { e.stopPropagation(); close(); } },
  },
  h('div', { class: 'rules-dialog-head' },
    h('h2', { id: 'rules-dialog-title', tabindex: '-1' }, `${app.t('rules.howTo')} · ${app.t(`rules.game.${page}`)}`),
    h('button', { class: 'btn small ghost', type: 'button', 'data-key': 'rules-close', 'aria-label': app.t('table.close'), onclick: close }, '×')),
  h('article', { class: 'rules-body' }, blocks(app, page)));
}
