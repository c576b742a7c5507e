// Ratings in the browser (issue 21): a rated Kout 4 match of four accounts is played over the
// server's own sockets (from a page, four sockets: seats 0 and 2 bid Bawan whenever they may, 1 and
// 3 pass, and otherwise each plays its first legal action, so the makers fail at the first trick
// they lose and the match ends 54–0 in a few short hands); then the leaderboard and the profile read
// it on a 1366×768 laptop in English and a 390×844 phone in Arabic: ranks 1 to 4, one's own rank,
// the provisional mark, the match with its partner, opponents and rating change, its replay link
// and "Export my games"; the create form's Rated box turns hints off. (The lead's four-browser e2e
// plays the rated match through the pages themselves.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, screenshot } from './harness.js';
import { translate } from '../../js/i18n.js';

/** @type {{base: string, stop: () => Promise<void>} | null} */
let server = null;
/** @type {{code: string, gameId: string, players: {id: string, name: string, token: string}[]} | null} */
let seeded = null;

const NAMES = ['Sara', 'Omar', 'Noura', 'Faisal'];

/**
 * Four accounts play a rated Kout 4 match to its end, from inside a page of the server's origin
 * (fetch without cookies, and sockets that say who they are in their first message).
 * @param {string} base
 */
async function playRatedMatch(base) {
  const b = await openBrowser();
  try {
    await b.page.goto(`${base}/api/health`);
    return await b.page.evaluate(async (names) => {
      const call = async (/** @type {string} */ path, /** @type {any} */ body, /** @type {string | undefined} */ token) => {
        const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
        const res = await fetch(path, { method: 'POST', credentials: 'omit', headers, body: JSON.stringify(body) });
        const json = await res.json();
        if (!res.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
        return json;
      };
      const players = [];
      for (const name of names) {
        const guest = await call('/api/players', { name });
        // The claim starts a new session and ends the guest's.
        const claimed = await call('/api/account/claim', { password: 'correct horse battery' }, guest.token);
        players.push({ id: guest.player.id, name, token: claimed.token });
      }
      /** Opens a socket for a player; `on` sees every message. */
      const open = (/** @type {{token: string}} */ p, /** @type {(m: any, ws: WebSocket) => void} */ on) => new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: p.token }));
        ws.onerror = () => reject(new Error('socket failed'));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'welcome') resolve(ws);
          on(m, ws);
        };
      });
      let code = '';
      /** @type {((m: any) => void)[]} */
      const waiters = [];
      const finished = players.map(() => /** @type {Promise<string>} */ (new Promise((resolve) => {
        waiters.push((m) => { if (m.type === 'table' && m.table.status === 'finished') resolve(String(m.table.game_id)); });
      })));
      /** @type {Map<number, (m: any) => void>} */
      const replies = new Map();
      const sockets = [];
      for (const [i, p] of players.entries()) {
        // One action per version, a little after it came: the server limits messages per socket.
        let acted = -1;
        sockets.push(await open(p, (m, ws) => {
          replies.get(i)?.(m);
          waiters[i](m);
          if (m.type === 'error' && m.code === 'stale') setTimeout(() => ws.send(JSON.stringify({ type: 'resume', table: code })), 100);
          if ((m.type === 'event' || m.type === 'sync') && m.table === code && Array.isArray(m.legal) && m.legal.length && m.version > acted) {
            acted = m.version;
            const legal = /** @type {string[]} */ (m.legal);
            const wish = i % 2 === 0 ? 'bid 9' : 'pass';
            const action = legal.includes(wish) ? wish : legal[0];
            setTimeout(() => ws.send(JSON.stringify({ type: 'act', table: code, action, version: m.version })), 60);
          }
        }));
      }
      const reply = (/** @type {number} */ i, /** @type {(m: any) => boolean} */ ok) => new Promise((resolve) => {
        replies.set(i, (m) => { if (ok(m)) { replies.delete(i); resolve(m); } });
      });
      const created = reply(0, (m) => m.type === 'table' || m.type === 'error');
      sockets[0].send(JSON.stringify({ type: 'create_table', game: 'kout4', rated: true, turn_ms: 600000 }));
      const t = /** @type {any} */ (await created);
      if (t.type !== 'table') throw new Error(JSON.stringify(t));
      code = t.table.code;
      for (let i = 1; i < 4; i += 1) {
        const joined = reply(i, (m) => (m.type === 'table' && m.you === i) || m.type === 'error');
        sockets[i].send(JSON.stringify({ type: 'join', table: code, seat: i }));
        const j = /** @type {any} */ (await joined);
        if (j.type !== 'table') throw new Error(JSON.stringify(j));
      }
      sockets[0].send(JSON.stringify({ type: 'start', table: code }));
      const ids = await Promise.all(finished);
      for (const ws of sockets) ws.close();
      return { code, gameId: ids[0], players };
    }, NAMES);
  } finally {
    await b.close();
  }
}

