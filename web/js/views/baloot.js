// @ts-check
/**
 * Baloot: two rounds of bidding on the face-up card (Hokum or Sun), the deal of the rest, the
 * tricks, and the projects (Sira, Fifty, Hundred, Four hundred, Baloot) as they are announced.
 * Draws the BalootView of crates/baloot/src/view.rs.
 * @module
 */

import { h } from '../dom.js';
import { teamLabel, teamScores } from './table.js';
import { handRow, trickCards, heldFan, dealerChip, bubble, suitLabel, suitMark, cardName } from './common.js';
import { cardFace } from './cardface.js';
import { actionLabel, balootBids, balootBidRound, scoreTone } from '../protocol.js';
import { cardText } from '../cards.js';
import { jokerNames, numberRange } from '../i18n.js';

/** @typedef {import('./table.js').Ctx} Ctx */

export const hasTricks = true;

/** @param {Ctx} ctx */
export function stageName(ctx) {
  return String(ctx.view?.phase ?? 'waiting');
}

/** @param {Ctx} ctx */
function faceUpSuit(ctx) {
  const c = ctx.view?.hand?.face_up;
  return typeof c === 'string' ? c.slice(-1) : null;
}

/**
 * A contract in words: "Hokum ♥ Hearts", "Sun".
 * @param {Ctx} ctx
 * @param {{mode: string, trump: string | null} | null | undefined} contract
 */
export function modeText(ctx, contract) {
  if (!contract) return '';
  return contract.mode === 'sun' ? ctx.t('baloot.sun') : ctx.t('baloot.hokumSuit', { suit: suitLabel(ctx, contract.trump) });
}

/**
 * @param {Ctx} ctx
 * @param {string} kind
 */
export function projectName(ctx, kind) {
  return ctx.t(`baloot.project.${kind}`);
}

/**
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function seatExtra(ctx, seat) {
  const v = ctx.view;
  const hd = v?.hand;
  if (!hd) return null;
  const parts = [];
  const chips = [];
  if (hd.dealer === seat && v.phase !== 'over') chips.push(dealerChip(ctx, seat));
  if (hd.contract && hd.contract.bidder === seat) {
    chips.push(h('span', { class: 'chip maker' }, hd.contract.mode === 'sun' ? ctx.t('baloot.sun') : ctx.t('baloot.hokum'), hd.contract.trump ? suitMark(hd.contract.trump) : null));
  }
  if (chips.length) parts.push(h('div', { class: 'chips' }, chips));
  // During the doubling steps the bubbles show the raises; before, the bids.
  const spoken = v.phase === 'doubling' ? (hd.calls ?? []) : v.phase === 'bidding' ? (hd.bids ?? []) : [];
  const bids = spoken.filter((/** @type {any} */ b) => b.seat === seat);
  const last = bids[bids.length - 1];
  // The bubble's text counts the seat's bids, so a second "pass" (in the second round) pops too.
  parts.push(last ? bubble(ctx, seat, actionLabel('baloot', last.bid, ctx.app.state.lang, { faceUpSuit: faceUpSuit(ctx) }), last.bid === 'pass' ? 'pass' : 'bid', bids.length) : bubble(ctx, seat, null));
  const projects = (hd.projects ?? []).filter((/** @type {any} */ p) => p.seat === seat);
  if (projects.length) {
    parts.push(h('div', { class: 'projects' }, projects.map((/** @type {any} */ p) => {
      // A project struck through says why it does not count, in words one can read on a phone too.
      const why = p.counted === false ? struckWhy(hd.projects ?? [], seat, ctx.app.state.table?.rules) : null;
      return h('span', {
        class: `chip project ${p.counted === false ? 'struck' : ''}`,
        title: [Array.isArray(p.cards) ? p.cards.map((/** @type {string} */ c) => cardText(c, jokerNames(ctx.app.state.lang))).join(' ') : '', why ? ctx.t(why) : ''].filter(Boolean).join(' · '),
      }, h('span', { class: 'project-name' }, projectName(ctx, p.kind)),
      Array.isArray(p.cards) ? h('span', { class: 'project-cards', dir: 'ltr' }, p.cards.map((/** @type {string} */ c) => cardText(c, jokerNames(ctx.app.state.lang))).join(' ')) : null,
      why ? h('span', { class: 'project-why', 'data-key': 'project-why' }, ctx.t(`${why}.short`)) : null);
    })));
  }
  if (seat !== ctx.you) parts.push(heldFan(ctx, Number(hd.hand_sizes?.[seat] ?? 0), seat));
  return parts;
}

/** Raw points of each project kind, for comparing the teams' best (Baloot is never compared). */
const PROJECT_WORTH = /** @type {Record<string, number>} */ ({ sira: 20, fifty: 50, hundred: 100, four_hundred: 400 });

/**
 * Why a seat's projects do not count: the other team's best project is worth more, or the two
 * best are worth the same and cancel (the `seed` rules; `saudi` breaks the tie by the top card).
 * @param {any[]} projects  the hand's announced projects
 * @param {number} seat
 * @param {Record<string, any> | null | undefined} rules  the table's rules
 * @returns {string}  a message key
 */
