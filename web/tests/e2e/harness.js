// The end-to-end harness: starts the real `majlis serve` on a free port with a temporary SQLite
// file, and opens Debian's Chromium through playwright-core, each browser a fresh context of one
// Chromium per test file.
import { spawn } from 'node:child_process';
import { after } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, '../../..');
export const SHOTS = path.join(REPO, 'artifacts', 'screenshots');
// The debug build, as scripts/web-test makes it (and CI, for the Rust tests); MAJLIS_BIN overrides.
export const BIN = process.env.MAJLIS_BIN
  ? path.resolve(REPO, process.env.MAJLIS_BIN)
  : path.join(path.resolve(REPO, process.env.CARGO_TARGET_DIR ?? 'target'), 'debug', 'majlis');
export const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The seed a server deals from unless a test names its own: every run of a test then meets the
 * same hands and the same bots' choices, so what it checks does not depend on the draw, and a
 * failure can be replayed.
 */
export const DEFAULT_SEED = 1;

/**
 * Starts the server; resolves once /api/health answers. `seed` fixes every deal and every bot's
 * choice (`--seed`, default DEFAULT_SEED): the server's n-th table deals as
 * crates/server/src/fair.rs derives from it, so a test can count on a hand found offline.
 * @param {{botDelayMs?: number, seed?: number, args?: string[]}} [opts]  `args`: more `majlis serve` options
 */
export async function startServer(opts = {}) {
  if (!fs.existsSync(BIN)) throw new Error(`no server binary at ${BIN}: build it with cargo build -p majlis, or set MAJLIS_BIN`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'majlis-e2e-'));
  const log = fs.createWriteStream(path.join(dir, 'server.log'));
  // Port 0: the server takes a free port itself and says which on its first line, so servers
  // started at once (test files run two at a time) never race for one.
  const args = ['serve', '--addr', '127.0.0.1:0', '--db', `sqlite:${path.join(dir, 'majlis.db')}`, '--bot-delay-ms', String(opts.botDelayMs ?? 60)];
  args.push('--seed', String(opts.seed ?? DEFAULT_SEED));
  if (opts.args) args.push(...opts.args);
  const child = spawn(BIN, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  /** @type {string | null} */
  let base = null;
  let said = '';
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
    if (base) return;
    said += chunk.toString();
    const m = /serving on (http:\/\/[^\s]+)/.exec(said);
    if (m) base = m[1];
  });
  let exited = null;
  child.on('exit', (code) => { exited = code; });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited !== null) throw new Error(`majlis serve exited with ${exited}; see ${path.join(dir, 'server.log')}`);
    if (base) {
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) break;
      } catch {
        // Not answering yet.
      }
    }
    if (Date.now() > deadline) throw new Error('majlis serve did not start within 20 s');
    await sleep(100);
  }
  return {
    base: /** @type {string} */ (base),
    dir,
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        for (let i = 0; i < 50 && exited === null; i += 1) await sleep(100);
        if (exited === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The one Chromium a test file's browsers share: launched at the first `openBrowser`, closed
 * after the file's last test. Launching Chromium costs seconds on a small machine; a context of
 * its own costs a fraction of that and is as separate (its own storage, cookies and cache).
 * @type {Promise<import('playwright-core').Browser> | null}
 */
let chromiumProcess = null;

after(async () => {
  if (chromiumProcess) await (await chromiumProcess).close();
});

/**
 * A browser of its own (its own context: its own storage, so its own player) and its page.
 * @param {{width?: number, height?: number, locale?: string, touch?: boolean, tips?: boolean}} [opts]  `touch`: a touch screen
 *   (no hover); `tips`: show the first-game tips, as a new browser does (off unless asked, like a
 *   returning player: the tips have their own test, and the others click what a tip lies over on a phone)
 */
export async function openBrowser(opts = {}) {
  chromiumProcess ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Pages fulfilled by a route count as public to Chromium, which then blocks their socket to
    // 127.0.0.1; only the work-on-the-client mode needs this.
    args: process.env.WEB_FROM_DISK ? [...ARGS, '--disable-features=LocalNetworkAccessChecks'] : ARGS,
  });
  const context = await (await chromiumProcess).newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    locale: opts.locale ?? 'en-US',
    hasTouch: opts.touch ?? false,
  });
  if (!opts.tips) await context.addInitScript(() => { if (localStorage.getItem('majlis.tips') === null) localStorage.setItem('majlis.tips', 'off'); });
  if (process.env.WEB_FROM_DISK) await serveClientFromDisk(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return {
    context,
    page,
    errors,
    close: () => context.close(),
  };
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/**
 * While working on the client: serve web/ from the disk instead of the files embedded in the
 * binary (WEB_FROM_DISK=1), so a change shows without rebuilding the server. The suite itself
 * runs against the embedded client.
 * @param {import('playwright-core').BrowserContext} context
 */
async function serveClientFromDisk(context) {
  const web = path.join(REPO, 'web');
  await context.route((url) => !url.pathname.startsWith('/api/') && url.pathname !== '/ws', async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(web, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(web) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ body: fs.readFileSync(file), contentType: TYPES[path.extname(file)] ?? 'application/octet-stream' });
  });
}

