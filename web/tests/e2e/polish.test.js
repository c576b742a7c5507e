// The table's polish (issue 20, items 7–9), at 1366×768 and on a 390×844 touch phone, in English
// and in Arabic: a friend who opens the invite link sits as the host's partner; the scores name
// each team ("لنا 12 · لهم 0") with numbers isolated and one digit style; cards are named in words;
// the others' card counts name their owner; the dealer chip has a label; the others' moves are
// announced in a live region; focus comes back to the hand after a card is played, with a ring
// unlike the playable cards' outline; a tapped card does not stay raised; names, clocks and counts
// are 12 px at least on the phone; "Scores and moves" is no dead button on the desktop; when the
// friend leaves, everyone sees that a bot plays until they return; and the friend's "Your games"
// says when and with whom.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, until, myTurn, screenshot, clientState, useLang } from './harness.js';
import { translate } from '../../js/i18n.js';
import { cardWords, joinList, hasOnlyWesternDigits } from '../../js/words.js';

const RUNS = [
  { name: 'desktop-en', width: 1366, height: 768, lang: 'en', touch: false },
  { name: 'desktop-ar', width: 1366, height: 768, lang: 'ar', touch: false },
  { name: 'phone-en', width: 390, height: 844, lang: 'en', touch: true },
  { name: 'phone-ar', width: 390, height: 844, lang: 'ar', touch: true },
];

/** One bidding decision of mine: pass (or the lowest bid), or the first Hokm. */
async function bid(page, st) {
  if (st.game.view.stage === 'bidding') {
    const pass = page.locator('.bid-btn[data-action="pass"]');
    if (await pass.count()) await pass.click();
    else await page.locator('.bid-btn').first().click();
  } else {
    await page.locator('.suit-btn').first().click();
  }
}

/** What the live region says and what it should say now: the others' last move in words. */
async function liveNow(page, lang) {
  const got = await page.evaluate(() => {
    const s = /** @type {any} */ (window).majlis.state;
    return { text: document.getElementById('live')?.textContent ?? '', log: s.game?.log ?? [], you: s.you, seats: s.table?.seats ?? [] };
  });
  const last = [...got.log].reverse().find((e) => typeof e.seat === 'number' && e.seat !== got.you);
  if (!last || !/^play /.test(last.action)) return { text: got.text, want: null };
  const seat = got.seats.find((x) => x.seat === last.seat);
  const name = seat.kind === 'bot' ? `${translate(lang, 'lobby.bot')} ${last.seat + 1}` : seat.name;
  return { text: got.text, want: translate(lang, 'table.played', { name, card: cardWords(lang, last.action.slice(5)) }) };
}