export function struckWhy(projects, seat, rules) {
  const best = (/** @type {number} */ team) => Math.max(0, ...projects.filter((p) => p.seat % 2 === team && p.kind !== 'baloot').map((p) => PROJECT_WORTH[p.kind] ?? 0));
  const [mine, theirs] = [best(seat % 2), best(1 - (seat % 2))];
  if (mine !== theirs) return 'baloot.struck.beaten';
  const topCard = rules?.project_tie === 'top_card' || rules?.preset === 'saudi' || rules?.preset === 'saudi_full';
  return topCard ? 'baloot.struck.topCard' : 'baloot.struck.tie';
}

/** @param {Ctx} ctx */
export function center(ctx) {
  const v = ctx.view;
  const hd = v?.hand;
  if (!hd) return null;
  const key = `h${hd.number}`;
  if (ctx.app.ui.shownKey !== key) {
    ctx.app.ui.shownKey = key;
    ctx.app.ui.shownTrick = new Set();
  }
  if (v.phase === 'bidding') {
    const round = balootBidRound(v.bid_round);
    return h('div', { class: 'center-info face-up' },
      cardFace(hd.face_up, { label: `${ctx.t('baloot.faceUp')}: ${cardName(ctx, hd.face_up)}`, extra: 'big' }),
      h('p', { class: 'muted' }, ctx.t('baloot.faceUp')),
      h('p', { class: `bid-round round-${round}`, dataset: { round } }, ctx.t(`baloot.round${round}`)));
  }
  if (hd.void) return h('p', { class: 'center-note' }, ctx.t('baloot.void'));
  const plays = hd.trick?.plays ?? [];
  if (plays.length) return trickCards(ctx, plays, { key: `${key}t${hd.tricks.length}` });
  const last = hd.tricks[hd.tricks.length - 1];
  if (last) return trickCards(ctx, last.plays, { done: true, winner: last.winner });
  return null;
}

/** @param {Ctx} ctx */
export function actions(ctx) {
  const v = ctx.view;
  if (!v || !ctx.myTurn) return null;
  if (v.phase === 'doubling') return callBar(ctx, [...ctx.legal], ctx.t('baloot.raiseLabel'));
  // A player about to lead may claim every remaining trick instead (Sawa); the cards stay playable.
  // The label says what the call does; the button says its name.
  if (v.phase === 'playing') return ctx.legal.has('sawa') ? callBar(ctx, ['sawa'], ctx.t('baloot.sawaLabel')) : null;
  if (v.phase !== 'bidding') return null;
  const bids = balootBids(ctx.legal, faceUpSuit(ctx));
  const round = balootBidRound(v.bid_round);
  return h('div', { class: 'bid-bar', role: 'group', 'aria-label': ctx.t(`baloot.round${round}`) },
    round === 2 ? h('span', { class: 'bar-label' }, ctx.t('baloot.round2')) : null,
    bids.map((a, i) => {
      const suit = a.startsWith('hokum') ? (a.split(' ')[1] ?? faceUpSuit(ctx) ?? '').toUpperCase() : null;
      return h('button', {
        class: `btn bid-btn ${a === 'pass' ? 'ghost' : 'primary'}`, type: 'button', 'data-key': `act-${a}`, dataset: { action: a },
        // The keys that make the bid (main.js): the buttons' order, and 0 or P to pass.
        'aria-keyshortcuts': a === 'pass' ? '0 P' : String(i + 1),
        onclick: () => ctx.act(a),
      }, a === 'pass' ? ctx.t('action.pass') : a === 'sun' ? ctx.t('baloot.sun') : suit !== null ? [ctx.t('baloot.hokum'), ' ', suitMark(suit)] : actionLabel('baloot', a, ctx.app.state.lang));
    }));
}

/**
 * Buttons for the Saudi table calls offered now (raises and pass during the doubling steps; Sawa
 * before a lead), each in words with its stake.
 * @param {Ctx} ctx
 * @param {string[]} legal
 * @param {string} label
 */
function callBar(ctx, legal, label) {
  const calls = legal.filter((a) => !a.startsWith('play '));
  if (!calls.length) return null;
  return h('div', { class: 'bid-bar call-bar', role: 'group', 'aria-label': label },
    h('span', { class: 'bar-label' }, label),
    calls.map((a, i) => h('button', {
      class: `btn bid-btn ${a === 'pass' ? 'ghost' : 'primary'}`, type: 'button', 'data-key': `act-${a}`, dataset: { action: a },
      'aria-keyshortcuts': a === 'pass' ? '0 P' : String(i + 1),
      onclick: () => ctx.act(a),
    }, actionLabel('baloot', a, ctx.app.state.lang))));
}

/** @param {Ctx} ctx */
export function hand(ctx) {
  const hd = ctx.view?.hand;
  if (!hd) return null;
  return handRow(ctx, hd.cards);
}

