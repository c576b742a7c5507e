// @ts-check
/**
 * The client's state and the reducer that applies server messages and local happenings to it.
 * Pure and synchronous: the same messages always give the same state, which the unit tests check.
 *
 * Versions: every table message carries the table's version. A `sync` replaces the match state; an
 * `event` is applied only if its version is newer than what the client holds (a duplicate or a
 * late one after a resync is dropped). Each `event` carries the full per-seat view, so even a lost
 * event leaves the screen right; only the move list can miss a line, and a `resume` refills it.
 * @module
 */

import { normalizeLang } from './i18n.js';
import { emptyChat, chatAfterSync, chatAfterFrame, chatSent, chatAfterRefusal, lastSeq } from './chat.js';

/** How many moves the client keeps for its move list. */
export const LOG_LIMIT = 300;

/**
 * @typedef {object} GameState
 * @property {string} code
 * @property {number} version
 * @property {any} view
 * @property {string[] | null} order  my held cards in the order to show them (the engine's display order), null when the server sends none
 * @property {number[]} to_act
 * @property {string[]} legal
 * @property {number | null} deadlineAt  client clock (ms) when the current decision times out
 * @property {number | null} deadlineMs  the time left when it was announced
 * @property {{version: number, seat: number | null, action: string}[]} log
 * @property {any[]} hands
 * @property {number[]} score
 * @property {boolean} finished
 * @property {any} winner
 * @property {number} at  client clock of the last update
 */

/**
 * @typedef {object} State
 * @property {import('./i18n.js').Lang} lang
 * @property {{id: string, name: string, account?: boolean} | null} me  the signed-in player (its session is the HttpOnly cookie, which script never reads)
 * @property {{status: 'idle' | 'connecting' | 'open' | 'reconnecting', attempt: number}} conn
 * @property {{name: 'home' | 'table' | 'replay' | 'profile' | 'leaderboard' | 'rules' | 'daily' | 'tournaments', code?: string, invite?: string, gameId?: string, playerId?: string, game?: string, day?: string, tournamentId?: string}} route
 * @property {Record<string, any> | null} table
 * @property {number | null} you
 * @property {boolean} closed
 * @property {number} version  the newest table version seen
 * @property {GameState | null} game
 * @property {{index: number, hand: any, at: number} | null} summary
 * @property {{code: string, message: string, reason?: Record<string, unknown>, at: number} | null} error  `reason`: the engine's refusal as data (code and parameters), when it refused an action
 * @property {{action: string, version: number} | null} pending
 * @property {boolean} needResume
 * @property {{hand: number, commitment: string} | null} commitment
 * @property {Record<string, any> | null} hint  the latest `hint` frame for this table (shown while its version is the game's)
 * @property {number | null} hintAsked  the game version a hint was asked at, until it comes
 * @property {import('./chat.js').ChatState} chat  the table's chat (chat.js)
 */

/**
 * @param {{lang?: unknown}} [init]
 * @returns {State}
 */
export function initialState(init = {}) {
  return {
    lang: normalizeLang(init.lang),
    me: null,
    conn: { status: 'idle', attempt: 0 },
    route: { name: 'home' },
    table: null,
    you: null,
    closed: false,
    version: 0,
    game: null,
    summary: null,
    error: null,
    pending: null,
    needResume: false,
    commitment: null,
    hint: null,
    hintAsked: null,
    chat: emptyChat(),
  };
}

/**
 * Whether a hand summary (Kout, Baloot: per hand; Kabul: per round) is final.
 * @param {any} hand
 */
export function handFinished(hand) {
  if (!hand || typeof hand !== 'object') return false;
  if (hand.void === true) return true;
  // A Baloot hand ended by Kawesh has no score: it is over all the same.
  if (hand.ended_by === 'kawesh') return true;
  if ('scores' in hand) return Array.isArray(hand.scores);
  return Array.isArray(hand.score);
}

/**
 * The index of the newest hand that is finished in `next` but was not in `prev`, or -1.
 * @param {any[]} prev
 * @param {any[]} next
 */
export function newlyFinishedHand(prev, next) {
  for (let i = next.length - 1; i >= 0; i -= 1) {
    if (handFinished(next[i]) && !handFinished(prev[i])) return i;
  }
  return -1;
}

/**
 * The match fields shared by `sync` and `event`.
 * @param {Record<string, any>} m
 * @param {number} now
 */
function matchFields(m, now) {
  const deadlineMs = typeof m.deadline_ms === 'number' ? m.deadline_ms : null;
  return {
    view: m.view ?? null,
    order: Array.isArray(m.order) ? m.order.filter((/** @type {unknown} */ c) => typeof c === 'string') : null,
    to_act: Array.isArray(m.to_act) ? m.to_act : [],
    legal: Array.isArray(m.legal) ? m.legal.filter((/** @type {unknown} */ a) => typeof a === 'string') : [],
    deadlineMs,
    deadlineAt: deadlineMs === null ? null : now + deadlineMs,
    hands: Array.isArray(m.hands) ? m.hands : [],
    score: Array.isArray(m.score) ? m.score : [],
    finished: Boolean(m.finished),
    winner: m.winner ?? null,
    at: now,
  };
}

