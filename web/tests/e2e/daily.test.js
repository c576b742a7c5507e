// The daily deal in the browser (issue 34): Omar plays today's Kout 4 deals over the server's own
// sockets; then on a 1366×768 laptop in English Sara opens "Daily deal" from the home page, plays
// her six deals by clicking, and reads the standings (her deals one by one, Omar's only as a
// total while the day is open); on a 390×844 phone in Arabic Noura, who has not played, sees
// today's games and the standings without anyone's deals. The server holds the day fixed
// (`--daily-day`), so no test meets midnight.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, until, myTurn, screenshot, useLang } from './harness.js';

const DAY = '2026-11-28';

/** @type {{base: string, stop: () => Promise<void>} | null} */
let server = null;

/**
 * Omar plays every Kout 4 deal of the day from inside a page, as a program would: his first
 * legal action each time, 150 ms after it is asked for (under the server's 10 messages a second).
 * @param {string} base
 */
async function omarPlaysTheDay(base) {
  const b = await openBrowser();
  try {
    await b.page.goto(`${base}/api/health`);
    return await b.page.evaluate(async () => {
      const guest = await (await fetch('/api/players', { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Omar' }) })).json();
      const res = await fetch('/api/daily/kout4', { method: 'POST', credentials: 'omit', headers: { Authorization: `Bearer ${guest.token}` } });
      const entry = await res.json();
      if (!res.ok) throw new Error(JSON.stringify(entry));
      const code = entry.table;
      return await new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        let acted = -1;
        ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: guest.token }));
        ws.onerror = () => reject(new Error('socket failed'));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'join', table: code }));
          if (m.type === 'error' && m.code === 'stale') setTimeout(() => ws.send(JSON.stringify({ type: 'resume', table: code })), 100);
          else if (m.type === 'error') reject(new Error(JSON.stringify(m)));
          if (m.type === 'table' && m.table.daily?.done) { ws.close(); resolve(code); }
          if ((m.type === 'event' || m.type === 'sync') && m.table === code && Array.isArray(m.legal) && m.legal.length && m.version > acted) {
            acted = m.version;
            setTimeout(() => ws.send(JSON.stringify({ type: 'act', table: code, action: m.legal[0], version: m.version })), 150);
          }
        };
      });
    });
  } finally {
    await b.close();
  }
}

before(async () => {
  server = await startServer({ botDelayMs: 0, args: ['--daily-day', DAY] });
  await omarPlaysTheDay(server.base);
});

after(async () => {
  await server?.stop();
});