/** @param {Ctx} ctx */
export function contractInfo(ctx) {
  const hd = ctx.view?.hand;
  if (!hd || !hd.contract) return null;
  const c = hd.contract;
  // A Sun called as Ashkal says so: the face-up card went to the bidder's partner, not the bidder.
  const text = c.mode === 'sun'
    ? ctx.tn(c.ashkal ? 'baloot.contractAshkal' : 'baloot.contractSun', { name: ctx.name(c.bidder) })
    : ctx.tn('baloot.contractHokum', { name: ctx.name(c.bidder), suit: suitLabel(ctx, c.trump) });
  const pts = hd.card_points ?? [0, 0];
  const tr = hd.trick_counts ?? [0, 0];
  // The stake and "closed", once raised: everyone at the table sees them.
  const stake = stakeText(ctx, hd.multiplier);
  return h('div', { class: 'contract' },
    h('span', null, text),
    stake ? h('span', { class: 'chip stake', 'data-key': 'stake' }, stake) : null,
    hd.closed ? h('span', { class: 'chip closed', 'data-key': 'closed' }, ctx.t('baloot.closedChip')) : null,
    h('span', { class: 'muted' }, ` · ${ctx.t('table.tricks')} ${numberRange(tr[0], tr[1])} · ${ctx.t('baloot.cardPoints')} ${numberRange(pts[0], pts[1])}`));
}

/**
 * A raised stake in words ("×2", "Gahwa: the match"); null when the hand is not raised.
 * @param {Ctx} ctx
 * @param {unknown} m  the multiplier: 1 to 4, or "gahwa"
 */
function stakeText(ctx, m) {
  return m === 'gahwa' ? ctx.t('baloot.stakeGahwa') : typeof m === 'number' && m > 1 ? ctx.t('baloot.stake', { n: m }) : null;
}

/**
 * @param {Ctx} ctx
 * @param {any} hd a hand summary
 */
function handFacts(ctx, hd) {
  if (hd.void) return [ctx.t('baloot.void'), '', '', ''];
  if (hd.ended_by === 'kawesh') return [ctx.t('baloot.endedKawesh', { name: ctx.name(hd.dealer) }), '', '', ''];
  // A raised hand says its stake beside the contract, and whether the last raise was closed.
  const stake = stakeText(ctx, hd.multiplier);
  const raised = stake ? ` · ${stake}${hd.closed ? ` ${ctx.t('baloot.closedChip')}` : ''}` : '';
  const projects = Array.isArray(hd.projects)
    ? [0, 1].map((t) => (hd.projects[t] ?? []).map((/** @type {string} */ k) => projectName(ctx, k)).join(ctx.t('list.comma')) || '–').join(' / ')
    : '–';
  return [
    hd.bidder === null || hd.bidder === undefined ? '–' : `${ctx.name(hd.bidder)}: ${modeText(ctx, hd.mode ? { mode: hd.mode, trump: hd.trump } : null)}${raised}`,
    hd.card_points ? `${numberRange(hd.card_points[0], hd.card_points[1])}` : '–',
    projects,
    hd.score ? `${numberRange(hd.score[0], hd.score[1])}` : '–',
  ];
}

/** @param {Ctx} ctx */
export function handsTable(ctx) {
  const hands = ctx.app.state.game?.hands ?? [];
  return h('table', { class: 'hands-table' },
    h('thead', null, h('tr', null, h('th', null, '#'), h('th', null, ctx.t('kout.bidCol')), h('th', null, ctx.t('baloot.cardPoints')), h('th', null, ctx.t('baloot.projects')), h('th', null, `${teamLabel(ctx, 0)}–${teamLabel(ctx, 1)}`))),
    h('tbody', null, hands.map((hd, i) => h('tr', null, h('td', null, String(i + 1)), handFacts(ctx, hd).map((x) => h('td', null, x))))));
}

/**
 * @param {Ctx} ctx
 * @param {any} hd
 */
export function summary(ctx, hd) {
  if (hd.void) return h('div', { class: 'summary-body' }, h('p', null, ctx.t('baloot.void')));
  const [contract, points, projects, score] = handFacts(ctx, hd);
  if (hd.ended_by === 'kawesh') return h('div', { class: 'summary-body' }, h('p', { class: 'ended-by', dataset: { endedBy: 'kawesh' } }, contract));
  return h('div', { class: 'summary-body' },
    hd.ended_by === 'sawa' ? h('p', { class: 'ended-by', dataset: { endedBy: 'sawa' } }, ctx.t('baloot.endedSawa')) : null,
    h('p', null, contract),
    h('p', null, `${ctx.t('baloot.cardPoints')}: `, hd.card_points ? teamScores(ctx, hd.card_points) : points),
    h('p', null, `${ctx.t('baloot.projects')}: ${projects}`),
    h('p', { class: `strong ${scoreTone(ctx.you, hd.score ?? [0, 0])}` }, `${ctx.t('table.points')}: `, hd.score ? teamScores(ctx, hd.score) : score));
}

/**
 * @param {Ctx} ctx
 * @param {any} winner
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
