// @ts-check
/**
 * The home screen: your name, create a table, your account, join by code, open public tables,
 * your games.
 * @module
 */

import { h } from '../dom.js';
import { lastPlay, rememberPlay } from '../storage.js';
import { msg, normalizeCode, GAMES, seatCount } from '../protocol.js';
import { gameFacts } from '../words.js';
import { peopleLinks, boardLinks } from './profile.js';
import { renderAccount } from './account.js';
import { rulesLink } from './rules.js';

/** @typedef {import('../main.js').App} App */

const TURN_CHOICES = [10, 20, 30, 60, 120];

/** Baloot's Saudi table calls, each a rule option (docs/rules/baloot.md). */
export const SAUDI_CALLS = ['doubling', 'ashkal', 'kawesh', 'sawa'];

/**
 * The rules object for the create form.
 * @param {App['ui']['create']} c
 */
export function rulesOf(c) {
  /** @type {Record<string, unknown>} */
  const rules = {};
  if (c.game === 'baloot' && (c.preset === 'saudi' || c.preset === 'saudi_full')) rules.preset = c.preset;
  // Each Saudi table call as a house option on the other presets (all are on in saudi_full).
  if (c.game === 'baloot' && c.preset !== 'saudi_full') for (const call of SAUDI_CALLS) if (c.calls?.includes(call)) rules[call] = true;
  if ((c.game === 'kout6' || c.game === 'kout4') && c.playOut) rules.play_out = true;
  if (c.game === 'kabul') {
    rules.players = c.players;
    const target = Number(c.target);
    if (c.target !== '' && Number.isInteger(target) && target > 0) rules.target_score = target;
    if (c.snapMs !== 3000) rules.snap_window_ms = c.snapMs;
  }
  return rules;
}

/**
 * "Play now": one tap seats the player at a new table of the last game they played, with bots of
 * their level, and starts it: no form.
 * @param {App} app
 */
function playNowCard(app) {
  const last = lastPlay();
  const level = app.t(`bot.${last.bot}`) === `bot.${last.bot}` ? last.bot : app.t(`bot.${last.bot}`);
  const go = () => {
    if (!app.state.me) {
      app.dispatch({ type: 'localError', code: 'name', message: app.t('home.needName'), now: Date.now() });
      return;
    }
    app.ui.playNow = { bot: last.bot };
    app.ui.createId = app.send(msg.createTable({ game: last.game, rules: last.rules, turn_ms: 30_000, public: false, hints: false, rated: false, spectatorChat: true, inviteOnly: false }));
  };
  return h('section', { class: 'card-panel play-now', 'data-key': 'play-now-panel' },
    h('button', { class: 'btn primary play-now-btn', type: 'button', 'data-key': 'play-now', onclick: go, disabled: app.ui.createId !== null }, app.t('home.playNow')),
    h('p', { class: 'muted small play-now-what', 'data-key': 'play-now-what' }, app.t('home.playNowWhat', { game: app.t(`game.${last.game}`), level })));
}

/** @param {App} app */
function nameCard(app) {
  const s = app.state;
  if (s.me && !app.ui.editingName) {
    return h('section', { class: 'card-panel name-panel' },
      h('p', { class: 'hello' }, app.tn('home.name.hello', { name: s.me.name })),
      h('button', { class: 'btn ghost small', type: 'button', onclick: () => { app.ui.editingName = true; app.render(); } }, app.t('home.name.change')));
  }
  const submit = (/** @type {Event} */ e) => {
    e.preventDefault();
    const name = app.ui.nameDraft.trim();
    if (!name) {
      // Spaces alone pass the field's own check: say why nothing happens.
      app.dispatch({ type: 'localError', code: 'empty_name', message: app.t('error.emptyName'), now: Date.now() });
      return;
    }
    app.ensurePlayer(name);
  };
  return h('section', { class: 'card-panel name-panel' },
    h('form', { class: 'row', onsubmit: submit },
      h('label', { for: 'name-input' }, app.t('home.name')),
      h('input', {
        id: 'name-input', 'data-key': 'name', type: 'text', maxlength: 24, autocomplete: 'nickname', required: true,
        placeholder: app.t('home.name.placeholder'), value: app.ui.nameDraft,
        oninput: (/** @type {Event} */ e) => { app.ui.nameDraft = /** @type {HTMLInputElement} */ (e.target).value; },
      }),
      h('button', { class: 'btn primary', type: 'submit', 'data-key': 'save-name' }, app.t('home.name.save'))));
}

