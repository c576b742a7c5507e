// Replays that fit and read (issue 20, item 6), on a 1366×768 laptop and a 390×844 phone, in
// English and Arabic: the step buttons and the timeline stay in view however the page is
// scrolled, the table does not move while stepping, the followed seat sits at the bottom with its
// cards large and the others' compact (a "follow" choice moves it), the arrow keys step (mirrored
// in Arabic), and the fair-deal line speaks in words with the check behind "details".
// A Baloot record file from tests/records and a Kabul match played here against a bot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState, replayFaults } from './harness.js';
import { translate } from '../../js/i18n.js';

const RECORD = fs.readFileSync(path.join(REPO, 'tests/records/baloot/saudi_full_match.json'));

const RUNS = [
  { name: 'desktop-en', width: 1366, height: 768, lang: 'en' },
  { name: 'phone-ar', width: 390, height: 844, lang: 'ar' },
  { name: 'phone-en', width: 390, height: 844, lang: 'en' },
  { name: 'desktop-ar', width: 1366, height: 768, lang: 'ar' },
];

/** @type {{base: string, stop: () => Promise<void>} | null} */
let server = null;
/** @type {string | null} */
let kabulGame = null;

/**
 * A finished Kabul match of two, me against a bot: I call Kabul as soon as I may (else draw and
 * throw the card away), and the round, which is the whole match, ends a turn later.
 * @param {string} base
 */
async function playKabul(base) {
  const b = await openBrowser();
  const { page } = b;
  try {
    await signIn(page, base, 'Sara');
    await createTable(page, {
      game: 'kabul',
      setup: async (p) => {
        await p.selectOption('select[data-key="players"]', '2');
        await p.selectOption('select[data-key="target"]', '');
      },
    });
    await fillAndStart(page);
    for (let guard = 0; guard < 200; guard += 1) {
      const st = await until(page, (s) => (myTurn(s) || s.game?.finished) && s, { timeout: 60_000, what: 'my turn or the end' });
      if (st.game.finished) return String(st.table.game_id);
      const legal = st.game.legal;
      const step = st.game.view.step?.step;
      let sel = '.actions button';
      if (legal.includes('kabul')) sel = '[data-action="kabul"]';
      else if (step === 'awaiting_draw') sel = '[data-action="draw deck"]';
      else if (legal.includes('discard')) sel = '[data-action="discard"]';
      else if (legal.includes('pass')) sel = '[data-action="pass"]';
      else if (await page.locator('button.slot.clickable').count()) sel = 'button.slot.clickable';
      await page.locator(sel).first().click({ timeout: 3000 }).catch(() => {});
      await until(page, (s) => s.game.version > st.game.version || !myTurn(s), { timeout: 10_000, what: 'my action applied' }).catch(() => {});
    }
    throw new Error('the Kabul match did not end');
  } finally {
    await b.close();
  }
}

/** Boxes, in the viewport, of what the checks look at. */
function boxes() {
  const box = (/** @type {Element | null} */ e) => {
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
  };
  const felt = box(document.querySelector('.replay-felt'));
  return {
    bar: box(document.querySelector('.replay-bar')),
    next: box(document.querySelector('[data-key="r-next"]')),
    prev: box(document.querySelector('[data-key="r-prev"]')),
    slider: box(document.querySelector('[data-key="r-slider"]')),
    felt,
    feltAt: (felt?.top ?? 0) + window.scrollY,
    scrollY: window.scrollY,
    vw: document.documentElement.clientWidth,
    vh: window.innerHeight,
    followed: document.querySelector('.replay .seat.followed')?.getAttribute('data-seat') ?? null,
    followedBox: box(document.querySelector('.replay .seat.followed')),
    followedCard: box(document.querySelector('.replay .seat.followed .card')),
    otherCards: [...document.querySelectorAll('.replay .seat:not(.followed) .card')].map((c) => c.getBoundingClientRect().width).filter((w) => w > 0),
    otherTexts: [...document.querySelectorAll('.replay .seat:not(.followed) .text-hand')].filter((e) => e.getBoundingClientRect().width > 0).length,
  };
}

