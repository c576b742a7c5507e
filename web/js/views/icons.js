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
