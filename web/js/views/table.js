// @ts-check
/**
 * A table: its lobby before the match, and the match itself (the frame every game shares: seats
 * around the felt, scores, clock, moves, hand summaries, the result and the rematch). Each game
 * fills in its own centre, actions and hand (kout.js, baloot.js, kabul.js).
 * @module
 */

import { h } from '../dom.js';
import { icon } from './icons.js';
import { rememberPlay } from '../storage.js';
import { rulesDialog, rulesLink } from './rules.js';
import { guideTip } from './guide.js';
import * as api from '../api.js';
import { hasStrongText } from '../i18n.js';
import { msg, seatName, relativeSeat, seatPosition, seatStyle, hasTeams, teamOf, seatCount, actionLabel } from '../protocol.js';
import { isMyTurn, isHost, legalSet, handFinished } from '../state.js';
import * as kout from './kout.js';
import * as baloot from './baloot.js';
import * as kabul from './kabul.js';
import { trickCards, lastTrickPanel, handTricksPanel } from './common.js';
import { hintBar } from './hint.js';
import { chatToggle, chatPanel } from './chat.js';
import { trickFacts, heldPhase, nextChange, clearAt, lastDone, HOLD_MS } from '../pace.js';
import { cardWords, teamScoreText } from '../words.js';
import { ownChange, ratingText, changeText, changeClass } from '../players.js';

/** @typedef {import('../main.js').App} App */

/**
 * What every part of the match screen needs.
 * @typedef {object} Ctx
 * @property {App} app
 * @property {(key: string, params?: import('../i18n.js').Params) => string} t
 * @property {(key: string, params?: import('../i18n.js').Params, nodes?: Record<string, import('../dom.js').Child>) => import('../dom.js').Child[]} tn  names isolated in <bdi>; `nodes` gives some parameters as ready-made nodes
 * @property {string} game
 * @property {any} view
 * @property {number | null} you
 * @property {number} seats
 * @property {Set<string>} legal  my legal actions now
 * @property {boolean} myTurn
 * @property {(seat: number | null | undefined) => string} name
 * @property {(seat: number) => number} rel
 * @property {(action: string) => void} act
 * @property {number | null} [trickWonBy]  set while the felt is drawn: the winner of the finished
 *   trick lying on it, said in the status line under the felt (a caption on the felt would lie
 *   over the cards' corners)
 */

/**
 * What each game's module provides.
 * @typedef {object} GameModule
 * @property {boolean} hasTricks
 * @property {number} [seatRadius]
 * @property {(ctx: Ctx) => void} [prepare]
 * @property {(ctx: Ctx) => number} [clockTotal]
 * @property {(ctx: Ctx) => string} stageName
 * @property {(ctx: Ctx, seat: number) => import('../dom.js').Child} seatExtra
 * @property {(ctx: Ctx, seat: number) => import('../dom.js').Child} [plateExtra]  beside the name, in the seat's plate
 * @property {(ctx: Ctx) => import('../dom.js').Child} center
 * @property {(ctx: Ctx) => import('../dom.js').Child} actions
 * @property {(ctx: Ctx) => import('../dom.js').Child} hand
 * @property {(ctx: Ctx) => import('../dom.js').Child} contractInfo
 * @property {(ctx: Ctx) => HTMLElement} handsTable
 * @property {(ctx: Ctx, hand: any) => HTMLElement} summary
 * @property {(ctx: Ctx, winner: any) => import('../dom.js').Child} winnerText
 * @property {(ctx: Ctx) => HTMLElement} finalScore
 */

/**
 * The module that draws a game.
 * @param {string} game
 * @returns {GameModule}
 */
function gameModule(game) {
  if (game === 'baloot') return baloot;
  if (game === 'kabul') return kabul;
  return kout;
}

/**
 * @param {App} app
 * @returns {Ctx}
 */
export function makeCtx(app) {
  const s = app.state;
  const table = /** @type {Record<string, any>} */ (s.table);
  const game = String(table.game);
  const seats = Array.isArray(table.seats) ? table.seats.length : seatCount(game, table.rules);
  return {
    app,
    t: (k, p) => app.t(k, p),
    tn: (k, p, n) => app.tn(k, p, n),
    game,
    view: s.game?.view ?? null,
    you: s.you,
    seats,
    legal: legalSet(s),
    myTurn: isMyTurn(s),
    name: (seat) => seatName(table, seat, s.lang),
    rel: (seat) => relativeSeat(seat, s.you, seats),
    act: (action) => app.act(action),
  };
}

/**
 * A team's label from the viewer's side: "Us"/"Them" when seated, else "Team A"/"Team B".
 * @param {Ctx} ctx
 * @param {number} team
 */
export function teamLabel(ctx, team) {
  if (ctx.you === null) return ctx.t(`team.${team}`);
  return teamOf(ctx.you) === team ? ctx.t('team.us') : ctx.t('team.them');
}

/**
 * The two teams' values (scores, tricks, points), the reader's team first and each named, each
 * number isolated: "Us 12 · Them 0", "لنا 12 · لهم 0".
 * @param {Ctx} ctx
 * @param {unknown[]} values  by team
 */
export function teamScores(ctx, values) {
  const order = ctx.you !== null && teamOf(ctx.you) === 1 ? [1, 0] : [0, 1];
  const parts = order.map((team) => [teamLabel(ctx, team), String(values[team] ?? 0)]);
  return h('span', { class: 'team-scores', 'aria-label': teamScoreText(/** @type {[string, string][]} */ (parts)) },
    parts.map(([label, value], i) => [i ? ' · ' : '', label, ' ', h('bdi', { class: 'num' }, value)]));
}

