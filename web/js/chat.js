// @ts-check
/**
 * Table chat, the pure part: reading `chat` lines from the server (the live `chat` frames and the
 * recent lines a `sync` carries), merging them by their number, what is unread, who is muted (for
 * oneself only, remembered in this browser by player id), and the quick phrases' words. The chat
 * box that shows it is views/chat.js. Pure: no DOM, no storage.
 * @module
 */

import { translate } from './i18n.js';

/** The quick phrases' ids, as the server knows them; each is said in the reader's language. */
export const PHRASES = ['hello', 'good_luck', 'well_played', 'nice_move', 'hurry_up', 'sorry_partner', 'thanks', 'oops', 'bye'];

/** The quick reactions' ids, as the server knows them: drawn at the sender's seat for a moment. */
export const EMOTES = ['emote_laugh', 'emote_wow', 'emote_heart', 'emote_thumbs_up', 'emote_sad', 'emote_angry'];

/** How long a reaction stays at its sender's seat, in milliseconds. */
export const EMOTE_MS = 2500;

/** The longest message, in characters (the server counts the same after trimming). */
export const CHAT_MAX = 200;

/** How many lines the client keeps for a table. */
export const CHAT_LIMIT = 100;

/**
 * One chat line as the client keeps it.
 * @typedef {object} ChatLine
 * @property {number} seq
 * @property {'players' | 'spectators'} channel
 * @property {{id: string, name: string, seat: number | null}} from
 * @property {string | null} text
 * @property {string | null} phrase
 * @property {number} at
 */

/**
 * What one of one's own chat messages said: typed text or a quick phrase.
 * @typedef {{text: string | null, phrase: string | null}} Said
 */

/**
 * A table's chat: its lines (oldest first), the newest one the reader has seen, the reader's own
 * messages sent lately (by message id, so a refusal names the one it refuses) and the last one
 * the server refused, which the chat box shows until the next message goes out.
 * @typedef {object} ChatState
 * @property {string | null} code
 * @property {ChatLine[]} lines
 * @property {number} readSeq
 * @property {(Said & {id: number})[]} sent
 * @property {(Said & {code: string, message: string}) | null} refused
 */

/** How many of one's own recent messages the client remembers, to match a refusal to. */
export const SENT_KEPT = 10;

/** @returns {ChatState} */
export function emptyChat() {
  return { code: null, lines: [], readSeq: -1, sent: [], refused: null };
}

/**
 * The chat once one's own message (the `chat` message as sent, with its id) is on its way: it is
 * remembered, and an earlier refusal is over.
 * @param {ChatState} chat
 * @param {Record<string, any>} message
 * @returns {ChatState}
 */
export function chatSent(chat, message) {
  const said = { id: Number(message.id), text: typeof message.text === 'string' ? message.text : null, phrase: typeof message.phrase === 'string' ? message.phrase : null };
  return { ...chat, sent: [...chat.sent, said].slice(-SENT_KEPT), refused: null };
}

/**
 * The chat after an `error` frame: when it answers one of one's own chat messages (by its id),
 * that message was not said and the chat keeps it as refused; otherwise null (not about chat).
 * @param {ChatState} chat
 * @param {Record<string, any>} frame
 * @returns {ChatState | null}
 */
export function chatAfterRefusal(chat, frame) {
  const said = typeof frame.id === 'number' ? chat.sent.find((s) => s.id === frame.id) : undefined;
  if (!said) return null;
  const code = typeof frame.code === 'string' ? frame.code : 'internal';
  return {
    ...chat,
    sent: chat.sent.filter((s) => s !== said),
    refused: { text: said.text, phrase: said.phrase, code, message: String(frame.message ?? '') },
  };
}

/**
 * Reads one line from the server; null for anything malformed (ignored rather than trusted).
 * @param {unknown} raw
 * @returns {ChatLine | null}
 */
export function readChatLine(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const r = /** @type {Record<string, any>} */ (raw);
  if (typeof r.seq !== 'number' || !r.from || typeof r.from.id !== 'string') return null;
  const text = typeof r.text === 'string' ? r.text : null;
  const phrase = typeof r.phrase === 'string' ? r.phrase : null;
  if (text === null && phrase === null) return null;
  return {
    seq: r.seq,
    channel: r.channel === 'spectators' ? 'spectators' : 'players',
    from: { id: r.from.id, name: String(r.from.name ?? ''), seat: typeof r.from.seat === 'number' ? r.from.seat : null },
    text,
    phrase,
    at: typeof r.at === 'number' ? r.at : 0,
  };
}

