// @ts-check
/**
 * The daily deal: today's page (#/daily: the day, its commitment, each game with Play, Continue
 * or its standings) and a day's standings of one game (#/daily/DAY/GAME: places, matchpoints as
 * a percentage, each deal once one may see it). Every player of a day meets the same deals and the
 * same bots; the server keeps another player's deals hidden until one has played the day.
 * @module
 */

import { h } from '../dom.js';
import * as api from '../api.js';

/** @typedef {import('../main.js').App} App */

/**
 * What is on screen: which page, for whom, and what the server answered.
 * @type {{key: string, status: 'loading' | 'ready' | 'failed', data?: any, error?: string}}
 */
let page = { key: '', status: 'loading' };

/** The daily games, in the server's order. */
const GAMES = ['kout6', 'kout4', 'baloot', 'kabul'];

/**
 * Loads the page the route names: today's, or a day's standings.
 * @param {App} app
 */
export function loadDaily(app) {
  const { day, game } = app.state.route;
  const key = `${day ?? ''}|${game ?? ''}|${app.state.me?.id ?? ''}`;
  page = { key, status: 'loading' };
  // Today's page lists one's own days too (signed in; a failure there leaves the list out).
  const ask = day && game
    ? api.dailyBoard(day, game)
    : Promise.all([api.dailyToday(), app.state.me ? api.dailyHistory().catch(() => []) : []])
      .then(([today, history]) => ({ ...today, history }));
  ask.then(
    (data) => {
      if (page.key !== key) return;
      page = { key, status: 'ready', data };
      app.render();
      if (data?.pars_pending && day && game) awaitPars(app, key, day, game);
    },
    (/** @type {unknown} */ e) => {
      if (page.key !== key) return;
      page = { key, status: 'failed', error: e instanceof Error ? e.message : String(e) };
      app.render();
    },
  );
}

/**
 * Asks again for a closed day's standings while its pars are being computed, keeping the page
 * as it is meanwhile.
 * @param {App} app
 * @param {string} key
 * @param {string} day
 * @param {string} game
 */
function awaitPars(app, key, day, game) {
  setTimeout(() => {
    if (page.key !== key) return;
    api.dailyBoard(day, game).then((data) => {
      if (page.key !== key) return;
      page = { key, status: 'ready', data };
      app.render();
      if (data?.pars_pending) awaitPars(app, key, day, game);
    }, () => awaitPars(app, key, day, game));
  }, 2000);
}

/**
 * Opens the player's daily table of `game` and goes to it.
 * @param {App} app
 * @param {string} game
 */
