// Everything needed to act is on screen without scrolling (issue 20, item 2): on a 1366×768
// laptop and a 390×844 phone, in English and Arabic, for Kout with 6 and 4, Baloot (Saudi, with its
// calls) and Kabul with 2 to 6 players. Each game is played against bots until my seat is asked
// to act in each phase (bidding and card play; Kabul: drawing and the drawn card), and there the
// action controls (the bid bar, the playable cards, Kabul's buttons and hint line, the calls, the
// clock and its ring) must lie inside the viewport with the page unscrolled. Kabul with 6 on a
// phone (and on a laptop): no seat box meets the piles, their labels or another seat, whoever
// deals or calls, and whatever the line of events says: every kind of event is put in the
// middle in turn, with a name of the longest kind (see longestLines).
//
// The server deals from the harness's fixed seed, so each run meets the same hands and bots'
// choices, and my seat passes in every snap window (a snap would race the window's clock).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, screenshot, clickWhileThere } from './harness.js';

const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

/** The games, each with the stages my seat must be seen to act in. */
const GAMES = [
  { id: 'kout6', game: 'kout6', stages: ['bidding', 'playing'] },
  { id: 'kout4', game: 'kout4', stages: ['bidding', 'playing'] },
  { id: 'baloot', game: 'baloot', preset: 'saudi_full', stages: ['bidding', 'playing'] },
  ...[2, 3, 4, 5, 6].map((n) => ({ id: `kabul${n}`, game: 'kabul', players: n, stages: ['awaiting_draw', 'drawn_card'] })),
];

/**
 * The action controls on screen, with their boxes, measured with the page scrolled to its top and
 * every animation that ends (a card dealt in, a card turning up) at its end.
 */
function measure() {
  // Left in the page for measureLines, which measures again between the lines it puts in.
  /** @type {any} */ (window).fitMeasure = measure;
  window.scrollTo(0, 0);
  for (const a of document.getAnimations()) if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
  const box = (/** @type {Element} */ e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  };
  const named = (/** @type {string} */ sel, /** @type {string} */ what) => [...document.querySelectorAll(sel)]
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => ({ what: `${what} ${e.getAttribute('data-action') ?? e.getAttribute('data-card') ?? e.getAttribute('data-pos') ?? e.textContent?.trim().slice(0, 24) ?? ''}`, ...box(e) }));
  const controls = [
    ...named('.actions button', 'button'),
    ...named('.actions .hint', 'hint'),
    ...named('.actions .bar-label', 'label'),
    ...named('.hand .card-btn.legal', 'card'),
    ...named('.clock', 'clock'),
    ...named('.turn-ring', 'ring'),
    ...named('button.pile', 'pile'),
    ...named('button.slot.clickable', 'slot'),
  ];
  const seats = [...document.querySelectorAll('.felt .seat')].map((e) => ({ what: `seat ${e.getAttribute('data-seat')}`, ...box(e) }));
  const labels = [...named('.kabul-center .pile', 'pile'), ...named('.kabul-center .pile-label', 'pile label'), ...named('.kabul-center .events', 'events')];
  const line = document.querySelector('.kabul-center .events li:last-child');
  // The stage shown and whether this seat is to act, at the moment of the measure.
  const st = /** @type {any} */ (window).majlis.state;
  const mine = Boolean(st.game && st.you !== null && st.game.to_act.includes(st.you) && st.game.legal.length > 0);
  return {
    stage: document.querySelector('.screen.match')?.getAttribute('data-stage') ?? null, mine,
    controls, seats, labels,
    line: line ? { text: line.textContent ?? '', clipped: line.scrollHeight > line.clientHeight + 1 } : null,
    vw: document.documentElement.clientWidth, vh: window.innerHeight,
    scrollable: document.documentElement.scrollHeight > window.innerHeight + 1,
  };
}

const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** What of Kabul with six is out of place: a seat over a pile, its label or the events, or over another seat. */
function kabulClashes(m) {
  const out = [];
  for (const s of m.seats) {
    for (const l of m.labels) if (overlap(s, l)) out.push(`${s.what} overlaps the ${l.what} ${JSON.stringify([s, l].map((x) => [x.left, x.top, x.right, x.bottom].map(Math.round)))}`);
    for (const o of m.seats) if (o !== s && o.what < s.what && overlap(s, o)) out.push(`${s.what} overlaps ${o.what}`);
  }
  return out;
}

