// Tournaments in the browser (issue 34): on a 1366×768 laptop in English Sara opens
// "Tournaments" from the home page, creates a Kout 4 Swiss tournament of one round with the form,
// registers, and starts it; a pair (Omar and his partner Huda, registered from a script) never
// comes to the table. Sara clicks "Play your match", waits in the lobby while the grace for
// no-shows runs (the server's `--tournament-grace-s 3`), plays her hand by clicking with a bot
// partner against the bots standing in, and reads the standings: her team first, the other a
// no-show. On a 390×844 phone in Arabic Noura does the same with her own tournament.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, until, myTurn, screenshot, useLang } from './harness.js';

/** @type {{base: string, stop: () => Promise<void>} | null} */
let server = null;

before(async () => {
  server = await startServer({ botDelayMs: 0, args: ['--tournament-grace-s', '3'] });
});

after(async () => {
  await server?.stop();
});

/**
 * Registers a fixed pair for tournament `id` from inside a page, as a script would: Huda claims
 * her name with a password (a partner is named by account name), Omar registers naming her.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {string} suffix  keeps the names apart between the two tests
 */
async function pairRegisters(page, id, suffix) {
  const answer = await page.evaluate(async ({ id, suffix }) => {
    const post = async (path, body, token) => {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
      return json;
    };
    const huda = await post('/api/players', { name: `Huda${suffix}` });
    await post('/api/account/claim', { password: 'correct horse battery' }, huda.token);
    const omar = await post('/api/players', { name: `Omar${suffix}` });
    return post(`/api/tournaments/${id}/register`, { partners: [`Huda${suffix}`] }, omar.token);
  }, { id, suffix });
  assert.equal(answer.players, 3, 'Sara and the pair are registered');
}

/**
 * The whole visit: the tournaments page from home, the form, register, the pair, start, play the
 * match by clicking, the standings. Returns the tournament's page for more checks.
 * @param {import('playwright-core').Page} page
 * @param {{name: string, lang: 'en' | 'ar', shot: string, suffix: string}} who
 */