function play(app, game) {
  api.dailyOpen(game).then(
    (entry) => app.navigate(`#/t/${encodeURIComponent(String(entry.table))}`),
    (/** @type {unknown} */ e) => {
      page = { ...page, status: 'failed', error: e instanceof Error ? e.message : String(e) };
      app.render();
    },
  );
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderDaily(app) {
  const { day, game } = app.state.route;
  const key = `${day ?? ''}|${game ?? ''}|${app.state.me?.id ?? ''}`;
  if (page.key !== key) loadDaily(app);
  const board = Boolean(day && game);
  const title = board
    ? app.tn('daily.board.title', { game: app.t(`game.${game}`), day: day ?? '' }, { day: ltr(day ?? '') })
    : app.t('daily.title');
  const head = h('div', { class: 'players-head' },
    h('h1', { id: 'daily-title' }, title),
    board ? h('a', { class: 'btn ghost small', href: '#/daily', 'data-key': 'daily-today' }, app.t('daily.today')) : null,
    h('a', { class: 'btn ghost small', href: '#/' }, app.t('table.home')));
  if (page.status !== 'ready') {
    return h('main', { class: 'screen players-page daily' }, head,
      page.status === 'loading' ? h('p', null, app.t('players.loading')) : h('p', { role: 'alert' }, app.t('players.failed', { reason: page.error ?? '' })));
  }
  return h('main', { class: 'screen players-page daily' }, head, board ? standings(app, page.data) : today(app, page.data));
}

/**
 * Today's games.
 * @param {App} app
 * @param {any} data
 */
function today(app, data) {
  const games = Array.isArray(data?.games) ? data.games : [];
  return h('section', { class: 'card-panel daily-panel' },
    h('p', null, app.t('daily.intro', { bots: app.t(`bot.${String(data?.bots ?? 'medium')}`) })),
    h('ul', { class: 'daily-games' }, GAMES.map((g) => {
      const info = games.find((/** @type {any} */ x) => x.game === g);
      if (!info) return null;
      const you = info.you;
      const done = you && Number(you.played) >= Number(info.deals);
      const action = done
        ? h('a', { class: 'btn small', href: `#/daily/${data.day}/${g}`, 'data-key': `daily-board-${g}` }, app.t('daily.standings'))
        : h('button', { class: 'btn primary small', type: 'button', 'data-key': `daily-play-${g}`, disabled: !app.state.me, onclick: () => play(app, g) },
          you ? app.t('daily.continue', { n: Number(you.played) + 1, total: Number(info.deals) }) : app.t('daily.play'));
      return h('li', { class: 'daily-game', dataset: { game: g } },
        h('h2', null, app.t(`game.${g}`)),
        h('p', { class: 'muted small' }, app.t('daily.deals', { n: Number(info.deals) }), ' · ', app.t('daily.players', { n: Number(info.players) })),
        h('div', { class: 'row' }, action,
          done ? null : h('a', { class: 'btn ghost small', href: `#/daily/${data.day}/${g}` }, app.t('daily.standings'))));
    })),
    h('p', { class: 'muted small daily-commitment', title: String(data?.commitment ?? '') },
      app.tn('daily.commitment', { day: String(data?.day ?? ''), hash: String(data?.commitment ?? '').slice(0, 16) }, { day: ltr(String(data?.day ?? '')), hash: ltr(String(data?.commitment ?? '').slice(0, 16)) })),
    h('p', { class: 'muted small' }, app.tn('daily.verify', { day: String(data?.previous ?? '') }, { day: ltr(String(data?.previous ?? '')) })),
    history(app, Array.isArray(data?.history) ? data.history : []));
}

/**
 * One's own days, newest first: each game played, its percentage and place, and its standings.
 * @param {App} app
 * @param {any[]} lines
 */
function history(app, lines) {
  if (!lines.length) return null;
  return h('section', { class: 'daily-history', 'data-key': 'daily-history' },
    h('h2', null, app.t('daily.history')),
    h('ul', null, lines.map((l) => h('li', null,
      h('a', { href: `#/daily/${String(l.day)}/${String(l.game)}` }, ltr(String(l.day)), ' · ', app.t(`game.${String(l.game)}`)),
      ' — ',
      app.t('daily.historyLine', { percent: Number(l.percent).toFixed(1), place: Number(l.place), of: Number(l.of), played: Number(l.played) })))));
}

/**
 * A day's standings.
 * @param {App} app
 * @param {any} data
 */
function standings(app, data) {
  const players = Array.isArray(data?.players) ? data.players : [];
  const me = app.state.me;
  const deals = Number(data?.deals ?? 0);
  const byDeal = players.some((/** @type {any} */ p) => Array.isArray(p.results) && p.results.length > 0);
  const cols = byDeal ? Array.from({ length: deals }, (_, k) => k) : [];
  return h('section', { class: 'card-panel board-panel' },
    players.length
      ? h('div', { class: 'daily-scroll' }, h('table', { class: 'board-table daily-table', 'aria-labelledby': 'daily-title' },
        h('thead', null, h('tr', null,
          h('th', { scope: 'col' }, app.t('players.rank')),
          h('th', { scope: 'col' }, app.t('players.board.player')),
          h('th', { scope: 'col' }, app.t('daily.percent')),
          h('th', { scope: 'col' }, app.t('daily.total')),
          h('th', { scope: 'col' }, app.t('daily.played')),
          cols.map((k) => h('th', { scope: 'col' }, app.t('daily.deal', { n: k + 1 }))))),
        h('tbody', null, players.map((/** @type {any} */ p) => h('tr', { class: me && p.player === me.id ? 'mine' : '', dataset: { place: String(p.place), player: String(p.player) } },
          h('td', null, String(p.place)),
          h('th', { scope: 'row' }, h('a', { class: 'player-link', href: `#/p/${encodeURIComponent(String(p.player))}` }, h('bdi', null, String(p.name ?? '')))),
          h('td', { 'data-key': 'percent' }, h('strong', null, `${Number(p.percent).toFixed(1)}%`)),
          h('td', null, h('bdi', null, signed(Number(p.total)))),
          h('td', null, `${Number(p.played)}/${deals}`),
          cols.map((k) => {
            const r = (p.results ?? []).find((/** @type {any} */ x) => x.deal === k);
            if (!r) return h('td', { class: 'muted' }, '–');
            const text = h('bdi', null, signed(Number(r.net)));
            return h('td', { title: app.t('daily.matchpoints', { n: Math.round(100 * Number(r.matchpoints)) }) },
              r.game_id ? h('a', { href: `#/replay/${encodeURIComponent(String(r.game_id))}` }, text) : text);
          })))),
        data?.closed && cols.length ? closedRows(app, data, cols) : null))
      : h('p', { class: 'muted' }, app.t('daily.empty')),
    h('p', { class: 'muted small' }, app.t(data?.closed ? 'daily.closed' : 'daily.live')));
}

/**
 * A closed day's last rows: each deal's double-dummy par and the best score with its replay.
 * @param {App} app
 * @param {any} data
 * @param {number[]} cols
 */
function closedRows(app, data, cols) {
  const pars = Array.isArray(data.pars) ? data.pars : null;
  const best = Array.isArray(data.best) ? data.best : [];
  const parCells = pars
    ? cols.map((k) => h('td', { 'data-key': 'par' }, h('bdi', null, signed(Number(pars[k])))))
    : h('td', { colspan: cols.length, class: 'muted', 'data-key': 'par' }, app.t(data.pars_pending ? 'daily.parPending' : 'daily.parNone'));
  return h('tfoot', null,
    h('tr', { class: 'daily-par', title: app.t('daily.parHelp') },
      h('td', null, ''), h('th', { scope: 'row', colspan: 4 }, app.t('daily.par')), parCells),
    h('tr', { class: 'daily-best' },
      h('td', null, ''), h('th', { scope: 'row', colspan: 4 }, app.t('daily.best')),
      cols.map((k) => {
        const b = best[k];
        if (!b) return h('td', { class: 'muted' }, '–');
        return h('td', { title: String(b.name ?? '') },
          h('a', { href: `#/replay/${encodeURIComponent(String(b.game_id))}`, 'data-key': 'daily-best' }, h('bdi', null, signed(Number(b.net)))));
      })));
}

/**
 * A date or a hash, left to right even in an Arabic sentence.
 * @param {string} text
 */
function ltr(text) {
  return h('bdi', { dir: 'ltr' }, text);
}

/**
 * A net with its sign: +26, −10, 0.
 * @param {number} n
 */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
