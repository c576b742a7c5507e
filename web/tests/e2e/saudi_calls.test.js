// Every Saudi table call of a `saudi_full` Baloot table, clicked by one person among three bots and
// checked by what the table shows: the defenders' double (open, then closed) and four, the bidder's
// three and Gahwa, Ashkal, Kawesh and Sawa; then the raise bar and Sawa on a phone in Arabic.
//
// The bots are mostly the random bot: it raises whenever a raise is offered two times in three, so
// the chains of raises the person answers come within a few hands. Kawesh needs five cards from 7 to
// 9 (a hand in about 250): the server deals from a fixed seed (`--seed`), and its first table's first
// hand gives the person such a hand with the bidding theirs to open; the Rust test
// the_browser_kawesh_seed_deals_the_host_a_kawesh_hand_to_bid_first (crates/server/src/fair.rs)
// pins that seed and names a new one if the deal's derivation changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clientState } from './harness.js';
import { translate } from '../../js/i18n.js';

/** The seed of the_browser_kawesh_seed_deals_the_host_a_kawesh_hand_to_bid_first. */
const KAWESH_SEED = 1094;
// Bots pause a little, so the table shows each of the person's raises before a bot answers it.
const BOT_DELAY_MS = 150;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Signs in, opens a `saudi_full` Baloot table, seats the partner (seat 2) when `partner` names a
 * bot, the other seats with bots of `bot`, and starts.
 * @param {import('playwright-core').Page} page
 * @param {string} base
 * @param {{name?: string, bot?: string, partner?: string}} [opts]
 */
async function saudiTable(page, base, opts = {}) {
  await signIn(page, base, opts.name ?? 'Sara');
  await createTable(page, { game: 'baloot', setup: (p) => p.selectOption('select[data-key="preset"]', 'saudi_full') });
  if (opts.partner) {
    await page.selectOption('select[data-key="bot-choice"]', opts.partner);
    await page.click('button[data-key="bot-2"]');
    await page.waitForSelector('button[data-key="unbot-2"]');
  }
  await page.selectOption('select[data-key="bot-choice"]', opts.bot ?? 'random');
  await fillAndStart(page);
}

/**
 * Records what the table shows after every change of the page, with the client's state of the same
 * moment (the page renders in a microtask, so the two agree), for `drain`: a raise checked this way
 * is seen even when a bot answers it before the test looks.
 * @param {import('playwright-core').Page} page
 */
async function watch(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.seenByTest = [];
    const record = () => {
      const s = w.majlis.state;
      const hd = s.game?.view?.hand;
      const dealer = document.querySelector('.seat .chip.dealer')?.closest('.seat');
      const entry = {
        version: s.game?.version ?? 0,
        hand: hd?.number ?? null,
        phase: s.game?.view?.phase ?? null,
        calls: (hd?.calls ?? []).map((/** @type {any} */ c) => `${c.seat}:${c.bid}`),
        stake: document.querySelector('.contract .chip.stake')?.textContent ?? null,
        closed: Boolean(document.querySelector('.contract .chip.closed')),
        contract: document.querySelector('.contract')?.textContent ?? null,
        dealer: dealer ? Number(/** @type {HTMLElement} */ (dealer).dataset.seat) : null,
        endedBy: document.querySelector('.summary .ended-by')?.textContent ?? null,
      };
      const last = w.seenByTest[w.seenByTest.length - 1];
      if (!last || JSON.stringify(last) !== JSON.stringify(entry)) w.seenByTest.push(entry);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    record();
  });
}

/**
 * Waits until the table has shown a moment that `check` accepts (see `watch`); returns it.
 * @param {import('playwright-core').Page} page
 * @param {(seen: any) => boolean} check
 * @param {string} what
 */
async function shown(page, check, what) {
  const deadline = Date.now() + 30_000;
  const all = [];
  for (;;) {
    const fresh = await page.evaluate(() => /** @type {any} */ (window).seenByTest.splice(0));
    all.push(...fresh);
    const hit = all.find(check);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`the table never showed ${what}; it showed: ${JSON.stringify(all.slice(-12))}`);
    await sleep(80);
  }
}