before(async () => {
  server = await startServer({ botDelayMs: 0 });
  seeded = await playRatedMatch(server.base);
});

after(async () => {
  await server?.stop();
});

const RUNS = [
  { name: 'desktop-en', width: 1366, height: 768, lang: 'en' },
  { name: 'phone-ar', width: 390, height: 844, lang: 'ar' },
];

for (const run of RUNS) {
  test(`leaderboard and profile show the rated match (${run.name})`, async () => {
    assert.ok(server && seeded);
    const sara = seeded.players[0];
    const b = await openBrowser({ width: run.width, height: run.height, locale: run.lang === 'ar' ? 'ar' : 'en-US' });
    const { page } = b;
    try {
      // Signed in as Sara: her token as an older client kept it, which the page adopts as its
      // session (POST /api/session/adopt) on its first load.
      await page.addInitScript(([token, lang]) => {
        if (!sessionStorage.getItem('seeded')) localStorage.setItem('majlis.token', token);
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('majlis.lang', lang);
      }, [sara.token, run.lang]);
      await page.goto(`${server.base}/#/leaderboard/kout4`);
      // Once the page knows who it is (the session cookie), its own row is marked.
      await page.waitForSelector('.board-table tbody tr.mine');
      const rows = page.locator('.board-table tbody tr');
      assert.equal(await rows.count(), 4);
      assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-rank'))), ['1', '2', '3', '4']);
      assert.equal(await page.locator('.board-table .badge.provisional').count(), 4, 'everyone is provisional after one match');
      const mine = page.locator('.board-table tr.mine');
      assert.equal(await mine.count(), 1, 'my own row is marked');
      const myRank = await mine.getAttribute('data-rank');
      const own = await page.locator('[data-key="own-rank"]').innerText();
      assert.ok(own.includes(String(myRank)), own);
      assert.ok(own.includes(run.lang === 'ar' ? 'مركزك' : 'Your rank'), own);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert.ok(fits, 'the leaderboard fits the screen\'s width');
      await screenshot(page, `ratings-leaderboard-${run.name}`);

      // A name opens the profile.
      await page.locator('.board-table a.player-link', { hasText: 'Omar' }).click();
      await page.waitForSelector('.screen.profile .ratings-table');
      assert.match(page.url(), /#\/p\/p_/);
      assert.equal(await page.locator('#profile-title').innerText(), 'Omar');
      assert.equal(await page.locator('[data-key="export"]').count(), 0, 'no export of someone else\'s games');

      await page.goto(`${server.base}/#/p/${sara.id}`);
      await page.waitForSelector('.screen.profile .ratings-table');
      const rating = page.locator('.ratings-table tbody tr[data-game="kout4"]');
      assert.equal(await rating.count(), 1);
      assert.ok((await rating.innerText()).includes(translate(run.lang === 'ar' ? 'ar' : 'en', 'players.provisional')));
      const game = page.locator(`.profile-game[data-game="${seeded.gameId}"]`);
      assert.equal(await game.count(), 1);
      const text = await game.innerText();
      assert.ok(text.includes('Noura'), `the partner is named: ${text}`);
      assert.ok(text.includes('Omar') && text.includes('Faisal'), `the opponents are named: ${text}`);
      const change = await game.locator('[data-key="rating-change"]').innerText();
      assert.match(change, /1500/, change);
      assert.match(change, /[+\u2212]\d+/, change);
      assert.equal(await game.locator(`a[href="#/replay/${seeded.gameId}"]`).count(), 1);
      assert.equal(await page.locator('[data-key="export"]').count(), 1);
      const fitsProfile = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert.ok(fitsProfile, 'the profile fits the screen\'s width');
      await screenshot(page, `ratings-profile-${run.name}`);

      // Export my games: a file of one JSON line per finished match.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-key="export"]')]);
      const path = await download.path();
      const fs = await import('node:fs');
      const lines = fs.readFileSync(String(path), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(lines.length, 1);
      assert.equal(lines[0].game_id, seeded.gameId);
      assert.equal(lines[0].record.game, 'kout4');

      // Home: my profile and the leaderboards are a click away; Rated turns hints off.
      await page.goto(`${server.base}/#/`);
      await page.waitForSelector('[data-key="my-profile"]');
      assert.equal(await page.locator('.home-links a[data-key="board-kout4"]').count(), 1);
      await page.check('input[data-key="hints"]');
      await page.check('input[data-key="rated"]');
      assert.equal(await page.locator('input[data-key="hints"]').isDisabled(), true);
      assert.equal(await page.locator('input[data-key="hints"]').isChecked(), false);
      assert.deepEqual(b.errors, []);
    } finally {
      await b.close();
    }
  });
}
