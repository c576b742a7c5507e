// @ts-check
/**
 * Building DOM nodes without HTML parsing: every string child becomes a text node, so player
 * names and server messages can never inject markup: the client never parses strings as HTML.
 * @module
 */

import { hasStrongText } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * @typedef {string | number | Node | null | undefined | false | Child[]} Child
 * @typedef {Record<string, unknown>} Attrs
 */

/**
 * @param {Element} el
 * @param {Attrs | null | undefined} attrs
 */
function applyAttrs(el, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), /** @type {EventListener} */ (value));
    } else if (key === 'dataset' && typeof value === 'object') {
      for (const [k, v] of Object.entries(/** @type {Record<string, unknown>} */ (value))) {
        if (v !== undefined && v !== null) /** @type {HTMLElement} */ (el).dataset[k] = String(v);
      }
    } else if (key === 'style' && typeof value === 'object') {
      for (const [k, v] of Object.entries(/** @type {Record<string, unknown>} */ (value))) {
        // setProperty takes CSS names (`inset-inline-start`, `--n`); a camelCase key is turned into one.
        const name = k.startsWith('--') ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        if (v !== undefined && v !== null) /** @type {HTMLElement} */ (el).style.setProperty(name, String(v));
      }
    } else if (key === 'value' && 'value' in el) {
      /** @type {HTMLInputElement} */ (el).value = String(value);
    } else if (key === 'checked' && 'checked' in el) {
      /** @type {HTMLInputElement} */ (el).checked = Boolean(value);
    } else if (value === true) {
      el.setAttribute(key, '');
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

/**
 * @param {Node} parent
 * @param {Child[]} children
 */
function appendChildren(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendChildren(parent, child);
    else if (typeof child === 'string' || typeof child === 'number') {
      parent.appendChild(document.createTextNode(String(child)));
    } else parent.appendChild(child);
  }
}

/**
 * An HTML element with attributes and children. Strings are inserted as text, never as HTML.
 * @param {string} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  appendChildren(el, children);
  return el;
}

/**
 * An SVG element, as {@link h}.
 * @param {string} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  applyAttrs(el, attrs);
  appendChildren(el, children);
  return el;
}

/**
 * Replaces every child of `parent`.
 * @param {Element} parent
 * @param {...Child} children
 */
export function replaceChildren(parent, ...children) {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  appendChildren(parent, children);
}

/**
 * A translated message as nodes: its text, and each parameter in a `<bdi>` so that a name written
 * in another script keeps its own direction. A parameter without letters (a card "10♥", a score)
 * is set left to right: it would otherwise take the sentence's direction and read reversed in
 * Arabic. `nodes` gives ready-made nodes for some parameters, by placeholder name.
 * @param {(string | {param: string, name?: string})[]} parts  from i18n's translateParts
 * @param {Record<string, Child>} [nodes]
 * @returns {Child[]}
 */
export function isolate(parts, nodes = {}) {
  return parts.map((p) => {
    if (typeof p === 'string') return p;
    if (p.name && p.name in nodes) return nodes[p.name];
    return h('bdi', hasStrongText(p.param) ? null : { dir: 'ltr' }, p.param);
  });
}
