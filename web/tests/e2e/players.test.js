// Issue 21 end to end, in Chromium: a person signs up on an Arabic phone (a guest who keeps its
// name with a password), three more sign up on English laptops, and the four play a whole rated
// Baloot match at the phone's table. Chat reaches the others, and a muted player's line does not
// reach the one who muted them. At the end the winners' ratings went up and the losers' down, as
// the profile, the leaderboard and the end of the match show; the phone's person then signs in on
// a laptop of its own and finds the match on its profile and itself on the leaderboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, until, clientState, screenshot } from './harness.js';
import { translate } from '../../js/i18n.js';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844, touch: true };
const PASSWORD = 'a long password 21';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Signs up through the page: a guest with `name`, then the Account panel keeps it with a password. */
async function signUp(page, base, name, lang) {
  await page.goto(`${base}/`);
  if (lang === 'ar') {
    await page.click('.lang-btn');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  await signIn(page, base, name);
  await page.click('button[data-key="account-open-claim"]');
  await page.fill('#account-claim-password', PASSWORD);
  await page.click('button[data-key="account-claim-submit"]');
  await page.waitForSelector('.account-who');
  return page.evaluate(() => JSON.parse(JSON.stringify(/** @type {any} */ (window).majlis.state.me)));
}

/** What the server answers a GET from this page (its session cookie goes with it). */
function getJson(page, url) {
  return page.evaluate(async (u) => (await fetch(u)).json(), url);
}

/** The words of the chat lines a page shows. */
function chatLines(page) {
  return page.locator('.chat-lines .chat-line .chat-words').allTextContents();
}

async function waitChat(page, words, what) {
  const deadline = Date.now() + 15_000;
  while (!(await chatLines(page)).includes(words)) {
    if (Date.now() > deadline) throw new Error(`${what}: no chat line ${JSON.stringify(words)}`);
    await sleep(100);
  }
}

async function say(page, text) {
  await page.fill('input[data-key="chat-input"]', text);
  await page.press('input[data-key="chat-input"]', 'Enter');
}

/**
 * Plays the match for all four pages: whoever is to act takes a bid if there is one (so a hand is
 * never passed out) and otherwise its first legal action. Each page plays for itself, from a
 * timer inside it (a round trip from the test to four pages for every action made the match take
 * minutes on a busy machine); an action that changed nothing in 3 s (refused, or sent while the
 * page's socket was down: the page then resumes at the same version) is sent again. Returns the
 * last states.
 */
async function playOut(pages) {
  await Promise.all(pages.map((page) => page.evaluate(() => {
    const app = /** @type {any} */ (window).majlis;
    let acted = { version: -1, at: 0 };
    const timer = setInterval(() => {
      const g = app.state.game;
      if (g?.finished) clearInterval(timer);
      if (!g || g.finished || app.state.you === null || !g.to_act.includes(app.state.you) || !g.legal.length) return;
      if (g.version < acted.version || (g.version === acted.version && Date.now() - acted.at < 3000)) return;
      acted = { version: g.version, at: Date.now() };
      const legal = /** @type {string[]} */ (g.legal);
      app.act(legal.find((a) => !a.startsWith('pass')) ?? legal[0]);
    }, 50);
  })));
  const deadline = Date.now() + 420_000;
  for (;;) {
    const states = await Promise.all(pages.map((p) => clientState(p)));
    if (states.every((s) => s.game?.finished)) return states;
    assert.ok(Date.now() < deadline, `the rated match did not end in time: ${JSON.stringify(states.map((s) => ({ to_act: s.game?.to_act, version: s.game?.version, conn: s.conn?.status, error: s.error })))}`);
    await sleep(500);
  }
}

test('players: sign up on a phone, a rated match of four accounts with chat, profile and leaderboard on a laptop', { timeout: 900_000 }, async () => {
  const ar = (key, params) => translate('ar', key, params);
  const server = await startServer({ botDelayMs: 40, seed: 21 });
  const phone = await openBrowser(PHONE);
  const laptops = [await openBrowser(LAPTOP), await openBrowser(LAPTOP), await openBrowser(LAPTOP)];
  let later = null;
  try {
    const p = phone.page;
    const sara = await signUp(p, server.base, 'سارة', 'ar');
    assert.equal(sara.account, true);
    const people = [sara];
    for (const [i, name] of ['Omar', 'Lina', 'Yusuf'].entries()) people.push(await signUp(laptops[i].page, server.base, name, 'en'));
    await screenshot(p, 'players-phone-ar-signed-up');

    // Sara hosts a rated Baloot table: no hints, no bots to seat.
    const code = await createTable(p, { game: 'baloot', setup: async (page) => {
      await page.check('input[data-key="rated"]');
      assert.equal(await page.isDisabled('input[data-key="hints"]'), true, 'a rated table has no hints');
    } });
    const table = await until(p, (s) => s.table?.code === code && s.table);
    assert.equal(table.rated, true, 'the table frame says rated');
    assert.equal(await p.locator('button[data-key="fill"]').count(), 0, 'no bots at a rated table');
    for (const b of laptops) {
      await b.page.goto(`${server.base}/#/t/${code}`);
      await until(b.page, (s) => s.table?.code === code && s.you !== null, { what: 'seated' });
    }
    await p.waitForSelector('button[data-key="start"]:not([disabled])');
    await screenshot(p, 'players-rated-lobby-ar');
    await p.click('button[data-key="start"]');
    const pages = [p, ...laptops.map((b) => b.page)];
    for (const page of pages) await until(page, (s) => s.table?.status === 'playing' && s.game?.view, { what: 'the deal' });

    // Chat: Omar's line reaches everyone; Lina mutes Omar, and his next line reaches Sara only.
    const [omar, lina] = [laptops[0].page, laptops[1].page];
    for (const page of pages) await page.click('button[data-key="chat-toggle"]');
    await say(omar, 'Good luck, all');
    for (const page of pages) await waitChat(page, 'Good luck, all', 'the first line');
    await lina.locator(`.chat-line[data-from="${people[1].id}"] .chat-mute`).first().click();
    await lina.waitForSelector(`[data-key="unmute-${people[1].id}"]`);
    await say(omar, 'Lina cannot read this');
    await waitChat(p, 'Lina cannot read this', 'Sara');
    await say(lina, 'Thanks');
    await waitChat(lina, 'Thanks', 'Lina');
    assert.ok(!(await chatLines(lina)).includes('Lina cannot read this'), 'a muted player\'s line is not shown');
    await screenshot(lina, 'players-chat-muted-en');
    for (const page of pages) await page.click('button[data-key="chat-close"]');

    const end = await playOut(pages);
    const gameId = String(end[0].table.game_id);
    await screenshot(p, 'players-rated-end-ar');

    // Every seat's rating moved the way its result went, and partners alike.
    const profiles = [];
    for (const [i, person] of people.entries()) {
      const prof = await getJson(pages[i], `/api/players/${person.id}`);
      const g = prof.games.find((x) => String(x.game_id) === gameId);
      assert.ok(g?.rated && g.rating_change, `${person.name}: the match with its rating change`);
      const up = g.rating_change.after > g.rating_change.before;
      assert.equal(up, Boolean(g.won), `${person.name}: ${g.won ? 'won and went up' : 'lost and went down'}`);
      const rating = prof.ratings.find((r) => r.game === 'baloot');
      assert.ok(rating && rating.games === 1 && rating.provisional, `${person.name}: one provisional Baloot game`);
      profiles.push({ person, won: Boolean(g.won), seat: g.seat, after: g.rating_change.after });
    }
    const winners = profiles.filter((x) => x.won);
    assert.equal(winners.length, 2, 'two winners, one partnership');
    assert.equal(winners[0].seat % 2, winners[1].seat % 2, 'the winners are partners');
    const board = await getJson(p, '/api/leaderboard/baloot');
    assert.equal(board.top.length, 4);
    assert.deepEqual(board.top.slice(0, 2).map((e) => e.player.id).sort(), winners.map((w) => w.person.id).sort(), 'the winners lead the board');

    // Later, on a laptop of its own, Sara signs in with her name and password.
    later = await openBrowser(LAPTOP);
    const l = later.page;
    await l.goto(`${server.base}/`);
    await l.click('button[data-key="account-open-signin"]');
    await l.fill('#account-signin-name', 'سارة');
    await l.fill('#account-signin-password', PASSWORD);
    await l.click('button[data-key="account-signin-submit"]');
    await l.waitForSelector('.account-who');
    await l.click('a[data-key="my-profile"]');
    const item = `.profile-game[data-game="${gameId}"]`;
    await l.waitForSelector(item);
    const change = (await l.textContent(`${item} [data-key="rating-change"]`)) ?? '';
    const saraWon = profiles[0].won;
    assert.match(change, saraWon ? /\+\d/ : /[-−]\d/, `her change on the profile: ${change}`);
    assert.ok(((await l.textContent('.ratings-table')) ?? '').includes(String(Math.round(profiles[0].after))), 'her Baloot rating on the profile');
    await screenshot(l, 'players-profile-en');
    await l.click('a[data-key="board-baloot"]');
    await l.waitForSelector('.board-table tr.mine');
    const rank = board.top.findIndex((e) => e.player.id === sara.id) + 1;
    assert.equal(await l.getAttribute('.board-table tr.mine', 'data-rank'), String(rank), 'her row at her rank');
    assert.match((await l.textContent('[data-key="own-rank"]')) ?? '', new RegExp(`${rank}`), 'her own rank said');
    await screenshot(l, 'players-leaderboard-en');

    // And on the phone, in Arabic, the leaderboard reads the same.
    await p.goto(`${server.base}/#/`);
    await p.click('a[data-key="board-baloot"]');
    await p.waitForSelector('.board-table tr.mine');
    assert.equal(await p.getAttribute('.board-table tr.mine', 'data-rank'), String(rank));
    assert.ok(((await p.textContent('.players-head')) ?? '').length > 0 && ar('players.leaderboards').length > 0);
    await screenshot(p, 'players-leaderboard-phone-ar');
    const errors = [...phone.errors, ...laptops.flatMap((b) => b.errors), ...later.errors].filter((e) => !/401|Unauthorized/.test(e));
    assert.deepEqual(errors, [], 'no errors in the pages');
  } finally {
    await Promise.all([phone.close(), ...laptops.map((b) => b.close()), later?.close()]);
    await server.stop();
  }
});
