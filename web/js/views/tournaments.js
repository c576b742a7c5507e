// @ts-check
/**
 * Tournaments: the list with a form to create one (#/tournaments), and one tournament's page
 * (#/tournaments/ID: register or withdraw, the host's start, "Play your match", the teams, each
 * round's matches with their scores and replays, and the standings). Every table of a round plays
 * the same deals, so a match's replay opens once its round is over. The page asks again every
 * few seconds while the tournament is open or running: the standings are live.
 * @module
 */

import { h } from '../dom.js';
import * as api from '../api.js';

/** @typedef {import('../main.js').App} App */

/**
 * What is on screen: which page, for whom, and what the server answered.
 * @type {{key: string, status: 'loading' | 'ready' | 'failed', data?: any, error?: string, notice?: string}}
 */
let page = { key: '', status: 'loading' };

/** The games tournaments are played in. */
const GAMES = ['kout4', 'baloot', 'kout6'];

/** How often a live page asks again. */
const REFRESH_MS = 3000;

/**
 * What the person has typed so far (the form, the partners' names): a page re-renders when the
 * server says anything, and the live page every few seconds, so the inputs are drawn from here.
 * @type {{name: string | null, game: string, format: string, rounds: string, hands: string, target: string, starts: string, rated: boolean, partners: string}}
 */
const draft = { name: null, game: 'kout4', format: 'swiss', rounds: '3', hands: '4', target: '', starts: '10', rated: false, partners: '' };

/** The pending refresh, so one page never runs two. */
let timer = /** @type {ReturnType<typeof setTimeout> | null} */ (null);

/** @param {App} app */
function keyOf(app) {
  return `${app.state.route.tournamentId ?? ''}|${app.state.me?.id ?? ''}`;
}

/**
 * Loads the page the route names: the list, or one tournament (and asks again while it is live).
 * @param {App} app
 */
export function loadTournaments(app) {
  const id = app.state.route.tournamentId;
  const key = keyOf(app);
  if (page.key !== key) page = { key, status: 'loading' };
  const ask = id ? api.tournament(id) : api.tournaments();
  ask.then(
    (data) => {
      if (page.key !== key) return;
      page = { key, status: 'ready', data, notice: page.notice };
      app.render();
      const live = id && (data?.status === 'open' || data?.status === 'running');
      if (timer) clearTimeout(timer);
      timer = live
        ? setTimeout(() => {
          timer = null;
          if (app.state.route.name === 'tournaments' && keyOf(app) === key) loadTournaments(app);
        }, REFRESH_MS)
        : null;
    },
    (/** @type {unknown} */ e) => {
      if (page.key !== key) return;
      page = { key, status: 'failed', error: e instanceof Error ? e.message : String(e) };
      app.render();
    },
  );
}

/**
 * Runs one of the page's requests; its answer (the tournament) replaces the page, or its refusal
 * is shown above it.
 * @param {App} app
 * @param {Promise<any>} request
 * @param {(data: any) => void} [then]
 */
