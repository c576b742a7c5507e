// Whole matches against bots on a phone-sized page (390×844), Kout Bo 4 and Baloot: every action
// by clicking, to the match result; on the way the turn clock, the last trick and the hand
// summary; at the end the result and a rematch that starts a new match at the same table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState } from './harness.js';

const PHONE = { width: 390, height: 844 };

/**
 * The action to click for a page whose turn it is: the first legal card; in the bidding, Kout
 * bids as high as it may (a Bawan made or failed moves the score fast, so the match stays short)
 * and names the first Hokm suit, and Baloot takes the first Hokum, else Sun, else passes.
 * @param {any} s  the client's state
 */
function choose(s) {
  const legal = s.game.legal;
  if (legal.some((a) => a.startsWith('play '))) return { selector: '.hand .card-btn.legal' };
  const bids = legal.filter((a) => /^bid \d+$/.test(a)).sort((a, b) => Number(b.split(' ')[1]) - Number(a.split(' ')[1]));
  const pick = s.table.game === 'baloot'
    ? legal.find((a) => a.startsWith('hokum')) ?? legal.find((a) => a === 'sun') ?? legal.find((a) => a === 'pass') ?? legal[0]
    : bids[0] ?? legal.find((a) => a === 'pass') ?? legal[0];
  return { selector: `[data-action="${pick}"]` };
}

/**
 * Plays a whole match by clicking and checks the pieces of the table around it.
 * @param {import('node:test').TestContext} t
 * @param {'kout4' | 'baloot'} game
 */
