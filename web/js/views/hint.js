// @ts-check
/**
 * The hint button and the hint's words, at a table whose host turned hints on: on one's own turn
 * a player may ask the strong bot for a move once per decision; the answer (`hint`) says which
 * and why, and goes away when the game moves on.
 * @module
 */

import { h } from '../dom.js';
import { msg, actionLabel } from '../protocol.js';
import { hintText } from '../analysis.js';

/** @typedef {import('./table.js').Ctx} Ctx */

/**
 * The hint bar under the actions, or null where hints are off or it is not one's turn.
 * @param {Ctx} ctx
 */
export function hintBar(ctx) {
  const s = ctx.app.state;
  const table = s.table;
  const game = s.game;
  if (!table?.hints || s.you === null || !ctx.myTurn || !game) return null;
  const shown = s.hint && s.hint.version === game.version ? s.hint : null;
  const asked = s.hintAsked !== null && s.hintAsked === game.version;
  const faceUpSuit = ctx.game === 'baloot' ? String(ctx.view?.hand?.face_up ?? '').slice(-1) : null;
  const label = (/** @type {string} */ a) => actionLabel(ctx.game, a, s.lang, { faceUpSuit, name: ctx.name });
  return h('div', { class: 'hint-bar', 'data-key': 'hint-bar' },
    shown
      ? h('p', { class: 'hint-text', role: 'status', 'data-key': 'hint-text' }, hintText(shown, ctx.t, label))
      : h('button', {
        class: 'btn small ghost', type: 'button', 'data-key': 'hint', disabled: asked,
        onclick: () => { ctx.app.send(msg.hint(String(table.code))); },
      }, ctx.t(asked ? 'hint.thinking' : 'hint.button')));
}
