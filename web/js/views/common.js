// @ts-check
/**
 * Pieces the trick games share: the hand at the bottom (in the server's order, legal cards lit, keyboard
 * play), the trick in the middle, the last trick.
 * @module
 */

import { h } from '../dom.js';
import { inOrder, SUIT_SYMBOL } from '../cards.js';
import { suitName } from '../i18n.js';
import { seatPosition } from '../protocol.js';
import { playableCards } from '../state.js';
import { cardWords } from '../words.js';
import { cardFace, cardSvg, cardBack } from './cardface.js';

/** @typedef {import('./table.js').Ctx} Ctx */

/**
 * A card's name for screen readers, in words: "King of spades", "شايب شريا" (words.js).
 * @param {Ctx} ctx
 * @param {string} code
 */
export function cardName(ctx, code) {
  return cardWords(ctx.app.state.lang, code);
}

/**
 * A suit as symbol and name: "♥ Hearts".
 * @param {Ctx} ctx
 * @param {string | null | undefined} suit
 */
export function suitLabel(ctx, suit) {
  if (!suit) return '';
  return `${SUIT_SYMBOL[/** @type {'S'} */ (suit)] ?? ''} ${suitName(ctx.app.state.lang, suit)}`;
}

/**
 * A suit symbol coloured.
 * @param {string | null | undefined} suit
 */
export function suitMark(suit) {
  if (!suit) return null;
  const red = suit === 'H' || suit === 'D';
  return h('span', { class: `suit-mark ${red ? 'red' : 'black'}`, 'aria-hidden': 'true' }, SUIT_SYMBOL[/** @type {'S'} */ (suit)] ?? '');
}

/**
 * Moves focus between the cards of a hand with the arrow keys (mirrored in right-to-left).
 * @param {KeyboardEvent} e
 */
