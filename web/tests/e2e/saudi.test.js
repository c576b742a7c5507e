// One person and three bots at a `saudi_full` Baloot table: the person doubles when the raise is
// offered (the stake shows at the table) and claims Sawa at a lead (the hand ends by the claim),
// all by clicking the calls' buttons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState } from './harness.js';

test('baloot saudi_full: a double and a Sawa from the browser', { timeout: 300_000 }, async () => {
  const server = await startServer({ botDelayMs: 20 });
  const a = await openBrowser();
  try {
    await signIn(a.page, server.base, 'Sara');
    await createTable(a.page, { game: 'baloot', setup: (p) => p.selectOption('select[data-key="preset"]', 'saudi_full') });
    assert.match(await a.page.textContent('.lobby-head'), /every call/);
    await fillAndStart(a.page);
    let doubled = false;
    let claimed = false;
    // The hand the person doubled in: the claim is made in that hand, so its stake shows.
    let doubledIn = -1;
    for (let guard = 0; guard < 3000 && !(doubled && claimed); guard += 1) {
      const s = await clientState(a.page);
      if (s.game?.finished && s.table?.status !== 'playing') {
        // The match ended first (a Gahwa ends it at once): play on in a rematch.
        await a.page.waitForSelector('button[data-key="rematch"]');
        await a.page.click('button[data-key="rematch"]');
        await until(a.page, (st) => st.game && !st.game.finished && st.game.view?.hand && st, { what: 'the rematch', timeout: 60_000 });
        doubled = false;
        doubledIn = -1;
        continue;
      }
      if (s.game?.finished) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      if (!myTurn(s)) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const legal = s.game.legal;
      const phase = s.game.view.phase;
      const before = s.game.version;
      let pick;
      const hand = s.game.view.hand?.number ?? -1;
      if (phase === 'doubling') pick = legal.find((x) => x.startsWith('double')) ?? 'pass';
      else if (phase === 'playing' && hand === doubledIn && legal.includes('sawa')) pick = 'sawa';
      else if (phase === 'bidding') pick = legal.includes('pass') ? 'pass' : legal[0];
      if (pick) await a.page.locator(`.bid-btn[data-action="${pick}"]`).click();
      else await a.page.locator('.hand .card-btn.legal').first().click();
      const after = await until(a.page, (st) => (st.game.version > before || st.error) && st, { what: `${pick ?? 'a card'} to apply` });
      assert.equal(after.error, null, `no error: ${JSON.stringify(after.error)}`);
      if (pick?.startsWith('double')) {
        doubled = true;
        doubledIn = hand;
        // The bidder's team may raise again at once (×3), before this state is read.
        const m = after.game.view.hand.multiplier;
        assert.ok(m === 2 || m === 3 || m === 4 || m === 'gahwa', `the stake after a double: ${m}`);
        await a.page.waitForSelector('.chip.stake');
        assert.match(await a.page.textContent('.chip.stake'), /×[234]|Gahwa/);
        await screenshot(a.page, 'baloot-saudi-doubled');
      }
      if (pick === 'sawa') {
        claimed = true;
        // This hand's entry: an earlier hand may have ended by a bot's Sawa.
        const ended = await until(a.page, (st) => (st.game.hands ?? [])[hand]?.ended_by === 'sawa' && st.game.hands[hand], { what: 'the hand to end by the claim' });
        assert.ok(ended.multiplier === 2 || ended.multiplier === 3 || ended.multiplier === 4 || ended.multiplier === 'gahwa', JSON.stringify(ended));
        await screenshot(a.page, 'baloot-saudi-sawa');
      }
    }
    assert.ok(doubled, 'the person was offered a double and took it');
    assert.ok(claimed, 'the person claimed Sawa');
    assert.deepEqual(a.errors, []);
  } finally {
    await a.close();
    await server.stop();
  }
});