/** A name of the most letters a player may take (24), of a wide letter, with no space to break at. */
const LONGEST_NAME = 'ش'.repeat(24);

/**
 * Every event Kabul's engine reports (crates/kabul/src/events.rs, as views/kabul.js words it), as
 * the last in the middle's line, each with my seat (named LONGEST_NAME) as the one who acts or is
 * looked at; the passes of all six fold into the longest line a table can show.
 * @param {number} me  my seat
 * @param {number} other  another seat
 */
function longestLines(me, other) {
  const all = [0, 1, 2, 3, 4, 5];
  return [
    [...all.filter((s) => s !== me), me].map((seat) => ({ event: 'pass', seat })),
    [...all.filter((s) => s !== other).map((seat) => ({ event: 'pass', seat })), { event: 'close' }],
    [{ event: 'snap', seat: me, slot: 1, card: '10H', hit: false, penalty: 4 }],
    [{ event: 'snap', seat: me, slot: 1, card: '10H', hit: true, penalty: null }],
    [{ event: 'peek', seat: me, at: { seat: other, slot: 3 } }],
    [{ event: 'peek', seat: other, at: { seat: me, slot: 3 } }],
    [{ event: 'peek', seat: me, at: { seat: me, slot: 0 } }],
    [{ event: 'switch', seat: me, a: { seat: me, slot: 0 }, b: { seat: other, slot: 3 }, looked: true }],
    [{ event: 'discard', seat: me, card: '10H', power: true }],
    [{ event: 'replace', seat: me, slot: 1, discarded: '10H' }],
    [{ event: 'draw', seat: me, from: 'discard', card: '10H' }],
    [{ event: 'draw', seat: me, from: 'deck', card: null }],
    [{ event: 'kabul', seat: me }],
    [{ event: 'reshuffle', cards: 30 }],
    [{ event: 'end', end: 'no_cards' }],
    [{ event: 'end', end: 'kabul' }],
  ];
}

/**
 * Puts each of `lines` in the middle of the table on screen in turn, with my seat named
 * LONGEST_NAME, dealing, and the seat across the table holding a chip of its own (the caller's),
 * measures (with `measure`, left in the page by its first run), and puts the table back as the
 * server sent it. One synchronous script, so no frame from the server comes between.
 * @param {{lines: any[][], name: string}} fixture
 */
function measureLines({ lines, name }) {
  const app = /** @type {any} */ (window).majlis;
  const real = app.state;
  const across = (real.you + 3) % 6;
  const out = [];
  try {
    for (const events of lines) {
      const seats = real.table.seats.map((/** @type {any} */ x) => (x.seat === real.you ? { ...x, name } : x));
      app.state = { ...real, table: { ...real.table, seats }, game: { ...real.game, view: { ...real.game.view, events, dealer: real.you, caller: across } } };
      app.draw();
      out.push(/** @type {any} */ (window).fitMeasure());
    }
  } finally {
    app.state = real;
    app.draw();
  }
  return out;
}

/**
 * One decision of mine, the simplest that moves the game on: pass (or the first bid), the first
 * trump or call, the first legal card; Kabul: draw, then discard (or replace my first card), and
 * the first place a power asks for.
 */
async function act(page, st) {
  const legal = st.game.legal;
  const click = async (sel) => {
    const el = page.locator(sel).first();
    if (!(await el.count())) return false;
    await el.click({ timeout: 3000 }).catch(() => {});
    return true;
  };
  if (st.table.game === 'kabul') {
    const step = st.game.view.step?.step;
    if (step === 'awaiting_draw' && (await click('[data-action="draw deck"]'))) return;
    if (step === 'drawn_card' && legal.includes('discard') && (await click('[data-action="discard"]'))) return;
    // The window's clock may close it before the click lands: then the game has moved on anyway.
    if (step === 'snap_window' && legal.includes('pass')) {
      await clickWhileThere(page, '[data-action="pass"]', st.game.version);
      return;
    }
    if (await click('button.slot.clickable')) return;
    await click('.actions button');
    return;
  }
  if (await click('.bid-btn[data-action="pass"]')) return;
  if (await click('.hand .card-btn.legal')) return;
  await click('.actions button');
}

const RUNS = [
  { size: SIZES[0], lang: 'en' },
  { size: SIZES[1], lang: 'ar' },
  { size: SIZES[1], lang: 'en' },
  { size: SIZES[0], lang: 'ar' },
];