for (const run of RUNS) {
  test(`table polish (${run.name}): Arabic, keyboard and screen readers, small things`, { timeout: 150_000 }, async () => {
    const t = (key, params) => translate(run.lang, key, params);
    const server = await startServer({ botDelayMs: 40 });
    const host = await openBrowser({ width: run.width, height: run.height, touch: run.touch });
    const friend = await openBrowser({ width: run.width, height: run.height, touch: run.touch });
    const { page } = host;
    const hostName = run.lang === 'ar' ? 'سارة' : 'Sara';
    // A name in the other script: it must keep its own direction inside the sentences around it.
    const friendName = run.lang === 'ar' ? 'Noura' : 'نورة';
    try {
      await page.goto(`${server.base}/`);
      await useLang(page, run.lang);
      await signIn(page, server.base, hostName);
      await useLang(page, run.lang);
      await createTable(page, { game: 'kout4' });
      const link = await page.inputValue('#invite-link');

      // 9. The friend who opens the invite link sits as the host's partner (seat 2, "Us").
      await friend.page.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
      await useLang(friend.page, run.lang);
      await friend.page.fill('input[data-key="name"]', friendName);
      await friend.page.click('form button[type="submit"]');
      await friend.page.waitForSelector('.screen.lobby');
      const fs = await until(friend.page, (st) => st.you !== null && st, { what: "the friend's seat" });
      assert.equal(fs.you, 2, "the friend sits opposite the host, as the partner");
      await page.waitForSelector('.lobby-seat[data-seat="2"].human');
      assert.equal((await page.textContent('.lobby-seat[data-seat="2"] .seat-team'))?.trim(), t('team.us'));
      await screenshot(page, `polish-invite-${run.name}`);

      await page.selectOption('select[data-key="bot-choice"]', 'easy');
      await page.click('button[data-key="fill"]');
      await page.waitForSelector('button[data-key="start"]:not([disabled])');
      await page.click('button[data-key="start"]');
      await page.waitForSelector('.screen.match');
      await friend.page.waitForSelector('.screen.match');

      // 9. The friend leaves during the match: everyone sees that a bot plays until they return.
      friend.page.once('dialog', (d) => d.accept());
      await friend.page.click('button[data-key="leave"]');
      const note = page.locator('.takeover-note[data-seat="2"]');
      await note.waitFor({ timeout: 10_000 });
      assert.equal((await note.textContent())?.trim(), t('table.botUntil', { name: friendName }));
      await screenshot(page, `polish-takeover-${run.name}`);

      // 9. The friend's "Your games": the date (Western digits) and the others, as a list in the
      // language (the Arabic comma and و, never an ASCII comma).
      await friend.page.waitForSelector('.recent-item');
      const others = (await friend.page.textContent('.recent-item .recent-others'))?.trim() ?? '';
      assert.equal(others, t('home.recent.with', { names: joinList(run.lang, [hostName, `${t('lobby.bot')} 2`, `${t('lobby.bot')} 4`]) }));
      if (run.lang === 'ar') assert.ok(!others.includes(',') && others.includes('،') && others.includes(' و'), others);
      const date = (await friend.page.textContent('.recent-item .recent-date'))?.trim() ?? '';
      assert.match(date, /[0-9]/);
      assert.ok(hasOnlyWesternDigits(date), date);
      await screenshot(friend.page, `polish-your-games-${run.name}`);

      // 7. The scores name each team, mine first, the numbers isolated.
      const board = (await page.textContent('.scoreboard')) ?? '';
      assert.ok(board.includes(t('team.us')) && board.includes(t('team.them')), board);
      assert.ok(board.indexOf(t('team.us')) < board.indexOf(t('team.them')), `my team first: ${board}`);
      assert.ok(!board.includes('/'), `no slash pair: ${board}`);
      assert.equal(await page.locator('.scoreboard bdi.score-value').count(), 2);
      assert.equal(await page.locator('.seat-plate bdi.seat-name').count(), 4, 'names isolated');

      // 8. The others' card counts name their owner; the dealer chip says what it is.
      const dealt = await until(page, (st) => st.game?.view?.hand?.length > 0 && st, { what: 'the deal' });
      const fan = page.locator('.seat[data-seat="1"] .held');
      await fan.waitFor();
      const held = Number(dealt.game.view.cards_held?.[1] ?? 0);
      assert.equal(await fan.getAttribute('aria-label'), t('table.seatCards', { name: `${t('lobby.bot')} 2`, n: held }));
      const chip = page.locator('.chip.dealer');
      assert.equal(await chip.count(), 1);
      const dealerName = dealt.game.view.dealer === 0 ? hostName : dealt.game.view.dealer === 2 ? friendName : `${t('lobby.bot')} ${dealt.game.view.dealer + 1}`;
      assert.equal(await chip.getAttribute('title'), `${t('table.dealer')}: ${t('table.dealerOf', { name: dealerName })}`);

      // 8. Cards are named in words.
      const labels = await page.$$eval('.hand .card-btn', (bs) => bs.map((b) => [b.getAttribute('data-card'), b.getAttribute('aria-label')]));
      assert.equal(labels.length, dealt.game.view.hand.length);
      for (const [code, label] of labels) assert.ok(label?.startsWith(cardWords(run.lang, code)), `${code}: ${label}`);
      if (run.lang === 'en') assert.match(labels[0][1], /^(Ace|King|Queen|Jack|10|[2-9]) of (spades|hearts|diamonds|clubs)|joker/);

      // 8. Names, clocks and counts: 12 px at least on the phone.
      if (run.width < 600) {
        const sizes = await page.$$eval('.seat-name, .held-count, .clock-text, .chip.dealer', (es) => es.map((e) => [e.className, parseFloat(getComputedStyle(e).fontSize)]));
        assert.ok(sizes.length >= 7, JSON.stringify(sizes));
        for (const [cls, px] of sizes) assert.ok(px >= 12, `${cls}: ${px}px`);
      }

      // 9. "Scores and moves": always beside the table on the desktop (no button), a button that
      // opens them on the phone.
      const panelBtn = page.locator('button[data-key="panel"]');
      if (run.width > 1000) {
        assert.equal(await panelBtn.isVisible(), false, 'no dead button');
        assert.ok(await page.locator('.side').isVisible(), 'the scores and moves show');
      } else {
        assert.ok(await panelBtn.isVisible());
        await panelBtn.click();
        assert.ok(await page.locator('.side.open').isVisible());
        await panelBtn.click();
        await page.locator('.side.open').waitFor({ state: 'detached' });
      }

      // 7. One digit style on the whole table.
      assert.ok(hasOnlyWesternDigits(await page.textContent('main') ?? ''), 'Western digits only');
      await screenshot(page, `polish-table-${run.name}`);

      // Play until a card of mine has gone, focus is back in the hand, and a bot's card was
      // announced.
      let focused = false;
      let announced = false;
      let tapped = !run.touch;
      play: for (let guard = 0; guard < 200 && !(focused && announced && tapped); guard += 1) {
        const st = await until(page, (s) => myTurn(s) && s, { timeout: 60_000, what: 'my turn' });
        if (st.game.view.stage !== 'playing') {
          await bid(page, st);
          // The bid is in before the next look at the turn (the buttons of this one go away).
          await until(page, (s) => (s.game?.version ?? 0) > st.game.version, { what: 'my bid taken' });
          continue;
        }
        if (!announced) {
          const live = await liveNow(page, run.lang);
          if (live.want) {
            // The region is one node that outlives the redraws, and says the bot's card in words.
            await page.waitForFunction((w) => document.getElementById('live')?.textContent === w, live.want, { timeout: 5000 });
            assert.equal(await page.getAttribute('#live', 'aria-live'), 'polite');
            announced = true;
            await screenshot(page, `polish-live-${run.name}`);
          }
        }
        const code = await page.locator('.hand .card-btn.legal').first().getAttribute('data-card');
        const card = page.locator(`.hand .card-btn[data-card="${code}"]`);
        const box = await card.boundingBox();
        // A tap or a key sent just as the table moved on is refused as stale: then again.
        for (let tries = 0; ; tries += 1) {
          if (run.touch) await card.tap();
          else {
            await card.focus();
            await page.keyboard.press('Enter');
          }
          try {
            await page.waitForSelector(`.hand .card-btn[data-card="${code}"]`, { state: 'detached', timeout: 4000 });
            break;
          } catch (e) {
            const now = await clientState(page);
            // The table moved on and the card is no longer one to play: choose again.
            if (!myTurn(now) || !now.game.legal.includes(`play ${code}`)) continue play;
            const at = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-key]')?.getAttribute('data-key') ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
            if (tries >= 3) throw new Error(`${code} not played: ${JSON.stringify({ error: now.error, legal: now.game?.legal, at })}`, { cause: e });
          }
        }
        const after = await page.evaluate(() => {
          const a = document.activeElement;
          const inHand = Boolean(a && a.classList.contains('card-btn') && a.closest('.hand'));
          const where = a ? `${a.tagName}.${a.className}` : null;
          const face = a?.querySelector('.card');
          const w = /** @type {any} */ (window).majlis;
          return { hf: w.ui?.handFocus ?? 'none', n: document.querySelectorAll('.hand .card-btn').length, inHand, where, outline: face ? getComputedStyle(face).outlineStyle : null, color: face ? getComputedStyle(face).outlineColor : null, visible: a ? a.matches(':focus-visible') : false };
        });
        if (run.touch && box && st.game.view.hand.length > 1) {
          // 9. The card that slid under the finger is not left raised by a hover that a touch
          // screen never ends (ignoring the small lift of a playable card).
          await page.waitForTimeout(300);
          const under = await page.evaluate(([x, y]) => {
            const b = document.elementFromPoint(x, y)?.closest('.card-btn');
            if (!b) return null;
            return { hovered: b.matches(':hover'), lift: new DOMMatrix(getComputedStyle(b).transform).m42 };
          }, [box.x + box.width / 2, box.y + box.height * 0.8]);
          if (under) {
            assert.ok(under.lift > -8, `the card under the finger is not raised: ${JSON.stringify(under)}`);
            if (!tapped) await screenshot(page, `polish-tapped-${run.name}`);
            tapped = true;
          }
        }
        if (st.game.view.hand.length > 1) {
          assert.ok(after.inHand, `focus is back on a card of the hand: ${JSON.stringify(after)}`);
          if (!run.touch && after.visible) {
            // From the keyboard: a dashed ring, not the gold outline of a playable card.
            assert.equal(after.outline, 'dashed');
            assert.notEqual(after.color, await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()));
          }
          if (!focused) await screenshot(page, `polish-focus-${run.name}`);
          focused = true;
        }
      }
      assert.ok(focused, 'a card was played and focus came back to the hand');
      assert.ok(announced, "a bot's card was announced");
      assert.ok(tapped, 'the card left under the finger after a tap was checked');
      assert.deepEqual(host.errors.filter((e) => !/not_your_turn|409|WebSocket/.test(e)), [], 'no errors in the page');
    } finally {
      await host.close();
      await friend.close();
      await server.stop();
    }
  });
}