async function playATournament(page, who) {
  assert.ok(server);
  await signIn(page, server.base, who.name);
  await useLang(page, who.lang);
  await page.click('a[data-key="tournaments"]');
  await page.waitForSelector('form[data-key="tournament-create"]');
  await page.fill('input[name="name"]', `Cup ${who.suffix}`);
  await page.selectOption('select[name="game"]', 'kout4');
  await page.selectOption('select[name="format"]', 'swiss');
  await page.fill('input[name="rounds"]', '1');
  await page.fill('input[name="hands"]', '1');
  await page.fill('input[name="starts"]', '60');
  await screenshot(page, `${who.shot}-create`);
  await page.click('button[data-key="tournament-create-submit"]');
  await page.waitForURL(/#\/tournaments\/t_[A-Za-z0-9]+$/);
  const id = page.url().split('#/tournaments/')[1];
  await page.click('button[data-key="tournament-register"]');
  await page.waitForSelector('[data-key="tournament-registered"]');
  await pairRegisters(page, id, who.suffix);
  await page.click('button[data-key="tournament-start"]');
  // The driver starts it and pairs round 1; the page asks again every few seconds.
  await page.waitForSelector('a[data-key="tournament-play"]', { timeout: 30_000 });
  await screenshot(page, `${who.shot}-round`);
  await page.click('a[data-key="tournament-play"]');
  await page.waitForURL(/#\/t\/[A-Z0-9]+$/);
  // The lobby: nobody starts it; it starts by itself once the grace for no-shows is over. The
  // grace runs from the pairing, so on a busy machine the page may come after it: then the match
  // is already under way, which nobody started either.
  await page.waitForSelector('[data-key="tournament-wait"], .screen.match', { timeout: 30_000 });
  if (await page.locator('[data-key="tournament-wait"]').count()) {
    assert.equal(await page.locator('button[data-key="start"]').count(), 0, 'a tournament match starts by itself');
  }
  await page.waitForSelector('.screen.match', { timeout: 30_000 });
  assert.ok(await page.locator('[data-key="tournament-progress"]').count(), 'the status line names the tournament');
  for (let guard = 0; guard < 400; guard += 1) {
    const s = await until(page, (st) => (myTurn(st) || st.table?.status === 'finished') && st, { timeout: 60_000, what: 'my turn or the end' });
    if (s.table.status === 'finished') break;
    const stage = s.game.view.stage;
    const before = s.game.version;
    if (stage === 'bidding') {
      const pass = page.locator('.bid-btn[data-action="pass"]');
      if (await pass.count()) await pass.click();
      else await page.locator('.bid-btn').first().click();
    } else if (stage === 'trump') {
      await page.locator('.suit-btn').first().click();
    } else {
      await page.locator('.hand .card-btn.legal').first().click();
    }
    await until(page, (st) => (st.game?.version ?? 0) > before || st.table?.status === 'finished' || st.error, { what: 'my action taken' });
  }
  // The end: no rematch, the standings instead.
  await page.waitForSelector('a[data-key="tournament-standings"]', { timeout: 30_000 });
  assert.equal(await page.locator('button[data-key="rematch"]').count(), 0, 'a tournament match has no rematch');
  await screenshot(page, `${who.shot}-end`);
  await page.click('a[data-key="tournament-standings"]');
  await page.waitForURL(new RegExp(`#/tournaments/${id}$`));
  await page.waitForSelector('.tournament-panel[data-status="finished"]', { timeout: 30_000 });
  const rows = page.locator('[data-key="tournament-standings"] tbody tr');
  assert.equal(await rows.count(), 2, 'two teams');
  // Her team won: the pair never came.
  const first = rows.first();
  assert.equal(await first.getAttribute('class'), 'mine');
  assert.equal(await first.locator('[data-key="score"]').innerText(), '1');
  assert.match(await first.innerText(), new RegExp(who.name));
  const board = page.locator('.tournament-boards li').first();
  assert.equal(await board.locator('a[data-key="tournament-replay"]').count(), 1, 'the round is over: its replay is open');
  return id;
}

test('a laptop in English creates a tournament, registers, plays its round and reads the standings', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ width: 1366, height: 768 });
  const { page } = b;
  try {
    await playATournament(page, { name: 'Sara', lang: 'en', shot: 'tournament-desktop', suffix: 'A' });
    // The pair registered together is a team before the lone players are put together: 1 and 2.
    const winner = await page.locator('[data-key="tournament-standings"] tbody tr.mine').getAttribute('data-team');
    assert.match(await page.locator('[data-key="outcome"]').first().innerText(), new RegExp(`team ${winner} wins · a no-show`));
    await screenshot(page, 'tournament-standings-desktop');
    // The list has it, finished.
    await page.click('a[data-key="tournament-list"]');
    await page.waitForSelector('.tournament-list li');
    assert.match(await page.locator('.tournament-list').innerText(), /Cup A[^\n]*finished/);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test('a phone in Arabic does the same, and every page fits it', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ width: 390, height: 844, locale: 'ar', touch: true });
  const { page } = b;
  try {
    await playATournament(page, { name: 'نورة', lang: 'ar', shot: 'tournament-phone-ar', suffix: 'B' });
    assert.match(await page.locator('#tournament-title').innerText(), /Cup B/);
    assert.match(await page.locator('[data-key="tournament-standings"] caption').innerText(), /الترتيب/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page fits the phone: ${width}px`);
    await screenshot(page, 'tournament-standings-phone-ar');
    await page.click('a[data-key="tournament-list"]');
    await page.waitForSelector('form[data-key="tournament-create"]');
    const listWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(listWidth <= 390, `the list and its form fit the phone: ${listWidth}px`);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