/** @param {App} app */
function createCard(app) {
  const c = app.ui.create;
  const set = (/** @type {Partial<typeof c>} */ patch) => { Object.assign(c, patch); app.render(); };
  const field = (/** @type {string} */ label, /** @type {HTMLElement} */ control) => h('label', { class: 'field' }, h('span', null, label), control);
  const select = (/** @type {string} */ key, /** @type {[string, string][]} */ options, /** @type {string} */ value, /** @type {(v: string) => void} */ onchange) =>
    h('select', { 'data-key': key, onchange: (/** @type {Event} */ e) => onchange(/** @type {HTMLSelectElement} */ (e.target).value) },
      options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  const extra = [];
  if (c.game === 'baloot') {
    extra.push(field(app.t('home.preset'), select('preset', [['seed', app.t('home.preset.seed')], ['saudi', app.t('home.preset.saudi')], ['saudi_full', app.t('home.preset.saudi_full')]], c.preset, (v) => set({ preset: v }))));
    if (c.preset !== 'saudi_full') {
      for (const call of SAUDI_CALLS) {
        const on = Boolean(c.calls?.includes(call));
        extra.push(h('label', { class: 'check' }, h('input', {
          type: 'checkbox', 'data-key': `call-${call}`, checked: on,
          onchange: (/** @type {Event} */ e) => {
            const checked = /** @type {HTMLInputElement} */ (e.target).checked;
            set({ calls: checked ? [...(c.calls ?? []), call] : (c.calls ?? []).filter((x) => x !== call) });
          },
        }), app.t(`home.call.${call}`)));
      }
    }
  }
  if (c.game === 'kout6' || c.game === 'kout4') {
    extra.push(h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-key': 'playout', checked: c.playOut, onchange: (/** @type {Event} */ e) => set({ playOut: /** @type {HTMLInputElement} */ (e.target).checked }) }), app.t('home.playOut')));
  }
  if (c.game === 'kabul') {
    extra.push(field(app.t('home.players'), select('players', [2, 3, 4, 5, 6].map((n) => [String(n), String(n)]), String(c.players), (v) => set({ players: Number(v) }))));
    // A real match by default: rounds until someone reaches 100 (the lowest total wins); one round is a choice.
    extra.push(field(app.t('home.target'), select('target', [['50', '50'], ['100', '100'], ['150', '150'], ['', app.t('home.target.none')]], c.target, (v) => set({ target: v }))));
    extra.push(field(app.t('home.snapWindow'), select('snap', [2000, 3000, 5000].map((n) => [String(n), app.t('home.seconds', { n: n / 1000 })]), String(c.snapMs), (v) => set({ snapMs: Number(v) }))));
  }
  const submit = (/** @type {Event} */ e) => {
    e.preventDefault();
    if (!app.state.me) {
      app.dispatch({ type: 'localError', code: 'name', message: app.t('home.needName'), now: Date.now() });
      return;
    }
    if (!c.rated) rememberPlay({ game: c.game, rules: rulesOf(c) });
    app.ui.createId = app.send(msg.createTable({ game: c.game, rules: rulesOf(c), turn_ms: c.turnS * 1000, public: c.public, hints: c.hints && !c.rated, rated: c.rated, spectatorChat: c.spectatorChat, inviteOnly: c.inviteOnly }));
  };
  return h('section', { class: 'card-panel create-panel' },
    h('h2', null, app.t('home.create')),
    h('form', { class: 'create-form', onsubmit: submit },
      h('div', { class: 'game-choice', role: 'radiogroup', 'aria-label': app.t('home.game') },
        GAMES.map((g) => h('label', { class: `game-tile ${c.game === g ? 'on' : ''}` },
          h('input', { type: 'radio', name: 'game', value: g, checked: c.game === g, 'data-key': `game-${g}`, onchange: () => set({ game: g }) }),
          h('span', { class: 'game-name' }, app.t(`game.${g}`))))),
      h('p', { class: 'rules-line' }, rulesLink(app, c.game)),
      extra,
      field(app.t('home.turn'), select('turn', TURN_CHOICES.map((n) => [String(n), app.t('home.seconds', { n })]), String(c.turnS), (v) => set({ turnS: Number(v) }))),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-key': 'public', checked: c.public, onchange: (/** @type {Event} */ e) => set({ public: /** @type {HTMLInputElement} */ (e.target).checked }) }), app.t('home.public')),
      // A rated table has no hints (and no bots: its lobby offers none).
      h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-key': 'rated', checked: c.rated, onchange: (/** @type {Event} */ e) => set({ rated: /** @type {HTMLInputElement} */ (e.target).checked }) }), app.t('players.create.rated')),
      h('label', { class: `check ${c.rated ? 'disabled' : ''}` }, h('input', { type: 'checkbox', 'data-key': 'hints', checked: c.hints && !c.rated, disabled: c.rated, onchange: (/** @type {Event} */ e) => set({ hints: /** @type {HTMLInputElement} */ (e.target).checked }) }), app.t('home.hints')),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-key': 'invite-only', checked: c.inviteOnly, onchange: (/** @type {Event} */ e) => set({ inviteOnly: /** @type {HTMLInputElement} */ (e.target).checked }) }), app.t('home.inviteOnly')),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-key': 'spectator-chat', checked: c.spectatorChat, onchange: (/** @type {Event} */ e) => set({ spectatorChat: /** @type {HTMLInputElement} */ (e.target).checked }) }), app.t('home.spectatorChat')),
      h('button', { class: 'btn primary big', type: 'submit', 'data-key': 'create', disabled: !app.state.me }, app.t('home.createButton'))));
}

