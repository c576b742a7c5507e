// Accounts in the browser: on an Arabic phone a guest plays, then keeps its name with a password;
// on a laptop in English, in a browser of its own, the same person signs in with the name and the
// password (a wrong password first is refused in words) and is the same player, with its games;
// signing out there leaves the phone signed in. The session is an HttpOnly cookie the page never
// sees, and nothing of it is kept in storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, screenshot, clientState } from './harness.js';
import { translate } from '../../js/i18n.js';

const NAME = 'سارة';
const PASSWORD = 'كلمة سر طويلة 7';

/** The player the page is signed in as. */
function me(page) {
  return page.evaluate(() => JSON.parse(JSON.stringify(/** @type {any} */ (window).majlis.state.me)));
}

/** What `GET /api/me` answers this page (its cookie goes with it). */
function serverSaysMe(page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/me');
    return { status: res.status, body: await res.json().catch(() => null) };
  });
}

test('accounts: claim on an Arabic phone, sign in on an English laptop, wrong password, sign out', { timeout: 180_000 }, async () => {
  const ar = (key, params) => translate('ar', key, params);
  const en = (key, params) => translate('en', key, params);
  const server = await startServer({ botDelayMs: 40 });
  const phone = await openBrowser({ width: 390, height: 844, touch: true });
  const laptop = await openBrowser({ width: 1366, height: 768 });
  try {
    // The phone, in Arabic: a guest plays a match.
    const p = phone.page;
    await p.goto(`${server.base}/`);
    await p.click('.lang-btn');
    await p.waitForFunction(() => document.documentElement.dir === 'rtl');
    await signIn(p, server.base, NAME);
    const guest = await me(p);
    assert.equal(guest.name, NAME);
    assert.equal(guest.account, false);
    await createTable(p, { game: 'kout4' });
    await fillAndStart(p);
    const started = await until(p, (st) => st.table?.game_id && st, { what: 'the match under way' });
    const gameId = started.table.game_id;

    // Home: the Account panel offers to keep the name.
    await p.goto(`${server.base}/#/`);
    await p.waitForSelector('.account-panel');
    assert.equal((await p.textContent('#account-title'))?.trim(), ar('account.title'));
    await p.click('button[data-key="account-open-claim"]');
    await p.waitForSelector('#account-claim-password');
    // Too short is refused here, in words, before any request.
    await p.fill('#account-claim-password', '1234');
    await p.click('button[data-key="account-claim-submit"]');
    await p.waitForSelector('.account-error');
    assert.equal((await p.textContent('.account-error'))?.trim(), ar('account.error.bad_password'));
    await p.fill('#account-claim-password', PASSWORD);
    await screenshot(p, 'accounts-phone-ar-claim');
    await p.click('button[data-key="account-claim-submit"]');
    await p.waitForSelector('.account-who');
    assert.equal((await p.textContent('.account-who'))?.trim(), ar('account.signedInAs', { name: NAME }));
    assert.equal((await p.textContent('.account-done'))?.trim(), ar('account.claimed'));
    assert.deepEqual(await me(p), { id: guest.id, name: NAME, account: true });
    // The panel fits the phone's width.
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling on the phone: ${overflow}px`);
    // Scrolled in the page in one step: the home view may render the panel afresh at any moment
    // (a locator's scroll fails if its element is replaced while it waits for it to be stable).
    await p.evaluate(() => document.querySelector('.account-panel')?.scrollIntoView({ block: 'nearest' }));
    await screenshot(p, 'accounts-phone-ar-claimed');
    // The session is an HttpOnly cookie: not in script's reach, not in storage.
    assert.ok(!(await p.evaluate(() => document.cookie)).includes('majlis_session'), 'script cannot read the session');
    assert.deepEqual(await p.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k))), []);

    // The laptop, in English, a browser of its own: not signed in.
    const l = laptop.page;
    await l.goto(`${server.base}/`);
    await l.waitForSelector('.account-panel');
    assert.equal(await me(l), null);
    assert.equal((await l.textContent('.account-panel p'))?.trim(), en('account.none'));
    await l.click('button[data-key="account-open-signin"]');
    await l.fill('#account-signin-name', NAME);
    await l.fill('#account-signin-password', 'not the password');
    await l.click('button[data-key="account-signin-submit"]');
    await l.waitForSelector('.account-error');
    assert.equal((await l.textContent('.account-error'))?.trim(), en('account.error.bad_credentials'));
    assert.equal(await me(l), null, 'still nobody');
    await screenshot(l, 'accounts-laptop-en-wrong-password');

    await l.fill('#account-signin-password', PASSWORD);
    await l.click('button[data-key="account-signin-submit"]');
    await l.waitForSelector('.account-who');
    assert.deepEqual(await me(l), { id: guest.id, name: NAME, account: true }, 'the same player');
    assert.equal((await l.textContent('.hello'))?.includes(NAME), true);
    // Its games: the match the phone started, and its socket opens by the cookie.
    await l.waitForSelector(`.recent-item[data-game="${gameId}"]`);
    await until(l, (st) => st.conn.status === 'open', { what: 'the socket open by the cookie' });
    await screenshot(l, 'accounts-laptop-en-signed-in');
    // Back at the table of the match as the same seat.
    await l.click(`.recent-item[data-game="${gameId}"] a`);
    const seated = await until(l, (st) => st.table && st.you !== null && st, { what: 'the laptop at the table' });
    assert.equal(seated.you, 0, 'the host seat, as on the phone');

    // Signing out on the laptop: nobody there, the phone still signed in.
    await l.goto(`${server.base}/#/`);
    await l.waitForSelector('button[data-key="account-signout"]');
    await l.click('button[data-key="account-signout"]');
    await l.waitForSelector('#name-input');
    assert.equal(await me(l), null);
    assert.equal((await serverSaysMe(l)).status, 401, 'the session is gone on the server too');
    assert.equal((await l.textContent('.account-panel p'))?.trim(), en('account.none'));
    await screenshot(l, 'accounts-laptop-en-signed-out');
    await p.reload();
    await p.waitForSelector('.account-who');
    const again = await serverSaysMe(p);
    assert.deepEqual([again.status, again.body?.player?.id], [200, guest.id]);
    assert.equal((await clientState(p)).lang, 'ar');

    assert.deepEqual(phone.errors.filter((e) => !/401|Unauthorized/.test(e)), []);
    assert.deepEqual(laptop.errors.filter((e) => !/401|Unauthorized/.test(e)), []);
  } finally {
    await phone.close();
    await laptop.close();
    await server.stop();
  }
});
