// @ts-check
/**
 * Replays: step through a finished match forwards and backwards (buttons, slider, arrow keys),
 * every card face up. The steps come from the engines on the server (replay.js reads them): a
 * stored match by its id, or a record file the person opens here. One seat is followed: it sits at
 * the bottom with its cards large, the others' compact, so a phone can read them. The step
 * controls and the timeline stay in view at the bottom of the screen (sticky).
 * @module
 */

import { h } from '../dom.js';
import { handJump, trickTable, kabulTable } from '../replay.js';
import { seatPosition, seatStyle, actionLabel, hasTeams, teamOf } from '../protocol.js';
import { cardText, SUIT_SYMBOL, suitRows, rankLabel, isRed } from '../cards.js';
import { jokerNames, hasStrongText } from '../i18n.js';
import { cardFace } from './cardface.js';
import { slotPlace } from './kabul.js';
import { analysisParts } from './analysis.js';

/** @typedef {import('../main.js').App} App */
/** @typedef {import('../replay.js').Replay} Replay */

/**
 * @param {App} app
 * @param {number} step
 */
function goTo(app, step) {
  const data = /** @type {Replay | undefined} */ (app.ui.replay.data);
  if (!data) return;
  app.ui.replay.step = Math.max(0, Math.min(data.steps.length - 1, step));
  app.render();
}

/**
 * @param {Replay} data
 * @param {number} seat
 * @param {App} app
 */
function playerName(data, seat, app) {
  const n = data.players[seat];
  if (typeof n === 'string' && n) return n.startsWith('bot:') ? `${app.t('lobby.bot')} ${seat + 1}` : n;
  return app.t('seat.n', { n: seat + 1 });
}

/**
 * The seat followed: the one chosen on the page, else the viewer's own seat when they played in
 * the match (by name), else the first.
 * @param {App} app
 * @param {Replay} data
 */
function followedSeat(app, data) {
  const chosen = app.ui.replay.follow;
  if (Number.isInteger(chosen) && chosen >= 0 && chosen < data.seats) return /** @type {number} */ (chosen);
  const me = app.state.me?.name;
  const mine = me ? data.players.indexOf(me) : -1;
  return mine >= 0 && mine < data.seats ? mine : 0;
}

/**
 * The timeline under the step buttons: a slider over every step, with a tick where each hand (or
 * Kabul round) is dealt. Marks of other kinds go in `.timeline-marks` the same way, placed by
 * their step.
 * @param {App} app
 * @param {Replay} data
 * @param {number} step
 */
function timeline(app, data, step) {
  const total = data.steps.length;
  const at = (/** @type {number} */ i) => `${total > 1 ? (i / (total - 1)) * 100 : 0}%`;
  const deals = data.steps.flatMap((s, i) => (s.index === -1 && i > 0 ? [i] : []));
  return h('div', { class: 'replay-timeline' },
    h('input', { class: 'replay-slider', type: 'range', min: 0, max: total - 1, value: step, 'data-key': 'r-slider', 'aria-label': app.t('replay.step', { n: step + 1, total }), oninput: (/** @type {Event} */ e) => goTo(app, Number(/** @type {HTMLInputElement} */ (e.target).value)) }),
    h('div', { class: 'timeline-marks', 'aria-hidden': 'true' },
      deals.map((i) => h('span', { class: 'mark deal', dataset: { step: i }, style: { 'inset-inline-start': at(i) } }))));
}

/**
 * Who the page follows, chosen by name.
 * @param {App} app
 * @param {Replay} data
 * @param {number} follow
 */
function followChooser(app, data, follow) {
  const seats = Array.from({ length: data.seats }, (_, i) => i);
  return h('label', { class: 'replay-follow' },
    h('span', null, app.t('replay.follow')),
    h('select', {
      'data-key': 'r-follow',
      onchange: (/** @type {Event} */ e) => { app.ui.replay.follow = Number(/** @type {HTMLSelectElement} */ (e.target).value); app.render(); },
    }, seats.map((seat) => h('option', { value: seat, selected: seat === follow }, playerName(data, seat, app)))));
}