/**
 * What a screen reader hears of the others' moves (the live region): the last bid, call or card
 * of a seat other than the reader's, in words ("Sara played King of spades"); null when there is
 * none yet.
 * @param {App} app
 * @returns {string | null}
 */
export function announcement(app) {
  const s = app.state;
  if (s.route.name !== 'table' || !s.table || !s.game) return null;
  const table = /** @type {Record<string, any>} */ (s.table);
  const log = s.game.log ?? [];
  const forMe = playedForMeText(app);
  if (forMe !== null) return forMe;
  const last = [...log].reverse().find((e) => typeof e.seat === 'number' && e.seat !== s.you);
  if (!last) return null;
  const name = seatName(table, last.seat, s.lang);
  const play = /^play (\S+)$/.exec(String(last.action));
  if (play && String(table.game) !== 'kabul') return app.t('table.played', { name, card: cardWords(s.lang, play[1]) });
  return app.t('table.said', { name, action: actionLabel(String(table.game), last.action, s.lang, { name: (seat) => seatName(table, seat, s.lang) }) });
}

/**
 * What the clock made our seat do, in words ("Time ran out — passed for you"), or null.
 * @param {App} app
 */
export function playedForMeText(app) {
  const s = app.state;
  const done = app.ui.playedForMe;
  if (!done || !s.table || s.route.name !== 'table') return null;
  if (done.action === 'pass') return app.t('table.timeoutPass');
  const play = /^play (\S+)$/.exec(done.action);
  const game = String(s.table.game);
  const what = play && game !== 'kabul' ? cardWords(s.lang, play[1]) : actionLabel(game, done.action, s.lang, { name: (seat) => seatName(s.table, seat, s.lang) });
  return app.t('table.timeoutPlayed', { action: what });
}

// ---- lobby

/** @param {App} app */
function inviteLink(app) {
  const code = app.state.table?.code ?? '';
  // An invite-only table's players get its invite secret: the link seats whoever opens it.
  const invite = app.state.table?.invite;
  return `${window.location.origin}${window.location.pathname}#/t/${code}${invite ? `?invite=${invite}` : ''}`;
}

