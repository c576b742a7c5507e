// @ts-check
/**
 * Kabul: every player's grid around the table, the draw and discard piles, the drawn card, the
 * powers, the snap windows, and the call of "Kabul!". A card the player looks at is shown for a
 * few seconds and then turned down again: remembering is the game. Draws the KabulView of
 * crates/kabul/src/view.rs.
 * @module
 */

import { h } from '../dom.js';
import { cardSvg } from './cardface.js';
import { cardName } from './common.js';
import { storage } from '../storage.js';
import { cardText } from '../cards.js';
import { jokerNames } from '../i18n.js';
import { joinList } from '../words.js';
import { slotFace, slotEmpty, roundOver, updateMemory, showFace, nextHideAt, slotActions, switchPlaces, switchAction, canSnap, looksOf, unseenEntries, feedLines } from '../kabul-logic.js';

/** @typedef {import('./table.js').Ctx} Ctx */

export const hasTricks = false;
export const seatRadius = 47;

const MEMORY_KEY = 'majlis.kabul.seen';

/** @param {Ctx} ctx */
export function stageName(ctx) {
  return String(ctx.view?.step?.step ?? 'waiting');
}

/**
 * Before drawing: note newly seen faces (and when to hide them), and what the last action moved.
 * @param {Ctx} ctx
 */
export function prepare(ctx) {
  const ui = ctx.app.ui;
  const v = ctx.view;
  if (!v) return;
  // A snap armed for a window that closed must not turn the next click on a card into a snap.
  if (!canSnap(ctx.legal)) ui.snapArmed = false;
  // The match too: a rematch starts again at round 1, and what I saw in the last match is gone.
  const key = `${ctx.app.state.table?.code}:${ctx.app.state.table?.game_id}:${v.round}`;
  if (!ui.memory) {
    try {
      const stored = JSON.parse(storage.get(MEMORY_KEY) ?? 'null');
      if (stored && stored.key === key && stored.seen && typeof stored.seen === 'object') ui.memory = stored;
    } catch {
      ui.memory = null;
    }
  }
  const before = JSON.stringify(ui.memory ?? {});
  const now = Date.now();
  const log = ctx.app.state.game?.log ?? [];
  // Every new look (a peek, a queen/king switch, a failed snap) shows the card again, even one
  // already known: each log entry's looks are counted once, by its version.
  const entries = unseenEntries(ui.memory, log);
  const last = log[log.length - 1];
  ui.memory = updateMemory(ui.memory, key, v, now, { looks: looksOf(entries, v, ctx.you), version: last?.version });
  if (JSON.stringify(ui.memory) !== before) storage.set(MEMORY_KEY, JSON.stringify(ui.memory));
  const hideAt = nextHideAt(ui.memory, now);
  if (hideAt !== null && !roundOver(v)) ctx.app.wakeAt(hideAt);
  if (last && last.version !== ui.kabulSeen) {
    ui.kabulSeen = last.version;
    ui.touched = touchedBy(last.seat, last.action);
    const m = /^switch (\d+:\d+) (\d+:\d+)$/.exec(last.action);
    ui.animate = m ? { a: m[1], b: m[2] } : null;
  }
}

/**
 * The places an action looked at or moved ("S:P").
 * @param {number | null} seat
 * @param {string} action
 * @returns {string[]}
 */
export function touchedBy(seat, action) {
  const w = action.trim().split(/\s+/);
  switch (w[0]) {
    case 'switch': return [w[1], w[2]].filter(Boolean);
    case 'peek': return [w[1]?.includes(':') ? w[1] : `${seat}:${w[1]}`];
    case 'snap':
    case 'replace': return seat === null ? [] : [`${seat}:${w[1]}`];
    default: return [];
  }
}

/**
 * Runs the switch animation after a render: each of the two cards glides in from the other's place.
 * @param {{a: string, b: string} | null} animate
 * @param {HTMLElement} root
 */
