// @ts-check
/**
 * A game's leaderboard (#/leaderboard/GAME): the top 100 by conservative rating, each name
 * opening the player's profile, and the asker's own rank below.
 * @module
 */

import { h } from '../dom.js';
import * as api from '../api.js';
import { ratingText, rankLine, boardGame } from '../players.js';
import { boardLinks } from './profile.js';

/** @typedef {import('../main.js').App} App */

/**
 * The leaderboard on screen: which game, for whom, and what the server answered.
 * @type {{key: string, status: 'loading' | 'ready' | 'failed', data?: any, error?: string}}
 */
let page = { key: '', status: 'loading' };

/**
 * Loads `game`'s leaderboard as the signed-in player sees it.
 * @param {App} app
 * @param {string} game
 */
export function loadLeaderboard(app, game) {
  // The session cookie says who asks; the key changes when the signed-in player does.
  const key = `${game}|${app.state.me?.id ?? ''}`;
  page = { key, status: 'loading' };
  api.leaderboard(game).then(
    (data) => {
      if (page.key !== key) return;
      page = { key, status: 'ready', data };
      app.render();
    },
    (/** @type {unknown} */ e) => {
      if (page.key !== key) return;
      page = { key, status: 'failed', error: e instanceof Error ? e.message : String(e) };
      app.render();
    },
  );
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderLeaderboard(app) {
  const game = boardGame(app.state.route.game);
  if (page.key !== `${game}|${app.state.me?.id ?? ''}`) loadLeaderboard(app, game);
  const title = app.t('players.leaderboard.title', { game: app.t(`game.${game}`) });
  const head = h('div', { class: 'players-head' },
    h('h1', { id: 'board-title' }, title),
    h('a', { class: 'btn ghost small', href: '#/' }, app.t('table.home')));
  const nav = h('nav', { class: 'board-links', 'aria-label': app.t('players.leaderboards') }, boardLinks(app, game));
  if (page.status !== 'ready') {
    return h('main', { class: 'screen players-page leaderboard' }, head, nav,
      page.status === 'loading' ? h('p', null, app.t('players.loading')) : h('p', { role: 'alert' }, app.t('players.failed', { reason: page.error ?? '' })));
  }
  const top = Array.isArray(page.data?.top) ? page.data.top : [];
  const me = app.state.me;
  // Signed in: the page knows who it is, or the server read a session cookie.
  const line = rankLine(page.data?.me ?? null, Boolean(me || page.data?.me));
  return h('main', { class: 'screen players-page leaderboard' }, head, nav,
    h('section', { class: 'card-panel board-panel' },
      top.length
        ? h('table', { class: 'board-table', 'aria-labelledby': 'board-title' },
          h('thead', null, h('tr', null,
            h('th', { scope: 'col' }, app.t('players.rank')),
            h('th', { scope: 'col' }, app.t('players.board.player')),
            h('th', { scope: 'col' }, app.t('players.rating')),
            h('th', { scope: 'col' }, app.t('players.games')))),
          h('tbody', null, top.map((/** @type {any} */ e) => h('tr', { class: me && e.player?.id === me.id ? 'mine' : '', dataset: { rank: String(e.rank) } },
            h('td', null, String(e.rank)),
            h('th', { scope: 'row' }, h('a', { class: 'player-link', href: `#/p/${encodeURIComponent(String(e.player?.id ?? ''))}` }, h('bdi', null, String(e.player?.name ?? '')))),
            h('td', null, h('strong', null, ratingText(e.rating)),
              e.provisional ? h('span', { class: 'badge provisional' }, app.t('players.provisional')) : null),
            h('td', null, String(e.games))))))
        : h('p', { class: 'muted' }, app.t('players.board.empty')),
      h('p', { class: 'own-rank', 'data-key': 'own-rank' }, app.t(line.key, line.params)),
      h('p', { class: 'muted small' }, app.t('players.board.order'))));
}
