// Table chat in three browsers at one table: Sara hosts on an English laptop (1366×768), Noura
// plays beside her on an Arabic phone (390×844), and a spectator watches on an English laptop. A
// typed message and a quick phrase reach the others (the phrase in each one's language), a message
// that looks like HTML shows as text, a muted player's next line does not show for the one who
// muted them but does for the others, and the spectator's message never reaches the players. The
// open chat box covers neither the hand nor the controls to act, on the phone or the laptop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, until, screenshot } from './harness.js';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The words of every chat line shown on a page, in order. */
function shownLines(page) {
  return page.locator('.chat-lines .chat-line .chat-words').allTextContents();
}

/** Waits until a page shows a chat line with exactly these words. */
async function waitLine(page, words, what) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if ((await shownLines(page)).includes(words)) return;
    if (Date.now() > deadline) throw new Error(`${what}: no chat line ${JSON.stringify(words)}; shown: ${JSON.stringify(await shownLines(page))}`);
    await page.waitForTimeout(100);
  }
}

/** Types a message in the open chat box and sends it with Enter. */
async function say(page, text) {
  await page.fill('input[data-key="chat-input"]', text);
  await page.press('input[data-key="chat-input"]', 'Enter');
}

/** The player id of a page's person. */
function myId(page) {
  return page.evaluate(() => /** @type {any} */ (window).majlis.state.me.id);
}

/**
 * Boxes of the open chat box and of what one acts with, measured on the unscrolled page.
 */
function boxes() {
  window.scrollTo(0, 0);
  const box = (/** @type {Element} */ e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const panel = document.querySelector('.match-body > .chat-panel');
  // One's own: the cards in hand, the buttons to act, one's seat and its clock (the chat may lie
  // over the far side of the felt on a phone).
  const controls = [...document.querySelectorAll('.hand .card-btn, .actions button, .seat.mine, .seat.mine .clock, .turn-ring, button.slot.clickable')]
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => ({ what: `${e.className} ${e.getAttribute('data-card') ?? e.getAttribute('data-action') ?? ''}`, ...box(e) }));
  return { panel: panel ? box(panel) : null, controls, vw: document.documentElement.clientWidth, vh: window.innerHeight };
}

const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** Checks that the open chat box lies inside the viewport and over none of the controls. */
async function clearOfControls(page, what) {
  const m = await page.evaluate(boxes);
  assert.ok(m.panel, `${what}: the chat box is open`);
  assert.ok(m.controls.length > 0, `${what}: there are cards or controls to check`);
  assert.ok(m.panel.left >= -1 && m.panel.top >= -1 && m.panel.right <= m.vw + 1 && m.panel.bottom <= m.vh + 1, `${what}: the chat box is on screen ${JSON.stringify(m.panel)}`);
  const covered = m.controls.filter((c) => overlap(c, m.panel)).map((c) => c.what);
  assert.deepEqual(covered, [], `${what}: the chat box covers nothing one acts with`);
}