export function runSwitchAnimation(animate, root) {
  if (!animate) return;
  const a = /** @type {HTMLElement | null} */ (root.querySelector(`[data-pos="${animate.a}"]`));
  const b = /** @type {HTMLElement | null} */ (root.querySelector(`[data-pos="${animate.b}"]`));
  if (!a || !b || typeof a.animate !== 'function') return;
  const ra = a.getBoundingClientRect();
  const rb = b.getBoundingClientRect();
  const opts = { duration: 700, easing: 'cubic-bezier(.3,.7,.3,1)' };
  a.animate([{ transform: `translate(${rb.left - ra.left}px, ${rb.top - ra.top}px) scale(1.15)`, zIndex: 5 }, { transform: 'none' }], opts);
  b.animate([{ transform: `translate(${ra.left - rb.left}px, ${ra.top - rb.top}px) scale(1.15)`, zIndex: 5 }, { transform: 'none' }], opts);
}

/**
 * What clicking a slot does now, or null when it does nothing.
 * @param {Ctx} ctx
 * @param {number} seat
 * @param {number} slot
 */
function slotClick(ctx, seat, slot) {
  const ui = ctx.app.ui;
  const place = `${seat}:${slot}`;
  const legal = [...ctx.legal];
  const direct = slotActions(legal, ctx.you, seat, slot, ui.snapArmed);
  if (direct.length) return () => ctx.act(direct[0]);
  const switchable = switchPlaces(legal);
  if (!switchable.has(place)) return null;
  return () => {
    if (ui.kabulPick === null || ui.kabulPick === place) {
      ui.kabulPick = ui.kabulPick === place ? null : place;
      ctx.app.render();
      return;
    }
    const action = switchAction(legal, ui.kabulPick, place);
    if (action) ctx.act(action);
    else {
      ui.kabulPick = place;
      ctx.app.render();
    }
  };
}

/**
 * Where slot `i` sits in a grid: 0 1 on the top row, 2 3 below, penalty slots in further columns
 * (4 top, 5 bottom, 6 top, …), so the grid grows sideways and stays two rows high.
 * @param {number} i
 */
export function slotPlace(i) {
  if (i < 4) return { 'grid-row': i < 2 ? 1 : 2, 'grid-column': (i % 2) + 1 };
  return { 'grid-row': ((i - 4) % 2) + 1, 'grid-column': 3 + Math.floor((i - 4) / 2) };
}

/**
 * A seat's grid: 0 1 on the top row, 2 3 below (nearest the owner), penalty slots after.
 * @param {Ctx} ctx
 * @param {number} seat
 */
function grid(ctx, seat) {
  const v = ctx.view;
  const slots = /** @type {unknown[]} */ (v?.grids?.[seat] ?? []);
  const over = roundOver(v);
  const now = Date.now();
  const ui = ctx.app.ui;
  const touched = new Set(ui.touched ?? []);
  return h('div', { class: 'grid' },
    slots.map((slot, i) => {
      const at = slotPlace(i);
      const place = `${seat}:${i}`;
      const face = slotFace(slot);
      const empty = slotEmpty(slot);
      const up = face !== null && showFace(ui.memory, face, now, over);
      // Every change redraws the table: only a card that has just turned up flips, or a face
      // shown for a few seconds would flip again with every move anyone makes.
      const flip = up && face !== null && ui.faceUp.get(place) !== face;
      if (up && face !== null) ui.faceUp.set(place, face);
      else ui.faceUp.delete(place);
      const click = empty ? null : slotClick(ctx, seat, i);
      const cls = `slot ${empty ? 'empty' : up ? 'up' : 'down'} ${flip ? 'flip' : ''} ${click ? 'clickable' : ''} ${ui.kabulPick === place ? 'picked' : ''} ${touched.has(place) ? 'touched' : ''}`;
      const label = ctx.t('kabul.slotLabel', { name: ctx.name(seat), n: i + 1, card: empty ? ctx.t('card.empty') : up && face ? cardName(ctx, face) : ctx.t('card.back') });
      const inner = empty ? null : up && face ? h('span', { class: 'card' }, cardSvg(face, { jokerWord: ctx.t('card.joker') })) : h('span', { class: 'card back' });
      if (click) {
        return h('button', { class: cls, type: 'button', style: at, 'data-key': `slot-${place}`, 'data-pos': place, 'aria-label': label, onclick: click }, inner);
      }
      return h('div', { class: cls, style: at, 'data-pos': place, role: 'img', 'aria-label': label }, inner);
    }));
}

