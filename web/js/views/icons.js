// @ts-check
/**
 * Small icons drawn as SVG, so they show the same on every device: an emoji needs a font with
 * emoji, and without one it is an empty box. Each icon is 24×24, drawn in `currentColor`, and
 * hidden from screen readers (the button around it carries the words).
 * @module
 */

import { svg } from '../dom.js';

/** The strokes of each icon, in a 24×24 box. */
const PATHS = /** @type {const} */ ({
  // A loudspeaker with its sound waves.
  sound: ['M4 9h4l5-4v14l-5-4H4z', 'M16 9a4 4 0 0 1 0 6', 'M18.5 6.5a8 8 0 0 1 0 11'],
  // The loudspeaker struck out.
  soundOff: ['M4 9h4l5-4v14l-5-4H4z', 'M16 9l5 6', 'M21 9l-5 6'],
  // A speech bubble struck through: mute a player's messages.
  muteChat: ['M4 5h16v10H9l-4 4v-4H4z', 'M3 3l18 18'],
  // The reactions: faces in a circle, a heart, a thumb.
  emote_laugh: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M8 9.5l1.5 1', 'M16 9.5l-1.5 1', 'M7.5 13.5h9a4.5 4.5 0 0 1-9 0z'],
  emote_wow: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M9 9v1', 'M15 9v1', 'M12 13.5a2 2.5 0 1 0 0 5a2 2.5 0 1 0 0-5z'],
  emote_heart: ['M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5a4 4 0 0 1 7 2.5c0 5.5-7 10-7 10z'],
  emote_thumbs_up: ['M7 11v9H4v-9z', 'M7 11l4-7a2 2 0 0 1 2.5 2.5L12.5 10H18a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7'],
  emote_sad: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M9 9.5v1', 'M15 9.5v1', 'M8.5 16.5a4.5 4 0 0 1 7 0'],
  emote_angry: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M7.5 8l3 1.5', 'M16.5 8l-3 1.5', 'M9 11v.5', 'M15 11v.5', 'M8.5 16.5h7'],
});

/** @typedef {keyof typeof PATHS} IconName */

/**
 * An icon.
 * @param {IconName} name
 */
export function icon(name) {
  const root = svg('svg', {
    viewBox: '0 0 24 24', width: 18, height: 18, class: `icon icon-${name}`, 'aria-hidden': 'true', focusable: 'false',
    fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
  });
  for (const d of PATHS[name]) root.appendChild(svg('path', { d }));
  return root;
}
