// The golden HTTP answers shared with the server (tests/protocol/http/*.json at the repository root,
// written by crates/server/tests/it/http_protocol.rs): each is fed to the client code that reads that
// answer — through api.js with fetch answering the fixture, into the views on a stand-in DOM —
// and what the page makes of it is checked. An answer no page reads (the operators') is checked
// against the documentation that promises it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeNode, installFakeDom } from './fake-dom.js';

installFakeDom();

const api = await import('../../js/api.js');
const { initialState, reduce } = await import('../../js/state.js');
const { translate, translateParts } = await import('../../js/i18n.js');
const { isolate } = await import('../../js/dom.js');
const { parseCard } = await import('../../js/cards.js');
const { normalizeCode, seatCount } = await import('../../js/protocol.js');
const { gameFacts } = await import('../../js/words.js');
const { changeText, rankLine } = await import('../../js/players.js');
const { readReplay } = await import('../../js/replay.js');
const { readAnalysis, MARKS } = await import('../../js/analysis.js');
const { restoreSession } = await import('../../js/views/account.js');
const { openCard, recentCard } = await import('../../js/views/home.js');
const { loadProfile, renderProfile } = await import('../../js/views/profile.js');
const { loadLeaderboard, renderLeaderboard } = await import('../../js/views/leaderboard.js');
const { botChooser } = await import('../../js/views/table.js');
const { loadDaily, renderDaily } = await import('../../js/views/daily.js');
const { loadTournaments, renderTournaments } = await import('../../js/views/tournaments.js');

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(repo, 'tests/protocol/http');

/** @param {string} name */
function fixture(name) {
  return JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8'));
}

/**
 * Makes `fetch` answer `body` with `status` (a string body as it is), and returns the paths asked.
 * @param {number} status
 * @param {unknown} body
 */
function serve(status, body) {
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(String(url));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return asked;
}

/** A page's stand-in for the App of main.js: its state, its ui, its words; counts renders. */
function appStub(state = {}, ui = {}) {
  const app = {
    state: { ...initialState({ lang: 'en' }), ...state },
    ui,
    renders: 0,
    t: (key, params) => translate(app.state.lang, key, params),
    tn: (key, params, nodes) => isolate(translateParts(app.state.lang, key, params), nodes),
    render: () => { app.renders += 1; },
  };
  return app;
}

/** Waits until `ready()` (an answer went through its promise chain). */
async function until(ready) {
  for (let i = 0; i < 100 && !ready(); i += 1) await new Promise((r) => setTimeout(r, 0));
  assert.ok(ready(), 'the answer was read');
}

/** @param {FakeNode} root @param {(e: FakeNode) => boolean} pick */
const find = (root, pick) => root.all().filter(pick);
const hrefs = (root) => find(root, (e) => e.tagName === 'a').map((a) => a.getAttribute('href'));

/** The line of a Markdown file that documents `route`. */
function docLine(file, route) {
  const line = fs.readFileSync(path.join(repo, file), 'utf8').split('\n').find((l) => l.includes(route));
  assert.ok(line, `${file} documents ${route}`);
  return line;
}

