// @ts-check
/**
 * A player's profile (#/p/ID): their ratings per game (provisional ones marked) with their ranks,
 * and their finished matches with the date, partners, opponents, result and rating change, each
 * opening its replay. One's own profile also offers "Export my games" (JSON lines).
 * @module
 */

import { h } from '../dom.js';
import * as api from '../api.js';
import { gameFacts } from '../words.js';
import { translate } from '../i18n.js';
import { ratingText, changeText, changeClass, sortRatings, resultKey, exportFileName, PROVISIONAL_GAMES, RATED_GAMES } from '../players.js';

/** @typedef {import('../main.js').App} App */

/**
 * The profile on screen: whose, and what the server answered.
 * @type {{id: string, status: 'loading' | 'ready' | 'missing' | 'failed', data?: any, error?: string, exportError?: string}}
 */
let page = { id: '', status: 'loading' };

/**
 * Loads the profile of `id` (the page shows "Loading…" meanwhile).
 * @param {App} app
 * @param {string} id
 */
export function loadProfile(app, id) {
  page = { id, status: 'loading' };
  api.profile(id).then(
    (data) => {
      if (page.id !== id) return;
      page = { id, status: 'ready', data };
      app.render();
    },
    (/** @type {unknown} */ e) => {
      if (page.id !== id) return;
      const missing = e instanceof api.ApiError && e.status === 404;
      page = { id, status: missing ? 'missing' : 'failed', error: e instanceof Error ? e.message : String(e) };
      app.render();
    },
  );
}

/**
 * People as links to their profiles (a bot, which has none, as its seat's name), joined as a list.
 * @param {App} app
 * @param {{id?: string | null, name: string, seat?: number}[]} people
 * @returns {(Node | string)[]}
 */
export function peopleLinks(app, people) {
  const lang = app.state.lang;
  /** @type {(Node | string)[]} */
  const out = [];
  people.forEach((p, i) => {
    if (i > 0) out.push(translate(lang, i === people.length - 1 ? 'list.and' : 'list.comma'));
    const bot = p.name.startsWith('bot:');
    const label = bot ? `${app.t('lobby.bot')} ${(p.seat ?? 0) + 1}` : p.name;
    out.push(p.id && !bot
      ? h('a', { class: 'player-link', href: `#/p/${encodeURIComponent(p.id)}` }, h('bdi', null, label))
      : h('bdi', null, label));
  });
  return out;
}

/**
 * One's finished games as JSON lines, saved as a file.
 * @param {App} app
 */
function exportGames(app) {
  const me = app.state.me;
  if (!me) return;
  api.exportGames().then(
    (text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
      const a = h('a', { href: url, download: exportFileName(me.id, new Date()) });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      page.exportError = undefined;
      app.render();
    },
    (/** @type {unknown} */ e) => {
      page.exportError = e instanceof Error ? e.message : String(e);
      app.render();
    },
  );
}

/**
 * @param {App} app
 * @param {any[]} ratings
 */
function ratingsCard(app, ratings) {
  const list = sortRatings(ratings);
  return h('section', { class: 'card-panel ratings-panel', 'aria-labelledby': 'ratings-title' },
    h('h2', { id: 'ratings-title' }, app.t('players.ratings')),
    list.length
      ? h('table', { class: 'ratings-table' },
        h('thead', null, h('tr', null,
          h('th', { scope: 'col' }, app.t('home.game')),
          h('th', { scope: 'col' }, app.t('players.rating')),
          h('th', { scope: 'col' }, app.t('players.rank')),
          h('th', { scope: 'col' }, app.t('players.games')),
          h('th', { scope: 'col' }, app.t('players.wins')),
          h('th', { scope: 'col' }, app.t('players.leaves')))),
        h('tbody', null, list.map((r) => h('tr', { dataset: { game: String(r.game) } },
          // The short name in this dense table ("Kout Bo 6"): a long one never breaks, and would not fit a phone.
          h('th', { scope: 'row' }, h('a', { href: `#/leaderboard/${encodeURIComponent(String(r.game))}` }, shortGameName(app, String(r.game)))),
          h('td', null,
            h('strong', { class: 'rating-value' }, ratingText(r.rating)), ' ',
            h('span', { class: 'muted small', dir: 'ltr' }, app.t('players.uncertainty', { n: ratingText(r.uncertainty) })),
            r.provisional ? h('span', { class: 'badge provisional', title: app.t('players.provisionalNote', { n: PROVISIONAL_GAMES }) }, app.t('players.provisional')) : null),
          h('td', null, app.t('players.rankValue', { rank: Number(r.rank) })),
          h('td', null, String(r.games)),
          h('td', null, String(r.wins)),
          h('td', { class: Number(r.leaves) > 0 ? 'leaves' : 'muted' }, String(r.leaves ?? 0))))))
      : h('p', { class: 'muted' }, app.t('players.noRatings')),
    list.some((r) => r.provisional) ? h('p', { class: 'muted small' }, app.t('players.provisionalNote', { n: PROVISIONAL_GAMES })) : null);
}

