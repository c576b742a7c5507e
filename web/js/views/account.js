// @ts-check
/**
 * The Account panel of the home screen: a guest keeps its name with a password (it becomes an
 * account) or signs in to one; an account sees who it is signed in as, changes its password and
 * signs out. The session is the HttpOnly cookie the server sets: this page never holds a token.
 * @module
 */

import { h } from '../dom.js';
import * as api from '../api.js';
import { storage } from '../storage.js';

/** @typedef {import('../main.js').App} App */

/** The shortest password the server takes (docs/protocol.md). */
export const MIN_PASSWORD = 8;

/**
 * The panel's own state: which form is open, its drafts, and what the last request said.
 * @type {{open: 'claim' | 'signin' | 'password' | null, name: string, password: string, old: string, busy: boolean, error: string | null, done: string | null}}
 */
const ui = { open: null, name: '', password: '', old: '', busy: false, error: null, done: null };

/** Closes the forms and forgets what was typed. */
function reset() {
  Object.assign(ui, { open: null, name: '', password: '', old: '', busy: false, error: null });
}

/** The storage key that says this browser has a session cookie (not the token: script never sees it). */
const SESSION_KEY = 'majlis.session';

/**
 * Notes whether this browser has a session, so that a first visit does not ask the server who it
 * is only to be told "nobody" (a 401 in the console).
 * @param {boolean} on
 */
export function rememberSession(on) {
  storage.set(SESSION_KEY, on ? '1' : null);
}

/**
 * Who this browser is at start: an older client kept the guest's token in storage; it is handed
 * to the server once, which sets the cookie, and forgotten. Then the cookie's session, if any.
 * @returns {Promise<{id: string, name: string, account?: boolean} | null>}
 */
export async function restoreSession() {
  const old = storage.get('majlis.token');
  if (old) {
    try {
      const { player } = await api.adoptToken(old);
      storage.set('majlis.token', null);
      rememberSession(true);
      return player;
    } catch (e) {
      // A refused token is forgotten; a network failure keeps it for the next visit.
      if (e instanceof api.ApiError && e.status !== 0) storage.set('majlis.token', null);
    }
  }
  if (!storage.get(SESSION_KEY)) return null;
  try {
    const { player } = await api.me();
    return player;
  } catch (e) {
    if (e instanceof api.ApiError && e.status === 401) rememberSession(false);
    return null;
  }
}

/** The error codes the panel says in words of its own; others show the generic message. */
const KNOWN = ['bad_credentials', 'name_taken', 'bad_name', 'bad_password', 'rate_limited', 'already_account', 'not_account', 'unauthorized', 'network', 'bad_origin'];

/**
 * Runs a request of the panel: busy meanwhile, its error in words after.
 * @param {App} app
 * @param {() => Promise<void>} work
 */
async function run(app, work) {
  if (ui.busy) return;
  ui.busy = true;
  ui.error = null;
  ui.done = null;
  app.render();
  try {
    await work();
  } catch (e) {
    const code = e instanceof api.ApiError ? e.code : 'network';
    ui.error = KNOWN.includes(code) ? app.t(`account.error.${code}`) : app.t('account.error.generic', { message: e instanceof Error ? e.message : String(e) });
  } finally {
    ui.busy = false;
    app.render();
  }
}

/**
 * @param {App} app
 * @param {string} key
 * @param {string} label
 * @param {'name' | 'password' | 'old'} field
 * @param {string} autocomplete
 */
function input(app, key, label, field, autocomplete) {
  const id = `account-${key}`;
  return h('label', { class: 'field', for: id },
    h('span', null, label),
    h('input', {
      id, 'data-key': id, type: field === 'name' ? 'text' : 'password', autocomplete, required: true,
      maxlength: field === 'name' ? 24 : 128, value: ui[field], dir: 'auto',
      oninput: (/** @type {Event} */ e) => { ui[field] = /** @type {HTMLInputElement} */ (e.target).value; },
    }));
}

/**
 * A form of the panel.
 * @param {App} app
 * @param {string} key
 * @param {(import('../dom.js').Child)[]} fields
 * @param {string} submitLabel
 * @param {() => Promise<void>} onsubmit
 */
