// Kabul against bots: the set-up peek shown and hidden again, a power peek, a snap, the call of
// Kabul, the end of the match, a rematch when the deal gave no peek, and the replay stepped
// forwards and backwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState, clickWhileThere } from './harness.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PEEKS = { 9: 'own', 8: 'own', 7: 'other', 6: 'other' };

test('kabul: a peek and a snap, Kabul called, the match replayed', { timeout: 240_000 }, async (t) => {
  const server = await startServer();
  const b = await openBrowser();
  const { page } = b;
  try {
    await signIn(page, server.base, 'Sara');
    await createTable(page, {
      game: 'kabul',
      setup: async (p) => {
        await p.selectOption('select[data-key="players"]', '3');
        await p.selectOption('select[data-key="snap"]', '5000');
        // One round: the test plays a whole match and its rematch.
        await p.selectOption('select[data-key="target"]', '');
      },
    });
    assert.equal(await page.locator('.lobby-seat').count(), 3);
    await fillAndStart(page);

    // The set-up: my two bottom cards are shown for a few seconds, then turned down.
    await page.waitForSelector('.seat.mine .slot.up');
    assert.deepEqual(await page.$$eval('.seat.mine .slot.up', (els) => els.map((e) => e.getAttribute('data-pos')).sort()), ['0:2', '0:3']);
    await screenshot(page, 'kabul-desktop-setup');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'kabul-phone-setup');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.waitForFunction(() => document.querySelectorAll('.seat.mine .slot.up').length === 0, null, { timeout: 8000 });

    // The deal decides whether a peek card comes my way before someone calls Kabul: play matches
    // (a rematch each time) until I have peeked and snapped, then call Kabul myself.
    let peeked = null;
    let snapped = null;
    let called = false;
    let matches = 1;
    for (let guard = 0; guard < 600; guard += 1) {
      const s = await until(page, (st) => (myTurn(st) || st.game?.finished) && st, { timeout: 60_000, what: 'my turn' });
      if (s.game.finished) {
        if (peeked && snapped) break;
        assert.ok(matches < 6, 'a peek and a snap within six matches');
        const gameId = s.table.game_id;
        await page.waitForSelector('.result');
        await page.click('button[data-key="rematch"]');
        await until(page, (st) => st.table?.game_id !== gameId && st.table?.status === 'playing' && st.game && !st.game.finished && st, { what: 'the rematch' });
        matches += 1;
        called = false;
        continue;
      }
      const step = s.game.view.step.step;
      const legal = s.game.legal;
      const before = s.game.version;
      if (step === 'awaiting_draw') {
        if (peeked && snapped && legal.includes('kabul')) {
          await page.click('[data-action="kabul"]');
          called = true;
        } else {
          await page.click('[data-action="draw deck"]');
        }
      } else if (step === 'drawn_card') {
        const card = s.game.view.drawn?.card ?? '';
        const kind = PEEKS[card[0]];
        if (!peeked && kind && legal.includes('discard power')) {
          await page.click('[data-action="discard power"]');
        } else if (legal.includes('discard')) {
          await page.click('[data-action="discard"]');
        } else {
          await page.locator('.seat.mine button.slot').first().click();
        }
      } else if (step === 'power_target') {
        const power = s.game.view.step.power;
        if (power === 'peek_own' || power === 'peek_other') {
          const target = page.locator(power === 'peek_own' ? '.seat.mine button.slot.down' : '.seat:not(.mine) button.slot.down').first();
          const pos = await target.getAttribute('data-pos');
          await target.click();
          // The looked-at card is face up for a few seconds, then down again.
          await page.waitForSelector(`.slot.up[data-pos="${pos}"]`, { timeout: 5000 });
          await screenshot(page, 'kabul-desktop-peek');
          await page.waitForSelector(`.slot.down[data-pos="${pos}"]`, { timeout: 8000 });
          peeked = pos;
          continue;
        }
        // A switch: pick two places.
        const places = page.locator('button.slot.clickable');
        await places.nth(0).click();
        await places.nth(1).click();
      } else if (step === 'snap_window') {
        // The server's clock closes the window, maybe before a click lands: then go on.
        if (!snapped && legal.some((a) => a.startsWith('snap '))) {
          if (!(await clickWhileThere(page, '.snap-btn:not(.on)', before))) continue;
          const pos = await page.locator('.seat.mine button.slot.clickable').first().getAttribute('data-pos', { timeout: 2000 }).catch(() => null);
          if (pos === null || !(await clickWhileThere(page, `.seat.mine button.slot.clickable[data-pos="${pos}"]`, before))) continue;
          await until(page, (st) => st.game.version > before || st.error, { what: 'the snap' });
          const after = await clientState(page);
          assert.equal(after.error, null);
          const entry = after.game.log.find((e) => e.version > before && e.seat === 0);
          if (!entry) continue; // the window closed first: the click came too late
          assert.match(entry.action, /^snap \d+$/);
          assert.equal(`0:${entry.action.split(' ')[1]}`, pos);
          await page.waitForSelector('.events li', { timeout: 3000 });
          snapped = pos;
          continue;
        }
        await clickWhileThere(page, '[data-action="pass"]', before);
        continue;
      } else {
        throw new Error(`unexpected step ${step}`);
      }
      await until(page, (st) => st.game.version > before || st.error, { what: 'the action to apply' });
      const after = await clientState(page);
      assert.equal(after.error, null, JSON.stringify(after.error));
    }
    t.diagnostic(`matches played: ${matches}`);
    assert.ok(peeked, 'a card was peeked');
    assert.ok(snapped, 'a card was snapped');
    const end = await until(page, (st) => st.game.finished && st, { timeout: 60_000, what: 'the end of the match' });
    assert.ok(Array.isArray(end.game.winner) && end.game.winner.length >= 1);
    const round = end.game.hands[end.game.hands.length - 1];
    assert.ok(['kabul', 'no_cards'].includes(round.end), `the round ended: ${round.end}`);
    if (called) assert.equal(end.game.view.caller, 0, 'my call of Kabul ended the round');
    // The result, every card up, and the replay.
    await page.waitForSelector('.result');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'kabul-phone-result');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.click('.result a[href^="#/replay/"]');
    await page.waitForSelector('.screen.replay');
    const step = () => page.getAttribute('.screen.replay', 'data-step');
    assert.equal(await step(), '0');
    assert.equal(await page.locator('.replay .seat .slot.up').count(), 12, 'three grids of four, face up');
    await page.click('button[data-key="r-next"]');
    await page.click('button[data-key="r-next"]');
    assert.equal(await step(), '2');
    await page.click('button[data-key="r-prev"]');
    assert.equal(await step(), '1');
    await page.keyboard.press('End');
    const last = Number(await step());
    assert.ok(last > 5, `the round has many moves (${last})`);
    await screenshot(page, 'kabul-replay');
    await page.keyboard.press('ArrowLeft');
    assert.equal(Number(await step()), last - 1);
    await page.keyboard.press('Home');
    assert.equal(await step(), '0');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});
