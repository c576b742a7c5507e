import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ratingText, changeText, changeOf, changeClass, ownChange, sortRatings, resultKey, rankLine, boardGame, exportFileName, RATED_GAMES } from '../../js/players.js';
import { parseRoute, msg } from '../../js/protocol.js';
import { MESSAGES, translate } from '../../js/i18n.js';
import * as words from '../../js/i18n-players.js';

test('ratings show as whole numbers, and a missing one as a dash', () => {
  assert.equal(ratingText(1523.6), '1524');
  assert.equal(ratingText(1499.4), '1499');
  assert.equal(ratingText(undefined), '–');
  assert.equal(ratingText('x'), '–');
});

test('a change is signed with a real minus, from the shown (rounded) ratings', () => {
  assert.equal(changeText(1500, 1523.6), '+24');
  assert.equal(changeText(1500, 1476.2), '\u221224');
  assert.equal(changeText(1500.2, 1499.9), '±0');
  // Rounded apart: 1500.4 shows 1500, 1500.6 shows 1501: the shown change is +1.
  assert.equal(changeOf(1500.4, 1500.6), 1);
  assert.equal(changeText(null, 1500), '');
  assert.deepEqual([changeClass(1500, 1530), changeClass(1500, 1470), changeClass(1500, 1500.3)], ['up', 'down', 'same']);
});

test("one's own change is found among a rated match's changes", () => {
  const changes = [
    { seat: 0, player: 'p_a', outcome: 'win', before: 1500, after: 1530, uncertainty: 460 },
    { seat: 1, player: 'p_b', outcome: 'left', before: 1500, after: 1470, uncertainty: 460 },
  ];
  assert.deepEqual(ownChange(changes, 'p_b'), { seat: 1, player: 'p_b', outcome: 'left', before: 1500, after: 1470 });
  assert.equal(ownChange(changes, 'p_c'), null);
  assert.equal(ownChange(undefined, 'p_a'), null);
  assert.equal(ownChange(changes, null), null);
});

test('ratings list in the games order, results say how a match counted', () => {
  const sorted = sortRatings([{ game: 'kabul' }, { game: 'kout6' }, { game: 'chess' }, { game: 'baloot' }]);
  assert.deepEqual(sorted.map((r) => r.game), ['kout6', 'baloot', 'kabul', 'chess']);
  assert.equal(resultKey({ won: true, rating_change: { outcome: 'left' } }), 'players.result.left');
  // Someone else left: the match did not count, whoever won at the table.
  assert.equal(resultKey({ won: true, rating_change: { outcome: 'void' } }), 'players.result.void');
  assert.equal(resultKey({ won: true, rating_change: { outcome: 'loss' } }), 'players.result.loss');
  assert.equal(resultKey({ won: true, rating_change: null }), 'players.result.win');
  assert.equal(resultKey({ won: false }), 'players.result.loss');
});

test('the rank line: sign in, no rating yet, or the rank (provisional marked)', () => {
  assert.deepEqual(rankLine(null, false), { key: 'players.board.signIn' });
  assert.deepEqual(rankLine(null, true), { key: 'players.board.noRating' });
  assert.deepEqual(rankLine({ rank: 3, rating: 1523.6, games: 2, provisional: true }, true),
    { key: 'players.board.youProvisional', params: { rank: 3, rating: '1524' } });
  assert.equal(rankLine({ rank: 1, rating: 1800, games: 40, provisional: false }, true).key, 'players.board.you');
  assert.equal(translate('en', 'players.board.you', { rank: 3, rating: '1524' }), 'Your rank: 3 (rating 1524)');
  assert.match(translate('ar', 'players.board.you', { rank: 3, rating: '1524' }), /مركزك/);
});

test('profile and leaderboard routes', () => {
  assert.deepEqual(parseRoute('#/p/p_ABC123'), { name: 'profile', playerId: 'p_ABC123' });
  assert.deepEqual(parseRoute('#/leaderboard/baloot'), { name: 'leaderboard', game: 'baloot' });
  assert.deepEqual(parseRoute('#/leaderboard'), { name: 'leaderboard', game: 'kout6' });
  assert.deepEqual(parseRoute('#/leaderboard/chess'), { name: 'leaderboard', game: 'kout6' });
  assert.deepEqual(parseRoute('#/p/%E0%A4%A'), { name: 'home' });
  assert.equal(boardGame('kabul'), 'kabul');
  assert.equal(boardGame(undefined), RATED_GAMES[0]);
});

test('create_table carries rated only when chosen', () => {
  assert.equal(msg.createTable({ game: 'kout4', rated: true }).rated, true);
  assert.equal('rated' in msg.createTable({ game: 'kout4' }), false);
});

test('every ratings message exists in both languages and reaches the translator', () => {
  assert.deepEqual(Object.keys(words.en).sort(), Object.keys(words.ar).sort());
  for (const key of Object.keys(words.en)) {
    assert.equal(MESSAGES.en[key], words.en[key], key);
    assert.equal(MESSAGES.ar[key], words.ar[key], key);
  }
});

test('an export file is named after the player and the day', () => {
  assert.equal(exportFileName('p_AB/../C', new Date(Date.UTC(2026, 10, 27, 9))), 'majlis-games-p_ABC-2026-11-27.ndjson');
});

test('the daily deal has its routes: today, and a day of one game', () => {
  assert.deepEqual(parseRoute('#/daily'), { name: 'daily' });
  assert.deepEqual(parseRoute('#/daily/'), { name: 'daily' });
  assert.deepEqual(parseRoute('#/daily/2026-11-28/baloot'), { name: 'daily', day: '2026-11-28', game: 'baloot' });
  // Not a day, or not a daily game: home.
  assert.deepEqual(parseRoute('#/daily/yesterday/baloot'), { name: 'home' });
  assert.deepEqual(parseRoute('#/tournaments'), { name: 'tournaments' });
  assert.deepEqual(parseRoute('#/tournaments/t_AB12CD34EF'), { name: 'tournaments', tournamentId: 't_AB12CD34EF' });
  assert.deepEqual(parseRoute('#/tournaments/<script>'), { name: 'home' });
  assert.deepEqual(parseRoute('#/daily/2026-11-28/chess'), { name: 'home' });
});