test('chat: messages, phrases in each language, text never HTML, mute, the spectators\' own channel', { timeout: 180_000 }, async () => {
  // Noura says four lines within a few seconds, more than a socket's burst of three with one more
  // every 2 s: on a fast machine her fourth would be refused (the refusal has a test of its own,
  // below). This table's sockets get a burst that covers what the test says.
  const server = await startServer({ botDelayMs: 400, args: ['--chat-burst', '10'] });
  const sara = await openBrowser(LAPTOP);
  const noura = await openBrowser(PHONE);
  const watcher = await openBrowser(LAPTOP);
  try {
    // Sara hosts; "Spectators may chat" is ticked unless she unticks it.
    await signIn(sara.page, server.base, 'Sara');
    assert.equal(await sara.page.isChecked('input[data-key="spectator-chat"]'), true);
    const code = await createTable(sara.page, { game: 'kout4' });
    // In the lobby the chat is part of the page; what is said there is history to who comes later.
    await sara.page.click('button[data-key="chat-toggle"]');
    await sara.page.click('button[data-key="phrase-hello"]');
    await waitLine(sara.page, 'Hello everyone!', 'Sara in the lobby');
    await sara.page.evaluate(() => document.querySelector('#chat-panel')?.scrollIntoView({ block: 'nearest' }));
    await screenshot(sara.page, 'chat-lobby-en');
    // Noura, in Arabic on her phone, follows the invite link and sits beside Sara.
    await signIn(noura.page, server.base, 'نورة');
    await noura.page.click('.lang-btn');
    await noura.page.goto(`${server.base}/#/t/${code}`);
    await until(noura.page, (s) => s.you !== null && s.table?.code === code, { what: 'Noura seated' });
    await sara.page.click('button[data-key="fill"]');
    await sara.page.waitForSelector('button[data-key="start"]:not([disabled])');
    await sara.page.click('button[data-key="start"]');
    await until(noura.page, (s) => s.game?.view && s.table?.status === 'playing', { what: 'the deal on the phone' });
    // The spectator comes once every seat is taken: the link makes them watch.
    await signIn(watcher.page, server.base, 'Watcher');
    await watcher.page.goto(`${server.base}/#/t/${code}`);
    await until(watcher.page, (s) => s.table?.code === code && s.you === null && s.game, { what: 'the spectator watching' });
    await sara.page.waitForSelector('.screen.match');
    await noura.page.waitForSelector('.screen.match');

    // The lobby's words came to Noura with the table, as history: nothing unread.
    assert.equal(await noura.page.locator('[data-key="chat-unread"]').count(), 0);
    // Sara (her chat still open) writes; Noura sees the unread count on her closed chat, then the
    // line.
    await say(sara.page, 'Salam, good luck all');
    await noura.page.waitForSelector('[data-key="chat-unread"]');
    assert.equal(await noura.page.textContent('[data-key="chat-unread"]'), '1');
    await noura.page.click('button[data-key="chat-toggle"]');
    await waitLine(noura.page, 'Salam, good luck all', 'Noura');
    assert.equal((await shownLines(noura.page))[0], 'السلام عليكم!', 'the lobby\'s phrase, in Arabic, first');
    assert.equal(await noura.page.locator('[data-key="chat-unread"]').count(), 0, 'opened: nothing unread');
    await watcher.page.click('button[data-key="chat-toggle"]');
    await waitLine(watcher.page, 'Salam, good luck all', 'the spectator');

    // Noura's quick phrase: each reader sees it in their own language.
    await noura.page.click('button[data-key="phrase-well_played"]');
    await waitLine(noura.page, 'أحسنت!', 'Noura, in Arabic');
    await waitLine(sara.page, 'Well played!', 'Sara, in English');
    await waitLine(watcher.page, 'Well played!', 'the spectator, in English');

    // A message that looks like HTML is shown as the text it is.
    const html = '<b>bold</b><img src=x onerror="window.pwned=1">';
    await say(sara.page, html);
    await waitLine(noura.page, html, 'Noura');
    await waitLine(watcher.page, html, 'the spectator');
    for (const page of [sara.page, noura.page, watcher.page]) {
      assert.equal(await page.locator('.chat-lines b, .chat-lines img').count(), 0, 'no element made from the text');
      assert.equal(await page.evaluate(() => /** @type {any} */ (window).pwned), undefined, 'nothing ran');
    }
    await clearOfControls(noura.page, 'phone, Arabic');
    await screenshot(noura.page, 'chat-phone-ar');
    await clearOfControls(sara.page, 'laptop, English');
    await screenshot(sara.page, 'chat-laptop-en');

    // Sara mutes Noura: Noura's next line does not show for Sara, but does for the spectator.
    const nouraId = await myId(noura.page);
    await sara.page.locator(`.chat-line[data-from="${nouraId}"] .chat-mute`).first().click();
    await sara.page.waitForSelector(`[data-key="unmute-${nouraId}"]`);
    assert.equal(await sara.page.locator(`.chat-line[data-from="${nouraId}"]`).count(), 0, 'her earlier lines are hidden too');
    await say(noura.page, 'can you hear me?');
    await waitLine(watcher.page, 'can you hear me?', 'the spectator');
    await say(sara.page, 'still here');
    await waitLine(sara.page, 'still here', 'Sara');
    assert.ok(!(await shownLines(sara.page)).includes('can you hear me?'), 'the muted line is not shown to Sara');
    assert.equal(await sara.page.locator('[data-key="chat-unread"]').count(), 0);
    assert.match(await sara.page.evaluate(() => localStorage.getItem('majlis.muted') ?? ''), new RegExp(nouraId), 'remembered in this browser');
    await screenshot(sara.page, 'chat-muted');
    // Closed, the muted line is not counted as unread either.
    await sara.page.click('button[data-key="chat-close"]');
    await say(noura.page, 'hello again');
    await waitLine(watcher.page, 'hello again', 'the spectator');
    // The line has come to Sara's page (kept, not shown), and drawn: still nothing unread.
    await sara.page.waitForFunction(() => /** @type {any} */ (window).majlis.state.chat.lines.some((/** @type {any} */ l) => l.text === 'hello again'));
    await sara.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    assert.equal(await sara.page.locator('[data-key="chat-unread"]').count(), 0, 'a muted line is not unread');
    await sara.page.click('button[data-key="chat-toggle"]');
    await sara.page.click(`[data-key="unmute-${nouraId}"]`);
    await waitLine(sara.page, 'can you hear me?', 'Sara after unmuting');

    // The spectator's channel: labelled for them, never shown to the players.
    assert.match(await watcher.page.textContent('.chat-note') ?? '', /spectators/);
    await say(watcher.page, 'go Sara go');
    await waitLine(watcher.page, 'go Sara go', 'the spectator');
    assert.equal(await watcher.page.locator('.chat-line.spectators .chat-tag').count(), 1);
    // Anything said after it reaches the players after it: by then the spectator's line would have.
    await noura.page.click('button[data-key="phrase-thanks"]');
    await waitLine(sara.page, 'Thanks!', 'Sara');
    await waitLine(noura.page, 'شكراً!', 'Noura');
    for (const page of [sara.page, noura.page]) {
      assert.ok(!(await shownLines(page)).includes('go Sara go'), 'a player never sees the spectators\' channel');
    }
    await screenshot(watcher.page, 'chat-spectator');
    assert.deepEqual([...sara.errors, ...noura.errors, ...watcher.errors], [], 'no errors in the pages');
  } finally {
    await Promise.all([sara.close(), noura.close(), watcher.close()]);
    await server.stop();
  }
});

