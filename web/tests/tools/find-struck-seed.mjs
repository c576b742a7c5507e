// Finds a `majlis serve --seed` whose first Baloot table (default rules, medium bots) shows a
// struck project in its first hand when the person passes every bid and plays their first legal
// card: the seed of the struck-Sira test in tests/e2e/second_pass.test.js. Run it when that test
// says its seed no longer works (the deal's derivation or the heuristic bot's bidding changed):
//   cd web && node tests/tools/find-struck-seed.mjs [FROM] [TO]
import { startServer, openBrowser, signIn, createTable, fillAndStart, until, myTurn, strikeSeedChoice } from '../e2e/harness.js';

const from = Number(process.argv[2] ?? 1);
const to = Number(process.argv[3] ?? 200);
const b = await openBrowser({ width: 1366, height: 768 });
for (let seed = from; seed <= to; seed += 1) {
  const server = await startServer({ botDelayMs: 0, seed });
  try {
    await signIn(b.page, server.base, 'Sara');
    await createTable(b.page, { game: 'baloot' });
    await fillAndStart(b.page);
    for (;;) {
      const st = await until(b.page, (s) => (myTurn(s) || s.game?.view?.hand?.number > 0 || (s.game?.view?.hand?.projects ?? []).some((p) => p.counted === false)) && s, { timeout: 20_000 });
      const hd = st.game.view.hand;
      if ((hd.projects ?? []).some((p) => p.counted === false)) {
        console.log(`--seed ${seed}: ${JSON.stringify(hd.projects)}`);
        await b.close();
        await server.stop();
        process.exit(0);
      }
      if (hd.number > 0) break;
      await b.page.evaluate((a) => /** @type {any} */ (window).majlis.act(a), strikeSeedChoice(st.game.legal));
      await until(b.page, (s) => s.game.version > st.game.version, { timeout: 10_000 });
    }
  } finally {
    await server.stop();
  }
}
console.log(`no seed from ${from} to ${to}`);
await b.close();
process.exit(1);
