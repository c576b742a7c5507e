// @ts-check
/**
 * Replays of finished matches: step through the record forwards and backwards (buttons, slider,
 * arrow keys), every card face up. The states come from the client-side stepper in replay.js.
 * @module
 */

import { h } from '../dom.js';
import { buildReplay, handJump } from '../replay.js';
import { seatPosition, seatStyle, actionLabel, hasTeams, teamOf } from '../protocol.js';
import { sortHand, cardText, SUIT_SYMBOL } from '../cards.js';
import { jokerNames, hasStrongText } from '../i18n.js';
import { cardFace } from './cardface.js';
import { slotPlace } from './kabul.js';

/** @typedef {import('../main.js').App} App */

/**
 * The stepper's states for the loaded record (built once).
 * @param {App} app
 */
function prepared(app) {
  const r = app.ui.replay;
  if (!r.built && r.record) {
    try {
      r.built = buildReplay(r.record);
    } catch {
      r.status = 'missing';
    }
  }
  return r.built ?? null;
}

/**
 * @param {App} app
 * @param {number} step
 */
function goTo(app, step) {
  const built = prepared(app);
  if (!built) return;
  app.ui.replay.step = Math.max(0, Math.min(built.states.length - 1, step));
  app.render();
}

/**
 * @param {any} record
 * @param {number} seat
 * @param {App} app
 */