function act(app, request, then) {
  const key = page.key;
  request.then(
    (data) => {
      if (then) {
        then(data);
        return;
      }
      if (page.key !== key) return;
      page = { key, status: 'ready', data };
      app.render();
    },
    (/** @type {unknown} */ e) => {
      page = { ...page, notice: e instanceof Error ? e.message : String(e) };
      app.render();
    },
  );
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderTournaments(app) {
  if (page.key !== keyOf(app)) loadTournaments(app);
  const id = app.state.route.tournamentId;
  const data = page.status === 'ready' ? page.data : null;
  const title = id ? String(data?.name ?? app.t('tournament.title')) : app.t('tournament.title');
  const head = h('div', { class: 'players-head' },
    h('h1', { id: 'tournament-title' }, h('bdi', null, title)),
    id ? h('a', { class: 'btn ghost small', href: '#/tournaments', 'data-key': 'tournament-list' }, app.t('tournament.all')) : null,
    h('a', { class: 'btn ghost small', href: '#/' }, app.t('table.home')));
  const notice = page.notice ? h('p', { role: 'alert', class: 'notice', 'data-key': 'tournament-notice' }, page.notice) : null;
  if (page.status !== 'ready') {
    return h('main', { class: 'screen players-page tournaments' }, head,
      page.status === 'loading' ? h('p', null, app.t('players.loading')) : h('p', { role: 'alert' }, app.t('players.failed', { reason: page.error ?? '' })));
  }
  return h('main', { class: 'screen players-page tournaments' }, head, notice, id ? one(app, data) : list(app, data));
}

/**
 * The list, and the form that creates a tournament.
 * @param {App} app
 * @param {any} data
 */
function list(app, data) {
  const all = Array.isArray(data?.tournaments) ? data.tournaments : [];
  return h('section', { class: 'card-panel tournament-panel' },
    h('p', null, app.t('tournament.intro')),
    all.length
      ? h('ul', { class: 'tournament-list' }, all.map((/** @type {any} */ t) => h('li', { dataset: { id: String(t.id) } },
        h('a', { href: `#/tournaments/${encodeURIComponent(String(t.id))}` }, h('bdi', null, String(t.name))),
        ' — ', summaryLine(app, t))))
      : h('p', { class: 'muted' }, app.t('tournament.none')),
    app.state.me ? createForm(app) : h('p', { class: 'muted' }, app.t('tournament.signIn')));
}

/**
 * "Kout Bo (4) · Swiss, 3 rounds · 4 hands a match · registering, 6 players".
 * @param {App} app
 * @param {any} t
 */
function summaryLine(app, t) {
  const format = t.format === 'swiss' ? app.t('tournament.swissRounds', { n: Number(t.rounds) }) : app.t('tournament.knockout');
  return [
    app.t(`game.${String(t.game)}`), ' · ', format, ' · ', app.t('tournament.hands', { n: Number(t.hands) }),
    t.target ? ` · ${app.t('tournament.target', { n: Number(t.target) })}` : '',
    t.rated ? ` · ${app.t('players.rated')}` : '',
    t.host === null ? ` · ${app.t('tournament.scheduled')}` : '', ' · ',
    h('span', { class: 'tournament-status', dataset: { status: String(t.status) } }, app.t(`tournament.status.${String(t.status)}`, { round: Number(t.round) })),
    ' · ', app.t('tournament.players', { n: Number(t.players) }),
  ];
}

/**
 * The form: name, game, format, rounds, hands a match, start in minutes, rated.
 * @param {App} app
 */
function createForm(app) {
  /** @param {SubmitEvent} e */
  const submit = (e) => {
    e.preventDefault();
    const form = /** @type {HTMLFormElement} */ (e.target);
    const v = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value;
    const checked = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).checked;
    const format = v('format');
    const body = {
      name: v('name'),
      game: v('game'),
      format,
      hands: Number(v('hands')),
      starts_at: Date.now() + 60_000 * Number(v('starts')),
      rated: checked('rated'),
      ...(format === 'swiss' ? { rounds: Number(v('rounds')) } : {}),
      ...(v('target').trim() ? { target: Number(v('target')) } : {}),
    };
    act(app, api.tournamentCreate(body), (t) => app.navigate(`#/tournaments/${encodeURIComponent(String(t.id))}`));
  };
  const field = (/** @type {string} */ label, /** @type {HTMLElement} */ input) => h('label', { class: 'field' }, h('span', null, label), input);
  /** Keeps what is typed in `key` of the draft. */
  const keep = (/** @type {'name' | 'game' | 'format' | 'rounds' | 'hands' | 'target' | 'starts'} */ key) => (/** @type {Event} */ e) => {
    draft[key] = /** @type {HTMLInputElement} */ (e.target).value;
  };
  return h('form', { class: 'tournament-create', 'data-key': 'tournament-create', onsubmit: submit },
    h('h2', null, app.t('tournament.create')),
    field(app.t('tournament.name'), h('input', { name: 'name', type: 'text', required: true, maxlength: 60, 'data-key': 'tournament-name', value: draft.name ?? app.t('tournament.defaultName'), oninput: keep('name') })),
    field(app.t('tournament.game'), h('select', { name: 'game', 'data-key': 'tournament-game', onchange: keep('game') }, GAMES.map((g) => h('option', { value: g, selected: draft.game === g }, app.t(`game.${g}`))))),
    field(app.t('tournament.format'), h('select', { name: 'format', 'data-key': 'tournament-format', onchange: keep('format') },
      h('option', { value: 'swiss', selected: draft.format === 'swiss' }, app.t('tournament.swiss')),
      h('option', { value: 'knockout', selected: draft.format === 'knockout' }, app.t('tournament.knockout')))),
    field(app.t('tournament.rounds'), h('input', { name: 'rounds', type: 'number', min: 1, max: 9, 'data-key': 'tournament-rounds', value: draft.rounds, oninput: keep('rounds') })),
    field(app.t('tournament.handsLabel'), h('input', { name: 'hands', type: 'number', min: 1, max: 16, 'data-key': 'tournament-hands', value: draft.hands, oninput: keep('hands') })),
    field(app.t('tournament.targetLabel'), h('input', { name: 'target', type: 'number', min: 1, max: 1000, 'data-key': 'tournament-target', value: draft.target, oninput: keep('target') })),
    field(app.t('tournament.startsIn'), h('input', { name: 'starts', type: 'number', min: 0, max: 10080, 'data-key': 'tournament-starts', value: draft.starts, oninput: keep('starts') })),
    h('label', { class: 'field check' }, h('input', { name: 'rated', type: 'checkbox', 'data-key': 'tournament-rated', checked: draft.rated, onchange: (/** @type {Event} */ e) => { draft.rated = /** @type {HTMLInputElement} */ (e.target).checked; } }), h('span', null, app.t('players.rated'))),
    h('button', { class: 'btn primary', type: 'submit', 'data-key': 'tournament-create-submit' }, app.t('tournament.createButton')));
}

