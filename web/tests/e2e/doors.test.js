// The host's doors in the browser (issue 32): a table created "Invite only" seats whoever opens its
// invite link and only lets someone with the bare code watch; the host removes a player from the
// lobby with the button beside their name, the removed player's page goes home saying why, and the
// invite link no longer seats them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, openBrowser, signIn, createTable, until, screenshot } from './harness.js';

test('an invite-only table seats by its link, and a removed player cannot sit again', async () => {
  const server = await startServer();
  const host = await openBrowser();
  const friend = await openBrowser();
  const stranger = await openBrowser();
  try {
    await signIn(host.page, server.base, 'Hana');
    const code = await createTable(host.page, { game: 'kout4', setup: (p) => p.check('input[data-key="invite-only"]') });
    await until(host.page, (s) => s.table?.invite_only === true && s.table?.invite, { what: 'the invite secret' });
    const link = await host.page.inputValue('#invite-link');
    assert.match(link, new RegExp(`#/t/${code}\\?invite=[0-9a-f]{16}$`), link);

    // The link seats the friend.
    await signIn(friend.page, server.base, 'Farah');
    await friend.page.goto(link);
    const seat = await until(friend.page, (s) => s.table?.code === code && s.you !== null && s.you, { what: 'the friend seated' });

    // The bare code only lets the stranger watch, and their page never holds the secret.
    await signIn(stranger.page, server.base, 'Stray');
    await stranger.page.goto(`${server.base}/#/t/${code}`);
    const watched = await until(stranger.page, (s) => s.table?.code === code && s.you === null && s.table, { what: 'the stranger watching' });
    assert.equal(watched.invite, undefined);
    await stranger.page.waitForSelector(`button[data-key="sit-1"]`);
    await stranger.page.click('button[data-key="sit-1"]');
    await until(stranger.page, (s) => s.error?.code === 'not_invited', { what: 'the refusal' });
    await screenshot(stranger.page, 'doors-invite-only-watcher');

    // The host removes the friend: the seat empties, the friend's page goes home and says why.
    await host.page.click(`button[data-key="remove-${seat}"]`);
    await until(host.page, (s) => s.table?.seats?.[seat]?.kind === 'empty', { what: 'the seat freed' });
    await until(friend.page, (s) => s.route.name === 'home' && s.error?.code === 'removed', { what: 'the friend sent home' });
    await screenshot(friend.page, 'doors-removed');
    // The invite link does not seat them again: they may only watch.
    await friend.page.goto(link);
    await until(friend.page, (s) => s.table?.code === code && s.you === null, { what: 'the friend watching' });
    const seats = await until(host.page, (s) => s.table?.seats, { what: 'the seats' });
    assert.equal(seats[seat].kind, 'empty');
    for (const b of [host, friend, stranger]) assert.deepEqual(b.errors, [], 'no page errors');
  } finally {
    await Promise.all([host.close(), friend.close(), stranger.close()]);
    await server.stop();
  }
});