/**
 * Merges a sync's log into the one held: entries are unique by version and kept in order.
 * @param {GameState['log']} held
 * @param {unknown} incoming
 */
export function mergeLog(held, incoming) {
  if (!Array.isArray(incoming)) return held;
  /** @type {Map<number, GameState['log'][number]>} */
  const byVersion = new Map();
  for (const e of held) byVersion.set(e.version, e);
  for (const e of incoming) {
    if (e && typeof e.version === 'number' && typeof e.action === 'string') {
      byVersion.set(e.version, { version: e.version, seat: typeof e.seat === 'number' ? e.seat : null, action: e.action });
    }
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version).slice(-LOG_LIMIT);
}

/**
 * @param {State} state
 * @param {Record<string, any>} m
 * @param {number} now
 * @returns {State}
 */
function onServer(state, m, now) {
  switch (m.type) {
    case 'welcome':
      // The socket says who it is; whether that player is an account came over HTTP and is kept.
      if (!m.player || typeof m.player.id !== 'string') return state;
      return { ...state, me: { ...(state.me?.id === m.player.id ? state.me : {}), id: m.player.id, name: String(m.player.name ?? '') } };
    case 'table': {
      const table = m.table;
      if (!table || typeof table.code !== 'string') return state;
      // Messages about a table other than the one on screen (still subscribed from before).
      if (state.route.name === 'table' && state.route.code !== table.code) return state;
      if (state.route.name === 'replay') return state;
      if (table.status === 'closed') {
        if (state.table && state.table.code !== table.code) return state;
        return { ...state, closed: true, you: null, game: null, pending: null };
      }
      const sameTable = state.table?.code === table.code || state.game?.code === table.code;
      const version = Math.max(sameTable ? state.version : 0, Number(table.version) || 0);
      let game = sameTable ? state.game : null;
      // A new match at the same table (a rematch) starts a new move list, and nothing of the
      // last match stays on the table (its cards, its scores) while the new deal is on its way.
      if (game && state.table && table.game_id && state.table.game_id && table.game_id !== state.table.game_id) {
        game = { ...game, log: [], hands: [], finished: false, winner: null, view: null, order: null, to_act: [], legal: [], deadlineMs: null, deadlineAt: null, score: game.score.map(() => 0) };
      }
      return {
        ...state,
        table,
        you: typeof m.you === 'number' ? m.you : null,
        closed: false,
        version,
        game,
        summary: sameTable ? state.summary : null,
      };
    }
    case 'sync': {
      if (typeof m.table !== 'string' || !state.table || state.table.code !== m.table) return state;
      const version = Number(m.version) || 0;
      const held = state.game && state.game.code === m.table ? state.game.log : [];
      /** @type {GameState} */
      const game = { code: m.table, version, log: mergeLog(held, m.log), ...matchFields(m, now) };
      return {
        ...state,
        game,
        version: Math.max(state.version, version),
        needResume: false,
        pending: null,
        commitment: m.commitment && typeof m.commitment === 'object' ? m.commitment : state.commitment,
        chat: chatAfterSync(state.chat, m.table, m.chat),
      };
    }
    case 'chat':
      // Only the table on screen's; the server sends each socket only the channels it may read.
      if (typeof m.table !== 'string' || !state.table || state.table.code !== m.table) return state;
      return { ...state, chat: chatAfterFrame(state.chat, m.table, m) };
    case 'event': {
      if (typeof m.table !== 'string' || !state.table || state.table.code !== m.table) return state;
      const version = Number(m.version) || 0;
      const prev = state.game && state.game.code === m.table ? state.game : null;
      if (prev && version <= prev.version) return state;
      const fields = matchFields(m, now);
      const entry = { version, seat: typeof m.seat === 'number' ? m.seat : null, action: String(m.action ?? '') };
      const log = [...(prev?.log ?? []), entry].slice(-LOG_LIMIT);
      const finishedHand = newlyFinishedHand(prev?.hands ?? [], fields.hands);
      return {
        ...state,
        game: { code: m.table, version, log, ...fields },
        version: Math.max(state.version, version),
        pending: null,
        summary: finishedHand >= 0 ? { index: finishedHand, hand: fields.hands[finishedHand], at: now } : state.summary,
      };
    }
    case 'error': {
      const code = typeof m.code === 'string' ? m.code : 'internal';
      if (state.hintAsked !== null) state = { ...state, hintAsked: null };
      // Someone acted first: the state moved on. Resynchronise quietly; the new state tells the
      // player what happened.
      if (code === 'stale') return { ...state, pending: null, needResume: true };
      // An invite link opened while the match is under way: the app watches the table instead
      // (main.js spectates), which is no error to show.
      if (code === 'seat_taken' && state.route.name === 'table' && !state.table) return { ...state, pending: null };
      // One's own chat message refused (too many at once, a spectator where the host turned their
      // chat off): the chat box says so beside the words, which were not said.
      const chat = chatAfterRefusal(state.chat, m);
      if (chat) return { ...state, chat };
      const reason = m.reason && typeof m.reason === 'object' && !Array.isArray(m.reason) && typeof m.reason.code === 'string' ? m.reason : null;
      return { ...state, pending: null, error: { code, message: String(m.message ?? ''), ...(reason ? { reason } : {}), at: now } };
    }
    case 'notice': {
      // An operator's bot misbehaved at this table: a passing note, shown like an error.
      if (typeof m.table !== 'string' || !state.table || state.table.code !== m.table) return state;
      const code = typeof m.code === 'string' ? m.code : 'notice';
      return { ...state, error: { code, message: String(m.message ?? ''), at: now } };
    }
    case 'hint':
      // Only for the table on screen; the view shows it while the game is still at its version.
      if (typeof m.table !== 'string' || !state.table || state.table.code !== m.table || typeof m.action !== 'string') return state;
      return { ...state, hint: m, hintAsked: null };
    case 'commitment':
      return typeof m.hand === 'number' ? { ...state, commitment: { hand: m.hand, commitment: String(m.commitment ?? '') } } : state;
    default:
      return state;
  }
}