/**
 * A team's players, "Sara & Omar" ("bot" for a bot partner).
 * @param {App} app
 * @param {any[]} players
 */
function teamNames(app, players) {
  return (players ?? []).map((/** @type {string | null} */ p, /** @type {number} */ i) => [
    i > 0 ? ' & ' : '',
    h('bdi', null, p === null ? app.t('tournament.botPartner') : String(p)),
  ]);
}

/**
 * One tournament.
 * @param {App} app
 * @param {any} t
 */
function one(app, t) {
  const me = app.state.me;
  const you = t.you;
  const teams = new Map((t.teams ?? []).map((/** @type {any} */ x) => [Number(x.team), x.players]));
  const team = (/** @type {number | null} */ n) => (n === null ? app.t('tournament.bye') : h('span', { class: 'team-name' }, `${n}. `, teamNames(app, teams.get(n) ?? [])));
  const open = t.status === 'open';
  const host = me && t.host === me.name;
  const register = () => {
    const names = draft.partners.split(',').map((s) => s.trim()).filter(Boolean);
    act(app, api.tournamentRegister(String(t.id), names), (data) => {
      draft.partners = '';
      if (page.key !== keyOf(app)) return;
      page = { key: page.key, status: 'ready', data };
      app.render();
    });
  };
  const actions = [];
  if (open && me && !you?.registered) {
    const partners = h('input', {
      id: 'tournament-partners', type: 'text', 'data-key': 'tournament-partners', placeholder: app.t('tournament.partnersHint'), value: draft.partners,
      oninput: (/** @type {Event} */ e) => { draft.partners = /** @type {HTMLInputElement} */ (e.target).value; },
    });
    actions.push(h('label', { class: 'field', for: 'tournament-partners' }, h('span', null, app.t('tournament.partners', { n: Number(t.team_size) - 1 })), partners));
    actions.push(h('button', { class: 'btn primary', type: 'button', 'data-key': 'tournament-register', onclick: register }, app.t('tournament.register')));
  }
  if (open && you?.registered) {
    actions.push(h('p', { class: 'muted', 'data-key': 'tournament-registered' }, app.t('tournament.registered')));
    actions.push(h('button', { class: 'btn ghost', type: 'button', 'data-key': 'tournament-withdraw', onclick: () => act(app, api.tournamentWithdraw(String(t.id))) }, app.t('tournament.withdraw')));
  }
  if (open && host) {
    actions.push(h('button', { class: 'btn', type: 'button', 'data-key': 'tournament-start', onclick: () => act(app, api.tournamentStart(String(t.id))) }, app.t('tournament.start')));
  }
  if (you?.table) {
    actions.push(h('a', { class: 'btn primary big', href: `#/t/${encodeURIComponent(String(you.table))}`, 'data-key': 'tournament-play' }, app.t('tournament.play')));
  }
  if (open && !me) actions.push(h('p', { class: 'muted' }, app.t('tournament.signIn')));
  const when = new Date(Number(t.starts_at));
  return h('section', { class: 'card-panel tournament-panel', dataset: { status: String(t.status) } },
    h('p', { class: 'muted' }, summaryLine(app, t)),
    open ? h('p', null, app.t('tournament.startsAt', { time: when.toLocaleString(app.state.lang === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }) })) : null,
    h('p', { class: 'muted small' }, app.t('tournament.duplicate')),
    actions.length ? h('div', { class: 'row tournament-actions' }, actions) : null,
    (t.standings ?? []).length ? standings(app, t) : null,
    t.format === 'knockout' && (t.teams ?? []).length ? bracket(app, t) : null,
    (t.played ?? []).slice().reverse().map((/** @type {any} */ r) => h('section', { class: 'tournament-round', dataset: { round: String(r.round) } },
      h('h2', null, app.t('tournament.round', { n: Number(r.round) }), r.done ? '' : ` · ${app.t('tournament.live')}`),
      h('ul', { class: 'tournament-boards' }, (r.boards ?? []).map((/** @type {any} */ b) => h('li', { dataset: { board: String(b.board), status: String(b.status) } },
        team(Number(b.a)), b.b === null ? [' — ', app.t('tournament.bye')] : [' — ', team(Number(b.b))],
        b.flipped && b.b !== null ? [' ', h('span', { class: 'muted small', 'data-key': 'other-side', title: app.t('tournament.otherSideHelp', { team: Number(b.a) }) }, `(${app.t('tournament.otherSide')})`)] : null,
        b.status === 'finished' ? [' · ', h('strong', { dir: 'ltr' }, `${b.a_points}–${b.b_points}`), ' ', outcomeText(app, b)] : null,
        b.status === 'playing' ? [' · ', h('span', { class: 'muted' }, app.t('tournament.playing'))] : null,
        b.game_id ? [' · ', h('a', { href: `#/replay/${encodeURIComponent(String(b.game_id))}`, 'data-key': 'tournament-replay' }, app.t('table.replay'))] : null))),
      r.done ? null : h('p', { class: 'muted small' }, app.t('tournament.hidden')))),
    (t.entrants ?? []).length && open ? h('section', null,
      h('h2', null, app.t('tournament.entrants', { n: (t.entrants ?? []).length })),
      h('ul', { class: 'tournament-entrants' }, t.entrants.map((/** @type {any} */ e) => h('li', null, h('bdi', null, String(e.name)),
        e.with !== e.name ? [' · ', app.t('tournament.with', { name: String(e.with) })] : null)))) : null);
}