function handKeys(e) {
  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
  const buttons = /** @type {HTMLElement[]} */ ([...(/** @type {HTMLElement} */ (e.currentTarget)).querySelectorAll('.card-btn')]);
  const at = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  const rtl = document.documentElement.dir === 'rtl';
  const forward = (e.key === 'ArrowRight') !== rtl;
  const next = buttons[Math.max(0, Math.min(buttons.length - 1, at + (forward ? 1 : -1)))];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/**
 * My hand, in the order the server gives (the state frame's `order`), legal cards lit while it is
 * my turn. Every card can be clicked: an illegal one is sent anyway and the server's reason is shown.
 * @param {Ctx} ctx
 * @param {string[] | null | undefined} cards
 */
export function handRow(ctx, cards) {
  if (!Array.isArray(cards) || ctx.you === null) return null;
  const sorted = inOrder(cards, ctx.app.state.game?.order);
  const playable = playableCards(ctx.app.state);
  const canPlay = ctx.myTurn && playable.size > 0;
  return h('div', { class: `hand ${canPlay ? 'live' : ''}`, role: 'group', 'aria-label': ctx.t('table.cards', { n: sorted.length }), onkeydown: handKeys, style: { '--n': sorted.length } },
    sorted.map((c, i) => {
      const legal = playable.has(c.code);
      return h('button', {
        class: `card-btn ${canPlay ? (legal ? 'legal' : 'illegal') : ''}`,
        type: 'button',
        'data-key': `card-${c.code}`,
        dataset: { card: c.code },
        style: { '--i': i },
        // Not aria-disabled: an illegal card can still be tried, and the server says why not.
        'aria-label': canPlay && !legal ? `${cardName(ctx, c.code)} (${ctx.t('table.notPlayable')})` : cardName(ctx, c.code),
        onclick: () => {
          // Once the card has left the hand, focus comes back to the hand (main.js's draw), to
          // the card now in its place.
          ctx.app.ui.handFocus = { key: `card-${c.code}`, index: i, played: true };
          ctx.act(`play ${c.code}`);
        },
      }, h('span', { class: 'card' }, cardSvg(c.code, { jokerWord: ctx.t('card.joker') })));
    }));
}

/**
 * Cards played to a trick, each placed toward the seat that played it.
 * @param {Ctx} ctx
 * @param {{seat: number, card: string, dead?: boolean}[]} plays
 * @param {{winner?: number | null, done?: boolean, key?: string, held?: boolean, sweep?: number | null}} [opts]
 *   `held`: a finished trick held on the table (pace.js); `sweep`: how far (ms) into its sweep
 *   toward the winner it is, so a redraw mid-sweep carries on rather than starting over
 */
export function trickCards(ctx, plays, opts = {}) {
  const shown = ctx.app.ui.shownTrick;
  const sweeping = typeof opts.sweep === 'number';
  // Who took a finished trick is said in the status line under the felt (views/table.js), and the
  // winner's card is lit: a caption here would lie over the cards' corners.
  if (opts.done && typeof opts.winner === 'number' && !sweeping) ctx.trickWonBy = opts.winner;
  const toward = typeof opts.winner === 'number' ? seatPosition(ctx.rel(opts.winner), ctx.seats, 100) : { x: 50, y: 50 };
  return h('div', {
    class: `trick ${opts.done ? 'done' : ''} ${opts.held ? 'held' : ''} ${sweeping ? 'sweep' : ''}`,
    'aria-label': ctx.t('table.tricks'),
    style: sweeping ? { '--wx': ((toward.x - 50) / 100).toFixed(3), '--wy': ((toward.y - 50) / 100).toFixed(3), '--sweep-at': `-${Math.round(Number(opts.sweep))}ms` } : undefined,
  },
    plays.map((p) => {
      // The direction toward the seat; the CSS scales it (less across a narrow phone's felt, so a
      // card stays clear of the plates at the sides).
      const dir = seatPosition(ctx.rel(p.seat), ctx.seats, 100);
      const key = `${opts.key ?? ''}:${p.seat}:${p.card}`;
      const fresh = !opts.done && !shown.has(key);
      if (!opts.done) shown.add(key);
      return h('div', {
        class: `played rel-${ctx.rel(p.seat)} ${fresh ? 'enter' : ''} ${opts.winner === p.seat ? 'winner' : ''} ${p.dead ? 'dead' : ''}`,
        // A lower card over a higher one: where two touch, each one's top corner (its index) shows.
        style: { '--ux': ((dir.x - 50) / 100).toFixed(3), '--uy': ((dir.y - 50) / 100).toFixed(3), 'z-index': Math.round(dir.y) + 60 },
        dataset: { seat: p.seat, card: p.card },
      },
      cardFace(p.card, { label: `${ctx.name(p.seat)}: ${cardName(ctx, p.card)}`, jokerWord: ctx.t('card.joker') }),
      p.dead ? h('span', { class: 'badge dead-tag' }, ctx.t('kout.deadJoker')) : null);
    }));
}

/**
 * One finished trick as a row of cards, each named by its player, the winner's marked.
 * @param {Ctx} ctx
 * @param {{seat: number, card: string, dead?: boolean}[]} plays
 * @param {number | null} winner
 */
function trickRow(ctx, plays, winner) {
  return h('div', { class: 'last-trick-cards' },
    plays.map((p) => h('figure', { class: winner === p.seat ? 'winner' : '', dataset: { seat: p.seat, card: p.card } },
      cardFace(p.card, { label: cardName(ctx, p.card), jokerWord: ctx.t('card.joker') }),
      h('figcaption', null, h('bdi', null, ctx.name(p.seat))))));
}

/**
 * The last finished trick, over the table (toggled with the button or the L key).
 * @param {Ctx} ctx
 * @param {{seat: number, card: string, dead?: boolean}[] | null} plays
 * @param {number | null} winner
 * @param {number | null} [ofHand]  the hand (from 0) it ended, when that hand is over
 */
export function lastTrickPanel(ctx, plays, winner, ofHand = null) {
  return h('div', { class: 'last-trick-panel', role: 'dialog', 'aria-label': ctx.t('table.lastTrick') },
    h('div', { class: 'panel-head' },
      h('h3', null, ofHand === null ? ctx.t('table.lastTrick') : ctx.t('table.lastTrick.ofHand', { n: ofHand + 1 })),
      h('button', { class: 'btn ghost small', type: 'button', 'aria-label': ctx.t('table.close'), onclick: () => { ctx.app.ui.lastTrick = false; ctx.app.render(); } }, '×')),
    plays && plays.length
      ? [trickRow(ctx, plays, winner),
        typeof winner === 'number' ? h('p', { class: 'muted' }, ctx.tn('table.wonBy', { name: ctx.name(winner) })) : null]
      : h('p', { class: 'muted' }, ctx.t('table.lastTrick.none')));
}

/**
 * Every trick of a hand, in order, over the table (opened from the hand's summary or the hands list).
 * @param {Ctx} ctx
 * @param {number} hand  from 0
 * @param {{cards: {seat: number, card: string, dead?: boolean}[], winner: number | null}[]} tricks
 */
export function handTricksPanel(ctx, hand, tricks) {
  return h('div', { class: 'last-trick-panel hand-tricks', role: 'dialog', 'aria-label': ctx.t('table.handTricks', { n: hand + 1 }), dataset: { hand } },
    h('div', { class: 'panel-head' },
      h('h3', null, ctx.t('table.handTricks', { n: hand + 1 })),
      h('button', { class: 'btn ghost small', type: 'button', 'data-key': 'hand-tricks-close', 'aria-label': ctx.t('table.close'), onclick: () => { ctx.app.ui.review = null; ctx.app.render(); } }, '×')),
    h('ol', { class: 'hand-tricks-list' },
      tricks.map((t, i) => h('li', { class: 'hand-trick', dataset: { trick: i } },
        h('span', { class: 'hand-trick-head' }, ctx.t('table.trickN', { n: i + 1 }),
          typeof t.winner === 'number' ? [' · ', ctx.tn('table.wonBy', { name: ctx.name(t.winner) })] : null),
        trickRow(ctx, t.cards, t.winner)))));
}

/**
 * Face-down cards another seat holds, as a small fan with the count, named with its owner
 * ("Sara: 5 cards").
 * @param {Ctx} ctx
 * @param {number} n
 * @param {number} seat
 */
export function heldFan(ctx, n, seat) {
  if (!n) return null;
  const shown = Math.min(n, 9);
  const label = ctx.t('table.seatCards', { name: ctx.name(seat), n });
  return h('div', { class: 'held', role: 'img', 'aria-label': label, title: label },
    Array.from({ length: shown }, () => cardBack({ extra: 'mini' })),
    h('span', { class: 'held-count' }, String(n)));
}

/**
 * A small "D" chip for the dealer, its tooltip and accessible name in words ("Dealer: Sara deals
 * this hand").
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function dealerChip(ctx, seat) {
  const label = `${ctx.t('table.dealer')}: ${ctx.t('table.dealerOf', { name: ctx.name(seat) })}`;
  return h('span', { class: 'chip dealer', role: 'img', title: label, 'aria-label': label }, ctx.app.state.lang === 'ar' ? 'م' : 'D');
}

/**
 * A speech bubble at a seat (a bid, a pass). It pops in when the seat says something new, not at
 * every redraw of the table.
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {string | null} text  null: the seat has said nothing (yet)
 * @param {string} [extra]
 * @param {number} [nth]  how many times the seat has spoken, when it may say the same twice
 */
export function bubble(ctx, seat, text, extra = '', nth = 0) {
  const said = ctx.app.ui.bubbles;
  if (text === null) {
    said.delete(seat);
    return null;
  }
  const key = `${nth}:${text}`;
  const fresh = said.get(seat) !== key;
  said.set(seat, key);
  return h('div', { class: `bubble ${extra} ${fresh ? 'pop' : ''}`.trim() }, text);
}