/**
 * The fair-deal line in words, with the way to check it behind a disclosure for those who want it.
 * @param {App} app
 * @param {string} gameId
 */
function fairDeal(app, gameId) {
  const r = app.ui.replay;
  const file = `majlis-${gameId}.json`;
  return h('div', { class: 'replay-fair' },
    h('p', { class: 'fair-line' }, app.t('replay.fair')),
    h('details', {
      class: 'fair-details', open: Boolean(r.details),
      ontoggle: (/** @type {Event} */ e) => { r.details = /** @type {HTMLDetailsElement} */ (e.target).open; },
    },
    h('summary', { 'data-key': 'r-details' }, app.t('replay.details')),
    h('p', { class: 'muted small' }, app.t('replay.fair.how')),
    h('p', { class: 'small' },
      h('a', { class: 'btn small', href: `/api/games/${encodeURIComponent(gameId)}/record`, download: file, 'data-key': 'r-download' }, app.t('replay.download')),
      ' ', h('code', { class: 'fair-command', dir: 'ltr' }, `majlis verify ${file}`))));
}

/**
 * The file chooser for a record, with the server's reason when it refused the last one.
 * @param {App} app
 */
function fileOpener(app) {
  const err = app.ui.replay.error;
  return h('div', { class: 'replay-file' },
    h('label', { class: 'btn', 'data-key': 'r-file-label' },
      app.t('replay.file.open'),
      h('input', {
        class: 'visually-hidden', type: 'file', accept: '.json,application/json', 'data-key': 'r-file',
        onchange: (/** @type {Event} */ e) => {
          const input = /** @type {HTMLInputElement} */ (e.target);
          const file = input.files?.[0];
          if (file) app.openRecordFile(file);
        },
      })),
    err
      ? h('p', { class: 'replay-error', role: 'alert' },
        app.t('replay.file.refused'), ' ',
        // The server's words (English), set apart from the sentence around them.
        h('bdi', { dir: 'ltr', lang: 'en', class: 'reason' }, err.kind ? `${err.kind}: ${err.reason}` : err.reason))
      : null);
}

/**
 * A hand written out by suit ("♠ A 10 7"), each card a labelled span: what a phone shows of the
 * hands it does not follow. Left to right in either language, as cards are written.
 * @param {string[]} cards
 * @param {(card: string) => string} text  a card's name for a screen reader
 */
function textHand(cards, text) {
  return h('div', { class: 'open-hand text-hand', dir: 'ltr', 'data-key': 'text-hand' },
    suitRows(cards).map((row) => h('div', { class: `suit-row ${row.suit === 'H' || row.suit === 'D' ? 'red' : 'black'}` },
      row.suit ? h('span', { class: 'suit-sym', 'aria-hidden': 'true' }, SUIT_SYMBOL[row.suit]) : null,
      row.cards.map((c) => h('span', { class: `text-card ${isRed(c) ? 'red' : 'black'}`, role: 'img', 'aria-label': text(c.code), dataset: { card: c.code } },
        c.joker ? '★' : rankLabel(c.rank))))));
}