/**
 * @param {App} app
 * @param {any} g  a finished match from the profile's player's side
 */
function gameItem(app, g) {
  const facts = gameFacts(app.state.lang, { ...g, finished: true, players: [] });
  const change = g.rating_change;
  const partners = Array.isArray(g.partners) ? g.partners : [];
  const opponents = Array.isArray(g.opponents) ? g.opponents : [];
  return h('li', { class: 'profile-game', dataset: { game: String(g.game_id ?? '') } },
    h('div', { class: 'profile-game-head' },
      h('strong', null, app.t(`game.${g.game}`)),
      facts.date ? h('span', { class: 'muted' }, ' · ', h('bdi', null, facts.date)) : null,
      ' · ',
      h('span', { class: `result-word ${g.rating_change?.outcome === 'left' ? 'left' : g.rating_change?.outcome === 'void' ? 'void' : g.won ? 'won' : 'lost'}` }, app.t(resultKey(g))),
      facts.score ? h('span', { class: 'muted' }, ' · ', facts.score) : null,
      h('span', { class: `badge ${g.rated ? 'rated' : 'muted'}` }, app.t(g.rated ? 'players.rated' : 'players.unrated'))),
    partners.length ? h('p', { class: 'people' }, app.tn('players.partners', { names: '·' }, { names: h('span', null, peopleLinks(app, partners)) })) : null,
    opponents.length ? h('p', { class: 'people' }, app.tn('players.opponents', { names: '·' }, { names: h('span', null, peopleLinks(app, opponents)) })) : null,
    change
      ? h('p', { class: `rating-change ${changeClass(change.before, change.after)}`, 'data-key': 'rating-change' },
        // Each figure isolated, so "+12" keeps its sign in front in Arabic too.
        app.tn('players.change', { before: ratingText(change.before), after: ratingText(change.after), change: changeText(change.before, change.after) }))
      : null,
    h('a', { class: 'btn small', href: `#/replay/${encodeURIComponent(String(g.game_id))}` }, app.t('players.replay')));
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderProfile(app) {
  const route = app.state.route;
  const id = route.playerId ?? '';
  if (page.id !== id) loadProfile(app, id);
  const home = h('a', { class: 'btn ghost small', href: '#/' }, app.t('table.home'));
  if (page.status === 'loading') return h('main', { class: 'screen players-page center-note' }, h('p', null, app.t('players.loading')), home);
  if (page.status !== 'ready') {
    return h('main', { class: 'screen players-page center-note' },
      h('p', { role: 'alert' }, page.status === 'missing' ? app.t('players.missing') : app.t('players.failed', { reason: page.error ?? '' })),
      page.status === 'failed' ? h('button', { class: 'btn', type: 'button', onclick: () => { loadProfile(app, id); app.render(); } }, app.t('players.retry')) : null,
      home);
  }
  const data = page.data ?? {};
  const player = data.player ?? {};
  const mine = app.state.me?.id === player.id;
  const games = Array.isArray(data.games) ? data.games : [];
  return h('main', { class: 'screen players-page profile' },
    h('div', { class: 'players-head' },
      h('h1', { id: 'profile-title' }, h('bdi', null, String(player.name ?? ''))),
      h('span', { class: `badge ${player.account ? 'account' : 'muted'}` }, app.t(player.account ? 'players.account' : 'players.guest')),
      home),
    ratingsCard(app, Array.isArray(data.ratings) ? data.ratings : []),
    h('section', { class: 'card-panel history-panel', 'aria-labelledby': 'history-title' },
      h('div', { class: 'panel-head' },
        h('h2', { id: 'history-title' }, app.t('players.history')),
        mine ? h('button', { class: 'btn small', type: 'button', 'data-key': 'export', onclick: () => exportGames(app) }, app.t('players.export')) : null),
      page.exportError ? h('p', { role: 'alert', class: 'error-note' }, app.t('players.exportFailed', { reason: page.exportError })) : null,
      games.length ? h('ul', { class: 'list profile-games' }, games.map((g) => gameItem(app, g))) : h('p', { class: 'muted' }, app.t('players.noGames'))),
    h('nav', { class: 'board-links', 'aria-label': app.t('players.leaderboards') }, boardLinks(app)));
}

/**
 * A game's short name where it has one ("Kout Bo 6"), else its name.
 * @param {App} app
 * @param {string} game
 */
function shortGameName(app, game) {
  const key = `game.${game}.short`;
  return app.t(key) === key ? app.t(`game.${game}`) : app.t(key);
}

/**
 * Links to each game's leaderboard.
 * @param {App} app
 * @param {string} [current]
 */
export function boardLinks(app, current) {
  return [
    h('span', { class: 'muted' }, app.t('players.leaderboards'), ': '),
    RATED_GAMES.map((g) => h('a', {
      class: `board-link ${g === current ? 'on' : ''}`,
      href: `#/leaderboard/${g}`,
      'data-key': `board-${g}`,
      ...(g === current ? { 'aria-current': 'page' } : {}),
    }, app.t(`game.${g}`))),
  ];
}
