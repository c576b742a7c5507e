// @ts-check
/**
 * Card faces drawn by the client as SVG: corner indices, suit pips drawn as paths (no font
 * needed), framed court cards, and two jokers. Backs are CSS.
 * @module
 */

import { svg, h } from '../dom.js';
import { parseCard, rankLabel, isRed } from '../cards.js';

/** Suit shapes in a 100×100 box. */
const SUIT_PATH = {
  H: 'M50 92 C22 68 2 50 2 29 C2 13 14 2 29 2 C39 2 46 8 50 17 C54 8 61 2 71 2 C86 2 98 13 98 29 C98 50 78 68 50 92 Z',
  D: 'M50 2 L86 50 L50 98 L14 50 Z',
  S: 'M50 2 C40 22 2 40 2 62 C2 78 14 88 28 88 C37 88 43 84 47 78 C46 88 41 95 31 99 L69 99 C59 95 54 88 53 78 C57 84 63 88 72 88 C86 88 98 78 98 62 C98 40 60 22 50 2 Z',
  C: 'M28 28 a22 22 0 1 0 44 0 a22 22 0 1 0 -44 0 Z M4 62 a22 22 0 1 0 44 0 a22 22 0 1 0 -44 0 Z M52 62 a22 22 0 1 0 44 0 a22 22 0 1 0 -44 0 Z M45 55 C45 80 40 92 30 99 L70 99 C60 92 55 80 55 55 Z',
};

/** Where the corner index starts (from the card's left edge, whatever the page's direction). */
const IDX_X = 6;

/** The joker's star, in the middle of a 100×140 card. */
const STAR = 'M50 38 L58 62 L83 62 L63 77 L71 101 L50 86 L29 101 L37 77 L17 62 L42 62 Z';

/**
 * A suit pip at (x, y) with the given size.
 * @param {string} suit
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {boolean} [flip]
 */
function pip(suit, x, y, size, flip = false) {
  const s = size / 100;
  const transform = flip
    ? `translate(${x + size} ${y + size}) rotate(180) scale(${s})`
    : `translate(${x} ${y}) scale(${s})`;
  return svg('path', { d: SUIT_PATH[/** @type {'H'} */ (suit)], transform });
}

// Pip layouts for 2..10: [x, y] centres on a 100×100 grid, placed on the card by cardSvg.
/** @type {Record<string, number[][]>} */
const PIPS = {
  2: [[50, 0], [50, 100]],
  3: [[50, 0], [50, 50], [50, 100]],
  4: [[20, 0], [80, 0], [20, 100], [80, 100]],
  5: [[20, 0], [80, 0], [50, 50], [20, 100], [80, 100]],
  6: [[20, 0], [80, 0], [20, 50], [80, 50], [20, 100], [80, 100]],
  7: [[20, 0], [80, 0], [50, 25], [20, 50], [80, 50], [20, 100], [80, 100]],
  8: [[20, 0], [80, 0], [50, 25], [20, 50], [80, 50], [50, 75], [20, 100], [80, 100]],
  9: [[20, 0], [80, 0], [20, 33], [80, 33], [50, 50], [20, 67], [80, 67], [20, 100], [80, 100]],
  T: [[20, 0], [80, 0], [50, 17], [20, 33], [80, 33], [20, 67], [80, 67], [50, 83], [20, 100], [80, 100]],
};

/**
 * The SVG face of a card.
 * @param {string} code  the card in notation
 * @param {{jokerWord?: string}} [opts]
 * @returns {SVGElement}
 */
export function cardSvg(code, opts = {}) {
  const card = parseCard(code);
  // A card reads the same in every language: left to right, whatever the page's direction. (Under
  // dir="rtl" a text's "start" is its right-hand end, and the corner index would be drawn off the
  // card.) The indices also anchor their text explicitly.
  const root = svg('svg', { viewBox: '0 0 100 140', class: 'face', direction: 'ltr', 'aria-hidden': 'true', focusable: 'false' });
  root.appendChild(svg('rect', { x: 1, y: 1, width: 98, height: 138, rx: 9, class: 'face-bg' }));
  if (!card) return root;
  const colour = isRed(card) ? 'red' : 'black';
  root.setAttribute('class', `face ${colour}`);
  if (card.joker) {
    const word = (opts.jokerWord ?? 'JOKER').toUpperCase();
    root.appendChild(svg('path', { d: STAR, class: 'joker-star' }));
    // The corner (all a fanned hand shows) carries a star, not a letter: a "J" would read as a jack.
    root.appendChild(svg('path', { d: STAR, class: 'joker-star joker-idx', transform: 'translate(3 3) scale(.32)' }));
    root.appendChild(svg('text', { x: 50, y: 128, class: 'joker-word', 'text-anchor': 'middle' }, word));
    return root;
  }
  const suit = /** @type {string} */ (card.suit);
  const rank = /** @type {string} */ (card.rank);
  const label = rankLabel(rank);
  // Corner indices, top-left and (rotated) bottom-right.
  root.appendChild(svg('text', { x: IDX_X, y: 25, class: 'idx', 'text-anchor': 'start' }, label));
  root.appendChild(pip(suit, 7, 29, 13));
  const corner = svg('g', { transform: 'rotate(180 50 70)' });
  corner.appendChild(svg('text', { x: IDX_X, y: 25, class: 'idx', 'text-anchor': 'start' }, label));
  corner.appendChild(pip(suit, 7, 29, 13));
  root.appendChild(corner);
  if (rank === 'A') {
    root.appendChild(pip(suit, 26, 46, 48));
  } else if (rank === 'J' || rank === 'Q' || rank === 'K') {
    root.appendChild(svg('rect', { x: 24, y: 22, width: 52, height: 96, rx: 4, class: 'court-frame' }));
    root.appendChild(svg('text', { x: 50, y: 82, class: 'court', 'text-anchor': 'middle' }, rank));
    root.appendChild(pip(suit, 40, 90, 20));
    root.appendChild(pip(suit, 40, 30, 20, true));
  } else {
    // The pips keep clear of the corner indices (a "10" is wide): columns at x 31, 50 and 69,
    // rows from y 36 to 104, below and above the corners.
    const size = 15;
    for (const [px, py] of PIPS[rank] ?? []) {
      const x = 50 + ((px - 50) / 30) * 19 - size / 2;
      const y = 36 + py * 0.68 - size / 2;
      root.appendChild(pip(suit, x, y, size, py > 50));
    }
  }
  return root;
}

/**
 * A face-up card element (not interactive).
 * @param {string} code
 * @param {{label?: string, extra?: string, jokerWord?: string}} [opts]
 */
export function cardFace(code, opts = {}) {
  return h('span', { class: `card ${opts.extra ?? ''}`.trim(), role: 'img', 'aria-label': opts.label ?? code, dataset: { card: code } }, cardSvg(code, opts));
}

/**
 * A face-down card.
 * @param {{label?: string, extra?: string}} [opts]
 */
export function cardBack(opts = {}) {
  return h('span', { class: `card back ${opts.extra ?? ''}`.trim(), role: 'img', 'aria-label': opts.label ?? 'card' });
}