/**
 * @typedef {{type: 'server', msg: Record<string, any>, now: number}
 *   | {type: 'conn', status: State['conn']['status'], attempt?: number}
 *   | {type: 'route', route: State['route']}
 *   | {type: 'player', player: {id: string, name: string, account?: boolean}}
 *   | {type: 'logout'}
 *   | {type: 'lang', lang: unknown}
 *   | {type: 'sent', msg: Record<string, any>}
 *   | {type: 'localError', code: string, message: string, now: number}
 *   | {type: 'dismissError'}
 *   | {type: 'dismissSummary'}
 *   | {type: 'resumeSent'}
 *   | {type: 'chatRead'}
 *   | {type: 'leftTable'}} Action
 */

/**
 * The next state.
 * @param {State} state
 * @param {Action} action
 * @returns {State}
 */
export function reduce(state, action) {
  switch (action.type) {
    case 'server':
      return onServer(state, action.msg, action.now);
    case 'conn': {
      // Back online: an "Offline" refusal from the outage is over.
      const error = action.status === 'open' && state.error?.code === 'offline' ? null : state.error;
      return { ...state, conn: { status: action.status, attempt: action.attempt ?? 0 }, error };
    }
    case 'route': {
      const leaving = state.route.name === 'table' && (action.route.name !== 'table' || action.route.code !== state.route.code);
      if (!leaving) return { ...state, route: action.route };
      return { ...state, route: action.route, table: null, you: null, game: null, closed: false, summary: null, pending: null, version: 0, error: null, chat: emptyChat() };
    }
    case 'player':
      return { ...state, me: action.player };
    case 'logout':
      return { ...state, me: null };
    case 'lang':
      return { ...state, lang: normalizeLang(action.lang) };
    case 'sent':
      if (action.msg.type === 'act') return { ...state, pending: { action: String(action.msg.action), version: Number(action.msg.version) }, error: null };
      if (action.msg.type === 'hint') return { ...state, hintAsked: state.game?.version ?? null, error: null };
      if (action.msg.type === 'chat') return { ...state, chat: chatSent(state.chat, action.msg) };
      return state;
    case 'localError':
      return { ...state, error: { code: action.code, message: action.message, at: action.now } };
    case 'dismissError':
      return { ...state, error: null };
    case 'dismissSummary':
      return { ...state, summary: null };
    case 'resumeSent':
      return { ...state, needResume: false };
    case 'chatRead':
      return { ...state, chat: { ...state.chat, readSeq: Math.max(state.chat.readSeq, lastSeq(state.chat.lines)) } };
    case 'leftTable':
      return { ...state, table: null, you: null, game: null, summary: null, pending: null, version: 0, chat: emptyChat() };
    default:
      return state;
  }
}

// ---- selectors

/** @param {State} state */
export function isMyTurn(state) {
  return Boolean(state.game && state.you !== null && state.game.to_act.includes(state.you));
}

/**
 * My legal actions now (empty when it is not my turn).
 * @param {State} state
 * @returns {Set<string>}
 */
export function legalSet(state) {
  return new Set(isMyTurn(state) ? state.game?.legal ?? [] : []);
}

/**
 * The cards I may play now, as notation codes.
 * @param {State} state
 * @returns {Set<string>}
 */
export function playableCards(state) {
  const out = new Set();
  for (const a of legalSet(state)) {
    const m = /^play (\S+)$/.exec(a);
    if (m) out.add(m[1].toUpperCase());
  }
  return out;
}

/**
 * Milliseconds left for the current decision, or null when nobody's clock runs.
 * @param {State} state
 * @param {number} now
 */
export function timeLeft(state, now) {
  const at = state.game?.deadlineAt;
  return typeof at === 'number' ? Math.max(0, at - now) : null;
}

/**
 * Whether I am the host of the table.
 * @param {State} state
 */
export function isHost(state) {
  return Boolean(state.me && state.table && state.table.host === state.me.id);
}