/**
 * The bounding boxes of `selector`'s elements that do not lie inside the viewport as it stands
 * unscrolled, in words; empty when all do.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 */
async function outsideViewport(page, selector) {
  return page.evaluate((sel) => {
    const out = [];
    if (window.scrollX !== 0 || window.scrollY !== 0) out.push(`the page is scrolled to ${window.scrollX},${window.scrollY}`);
    const els = [...document.querySelectorAll(sel)];
    if (!els.length) out.push(`no ${sel}`);
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0 || r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) {
        out.push(`${el.getAttribute('data-action')}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} in ${window.innerWidth}×${window.innerHeight}`);
      }
    }
    return out;
  }, selector);
}

/**
 * Plays for the person until `done(state)` holds or `hands` hands have ended. `choose` names the bid or
 * call to click for a state where it is the person's turn, or nothing: then the person passes in
 * the bidding and the doubling steps and plays their first legal card. Before each click of a bid
 * or call `before(pick, state)` may look at the table; after a call (not a pass)
 * `clicked(pick, before, after)` checks it. A match that ends first is followed by a rematch.
 * @param {import('playwright-core').Page} page
 * @param {{choose: (s: any) => string | undefined, before?: (pick: string, s: any) => Promise<void>, clicked?: (pick: string, before: any, after: any) => Promise<void>, done: (s: any) => boolean, hands?: number, progress?: () => unknown}} opts
 */
async function playFor(page, opts) {
  const handsMax = opts.hands ?? 40;
  // Hands ended in the matches before this one.
  let earlier = 0;
  for (;;) {
    const s = await clientState(page);
    if (opts.done(s)) return;
    const ended = (s.game?.hands ?? []).filter((h) => h.ended_by).length;
    assert.ok(earlier + ended < handsMax, `still not done after ${handsMax} hands: ${JSON.stringify(opts.progress?.() ?? null)}`);
    if (s.game?.finished && s.table?.status !== 'playing') {
      earlier += ended;
      await page.click('button[data-key="rematch"]');
      await until(page, (st) => st.game && !st.game.finished && st.game.view?.hand, { what: 'the rematch', timeout: 60_000 });
      continue;
    }
    if (!myTurn(s)) {
      await sleep(50);
      continue;
    }
    const legal = s.game.legal;
    const phase = s.game.view.phase;
    let pick = opts.choose(s);
    if (!pick && phase === 'bidding') pick = legal.includes('pass') ? 'pass' : legal.find((a) => !a.startsWith('play '));
    if (!pick && phase === 'doubling') pick = 'pass';
    const before = s.game.version;
    if (pick && opts.before) await opts.before(pick, s);
    if (pick) await page.locator(`.bid-btn[data-action="${pick}"]`).click();
    else await page.locator('.hand .card-btn.legal').first().click();
    const after = await until(page, (st) => (st.game.version > before || st.error) && st, { what: `${pick ?? 'a card'} to apply`, timeout: 60_000 });
    assert.equal(after.error, null, `no error: ${JSON.stringify(after.error)}`);
    if (pick && pick !== 'pass' && opts.clicked) await opts.clicked(pick, s, after);
  }
}

/**
 * A moment after `version` when `seat`'s `call` is the last call of the doubling steps.
 * @param {number} seat
 * @param {string} call
 * @param {number} version
 */
const said = (seat, call, version) => (seen) => seen.version > version && seen.calls[seen.calls.length - 1] === `${seat}:${call}`;

