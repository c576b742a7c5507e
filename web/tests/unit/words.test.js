import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardWords, joinList, teamScoreText, hasOnlyWesternDigits, numberLocale, gameFacts } from '../../js/words.js';
import { MESSAGES, messageTexts, translate } from '../../js/i18n.js';

test('cards are named in words in both languages, with the suit and rank names of the rest of the client', () => {
  assert.equal(cardWords('en', 'KS'), 'King of spades');
  assert.equal(cardWords('en', 'TH'), '10 of hearts');
  assert.equal(cardWords('en', 'ad'), 'Ace of diamonds');
  assert.equal(cardWords('en', '7C'), '7 of clubs');
  assert.equal(cardWords('en', 'RJ'), 'Red joker');
  assert.equal(cardWords('en', 'BJ'), 'Black joker');
  assert.equal(cardWords('ar', 'KS'), `${translate('ar', 'rank.K')} ${translate('ar', 'suit.S')}`);
  assert.equal(cardWords('ar', 'KS'), 'شايب شريا');
  assert.equal(cardWords('ar', 'TH'), '10 هاص');
  assert.equal(cardWords('ar', 'RJ'), translate('ar', 'card.jokerRed'));
  assert.equal(cardWords('en', 'nonsense'), 'nonsense');
});

test('lists use the Arabic comma and و in Arabic, never an ASCII comma or an ampersand', () => {
  assert.equal(joinList('en', ['Sara', 'Noura', 'Ali']), 'Sara, Noura and Ali');
  assert.equal(joinList('en', ['Sara']), 'Sara');
  assert.equal(joinList('en', []), '');
  const ar = joinList('ar', ['سارة', 'نورة', 'علي']);
  assert.equal(ar, 'سارة، نورة وعلي');
  assert.ok(!ar.includes(',') && !ar.includes('&'), ar);
});

test("the two teams' scores name each team, the reader's first", () => {
  assert.equal(teamScoreText([['لنا', 12], ['لهم', 0]]), 'لنا 12 · لهم 0');
  assert.equal(teamScoreText([['Us', '3'], ['Them', '5']]), 'Us 3 · Them 5');
});

test('one digit style: no Arabic message has Arabic-Indic digits, and dates in Arabic use Western digits', () => {
  for (const [key, m] of Object.entries(MESSAGES.ar)) for (const text of messageTexts(m)) assert.ok(hasOnlyWesternDigits(text), `${key}: ${text}`);
  assert.ok(!hasOnlyWesternDigits('١٠١'));
  const date = new Date(Date.UTC(2026, 10, 27, 12)).toLocaleDateString(numberLocale('ar'), { day: 'numeric' });
  assert.match(date, /27/);
});

test('no Arabic message has an ASCII comma or an ampersand between its words', () => {
  for (const [key, text] of Object.entries(MESSAGES.ar).flatMap(([k, m]) => messageTexts(m).map((t) => [k, t]))) {
    // Key names in the keyboard help ("S", "P") and the record format stay Latin; punctuation does not.
    assert.ok(!/[\u0600-\u06FF]\s*,|,\s*[\u0600-\u06FF]/.test(text), `${key}: ${text}`);
    assert.ok(!text.includes(' & '), `${key}: ${text}`);
  }
});

test("a game in the player's list says when, how it went, the score from their side and who else played", () => {
  const g = {
    game_id: 'g_1', game: 'kout4', seat: 1, finished: true, started_at: Date.UTC(2026, 10, 26), ended_at: Date.UTC(2026, 10, 27, 12),
    result: { winner: 1, score: [40, 101] }, players: ['Noura', 'Sara', 'bot:hard', 'Ali'],
  };
  const en = gameFacts('en', g);
  assert.equal(en.result, 'Won');
  assert.equal(en.score, 'Us 101 · Them 40');
  assert.equal(en.others, 'with Noura, Bot 3 and Ali');
  assert.match(en.date, /27/);
  const ar = gameFacts('ar', g);
  assert.equal(ar.result, translate('ar', 'home.recent.won'));
  assert.equal(ar.score, 'لنا 101 · لهم 40');
  assert.ok(ar.others.includes('نورة') === false && ar.others.includes('Noura') && !ar.others.includes(','), ar.others);
  assert.ok(hasOnlyWesternDigits(ar.date), ar.date);
  // Kabul: each for themselves; a loss; an older server without players.
  const k = gameFacts('en', { game: 'kabul', seat: 0, finished: true, result: { winner: [2], score: [30, 12, 4] }, ended_at: 1 });
  assert.deepEqual([k.result, k.score, k.others], ['Lost', '30', '']);
  // In progress: no result yet.
  assert.equal(gameFacts('en', { game: 'baloot', seat: 0, finished: false, started_at: 5 }).result, '');
});

test('a match stopped because everyone left says so in the list (issue 35, item 6)', () => {
  const g = { game_id: 'g_2', game: 'kout4', seat: 0, finished: true, ended_at: Date.UTC(2026, 10, 27), result: { winner: null, score: [12, 30], abandoned: true }, players: ['Noura', 'bot:hard', 'Ali', 'bot:hard'] };
  assert.equal(gameFacts('en', g).result, 'Stopped: everyone left');
  assert.equal(gameFacts('ar', g).result, 'توقفت: غادر الجميع');
});

test('"Play now" remembers the last game and bot level, and starts from Baloot against medium bots', async () => {
  const store = new Map();
  globalThis.localStorage = /** @type {any} */ ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k) });
  try {
    const { lastPlay, rememberPlay, FIRST_PLAY } = await import('../../js/storage.js');
    assert.deepEqual(lastPlay(), FIRST_PLAY);
    assert.equal(FIRST_PLAY.game, 'baloot');
    rememberPlay({ game: 'kabul', rules: { players: 3, target_score: 100 } });
    rememberPlay({ bot: 'hard' });
    assert.deepEqual(lastPlay(), { game: 'kabul', rules: { players: 3, target_score: 100 }, bot: 'hard' });
    store.set('majlis.lastPlay', '{broken');
    assert.deepEqual(lastPlay(), FIRST_PLAY, 'a broken entry is forgotten');
  } finally {
    delete globalThis.localStorage;
  }
});