/**
 * Lines held and lines come in, unique by number, in order, the last CHAT_LIMIT.
 * @param {ChatLine[]} held
 * @param {unknown} incoming  a list of raw lines
 * @returns {ChatLine[]}
 */
export function mergeChat(held, incoming) {
  if (!Array.isArray(incoming) || incoming.length === 0) return held;
  /** @type {Map<number, ChatLine>} */
  const bySeq = new Map(held.map((l) => [l.seq, l]));
  for (const raw of incoming) {
    const line = readChatLine(raw);
    if (line) bySeq.set(line.seq, line);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-CHAT_LIMIT);
}

/** @param {ChatLine[]} lines */
export function lastSeq(lines) {
  return lines.length ? lines[lines.length - 1].seq : -1;
}

/**
 * The chat after a `sync` of table `code` with its recent lines: for a table the client did not
 * hold yet, every line it brings counts as read (history, not news); otherwise they merge in, and
 * those not seen yet count as unread.
 * @param {ChatState} chat
 * @param {string} code
 * @param {unknown} lines
 * @returns {ChatState}
 */
export function chatAfterSync(chat, code, lines) {
  if (chat.code !== code) {
    const merged = mergeChat([], lines);
    return { ...emptyChat(), code, lines: merged, readSeq: lastSeq(merged) };
  }
  return { ...chat, lines: mergeChat(chat.lines, lines) };
}

/**
 * The chat after a live `chat` frame of table `code`.
 * @param {ChatState} chat
 * @param {string} code
 * @param {Record<string, any>} frame
 * @returns {ChatState}
 */
export function chatAfterFrame(chat, code, frame) {
  const base = chat.code === code ? chat : { ...emptyChat(), code };
  return { ...base, lines: mergeChat(base.lines, [frame]) };
}

/**
 * Whether a line is shown to the reader: not from a player they muted (their own always are).
 * @param {ChatLine} line
 * @param {{has: (id: string) => boolean}} muted
 * @param {string | null} me
 */
export function shown(line, muted, me) {
  return line.from.id === me || !muted.has(line.from.id);
}

/**
 * Lines the reader has not seen: newer than what they read, from someone else, not muted.
 * @param {ChatState} chat
 * @param {{has: (id: string) => boolean}} muted
 * @param {string | null} me
 */
export function unreadCount(chat, muted, me) {
  return chat.lines.filter((l) => l.seq > chat.readSeq && l.from.id !== me && shown(l, muted, me)).length;
}

/**
 * What a line says in a language: its text as typed, or its phrase in that language (an id this
 * client does not know: the id itself).
 * @param {import('./i18n.js').Lang} lang
 * @param {Said} line  a line, or one's own message the server refused
 */
export function lineWords(lang, line) {
  if (line.text !== null) return line.text;
  const id = String(line.phrase);
  if (EMOTES.includes(id)) return translate(lang, `chat.${id}`);
  return PHRASES.includes(id) ? translate(lang, `chat.phrase.${id}`) : id;
}

/**
 * The text to send, or null when there is nothing to send: trimmed, at most CHAT_MAX characters
 * (the server refuses longer ones; the field's maxlength counts UTF-16 units, so this never cuts).
 * @param {string} draft
 */
export function outgoingText(draft) {
  const text = draft.trim();
  if (!text) return null;
  return [...text].slice(0, CHAT_MAX).join('');
}

/**
 * The muted players as stored (`{id: name}` as JSON), read back; anything malformed is nobody.
 * @param {string | null} stored
 * @returns {Map<string, string>}
 */
export function readMuted(stored) {
  /** @type {Map<string, string>} */
  const out = new Map();
  if (!stored) return out;
  try {
    const v = JSON.parse(stored);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [id, name] of Object.entries(v)) if (typeof name === 'string') out.set(id, name);
    }
  } catch {
    // Nobody is muted.
  }
  return out;
}

/**
 * The muted players as stored.
 * @param {Map<string, string>} muted
 */
export function writeMuted(muted) {
  return JSON.stringify(Object.fromEntries(muted));
}