/**
 * A seat's chips (the dealer, the caller of Kabul, the round's score), beside its name: a row of
 * their own would make the seat taller whenever it holds one, and push its grid into the middle.
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function plateExtra(ctx, seat) {
  const v = ctx.view;
  if (!v || !Array.isArray(v.grids) || !v.grids.length) return null;
  const chips = [];
  if (v.dealer === seat) chips.push(h('span', { class: 'chip dealer' }, ctx.app.state.lang === 'ar' ? 'م' : 'D'));
  if (v.caller === seat) chips.push(h('span', { class: 'chip maker' }, ctx.t('kabul.call'), ' ', ctx.t('kabul.locked')));
  const rs = Array.isArray(v.round_scores) ? v.round_scores[seat] : null;
  if (rs !== null && rs !== undefined) chips.push(h('span', { class: 'chip score-chip' }, String(rs)));
  return chips.length ? h('span', { class: 'chips' }, chips) : null;
}

/**
 * @param {Ctx} ctx
 * @param {number} seat
 */
export function seatExtra(ctx, seat) {
  const v = ctx.view;
  if (!v || !Array.isArray(v.grids) || !v.grids.length) return null;
  return grid(ctx, seat);
}

/**
 * Seat names as nodes, each in its own `<bdi>`, joined as a list ("A, B and C").
 * @param {Ctx} ctx
 * @param {number[]} seats
 * @returns {import('../dom.js').Child[]}
 */
function nameList(ctx, seats) {
  const out = [];
  seats.forEach((seat, i) => {
    if (i > 0) out.push(ctx.t(i === seats.length - 1 ? 'list.and' : 'list.comma'));
    out.push(h('bdi', null, ctx.name(seat)));
  });
  return out;
}

/**
 * One public event (or a folded run of passes, from feedLines) in words.
 * @param {Ctx} ctx
 * @param {any} ev
 */
export function eventText(ctx, ev) {
  const name = ctx.name(ev.seat);
  const jokers = jokerNames(ctx.app.state.lang);
  const card = ev.card ? cardText(ev.card, jokers) : '';
  switch (ev.event) {
    case 'kabul': return ctx.tn('kabul.ev.kabul', { name });
    case 'draw': return ev.card ? ctx.tn('kabul.ev.drawCard', { name, card }) : ctx.tn('kabul.ev.draw', { name, from: ctx.t(`kabul.from.${ev.from}`) });
    case 'discard': return ctx.tn(ev.power ? 'kabul.ev.discardPower' : 'kabul.ev.discard', { name, card });
    case 'replace': return ctx.tn('kabul.ev.replace', { name, card: cardText(ev.discarded, jokers) });
    case 'peek': {
      const at = ev.at && typeof ev.at.seat === 'number' ? ev.at : null;
      if (at && at.seat !== ev.seat) return ctx.tn('kabul.ev.peekOther', { name, owner: ctx.name(at.seat), n: Number(at.slot) + 1 });
      return at ? ctx.tn('kabul.ev.peekOwn', { name, n: Number(at.slot) + 1 }) : ctx.tn('kabul.ev.peek', { name });
    }
    case 'switch': return ctx.tn(ev.looked ? 'kabul.ev.switchLook' : 'kabul.ev.switch', { name });
    case 'snap': return ctx.tn(ev.hit ? 'kabul.ev.snapHit' : 'kabul.ev.snapMiss', { name, card });
    case 'pass': return ctx.tn('kabul.ev.pass', { name });
    case 'passes': {
      const seats = Array.isArray(ev.seats) ? ev.seats : [];
      if (seats.length === 1) return ctx.tn('kabul.ev.pass', { name: ctx.name(seats[0]) });
      return ctx.tn('kabul.ev.passMany', { names: '…' }, { names: nameList(ctx, seats) });
    }
    case 'close': return ctx.t('kabul.ev.close');
    case 'reshuffle': return ctx.t('kabul.ev.reshuffle');
    case 'end': return `${ctx.t('kabul.ev.end')}: ${ctx.t(`kabul.end.${ev.end}`)}`;
    default: return '';
  }
}