/**
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderReplay(app) {
  const r = app.ui.replay;
  if (r.status === 'loading') return h('main', { class: 'screen center-note' }, h('p', null, app.t('replay.loading')));
  if (r.status === 'file') {
    return h('main', { class: 'screen center-note replay-open' },
      h('h1', null, app.t('replay.file.title')),
      h('p', { class: 'muted' }, app.t('replay.file.note')),
      fileOpener(app),
      h('a', { class: 'btn ghost', href: '#/' }, app.t('table.home')));
  }
  const data = /** @type {Replay | undefined} */ (r.status === 'ready' ? r.data : undefined);
  if (!data) {
    const words = r.status === 'failed' && r.error ? h('p', { class: 'muted' }, h('bdi', { dir: 'ltr', lang: 'en' }, String(r.error.reason))) : null;
    return h('main', { class: 'screen center-note' }, h('p', null, app.t('replay.missing')), words, h('a', { class: 'btn', href: '#/' }, app.t('table.home')));
  }
  const game = data.game;
  const steps = data.steps;
  const step = Math.min(r.step ?? 0, steps.length - 1);
  const s = steps[step];
  const seats = data.seats;
  const lang = app.state.lang;
  const name = (/** @type {number} */ seat) => playerName(data, seat, app);
  const root = h('main', { class: `screen replay game-${game}`, dataset: { step } });
  // Arrow keys from the app's key handler.
  const onKey = (/** @type {Event} */ e) => {
    const key = /** @type {CustomEvent} */ (e).detail;
    const rtl = lang === 'ar';
    if (key === 'ArrowRight') goTo(app, step + (rtl ? -1 : 1));
    else if (key === 'ArrowLeft') goTo(app, step + (rtl ? 1 : -1));
    else if (key === 'Home') goTo(app, 0);
    else if (key === 'End') goTo(app, steps.length - 1);
    else if (key === 'PageDown') goTo(app, handJump(steps, step, 1));
    else if (key === 'PageUp') goTo(app, handJump(steps, step, -1));
  };
  const jokers = jokerNames(lang);
  const text = (/** @type {string} */ c) => cardText(c, jokers);
  if (app.ui.replay.listener) app.root.removeEventListener('replay-key', app.ui.replay.listener);
  app.ui.replay.listener = onKey;
  app.root.addEventListener('replay-key', onKey);

  const kabul = game === 'kabul';
  const tt = kabul ? null : trickTable(game, s.view);
  const kt = kabul ? kabulTable(s) : null;
  const follow = followedSeat(app, data);
  // The followed seat at the bottom, the others around it in play order, as at the table.
  const rel = (/** @type {number} */ seat) => (seat - follow + seats) % seats;
  const seatEls = [];
  for (let seat = 0; seat < seats; seat += 1) {
    const followed = seat === follow;
    const pos = seatPosition(rel(seat), seats, 46);
    const team = hasTeams(game) ? teamOf(seat) : null;
    const parts = [h('div', { class: 'seat-plate' }, h('bdi', { class: 'seat-name' }, name(seat)))];
    const held = s.hands[seat] ?? [];
    if (tt) {
      if (tt.dealer === seat) parts.push(h('div', { class: 'chips' }, h('span', { class: 'chip dealer' }, lang === 'ar' ? 'م' : 'D')));
      const call = [...tt.calls].reverse().find((c) => c.seat === seat);
      if (call && !tt.tricks && !tt.plays.length) parts.push(h('div', { class: 'bubble' }, actionLabel(game, call.text, lang, { faceUpSuit: tt.faceUp ? tt.faceUp.slice(-1) : null })));
      // In the engine's display order, as the server sends them.
      // The followed seat's cards at a readable size, the others' compact: small cards, or on a
      // phone (where small cards cannot be read) written out by suit, as the CSS chooses.
      const cards = /** @type {string[]} */ (held.filter((c) => c !== null));
      parts.push(h('div', { class: `open-hand ${followed ? 'large' : 'mini-cards'}` }, cards.map((c) => cardFace(c, { extra: followed ? '' : 'mini', label: text(c) }))));
      if (!followed) parts.push(textHand(cards, text));
    } else if (kt) {
      if (kt.caller === seat) parts.push(h('div', { class: 'chips' }, h('span', { class: 'chip maker' }, app.t('kabul.call'))));
      parts.push(h('div', { class: 'grid' }, held.map((c, i) => h('div', { class: `slot ${c ? 'up' : 'empty'} ${kt.touched.has(`${seat}:${i}`) ? 'touched flip' : ''}`, style: slotPlace(i), 'data-pos': `${seat}:${i}` }, c ? cardFace(c, { label: text(c) }) : null))));
      if (kt.roundScores) parts.push(h('div', { class: 'chips' }, h('span', { class: 'chip score-chip' }, String(kt.roundScores[seat] ?? ''))));
    }
    seatEls.push(h('div', { class: `seat ${team === null ? '' : `team-${team}`} ${s.seat === seat ? 'acting' : ''} ${followed ? 'followed' : ''}`, style: seatStyle(pos), dataset: { seat } }, parts));
  }

  let center;
  if (tt) {
    center = h('div', { class: `trick ${tt.done ? 'done' : ''}` },
      tt.faceUp ? h('div', { class: 'center-info face-up' }, cardFace(tt.faceUp, { extra: 'big' }), h('p', { class: 'muted' }, app.t('baloot.faceUp'))) : null,
      tt.plays.map((p) => {
        // Toward the seat that played it, as at the table: the CSS scales the direction (less
        // across a phone's narrow felt, so the card stays clear of the side seats' hands).
        const dir = seatPosition(rel(p.seat), seats, 100);
        return h('div', { class: `played ${tt.winner === p.seat ? 'winner' : ''} ${p.dead ? 'dead' : ''}`, style: { '--ux': ((dir.x - 50) / 100).toFixed(3), '--uy': ((dir.y - 50) / 100).toFixed(3) } },
          cardFace(p.card, { label: text(p.card) }),
          p.dead ? h('span', { class: 'badge dead-tag' }, app.t('kout.deadJoker')) : null);
      }));
  } else if (kt) {
    center = h('div', { class: 'kabul-center' }, h('div', { class: 'piles' },
      h('div', { class: 'pile draw' }, h('span', { class: 'card back' }), h('span', { class: 'pile-label' }, app.t('kabul.drawPile', { n: kt.drawPile }))),
      h('div', { class: 'pile discard' }, kt.discardTop ? cardFace(kt.discardTop) : h('span', { class: 'card empty' }), h('span', { class: 'pile-label' }, app.t('kabul.discardPile'))),
      kt.drawn ? h('div', { class: 'pile drawn' }, kt.drawn.card ? cardFace(kt.drawn.card) : h('span', { class: 'card back' }), h('span', { class: 'pile-label' }, `${app.t('kabul.drawn')} · ${name(kt.drawn.seat)}`)) : null));
  }

  const pair = (/** @type {number[]} */ n) => `${n[0] ?? 0}–${n[1] ?? 0}`;
  const info = [];
  // Kabul plays rounds; the trick games, hands.
  info.push(h('span', null, app.t(kabul ? 'kabul.round' : 'replay.hand', { n: s.hand + 1 })));
  if (tt) {
    if (tt.contract) {
      const c = tt.contract;
      const sym = c.trump ? SUIT_SYMBOL[/** @type {'S'} */ (c.trump)] ?? '' : '';
      const what = c.mode === 'sun' ? app.t('baloot.sun') : c.mode === 'hokum' ? `${app.t('baloot.hokum')} ${sym}` : `${c.malzoom ? app.t('kout.malzoom') : c.bid} ${sym}`;
      info.push(h('span', null, ` · ${name(c.seat)}: ${what}`));
    }
    info.push(h('span', null, ` · ${app.t('table.tricks')} ${pair(tt.won)}`));
    // The engine's running count: Baloot's card points (Kout's is its tricks, shown above).
    if (s.points && game === 'baloot') info.push(h('span', { class: 'r-points' }, ` · ${app.t('baloot.cardPoints')} ${pair(s.points)}`));
    // The hand's result as the engine scored it (Baloot: its game points).
    if (s.hand_score) info.push(h('span', { class: 'r-hand-score' }, ` · ${app.t(game === 'baloot' ? 'replay.gamePoints' : 'replay.handScore')} ${pair(s.hand_score)}`));
    if (s.score.length) info.push(h('span', { class: 'r-score' }, ` · ${app.t('table.score')} ${pair(s.score)}`));
  } else if (kt) {
    // Each name isolated from its number, so that a Latin name in an Arabic line keeps its place;
    // Arabic lists take its own comma.
    const comma = lang === 'ar' ? '، ' : ', ';
    info.push(h('span', { class: 'r-score' }, ` · ${app.t('kabul.total')}: `,
      kt.totals.map((n, i) => [i ? comma : '', h('bdi', null, name(i)), ` ${n}`])));
  }

  const total = steps.length;
  // A card ("10♥") has no letters to set its direction: left to right, as written.
  const lastLabel = (/** @type {string} */ label) => h('bdi', hasStrongText(label) ? null : { dir: 'ltr' }, label);
  const handWord = kabul ? 'round' : 'hand';
  const nextHand = handJump(steps, step, 1);
  const hasNextHand = steps[nextHand] && steps[nextHand].hand > s.hand;
  const gameId = r.id;
  const analysis = analysisParts(app, data, step, (n) => goTo(app, n), name);
  root.append(
    h('div', { class: 'replay-head' },
      h('h1', null, app.t('replay.title'), ' · ', app.t(`game.${game}`)),
      h('p', { class: 'muted' }, app.t('replay.note')),
      // The record holds every hand's fair-deal commitment and reveal: said in words, with the
      // check (`majlis verify`) behind "details".
      gameId ? fairDeal(app, gameId) : r.file ? h('p', { class: 'muted small' }, app.t('replay.file.name'), ' ', h('bdi', null, String(r.file))) : ''),
    h('div', { class: 'replay-sub' }, h('div', { class: 'replay-info' }, info), followChooser(app, data, follow)),
    h('div', { class: `felt replay-felt seats-${seats}` }, seatEls, h('div', { class: 'center' }, center)),
    h('p', { class: 'replay-last', 'aria-live': 'polite' },
      s.seat !== null ? [h('bdi', null, name(s.seat)), ': '] : '',
      lastLabel(actionLabel(game, s.text, lang, { name }))),
    analysis.panel ?? '',
    // Always in view: the bar sticks to the bottom of the screen while the page scrolls.
    h('div', { class: 'replay-bar' },
      analysis.note ?? '',
      h('div', { class: 'replay-controls', role: 'toolbar', 'aria-label': app.t('replay.controls') },
        h('button', { class: 'btn', type: 'button', 'data-key': 'r-first', onclick: () => goTo(app, 0), disabled: step === 0 }, app.t('replay.first')),
        h('button', { class: 'btn', type: 'button', 'data-key': 'r-prev-hand', 'aria-keyshortcuts': 'PageUp', onclick: () => goTo(app, handJump(steps, step, -1)), disabled: step === 0 }, app.t(`replay.prev.${handWord}`)),
        h('button', { class: 'btn', type: 'button', 'data-key': 'r-prev', 'aria-keyshortcuts': lang === 'ar' ? 'ArrowRight' : 'ArrowLeft', onclick: () => goTo(app, step - 1), disabled: step === 0 }, app.t('replay.prev')),
        h('span', { class: 'replay-step' }, app.t('replay.step', { n: step + 1, total })),
        h('button', { class: 'btn primary', type: 'button', 'data-key': 'r-next', 'aria-keyshortcuts': lang === 'ar' ? 'ArrowLeft' : 'ArrowRight', onclick: () => goTo(app, step + 1), disabled: step >= total - 1 }, app.t('replay.next')),
        h('button', { class: 'btn', type: 'button', 'data-key': 'r-next-hand', 'aria-keyshortcuts': 'PageDown', onclick: () => goTo(app, nextHand), disabled: !hasNextHand }, app.t(`replay.next.${handWord}`)),
        h('button', { class: 'btn', type: 'button', 'data-key': 'r-last', onclick: () => goTo(app, total - 1), disabled: step >= total - 1 }, app.t('replay.last'))),
      timeline(app, data, step),
      analysis.strip ?? ''),
    gameId ? '' : fileOpener(app),
    h('a', { class: 'btn ghost', href: '#/' }, app.t('table.home')));
  return root;
}
