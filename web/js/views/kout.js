// @ts-check
/**
 * Kout Bo (six and four players): bidding from Bab (5) to Bawan (9), the Malzoom, naming the Hokm,
 * and the tricks. Draws the KoutView of crates/kout/src/view.rs.
 * @module
 */

import { h } from '../dom.js';
import { numberRange } from '../i18n.js';
import { teamLabel, teamScores } from './table.js';
import { handRow, trickCards, heldFan, dealerChip, bubble, suitLabel, suitMark } from './common.js';
import { actionLabel, scoreTone } from '../protocol.js';

/** @typedef {import('./table.js').Ctx} Ctx */

export const hasTricks = true;

/** @param {Ctx} ctx */
export function stageName(ctx) {
  return String(ctx.view?.stage ?? 'waiting');
}

/**
 * The name of a bid: Bab, 6, 7, 8, Bawan; Malzoom for the dealer's forced 5.
 * @param {Ctx} ctx
 * @param {number | null | undefined} bid
 * @param {boolean} [malzoom]
 */
export function bidName(ctx, bid, malzoom = false) {
  if (bid === null || bid === undefined) return '';
  if (malzoom) return ctx.t('kout.malzoom');
  if (bid === 5) return ctx.t('kout.bab');
  if (bid === 9) return ctx.t('kout.bawan');
  return String(bid);
}

/**
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function seatExtra(ctx, seat) {
  const v = ctx.view;
  if (!v) return null;
  const parts = [];
  const chips = [];
  if (v.dealer === seat && v.stage !== 'over') chips.push(dealerChip(ctx, seat));
  if (v.maker === seat && v.bid) {
    chips.push(h('span', { class: 'chip maker' }, bidName(ctx, v.bid, v.malzoom), v.trump ? suitMark(v.trump) : null));
  }
  if (chips.length) parts.push(h('div', { class: 'chips' }, chips));
  // While the maker names the Hokm their bid is on their chip: the bubble would say it twice.
  const call = v.stage === 'bidding' || (v.stage === 'trump' && v.maker !== seat) ? (v.calls ?? []).find((/** @type {any} */ c) => c.seat === seat) : null;
  parts.push(call ? bubble(ctx, seat, call.bid === null ? ctx.t('action.pass') : bidName(ctx, call.bid), call.bid === null ? 'pass' : 'bid') : bubble(ctx, seat, null));
  if (seat !== ctx.you) parts.push(heldFan(ctx, Number(v.cards_held?.[seat] ?? 0), seat));
  return parts;
}

/** @param {Ctx} ctx */
export function center(ctx) {
  const v = ctx.view;
  if (!v) return null;
  const key = `h${v.hand_number}`;
  if (ctx.app.ui.shownKey !== key) {
    ctx.app.ui.shownKey = key;
    ctx.app.ui.shownTrick = new Set();
  }
  if (v.stage === 'playing') {
    const trick = v.trick;
    if (trick && trick.cards.length) return trickCards(ctx, trick.cards, { key: `${key}t${v.tricks.length}` });
    const last = v.tricks[v.tricks.length - 1];
    if (last) return trickCards(ctx, last.cards, { done: true, winner: last.winner });
    // My own lead: say so, rather than "waiting for" myself.
    if (v.to_act === ctx.you) return h('p', { class: 'center-note mine' }, ctx.t('table.yourLead'));
    return h('p', { class: 'center-note' }, ctx.tn('table.waiting', { name: ctx.name(v.to_act) }));
  }
  if (v.stage === 'bidding') {
    const high = [...(v.calls ?? [])].reverse().find((/** @type {any} */ c) => c.bid !== null);
    return h('div', { class: 'center-info' },
      h('p', { class: 'big' }, high ? `${ctx.name(high.seat)}: ${bidName(ctx, high.bid)}` : ctx.t('kout.bidding')));
  }
  if (v.stage === 'trump') {
    return h('div', { class: 'center-info' }, h('p', { class: 'big' }, `${ctx.name(v.maker)}: ${bidName(ctx, v.bid, v.malzoom)}`), h('p', null, ctx.t('kout.chooseHokm')));
  }
  const last = v.tricks?.[v.tricks.length - 1];
  return last ? trickCards(ctx, last.cards, { done: true, winner: last.winner }) : null;
}