const inside = (b, m) => b && b.left >= -1 && b.top >= -1 && b.right <= m.vw + 1 && b.bottom <= m.vh + 1;

/** The step controls in view at the top, the middle and the bottom of the page. */
async function controlsInView(page, what) {
  for (const where of ['top', 'middle', 'bottom']) {
    await page.evaluate((w) => window.scrollTo(0, w === 'top' ? 0 : w === 'bottom' ? document.documentElement.scrollHeight : document.documentElement.scrollHeight / 3), where);
    const m = await page.evaluate(boxes);
    for (const part of ['next', 'prev', 'slider']) assert.ok(inside(m[part], m), `${what}: the ${part} control is in view at the ${where} of the page: ${JSON.stringify(m[part])} in ${m.vw}×${m.vh}`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

const step = async (page) => Number(await page.getAttribute('.screen.replay', 'data-step'));

test.before(async () => {
  server = await startServer({ botDelayMs: 20 });
  kabulGame = await playKabul(server.base);
});

test.after(async () => {
  await server?.stop();
});

for (const run of RUNS) {
  test(`replays (${run.name}): sticky controls, a still table, the followed seat large, arrows, the fair deal in words`, { timeout: 180_000 }, async () => {
    const t = (key, params) => translate(run.lang, key, params);
    const base = /** @type {{base: string}} */ (server).base;
    const b = await openBrowser({ width: run.width, height: run.height });
    const { page } = b;
    try {
      await page.goto(`${base}/`);
      if (run.lang === 'ar') await page.click('.lang-btn');
      await signIn(page, base, run.lang === 'ar' ? 'نورة' : 'Noura');

      // A Baloot match from a record file.
      await page.evaluate(() => { window.location.hash = '#/replay'; });
      await page.setInputFiles('input[data-key="r-file"]', { name: 'saudi_full_match.json', mimeType: 'application/json', buffer: RECORD });
      await page.waitForSelector('.screen.replay[data-step]');
      await controlsInView(page, 'baloot');

      // The followed seat: the first by default, at the bottom, its cards large, the others' compact.
      let m = await page.evaluate(boxes);
      assert.equal(m.followed, '0');
      assert.equal(await page.$eval('select[data-key="r-follow"]', (s) => /** @type {HTMLSelectElement} */ (s).value), '0');
      const large = run.width < 600 ? 34 : 46;
      assert.ok(m.followedCard && m.followedCard.width >= large, `the followed seat's cards are large: ${m.followedCard?.width}`);
      if (run.width < 600) {
        // On a phone the others' hands are written out by suit (issue 35, item 5: small cards
        // there could not be read).
        assert.deepEqual([m.otherTexts, m.otherCards.length], [3, 0], 'the others written out');
      } else {
        assert.ok(m.otherCards.length > 0 && Math.max(...m.otherCards) <= 30, `the others' compact: ${m.otherCards}`);
      }
      assert.deepEqual(await replayFaults(page), [], 'the replay as it opens');
      assert.ok(m.followedBox && m.felt && m.followedBox.bottom > m.felt.top + (m.felt.bottom - m.felt.top) * 0.75, 'the followed seat sits at the bottom');
      assert.ok(m.followedBox.left >= m.felt.left - 1 && m.followedBox.right <= m.felt.right + 1, `the followed seat's cards stay on the table: ${JSON.stringify([m.followedBox, m.felt])}`);

      // Following another seat moves it to the bottom.
      await page.selectOption('select[data-key="r-follow"]', '2');
      m = await page.evaluate(boxes);
      assert.equal(m.followed, '2');
      assert.ok(m.followedBox && m.felt && m.followedBox.bottom > m.felt.top + (m.felt.bottom - m.felt.top) * 0.75, 'seat 3 now sits at the bottom');
      assert.deepEqual(await replayFaults(page), [], 'following seat 3');

      // Stepping through the bids and into the tricks: the table stays where it is.
      await page.evaluate(() => window.scrollTo(0, 0));
      const start = await page.evaluate(boxes);
      for (let i = 0; i < 14; i += 1) {
        await page.click('button[data-key="r-next"]');
        const now = await page.evaluate(boxes);
        assert.equal(now.feltAt, start.feltAt, `the table did not move at step ${i + 1}`);
        assert.equal(now.scrollY, start.scrollY, `the page did not scroll at step ${i + 1}`);
      }
      assert.equal(await step(page), 14);
      assert.ok(await page.locator('.replay .trick .played').count() > 0, 'cards on the table by now');
      const clash = await page.evaluate(() => {
        const rects = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
        const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const seats = rects('.replay .seat');
        return rects('.replay .trick .played').filter((p) => seats.some((s) => meet(p, s))).length;
      });
      assert.equal(clash, 0, 'the trick covers no seat');
      assert.deepEqual(await replayFaults(page), [], 'in the tricks');
      assert.equal(await page.$eval('[data-key="r-next"]', (e) => e === document.activeElement), true, 'the focus stays on Forward');
      await screenshot(page, `replay-baloot-${run.name}`);

      // The arrow keys step, mirrored in Arabic (forward is to the left there).
      const forward = run.lang === 'ar' ? 'ArrowLeft' : 'ArrowRight';
      const back = run.lang === 'ar' ? 'ArrowRight' : 'ArrowLeft';
      await page.keyboard.press(forward);
      assert.equal(await step(page), 15);
      await page.keyboard.press(back);
      await page.keyboard.press(back);
      assert.equal(await step(page), 13);
      await page.keyboard.press('End');
      await controlsInView(page, 'baloot at its end');
      assert.equal(await page.locator('.replay-fair').count(), 0, 'no fair-deal line for a file');

      // A stored Kabul match: the fair-deal line in words, the command behind "details".
      await page.evaluate((id) => { window.location.hash = `#/replay/${id}`; }, kabulGame);
      await page.waitForSelector('.screen.replay.game-kabul[data-step]');
      assert.equal((await page.textContent('.replay-fair .fair-line'))?.trim(), t('replay.fair'));
      assert.equal((await page.textContent('.replay-fair summary'))?.trim(), t('replay.details'));
      assert.equal(await page.isVisible('.fair-command'), false, 'the command waits behind details');
      await page.click('.replay-fair summary');
      assert.equal(await page.isVisible('.fair-command'), true);
      assert.match(await page.textContent('.fair-command') ?? '', new RegExp(`^majlis verify majlis-${kabulGame}\\.json$`));
      assert.equal(await page.getAttribute('[data-key="r-download"]', 'href'), `/api/games/${kabulGame}/record`);
      await page.click('button[data-key="r-next"]');
      assert.equal(await page.isVisible('.fair-command'), true, 'details stay open while stepping');
      await controlsInView(page, 'kabul');
      m = await page.evaluate(boxes);
      assert.equal(m.followed, '0');
      const slots = await page.$$eval('.replay .seat .slot', (els) => els.map((e) => ({ followed: Boolean(e.closest('.followed')), w: e.getBoundingClientRect().width })));
      const mine = slots.filter((x) => x.followed).map((x) => x.w);
      const theirs = slots.filter((x) => !x.followed).map((x) => x.w);
      assert.ok(Math.min(...mine) > Math.max(...theirs), `the followed grid is the larger: ${mine} vs ${theirs}`);
      await screenshot(page, `replay-kabul-${run.name}`);
      const before = await page.evaluate(boxes);
      await page.keyboard.press('End');
      assert.equal((await page.evaluate(boxes)).feltAt, before.feltAt, 'the table did not move to the last step');
      assert.deepEqual(b.errors, [], 'no errors in the page');
      assert.equal((await clientState(page)).error, null);
    } finally {
      await b.close();
    }
  });
}
