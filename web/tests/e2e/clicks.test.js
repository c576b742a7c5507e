// A click is not lost to a redraw. The page is drawn anew at every frame from the server (a bot's
// move, a chat line), and every element with it; when that fell between a click's press and its
// release, the two landed on different elements and the browser made no click of them: the
// person's click did nothing. A redraw now waits for the release.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn } from './harness.js';

test('clicks: a redraw between the press and the release does not lose the click', { timeout: 60_000 }, async () => {
  const server = await startServer();
  const b = await openBrowser();
  const { page } = b;
  try {
    await signIn(page, server.base, 'Sara');
    assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
    // Each redraw makes the header anew, and one may fall between finding the button and
    // measuring it (the socket opening after sign-in, the home page's lists arriving): the
    // measure then finds no element. Wait for the socket, then measure a button that is drawn.
    await page.waitForFunction(() => /** @type {any} */ (window).majlis.state.conn.status === 'open');
    const button = page.locator('.lang-btn');
    let box = null;
    for (let tries = 0; !box && tries < 20; tries++) {
      await button.waitFor({ state: 'visible' });
      box = await button.boundingBox();
    }
    assert.ok(box, 'the language switch is on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // What a frame from the server does while the button is held: change the state (here, a
    // refusal to show), which asks for a redraw, and let the page run.
    await page.evaluate(() => new Promise((resolve) => {
      /** @type {any} */ (window).majlis.dispatch({ type: 'localError', code: 'busy', message: 'busy', now: Date.now() });
      setTimeout(resolve, 50);
    }));
    await page.mouse.up();
    // The click switched the language, and the change that came meanwhile is drawn.
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: 5000 });
    await page.waitForSelector('.toast.busy', { timeout: 5000 });
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});