test('chat: where the host unticked "Spectators may chat", a spectator reads the players and cannot write', { timeout: 120_000 }, async () => {
  const server = await startServer({ botDelayMs: 400 });
  const host = await openBrowser(PHONE);
  const watcher = await openBrowser(PHONE);
  try {
    await signIn(host.page, server.base, 'Sara');
    await host.page.click('.lang-btn');
    const code = await createTable(host.page, { game: 'kout4', setup: (p) => p.uncheck('input[data-key="spectator-chat"]') });
    const state = await until(host.page, (s) => s.table?.code === code && s.table);
    assert.equal(state.spectator_chat, false, 'the table frame shows the host\'s choice');
    assert.match(await host.page.textContent('.lobby-head') ?? '', /بلا دردشة للمتفرجين/);
    await host.page.click('button[data-key="fill"]');
    await host.page.waitForSelector('button[data-key="start"]:not([disabled])');
    await host.page.click('button[data-key="start"]');
    await signIn(watcher.page, server.base, 'Watcher');
    await watcher.page.goto(`${server.base}/#/t/${code}`);
    await until(watcher.page, (s) => s.table?.code === code && s.you === null && s.game, { what: 'the spectator watching' });
    await host.page.waitForSelector('.screen.match');
    await host.page.click('button[data-key="chat-toggle"]');
    await host.page.click('button[data-key="phrase-good_luck"]');
    await watcher.page.click('button[data-key="chat-toggle"]');
    await waitLine(watcher.page, 'Good luck!', 'the spectator reads the players');
    assert.match(await watcher.page.textContent('.chat-note') ?? '', /turned the spectators' chat off/);
    assert.equal(await watcher.page.locator('input[data-key="chat-input"], .chat-phrase').count(), 0, 'nothing to write with');
    await screenshot(watcher.page, 'chat-spectators-off-phone');
    assert.deepEqual([...host.errors, ...watcher.errors], []);
  } finally {
    await Promise.all([host.close(), watcher.close()]);
    await server.stop();
  }
});

test('chat: a line past the rate is not said, and the page says so beside it; typed words come back to the field', { timeout: 120_000 }, async () => {
  // A burst of two that never refills while the test runs: the third line is refused, whatever
  // the machine's speed.
  const server = await startServer({ args: ['--chat-burst', '2', '--chat-every-ms', '3600000'] });
  const sara = await openBrowser(PHONE);
  const noura = await openBrowser(LAPTOP);
  try {
    await signIn(sara.page, server.base, 'Sara');
    const code = await createTable(sara.page, { game: 'kout4' });
    await signIn(noura.page, server.base, 'Noura');
    await noura.page.goto(`${server.base}/#/t/${code}`);
    await until(noura.page, (s) => s.you !== null && s.table?.code === code, { what: 'Noura seated' });
    await sara.page.click('button[data-key="chat-toggle"]');
    await noura.page.click('button[data-key="chat-toggle"]');
    await say(sara.page, 'one');
    await waitLine(noura.page, 'one', 'Noura');
    await say(sara.page, 'two');
    await waitLine(noura.page, 'two', 'Noura');
    assert.equal(await sara.page.locator('[data-key="chat-refused"]').count(), 0, 'nothing refused yet');
    // The third: refused by the server, so not said; Sara's page shows it as not sent, why, and
    // gives the words back to send again.
    await say(sara.page, 'three, too fast');
    const note = sara.page.locator('[data-key="chat-refused"]');
    await note.waitFor();
    assert.match(await note.textContent() ?? '', /^Not sent: three, too fast\. Too many chat messages/);
    assert.equal(await sara.page.inputValue('input[data-key="chat-input"]'), 'three, too fast', 'the words are back in the field');
    assert.ok(!(await shownLines(sara.page)).includes('three, too fast'), 'not shown as said');
    assert.equal(await sara.page.locator('.toast').count(), 0, 'said in the chat box, not in a toast over the table');
    await sara.page.evaluate(() => document.querySelector('#chat-panel')?.scrollIntoView({ block: 'nearest' }));
    await screenshot(sara.page, 'chat-refused-phone');
    // A quick phrase refused: said in the reader's words.
    await sara.page.fill('input[data-key="chat-input"]', '');
    await sara.page.click('button[data-key="phrase-thanks"]');
    await sara.page.waitForFunction(() => document.querySelector('[data-key="chat-refused"]')?.textContent?.startsWith('Not sent: Thanks!'));
    assert.equal(await sara.page.inputValue('input[data-key="chat-input"]'), '', 'a phrase puts nothing in the field');
    // Noura's own burst is her own: her line is said.
    await say(noura.page, 'I can still write');
    await waitLine(sara.page, 'I can still write', 'Sara');
    assert.ok(!(await shownLines(noura.page)).some((l) => l.startsWith('three')), 'Noura never got the refused line');
    assert.deepEqual([...sara.errors, ...noura.errors], [], 'no errors in the pages');
  } finally {
    await Promise.all([sara.close(), noura.close()]);
    await server.stop();
  }
});
