// Arabic: the switch, the right-to-left layout, the games' terms, and a hand laid out from the right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, screenshot } from './harness.js';

test('arabic: right-to-left, remembered, with the games in Arabic', { timeout: 120_000 }, async () => {
  const server = await startServer();
  const b = await openBrowser();
  const { page } = b;
  try {
    await page.goto(`${server.base}/`);
    assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
    await page.click('.lang-btn');
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    assert.equal(await page.getAttribute('html', 'lang'), 'ar');
    assert.equal(await page.textContent('button[data-key="create"]'), 'افتح الطاولة');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), 'rtl');
    // Remembered across a reload.
    await page.reload();
    await page.waitForSelector('button[data-key="create"]');
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    await screenshot(page, 'home-arabic');

    await signIn(page, server.base, 'سارة');
    assert.match(await page.textContent('.game-choice'), /كوت\sبو/);
    assert.match(await page.textContent('.game-choice'), /بلوت/);
    assert.match(await page.textContent('.game-choice'), /كابول/);
    await createTable(page, { game: 'kout4' });
    await fillAndStart(page);
    await until(page, (st) => st.game?.view?.hand?.length === 9 && st, { what: 'the deal' });
    // Laid out: nine cards with a size (a card being drawn has none yet), each in its own place
    // (on a slow machine the row may not be laid out yet when the cards exist).
    // The places are read in the same look as the check (the row may be drawn again between two
    // looks, on a loaded machine, and a row being replaced has no places yet).
    const laidOut = await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('.hand .card-btn')];
      const lefts = cards.map((c) => c.getBoundingClientRect().left);
      const placed = cards.length === 9 && cards.every((c) => c.getBoundingClientRect().width > 0);
      return placed && new Set(lefts.map(Math.round)).size === 9 && lefts;
    }, null, { timeout: 10_000 });
    // The hand reads from the right: the first card of the row is the rightmost.
    const xs = /** @type {number[]} */ (await laidOut.jsonValue());
    assert.equal(xs.length, 9);
    assert.ok(xs[0] > xs[8], `first card right of the last: ${xs}`);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.match-bar')).direction), 'rtl');
    assert.match(await page.textContent('.scoreboard'), /لنا/);
    await screenshot(page, 'kout4-arabic-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'kout4-arabic-phone');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});
