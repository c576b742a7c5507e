// @ts-check
/**
 * The client side of docs/protocol.md: building the messages a client sends, reading the ones the
 * server sends, and small facts about tables (seats, teams) the views need. Pure.
 * @module
 */

import { parseCard, cardText, SUIT_SYMBOL } from './cards.js';
import { translate } from './i18n.js';

/** The games the server plays. */
export const GAMES = ['kout6', 'kout4', 'baloot', 'kabul'];

/** Message types the server sends. */
export const SERVER_TYPES = ['welcome', 'table', 'sync', 'event', 'commitment', 'reveal', 'error', 'pong'];

/**
 * Reads one frame from the server. Null for anything that is not a JSON object with a known
 * string `type` (ignored rather than trusted).
 * @param {unknown} text
 * @returns {Record<string, any> | null}
 */
export function parseServerMessage(text) {
  if (typeof text !== 'string') return null;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  if (typeof value.type !== 'string' || !SERVER_TYPES.includes(value.type)) return null;
  return value;
}

/** Numbers the messages this client sends, so replies can be matched. */
export class Outbox {
  constructor() {
    this.next = 1;
  }

  /**
   * @param {string} type
   * @param {Record<string, unknown>} [fields]
   * @returns {Record<string, unknown>}
   */
  make(type, fields = {}) {
    const msg = { type, ...fields, id: this.next };
    this.next += 1;
    return msg;
  }
}

/** Builders for every client → server message, each with its fields as the protocol names them. */
export const msg = {
  /**
   * @param {{game: string, rules?: Record<string, unknown>, turn_ms?: number, public?: boolean}} o
   */
  createTable: (o) => ({
    type: 'create_table',
    game: o.game,
    ...(o.rules && Object.keys(o.rules).length ? { rules: o.rules } : {}),
    ...(o.turn_ms ? { turn_ms: o.turn_ms } : {}),
    public: Boolean(o.public),
  }),
  /** @param {string} table @param {number} [seat] */
  join: (table, seat) => ({ type: 'join', table, ...(seat === undefined ? {} : { seat }) }),
  /** @param {string} table */
  spectate: (table) => ({ type: 'spectate', table }),
  /** @param {string} table */
  leave: (table) => ({ type: 'leave', table }),
  /** @param {string} table @param {number} seat @param {string | null} bot */
  setBot: (table, seat, bot) => ({ type: 'set_bot', table, seat, bot }),
  /** @param {string} table @param {string} [bot] */
  fillBots: (table, bot = 'heuristic') => ({ type: 'fill_bots', table, bot }),
  /** @param {string} table */
  start: (table) => ({ type: 'start', table }),
  /** @param {string} table @param {string} action @param {number | null | undefined} version */
  act: (table, action, version) => ({ type: 'act', table, action, ...(typeof version === 'number' ? { version } : {}) }),
  /** @param {string} table */
  rematch: (table) => ({ type: 'rematch', table }),
  /** @param {string} table @param {number | null | undefined} since */
  resume: (table, since) => ({ type: 'resume', table, ...(typeof since === 'number' ? { since } : {}) }),
  ping: () => ({ type: 'ping' }),
};

/**
 * Normalises a table code as the server does (trimmed, upper case); null if it cannot be one.
 * @param {unknown} text
 */
export function normalizeCode(text) {
  if (typeof text !== 'string') return null;
  const code = text.trim().toUpperCase();
  return /^[A-Z0-9]{3,12}$/.test(code) ? code : null;
}

/**
 * The team of a seat in the team games (even seats team 0).
 * @param {number} seat
 */
export function teamOf(seat) {
  return seat % 2;
}

/**
 * How a hand's score reads from a seat: `good` when the seat's team scored more than the other,
 * `bad` when less, `even` otherwise and for spectators (`you` null), who take no side.
 * @param {number | null} you
 * @param {number[]} score  the hand's points per team
 * @returns {'good' | 'bad' | 'even'}
 */
export function scoreTone(you, score) {
  if (you === null) return 'even';
  const ours = score[teamOf(you)] ?? 0;
  const theirs = score[1 - teamOf(you)] ?? 0;
  if (ours > theirs) return 'good';
  return ours < theirs ? 'bad' : 'even';
}

/** @param {string} game */
export function hasTeams(game) {
  return game !== 'kabul';
}

/**
 * How many seats a game has.
 * @param {string} game
 * @param {Record<string, any>} [rules]
 */
export function seatCount(game, rules = {}) {
  switch (game) {
    case 'kout6': return 6;
    case 'kout4':
    case 'baloot': return 4;
    case 'kabul': return Number.isInteger(rules.players) ? rules.players : 4;
    default: return 4;
  }
}

/**
 * Where `seat` sits on the screen relative to the viewer (0 = the viewer, at the bottom; then
 * counter-clockwise as at a real table: right, top, left).
 * @param {number} seat
 * @param {number | null | undefined} you
 * @param {number} seats
 */