/** Each fixture's check: what the client (or, for an operator's answer, its documentation) does with it. */
const checks = {
  async me(f) {
    // At start the client asks who its session belongs to.
    const store = new Map([['majlis.session', '1']]);
    globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
    const asked = serve(200, f);
    const player = await restoreSession();
    assert.deepEqual(asked, ['/api/me']);
    assert.deepEqual(player, f.player);
    const s = reduce(initialState(), { type: 'player', player });
    assert.equal(s.me.id, f.player.id);
    assert.equal(typeof s.me.account, 'boolean');
    // An older client's token is handed over once (`/api/session/adopt` answers the same) and forgotten.
    store.set('majlis.token', 't_old');
    serve(200, f);
    assert.deepEqual(await restoreSession(), f.player);
    assert.equal(store.get('majlis.token'), undefined);
    delete globalThis.localStorage;
  },

  async new_session(f) {
    const asked = serve(200, f);
    const { player, token } = await api.createPlayer('Sara');
    assert.deepEqual(asked, ['/api/players']);
    assert.equal(player.account, false, 'a new guest');
    assert.equal(typeof token, 'string');
    assert.equal(reduce(initialState(), { type: 'player', player }).me.name, f.player.name);
    serve(200, { ...f, player: { ...f.player, account: true } });
    assert.equal((await api.signIn('Sara', 'a password')).player.account, true);
  },

  async tables(f) {
    serve(200, f);
    const list = await api.openTables();
    assert.ok(Array.isArray(list) && list.length > 0);
    const root = openCard(appStub({}, { openTables: list }));
    const items = find(root, (e) => e.tagName === 'li');
    assert.equal(items.length, f.length);
    f.forEach((t, i) => {
      assert.equal(normalizeCode(t.code), t.code, 'a code the client can join');
      assert.deepEqual(hrefs(items[i]), [`#/t/${t.code}`]);
      const taken = t.seats.filter((s) => s.kind !== 'empty').length;
      const total = t.seats.length || seatCount(t.game);
      assert.match(items[i].textContent, new RegExp(`host ${t.host}.*${taken}/${total} seats`));
      assert.ok(t.seats.every((s) => ['human', 'bot', 'empty'].includes(s.kind)));
    });
  },

  async my_games(f) {
    serve(200, f);
    const list = await api.myGames();
    const root = recentCard(appStub({ me: { id: f[0].player_ids[f[0].seat], name: 'Sara' } }, { recent: list }));
    const items = find(root, (e) => e.tagName === 'li');
    assert.deepEqual(items.map((li) => li.dataset.game), f.map((g) => g.game_id));
    f.forEach((g, i) => {
      // A finished match opens its replay; one under way returns to its table.
      const to = g.finished ? `#/replay/${g.game_id}` : `#/t/${g.table}`;
      assert.ok(hrefs(items[i]).includes(to), `${g.game_id}: ${hrefs(items[i])}`);
      // Each person's name links to their profile (bots have none).
      g.player_ids.forEach((id, seat) => {
        if (seat !== g.seat && id) assert.ok(hrefs(items[i]).includes(`#/p/${id}`), `${g.game_id}: seat ${seat}`);
      });
      if (g.finished) assert.ok(gameFacts('en', g).result, `${g.game_id}: won or lost`);
    });
  },

  async profile(f) {
    serve(200, f);
    const app = appStub({ route: { name: 'profile', playerId: f.player.id } });
    loadProfile(app, f.player.id);
    await until(() => app.renders > 0);
    const root = renderProfile(app);
    assert.equal(find(root, (e) => e.tagName === 'h1')[0].textContent, f.player.name);
    assert.deepEqual(find(root, (e) => e.tagName === 'tr' && e.dataset.game).map((r) => r.dataset.game), f.ratings.map((r) => r.game));
    const games = find(root, (e) => e.tagName === 'li' && e.attributes.class === 'profile-game');
    assert.deepEqual(games.map((li) => li.dataset.game), f.games.map((g) => g.game_id));
    f.games.forEach((g, i) => {
      assert.ok(hrefs(games[i]).includes(`#/replay/${g.game_id}`));
      for (const p of [...g.partners, ...g.opponents]) {
        if (p.id) assert.ok(hrefs(games[i]).includes(`#/p/${p.id}`), `${p.name} links to their profile`);
      }
      const change = find(games[i], (e) => e.attributes['data-key'] === 'rating-change')[0];
      if (g.rating_change) assert.ok(change.textContent.includes(changeText(g.rating_change.before, g.rating_change.after)), change.textContent);
      else assert.equal(change, undefined);
    });
  },

  async leaderboard(f) {
    serve(200, f);
    const me = f.top.find((e) => e.rank === f.me?.rank)?.player;
    const app = appStub({ route: { name: 'leaderboard', game: f.game }, me });
    loadLeaderboard(app, f.game);
    await until(() => app.renders > 0);
    const root = renderLeaderboard(app);
    const rows = find(root, (e) => e.tagName === 'tr' && e.dataset.rank);
    assert.deepEqual(rows.map((r) => r.dataset.rank), f.top.map((e) => String(e.rank)));
    f.top.forEach((e, i) => assert.deepEqual(hrefs(rows[i]), [`#/p/${e.player.id}`]));
    if (me) assert.equal(rows.find((r) => r.attributes.class === 'mine')?.dataset.rank, String(f.me.rank));
    const line = rankLine(f.me, true);
    assert.equal(find(root, (e) => e.attributes['data-key'] === 'own-rank')[0].textContent, translate('en', line.key, line.params));
  },

  async daily_today(f) {
    // Today's page: a card per game, Play for a game not begun, Continue at the next deal for one
    // under way; the commitment in full in its title.
    const asked = serve(200, f);
    const app = appStub({ route: { name: 'daily' }, me: { id: 'p_sara0000000', name: 'Sara' } });
    loadDaily(app);
    await until(() => app.renders > 0);
    assert.deepEqual(asked, ['/api/daily', '/api/daily/history']);
    const root = renderDaily(app);
    const cards = find(root, (e) => e.tagName === 'li' && e.dataset.game);
    assert.deepEqual(cards.map((c) => c.dataset.game), f.games.map((g) => g.game));
    for (const g of f.games) {
      const button = find(root, (e) => e.attributes['data-key'] === `daily-play-${g.game}`)[0];
      const words = g.you ? translate('en', 'daily.continue', { n: g.you.played + 1, total: g.deals }) : translate('en', 'daily.play');
      assert.equal(button.textContent, words, g.game);
    }
    assert.equal(find(root, (e) => e.attributes.class === 'muted small daily-commitment')[0].attributes.title, f.commitment);
  },

  async daily_entry(f) {
    // Play: the page goes to the table the answer names.
    const asked = serve(200, f);
    const entry = await api.dailyOpen(f.game);
    assert.deepEqual(asked, [`/api/daily/${f.game}`]);
    assert.match(entry.table, /^[A-Z0-9]+$/);
    assert.ok(entry.played <= entry.deals);
  },

  async daily_board(f) {
    // The standings: a row per player in place order, a column per deal when any line is shown
    // deal by deal, each deal linking its replay once the day closed.
    serve(200, f);
    const app = appStub({ route: { name: 'daily', day: f.day, game: f.game }, me: { id: f.players[0].player, name: f.players[0].name } });
    loadDaily(app);
    await until(() => app.renders > 0);
    const root = renderDaily(app);
    const rows = find(root, (e) => e.tagName === 'tr' && e.dataset.place);
    assert.deepEqual(rows.map((r) => r.dataset.place), f.players.map((p) => String(p.place)));
    assert.equal(rows[0].attributes.class, 'mine');
    const heads = find(root, (e) => e.tagName === 'th' && e.attributes.scope === 'col');
    assert.equal(heads.length, 5 + f.deals);
    const replays = hrefs(rows[0]).filter((h) => h.startsWith('#/replay/'));
    assert.deepEqual(replays, f.players[0].results.map((r) => `#/replay/${r.game_id}`));
    assert.equal(find(rows[0], (e) => e.attributes['data-key'] === 'percent')[0].textContent, `${f.players[0].percent.toFixed(1)}%`);
    // The day closed: each deal's par (its sign written out), and the best scores with their replays.
    const pars = find(root, (e) => e.attributes['data-key'] === 'par').map((e) => e.textContent);
    assert.deepEqual(pars, f.pars.map((n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0')));
    const best = find(root, (e) => e.attributes['data-key'] === 'daily-best').map((e) => e.getAttribute('href'));
    assert.deepEqual(best, f.best.filter(Boolean).map((x) => `#/replay/${x.game_id}`));
  },

  async daily_history(f) {
    // Today's page lists one's days, each linking its standings.
    globalThis.fetch = async (url) => {
      const body = String(url) === '/api/daily/history' ? f : fixture('daily_today');
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const app = appStub({ route: { name: 'daily' }, me: { id: 'p_sara0000000', name: 'Sara' } });
    loadDaily(app);
    await until(() => app.renders > 0);
    const root = renderDaily(app);
    const list = find(root, (e) => e.attributes['data-key'] === 'daily-history')[0];
    assert.ok(list, 'the history is listed');
    assert.deepEqual(hrefs(list), f.map((l) => `#/daily/${l.day}/${l.game}`));
    const text = list.textContent;
    for (const l of f) assert.ok(text.includes(translate('en', 'daily.historyLine', { percent: l.percent.toFixed(1), place: l.place, of: l.of, played: l.played })), text);
  },

  async tournament_list(f) {
    // The list links each tournament's page; signed in, the form to create one is there.
    const asked = serve(200, f);
    const app = appStub({ route: { name: 'tournaments' }, me: { id: 'p_sara0000000', name: 'Sara' } });
    loadTournaments(app);
    await until(() => app.renders > 0);
    assert.deepEqual(asked, ['/api/tournaments']);
    const root = renderTournaments(app);
    const links = hrefs(root).filter((x) => x.startsWith('#/tournaments/'));
    assert.deepEqual(links, f.tournaments.map((t) => `#/tournaments/${t.id}`));
    assert.ok(find(root, (e) => e.attributes['data-key'] === 'tournament-create').length === 1, 'the form');
    const status = find(root, (e) => e.attributes.class === 'tournament-status')[0];
    assert.equal(status.textContent, translate('en', `tournament.status.${f.tournaments[0].status}`, { round: f.tournaments[0].round }));
  },

  async tournament(f) {
    // One tournament: the standings in place order with each team's players, each round's
    // boards with their scores and who won, the replay only once its round is over.
    const asked = serve(200, f);
    const app = appStub({ route: { name: 'tournaments', tournamentId: f.id }, me: { id: 'p_sara0000000', name: 'Sara' } });
    loadTournaments(app);
    await until(() => app.renders > 0);
    assert.deepEqual(asked, [`/api/tournaments/${f.id}`]);
    const root = renderTournaments(app);
    const rows = find(root, (e) => e.tagName === 'tr' && e.dataset.place);
    assert.deepEqual(rows.map((r) => r.dataset.team), f.standings.map((l) => String(l.team)));
    assert.equal(rows[0].attributes.class, 'mine');
    assert.ok(rows[0].textContent.includes(f.standings[0].players[0]), rows[0].textContent);
    const boards = find(root, (e) => e.tagName === 'li' && e.dataset.board !== undefined);
    assert.equal(boards.length, f.played.reduce((n, r) => n + r.boards.length, 0));
    const b = f.played[0].boards[0];
    assert.ok(boards[0].textContent.includes(`${b.a_points}–${b.b_points}`), boards[0].textContent);
    assert.ok(boards[0].textContent.includes(translate('en', 'tournament.won', { team: b.a })), boards[0].textContent);
    assert.equal(hrefs(root).filter((x) => x.startsWith('#/replay/')).length, f.played.filter((r) => r.done).length);
    assert.ok(root.textContent.includes(translate('en', 'tournament.swissRounds', { n: f.rounds })), 'the number of rounds');
    // The room's matchpoints: a percentage, or a dash before any comparison.
    const mp = find(root, (e) => e.attributes['data-key'] === 'matchpoints').map((e) => e.textContent);
    assert.deepEqual(mp, f.standings.map((l) => (l.matchpoints === null ? '–' : `${l.matchpoints.toFixed(1)}%`)));
    assert.equal(find(root, (e) => e.attributes['data-key'] === 'tournament-bracket').length, 0, 'a Swiss event has no bracket');
  },

  async bots(f) {
    serve(200, f);
    const app = appStub({}, { botChoice: 'medium' });
    botChooser(app);
    await until(() => app.renders > 0);
    const options = find(botChooser(app), (e) => e.tagName === 'option').map((o) => o.getAttribute('value'));
    for (const name of f.server) assert.ok(options.includes(name), `the operator's ${name} is offered`);
    for (const level of ['easy', 'medium', 'hard', 'expert']) assert.ok(options.includes(level), level);
  },

  async error(f) {
    serve(404, f);
    await assert.rejects(api.profile('p_nobody'), (e) => e instanceof api.ApiError && e.status === 404 && e.code === f.error.code && e.message === f.error.message);
    serve(401, f);
    await assert.rejects(api.exportGames(), (e) => e instanceof api.ApiError && e.code === f.error.code && e.message === f.error.message);
    serve(404, f);
    const app = appStub({ route: { name: 'profile', playerId: 'p_nobody' } });
    loadProfile(app, 'p_nobody');
    await until(() => app.renders > 0);
    const alert = find(renderProfile(app), (e) => e.attributes.role === 'alert')[0];
    assert.equal(alert.textContent, translate('en', 'players.missing'));
  },

  async record_error(f) {
    serve(422, f);
    // The page says the engines' reason under the record's kind of error.
    await assert.rejects(api.replayRecord('{}'), (e) => e instanceof api.ApiError && e.status === 422 && e.code === f.error.kind && e.message === f.error.reason);
    for (const key of ['hand', 'action', 'seat', 'text']) assert.ok(key in f.error, `${key} is sent, null when unknown`);
  },

  async analysis(f) {
    serve(200, f);
    const body = await api.analysis('g_match0000000');
    assert.equal(body.status, 'ready');
    const a = readAnalysis(body.analysis);
    assert.ok(a, 'an analysis the page reads');
    assert.equal(a.unit, f.analysis.unit);
    const decisions = f.analysis.hands.flatMap((h) => h.decisions);
    assert.equal(a.decisions.length, decisions.length, 'no decision dropped');
    assert.ok(a.decisions.every((d) => MARKS.includes(d.mark) && d.values.length > 0));
    assert.deepEqual(a.decisions.map((d) => d.unit), decisions.map((d) => d.unit), 'each decision in its own unit');
    assert.ok(a.decisions.some((d) => d.unit !== a.unit), 'the example holds a bid in points');
    f.analysis.hands.forEach((h) => assert.deepEqual(a.pars[h.hand], h.par));
  },

  async match_chat(f) {
    // The lines are the `chat` frame's, without `type` and `table` (a public answer names no
    // table, which may have been private): the chat reader takes them.
    assert.equal(f.table, undefined);
    const code = 'K7QX2M';
    let s = reduce(initialState(), { type: 'route', route: { name: 'table', code } });
    s = reduce(s, { type: 'server', msg: { type: 'table', table: { code, game: 'kout4', seats: [], version: 1 }, you: 0 }, now: 0 });
    for (const line of f.chat) s = reduce(s, { type: 'server', msg: { type: 'chat', table: code, ...line }, now: 1000 });
    assert.deepEqual(s.chat.lines.map((l) => l.seq), f.chat.map((l) => l.seq));
    assert.deepEqual(s.chat.lines.map((l) => l.text ?? l.phrase), f.chat.map((l) => l.text ?? l.phrase));
    assert.equal(f.game_id.startsWith('g_'), true);
  },

  async replay(f) {
    serve(200, f);
    const r = readReplay(await api.replay('g_match0000000'));
    assert.ok(r, 'a replay the page reads');
    assert.equal(r.game, f.game);
    assert.equal(r.seats, f.seats);
    assert.deepEqual(r.steps.map((s) => s.text), f.steps.map((s) => s.text));
    assert.equal(r.steps[0].text, 'deal');
    for (const step of r.steps) {
      assert.equal(step.hands.length, f.seats);
      for (const card of step.hands.flat()) assert.ok(card === null || parseCard(card), `${card} is a card`);
    }
  },

  async export(f) {
    // One line per match: the profile's entry for it and its record.
    serve(200, `${JSON.stringify(f)}\n`);
    const text = await api.exportGames();
    const lines = text.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, 1);
    const [line] = lines;
    assert.equal(line.record.game, line.game);
    assert.ok(Array.isArray(line.record.hands));
    for (const key of Object.keys(fixture('profile').games[0])) assert.ok(key in line, `${key}, as in a profile`);
    assert.ok(gameFacts('en', { ...line, finished: true, players: [] }).result);
  },

  async health(f) {
    // Operators' answers: no page reads them; they are what the documentation promises.
    const row = docLine('docs/protocol.md', '`GET /api/health`');
    for (const [key, value] of Object.entries(f)) assert.ok(row.includes(`"${key}": ${JSON.stringify(value)}`), `${key} as documented`);
  },

  async ready(f) {
    const row = docLine('docs/operations.md', '`GET /readyz`');
    assert.ok(row.includes(`{"ok": ${f.ok}, "reason": ${JSON.stringify(f.reason)}}`), row);
  },

  async stats(f) {
    const row = docLine('docs/protocol.md', '`GET /api/stats`');
    const documented = (keys) => keys.every((k) => row.includes(`"${k}"`));
    assert.ok(documented(Object.keys(f)), `the keys of /api/stats: ${Object.keys(f)}`);
    assert.ok(documented(Object.keys(f.bot_threads)), `the keys of bot_threads: ${Object.keys(f.bot_threads)}`);
    assert.ok(['sqlite', 'postgres'].includes(f.store));
  },
};

const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

test('every HTTP fixture is read by a check here, and every check has its fixture', () => {
  assert.ok(files.length > 0, 'tests/protocol/http has fixtures');
  assert.deepEqual(files.map((f) => f.slice(0, -'.json'.length)), Object.keys(checks).sort());
});

for (const name of Object.keys(checks)) {
  test(`HTTP fixture ${name}.json`, async () => {
    await checks[name](fixture(name));
  });
}

test("a knockout's bracket: a column a round, byes go through, later rounds wait, the final last", async () => {
  const { bracketRounds } = await import('../../js/views/tournaments.js');
  // Six teams: a bracket of eight, the top two seeds with byes; round 1 under way, one match over.
  const t = {
    teams: [1, 2, 3, 4, 5, 6].map((team) => ({ team, players: [`P${team}`, null] })),
    played: [{
      round: 1,
      done: false,
      boards: [
        { board: 0, a: 1, b: null, status: 'bye' },
        { board: 1, a: 4, b: 5, status: 'finished', a_points: 10, b_points: 30, outcome: 'b' },
        { board: 2, a: 2, b: null, status: 'bye' },
        { board: 3, a: 3, b: 6, status: 'playing', a_points: null, b_points: null, outcome: null },
      ],
    }],
  };
  const rounds = bracketRounds(t);
  assert.deepEqual(rounds.map((r) => [r.round, r.matches.length]), [[1, 4], [2, 2], [3, 1]]);
  assert.deepEqual(rounds[0].matches.map((m) => m && m.winner), [1, 5, 2, null]);
  assert.deepEqual(rounds[0].matches[1], { a: 4, b: 5, aPoints: 10, bPoints: 30, winner: 5 });
  assert.deepEqual(rounds[0].matches[3], { a: 3, b: 6, aPoints: null, bPoints: null, winner: null });
  assert.ok(rounds[1].matches.every((m) => m === null) && rounds[2].matches[0] === null);
  // A drawn match goes to the better seed.
  t.played[0].boards[3] = { board: 3, a: 3, b: 6, status: 'finished', a_points: 7, b_points: 7, outcome: 'draw' };
  assert.equal(bracketRounds(t)[0].matches[3]?.winner, 3);
  // Two teams: the final alone.
  assert.deepEqual(bracketRounds({ teams: [{ team: 1 }, { team: 2 }], played: [] }).map((r) => r.matches.length), [1]);
});
