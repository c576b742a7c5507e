// @ts-check
/**
 * The chat box at a table: a toggle with the count of unread lines, and, open, the recent lines
 * (name and words, always as text), the quick phrases in the reader's language, a field (Enter
 * sends) and, on each other person's line, a button to mute them for oneself. A spectator writes
 * to the spectators' channel, which says so, where the host allows it. A message the server
 * refused (too many at once) is shown as not sent, with why.
 *
 * Where it sits (css/chat.css): beside the table on a wide screen, under the scores and moves; on a
 * phone over the top of the felt, never over one's hand or the controls to act; in the lobby, in
 * the page.
 * @module
 */

import { h, svg } from '../dom.js';
import { PHRASES, EMOTES, CHAT_MAX, lineWords, shown, unreadCount } from '../chat.js';
import { icon } from './icons.js';

/** @typedef {import('../main.js').App} App */

/**
 * The button that opens and closes the chat, with the count of unread lines.
 * @param {App} app
 */
export function chatToggle(app) {
  const s = app.state;
  const open = app.ui.chatOpen;
  const unread = open ? 0 : unreadCount(s.chat, app.ui.muted, s.me?.id ?? null);
  const label = unread ? app.t('chat.openUnread', { n: unread }) : app.t('chat.open');
  return h('button', {
    class: `btn small ghost chat-toggle ${open ? 'on' : ''}`, type: 'button', 'data-key': 'chat-toggle',
    'aria-expanded': String(open), 'aria-controls': 'chat-panel', 'aria-label': label, title: label,
    onclick: () => app.toggleChat(),
  },
  // A drawn bubble, not an emoji: it shows on systems without an emoji font.
  svg('svg', { class: 'chat-icon', viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true' },
    svg('path', { d: 'M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' })),
  unread ? h('span', { class: 'chat-unread', 'data-key': 'chat-unread', 'aria-hidden': 'true' }, String(unread)) : null);
}

/**
 * One line: the sender's name (isolated, their script's direction), the words (their own
 * direction), the spectators' tag on their channel, and a mute button for someone else's.
 * @param {App} app
 * @param {import('../chat.js').ChatLine} line
 */
function lineView(app, line) {
  const me = app.state.me?.id ?? null;
  const mine = line.from.id === me;
  return h('li', { class: `chat-line ${line.channel} ${mine ? 'mine' : ''} ${line.phrase !== null ? 'phrase' : ''}`, dataset: { seq: line.seq, from: line.from.id } },
    line.channel === 'spectators' ? h('span', { class: 'chat-tag' }, app.t('chat.spectators')) : null,
    h('bdi', { class: 'chat-name' }, line.from.name),
    h('span', { class: 'chat-sep' }, ': '),
    h('span', { class: 'chat-words', dir: 'auto' }, lineWords(app.state.lang, line)),
    mine ? null : h('button', {
      class: 'chat-mute', type: 'button', 'aria-label': app.t('chat.mute', { name: line.from.name }), title: app.t('chat.mute', { name: line.from.name }),
      onclick: () => app.mutePlayer(line.from.id, line.from.name),
    }, icon('muteChat')));
}

/**
 * The open chat box, or null while it is closed.
 * @param {App} app
 * @param {{inline?: boolean}} [opts]  `inline`: in the page's flow (the lobby) rather than placed
 *   beside or over the table
 */
export function chatPanel(app, opts = {}) {
  if (!app.ui.chatOpen) return null;
  const s = app.state;
  const table = /** @type {Record<string, any>} */ (s.table);
  const me = s.me?.id ?? null;
  const spectator = s.you === null;
  const mayWrite = !spectator || table.spectator_chat !== false;
  const lines = s.chat.lines.filter((l) => shown(l, app.ui.muted, me));
  // Muted people who said something here: each with how much is hidden, and a way back.
  /** @type {Map<string, number>} */
  const hidden = new Map();
  for (const l of s.chat.lines) if (!shown(l, app.ui.muted, me)) hidden.set(l.from.id, (hidden.get(l.from.id) ?? 0) + 1);
  const send = (/** @type {{text: string} | {phrase: string}} */ said) => app.sendChat(said);
  return h('section', { class: `chat-panel ${opts.inline ? 'inline' : ''}`, id: 'chat-panel', 'aria-label': app.t('chat.title') },
    h('div', { class: 'chat-head' },
      h('h3', null, app.t('chat.title')),
      h('button', { class: 'btn ghost small chat-close', type: 'button', 'data-key': 'chat-close', 'aria-label': app.t('chat.close'), title: app.t('chat.close'), onclick: () => app.toggleChat() }, '×')),
    spectator ? h('p', { class: 'chat-note muted small' }, app.t(mayWrite ? 'chat.toSpectators' : 'chat.spectatorsOff')) : null,
    h('ol', { class: 'chat-lines', role: 'log', 'aria-live': 'polite' },
      lines.length ? lines.map((l) => lineView(app, l))
        // Nothing to show because every line is from someone muted: said so, not "no messages yet".
        : h('li', { class: 'chat-empty muted', 'data-key': 'chat-empty' }, app.t(hidden.size ? 'chat.emptyMuted' : 'chat.empty'))),
    hidden.size ? h('div', { class: 'chat-muted' }, [...hidden].map(([id, n]) => h('p', { class: 'small', dataset: { player: id } },
      app.tn('chat.mutedNote', { name: app.ui.muted.get(id) ?? id, n }), ' ',
      h('button', { class: 'btn ghost small', type: 'button', 'data-key': `unmute-${id}`, onclick: () => app.unmutePlayer(id) }, app.t('chat.unmute'))))) : null,
    // One's own message the server refused (typed words are back in the field): not said, and why.
    s.chat.refused ? h('p', { class: 'chat-refused', role: 'alert', 'data-key': 'chat-refused' },
      app.tn('chat.notSent', { words: '…' }, { words: h('bdi', { class: 'chat-refused-words' }, lineWords(s.lang, s.chat.refused)) }), ' ',
      app.errorText(s.chat.refused)) : null,
    // The reactions, drawn (not emoji: a device without an emoji font shows empty boxes), beside
    // the phrases.
    mayWrite && !spectator ? h('div', { class: 'chat-emotes', role: 'group', 'aria-label': app.t('chat.emotes') },
      EMOTES.map((id) => h('button', {
        class: 'chat-emote', type: 'button', 'data-key': id, dataset: { emote: id }, 'aria-label': app.t(`chat.${id}`), title: app.t(`chat.${id}`),
        onclick: () => send({ phrase: id }),
      }, icon(/** @type {import('./icons.js').IconName} */ (id))))) : null,
    mayWrite ? h('div', { class: 'chat-phrases', role: 'group', 'aria-label': app.t('chat.phrases') },
      PHRASES.map((p) => h('button', { class: 'chat-phrase', type: 'button', 'data-key': `phrase-${p}`, dataset: { phrase: p }, onclick: () => send({ phrase: p }) }, app.t(`chat.phrase.${p}`)))) : null,
    mayWrite ? h('form', {
      class: 'chat-form',
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        send({ text: app.ui.chatDraft });
      },
    },
    h('input', {
      type: 'text', class: 'chat-input', 'data-key': 'chat-input', maxlength: CHAT_MAX, dir: 'auto', autocomplete: 'off',
      'aria-label': app.t('chat.field'), placeholder: app.t('chat.placeholder'), value: app.ui.chatDraft,
      oninput: (/** @type {Event} */ e) => { app.ui.chatDraft = /** @type {HTMLInputElement} */ (e.target).value; },
    }),
    h('button', { class: 'btn small primary', type: 'submit', 'data-key': 'chat-send' }, app.t('chat.send'))) : null);
}