test('a laptop in English plays the day\'s Kout 4 deals and reads the standings', { timeout: 400_000 }, async () => {
  assert.ok(server);
  const b = await openBrowser({ width: 1366, height: 768 });
  const { page } = b;
  try {
    await signIn(page, server.base, 'Sara');
    await page.click('a[data-key="daily"]');
    await page.waitForSelector('.daily-games');
    assert.equal(await page.locator('.daily-game').count(), 4, 'four games a day');
    const kout4 = page.locator('.daily-game[data-game="kout4"]');
    assert.match(await kout4.innerText(), /6 deals/);
    assert.match(await kout4.innerText(), /1 player so far/);
    assert.match(await page.locator('.daily-commitment').innerText(), new RegExp(`deals of ${DAY} are fixed`));
    await screenshot(page, 'daily-today-desktop');
    await page.click('button[data-key="daily-play-kout4"]');
    await page.waitForURL(/#\/t\/[A-Z0-9]+$/);
    await page.waitForSelector('.screen.match');
    assert.match(await page.locator('[data-key="daily-progress"]').innerText(), /deal 1 of 6/);

    let shot = false;
    for (let guard = 0; guard < 2000; guard += 1) {
      const s = await until(page, (st) => (myTurn(st) || st.table?.daily?.done) && st, { timeout: 60_000, what: 'my turn or the day played' });
      if (s.table.daily.done) break;
      const stage = s.game.view.stage;
      const before = s.game.version;
      if (stage === 'bidding') {
        const pass = page.locator('.bid-btn[data-action="pass"]');
        if (await pass.count()) await pass.click();
        else await page.locator('.bid-btn').first().click();
      } else if (stage === 'trump') {
        await page.locator('.suit-btn').first().click();
      } else {
        if (!shot && s.table.daily.deal >= 1) {
          await screenshot(page, 'daily-deal-desktop');
          shot = true;
        }
        await page.locator('.hand .card-btn.legal').first().click();
      }
      await until(page, (st) => (st.game?.version ?? 0) > before || st.table?.daily?.done || st.error, { what: 'my action taken' });
    }
    // The end: no rematch, the standings instead.
    await page.waitForSelector('a[data-key="daily-standings"]', { timeout: 30_000 });
    assert.equal(await page.locator('button[data-key="rematch"]').count(), 0, 'a daily deal has no rematch');
    await page.click('a[data-key="daily-standings"]');
    await page.waitForURL(new RegExp(`#/daily/${DAY}/kout4$`));
    await page.waitForSelector('.daily-table tbody tr.mine');
    const rows = page.locator('.daily-table tbody tr');
    assert.equal(await rows.count(), 2, 'Omar and Sara');
    const mine = page.locator('.daily-table tbody tr.mine');
    // Her own six deals, one by one, each opening its replay; Omar's only as a total.
    assert.equal(await mine.locator('td a[href^="#/replay/"]').count(), 0, 'no replay links while the day is open');
    const cells = await mine.locator('td').allInnerTexts();
    assert.equal(cells.length, 4 + 6, `place, %, points, deals and six deals: ${cells}`);
    assert.match(cells[1], /^\d+\.\d%$/);
    assert.equal(cells[3], '6/6');
    const other = page.locator('.daily-table tbody tr:not(.mine)');
    assert.deepEqual((await other.locator('td').allInnerTexts()).slice(4), Array(6).fill('–'), "Omar's deals stay hidden until the day closes");
    // The percentages are matchpoints against a field of one: each deal 100, 50 or 0.
    const percents = await rows.locator('[data-key="percent"]').allInnerTexts();
    const sum = percents.map((p) => Number.parseFloat(p)).reduce((a, x) => a + x, 0);
    assert.ok(Math.abs(sum - 100) < 0.2, `two players share the matchpoints: ${percents}`);
    await screenshot(page, 'daily-standings-desktop');
    // Today's page now lists her day, and Kout 4 has its standings instead of Play.
    await page.click('a[data-key="daily-today"]');
    await page.waitForSelector('[data-key="daily-history"]');
    assert.match(await page.locator('[data-key="daily-history"]').innerText(), new RegExp(`${DAY} · Kout Bo \\(4 players\\)[^\\n]*place \\d of 2 \\(6 deals played\\)`));
    assert.equal(await page.locator('button[data-key="daily-play-kout4"]').count(), 0);
    assert.equal(await page.locator('a[data-key="daily-board-kout4"]').count(), 1);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test('a phone in Arabic sees today\'s games and the standings without anyone\'s deals', { timeout: 120_000 }, async () => {
  assert.ok(server);
  const b = await openBrowser({ width: 390, height: 844, locale: 'ar', touch: true });
  const { page } = b;
  try {
    await signIn(page, server.base, 'نورة');
    await useLang(page, 'ar');
    await page.goto(`${server.base}/#/daily`);
    await page.waitForSelector('.daily-games');
    assert.match(await page.locator('#daily-title').innerText(), /صفقة اليوم/);
    const play = page.locator('button[data-key="daily-play-baloot"]');
    assert.equal(await play.innerText(), 'العب');
    const box = await play.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the Play button is on the screen: ${JSON.stringify(box)}`);
    await screenshot(page, 'daily-today-phone-ar');
    await page.goto(`${server.base}/#/daily/${DAY}/kout4`);
    await page.waitForSelector('.daily-table tbody tr');
    assert.ok((await page.locator('.daily-table tbody tr').count()) >= 1);
    assert.equal(await page.locator('.daily-table thead th').count(), 5, 'no deal columns before one has played the day');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page fits the phone: ${width}px`);
    await screenshot(page, 'daily-standings-phone-ar');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