function form(app, key, fields, submitLabel, onsubmit) {
  return h('form', {
    class: `account-form account-${key}-form`,
    onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); run(app, onsubmit); },
  },
  fields,
  h('div', { class: 'account-actions' },
    h('button', { class: 'btn primary', type: 'submit', 'data-key': `account-${key}-submit`, disabled: ui.busy }, submitLabel),
    h('button', { class: 'btn ghost', type: 'button', 'data-key': `account-${key}-cancel`, onclick: () => { reset(); app.render(); } }, app.t('account.cancel'))));
}

/** A password the server would refuse for its length, refused here first. @param {string} password */
function checkLength(password) {
  if (password.length < MIN_PASSWORD) throw new api.ApiError(400, 'bad_password', 'too short');
}

/** @param {App} app */
function signInForm(app) {
  return form(app, 'signin', [
    input(app, 'signin-name', app.t('account.name'), 'name', 'username'),
    input(app, 'signin-password', app.t('account.password'), 'password', 'current-password'),
  ], app.t('account.signIn'), async () => {
    const { player } = await api.signIn(ui.name.trim(), ui.password);
    storage.set('majlis.name', player.name);
    app.ui.nameDraft = player.name;
    reset();
    app.switchPlayer(player);
  });
}

/** @param {App} app */
function claimForm(app) {
  return form(app, 'claim', [
    h('p', { class: 'muted account-rule' }, app.t('account.rule')),
    input(app, 'claim-password', app.t('account.newPassword'), 'password', 'new-password'),
  ], app.t('account.claim.submit'), async () => {
    checkLength(ui.password);
    const { player } = await api.claim(ui.password);
    reset();
    ui.done = app.t('account.claimed');
    app.dispatch({ type: 'player', player });
  });
}

/** @param {App} app */
function passwordForm(app) {
  return form(app, 'password', [
    input(app, 'old-password', app.t('account.oldPassword'), 'old', 'current-password'),
    input(app, 'new-password', app.t('account.newPassword'), 'password', 'new-password'),
  ], app.t('account.password.submit'), async () => {
    checkLength(ui.password);
    await api.changePassword(ui.old, ui.password);
    reset();
    ui.done = app.t('account.password.changed');
  });
}

/**
 * @param {App} app
 * @param {'claim' | 'signin' | 'password'} which
 * @param {string} label
 * @param {boolean} [primary]
 */
function opener(app, which, label, primary = false) {
  return h('button', {
    class: `btn small ${primary ? 'primary' : 'ghost'}`, type: 'button', 'data-key': `account-open-${which}`,
    onclick: () => { reset(); ui.done = null; ui.open = which; app.render(); },
  }, label);
}

/**
 * The Account panel.
 * @param {App} app
 * @returns {HTMLElement}
 */
export function renderAccount(app) {
  const me = app.state.me;
  /** @type {import('../dom.js').Child[]} */
  const body = [];
  if (me?.account) {
    body.push(h('p', { class: 'account-who' }, app.tn('account.signedInAs', { name: me.name })));
    if (ui.open === 'password') body.push(passwordForm(app));
    else {
      body.push(h('div', { class: 'account-actions' },
        opener(app, 'password', app.t('account.password.open')),
        h('button', {
          class: 'btn small ghost', type: 'button', 'data-key': 'account-signout', disabled: ui.busy,
          onclick: () => run(app, async () => {
            await api.signOut();
            reset();
            app.switchPlayer(null);
          }),
        }, app.t('account.signOut'))));
    }
  } else {
    body.push(h('p', { class: 'muted' }, me ? app.tn('account.guest', { name: me.name }) : app.t('account.none')));
    if (ui.open === 'claim' && me) body.push(claimForm(app));
    else if (ui.open === 'signin') body.push(signInForm(app));
    else {
      body.push(h('div', { class: 'account-actions' },
        me ? opener(app, 'claim', app.t('account.claim.open'), true) : null,
        opener(app, 'signin', app.t('account.signIn'))));
    }
  }
  return h('section', { class: 'card-panel account-panel', 'aria-labelledby': 'account-title' },
    h('h2', { id: 'account-title' }, app.t('account.title')),
    body,
    ui.error ? h('p', { class: 'account-error', role: 'alert' }, ui.error) : null,
    ui.done ? h('p', { class: 'account-done', role: 'status' }, ui.done) : null);
}
