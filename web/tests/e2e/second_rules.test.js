// How to play, in the app (issue 35, item 8), at 1366×768 in English and 390×844 in Arabic: a rules
// page per game reached from the home page and the lobby, with the client's card faces; the same
// rules over the table, closed with Escape, the seat kept; and the first-game tips, shown in a
// first game and not again once turned off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState } from './harness.js';
import { translate } from '../../js/i18n.js';
import { RULES } from '../../js/rules-content.js';

const RUNS = [
  { name: 'desktop-en', width: 1366, height: 768, lang: 'en', touch: false },
  { name: 'phone-ar', width: 390, height: 844, lang: 'ar', touch: true },
];

for (const run of RUNS) {
  test(`how to play: the rules pages, the rules over the table, the first-game tips (${run.name})`, { timeout: 120_000 }, async () => {
    const t = (key, params) => translate(run.lang, key, params);
    const server = await startServer({ botDelayMs: 40 });
    const b = await openBrowser({ width: run.width, height: run.height, locale: run.lang === 'ar' ? 'ar' : 'en-US', touch: run.touch, tips: true });
    const { page } = b;
    try {
      await page.goto(`${server.base}/`);
      if (run.lang === 'ar' && (await clientState(page)).lang !== 'ar') await page.click('.lang-btn');
      await signIn(page, server.base, run.lang === 'ar' ? 'سارة' : 'Sara');

      // From the home page, each game's page: its headings in the language, card faces, no
      // sideways scrolling.
      await page.click('[data-key="rules-link"]');
      for (const game of ['kout', 'baloot', 'kabul']) {
        await page.click(`[data-key="rules-${game}"]`);
        await page.waitForSelector(`.rules-page[data-game="${game}"]`);
        const heads = await page.$$eval('.rules-body h2', (els) => els.map((e) => e.textContent));
        assert.deepEqual(heads, RULES[game][run.lang].filter((x) => 'h' in x).map((x) => x.h), `${game}: the headings`);
        assert.ok(await page.locator('.rules-card-row .card svg').count() >= 3, `${game}: cards drawn`);
        assert.equal(await page.getAttribute('html', 'dir'), run.lang === 'ar' ? 'rtl' : 'ltr');
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${game}: fits the width`);
        await screenshot(page, `second-rules-${game}-${run.name}`);
      }

      // A first game against bots: the lobby links the rules; at the first bid a tip says what a
      // bid means; the rules open over the table and close with Escape, the seat kept.
      await page.evaluate(() => { window.location.hash = '#/'; });
      await createTable(page, { game: 'kout4' });
      assert.equal(await page.getAttribute('.screen.lobby [data-key="rules-link"]', 'href'), '#/rules/kout');
      await fillAndStart(page);
      const tip = page.locator('[data-key="guide-tip"][data-tip="bid"]');
      await tip.waitFor({ timeout: 30_000 });
      assert.equal((await tip.locator('p').textContent())?.trim(), t('guide.bid.kout'));
      await screenshot(page, `second-guide-bid-${run.name}`);
      // The tip lies over nothing one needs to act: every bid button and every card of the hand
      // is on screen and is what a tap on its visible corner reaches.
      await page.mouse.move(1, 1); // no card lifted by the pointer
      const covered = await page.evaluate(() => [...document.querySelectorAll('.actions button, .hand .card-btn')].flatMap((el) => {
        const r = el.getBoundingClientRect();
        // A fanned card shows its left edge in either direction (the next card lies over its
        // right in English; in Arabic the one before does).
        const x = r.left + 6;
        const y = r.top + Math.min(r.height / 2, 20);
        const inView = r.top >= 0 && y < window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
        const hit = document.elementFromPoint(x, y);
        const reached = hit?.closest('button');
        return inView && reached === el ? [] : [`${el.textContent?.trim()} at ${Math.round(x)},${Math.round(y)}: ${reached?.textContent?.trim() ?? hit?.tagName}`];
      }));
      assert.deepEqual(covered, [], 'the tip covers none of the buttons or cards');
      // "Got it" puts it away, and remembers it.
      await page.click('[data-key="guide-ok"]');
      assert.equal(await page.locator('[data-key="guide-tip"]').count(), 0);
      assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('majlis.tips') ?? 'null')), ['bid']);
      // The rules open over the table and close with Escape, the seat kept.
      await page.evaluate(() => localStorage.removeItem('majlis.tips'));
      await page.click('[data-key="rules-open"]');
      await page.waitForSelector('[data-key="rules-dialog"] .rules-body h2');
      await screenshot(page, `second-rules-dialog-${run.name}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-key="rules-dialog"]', { state: 'detached' });
      const st = await clientState(page);
      assert.equal(st.you, 0, 'still in my seat');
      assert.equal(st.table.status, 'playing');
      // The tip is back (its memory was cleared); put away again, the hand goes on to the first
      // cards one may not play (why, with the greyed cards on screen) and the first trick taken.
      await tip.waitFor();
      await page.click('[data-key="guide-ok"]');
      const tips = new Set();
      for (let i = 0; i < 80 && !(tips.has('follow') && tips.has('trick')); i += 1) {
        const now = await until(page, (s) => myTurn(s) && s, { timeout: 30_000, what: 'my turn' });
        const shown = page.locator('[data-key="guide-tip"]');
        if (await shown.count()) {
          const id = String(await shown.getAttribute('data-tip'));
          assert.ok(['follow', 'trick'].includes(id) && !tips.has(id), `tip ${id}, after ${[...tips]}`);
          assert.equal((await shown.locator('p').textContent())?.trim(), t(`guide.${id}.kout`));
          if (id === 'follow') {
            const cards = await page.$$eval('.hand .card-btn', (els) => els.map((e) => e.classList.contains('legal')));
            assert.ok(cards.includes(false) && cards.includes(true), `some cards greyed, some playable: ${cards}`);
            await screenshot(page, `second-guide-follow-${run.name}`);
          }
          tips.add(id);
          if (tips.size < 2) await page.click('[data-key="guide-ok"]');
          continue;
        }
        await page.evaluate((a) => /** @type {any} */ (window).majlis.act(a), now.game.legal.find((a) => a === 'pass') ?? now.game.legal[0]);
        await until(page, (s) => s.game.version > now.game.version, { what: 'my move applied' });
      }
      assert.deepEqual([...tips].sort(), ['follow', 'trick'], 'the tips of the first hand');
      // "No more tips": the next game has none.
      await page.click('[data-key="guide-off"]');
      assert.equal(await page.locator('[data-key="guide-tip"]').count(), 0);
      await page.evaluate(() => { window.location.hash = '#/'; });
      await page.click('[data-key="play-now"]');
      await until(page, (s) => s.table?.status === 'playing' && s.game?.to_act?.includes(s.you) && s, { timeout: 30_000, what: 'my turn in the next game' });
      assert.equal(await page.locator('[data-key="guide-tip"]').count(), 0, 'no tips once turned off');
    } finally {
      await b.close();
      await server.stop();
    }
  });
}