export function relativeSeat(seat, you, seats) {
  return (seat - (you ?? 0) + seats) % seats;
}

/**
 * Screen position (percent of the table area) of a relative seat: the viewer at the bottom, the
 * next seat (seat + 1) to the right, going counter-clockwise. Not mirrored in right-to-left
 * layouts: the table is the same table in every language.
 * @param {number} rel
 * @param {number} seats
 * @param {number} [radius] percent from the centre
 */
export function seatPosition(rel, seats, radius = 42) {
  const theta = ((90 - (rel * 360) / seats) * Math.PI) / 180;
  const x = 50 + radius * Math.cos(theta);
  const y = 50 + radius * Math.sin(theta);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/**
 * The inline style that puts a seat's box at a position, pulled inward by its own size (a box at
 * the top edge hangs below its point, one at the bottom sits above it), so it stays on the table.
 * @param {{x: number, y: number}} pos
 */
export function seatStyle(pos) {
  return { left: `${pos.x}%`, top: `${pos.y}%`, transform: `translate(-${pos.x}%, -${pos.y}%)` };
}

/**
 * The display name of a seat: the player's name, a bot's label, or an empty-seat label.
 * @param {Record<string, any> | null | undefined} table
 * @param {number | null | undefined} seat
 * @param {import('./i18n.js').Lang} lang
 */
export function seatName(table, seat, lang) {
  if (seat === null || seat === undefined) return '';
  const s = table?.seats?.find((/** @type {any} */ x) => x.seat === seat);
  if (!s) return translate(lang, 'seat.n', { n: seat + 1 });
  if (s.kind === 'bot') return `${translate(lang, 'lobby.bot')} ${seat + 1}`;
  if (s.kind === 'empty' || !s.name) return translate(lang, 'lobby.empty');
  return String(s.name);
}

/**
 * An action in words, for the move list and the bubbles at the seats.
 * @param {string} game
 * @param {string} action
 * @param {import('./i18n.js').Lang} lang
 * @param {{faceUpSuit?: string | null}} [ctx]
 */
export function actionLabel(game, action, lang, ctx = {}) {
  const t = (/** @type {string} */ k, /** @type {import('./i18n.js').Params | undefined} */ p = undefined) => translate(lang, k, p);
  const words = String(action).trim().split(/\s+/);
  const [verb, arg, arg2] = words;
  const suit = (/** @type {string | undefined} */ s) => (s && s.toUpperCase() in SUIT_SYMBOL ? `${SUIT_SYMBOL[/** @type {'S'} */ (s.toUpperCase())]} ${t(`suit.${s.toUpperCase()}`)}` : '');
  switch (verb) {
    case 'deal': return t('action.deal');
    case 'pass': return game === 'kabul' ? t('kabul.pass') : t('action.pass');
    case 'close': return t('action.close');
    case 'play': {
      const c = parseCard(arg);
      return c ? cardText(c, t('card.joker')) : action;
    }
    case 'bid': {
      const n = Number(arg);
      if (n === 5) return t('kout.bab');
      if (n === 9) return t('kout.bawan');
      return t('kout.bid', { n });
    }
    case 'trump': return `${t('kout.hokm')}: ${suit(arg)}`;
    case 'hokum': return arg ? t('baloot.hokumSuit', { suit: suit(arg) }) : ctx.faceUpSuit ? t('baloot.hokumSuit', { suit: suit(ctx.faceUpSuit) }) : t('baloot.hokum');
    case 'sun': return t('baloot.sun');
    case 'kabul': return t('kabul.call');
    case 'draw': return arg === 'discard' ? t('kabul.drawDiscard') : t('kabul.drawDeck');
    case 'discard': return arg === 'power' ? t('kabul.discardPower') : t('kabul.discard');
    case 'snap': return `${t('kabul.snap')} ${arg ?? ''}`.trim();
    default: return arg2 ? `${verb} ${arg} ${arg2}` : action;
  }
}

/**
 * The Baloot bids to offer as buttons, from the legal actions: in the first round the engine
 * accepts both `hokum` and `hokum S` naming the face-up suit for the same bid, which must be one
 * button. Sun first, then Hokum, then pass.
 * @param {Iterable<string>} legal
 * @param {string | null} faceSuit  the face-up card's suit letter
 * @returns {string[]}
 */
export function balootBids(legal, faceSuit) {
  const all = [...legal].filter((a) => !a.startsWith('play '));
  const bare = all.includes('hokum');
  const order = (/** @type {string} */ a) => (a === 'sun' ? 0 : a.startsWith('hokum') ? 1 : 2);
  return all
    .filter((a) => !(bare && faceSuit && a.toUpperCase() === `HOKUM ${faceSuit.toUpperCase()}`))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}