for (const run of RUNS) {
  const label = `${run.size.name}-${run.lang}`;
  // The first two runs take every game; the other two (the same sizes in the other language) the
  // games whose bars carry the most words.
  const games = run === RUNS[0] || run === RUNS[1] ? GAMES : GAMES.filter((g) => ['kout6', 'baloot', 'kabul6'].includes(g.id));
  test(`fit (${label}): the controls to act are on screen in every game`, { timeout: 240_000 }, async () => {
    const server = await startServer({ botDelayMs: 20 });
    const failures = [];
    const errors = [];
    try {
      for (const g of games) {
        // A player of its own for each game: a host may keep only a few tables going, and a table
        // left to its bots plays on.
        const b = await openBrowser({ width: run.size.width, height: run.size.height });
        const { page } = b;
        try {
          await page.goto(`${server.base}/`);
          if (run.lang === 'ar') await page.click('.lang-btn');
          await signIn(page, server.base, run.lang === 'ar' ? 'سارة المطيري' : 'Sara Almutairi');
          await createTable(page, {
            game: g.game,
            setup: async (p) => {
              if (g.players) await p.selectOption('select[data-key="players"]', String(g.players));
              if (g.preset) await p.selectOption('select[data-key="preset"]', g.preset);
            },
          });
          await fillAndStart(page);
          const seen = new Set();
          for (let guard = 0; guard < 200 && seen.size < g.stages.length; guard += 1) {
            const st = await until(page, (s) => (myTurn(s) || s.game?.finished) && s, { timeout: 60_000, what: `my turn in ${g.id}` });
            assert.ok(!st.game.finished, `${g.id}: the match ended before my seat acted in ${g.stages.join(', ')}`);
            const stage = await page.getAttribute('.screen.match', 'data-stage');
            if (stage && g.stages.includes(stage) && !seen.has(stage)) {
              // The state is read after the page drew it (it draws in a microtask of the frame
              // that brought it): the bar and the cards are there to measure.
              const m = await page.evaluate(measure);
              // A stage is measured while this seat is to act in it. Between the two reads a
              // snap window may close on its clock (sooner than a busy machine reads), and the
              // stage then shown is someone else's turn: wait for the next one.
              if (!m.mine || m.stage !== stage) continue;
              assert.ok(m.controls.length > 0, `${g.id} ${stage}: some control to act with`);
              for (const c of m.controls) {
                if (c.left < -1 || c.top < -1 || c.right > m.vw + 1 || c.bottom > m.vh + 1) failures.push(`${g.id} ${stage}: ${c.what} at ${JSON.stringify([c.left, c.top, c.right, c.bottom].map(Math.round))} outside ${m.vw}×${m.vh}`);
              }
              if (g.id === 'kabul6') {
                failures.push(...kabulClashes(m).map((f) => `${g.id} ${stage}: ${f}`));
                // Every kind of line in the middle, the longest names in it: nothing moves into
                // a seat, the line is not cut, and the middle is as tall for each.
                const lines = await page.evaluate(measureLines, { lines: longestLines(st.you, (st.you + 1) % 6), name: LONGEST_NAME });
                const heights = new Set();
                for (const lm of lines) {
                  failures.push(...kabulClashes(lm).map((f) => `${g.id} ${stage} with "${lm.line?.text}": ${f}`));
                  if (!lm.line || lm.line.clipped) failures.push(`${g.id} ${stage}: the line ${JSON.stringify(lm.line)} is not shown whole`);
                  const events = lm.labels.find((l) => l.what.startsWith('events'));
                  if (events) heights.add(Math.round(events.height));
                }
                assert.equal(heights.size, 1, `${g.id} ${stage}: the middle keeps one height for every line: ${[...heights]}`);
              }
              await screenshot(page, `fit-${g.id}-${stage}-${label}`);
              seen.add(stage);
            }
            const before = st.game.version;
            await act(page, st);
            await until(page, (s) => s.game.version > before || !myTurn(s), { timeout: 10_000, what: `${g.id}: my action applied` }).catch(() => {});
          }
          assert.deepEqual([...seen].sort(), [...g.stages].sort(), `${g.id}: my seat acted in every stage`);
          errors.push(...b.errors);
        } finally {
          await b.close();
        }
      }
      assert.deepEqual(failures, [], 'every control to act is inside the viewport');
      assert.deepEqual(errors, [], 'no errors in the page');
    } finally {
      await server.stop();
    }
  });
}