/** @param {Ctx} ctx */
export function actions(ctx) {
  const v = ctx.view;
  if (!v || !ctx.myTurn) return null;
  const legal = [...ctx.legal];
  if (v.stage === 'bidding') {
    const bids = legal.filter((a) => a === 'pass' || a.startsWith('bid '));
    return h('div', { class: 'bid-bar', role: 'group', 'aria-label': ctx.t('kout.yourBid') },
      bids.map((a) => h('button', {
        class: `btn bid-btn ${a === 'pass' ? 'ghost' : 'primary'}`, type: 'button', 'data-key': `act-${a}`, dataset: { action: a },
        // The keys that make the bid (main.js): 5–9, and 0 or P to pass.
        'aria-keyshortcuts': a === 'pass' ? '0 P' : a.slice(4),
        onclick: () => ctx.act(a),
      }, actionLabel(ctx.game, a, ctx.app.state.lang))));
  }
  if (v.stage === 'trump') {
    const suits = legal.filter((a) => a.startsWith('trump '));
    return h('div', { class: 'bid-bar', role: 'group', 'aria-label': ctx.t('kout.chooseHokm') },
      h('span', { class: 'bar-label' }, ctx.t('kout.chooseHokm')),
      suits.map((a, i) => {
        const suit = a.slice(6).toUpperCase();
        return h('button', { class: `btn suit-btn suit-${suit}`, type: 'button', 'data-key': `act-${a}`, dataset: { action: a }, 'aria-keyshortcuts': String(i + 1), onclick: () => ctx.act(a) }, suitMark(suit), ' ', suitLabel(ctx, suit).slice(2));
      }));
  }
  return null;
}

/** @param {Ctx} ctx */
export function hand(ctx) {
  const v = ctx.view;
  if (!v) return null;
  return handRow(ctx, v.hand);
}

/** @param {Ctx} ctx */
export function contractInfo(ctx) {
  const v = ctx.view;
  if (!v || v.maker === null || v.maker === undefined || !v.bid) return null;
  const text = v.trump
    ? ctx.tn('kout.contractHokm', { name: ctx.name(v.maker), bid: bidName(ctx, v.bid, v.malzoom), suit: suitLabel(ctx, v.trump) })
    : ctx.tn('kout.contract', { name: ctx.name(v.maker), bid: bidName(ctx, v.bid, v.malzoom) });
  const won = v.tricks_won ?? [0, 0];
  return h('div', { class: 'contract' },
    h('span', null, text),
    h('span', { class: 'muted' }, ` · ${ctx.t('table.tricks')}: `, teamScores(ctx, won)));
}

/**
 * One hand's facts (the `hands` summaries of the protocol).
 * @param {Ctx} ctx
 * @param {any} hand
 */
function handFacts(ctx, hand) {
  const score = hand.score ?? [0, 0];
  return [
    hand.bidder === null || hand.bidder === undefined ? '–' : `${ctx.name(hand.bidder)} ${bidName(ctx, hand.bid, hand.malzoom)}`,
    hand.trump ? suitLabel(ctx, hand.trump) : '–',
    hand.tricks ? `${numberRange(hand.tricks[0], hand.tricks[1])}` : '–',
    hand.score ? `${numberRange(score[0], score[1])}` : '–',
  ];
}

/** @param {Ctx} ctx */
export function handsTable(ctx) {
  const hands = ctx.app.state.game?.hands ?? [];
  return h('table', { class: 'hands-table' },
    h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, ctx.t('kout.bidCol')), h('th', null, ctx.t('kout.hokm')), h('th', null, ctx.t('table.tricks')), h('th', null, `${teamLabel(ctx, 0)}–${teamLabel(ctx, 1)}`))),
    h('tbody', null, hands.map((hd, i) => h('tr', null, h('td', null, String(i + 1)), handFacts(ctx, hd).map((x) => h('td', null, x))))));
}

/**
 * @param {Ctx} ctx
 * @param {any} hand
 */
export function summary(ctx, hand) {
  const [bid, trump, tricks, score] = handFacts(ctx, hand);
  const tone = scoreTone(ctx.you, hand.score ?? [0, 0]);
  return h('div', { class: 'summary-body' },
    h('p', null, bid, ' · ', ctx.t('kout.hokm'), ': ', trump),
    h('p', null, ctx.t('table.tricks'), ': ', hand.tricks ? teamScores(ctx, hand.tricks) : tricks),
    h('p', { class: `strong ${tone}` }, ctx.t('table.points'), ': ', hand.score ? teamScores(ctx, hand.score) : score));
}

/**
 * @param {Ctx} ctx
 * @param {any} winner  the winning team
 */
export function winnerText(ctx, winner) {
  if (typeof winner !== 'number') return '';
  if (ctx.you !== null) return ctx.t(ctx.you % 2 === winner ? 'table.youWin' : 'table.theyWin');
  return ctx.tn('table.winner', { name: teamLabel(ctx, winner) });
}

/** @param {Ctx} ctx */
export function finalScore(ctx) {
  const score = ctx.app.state.game?.score ?? [0, 0];
  return h('p', { class: 'final-score' }, teamScores(ctx, score));
}
