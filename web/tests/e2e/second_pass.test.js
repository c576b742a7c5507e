// The table's second pass (issue 35), at 1366×768 in English and on a 390×844 touch phone in
// Arabic: a player who dropped is shown as what happens (a bot plays for them), with screenshots
// of each check in artifacts/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, until, screenshot, clientState } from './harness.js';
import { translate } from '../../js/i18n.js';

const RUNS = [
  { name: 'desktop-en', width: 1366, height: 768, lang: 'en', touch: false },
  { name: 'phone-ar', width: 390, height: 844, lang: 'ar', touch: true },
];

/** Switches the page to Arabic when the run is in Arabic. */
async function useLang(page, lang) {
  if (lang !== 'ar') return;
  if ((await clientState(page)).lang !== 'ar') await page.click('.lang-btn');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

for (const run of RUNS) {
  test(`a player who dropped is shown as away, a bot playing for them (${run.name})`, { timeout: 120_000 }, async () => {
    const t = (key, params) => translate(run.lang, key, params);
    // A short grace, so the bot takes the seat within the test.
    const server = await startServer({ botDelayMs: 40, args: ['--disconnect-grace-ms', '600'] });
    const host = await openBrowser({ width: run.width, height: run.height, locale: run.lang === 'ar' ? 'ar' : 'en-US', touch: run.touch });
    const friend = await openBrowser();
    const { page } = host;
    const friendName = run.lang === 'ar' ? 'ناصر' : 'Nasser';
    try {
      await page.goto(`${server.base}/`);
      await useLang(page, run.lang);
      await signIn(page, server.base, run.lang === 'ar' ? 'سارة' : 'Sara');
      await createTable(page, { game: 'kout4' });
      const link = await page.inputValue('#invite-link');
      await friend.page.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
      await friend.page.fill('input[data-key="name"]', friendName);
      await friend.page.click('form button[type="submit"]');
      await friend.page.waitForSelector('.screen.lobby');
      await page.waitForSelector('.lobby-seat[data-seat="2"].human');
      await page.click('button[data-key="fill"]');
      await page.waitForSelector('button[data-key="start"]:not([disabled])');
      await page.click('button[data-key="start"]');
      await page.waitForSelector('.screen.match');
      await friend.page.waitForSelector('.screen.match');

      // The friend's connection drops (the browser closes); after the grace a bot plays for him.
      await friend.close();
      const badge = page.locator('.seat[data-seat="2"] [data-key="away-badge"]');
      await badge.waitFor({ timeout: 30_000 });
      assert.equal((await badge.textContent())?.trim(), t('table.awayBot'), 'the seat says a bot plays');
      const note = page.locator('.takeover-note[data-seat="2"]');
      await note.waitFor();
      assert.equal((await note.textContent())?.trim(), t('table.botUntil', { name: friendName }));
      // Whenever the table waits on his seat, it says so as what happens, never "Waiting for Nasser…".
      const st = await until(page, (s) => s.table.seats[2].away && s, { what: 'the seat away' });
      assert.equal(st.table.seats[2].connected, false);
      const status = await page.evaluate(() => document.querySelector('[data-key="turn-note"]')?.textContent ?? '');
      assert.notEqual(status.trim(), t('table.waiting', { name: friendName }), status);
      await screenshot(page, `second-away-${run.name}`);
    } finally {
      await friend.close().catch(() => {});
      await host.close();
      await server.stop();
    }
  });
}