/** @param {Ctx} ctx */
export function center(ctx) {
  const v = ctx.view;
  if (!v) return null;
  const legal = ctx.legal;
  const top = Array.isArray(v.discard) ? v.discard[v.discard.length - 1] : null;
  const drawDeck = legal.has('draw deck');
  const drawDiscard = legal.has('draw discard');
  const pile = h(drawDeck ? 'button' : 'div', {
    class: `pile draw ${drawDeck ? 'clickable' : ''}`, type: drawDeck ? 'button' : null, 'data-key': 'pile',
    'aria-label': ctx.t('kabul.drawPile', { n: v.draw_pile ?? 0 }), onclick: drawDeck ? () => ctx.act('draw deck') : null,
  }, h('span', { class: 'card back' }), h('span', { class: 'pile-label' }, ctx.t('kabul.drawPile', { n: v.draw_pile ?? 0 })));
  const discard = h(drawDiscard ? 'button' : 'div', {
    class: `pile discard ${drawDiscard ? 'clickable' : ''}`, type: drawDiscard ? 'button' : null, 'data-key': 'discard-pile',
    'aria-label': `${ctx.t('kabul.discardPile')}${top ? `: ${cardName(ctx, top)}` : ''}`, onclick: drawDiscard ? () => ctx.act('draw discard') : null,
  }, top ? h('span', { class: 'card', dataset: { card: top } }, cardSvg(top, { jokerWord: ctx.t('card.joker') })) : h('span', { class: 'card empty' }), h('span', { class: 'pile-label' }, ctx.t('kabul.discardPile')));
  const d = v.drawn;
  const drawn = d
    ? h('div', { class: 'pile drawn', 'aria-label': `${ctx.t('kabul.drawn')} (${ctx.name(d.seat)})${d.card ? `: ${cardName(ctx, d.card)}` : ''}` },
      d.card ? h('span', { class: 'card', dataset: { card: d.card } }, cardSvg(d.card, { jokerWord: ctx.t('card.joker') })) : h('span', { class: 'card back' }),
      h('span', { class: 'pile-label' }, `${ctx.t('kabul.drawn')} · `, h('bdi', null, ctx.name(d.seat))))
    : null;
  // The passes after a discard fold into one line: the move that matters stays in view.
  const events = feedLines(v.events ?? [], 3).map((ev) => eventText(ctx, ev)).filter((/** @type {unknown} */ e) => e !== '');
  return h('div', { class: 'kabul-center' },
    h('div', { class: 'piles' }, pile, discard, drawn),
    events.length ? h('ul', { class: 'events', 'aria-live': 'polite' }, events.map((/** @type {import('../dom.js').Child} */ e) => h('li', null, e))) : null);
}

/** @param {Ctx} ctx */
export function actions(ctx) {
  const v = ctx.view;
  if (!v || !ctx.myTurn) return null;
  const legal = ctx.legal;
  const ui = ctx.app.ui;
  const step = v.step ?? {};
  const buttons = [];
  const button = (/** @type {string} */ action, /** @type {string} */ label, /** @type {string} */ cls = '') =>
    h('button', { class: `btn ${cls}`, type: 'button', 'data-key': `act-${action}`, dataset: { action }, onclick: () => ctx.act(action) }, label);
  if (legal.has('kabul')) buttons.push(button('kabul', ctx.t('kabul.call'), 'kabul-btn'));
  if (legal.has('draw deck')) buttons.push(button('draw deck', ctx.t('kabul.drawDeck'), 'primary'));
  if (legal.has('draw discard')) buttons.push(button('draw discard', ctx.t('kabul.drawDiscard')));
  if (legal.has('discard')) buttons.push(button('discard', ctx.t('kabul.discard')));
  if (legal.has('discard power')) {
    // The engine names the drawn card's power (the view's `drawn.power`); without it, the button says
    // only that a power is used.
    const power = typeof v.drawn?.power === 'string' ? v.drawn.power : null;
    buttons.push(button('discard power', power ? `${ctx.t('kabul.discardPower')}: ${ctx.t(`kabul.power.${power}`)}` : ctx.t('kabul.discardPower'), 'primary'));
  }
  if (canSnap(legal)) {
    buttons.push(h('button', {
      class: `btn snap-btn ${ui.snapArmed ? 'on' : ''}`, type: 'button', 'data-key': 'snap', 'aria-pressed': String(ui.snapArmed),
      onclick: () => { ui.snapArmed = !ui.snapArmed; ctx.app.render(); },
    }, ctx.t('kabul.snap')));
  }
  if (legal.has('pass')) buttons.push(button('pass', ctx.t('kabul.pass'), 'ghost'));
  /** @type {string | null} */
  let hint = null;
  if (step.step === 'drawn_card') hint = step.from === 'discard' ? ctx.t('kabul.mustReplace') : ctx.t('kabul.replaceHint');
  else if (step.step === 'power_target') hint = ui.kabulPick ? ctx.t('kabul.pickSecond') : ctx.t(`kabul.power.${step.power}`);
  else if (ui.snapArmed) hint = ctx.t('kabul.snapPick');
  return h('div', { class: 'bid-bar kabul-actions' }, buttons, hint ? h('p', { class: 'hint' }, hint) : null);
}

