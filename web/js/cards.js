// @ts-check
/**
 * Cards in the record notation ("AS", "TH", "RJ"): parsing, labels, and a hand in the order the
 * server gives. No rule of any game: strengths, points and orders come from the engines through the
 * server. Pure: used by the browser and by the unit tests alike.
 * @module
 */

/** @typedef {'S' | 'H' | 'D' | 'C'} Suit */
/**
 * @typedef {object} Card
 * @property {string} code   the notation, upper case ("TH", "RJ")
 * @property {string | null} rank  '2'..'9', 'T', 'J', 'Q', 'K', 'A'; null for a joker
 * @property {Suit | null} suit  null for a joker
 * @property {'R' | 'B' | null} joker
 */

/** @type {Suit[]} */
export const SUITS = ['S', 'H', 'D', 'C'];
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
export const SUIT_SYMBOL = /** @type {Record<Suit, string>} */ ({ S: '♠', H: '♥', D: '♦', C: '♣' });

/**
 * Reads a card in the notation, in any case, with "10" for "T". Null for anything else.
 * @param {unknown} text
 * @returns {Card | null}
 */
export function parseCard(text) {
  if (typeof text !== 'string') return null;
  const s = text.trim().toUpperCase();
  if (s === 'RJ' || s === 'BJ') return { code: s, rank: null, suit: null, joker: s === 'RJ' ? 'R' : 'B' };
  const m = /^(10|[2-9TJQKA])([SHDC])$/.exec(s);
  if (!m) return null;
  const rank = m[1] === '10' ? 'T' : m[1];
  const suit = /** @type {Suit} */ (m[2]);
  return { code: rank + suit, rank, suit, joker: null };
}

/**
 * How people write a rank: "10" for ten.
 * @param {string | null} rank
 */
export function rankLabel(rank) {
  return rank === 'T' ? '10' : rank ?? '';
}

/** @param {Card} card */
export function isRed(card) {
  return card.joker === 'R' || card.suit === 'H' || card.suit === 'D';
}

/** The jokers' names in English, for callers without a language at hand. */
export const JOKER_NAMES = { R: 'Red joker', B: 'Black joker' };

/**
 * A short text for a card: "10♥", "Red joker". Jokers are named in words, never with an emoji
 * (which a system without an emoji font draws as a missing-glyph box).
 * @param {Card | string} card
 * @param {{R: string, B: string}} [jokerNames]  the two jokers' names in the reader's language
 */
export function cardText(card, jokerNames = JOKER_NAMES) {
  const c = typeof card === 'string' ? parseCard(card) : card;
  if (!c) return String(card);
  if (c.joker) return c.joker === 'R' ? jokerNames.R : jokerNames.B;
  return `${rankLabel(c.rank)}${SUIT_SYMBOL[/** @type {Suit} */ (c.suit)]}`;
}

/**
 * A hand in the order the server gives (the state frame's `order`: the engine's display order for
 * the game and contract). Cards of the hand missing from `order` (an older server sends none)
 * follow in the order they came; cards in `order` but not in the hand are left out; anything
 * that is not a card is dropped.
 * @param {unknown[]} cards
 * @param {unknown} [order]
 * @returns {Card[]}
 */
export function inOrder(cards, order) {
  const held = cards.map((c) => parseCard(c)).filter((c) => c !== null);
  const codes = new Set(held.map((c) => /** @type {Card} */ (c).code));
  const first = (Array.isArray(order) ? order : []).map((c) => parseCard(c)?.code).filter((c) => c !== undefined && codes.has(c));
  const placed = new Set(first);
  const rest = held.map((c) => /** @type {Card} */ (c).code).filter((c) => !placed.has(c));
  return [...new Set([...first, ...rest])].map((c) => /** @type {Card} */ (parseCard(c)));
}

/**
 * A hand as rows by suit, for a hand written out in words (a replay on a phone): the suits in the
 * order they first come in `cards` (the engine's display order), each with its cards in that
 * order; the jokers in a row of their own (`suit` null) where the first of them comes. Anything
 * that is not a card is dropped.
 * @param {unknown[]} cards
 * @returns {{suit: Suit | null, cards: Card[]}[]}
 */
export function suitRows(cards) {
  /** @type {{suit: Suit | null, cards: Card[]}[]} */
  const rows = [];
  for (const c of cards.map((x) => parseCard(x))) {
    if (!c) continue;
    const row = rows.find((r) => r.suit === c.suit);
    if (row) row.cards.push(c);
    else rows.push({ suit: c.suit, cards: [c] });
  }
  return rows;
}
