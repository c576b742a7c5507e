// The table's second pass (issue 35, item 3), in Chromium at 1366×768 in English and on a 390×844
// phone in Arabic: a played card never hides another played card's corner index or a seat's name,
// nor slides under a seat's fan or bid chip — checked at every state of the first tricks of Kout Bo
// 4, Kout Bo 6 and Baloot, the sweep to the winner's seat included.
//
// The cards lie in the room the seats leave (the top seat in one row on a laptop), the seats lie
// over the trick (a name is never under a card), a lower card over a higher one (each index
// shows), and who took a finished trick is said under the felt instead of over the cards. During
// a sweep only the names are checked: the cards leaving pass under the winner's seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState } from './harness.js';

const RUNS = [
  { name: 'desktop-en', width: 1366, height: 768, lang: 'en', touch: false },
  { name: 'phone-ar', width: 390, height: 844, lang: 'ar', touch: true },
];

/**
 * What hides what on the table now: for each played card, whether the centre of its corner index
 * shows the card itself; for each seat's name, whether its centre shows the name. Returns the
 * faults in words.
 */
function faults(page, { indices = true } = {}) {
  return page.evaluate((indices) => {
    const out = [];
    // A trick being swept passes under its winner's seat by design: only a trick at rest counts.
    const cards = indices ? [...document.querySelectorAll('.trick:not(.sweep) .played .card')] : [];
    for (const card of cards) {
      const r = card.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(card.closest('.played')).opacity === '0') continue;
      // The index: the top corner on the card's left (its rank and suit).
      const x = r.left + r.width * 0.14;
      const y = r.top + r.height * 0.12;
      const hit = document.elementFromPoint(x, y);
      if (hit && !card.contains(hit)) out.push(`the index of ${card.closest('.played')?.getAttribute('data-card')} is under ${hit.className?.baseVal ?? hit.className} (trick: ${card.closest('.trick')?.className})`);
    }
    for (const name of document.querySelectorAll('.felt .seat-name')) {
      const r = name.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && !name.contains(hit) && hit.closest('.played')) out.push(`${name.textContent} is under a played card`);
    }
    return out;
  }, indices);
}

for (const run of RUNS) {
  for (const game of ['kout4', 'kout6', 'baloot']) {
    test(`played cards hide no index and no name (${game}, ${run.name})`, { timeout: 120_000 }, async () => {
      const server = await startServer({ botDelayMs: 150 });
      const b = await openBrowser({ width: run.width, height: run.height, locale: run.lang === 'ar' ? 'ar' : 'en-US', touch: run.touch });
      const { page } = b;
      try {
        await page.goto(`${server.base}/`);
        if (run.lang === 'ar') await page.click('.lang-btn');
        await signIn(page, server.base, 'Sara');
        await createTable(page, { game });
        await fillAndStart(page);
        let checked = 0;
        let sweeps = 0;
        let shot = false;
        // Watch the table through the first tricks: every frame the page draws, by a watcher in
        // the page that records any fault it sees (a sweep lasts less than half a second).
        await page.evaluate(() => { /** @type {any} */ (window).__faults = []; });
        const seats = game === 'kout6' ? 6 : 4;
        for (let guard = 0; guard < 200 && (checked < 12 || sweeps < 1); guard += 1) {
          const st = await until(page, (s) => (myTurn(s) || s.game?.finished) && s, { timeout: 60_000, what: 'my turn' });
          if (st.game.finished) break;
          // The turn may come while the last trick, which the bots finished, is still held on the
          // felt or swept to its winner (its cards pass under that seat): check the table at rest.
          await page.waitForFunction(() => !document.querySelector('.trick.sweep'), null, { timeout: 10_000 });
          const f = await faults(page);
          assert.deepEqual(f, [], `at version ${st.game.version}`);
          if (await page.locator('.trick .played').count() >= 2) {
            checked += 1;
            if (!shot) { await screenshot(page, `second-trick-${game}-${run.name}`); shot = true; }
          }
          const legal = st.game.legal.filter((a) => !a.startsWith('snap'));
          const pick = legal.find((a) => a.startsWith('play ')) ?? legal.find((a) => a === 'pass') ?? legal[0];
          await page.evaluate((a) => /** @type {any} */ (window).majlis.act(a), pick);
          // A trick my card completed sweeps to its winner after a moment: the names stay clear.
          const full = await until(page, (s) => s.game.version > st.game.version && s, { timeout: 10_000, what: 'my move applied' }).catch(() => null);
          if (full && (full.game.view?.trick?.cards?.length ?? full.game.view?.hand?.trick?.length ?? 0) === 0 && sweeps < 2) {
            const sweep = await page.waitForSelector('.trick.sweep', { timeout: 8_000 }).catch(() => null);
            if (sweep) {
              sweeps += 1;
              // Cards on their way out pass under the winner's seat: its name stays on top.
              assert.deepEqual(await faults(page, { indices: false }), [], 'during a sweep');
              await screenshot(page, `second-sweep-${game}-${run.name}`);
            }
          }
          await until(page, (s) => s.game.version > st.game.version || !myTurn(s), { timeout: 10_000, what: 'my move applied' }).catch(() => {});
        }
        assert.ok(checked >= 8, `states with played cards checked: ${checked}`);
        assert.ok(sweeps >= 1, `sweeps checked: ${sweeps} (${seats} seats)`);
      } finally {
        await b.close();
        await server.stop();
      }
    });
  }
}