function playerName(record, seat, app) {
  const n = Array.isArray(record.players) ? record.players[seat] : null;
  if (typeof n === 'string' && n) return n.startsWith('bot:') ? `${app.t('lobby.bot')} ${seat + 1}` : n;
  return app.t('seat.n', { n: seat + 1 });
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderReplay(app) {
  const r = app.ui.replay;
  if (r.status === 'loading') return h('main', { class: 'screen center-note' }, h('p', null, app.t('replay.loading')));
  const built = r.status === 'ready' ? prepared(app) : null;
  if (!built || !built.states.length) {
    return h('main', { class: 'screen center-note' }, h('p', null, app.t('replay.missing')), h('a', { class: 'btn', href: '#/' }, app.t('table.home')));
  }
  const record = r.record;
  const step = Math.min(r.step ?? 0, built.states.length - 1);
  const s = built.states[step];
  const seats = built.seats;
  const lang = app.state.lang;
  const name = (/** @type {number} */ seat) => playerName(record, seat, app);
  const root = h('main', { class: `screen replay game-${record.game}`, dataset: { step } });
  // Arrow keys from the app's key handler.
  const onKey = (/** @type {Event} */ e) => {
    const key = /** @type {CustomEvent} */ (e).detail;
    const rtl = lang === 'ar';
    if (key === 'ArrowRight') goTo(app, step + (rtl ? -1 : 1));
    else if (key === 'ArrowLeft') goTo(app, step + (rtl ? 1 : -1));
    else if (key === 'Home') goTo(app, 0);
    else if (key === 'End') goTo(app, built.states.length - 1);
    else if (key === 'PageDown') goTo(app, handJump(built.steps, step, 1));
    else if (key === 'PageUp') goTo(app, handJump(built.steps, step, -1));
  };
  const jokers = jokerNames(lang);
  const text = (/** @type {string} */ c) => cardText(c, jokers);
  if (app.ui.replay.listener) app.root.removeEventListener('replay-key', app.ui.replay.listener);
  app.ui.replay.listener = onKey;
  app.root.addEventListener('replay-key', onKey);

  const seatEls = [];
  for (let seat = 0; seat < seats; seat += 1) {
    const pos = seatPosition(seat, seats, 46);
    const team = hasTeams(record.game) ? teamOf(seat) : null;
    const parts = [h('div', { class: 'seat-plate' }, h('bdi', { class: 'seat-name' }, name(seat)))];
    if (s.kind === 'trick') {
      if (s.dealer === seat) parts.push(h('div', { class: 'chips' }, h('span', { class: 'chip dealer' }, lang === 'ar' ? 'م' : 'D')));
      const call = [...s.calls].reverse().find((c) => c.seat === seat);
      if (call && !s.tricks.length && !s.trick.length) parts.push(h('div', { class: 'bubble' }, actionLabel(record.game, call.text, lang, { faceUpSuit: s.faceUp ? s.faceUp.slice(-1) : null })));
      const ctx = record.game === 'baloot' ? { game: 'baloot', mode: s.contract?.mode ?? null, trump: s.contract?.trump ?? null } : { game: record.game, trump: /** @type {any} */ (s.contract?.trump ?? null) };
      parts.push(h('div', { class: 'open-hand' }, sortHand(s.cards[seat], /** @type {any} */ (ctx)).map((c) => cardFace(c.code, { extra: 'mini', label: text(c.code) }))));
    } else {
      if (s.caller === seat) parts.push(h('div', { class: 'chips' }, h('span', { class: 'chip maker' }, app.t('kabul.call'))));
      const touched = new Set(s.touched);
      parts.push(h('div', { class: 'grid' }, s.grids[seat].map((c, i) => h('div', { class: `slot ${c ? 'up' : 'empty'} ${touched.has(`${seat}:${i}`) ? 'touched flip' : ''}`, style: slotPlace(i), 'data-pos': `${seat}:${i}` }, c ? cardFace(c, { label: text(c) }) : null))));
      if (s.roundScores) parts.push(h('div', { class: 'chips' }, h('span', { class: 'chip score-chip' }, String(s.roundScores[seat]))));
    }
    seatEls.push(h('div', { class: `seat ${team === null ? '' : `team-${team}`} ${s.last?.seat === seat ? 'acting' : ''}`, style: seatStyle(pos) }, parts));
  }

  let center;
  if (s.kind === 'trick') {
    const plays = s.trick.length ? s.trick : s.tricks[s.tricks.length - 1]?.plays ?? [];
    const winner = s.trick.length ? null : s.tricks[s.tricks.length - 1]?.winner ?? null;
    center = h('div', { class: `trick ${s.trick.length ? '' : 'done'}` },
      s.faceUp ? h('div', { class: 'center-info face-up' }, cardFace(s.faceUp, { extra: 'big' }), h('p', { class: 'muted' }, app.t('baloot.faceUp'))) : null,
      plays.map((p) => {
        const pos = seatPosition(p.seat, seats, 16);
        return h('div', { class: `played ${winner === p.seat ? 'winner' : ''}`, style: { left: `${pos.x}%`, top: `${pos.y}%` } }, cardFace(p.card, { label: text(p.card) }));
      }));
  } else {
    const top = s.discard[s.discard.length - 1];
    center = h('div', { class: 'kabul-center' }, h('div', { class: 'piles' },
      h('div', { class: 'pile draw' }, h('span', { class: 'card back' }), h('span', { class: 'pile-label' }, app.t('kabul.drawPile', { n: s.draw.length }))),
      h('div', { class: 'pile discard' }, top ? cardFace(top) : h('span', { class: 'card empty' }), h('span', { class: 'pile-label' }, app.t('kabul.discardPile'))),
      s.drawn ? h('div', { class: 'pile drawn' }, cardFace(s.drawn.card), h('span', { class: 'pile-label' }, `${app.t('kabul.drawn')} · ${name(s.drawn.seat)}`)) : null));
  }

  const info = [];
  // Kabul plays rounds; the trick games, hands.
  info.push(h('span', null, app.t(s.kind === 'kabul' ? 'kabul.round' : 'replay.hand', { n: s.hand + 1 })));
  if (s.kind === 'trick') {
    if (s.contract) {
      const c = s.contract;
      const sym = c.trump ? SUIT_SYMBOL[/** @type {'S'} */ (c.trump)] ?? '' : '';
      const what = c.mode === 'sun' ? app.t('baloot.sun') : c.mode === 'hokum' ? `${app.t('baloot.hokum')} ${sym}` : `${c.malzoom ? app.t('kout.malzoom') : c.bid} ${sym}`;
      info.push(h('span', null, ` · ${name(c.seat)}: ${what}`));
    }
    info.push(h('span', null, ` · ${app.t('table.tricks')} ${s.won[0]}–${s.won[1]}`));
    if (record.game === 'baloot') info.push(h('span', null, ` · ${app.t('baloot.cardPoints')} ${s.points[0]}–${s.points[1]}`));
    if (s.score) info.push(h('span', null, ` · ${app.t('table.score')} ${s.score[0]}–${s.score[1]}`));
  } else {
    info.push(h('span', null, ` · ${app.t('kabul.total')}: ${s.totals.map((n, i) => `${name(i)} ${n}`).join(', ')}`));
  }

  const last = s.last;
  const total = built.states.length;
  // A card ("10♥") has no letters to set its direction: left to right, as written.
  const lastLabel = (/** @type {string} */ label) => h('bdi', hasStrongText(label) ? null : { dir: 'ltr' }, label);
  const handWord = record.game === 'kabul' ? 'round' : 'hand';
  const nextHand = handJump(built.steps, step, 1);
  const hasNextHand = built.steps[nextHand] && built.steps[nextHand].hand > (built.steps[step]?.hand ?? 0);
  root.append(
    h('div', { class: 'replay-head' },
      h('h1', null, app.t('replay.title'), ' · ', app.t(`game.${record.game}`)),
      h('p', { class: 'muted' }, app.t('replay.note')),
      // The record itself, with every hand's fair-deal commitment and reveal: `majlis verify`
      // checks that no deck was stacked.
      app.state.route.gameId
        ? h('p', { class: 'muted small' },
          h('a', { class: 'btn small', href: `/api/games/${encodeURIComponent(app.state.route.gameId)}/record`, download: `majlis-${app.state.route.gameId}.json`, 'data-key': 'r-download' }, app.t('replay.download')),
          ' ', app.t('replay.verify'))
        : ''),
    h('div', { class: 'replay-info' }, info),
    h('div', { class: `felt replay-felt seats-${seats}` }, seatEls, h('div', { class: 'center' }, center)),
    h('p', { class: 'replay-last', 'aria-live': 'polite' },
      last && last.seat !== null ? [h('bdi', null, name(last.seat)), ': '] : '',
      last ? lastLabel(actionLabel(record.game, last.text, lang, { name })) : ''),
    h('div', { class: 'replay-controls', role: 'toolbar' },
      h('button', { class: 'btn', type: 'button', 'data-key': 'r-first', onclick: () => goTo(app, 0), disabled: step === 0 }, app.t('replay.first')),
      h('button', { class: 'btn', type: 'button', 'data-key': 'r-prev-hand', 'aria-keyshortcuts': 'PageUp', onclick: () => goTo(app, handJump(built.steps, step, -1)), disabled: step === 0 }, app.t(`replay.prev.${handWord}`)),
      h('button', { class: 'btn', type: 'button', 'data-key': 'r-prev', onclick: () => goTo(app, step - 1), disabled: step === 0 }, app.t('replay.prev')),
      h('span', { class: 'replay-step' }, app.t('replay.step', { n: step + 1, total })),
      h('button', { class: 'btn primary', type: 'button', 'data-key': 'r-next', onclick: () => goTo(app, step + 1), disabled: step >= total - 1 }, app.t('replay.next')),
      h('button', { class: 'btn', type: 'button', 'data-key': 'r-next-hand', 'aria-keyshortcuts': 'PageDown', onclick: () => goTo(app, nextHand), disabled: !hasNextHand }, app.t(`replay.next.${handWord}`)),
      h('button', { class: 'btn', type: 'button', 'data-key': 'r-last', onclick: () => goTo(app, total - 1), disabled: step >= total - 1 }, app.t('replay.last'))),
    h('input', { class: 'replay-slider', type: 'range', min: 0, max: total - 1, value: step, 'data-key': 'r-slider', 'aria-label': app.t('replay.step', { n: step + 1, total }), oninput: (/** @type {Event} */ e) => goTo(app, Number(/** @type {HTMLInputElement} */ (e.target).value)) }),
    h('a', { class: 'btn ghost', href: '#/' }, app.t('table.home')));
  return root;
}