/** Saves a screenshot under artifacts/screenshots/. */
export async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // Finite animations (a card dealt in, a card turning up) are run to their end first.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

/** The client's state, read through the handle main.js exposes. */
export function clientState(page) {
  return page.evaluate(() => {
    const s = /** @type {any} */ (window).majlis.state;
    return JSON.parse(JSON.stringify({ route: s.route, you: s.you, table: s.table, game: s.game, conn: s.conn, lang: s.lang, error: s.error, version: s.version }));
  });
}

/** Switches the page to Arabic (when `lang` is 'ar') and waits for the right-to-left layout. */
export async function useLang(page, lang) {
  if (lang !== 'ar') return;
  if ((await clientState(page)).lang !== 'ar') await page.click('.lang-btn');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

/** Opens the home page and chooses a name. */
export async function signIn(page, base, name) {
  await page.goto(`${base}/`);
  await page.fill('#name-input', name);
  await page.click('button[data-key="save-name"]');
  await page.waitForSelector('.hello');
}

/**
 * Creates a table from the home page and waits for its lobby; returns the table code.
 * @param {import('playwright-core').Page} page
 * @param {{game: string, setup?: (page: import('playwright-core').Page) => Promise<void>}} opts
 */
export async function createTable(page, opts) {
  await page.check(`input[data-key="game-${opts.game}"]`);
  if (opts.setup) await opts.setup(page);
  await page.click('button[data-key="create"]');
  await page.waitForURL(/#\/t\/[A-Z0-9]+$/);
  await page.waitForSelector('.screen.lobby');
  return page.url().split('#/t/')[1];
}

/** Fills the empty seats with bots and starts. */
export async function fillAndStart(page) {
  await page.click('button[data-key="fill"]');
  await page.waitForSelector('button[data-key="start"]:not([disabled])');
  await page.click('button[data-key="start"]');
  await page.waitForSelector('.screen.match');
}

/**
 * Waits until `check` (run in the test, on the client's state) holds.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {(state: any) => T} check
 * @param {{timeout?: number, what?: string}} [opts]
 * @returns {Promise<T>}
 */
export async function until(page, check, opts = {}) {
  const deadline = Date.now() + (opts.timeout ?? 30_000);
  for (;;) {
    const state = await clientState(page);
    const value = check(state);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${opts.what ?? 'a state'}; last state: ${JSON.stringify({ route: state.route, conn: state.conn, to_act: state.game?.to_act, legal: state.game?.legal, status: state.table?.status, error: state.error }).slice(0, 800)}`);
    await sleep(80);
  }
}

/** Whether it is this page's turn with something to do. */
export function myTurn(state) {
  return Boolean(state.game && state.you !== null && state.game.to_act.includes(state.you) && state.game.legal.length > 0);
}

/**
 * Clicks a control that may go away on its own before the click lands (a snap window that the
 * server's clock closes). Resolves true when clicked, false when the table moved on past `version`
 * without it; throws when neither happens.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {number} version  the version the click was meant for
 */
export async function clickWhileThere(page, selector, version) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await page.click(selector, { timeout: 2000 });
      return true;
    } catch (e) {
      const st = await clientState(page);
      if ((st.game?.version ?? 0) > version) return false;
      if (!(e instanceof Error) || !/Timeout/.test(e.message) || Date.now() > deadline) throw e;
    }
  }
}

/**
 * What a replay must show on the screen as it stands (issue 35, item 5): the followed seat's cards
 * whole, above the sticky bar; every other hand readable (on a phone written out by suit, at
 * 12 px or more, every card of it listed; on a laptop small cards 24 px wide or more), inside the
 * felt and clear of the other hands and the trick. Returns the faults in words.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export function replayFaults(page) {
  return page.evaluate(() => {
    const out = [];
    const box = (/** @type {Element} */ e) => e.getBoundingClientRect();
    const shown = (/** @type {Element} */ e) => getComputedStyle(e).display !== 'none' && box(e).width > 0;
    const bar = box(/** @type {Element} */ (document.querySelector('.replay-bar')));
    const felt = box(/** @type {Element} */ (document.querySelector('.replay-felt')));
    for (const c of document.querySelectorAll('.seat.followed .open-hand .card')) {
      const r = box(c);
      if (r.top < 0 || r.bottom > bar.top + 0.5) out.push(`the followed ${c.getAttribute('data-card')} is not above the bar (${Math.round(r.top)}–${Math.round(r.bottom)}, bar at ${Math.round(bar.top)})`);
    }
    const areas = [];
    for (const seat of document.querySelectorAll('.replay-felt .seat:not(.followed)')) {
      const held = seat.querySelectorAll('.open-hand.mini-cards .card').length;
      const text = seat.querySelector('.open-hand.text-hand');
      const minis = seat.querySelector('.open-hand.mini-cards');
      const visible = [text, minis].filter((e) => e && shown(e));
      if (visible.length !== 1) { out.push(`seat ${seat.getAttribute('data-seat')} shows ${visible.length} hands`); continue; }
      const hand = /** @type {Element} */ (visible[0]);
      if (hand === text) {
        const listed = hand.querySelectorAll('.text-card').length;
        if (listed !== held) out.push(`seat ${seat.getAttribute('data-seat')} lists ${listed} of ${held} cards`);
        const px = parseFloat(getComputedStyle(hand).fontSize);
        if (px < 12) out.push(`seat ${seat.getAttribute('data-seat')}'s hand is ${px}px`);
      } else {
        for (const c of hand.querySelectorAll('.card')) if (box(c).width < 24) out.push(`a card of seat ${seat.getAttribute('data-seat')} is ${box(c).width}px wide`);
      }
      const r = box(hand);
      if (held && (r.left < felt.left || r.right > felt.right || r.top < felt.top || r.bottom > felt.bottom)) out.push(`seat ${seat.getAttribute('data-seat')}'s hand leaves the felt`);
      if (held) areas.push({ what: `seat ${seat.getAttribute('data-seat')}'s hand`, r });
    }
    for (const c of document.querySelectorAll('.replay-felt .played .card')) areas.push({ what: `the played ${c.getAttribute('data-card')}`, r: box(c) });
    for (let i = 0; i < areas.length; i += 1) {
      for (let j = i + 1; j < areas.length; j += 1) {
        const [a, b] = [areas[i].r, areas[j].r];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(`${areas[i].what} overlaps ${areas[j].what}`);
      }
    }
    return out;
  });
}

/**
 * The person's choice in the struck-project test and the search for its seed
 * (tests/tools/find-struck-seed.mjs): pass every bid, play the first legal card.
 * @param {string[]} legal
 */
export function strikeSeedChoice(legal) {
  return legal.find((a) => a === 'pass') ?? legal[0];
}
