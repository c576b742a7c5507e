// @ts-check
/**
 * The client side of docs/protocol.md: building the messages a client sends, reading the ones the
 * server sends, and small facts about tables (seats, teams) the views need. Pure.
 * @module
 */

import { parseCard, cardText, rankLabel, RANKS, SUIT_SYMBOL } from './cards.js';
import { translate, translateParts, jokerNames, suitName } from './i18n.js';

/** The games the server plays. */
export const GAMES = ['kout6', 'kout4', 'baloot', 'kabul'];

/** Message types the server sends. */
export const SERVER_TYPES = ['welcome', 'table', 'sync', 'event', 'commitment', 'reveal', 'error', 'pong', 'hint', 'notice', 'chat'];

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
   * @param {{game: string, rules?: Record<string, unknown>, turn_ms?: number, public?: boolean, hints?: boolean, rated?: boolean, spectatorChat?: boolean, inviteOnly?: boolean}} o
   */
  createTable: (o) => ({
    type: 'create_table',
    game: o.game,
    ...(o.rules && Object.keys(o.rules).length ? { rules: o.rules } : {}),
    ...(o.turn_ms ? { turn_ms: o.turn_ms } : {}),
    public: Boolean(o.public),
    ...(o.hints ? { hints: true } : {}),
    ...(o.rated ? { rated: true } : {}),
    // The server's default is on: only "off" needs saying.
    ...(o.spectatorChat === false ? { spectator_chat: false } : {}),
    ...(o.inviteOnly ? { invite_only: true } : {}),
  }),
  /** @param {string} table @param {number} [seat] @param {string | null} [invite] the invite secret of an invite link */
  join: (table, seat, invite) => ({ type: 'join', table, ...(seat === undefined ? {} : { seat }), ...(invite ? { invite } : {}) }),
  /** @param {string} table @param {number} seat */
  remove: (table, seat) => ({ type: 'remove', table, seat }),
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
  /** @param {string} table */
  hint: (table) => ({ type: 'hint', table }),
  /** @param {string} table @param {{text: string} | {phrase: string}} said */
  chat: (table, said) => ({ type: 'chat', table, ...said }),
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
 * A name set apart inside a sentence (Unicode's first-strong isolate), so that a Latin name in an
 * Arabic sentence, or the reverse, keeps its own direction and does not move its neighbours.
 * @param {string} text
 */
export function isolateText(text) {
  return `\u2068${text}\u2069`;
}

/**
 * A Kabul action in words, for the move list and the replay: "Replaced card 4", "Looked at
 * Bot 2's card 1", "Switched Sara's card 3 with Bot 2's card 1". Places are counted from 1.
 * @param {string[]} words
 * @param {(k: string, p?: import('./i18n.js').Params) => string} t
 * @param {(seat: number) => string} name
 * @returns {string | null}
 */
function kabulMove(words, t, name) {
  const [verb, arg, arg2] = words;
  const slot = (/** @type {string | undefined} */ w) => (/^\d+$/.test(w ?? '') ? Number(w) + 1 : null);
  const place = (/** @type {string | undefined} */ w) => {
    const m = /^(\d+):(\d+)$/.exec(w ?? '');
    return m ? { name: isolateText(name(Number(m[1]))), n: Number(m[2]) + 1 } : null;
  };
  switch (verb) {
    case 'kabul': return t('kabul.move.kabul');
    case 'draw': return t(arg === 'discard' ? 'kabul.move.drawDiscard' : 'kabul.move.drawDeck');
    case 'discard': return t(arg === 'power' ? 'kabul.move.discardPower' : 'kabul.move.discard');
    case 'pass': return t('kabul.move.pass');
    case 'replace': return slot(arg) === null ? null : t('kabul.move.replace', { n: slot(arg) });
    case 'snap': return slot(arg) === null ? null : t('kabul.move.snap', { n: slot(arg) });
    case 'peek': {
      if (slot(arg) !== null) return t('kabul.move.peek', { n: slot(arg) });
      const p = place(arg);
      return p ? t('kabul.move.peekOther', p) : null;
    }
    case 'switch': {
      const a = place(arg);
      const b = place(arg2);
      return a && b ? t('kabul.move.switch', { a: t('kabul.place', a), b: t('kabul.place', b) }) : null;
    }
    default: return null;
  }
}

/**
 * An action in words, for the move list and the bubbles at the seats.
 * @param {string} game
 * @param {string} action
 * @param {import('./i18n.js').Lang} lang
 * @param {{faceUpSuit?: string | null, name?: (seat: number) => string}} [ctx]  `name`: a seat's name (Kabul's places name their owner)
 */
export function actionLabel(game, action, lang, ctx = {}) {
  const t = (/** @type {string} */ k, /** @type {import('./i18n.js').Params | undefined} */ p = undefined) => translate(lang, k, p);
  const words = String(action).trim().split(/\s+/);
  const [verb, arg, arg2] = words;
  const suit = (/** @type {string | undefined} */ s) => (s && s.toUpperCase() in SUIT_SYMBOL ? `${SUIT_SYMBOL[/** @type {'S'} */ (s.toUpperCase())]} ${t(`suit.${s.toUpperCase()}`)}` : '');
  if (game === 'kabul') {
    const text = kabulMove(words, t, ctx.name ?? ((seat) => t('seat.n', { n: seat + 1 })));
    if (text !== null) return text;
  }
  switch (verb) {
    case 'deal': return t('action.deal');
    case 'pass': return game === 'kabul' ? t('kabul.pass') : t('action.pass');
    case 'close': return t('action.close');
    case 'play': {
      const c = parseCard(arg);
      return c ? cardText(c, jokerNames(lang)) : action;
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
    case 'double':
    case 'three':
    case 'four':
      return arg === 'open' || arg === 'closed' ? t('baloot.raise', { call: t(`baloot.call.${verb}`), how: t(`baloot.${arg}`) }) : t(`baloot.call.${verb}`);
    case 'gahwa':
    case 'ashkal':
    case 'kawesh':
    case 'sawa':
      return t(`baloot.call.${verb}`);
    default: return arg2 ? `${verb} ${arg} ${arg2}` : action;
  }
}

// ---- why an action was refused

/**
 * Every refusal code of the engines (the illegal-action enums of crates/kout, crates/baloot and
 * crates/kabul; docs/protocol.md "Refusal codes"), with the parameters it carries beside `code`
 * in an `error` frame's `reason`. Seats are 0-based, cards and ranks in record notation, suits
 * as letters.
 * @type {Record<string, string[]>}
 */
export const REFUSAL_CODES = {
  // In every game.
  match_over: [],
  not_your_turn: ['seat'],
  not_held: ['card'],
  must_follow: ['suit'],
  no_hand: [],
  clock: [],
  // Kout Bo.
  not_dealt: [],
  wrong_moment: ['moment'],
  bid_too_low: ['bid', 'high'],
  dealer_must_bid: [],
  must_follow_trump: ['suit'],
  joker_lead: ['joker', 'team_bid'],
  // Baloot.
  still_bidding: [],
  bidding_over: [],
  sun_in_round_one: [],
  round_one_hokum_suit: ['suit'],
  bare_hokum_in_round_two: [],
  round_two_hokum_suit: ['suit'],
  only_sun_or_pass: ['seat'],
  must_trump: [],
  must_beat: ['rank'],
  // Baloot's Saudi table calls.
  call_not_in_rules: ['call'],
  still_doubling: [],
  doubling_over: [],
  not_your_teams_call: ['call'],
  not_this_step: ['step', 'call'],
  open_or_closed: ['call'],
  sun_double_is_plain: [],
  sun_double_needs_scores: [],
  closed_trump_lead: [],
  ashkal_only_in_round_one: [],
  ashkal_wrong_seat: [],
  ashkal_on_an_ace: [],
  kawesh_too_late: [],
  kawesh_needs_low_cards: ['card'],
  sawa_not_leading: [],
  // Kabul.
  no_round: [],
  no_such_seat: ['seat', 'players'],
  clock_only_closes: [],
  only_the_clock_closes: [],
  no_window: [],
  window_open: [],
  caller_locked: [],
  target_locked: ['seat'],
  no_cards_left: [],
  already_passed: [],
  kabul_already_called: ['seat'],
  draw_first: [],
  already_drawn: [],
  no_power_in_play: [],
  must_replace: [],
  discard_pile_empty: [],
  no_card_at: ['slot'],
  no_card_at_pos: ['seat', 'slot'],
  no_power: ['card'],
  no_target: ['power'],
  power_pending: ['power'],
  wrong_target: ['power'],
  own_card_as_other: [],
  same_card_twice: [],
  bad_reshuffle: [],
};

const MOMENTS = ['bidding', 'trump', 'playing'];
const POWERS = ['switch_and_look', 'blind_switch', 'peek_own', 'peek_other'];

/** @param {unknown} n */
const isCount = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0;

/**
 * Whether a parameter of a refusal has the form the protocol gives it; a refusal with a malformed
 * one is shown as the server's English instead.
 * @type {Record<string, (v: unknown) => boolean>}
 */
/** The Saudi table calls a refusal may name (`call`). */
const CALLS = ['double', 'three', 'four', 'gahwa', 'ashkal', 'kawesh', 'sawa'];

const PARAM_OK = {
  seat: isCount,
  slot: isCount,
  players: isCount,
  bid: isCount,
  high: isCount,
  // Present in every joker_lead: null when the other team holds the bid.
  team_bid: (v) => v === null || isCount(v),
  card: (v) => parseCard(v) !== null,
  // Not shown (the sentence is the same for either joker): checked only when sent.
  joker: (v) => v === undefined || parseCard(v) !== null,
  suit: (v) => typeof v === 'string' && v in SUIT_SYMBOL,
  rank: (v) => typeof v === 'string' && RANKS.includes(v),
  moment: (v) => typeof v === 'string' && MOMENTS.includes(v),
  power: (v) => typeof v === 'string' && POWERS.includes(v),
  call: (v) => typeof v === 'string' && CALLS.includes(v),
  step: (v) => typeof v === 'number' && v >= 1 && v <= 4,
};

/**
 * The message key and raw parameters of a refusal (`reason` of an `error` frame), or null when the
 * client does not know its code or a parameter is malformed: the caller then shows the server's
 * English `message`. A few codes read differently by game or by a parameter: Kout's `must_follow`
 * allows a joker, `wrong_moment` names the moment, `joker_lead` depends on the leader's team's bid.
 * @param {unknown} reason
 * @param {string} [game]
 * @returns {{key: string, params: Record<string, any>} | null}
 */
export function refusalKey(reason, game = '') {
  if (!reason || typeof reason !== 'object' || Array.isArray(reason)) return null;
  const r = /** @type {Record<string, unknown>} */ (reason);
  const code = r.code;
  if (typeof code !== 'string' || !Object.hasOwn(REFUSAL_CODES, code)) return null;
  /** @type {Record<string, any>} */
  const params = {};
  for (const name of REFUSAL_CODES[code]) {
    const ok = PARAM_OK[name];
    if (ok && !ok(r[name])) return null;
    params[name] = r[name] ?? null;
  }
  const kout = game === 'kout4' || game === 'kout6';
  let key = `reason.${code}`;
  if (code === 'must_follow' && kout) key = 'reason.must_follow.kout';
  else if (code === 'wrong_moment') key = `reason.wrong_moment.${params.moment}`;
  else if (code === 'joker_lead') {
    if (params.team_bid === null) key = 'reason.joker_lead.other';
    else if (params.team_bid === 8) key = 'reason.joker_lead.black';
  }
  return { key, params };
}

/**
 * A refusal in `lang`, cut into text and parameters (for `<bdi>`s): seats by their names, suits
 * and ranks by their names in the language, cards as cards, places counted from 1. Null for a
 * refusal not known: the caller shows the server's English, isolated.
 * @param {import('./i18n.js').Lang} lang
 * @param {unknown} reason  the `reason` of an `error` frame
 * @param {{game?: string, name?: (seat: number) => string}} [ctx]
 */
export function reasonParts(lang, reason, ctx = {}) {
  const found = refusalKey(reason, ctx.game);
  if (!found) return null;
  const p = found.params;
  /** @type {import('./i18n.js').Params} */
  const params = {};
  if (typeof p.seat === 'number') params.name = ctx.name ? ctx.name(p.seat) : translate(lang, 'seat.n', { n: p.seat + 1 });
  if (typeof p.slot === 'number') params.n = p.slot + 1;
  if (typeof p.team_bid === 'number') params.n = p.team_bid;
  if (typeof p.bid === 'number') params.bid = p.bid;
  if (typeof p.high === 'number') params.high = p.high;
  if (typeof p.players === 'number') params.players = p.players;
  if (typeof p.suit === 'string') params.suit = `${SUIT_SYMBOL[/** @type {'S'} */ (p.suit)]} ${suitName(lang, p.suit)}`;
  if (typeof p.card === 'string') params.card = cardText(p.card, jokerNames(lang));
  if (typeof p.rank === 'string') params.rank = ['J', 'Q', 'K', 'A'].includes(p.rank) ? translate(lang, `rank.${p.rank}`) : rankLabel(p.rank);
  if (typeof p.power === 'string') params.power = translate(lang, `kabul.power.${p.power}`);
  if (typeof p.call === 'string') params.call = translate(lang, `baloot.call.${p.call}`);
  return translateParts(lang, found.key, params);
}

// ---- keys

/**
 * Whether the hand is being bid for (Kout's bidding and naming the Hokm, Baloot's two rounds):
 * the digit keys then bid, and never play a card.
 * @param {string} game
 * @param {any} view
 */
export function isBidding(game, view) {
  if (game === 'baloot') return view?.phase === 'bidding' || view?.phase === 'doubling';
  if (game === 'kout6' || game === 'kout4') return view?.stage === 'bidding' || view?.stage === 'trump';
  return false;
}

/**
 * The bid a key makes, among my legal actions, or null. Kout: 5–9 bid that many (5 Bab, 9 Bawan),
 * 0 or P pass, and 1–4 name the Hokm in the order of its buttons. Baloot: 1–9 the nth bid in the
 * order of the buttons (Sun, then the Hokums), S Sun, H the first-round Hokum, 0 or P pass.
 * @param {string} game
 * @param {any} view
 * @param {string} key  KeyboardEvent.key
 * @param {Iterable<string>} legal
 * @returns {string | null}
 */
export function bidKeyAction(game, view, key, legal) {
  const list = [...legal];
  const has = (/** @type {string} */ a) => (list.includes(a) ? a : null);
  const k = key.toLowerCase();
  if (!isBidding(game, view)) return null;
  if (k === '0' || k === 'p') return has('pass');
  if (game === 'baloot' && view?.phase === 'doubling') {
    // The raise bar's buttons in order (views/baloot.js callBar): 1–9 the nth.
    const calls = list.filter((a) => !a.startsWith('play '));
    const pick = /^[1-9]$/.test(k) ? calls[Number(k) - 1] ?? null : null;
    return pick === 'pass' ? null : pick;
  }
  if (game === 'baloot') {
    if (k === 's') return has('sun');
    if (k === 'h') return has('hokum');
    const face = typeof view?.hand?.face_up === 'string' ? view.hand.face_up.slice(-1) : null;
    const bids = balootBids(list, face).filter((a) => a !== 'pass');
    return /^[1-9]$/.test(k) ? bids[Number(k) - 1] ?? null : null;
  }
  if (view?.stage === 'trump') {
    const suits = list.filter((a) => a.startsWith('trump '));
    return /^[1-4]$/.test(k) ? suits[Number(k) - 1] ?? null : null;
  }
  return /^[5-9]$/.test(k) ? has(`bid ${k}`) : null;
}

/**
 * Which round of Baloot's bidding is under way, as the engine's view says (`bid_round`); 1 when the
 * view names none (no hand is being bid).
 * @param {unknown} declared  the view's `bid_round`
 * @returns {1 | 2}
 */
export function balootBidRound(declared) {
  return declared === 2 ? 2 : 1;
}

// ---- routes

/**
 * A part of an address, decoded; null when its %-encoding is broken (a link cut short by a chat
 * app: "%E0%A4%A").
 * @param {string} text
 */
export function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The route of an address hash: `#/t/CODE` a table, `#/replay/ID` a finished match, `#/replay` a
 * record file to open, `#/p/ID` a player's profile, `#/leaderboard/GAME` a game's leaderboard
 * (an unknown game: the first), `#/daily` today's daily deal and `#/daily/DAY/GAME` a day's
 * standings, `#/rules/GAME` how to play a game (kout, baloot or kabul; a
 * table's game id names its page too), anything else (a broken link too) the home page.
 * @param {string} hash
 * @returns {{name: 'home' | 'table' | 'replay' | 'profile' | 'leaderboard' | 'rules' | 'daily' | 'tournaments', code?: string, invite?: string, gameId?: string, playerId?: string, game?: string, day?: string, tournamentId?: string}}
 */
export function parseRoute(hash) {
  // An invite-only table's link carries its invite secret: #/t/CODE?invite=SECRET.
  const t = /^#\/t\/([^/?#]+)(?:\?invite=([0-9a-f]{1,64}))?/.exec(hash);
  if (t) {
    const code = normalizeCode(safeDecode(t[1]));
    if (code) return t[2] ? { name: 'table', code, invite: t[2] } : { name: 'table', code };
  }
  const r = /^#\/replay\/([^/?#]+)/.exec(hash);
  if (r) {
    const gameId = safeDecode(r[1]);
    if (gameId) return { name: 'replay', gameId };
  }
  if (/^#\/replay\/?$/.test(hash)) return { name: 'replay' };
  const p = /^#\/p\/([^/?#]+)/.exec(hash);
  if (p) {
    const playerId = safeDecode(p[1]);
    if (playerId) return { name: 'profile', playerId };
  }
  const b = /^#\/leaderboard(?:\/([^/?#]*))?\/?$/.exec(hash);
  if (b) {
    const game = safeDecode(b[1] ?? '') ?? '';
    return { name: 'leaderboard', game: GAMES.includes(game) ? game : GAMES[0] };
  }
  // The daily deal: today's page, or a day's standings of one game.
  if (/^#\/daily\/?$/.test(hash)) return { name: 'daily' };
  const d = /^#\/daily\/(\d{4}-\d{2}-\d{2})\/(kout6|kout4|baloot|kabul)\/?$/.exec(hash);
  if (d) return { name: 'daily', day: d[1], game: d[2] };
  // Tournaments: the list, or one.
  if (/^#\/tournaments\/?$/.test(hash)) return { name: 'tournaments' };
  const tm = /^#\/tournaments\/(t_[A-Za-z0-9]+)\/?$/.exec(hash);
  if (tm) return { name: 'tournaments', tournamentId: tm[1] };
  const rules = /^#\/rules(?:\/([^/?#]*))?\/?$/.exec(hash);
  if (rules) {
    const game = safeDecode(rules[1] ?? '') ?? '';
    const page = { kout: 'kout', kout6: 'kout', kout4: 'kout', baloot: 'baloot', kabul: 'kabul' }[game];
    return { name: 'rules', game: page ?? 'kout' };
  }
  return { name: 'home' };
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