async function wholeMatch(t, game) {
  const server = await startServer();
  const b = await openBrowser(PHONE);
  const { page } = b;
  try {
    await signIn(page, server.base, 'Sara');
    await createTable(page, { game });
    await fillAndStart(page);
    const first = await until(page, (st) => st.table?.game_id && st.game?.view && st, { what: 'the deal' });
    const gameId = first.table.game_id;
    let clockSeen = false;
    let lastTrickSeen = false;
    let summarySeen = false;
    let actions = 0;
    for (let guard = 0; guard < 3000; guard += 1) {
      const s = await until(page, (st) => (myTurn(st) || st.game?.finished) && st, { timeout: 60_000, what: 'my turn' });
      if (s.game.finished) break;
      if (!clockSeen) {
        // My seat's clock counts down from the table's turn time.
        const text = await page.locator('.seat.mine [data-clock] .clock-text').textContent({ timeout: 5000 });
        assert.match(text ?? '', /\d+/);
        clockSeen = true;
      }
      const done = (s.game.hands ?? []).length > 0 && s.game.hands.some((h) => Array.isArray(h.score) || h.void === true);
      if (!summarySeen && done && (await page.locator('.summary').count()) > 0) {
        await screenshot(page, `${game}-phone-summary`);
        summarySeen = true;
      }
      const tricks = game === 'baloot' ? s.game.view.hand?.tricks : s.game.view.tricks;
      const ended = (s.game.hands ?? []).some((h) => Array.isArray(h.score));
      if (!lastTrickSeen && ((Array.isArray(tricks) && tricks.length > 0) || ended)) {
        // The last trick, over the table: one card per seat, then closed again. Once a hand has
        // ended, there is always one (that hand's last, until the new hand has its own), however
        // short the hands are (a Bawan lost at the first trick).
        await page.click('button[data-key="last-trick"]');
        await page.waitForSelector('.last-trick-panel');
        assert.equal(await page.locator('.last-trick-panel .last-trick-cards figure').count(), 4);
        await screenshot(page, `${game}-phone-last-trick`);
        await page.click('button[data-key="last-trick"]');
        await page.waitForSelector('.last-trick-panel', { state: 'detached' });
        lastTrickSeen = true;
      }
      const before = s.game.version;
      await page.locator(choose(s).selector).first().click();
      actions += 1;
      await until(page, (st) => st.game.version > before || st.error, { what: 'the action to apply' });
      const after = await clientState(page);
      assert.equal(after.error, null, `no error after a legal action: ${JSON.stringify(after.error)}`);
    }
    const end = await until(page, (st) => st.game?.finished && st.table?.status === 'finished' && st, { what: 'the end of the match' });
    t.diagnostic(`${game}: ${end.game.hands.length} hands, ${actions} clicks, score ${JSON.stringify(end.game.score)}`);
    assert.ok(clockSeen, 'the turn clock was shown');
    assert.ok(lastTrickSeen, 'the last trick was shown');
    assert.ok(summarySeen || end.game.hands.length === 1, 'a hand summary was shown');
    // The engine decides the end (Kout: a first-hand Bawan, 51 to 0, or 101); the page shows it.
    assert.ok(end.game.winner === 0 || end.game.winner === 1, `a winning team: ${JSON.stringify(end.game.winner)}`);
    // The result, with the winner, the final score and the rematch.
    await page.waitForSelector('.result');
    assert.equal(await page.textContent('.result .winner'), end.game.winner === 0 ? 'You win!' : 'They win!');
    const final = await page.textContent('.result .final-score') ?? '';
    for (const n of end.game.score) assert.ok(final.includes(String(n)), `${final} shows ${n}`);
    await screenshot(page, `${game}-phone-result`);
    await page.click('button[data-key="rematch"]');
    const again = await until(page, (st) => st.table?.game_id && st.table.game_id !== gameId && st.table.status === 'playing' && st.game?.view && !st.game.finished && st, { what: 'the rematch' });
    assert.deepEqual(again.game.score, [0, 0]);
    assert.equal(again.you, 0);
    await page.waitForSelector('.result', { state: 'detached' });
    // The finished match's record, opened as a file on the replay page: the server replays it with
    // the engines, and the last step shows the match's final score (Baloot: with the last hand's
    // game points).
    const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), gameId);
    await page.evaluate(() => { window.location.hash = '#/replay'; });
    await page.setInputFiles('input[data-key="r-file"]', { name: `${game}.json`, mimeType: 'application/json', buffer: Buffer.from(record) });
    await page.waitForSelector('.screen.replay[data-step]');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('button[data-key="r-next"]')?.hasAttribute('disabled'));
    const score = await page.textContent('.replay-info .r-score') ?? '';
    assert.ok(score.includes(`${end.game.score[0]}–${end.game.score[1]}`), `the replay ends at the match score: ${score}`);
    if (game === 'baloot') {
      const last = end.game.hands[end.game.hands.length - 1];
      const points = await page.textContent('.replay-info .r-hand-score') ?? '';
      assert.ok(points.includes(`${last.score[0]}–${last.score[1]}`), `the last hand's game points: ${points} (${JSON.stringify(last.score)})`);
    }
    await screenshot(page, `${game}-phone-replay-file`);
    assert.deepEqual(b.errors, [], 'no errors in the page');
    // A file the engines refuse: the server's reason, on the page (the browser logs the refused
    // request itself, which is no error of the page).
    const bad = JSON.parse(record);
    bad.hands[0].actions = [[0, 'play nonsense']];
    await page.setInputFiles('input[data-key="r-file"]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const refusal = await page.waitForSelector('.replay-error');
    assert.match(await refusal.textContent() ?? '', /\S+: \S/, 'the kind and the reason');
    assert.deepEqual(b.errors.filter((e) => !/Failed to load resource/.test(e)), [], 'no errors in the page');
  } finally {
    await b.close();
    await server.stop();
  }
}

test('kout4: a whole match against bots on a phone, then a rematch', { timeout: 420_000 }, (t) => wholeMatch(t, 'kout4'));

test('baloot: a whole match against bots on a phone, then a rematch', { timeout: 420_000 }, (t) => wholeMatch(t, 'baloot'));
