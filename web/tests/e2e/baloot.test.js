// Two people at one Baloot table, each in a browser of their own: one creates the table, the other
// joins by the invite link; bots take the other seats; both bid and play by clicking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, until, myTurn, screenshot, clientState } from './harness.js';

const handsDone = (s) => (s.game?.hands ?? []).filter((h) => Array.isArray(h.score) || h.void === true).length;

/**
 * Takes one action for a page if it is its turn: a bid that ends the bidding when one is open
 * (Hokum, else Sun), else the first legal card.
 * @returns {Promise<boolean>} whether it acted
 */
async function actIfMyTurn(page) {
  const s = await clientState(page);
  if (!myTurn(s)) return false;
  const before = s.game.version;
  if (s.game.view.phase === 'bidding') {
    const pick = s.game.legal.find((a) => a.startsWith('hokum')) ?? s.game.legal.find((a) => a === 'sun') ?? 'pass';
    await page.locator(`.bid-btn[data-action="${pick}"]`).click();
  } else {
    await page.locator('.hand .card-btn.legal').first().click();
  }
  await until(page, (st) => st.game.version > before || st.error, { what: 'the action to apply' });
  const after = await clientState(page);
  assert.equal(after.error, null, `no error: ${JSON.stringify(after.error)}`);
  return true;
}

test('baloot: two people in two browsers at one table', { timeout: 240_000 }, async () => {
  const server = await startServer();
  const a = await openBrowser();
  const b = await openBrowser({ width: 390, height: 844 });
  try {
    await signIn(a.page, server.base, 'Sara');
    const code = await createTable(a.page, { game: 'baloot', setup: (p) => p.selectOption('select[data-key="preset"]', 'saudi') });
    const link = await a.page.inputValue('#invite-link');
    assert.ok(link.endsWith(`#/t/${code}`), link);

    // The friend opens the link first, then chooses a name: the name goes in as text, never markup.
    const evil = '<b>Noura</b>';
    await b.page.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
    await b.page.fill('input[data-key="name"]', evil);
    await b.page.click('form button[type="submit"]');
    await b.page.waitForSelector('.screen.lobby');
    const bs = await until(b.page, (st) => st.you !== null && st);
    assert.equal(bs.you, 2, "the friend takes the host's partner's seat");

    // The host sees the friend arrive, by name, as text.
    await a.page.waitForSelector('.lobby-seat[data-seat="2"].human');
    assert.equal(await a.page.textContent('.lobby-seat[data-seat="2"] .seat-name'), evil);
    assert.equal(await a.page.locator('.lobby-seat b').count(), 0, 'no element made from the name');
    assert.deepEqual(await a.page.textContent('.lobby-seat[data-seat="2"] .seat-team'), 'Us');

    await a.page.click('button[data-key="fill"]');
    await a.page.waitForSelector('button[data-key="start"]:not([disabled])');
    await a.page.click('button[data-key="start"]');
    await a.page.waitForSelector('.screen.match');
    await b.page.waitForSelector('.screen.match');

    // Each sees only their own cards.
    const hands = await Promise.all([a, b].map((x) => until(x.page, (st) => st.game?.view?.hand?.cards && st)));
    const mine = hands.map((st) => st.game.view.hand.cards);
    assert.equal(mine[0].filter((c) => mine[1].includes(c)).length, 0);
    const onA = await a.page.$$eval('.hand .card-btn', (els) => els.map((e) => e.getAttribute('data-card')));
    assert.equal(onA.filter((c) => mine[1].includes(c)).length, 0, "the host's page shows none of the friend's cards");

    let shot = false;
    for (let guard = 0; guard < 600; guard += 1) {
      const [sa, sb] = await Promise.all([clientState(a.page), clientState(b.page)]);
      if (handsDone(sa) >= 1 && handsDone(sb) >= 1) break;
      const acted = (await actIfMyTurn(a.page)) || (await actIfMyTurn(b.page));
      if (!shot && sa.game?.view?.phase === 'playing' && (sa.game.view.hand?.trick?.plays?.length ?? 0) > 0) {
        await screenshot(a.page, 'baloot-host-desktop');
        await screenshot(b.page, 'baloot-friend-phone');
        shot = true;
      }
      if (!acted) await new Promise((r) => setTimeout(r, 100));
    }
    const [ea, eb] = await Promise.all([clientState(a.page), clientState(b.page)]);
    assert.ok(handsDone(ea) >= 1, 'the first hand finished for the host');
    assert.deepEqual(ea.game.hands[0], eb.game.hands[0], 'both saw the same hand result');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await a.close();
    await b.close();
    await server.stop();
  }
});