/** Kabul has no hand: the player's cards are their grid. */
export function hand() {
  return null;
}

/** @param {Ctx} ctx */
export function clockTotal(ctx) {
  const v = ctx.view;
  const table = ctx.app.state.table ?? {};
  if (v?.step?.step === 'snap_window') return Number(table.rules?.snap_window_ms) || 3000;
  return Number(table.turn_ms) || 30000;
}

/** @param {Ctx} ctx */
export function contractInfo(ctx) {
  const v = ctx.view;
  if (!v) return null;
  const target = ctx.app.state.table?.rules?.target_score;
  return h('div', { class: 'contract' },
    h('span', null, ctx.t('kabul.round', { n: Math.max(1, v.round ?? 1) })),
    h('span', { class: 'muted' }, ` · ${target ? ctx.t('kabul.target', { n: target }) : ctx.t('kabul.oneRound')} · ${ctx.t('kabul.lowest')}`),
    v.caller !== null && v.caller !== undefined ? h('span', { class: 'caller' }, ' · ', ctx.tn('kabul.caller', { name: ctx.name(v.caller) })) : null);
}

/** @param {Ctx} ctx */
export function scoreBoard(ctx) {
  const score = ctx.app.state.game?.score ?? [];
  return h('div', { class: 'scoreboard kabul-scores', 'aria-label': ctx.t('kabul.total') },
    score.map((n, seat) => h('div', { class: `score ${seat === ctx.you ? 'mine' : ''}`, dataset: { seat } },
      h('span', { class: 'score-label' }, ctx.name(seat)),
      h('strong', { class: 'score-value' }, String(n)))));
}

/** @param {Ctx} ctx */
export function handsTable(ctx) {
  const rounds = ctx.app.state.game?.hands ?? [];
  return h('table', { class: 'hands-table' },
    h('thead', null, h('tr', null, h('th', null, '#'), Array.from({ length: ctx.seats }, (_, s) => h('th', null, ctx.name(s))))),
    h('tbody', null, rounds.map((r, i) => h('tr', null, h('td', null, String(i + 1)),
      Array.from({ length: ctx.seats }, (_, s) => h('td', { class: Array.isArray(r.winners) && r.winners.includes(s) ? 'good' : '' }, Array.isArray(r.scores) ? String(r.scores[s]) : '–'))))));
}

/**
 * @param {Ctx} ctx
 * @param {any} round
 */
export function summary(ctx, round) {
  const winners = Array.isArray(round.winners) ? round.winners : [];
  return h('div', { class: 'summary-body' },
    round.end ? h('p', null, ctx.t(`kabul.end.${round.end}`)) : null,
    h('ul', { class: 'plain' }, (round.scores ?? []).map((/** @type {number} */ n, /** @type {number} */ s) => h('li', { class: winners.includes(s) ? 'good' : '' }, `${ctx.name(s)}: ${n}`))));
}

/**
 * @param {Ctx} ctx
 * @param {any} winner  the winning seats
 */
export function winnerText(ctx, winner) {
  const seats = Array.isArray(winner) ? winner : [];
  if (ctx.you !== null && seats.includes(ctx.you)) return ctx.t('table.youWin');
  return ctx.tn('table.winner', { name: joinList(ctx.app.state.lang, seats.map((s) => ctx.name(s))) });
}

/** @param {Ctx} ctx */
export function finalScore(ctx) {
  const score = ctx.app.state.game?.score ?? [];
  return h('ul', { class: 'plain final-score' }, score.map((n, s) => h('li', null, h('bdi', null, ctx.name(s)), ': ', h('bdi', null, String(n)))));
}