/** @param {App} app */
function renderLobby(app) {
  const s = app.state;
  const table = /** @type {Record<string, any>} */ (s.table);
  // A tournament match's seats are the tournament's, and it starts by itself.
  const tournament = table.tournament;
  const host = isHost(app.state) && !tournament;
  const ctx = makeCtx(app);
  const link = inviteLink(app);
  const copy = () => {
    const done = () => {
      app.ui.copied = true;
      app.render();
      setTimeout(() => { app.ui.copied = false; app.render(); }, 2000);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(done, () => selectLink());
    else selectLink();
  };
  const selectLink = () => {
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById('invite-link'));
    input?.select();
  };
  const seats = /** @type {any[]} */ (table.seats ?? []);
  const full = seats.every((x) => x.kind !== 'empty');
  const seatEls = seats.map((x) => {
    const seat = Number(x.seat);
    // Six lobby seats, with their buttons, need more room between them than four.
    const pos = seatPosition(ctx.rel(seat), ctx.seats, ctx.seats > 4 ? 42 : 46);
    const mine = s.you === seat;
    const team = hasTeams(ctx.game) ? teamOf(seat) : null;
    const badges = [];
    if (x.player && x.player === table.host) badges.push(h('span', { class: 'badge' }, app.t('lobby.host')));
    if (mine) badges.push(h('span', { class: 'badge you' }, app.t('lobby.you')));
    // Which bot sits there: its level, as the host chose it.
    if (x.kind === 'bot' && x.bot) badges.push(h('span', { class: 'badge bot-level', dataset: { bot: x.bot } }, botLabel(app, String(x.bot))));
    if (x.kind === 'human' && !x.connected) badges.push(h('span', { class: 'badge muted' }, app.t('lobby.offline')));
    const buttons = [];
    if (x.kind === 'empty') {
      buttons.push(h('button', { class: 'btn small', type: 'button', 'data-key': `sit-${seat}`, onclick: () => app.send(msg.join(table.code, seat, s.route.invite)) }, app.t('lobby.sit')));
      if (host && !table.rated) buttons.push(h('button', { class: 'btn small ghost', type: 'button', 'data-key': `bot-${seat}`, onclick: () => { rememberPlay({ bot: app.ui.botChoice }); app.send(msg.setBot(table.code, seat, app.ui.botChoice)); } }, app.t('lobby.addBot')));
    } else if (x.kind === 'bot' && host) {
      buttons.push(h('button', { class: 'btn small ghost', type: 'button', 'data-key': `unbot-${seat}`, onclick: () => app.send(msg.setBot(table.code, seat, null)) }, app.t('lobby.removeBot')));
    } else if (x.kind === 'human' && host && x.player !== table.host) {
      // The host's door: the player leaves the seat and may not sit at this table again.
      buttons.push(h('button', { class: 'btn small ghost', type: 'button', 'data-key': `remove-${seat}`, 'aria-label': app.t('lobby.removePlayer', { name: ctx.name(seat) }), onclick: () => app.send(msg.remove(table.code, seat)) }, app.t('lobby.remove')));
    }
    return h('div', {
      class: `lobby-seat ${x.kind} ${team === null ? '' : `team-${team}`} ${mine ? 'mine' : ''}`,
      style: seatStyle(pos),
      dataset: { seat },
    },
    h('bdi', { class: 'seat-name' }, x.kind === 'empty' ? app.t('lobby.empty') : ctx.name(seat)),
    team === null ? null : h('div', { class: 'seat-team' }, teamLabel(ctx, team)),
    h('div', { class: 'badges' }, badges),
    h('div', { class: 'seat-buttons' }, buttons));
  });
  const rules = rulesSummary(app, ctx.game, table.rules ?? {});
  return h('main', { class: 'screen lobby' },
    h('div', { class: 'lobby-head' },
      h('h1', null, app.t(`game.${ctx.game}`), ' · ', h('span', { class: 'code', dir: 'ltr' }, String(table.code)),
        table.hints ? h('span', { class: 'badge hints-on', 'data-key': 'hints-on' }, ctx.t('table.hintsOn')) : null,
        table.rated ? h('span', { class: 'badge rated', 'data-key': 'rated' }, ctx.t('players.rated')) : null),
      h('p', { class: 'muted' }, app.t('lobby.turn', { n: Math.round(Number(table.turn_ms) / 1000) }), rules ? ` · ${app.t('lobby.rules', { rules })}` : '', ' ', rulesLink(app, ctx.game))),
    tournament ? h('p', { class: 'tournament-wait', 'data-key': 'tournament-wait' }, app.t('tournament.waiting', { round: Number(tournament.round) })) : null,
    tournament ? null : h('div', { class: 'invite' },
      h('label', { for: 'invite-link' }, app.t('lobby.invite')),
      h('input', { id: 'invite-link', type: 'text', readonly: true, value: link, dir: 'ltr', onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
      h('button', { class: 'btn', type: 'button', 'data-key': 'copy', onclick: copy }, app.ui.copied ? app.t('lobby.copied') : app.t('lobby.copy'))),
    h('div', { class: `lobby-table felt seats-${ctx.seats}` }, seatEls),
    s.you === null ? h('p', { class: 'muted' }, app.t('lobby.spectating')) : null,
    h('div', { class: 'lobby-actions' },
      host && !full && !table.rated ? botChooser(app) : null,
      host && !table.rated ? h('button', { class: 'btn', type: 'button', 'data-key': 'fill', disabled: full, onclick: () => { rememberPlay({ bot: app.ui.botChoice }); app.send(msg.fillBots(table.code, app.ui.botChoice)); } }, app.t('lobby.fill')) : null,
      host ? h('button', { class: 'btn primary big', type: 'button', 'data-key': 'start', disabled: !full, onclick: () => app.send(msg.start(table.code)) }, app.t('lobby.start')) : tournament ? null : h('p', { class: 'muted' }, app.t('lobby.waitHost')),
      host && !full ? h('p', { class: 'muted small' }, app.t('lobby.needSeats')) : null,
      chatToggle(app),
      h('button', { class: 'btn ghost', type: 'button', 'data-key': 'leave', onclick: () => leave(app) }, app.t('lobby.leave'))),
    chatPanel(app, { inline: true }));
}

/**
 * The host's choice of bot for "Add bot" and "Fill": the built-in ones, then the server's own
 * (programs its operator runs, named as the operator named them), from `GET /api/bots`.
 * @param {App} app
 */
export function botChooser(app) {
  if (!app.ui.bots) {
    app.ui.bots = { builtin: ['easy', 'medium', 'hard', 'expert', 'random', 'heuristic', 'strong'], server: [] };
    api.bots().then((b) => {
      if (b && Array.isArray(b.builtin) && Array.isArray(b.server)) {
        app.ui.bots = { builtin: b.builtin.map(String), server: b.server.map(String) };
        app.render();
      }
    }, () => {});
  }
  const { server } = app.ui.bots;
  // Levels first; the kinds they stand for (heuristic = medium, strong = hard) are not shown twice.
  const builtin = levelsFirst(app.ui.bots.builtin);
  if (!builtin.includes(app.ui.botChoice) && !server.includes(app.ui.botChoice)) app.ui.botChoice = builtin.includes('medium') ? 'medium' : 'heuristic';
  const option = (/** @type {string} */ name, /** @type {string} */ label) => h('option', { value: name, selected: app.ui.botChoice === name }, label);
  return h('label', { class: 'bot-choice' },
    h('span', null, app.t('lobby.botChoice')), ' ',
    h('select', {
      'data-key': 'bot-choice',
      onchange: (/** @type {Event} */ e) => { app.ui.botChoice = /** @type {HTMLSelectElement} */ (e.target).value; app.render(); },
    },
    builtin.map((name) => option(name, botLabel(app, name))),
    server.length ? h('optgroup', { label: app.t('lobby.serverBots') }, server.map((name) => option(name, name))) : null));
}

/**
 * A bot's name in words: a level or built-in kind translated, a server's own bot as its operator
 * named it.
 * @param {App} app
 * @param {string} name
 */
function botLabel(app, name) {
  const key = `bot.${name}`;
  return app.t(key) === key ? name : app.t(key);
}

/**
 * The built-in bots as a host chooses among them: the levels (easy, medium, hard, expert) when the server
 * has them, without the kinds they stand for, then the random bot.
 * @param {string[]} names
 */
export function levelsFirst(names) {
  const alias = /** @type {Record<string, string>} */ ({ heuristic: 'medium', strong: 'hard' });
  const order = ['easy', 'medium', 'hard', 'expert', 'random'];
  const shown = names.filter((n) => !(alias[n] && names.includes(alias[n])));
  return shown.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
}

/**
 * The table's rule options in words.
 * @param {App} app
 * @param {string} game
 * @param {Record<string, any>} rules
 * @param {Record<string, any> | null} [table]  the table they belong to (hints, rated, spectators' chat)
 */
function rulesSummary(app, game, rules, table = app.state.table) {
  const out = [];
  if (table?.rated) out.push(app.t('players.rated'));
  if (table?.hints) out.push(app.t('table.hintsOn'));
  if (table?.spectator_chat === false) out.push(app.t('table.spectatorChatOff'));
  if (game === 'baloot') {
    out.push(app.t(rules.preset === 'saudi' || rules.preset === 'saudi_full' ? `home.preset.${rules.preset}` : 'home.preset.seed'));
    for (const call of ['doubling', 'ashkal', 'kawesh', 'sawa']) if (rules[call] === true) out.push(app.t(`home.call.${call}`));
  }
  if (rules.play_out) out.push(app.t('home.playOut'));
  if (game === 'kabul') {
    out.push(`${app.t('home.players')}: ${rules.players ?? 4}`);
    out.push(rules.target_score ? app.t('kabul.target', { n: rules.target_score }) : app.t('kabul.oneRound'));
    if (rules.snap_window_ms) out.push(`${app.t('home.snapWindow')}: ${app.t('home.seconds', { n: Number(rules.snap_window_ms) / 1000 })}`);
  }
  return out.length ? out.join(' · ') : null;
}

/** @param {App} app */
function leave(app) {
  const code = app.state.table?.code;
  if (code && app.state.you !== null) app.send(msg.leave(code));
  app.navigate('#/');
}

// ---- the match

/**
 * The clock of a seat to act, updated in place by the app's ticker.
 * @param {Ctx} ctx
 * @param {number} total
 */
export function clock(ctx, total) {
  return h('div', { class: 'clock', 'data-clock': '', 'data-total': total },
    h('div', { class: 'clock-track' }, h('div', { class: 'clock-bar' })),
    h('span', { class: 'clock-text' }, ''));
}

/**
 * @param {Ctx} ctx
 * @param {ReturnType<typeof gameModule>} mod
 */
function seatsAround(ctx, mod) {
  const s = ctx.app.state;
  const table = /** @type {Record<string, any>} */ (s.table);
  const toAct = new Set(s.game?.to_act ?? []);
  const hasClock = s.game?.deadlineAt !== null && s.game?.deadlineAt !== undefined;
  const total = mod.clockTotal ? mod.clockTotal(ctx) : Number(table.turn_ms) || 30000;
  const out = [];
  for (let seat = 0; seat < ctx.seats; seat += 1) {
    const rel = ctx.rel(seat);
    const pos = seatPosition(rel, ctx.seats, mod.seatRadius ?? 47);
    const info = (table.seats ?? []).find((/** @type {any} */ x) => x.seat === seat) ?? {};
    const team = hasTeams(ctx.game) ? teamOf(seat) : null;
    const acting = toAct.has(seat);
    out.push(h('div', {
      class: `seat rel-${rel} ${team === null ? '' : `team-${team}`} ${acting ? 'acting' : ''} ${seat === ctx.you ? 'mine' : ''} ${info.away ? 'away' : ''}`,
      style: seatStyle(pos),
      dataset: { seat, rel },
    },
    h('div', { class: 'seat-plate' },
      h('bdi', { class: 'seat-name' }, ctx.name(seat)),
      // A bot's level, so everyone knows whom they play against.
      info.kind === 'bot' && info.bot ? h('span', { class: 'badge bot-level seat-bot-level', 'data-key': 'bot-level', dataset: { bot: info.bot } }, botLabel(ctx.app, String(info.bot))) : null,
      info.away ? h('span', { class: 'badge muted away-badge', 'data-key': 'away-badge', title: ctx.t('table.botUntil', { name: ctx.name(seat) }) }, ctx.t('table.awayBot')) : null,
      info.kind === 'human' && !info.connected && !info.away && seat !== ctx.you ? h('span', { class: 'badge muted' }, ctx.t('lobby.offline')) : null,
      mod.plateExtra ? mod.plateExtra(ctx, seat) : null),
    mod.seatExtra(ctx, seat),
    emoteAt(ctx.app, seat),
    acting && hasClock ? clock(ctx, total) : null,
    // A ring that runs out around my own seat while my clock runs (main.js's ticker turns it).
    acting && hasClock && seat === ctx.you ? h('div', { class: 'turn-ring', 'data-ring': '', 'data-total': total, 'aria-hidden': 'true' }) : null));
  }
  return out;
}

/**
 * The reaction a seat just sent, drawn beside its plate for a moment, or null.
 * @param {App} app
 * @param {number} seat
 */
function emoteAt(app, seat) {
  const e = app.ui.emotes.get(seat);
  if (!e || e.until <= Date.now()) return null;
  return h('div', { class: 'seat-emote', 'data-key': 'seat-emote', dataset: { emote: e.id }, role: 'img', 'aria-label': app.t(`chat.${e.id}`) },
    icon(/** @type {import('./icons.js').IconName} */ (e.id)));
}

/** @param {Ctx} ctx */
function scoreBoard(ctx) {
  const s = ctx.app.state;
  const score = s.game?.score ?? [];
  if (!hasTeams(ctx.game)) return kabul.scoreBoard(ctx);
  const target = ctx.game === 'baloot' ? 152 : 101;
  return h('div', { class: 'scoreboard', role: 'group', 'aria-label': ctx.t('table.score') },
    // My team first, each number beside its team's name ("لنا 12 · لهم 0"), isolated so that in
    // right-to-left the numbers never swap sides.
    (ctx.you !== null && teamOf(ctx.you) === 1 ? [1, 0] : [0, 1]).map((team, i) => [
      i ? h('span', { class: 'score-sep', 'aria-hidden': 'true' }, '·') : null,
      h('div', { class: `score team-${team}`, dataset: { team } },
        h('span', { class: 'score-label' }, teamLabel(ctx, team)), ' ',
        h('bdi', { class: 'score-value' }, String(score[team] ?? 0)))]),
    // A daily deal is one hand, a tournament match a fixed number of hands: no target.
    s.table?.daily || s.table?.tournament ? null : h('span', { class: 'score-target' }, ctx.t('table.target', { n: target })));
}

/** @param {Ctx} ctx */
function moveList(ctx) {
  const log = ctx.app.state.game?.log ?? [];
  const faceUpSuit = ctx.game === 'baloot' ? String(ctx.view?.hand?.face_up ?? '').slice(-1) : null;
  return h('ol', { class: 'moves', reversed: true },
    log.slice(-40).reverse().map((e) => {
      const label = actionLabel(ctx.game, e.action, ctx.app.state.lang, { faceUpSuit, name: ctx.name });
      return h('li', null,
        e.seat === null ? '' : [h('bdi', { class: 'who' }, ctx.name(e.seat)), h('span', { class: 'who' }, ': ')],
        // A card ("10♥") has no letters to set its direction: left to right, as written.
        h('bdi', hasStrongText(label) ? null : { dir: 'ltr' }, label));
    }));
}

/**
 * A button for each finished hand whose tricks this page saw, to look at them again.
 * @param {Ctx} ctx
 */
function reviewButtons(ctx) {
  const app = ctx.app;
  const hands = app.state.game?.hands ?? [];
  const done = [...app.ui.pace.hands.keys()].filter((n) => handFinished(hands[n]) && (app.ui.pace.hands.get(n) ?? []).length > 0).sort((a, b) => a - b);
  if (!done.length) return null;
  return h('div', { class: 'review-buttons' },
    done.map((n) => h('button', {
      class: 'btn small ghost', type: 'button', 'data-key': `review-${n}`,
      onclick: () => { app.ui.review = n; app.ui.lastTrick = false; app.ui.panel = false; app.render(); },
    }, ctx.t('table.handTricks', { n: n + 1 }))));
}

/**
 * @param {Ctx} ctx
 * @param {ReturnType<typeof gameModule>} mod
 */
function sidePanel(ctx, mod) {
  const open = ctx.app.ui.panel;
  return h('aside', { class: `side ${open ? 'open' : ''}`, id: 'side-panel' },
    h('section', null, h('h3', null, ctx.t(ctx.game === 'kabul' ? 'kabul.rounds' : 'table.hands')), mod.handsTable(ctx), mod.hasTricks ? reviewButtons(ctx) : null),
    h('section', null, h('h3', null, ctx.t('table.log')), moveList(ctx)),
    // The playing keys are for players; a spectator has nothing to play.
    ctx.app.state.you === null ? null : h('p', { class: 'muted small keys', 'data-key': 'keys' }, ctx.t(ctx.game === 'kabul' ? 'table.keys.kabul' : ctx.game === 'baloot' ? 'table.keys.baloot' : 'table.keys')));
}

/**
 * The hand summary that shows for a few seconds after a hand ends, beside the table or above it
 * (app.css): the next hand goes on in full view.
 * @param {Ctx} ctx
 * @param {ReturnType<typeof gameModule>} mod
 */
function handSummary(ctx, mod) {
  const s = ctx.app.state;
  const sum = s.summary;
  if (!sum || s.game?.finished) return null;
  const SHOW_MS = 7000;
  // The hand's last trick is read first (pace.js): the summary comes once it is off the table,
  // and stays its full time from then.
  const reduced = ctx.app.reducedMotion();
  const from = Math.max(sum.at, clearAt(ctx.app.ui.pace, reduced));
  const now = Date.now();
  if (now < from) {
    ctx.app.wakeAt(from);
    return null;
  }
  if (now >= from + SHOW_MS) return null;
  ctx.app.wakeAt(from + SHOW_MS);
  const tricks = mod.hasTricks ? ctx.app.ui.pace.hands.get(sum.index) ?? [] : [];
  return h('div', { class: 'summary', role: 'status', dataset: { hand: sum.index } },
    h('h3', null, ctx.t(ctx.game === 'kabul' ? 'kabul.roundOver' : 'table.handOver', { n: sum.index + 1 })),
    mod.summary(ctx, sum.hand),
    h('div', { class: 'row summary-buttons' },
      tricks.length ? h('button', { class: 'btn small', type: 'button', 'data-key': 'summary-tricks', onclick: () => { ctx.app.ui.review = sum.index; ctx.app.dispatch({ type: 'dismissSummary' }); } }, ctx.t('table.showTricks')) : null,
      h('button', { class: 'btn small', type: 'button', 'data-key': 'summary-ok', onclick: () => ctx.app.dispatch({ type: 'dismissSummary' }) }, ctx.t('table.close'))));
}

/**
 * A finished trick held on the table for people to read, then swept toward its winner (pace.js);
 * null when none is, and the game's own centre shows.
 * @param {Ctx} ctx
 */
function heldTrick(ctx) {
  const pace = ctx.app.ui.pace;
  const held = pace.held;
  const now = Date.now();
  const reduced = ctx.app.reducedMotion();
  const phase = heldPhase(pace, now, reduced);
  if (!held || !phase) return null;
  const next = nextChange(pace, now, reduced);
  if (next !== null) ctx.app.wakeAt(next);
  return trickCards(ctx, held.cards, { done: true, held: true, winner: held.winner, sweep: phase === 'sweep' ? now - (held.at + HOLD_MS) : null });
}

/**
 * The last finished trick: the current hand's, else the last one of the hand just over.
 * @param {Ctx} ctx
 */
function lastTrickView(ctx) {
  const facts = trickFacts(ctx.game, ctx.view);
  const last = lastDone(ctx.app.ui.pace, facts);
  /** @type {number | null} */
  let ofHand = null;
  if (last && !(facts && facts.done.length)) {
    for (const [n, tricks] of ctx.app.ui.pace.hands) if (tricks[tricks.length - 1] === last) ofHand = n;
  }
  return lastTrickPanel(ctx, last ? last.cards : null, last ? last.winner : null, ofHand);
}

/**
 * The tricks of a finished hand, when the person opened them.
 * @param {Ctx} ctx
 */
function handReview(ctx) {
  const hand = ctx.app.ui.review;
  if (hand === null) return null;
  const tricks = ctx.app.ui.pace.hands.get(hand);
  return tricks && tricks.length ? handTricksPanel(ctx, hand, tricks) : null;
}

/**
 * The result of a finished match, with the rematch.
 * @param {Ctx} ctx
 * @param {ReturnType<typeof gameModule>} mod
 */
function matchResult(ctx, mod) {
  const s = ctx.app.state;
  const g = s.game;
  const table = /** @type {Record<string, any>} */ (s.table);
  // A daily deal's table ends when the day's deals are played (each deal a match of one hand); a
  // tournament match after its number of hands.
  const over = g?.finished || table.daily?.done || (table.tournament && table.status === 'finished');
  if (!g || !over || table.status === 'playing') return null;
  // The trick that ended the match is read first, like any other (pace.js).
  const clear = mod.hasTricks ? clearAt(ctx.app.ui.pace, ctx.app.reducedMotion()) : 0;
  if (Date.now() < clear) {
    ctx.app.wakeAt(clear);
    return null;
  }
  const daily = table.daily;
  const tournament = table.tournament;
  const canRematch = ctx.you !== null && !daily && !tournament;
  const ui = ctx.app.ui;
  const match = String(table.game_id ?? '');
  // Closed to look at the table (Kabul's grids, all turned up); a button brings it back.
  if (ui.resultClosed === match) {
    return h('div', { class: 'result-reopen' },
      h('button', { class: 'btn primary', type: 'button', 'data-key': 'result-open', onclick: () => { ui.resultClosed = null; ctx.app.render(); } }, ctx.t('table.showResult')));
  }
  return h('div', { class: 'result', role: 'dialog', 'aria-labelledby': 'result-title' },
    h('button', { class: 'btn ghost small result-close', type: 'button', 'data-key': 'result-close', 'aria-label': ctx.t('table.close'), title: ctx.t('table.close'), onclick: () => { ui.resultClosed = match; ctx.app.render(); } }, '×'),
    h('h2', { id: 'result-title' }, daily ? ctx.t('daily.finished') : ctx.t('table.matchOver')),
    // Who won a tournament match (a no-show loses whatever the score) is on its standings.
    daily || tournament ? null : h('p', { class: 'winner' }, mod.winnerText(ctx, g.winner)),
    mod.finalScore(ctx),
    ratingChangeLine(ctx),
    h('div', { class: 'row' },
      canRematch ? h('button', { class: 'btn primary', type: 'button', 'data-key': 'rematch', onclick: () => ctx.app.send(msg.rematch(table.code)) }, ctx.t('table.rematch')) : null,
      daily ? h('a', { class: 'btn primary', href: `#/daily/${daily.day}/${daily.game}`, 'data-key': 'daily-standings' }, ctx.t('daily.standings')) : null,
      tournament ? h('a', { class: 'btn primary', href: `#/tournaments/${encodeURIComponent(String(tournament.id))}`, 'data-key': 'tournament-standings' }, ctx.t('tournament.standings')) : null,
      table.game_id ? h('a', { class: 'btn', href: `#/replay/${encodeURIComponent(table.game_id)}` }, ctx.t('table.replay')) : null,
      h('a', { class: 'btn ghost', href: '#/' }, ctx.t('table.home'))));
}

/**
 * A rated match's end: what it did to one's own rating (players only; the table frame carries
 * every seat's change).
 * @param {Ctx} ctx
 */
function ratingChangeLine(ctx) {
  const mine = ownChange(ctx.app.state.table?.rating_changes, ctx.app.state.me?.id);
  if (!mine) return null;
  const params = { before: ratingText(mine.before), after: ratingText(mine.after), change: changeText(mine.before, mine.after) };
  return h('p', { class: `rating-change ${changeClass(mine.before, mine.after)}`, 'data-key': 'rating-change' }, ctx.app.tn('players.result.yours', params));
}

/**
 * The sounds' toggle (sounds and vibration; remembered in this browser).
 * @param {App} app
 */
function muteButton(app) {
  const muted = app.alerts.muted;
  const label = app.t(muted ? 'table.unmute' : 'table.mute');
  return h('button', {
    class: `btn small ghost mute-btn ${muted ? 'muted' : ''}`, type: 'button', 'data-key': 'mute', 'aria-pressed': String(muted), 'aria-label': label, title: label,
    onclick: () => { app.alerts.setMuted(!muted); app.render(); },
  }, icon(muted ? 'soundOff' : 'sound'));
}

/**
 * A line for each seat a bot plays while its person is away or has left: everyone at the table
 * sees who is missing and that the seat goes on ("Played by a bot until Sara returns").
 * @param {Ctx} ctx
 */
function takeoverNotes(ctx) {
  const s = ctx.app.state;
  if (s.table?.status !== 'playing') return null;
  const away = (/** @type {any[]} */ (s.table?.seats ?? [])).filter((x) => x.kind === 'human' && x.away);
  if (!away.length) return null;
  return h('div', { class: 'takeover', role: 'status' },
    away.map((x) => h('p', { class: 'takeover-note', dataset: { seat: x.seat } }, ctx.tn('table.botUntil', { name: ctx.name(Number(x.seat)) }))));
}

/**
 * Whom the table waits for, said as what happens: a person at their seat ("Waiting for Nasser…"),
 * one who dropped and may come back ("Waiting for Nasser to reconnect…"), or one a bot plays for
 * ("Nasser is away — a bot plays for them").
 * @param {Ctx} ctx
 * @param {number} seat
 */
function waitingNote(ctx, seat) {
  const info = (/** @type {any[]} */ (ctx.app.state.table?.seats ?? [])).find((x) => x.seat === seat) ?? {};
  const key = info.kind !== 'human' ? 'table.waiting' : info.away ? 'table.awayNote' : info.connected === false ? 'table.waitingReconnect' : 'table.waiting';
  return h('span', { class: `turn-note ${info.away ? 'away-note' : ''}`, 'data-key': 'turn-note' }, ctx.tn(key, { name: ctx.name(seat) }));
}

/** @param {App} app */
function renderMatch(app) {
  const ctx = makeCtx(app);
  const mod = gameModule(ctx.game);
  mod.prepare?.(ctx);
  const s = app.state;
  const table = /** @type {Record<string, any>} */ (s.table);
  const status = ctx.myTurn
    ? h('span', { class: 'turn-note mine' }, ctx.t('table.yourTurn'))
    : (s.game?.to_act ?? []).length === 1 ? waitingNote(ctx, Number(s.game?.to_act[0])) : null;
  return h('main', { class: `screen match game-${ctx.game} seats-${ctx.seats} ${ctx.myTurn ? 'my-turn' : ''}`, dataset: { game: ctx.game, stage: mod.stageName(ctx) } },
    h('div', { class: 'match-bar' },
      h('span', { class: 'match-title' }, ctx.t(`game.${ctx.game}.short`) === `game.${ctx.game}.short` ? ctx.t(`game.${ctx.game}`) : ctx.t(`game.${ctx.game}.short`), ' · ', h('span', { class: 'code', dir: 'ltr' }, String(table.code)),
        table.hints ? h('span', { class: 'badge hints-on', 'data-key': 'hints-on' }, ctx.t('table.hintsOn')) : null,
        table.rated ? h('span', { class: 'badge rated', 'data-key': 'rated' }, ctx.t('players.rated')) : null),
      scoreBoard(ctx),
      mod.contractInfo(ctx),
      h('div', { class: 'match-buttons' },
        mod.hasTricks ? h('button', { class: `btn small ghost ${app.ui.lastTrick ? 'on' : ''}`, type: 'button', 'data-key': 'last-trick', 'aria-pressed': String(app.ui.lastTrick), onclick: () => { app.ui.lastTrick = !app.ui.lastTrick; app.ui.review = null; app.render(); } }, ctx.t('table.lastTrick')) : null,
        h('button', {
          class: `btn small ghost ${app.ui.rulesOpen ? 'on' : ''}`, type: 'button', 'data-key': 'rules-open', 'aria-haspopup': 'dialog',
          onclick: () => { app.ui.rulesOpen = !app.ui.rulesOpen; app.render(); /** @type {HTMLElement | null} */ (document.getElementById('rules-dialog-title'))?.focus(); },
        }, ctx.t('rules.howTo')),
        muteButton(app),
        chatToggle(app),
        h('button', { class: `btn small ghost panel-btn ${app.ui.panel ? 'on' : ''}`, type: 'button', 'data-key': 'panel', 'aria-expanded': String(app.ui.panel), 'aria-controls': 'side-panel', onclick: () => { app.ui.panel = !app.ui.panel; app.render(); } }, ctx.t('table.panel')),
        h('button', { class: 'btn small ghost', type: 'button', 'data-key': 'leave', onclick: () => { if (s.you === null || window.confirm(ctx.t('table.sure'))) leave(app); } }, ctx.t('table.leave')))),
    h('div', { class: `match-body ${app.ui.chatOpen ? 'chat-open' : ''}` },
      h('div', { class: 'play-area' },
        h('div', { class: `felt seats-${ctx.seats}` },
          seatsAround(ctx, mod),
          h('div', { class: 'center' }, (mod.hasTricks ? heldTrick(ctx) : null) ?? mod.center(ctx)),
          app.ui.lastTrick && mod.hasTricks ? lastTrickView(ctx) : null,
          mod.hasTricks ? handReview(ctx) : null),
        // After the felt, which tells whether a finished trick lies on it.
        h('div', { class: 'status-line', 'aria-live': 'polite' },
          typeof ctx.trickWonBy === 'number' ? h('span', { class: 'trick-won', 'data-key': 'trick-won' }, ctx.tn('table.tookTrick', { name: ctx.name(ctx.trickWonBy) })) : null,
          status, s.you === null ? h('span', { class: 'muted' }, ctx.t('table.spectator')) : null,
          s.table?.daily ? h('span', { class: 'muted daily-progress', 'data-key': 'daily-progress' }, ctx.t('daily.progress', { n: Number(s.table.daily.deal) + 1, total: Number(s.table.daily.deals) })) : null,
          s.table?.tournament ? h('span', { class: 'muted daily-progress', 'data-key': 'tournament-progress' }, ctx.t('tournament.progress', { round: Number(s.table.tournament.round), hands: Number(s.table.tournament.hands) })) : null),
        takeoverNotes(ctx),
        playedForMeText(app) ? h('p', { class: 'played-for-me', 'data-key': 'played-for-me' }, playedForMeText(app)) : null,
        h('div', { class: 'actions' }, mod.actions(ctx), hintBar(ctx)),
        mod.hand(ctx)),
      // Beside the table (in the side column), or above it on a narrow screen: never over the
      // next hand, which is dealt at once.
      handSummary(ctx, mod),
      sidePanel(ctx, mod),
      chatPanel(app),
      // The first-game tip: under the side column (a row of its own, past the rows the play area
      // spans), or over the page's head on a narrow screen; never in the play area, where it
      // would push the hand down.
      guideTip(ctx)),
    matchResult(ctx, mod),
    rulesDialog(app, ctx.game));
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderTable(app) {
  const s = app.state;
  if (s.closed) {
    return h('main', { class: 'screen center-note' }, h('p', null, app.t('lobby.closed')), h('a', { class: 'btn', href: '#/' }, app.t('table.home')));
  }
  if (!s.me) {
    return h('main', { class: 'screen center-note invite-landing' }, invitePreview(app), h('p', null, app.t('home.needName')), nameForm(app));
  }
  if (!s.table) {
    const missing = s.error && s.error.code === 'no_table';
    return h('main', { class: 'screen center-note' },
      h('p', null, missing ? app.t('error.no_table') : app.t('conn.connecting')),
      h('a', { class: 'btn', href: '#/' }, app.t('table.home')));
  }
  const inMatch = s.table.status === 'playing' || (s.table.status === 'finished' && s.game?.view);
  return inMatch ? renderMatch(app) : renderLobby(app);
}

/**
 * What an invite link leads to, for its reader before they choose a name: the game, the host, the
 * rules and who sits where (`GET /api/tables/{code}`); nothing while it loads or when the server
 * does not know the table.
 * @param {App} app
 */
function invitePreview(app) {
  const code = app.state.route.code;
  if (!code) return null;
  const got = app.ui.preview;
  if (!got || got.code !== code) {
    app.ui.preview = { code, table: null };
    api.tablePreview(code).then((table) => { app.ui.preview = { code, table }; app.render(); }, () => {});
    return null;
  }
  const t = got.table;
  if (!t) return null;
  const game = String(t.game);
  const rules = rulesSummary(app, game, t.rules ?? {}, t);
  const seats = /** @type {any[]} */ (t.seats ?? []);
  const taken = seats.filter((x) => x.kind !== 'empty').length;
  return h('section', { class: 'card-panel invite-preview', 'data-key': 'invite-preview' },
    h('h2', { 'data-key': 'invite-game' }, app.t(`game.${game}`)),
    h('p', { 'data-key': 'invite-host' }, app.tn('invite.host', { name: String(t.host ?? '') })),
    h('p', { class: 'muted', 'data-key': 'invite-rules' }, app.t('lobby.turn', { n: Math.round(Number(t.turn_ms) / 1000) }), rules ? ` · ${app.t('lobby.rules', { rules })}` : '', ' ', rulesLink(app, game)),
    h('p', { class: 'muted small', 'data-key': 'invite-taken' }, app.t('home.open.seats', { taken, total: seats.length })),
    h('ul', { class: 'invite-seats', 'data-key': 'invite-seats' }, seats.map((x) => h('li', { dataset: { kind: String(x.kind) } },
      h('span', { class: 'muted' }, app.t('seat.n', { n: Number(x.seat) + 1 }), ': '),
      x.kind === 'empty' ? h('em', null, app.t('lobby.empty'))
        : x.kind === 'bot' ? `${app.t('lobby.bot')} · ${botLabel(app, String(x.bot ?? ''))}`
          : h('bdi', null, String(x.name ?? ''))))));
}

/**
 * The name form for someone who opens an invite link first.
 * @param {App} app
 */
function nameForm(app) {
  return h('form', { class: 'row', onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    if (app.ui.nameDraft.trim()) app.ensurePlayer(app.ui.nameDraft);
    else app.dispatch({ type: 'localError', code: 'empty_name', message: app.t('error.emptyName'), now: Date.now() });
  } },
  h('input', {
    type: 'text', 'data-key': 'name', maxlength: 24, 'aria-label': app.t('home.name'), placeholder: app.t('home.name.placeholder'), value: app.ui.nameDraft,
    oninput: (/** @type {Event} */ e) => { app.ui.nameDraft = /** @type {HTMLInputElement} */ (e.target).value; },
  }),
  h('button', { class: 'btn primary', type: 'submit' }, app.t('home.joinButton')));
}
