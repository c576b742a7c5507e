// Kout Bo 6 against bots: create the table, fill it, play whole hands by clicking (bids, the
// Hokm, cards, one by the keyboard; an illegal card is refused with the server's reason), reload
// mid-hand and go on, and come back after the network drops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState } from './harness.js';

const handsDone = (s) => (s.game?.hands ?? []).filter((h) => Array.isArray(h.score)).length;

test('kout6: a whole hand by clicking, a reload mid-hand, and the hand goes on', { timeout: 240_000 }, async () => {
  const server = await startServer();
  const b = await openBrowser();
  const { page } = b;
  try {
    await signIn(page, server.base, 'Sara');
    const code = await createTable(page, { game: 'kout6' });
    assert.match(code, /^[A-Z0-9]{4,12}$/);
    // Six seats around the lobby table, mine at the bottom.
    assert.equal(await page.locator('.lobby-seat').count(), 6);
    await screenshot(page, 'kout6-lobby-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'kout6-lobby-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
    await fillAndStart(page);

    let reloadedInHand = -1;
    let refused = null;
    let shots = 0;
    let keyed = false;
    for (let guard = 0; guard < 400; guard += 1) {
      const s = await until(page, (st) => (myTurn(st) || st.game?.finished) && st, { timeout: 60_000, what: 'my turn' });
      const done = handsDone(s);
      // Done: a whole hand played, and the hand in which the page was reloaded finished too.
      if (s.game.finished || (done >= 1 && reloadedInHand >= 0 && done > reloadedInHand)) break;
      const stage = s.game.view.stage;
      const before = s.game.version;
      if (stage === 'bidding') {
        const pass = page.locator('.bid-btn[data-action="pass"]');
        if (await pass.count()) await pass.click();
        else await page.locator('.bid-btn').first().click();
      } else if (stage === 'trump') {
        assert.equal(await page.locator('.suit-btn').count(), 4, 'four suits to choose the Hokm from');
        await page.locator('.suit-btn').first().click();
      } else if (stage === 'playing') {
        const illegal = page.locator('.hand .card-btn.illegal');
        if (refused === null && (await illegal.count()) > 0) {
          await illegal.first().click();
          const toast = page.locator('.toast.illegal');
          await toast.waitFor();
          refused = await toast.textContent();
          // The refusal came as data (code and parameters) and is said in the client's words.
          const why = (await clientState(page)).error;
          assert.equal(typeof why?.reason?.code, 'string', `a refusal code: ${JSON.stringify(why)}`);
          assert.doesNotMatch(refused, new RegExp(why.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'translated, not the English message');
          await page.click('.toast button');
        }
        if (shots === 0) {
          await screenshot(page, 'kout6-desktop');
          await page.setViewportSize({ width: 390, height: 844 });
          await screenshot(page, 'kout6-phone');
          await page.setViewportSize({ width: 1280, height: 860 });
          shots += 1;
        }
        const legal = page.locator('.hand .card-btn.legal');
        assert.ok((await legal.count()) > 0, 'a legal card is lit');
        // One card by the keyboard: its place in the hand, 1 to 9.
        const nth = keyed ? -1 : await page.$$eval('.hand .card-btn', (els) => els.findIndex((e) => e.classList.contains('legal')));
        if (nth >= 0 && nth < 9) {
          const card = await page.locator('.hand .card-btn').nth(nth).getAttribute('data-card');
          await page.keyboard.press(String(nth + 1));
          const played = await until(page, (st) => (st.game.version > before || st.error) && st, { what: 'the card played by key' });
          assert.equal(played.error, null);
          assert.ok(played.game.log.some((e) => e.version > before && e.seat === 0 && e.action === `play ${card}`), `the key played ${card}`);
          keyed = true;
        } else {
          await legal.first().click();
        }
        if (reloadedInHand < 0 && (s.game.view.hand?.length ?? 0) <= 7) {
          // Mid-hand: reload, and come back to the same seat and cards.
          const seen = await until(page, (st) => st.game.version > before && st);
          await page.reload();
          await page.waitForSelector('.screen.match');
          const back = await until(page, (st) => st.game && st.game.version >= seen.game.version && st, { what: 'the resync after reload' });
          assert.equal(back.you, 0);
          assert.equal(back.table.code, code);
          assert.equal(back.game.view.seat, 0);
          assert.ok(back.game.view.hand.length <= seen.game.view.hand.length);
          reloadedInHand = handsDone(back);
          continue;
        }
      } else {
        throw new Error(`unexpected stage ${stage}`);
      }
      await until(page, (st) => st.game.version > before || st.error, { what: 'the action to be applied' });
      const after = await clientState(page);
      assert.equal(after.error, null, `no error after a legal action: ${JSON.stringify(after.error)}`);
    }
    const end = await clientState(page);
    assert.ok(handsDone(end) >= 1, 'at least one hand finished');
    assert.ok(reloadedInHand >= 0, 'the page was reloaded mid-hand');
    assert.ok(keyed, 'a card was played by the keyboard');
    assert.ok(refused === null || /Not allowed: .+/.test(refused), `illegal card refused with the reason: ${refused}`);
    // The network drops and the server cannot be reached for a while: the page says it is
    // reconnecting and keeps trying; once the server answers again, it is back at its seat.
    let reachable = false;
    await page.routeWebSocket(/\/ws/, (ws) => {
      if (reachable) ws.connectToServer();
      else ws.close({ code: 1006, reason: 'unreachable' }).catch(() => {});
    });
    const seen = await clientState(page);
    await page.evaluate(() => /** @type {any} */ (window).majlis.conn.socket.close());
    await page.waitForSelector('.conn-banner.reconnecting', { timeout: 10_000 });
    await until(page, (st) => st.conn.status === 'reconnecting' && st.conn.attempt >= 2, { what: 'a second try' });
    await screenshot(page, 'kout6-reconnecting');
    reachable = true;
    // "Retry now", unless the next scheduled try gets through first.
    await page.click('.conn-banner button', { timeout: 3000 }).catch(() => {});
    await page.waitForSelector('.conn-banner', { state: 'detached', timeout: 20_000 });
    const back = await until(page, (st) => st.conn.status === 'open' && st.game && st.game.version >= seen.game.version && st, { what: 'the resync after the drop' });
    assert.equal(back.you, 0);
    assert.equal(back.table.code, code);

    // The hands list has the scores (beside a wide table it always shows: no button to open it).
    if (await page.locator('button[data-key="panel"]').isVisible()) await page.click('button[data-key="panel"]');
    await page.waitForSelector('.hands-table tbody tr');
    assert.ok(await page.locator('.hands-table tbody tr').count() >= 1);
    assert.deepEqual(b.errors, [], 'no errors in the page');
  } finally {
    await b.close();
    await server.stop();
  }
});
