// @ts-check
/**
 * Cards in the record notation ("AS", "TH", "RJ"): parsing, labels, and the order a hand is shown
 * in for each game. Pure: used by the browser and by the unit tests alike.
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

// Ranks high to low, per order.
const NATURAL = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];
const BALOOT_PLAIN = ['A', 'T', 'K', 'Q', 'J', '9', '8', '7'];
const BALOOT_TRUMP = ['J', '9', 'A', 'T', 'K', 'Q', '8', '7'];
// Suits alternate in colour so neighbouring groups are easy to tell apart.
/** @type {Suit[]} */
const DISPLAY_SUITS = ['S', 'H', 'C', 'D'];

/**
 * The order suits are shown in: the trump suit (if any) first, then the others alternating colours
 * where possible.
 * @param {Suit | null | undefined} trump
 * @returns {Suit[]}
 */
export function suitOrder(trump) {
  if (!trump) return [...DISPLAY_SUITS];
  const rest = DISPLAY_SUITS.filter((s) => s !== trump);
  const red = (/** @type {Suit} */ s) => s === 'H' || s === 'D';
  // Put a suit of the other colour next to the trump when we can.
  rest.sort((a, b) => Number(red(a) === red(trump)) - Number(red(b) === red(trump)));
  // Keep alternation among the rest: other colour, same colour, other colour.
  const other = rest.filter((s) => red(s) !== red(trump));
  const same = rest.filter((s) => red(s) === red(trump));
  /** @type {Suit[]} */
  const out = [trump];
  while (other.length || same.length) {
    const a = other.shift();
    if (a) out.push(a);
    const b = same.shift();
    if (b) out.push(b);
  }
  return out;
}

/**
 * @typedef {object} SortContext
 * @property {string} game   'kout6' | 'kout4' | 'baloot' | 'kabul'
 * @property {Suit | null} [trump]
 * @property {'hokum' | 'sun' | null} [mode]  Baloot's contract mode
 */

/**
 * A sort key: lower comes first (leftmost in a left-to-right layout).
 * @param {Card} card
 * @param {SortContext} ctx
 * @param {Suit[]} suits
 */
function sortKey(card, ctx, suits) {
  if (card.joker) {
    // Jokers belong to Kout's trump suit: shown at the head of it, red (higher) first.
    return [-1, card.joker === 'R' ? 0 : 1];
  }
  const suit = /** @type {Suit} */ (card.suit);
  const group = suits.indexOf(suit);
  let order = NATURAL;
  if (ctx.game === 'baloot') {
    order = ctx.mode === 'hokum' && suit === ctx.trump ? BALOOT_TRUMP : BALOOT_PLAIN;
  }
  return [group, order.indexOf(/** @type {string} */ (card.rank))];
}

/**
 * A hand sorted for display: grouped by suit (trump first), each suit high to low in the game's
 * order; jokers lead. Unknown cards are dropped.
 * @param {(string | Card)[]} cards
 * @param {SortContext} ctx
 * @returns {Card[]}
 */
export function sortHand(cards, ctx) {
  const trump = ctx.game === 'baloot' && ctx.mode !== 'hokum' ? null : ctx.trump ?? null;
  const suits = suitOrder(trump);
  const parsed = cards.map((c) => (typeof c === 'string' ? parseCard(c) : c)).filter((c) => c !== null);
  const keyed = parsed.map((c) => ({ c: /** @type {Card} */ (c), k: sortKey(/** @type {Card} */ (c), ctx, suits) }));
  keyed.sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1]);
  return keyed.map((x) => x.c);
}

/**
 * A card's points in Kabul (lower is better): joker −1, red king 0, ace 1, 2–10 face value, jack 11,
 * queen 12, black king 13.
 * @param {Card | string} card
 */
export function kabulValue(card) {
  const c = typeof card === 'string' ? parseCard(card) : card;
  if (!c) return 0;
  if (c.joker) return -1;
  switch (c.rank) {
    case 'A': return 1;
    case 'T': return 10;
    case 'J': return 11;
    case 'Q': return 12;
    case 'K': return isRed(c) ? 0 : 13;
    default: return Number(c.rank);
  }
}

/**
 * Whether two cards match for a Kabul snap: same rank, or both jokers.
 * @param {Card | string} a
 * @param {Card | string} b
 */
export function sameKabulRank(a, b) {
  const x = typeof a === 'string' ? parseCard(a) : a;
  const y = typeof b === 'string' ? parseCard(b) : b;
  if (!x || !y) return false;
  if (x.joker || y.joker) return Boolean(x.joker && y.joker);
  return x.rank === y.rank;
}

/**
 * Card points in Baloot (the last trick's 10 not included).
 * @param {Card | string} card
 * @param {'hokum' | 'sun'} mode
 * @param {Suit | null} trump
 */
export function balootPoints(card, mode, trump) {
  const c = typeof card === 'string' ? parseCard(card) : card;
  if (!c || !c.rank) return 0;
  if (mode === 'hokum' && c.suit === trump) {
    return { J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3 }[c.rank] ?? 0;
  }
  return { A: 11, T: 10, K: 4, Q: 3, J: 2 }[c.rank] ?? 0;
}
