// @ts-check
/**
 * The first-game guide: short tips at the moments a new player meets a rule — their first bid
 * (what a bid means), the first time some of their cards cannot be played (why), and their first
 * finished trick (who takes it). Each tip stays until dismissed; "No more tips" ends the guide.
 * Remembered in this browser.
 * @module
 */

import { h } from '../dom.js';
import { storage } from '../storage.js';

/** @typedef {import('./table.js').Ctx} Ctx */

const KEY = 'majlis.tips';

/** The tips dismissed so far, or 'off' once the player asked for no more. */
function seen() {
  const v = storage.get(KEY);
  if (v === 'off') return 'off';
  try {
    const list = JSON.parse(v ?? '[]');
    return new Set(Array.isArray(list) ? list.map(String) : []);
  } catch {
    return new Set();
  }
}

/**
 * The tip for this moment, as a message key, or null.
 * @param {Ctx} ctx
 * @param {Set<string>} done
 */
export function tipNow(ctx, done) {
  if (!ctx.myTurn || !ctx.view) return null;
  const game = ctx.game === 'kout6' || ctx.game === 'kout4' ? 'kout' : ctx.game;
  const legal = [...ctx.legal];
  const plays = legal.filter((a) => a.startsWith('play '));
  const bidding = game !== 'kabul' && plays.length === 0 && legal.includes('pass');
  if (bidding) return done.has('bid') ? null : { id: 'bid', key: `guide.bid.${game}` };
  if (game === 'kabul') return done.has('turn') || !legal.some((a) => a.startsWith('draw')) ? null : { id: 'turn', key: 'guide.turn.kabul' };
  const held = game === 'kout' ? (ctx.view.hand ?? []).length : (ctx.view.hand?.cards ?? []).length;
  if (plays.length > 0 && plays.length < held && !done.has('follow')) return { id: 'follow', key: `guide.follow.${game}` };
  const won = /** @type {number[]} */ (ctx.view.hand?.trick_counts ?? [0, 0]);
  const tricks = game === 'kout' ? (ctx.view.tricks ?? []).length : won.reduce((a, b) => a + Number(b), 0);
  if (plays.length > 0 && tricks >= 1 && !done.has('trick')) return { id: 'trick', key: `guide.trick.${game}` };
  return null;
}

/**
 * The tip box, or null: only for a seated player whose table has a bot (a first game is against
 * bots), until the tips are dismissed.
 * @param {Ctx} ctx
 */
export function guideTip(ctx) {
  const s = ctx.app.state;
  if (s.you === null || !(s.table?.seats ?? []).some((/** @type {any} */ x) => x.kind === 'bot')) return null;
  const done = seen();
  if (done === 'off') return null;
  const tip = tipNow(ctx, done);
  if (!tip) return null;
  const dismiss = () => {
    done.add(tip.id);
    storage.set(KEY, JSON.stringify([...done]));
    ctx.app.render();
  };
  return h('aside', { class: 'guide-tip', role: 'note', 'data-key': 'guide-tip', dataset: { tip: tip.id } },
    h('p', null, ctx.t(tip.key)),
    h('div', { class: 'guide-buttons' },
      h('button', { class: 'btn small', type: 'button', 'data-key': 'guide-ok', onclick: dismiss }, ctx.t('guide.ok')),
      h('button', { class: 'btn small ghost', type: 'button', 'data-key': 'guide-off', onclick: () => { storage.set(KEY, 'off'); ctx.app.render(); } }, ctx.t('guide.off'))));
}