/** @param {App} app */
function joinCard(app) {
  const submit = (/** @type {Event} */ e) => {
    e.preventDefault();
    // A pasted invite link works as well as a code.
    const text = app.ui.codeDraft.trim();
    const fromLink = /#\/t\/([A-Za-z0-9]+)/.exec(text);
    const code = normalizeCode(fromLink ? fromLink[1] : text);
    if (!code) {
      app.dispatch({ type: 'localError', code: 'no_table', message: app.t('error.no_table'), now: Date.now() });
      return;
    }
    app.ui.codeDraft = '';
    app.navigate(`#/t/${code}`);
  };
  return h('section', { class: 'card-panel join-panel' },
    h('h2', null, app.t('home.join')),
    h('form', { class: 'row', onsubmit: submit },
      h('input', {
        type: 'text', 'data-key': 'code', 'aria-label': app.t('home.code'), placeholder: app.t('home.code'), autocapitalize: 'characters',
        value: app.ui.codeDraft, oninput: (/** @type {Event} */ e) => { app.ui.codeDraft = /** @type {HTMLInputElement} */ (e.target).value; },
      }),
      h('button', { class: 'btn', type: 'submit', 'data-key': 'join' }, app.t('home.joinButton'))));
}

/**
 * The public tables open to join (`GET /api/tables`, kept in `app.ui.openTables`).
 * @param {App} app
 */