/**
 * Who won a finished match, in words.
 * @param {App} app
 * @param {any} b
 */
function outcomeText(app, b) {
  const noShow = (b.no_show ?? []).length ? ` · ${app.t('tournament.noShow')}` : '';
  const words = {
    a: app.t('tournament.won', { team: Number(b.a) }),
    b: app.t('tournament.won', { team: Number(b.b) }),
    draw: app.t('tournament.draw'),
    both_lose: app.t('tournament.bothLose'),
  }[String(b.outcome)] ?? '';
  return h('span', { class: 'muted', 'data-key': 'outcome' }, `(${words}${noShow})`);
}

/**
 * The standings table.
 * @param {App} app
 * @param {any} t
 */
function standings(app, t) {
  const me = app.state.me;
  const knockout = t.format === 'knockout';
  return h('div', { class: 'daily-scroll' }, h('table', { class: 'board-table tournament-standings', 'aria-label': app.t('tournament.standings'), 'data-key': 'tournament-standings' },
    h('caption', null, app.t('tournament.standings')),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col' }, app.t('players.rank')),
      h('th', { scope: 'col' }, app.t('tournament.team')),
      h('th', { scope: 'col' }, knockout ? app.t('tournament.inBracket') : app.t('tournament.score')),
      h('th', { scope: 'col' }, app.t('tournament.record')),
      h('th', { scope: 'col', title: app.t('tournament.matchpointsHelp') }, app.t('tournament.matchpoints')),
      h('th', { scope: 'col' }, app.t('tournament.diff')))),
    h('tbody', null, (t.standings ?? []).map((/** @type {any} */ l) => {
      const mine = me && (l.players ?? []).includes(me.name);
      return h('tr', { class: mine ? 'mine' : '', dataset: { place: String(l.place), team: String(l.team) } },
        h('td', null, String(l.place)),
        h('th', { scope: 'row' }, `${l.team}. `, teamNames(app, l.players)),
        h('td', { 'data-key': 'score' }, knockout ? (l.alive ? '✓' : '–') : h('strong', null, String(l.score))),
        h('td', null, h('bdi', { dir: 'ltr' }, `${l.won}–${l.drawn}–${l.lost}`)),
        h('td', { 'data-key': 'matchpoints' }, l.matchpoints === null || l.matchpoints === undefined ? '–' : h('bdi', { dir: 'ltr' }, `${Number(l.matchpoints).toFixed(1)}%`)),
        h('td', null, h('bdi', { dir: 'ltr' }, l.diff > 0 ? `+${l.diff}` : l.diff < 0 ? `−${-l.diff}` : '0')));
    }))));
}