test('saudi calls: the defenders double open, double closed and say four', { timeout: 900_000 }, async () => {
  const server = await startServer({ botDelayMs: BOT_DELAY_MS });
  const b = await openBrowser();
  const { page } = b;
  try {
    // A partner that raises by its cards (rarely) leaves the doubles to the person; the other team,
    // random bots, bid and answer a double with three two times in three.
    await saudiTable(page, server.base, { partner: 'medium' });
    await watch(page);
    const done = new Set();
    await playFor(page, {
      choose: (s) => {
        const legal = s.game.legal;
        if (s.game.view.phase === 'bidding') return legal.includes('pass') ? 'pass' : undefined;
        if (s.game.view.phase !== 'doubling') return undefined;
        if (legal.includes('four open')) return 'four open';
        for (const call of ['double open', 'double closed']) if (legal.includes(call) && !done.has(call)) return call;
        // Both doubles seen: double again for a chance at four.
        return legal.includes('double open') ? 'double open' : undefined;
      },
      clicked: async (pick, before) => {
        const you = before.you;
        const seen = await shown(page, said(you, pick, before.game.version), `the person's ${pick}`);
        const stake = pick.startsWith('four') ? '×4' : '×2';
        assert.equal(seen.stake, stake, `the stake chip after ${pick}: ${JSON.stringify(seen)}`);
        assert.equal(seen.closed, pick.endsWith('closed'), `the closed chip after ${pick}: ${JSON.stringify(seen)}`);
        // Three is the bidder's team's answer; the person's four answered it.
        if (pick.startsWith('four')) assert.match(seen.calls.join(' '), /\d:three (open|closed)/);
        if (!done.has(pick)) await screenshot(page, `baloot-saudi-${pick.replace(' ', '-')}`);
        done.add(pick);
      },
      done: () => done.has('double open') && done.has('double closed') && done.has('four open'),
    });
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});

test('saudi calls: the bidder says three closed and Gahwa, and the hand ends the match', { timeout: 900_000 }, async () => {
  const server = await startServer({ botDelayMs: BOT_DELAY_MS });
  const b = await openBrowser();
  const { page } = b;
  try {
    // A partner that raises by its cards, not two times in three, leaves three and Gahwa to the person.
    await saudiTable(page, server.base, { partner: 'medium' });
    await watch(page);
    const done = new Set();
    /** How often each call was offered to the person (for the guard's message). */
    const offered = {};
    await playFor(page, {
      choose: (s) => {
        const legal = s.game.legal;
        // Bid Hokum whenever the person may (Sun has no doubling at 0–0).
        if (s.game.view.phase === 'bidding') return legal.find((a) => a.startsWith('hokum'));
        if (s.game.view.phase !== 'doubling') return undefined;
        for (const a of legal) offered[a] = (offered[a] ?? 0) + 1;
        // Gahwa only once the person has said three (the partner may say it first).
        if (legal.includes('gahwa')) return done.has('three closed') ? 'gahwa' : undefined;
        return legal.includes('three closed') ? 'three closed' : undefined;
      },
      clicked: async (pick, before) => {
        if (pick.startsWith('hokum')) return;
        const you = before.you;
        const seen = await shown(page, said(you, pick, before.game.version), `the person's ${pick}`);
        if (pick === 'three closed') {
          assert.equal(seen.stake, '×3', JSON.stringify(seen));
          assert.ok(seen.closed, `closed after three closed: ${JSON.stringify(seen)}`);
          assert.match(seen.calls.join(' '), /\d:double (open|closed)/, 'the defenders doubled first');
        } else {
          assert.equal(seen.stake, 'Gahwa: the match', JSON.stringify(seen));
          assert.match(seen.calls.join(' '), /\d:four (open|closed)/, 'the defenders said four first');
        }
        if (!done.has(pick)) await screenshot(page, `baloot-saudi-${pick.replace(' ', '-')}`);
        done.add(pick);
      },
      done: () => done.has('gahwa'),
      hands: 80,
      progress: () => ({ done: [...done], offered }),
    });
    assert.ok(done.has('three closed'));
    // The Gahwa hand is played out and ends the match, whatever the score.
    await playFor(page, { choose: () => undefined, done: (s) => Boolean(s.game?.finished) });
    const end = await clientState(page);
    const last = end.game.hands[end.game.hands.length - 1];
    assert.equal(last.multiplier, 'gahwa', JSON.stringify(last));
    assert.ok(end.game.winner === 0 || end.game.winner === 1, JSON.stringify(end.game.winner));
    await page.waitForSelector('.result .winner');
    assert.match(await page.textContent('.result .winner'), /win/i);
    await screenshot(page, 'baloot-saudi-gahwa-end');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});

test('saudi calls: Ashkal gives the caller Sun and the face-up card to the partner', { timeout: 900_000 }, async () => {
  const server = await startServer({ botDelayMs: BOT_DELAY_MS });
  const b = await openBrowser();
  const { page } = b;
  try {
    // Bots that bid by their cards: the random bot says Sun too often before the person's turn.
    await saudiTable(page, server.base, { bot: 'medium' });
    let called = null;
    await playFor(page, {
      choose: (s) => (s.game.view.phase === 'bidding' && s.game.legal.includes('ashkal') ? 'ashkal' : undefined),
      clicked: async (pick, before) => {
        assert.equal(pick, 'ashkal');
        const hd = before.game.view.hand;
        assert.ok(hd.dealer === before.you || (hd.dealer + 3) % 4 === before.you, `only the dealer or the seat before: dealer ${hd.dealer}`);
        assert.notEqual(hd.face_up[0], 'A', 'no Ashkal on an ace');
        called = { faceUp: hd.face_up, number: hd.number, you: before.you };
      },
      done: () => called !== null,
    });
    // The second deal: the caller holds 8 cards, without the face-up card (the partner has it).
    const st = await until(page, (s) => s.game.view.hand?.number === called.number && s.game.view.hand.cards?.length === 8 && s, { what: 'the second deal after Ashkal' });
    const hd = st.game.view.hand;
    assert.deepEqual(hd.contract && { mode: hd.contract.mode, bidder: hd.contract.bidder }, { mode: 'sun', bidder: called.you });
    assert.ok(!hd.cards.includes(called.faceUp), `the face-up ${called.faceUp} went to the partner, not the caller: ${hd.cards}`);
    // The partner was dealt 8, the face-up card among them: what it holds and what it has played
    // (a bot may have led before this state was read).
    const partner = (called.you + 2) % 4;
    const played = [...(hd.tricks ?? []), hd.trick].flatMap((t) => t?.plays ?? []).filter((p) => p.seat === partner).length;
    assert.equal(hd.hand_sizes[partner] + played, 8, `the partner's 8: ${hd.hand_sizes[partner]} held, ${played} played`);
    assert.match(await page.textContent('.contract'), /Sara: Sun \(Ashkal\)/);
    assert.equal(await page.textContent(`.seat[data-seat="${called.you}"] .chip.maker`), 'Sun');
    await screenshot(page, 'baloot-saudi-ashkal');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});

test('saudi calls: Kawesh ends the hand and the same dealer deals again', { timeout: 300_000 }, async () => {
  const server = await startServer({ botDelayMs: BOT_DELAY_MS, seed: KAWESH_SEED });
  const b = await openBrowser();
  const { page } = b;
  try {
    await saudiTable(page, server.base);
    await watch(page);
    const s = await until(page, (st) => myTurn(st) && st, { what: "the person's first bid" });
    const hd = s.game.view.hand;
    assert.equal(hd.number, 0);
    assert.ok(s.game.legal.includes('kawesh'), `--seed ${KAWESH_SEED} deals the person a Kawesh hand to bid first (see crates/server/src/fair.rs): ${hd.cards}, legal ${s.game.legal}`);
    assert.ok(hd.cards.every((c) => /^[789]/.test(c)), `five cards from 7 to 9: ${hd.cards}`);
    const dealer = hd.dealer;
    await page.locator('.bid-btn[data-action="kawesh"]').click();
    const after = await until(page, (st) => st.game.view.hand?.number === 1 && st, { what: 'the next hand' });
    assert.equal(after.error, null);
    assert.equal(after.game.hands[0].ended_by, 'kawesh');
    assert.equal(after.game.view.hand.dealer, dealer, 'the same dealer deals again');
    // What the table shows: the summary names the Kawesh and the dealer, whose chip stays put.
    const seen = await shown(page, (x) => x.hand === 1 && x.endedBy !== null, 'the Kawesh summary');
    assert.equal(seen.dealer, dealer, JSON.stringify(seen));
    assert.match(seen.endedBy, /^Kawesh: no score; .+ deals again$/);
    await screenshot(page, 'baloot-saudi-kawesh');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});

test('saudi calls on a phone in Arabic: the raise bar and Sawa fit the screen', { timeout: 900_000 }, async () => {
  const server = await startServer({ botDelayMs: BOT_DELAY_MS });
  const b = await openBrowser({ width: 390, height: 844, locale: 'ar' });
  const { page } = b;
  try {
    await page.goto(`${server.base}/`);
    if ((await page.getAttribute('html', 'lang')) !== 'ar') await page.click('.lang-btn');
    assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
    // The partner raises by its cards, so the doubles offered to the defenders reach the person.
    await saudiTable(page, server.base, { name: 'سارة', partner: 'medium' });
    await watch(page);
    let raised = false;
    let claimed = false;
    let measured = 0;
    await playFor(page, {
      choose: (s) => {
        const legal = s.game.legal;
        if (s.game.view.phase === 'doubling') return raised ? undefined : legal.find((a) => a.startsWith('double'));
        if (s.game.view.phase === 'playing' && raised && legal.includes('sawa')) return 'sawa';
        return undefined;
      },
      // Every bar the person clicks in lies inside the phone's screen, unscrolled: the bids (Ashkal
      // and Kawesh among them when offered), the raises and pass, Sawa.
      before: async (pick, s) => {
        const bad = await outsideViewport(page, '.bid-bar .bid-btn');
        assert.deepEqual(bad, [], `${s.game.view.phase}: ${s.game.legal}`);
        if (s.game.view.phase === 'doubling' && measured === 0) {
          await screenshot(page, 'baloot-saudi-raise-phone-ar');
          assert.match(await page.textContent('.call-bar .bar-label'), /رفع الرهان/);
        }
        if (s.game.view.phase === 'doubling' || pick === 'sawa') measured += 1;
        if (pick === 'sawa') {
          // The label beside the button says what the call does, not its name again (issue 35,
          // item 11): here in Arabic on the phone, then in English on a laptop, then back.
          for (const view of [{ lang: 'ar', width: 390, height: 844 }, { lang: 'en', width: 1366, height: 768 }]) {
            await page.setViewportSize({ width: view.width, height: view.height });
            if ((await clientState(page)).lang !== view.lang) await page.click('.lang-btn');
            await page.waitForFunction((dir) => document.documentElement.dir === dir, view.lang === 'ar' ? 'rtl' : 'ltr');
            const label = (await page.textContent('.call-bar .bar-label'))?.trim();
            const button = (await page.textContent('.call-bar [data-action="sawa"]'))?.trim();
            assert.equal(label, translate(view.lang, 'baloot.sawaLabel'));
            assert.notEqual(label, button, 'the label is not the button\'s name again');
            assert.deepEqual(await outsideViewport(page, '.call-bar .bar-label, .call-bar [data-action="sawa"]'), [], 'both on screen');
            await screenshot(page, `second-sawa-label-${view.lang}-${view.width}`);
          }
          await page.setViewportSize({ width: 390, height: 844 });
          await page.click('.lang-btn');
          await page.waitForFunction(() => document.documentElement.dir === 'rtl');
        }
      },
      clicked: async (pick, before) => {
        if (pick.startsWith('double')) {
          raised = true;
          const seen = await shown(page, said(before.you, pick, before.game.version), `the person's ${pick}`);
          assert.equal(seen.stake, '×2 الرهان', JSON.stringify(seen));
        } else if (pick === 'sawa') {
          claimed = true;
          await page.waitForSelector('.summary .ended-by[data-ended-by="sawa"]', { timeout: 60_000 });
          assert.equal(await page.textContent('.summary .ended-by'), 'سوا: انتهت اليد بالادّعاء');
          const st = await clientState(page);
          assert.ok(st.game.hands.some((h) => h.ended_by === 'sawa'), 'the hand ended by the claim');
          await screenshot(page, 'baloot-saudi-sawa-phone-ar');
        }
      },
      done: () => raised && claimed,
      hands: 80,
      progress: () => ({ raised, claimed, measured }),
    });
    assert.ok(measured >= 2, 'the raise bar and the Sawa button were measured');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
    await server.stop();
  }
});