export function openCard(app) {
  const list = app.ui.openTables;
  return h('section', { class: 'card-panel open-panel' },
    h('div', { class: 'panel-head' },
      h('h2', null, app.t('home.open')),
      h('button', { class: 'btn ghost small', type: 'button', onclick: () => app.refreshLists() }, app.t('home.refresh'))),
    list && list.length
      ? h('ul', { class: 'list' }, list.map((t) => {
        const seats = Array.isArray(t.seats) ? t.seats : [];
        const taken = seats.filter((/** @type {any} */ s) => s.kind !== 'empty').length;
        return h('li', null,
          h('a', { class: 'list-link', href: `#/t/${encodeURIComponent(String(t.code))}` },
            h('strong', null, app.t(`game.${t.game}`)),
            t.rated ? h('span', { class: 'badge rated' }, app.t('players.rated')) : null,
            h('span', { class: 'muted' }, ' · ', app.tn('home.open.host', { name: String(t.host ?? '') }), ` · ${app.t('home.open.seats', { taken, total: seats.length || seatCount(String(t.game)) })}`),
            h('span', { class: 'code' }, String(t.code))));
      }))
      : h('p', { class: 'muted' }, app.t('home.open.none')));
}

/**
 * The others of one of your games, each name opening its profile, or null when the server did
 * not say who they are.
 * @param {App} app
 * @param {any} g
 */
function othersOf(app, g) {
  if (!Array.isArray(g.player_ids) || !Array.isArray(g.players)) return null;
  const people = g.players
    .map((/** @type {unknown} */ name, /** @type {number} */ seat) => ({ id: g.player_ids[seat] ?? null, name: String(name), seat }))
    .filter((/** @type {{seat: number, name: string}} */ p) => p.seat !== Number(g.seat) && p.name !== '');
  return people.length ? app.tn('home.recent.with', { names: '·' }, { names: h('span', null, peopleLinks(app, people)) }) : null;
}

/**
 * Your games (`GET /api/me/games`, kept in `app.ui.recent`); null when nobody is signed in.
 * @param {App} app
 */
export function recentCard(app) {
  if (!app.state.me) return null;
  const list = app.ui.recent;
  return h('section', { class: 'card-panel recent-panel' },
    h('h2', null, app.t('home.recent')),
    list && list.length
      ? h('ul', { class: 'list' }, list.slice(0, 20).map((g) => {
        const facts = gameFacts(app.state.lang, g);
        return h('li', { class: 'recent-item', dataset: { game: String(g.game_id ?? '') } },
        h('strong', null, app.t(`game.${g.game}`)),
        h('span', { class: 'muted' }, ` · ${facts.result || (g.finished ? app.t('home.recent.finished') : app.t('home.recent.playing'))}`),
        facts.date ? h('span', { class: 'muted recent-date' }, ' · ', h('bdi', null, facts.date)) : null,
        facts.score || facts.others
          ? h('span', { class: 'recent-meta' },
            facts.score ? h('span', { class: 'recent-score' }, facts.score) : null,
            facts.score && facts.others ? ' · ' : null,
            facts.others ? h('span', { class: 'recent-others' }, othersOf(app, g) ?? facts.others) : null)
          : null,
        g.finished
          ? h('a', { class: 'btn small', href: `#/replay/${encodeURIComponent(String(g.game_id))}` }, app.t('home.recent.replay'))
          : h('a', { class: 'btn small', href: `#/t/${encodeURIComponent(String(g.table))}` }, app.t('home.recent.return')));
      }))
      : h('p', { class: 'muted' }, app.t('home.recent.none')));
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderHome(app) {
  return h('main', { class: 'screen home' },
    h('p', { class: 'tagline' }, app.t('app.tagline')),
    nameCard(app),
    playNowCard(app),
    h('div', { class: 'home-grid' },
      createCard(app),
      h('div', { class: 'home-side' }, renderAccount(app), joinCard(app), openCard(app), recentCard(app),
        h('nav', { class: 'home-links', 'aria-label': app.t('players.leaderboards') },
          app.state.me ? h('a', { class: 'btn small', href: `#/p/${encodeURIComponent(app.state.me.id)}`, 'data-key': 'my-profile' }, app.t('players.myProfile')) : null,
          boardLinks(app)),
        h('a', { class: 'btn small', href: '#/daily', 'data-key': 'daily' }, app.t('daily.link')),
        h('a', { class: 'btn small', href: '#/tournaments', 'data-key': 'tournaments' }, app.t('tournament.link')),
        h('a', { class: 'btn ghost small', href: '#/replay', 'data-key': 'open-record' }, app.t('home.openRecord')))));
}