/**
 * A knockout's bracket as columns: one a round (as many as the bracket of `t`'s teams needs), each
 * with its matches in bracket order; a match not yet paired is `null`. A match names its teams
 * (`b` null: a bye), their points once finished, and the team that goes on (a draw or both
 * missing: the better seed), `null` while it is played.
 * @param {any} t
 * @returns {{round: number, matches: ({a: number, b: number | null, aPoints: number | null, bPoints: number | null, winner: number | null} | null)[]}[]}
 */
export function bracketRounds(t) {
  const teams = (t.teams ?? []).length;
  let size = 2;
  while (size < teams) size *= 2;
  const played = new Map((t.played ?? []).map((/** @type {any} */ r) => [Number(r.round), r.boards ?? []]));
  const columns = [];
  for (let r = 1; size / 2 ** r >= 1; r++) {
    const boards = played.get(r) ?? [];
    const matches = [];
    for (let i = 0; i < size / 2 ** r; i++) {
      const b = boards[i];
      if (!b) {
        matches.push(null);
        continue;
      }
      const a = Number(b.a);
      const other = b.b === null || b.b === undefined ? null : Number(b.b);
      const finished = b.status === 'finished';
      /** @type {number | null} */
      let winner = null;
      if (other === null) winner = a;
      else if (finished) winner = b.outcome === 'a' ? a : b.outcome === 'b' ? other : Math.min(a, other);
      matches.push({ a, b: other, aPoints: finished ? Number(b.a_points) : null, bPoints: finished ? Number(b.b_points) : null, winner });
    }
    columns.push({ round: r, matches });
  }
  return columns;
}

/**
 * A knockout's bracket, drawn: one column a round, each match a box with its two teams (the
 * winner in bold), the rounds not yet played as empty boxes, the final last.
 * @param {App} app
 * @param {any} t
 */
function bracket(app, t) {
  const teams = new Map((t.teams ?? []).map((/** @type {any} */ x) => [Number(x.team), x.players]));
  const slot = (/** @type {number | null} */ n, /** @type {number | null} */ points, /** @type {boolean} */ won) => h('div', { class: `bracket-team${won ? ' won' : ''}` },
    n === null ? h('span', { class: 'muted' }, app.t('tournament.toCome')) : h('span', { class: 'team-name' }, `${n}. `, teamNames(app, teams.get(n) ?? [])),
    points === null ? null : h('bdi', { dir: 'ltr', class: 'bracket-points' }, String(points)));
  const columns = bracketRounds(t).map(({ round, matches }) => h('section', { class: 'bracket-round', dataset: { round: String(round) } },
    h('h3', null, app.t('tournament.round', { n: round })),
    h('ul', null, matches.map((m) => (m === null
      ? h('li', { class: 'bracket-match pending' }, slot(null, null, false), slot(null, null, false))
      : h('li', { class: 'bracket-match', dataset: { winner: String(m.winner ?? '') } },
        slot(m.a, m.aPoints, m.winner === m.a),
        m.b === null ? h('div', { class: 'bracket-team muted' }, app.t('tournament.bye')) : slot(m.b, m.bPoints, m.winner === m.b)))))));
  return h('div', { class: 'daily-scroll' }, h('div', { class: 'bracket', role: 'group', 'aria-label': app.t('tournament.bracket'), 'data-key': 'tournament-bracket' },
    columns));
}
