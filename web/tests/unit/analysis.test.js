import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAnalysis, decisionsByStep, markCounts, valueText, lessonText, hintText, parText } from '../../js/analysis.js';
import { translate } from '../../js/i18n.js';
import { initialState, reduce } from '../../js/state.js';

const en = (k, p) => translate('en', k, p);
const ar = (k, p) => translate('ar', k, p);
const label = (a) => a.replace(/^play /, '');

/** An analysis as `majlis analyze --json` writes it (the fields the client reads). */
const sample = {
  game: 'baloot',
  unit: 'game_points',
  ms: 60,
  thresholds: { inaccuracy: 2, mistake: 5, blunder: 10 },
  hands: [
    { hand: 0, par: null, decisions: [
      { action: 3, seat: 1, played: 'play QH', best: 'play QH', values: [['play QH', 4], ['play 7H', 1]], tricks: null, loss: 0, mark: 'good', samples: 20 },
      { action: 5, seat: 2, played: 'play 7S', best: 'play AS', unit: 'game_points', values: [['play AS', 9], ['play 7S', -2]], tricks: null, loss: 11, mark: 'blunder', samples: 20 },
      { action: 6, seat: 3, played: 'nonsense', best: 'x', values: [], loss: 1, mark: 'awful', samples: 1 },
    ] },
    { hand: 1, par: { tricks: 5 }, decisions: [
      { action: 0, seat: 0, played: 'play 8D', best: 'play KD', values: [['play KD', 3], ['play 8D', 0]], loss: 3, mark: 'inaccuracy', samples: 20 },
    ] },
  ],
};

test('an analysis is read with its decisions in match order, and nonsense is dropped', () => {
  const a = readAnalysis(sample);
  assert.ok(a);
  assert.equal(a.unit, 'game_points');
  assert.deepEqual(a.decisions.map((d) => [d.hand, d.action, d.mark]), [[0, 3, 'good'], [0, 5, 'blunder'], [1, 0, 'inaccuracy']]);
  assert.deepEqual(a.pars, [null, { tricks: 5 }]);
  assert.equal(readAnalysis(null), null);
  assert.equal(readAnalysis({ unit: 'chance' }), null, 'no hands: not an analysis');
  assert.equal(readAnalysis({ unit: 'chance', hands: [{ hand: 'x', decisions: [] }] }), null);
});

test('a decision keeps its own unit: a Kout bid in points among cards in chances', () => {
  const kout = {
    game: 'kout4', unit: 'chance', hands: [{ hand: 0, par: null, decisions: [
      { action: 1, seat: 1, played: 'bid 9', best: 'pass', unit: 'game_points', values: [['pass', 2], ['bid 9', -16]], loss: 18, mark: 'blunder' },
      { action: 9, seat: 1, played: 'play 7S', best: 'play AS', unit: 'chance', values: [['play AS', 0.9], ['play 7S', 0.5]], loss: 0.4, mark: 'blunder' },
      { action: 10, seat: 2, played: 'play 8S', best: 'play KS', values: [['play KS', 0.6], ['play 8S', 0.5]], loss: 0.1, mark: 'inaccuracy' },
    ] }],
  };
  const [bid, card, old] = /** @type {any} */ (readAnalysis(kout)).decisions;
  assert.deepEqual([bid.unit, card.unit, old.unit], ['game_points', 'chance', 'chance'], 'a decision without one has the analysis\'s');
  assert.equal(lessonText(bid, bid.unit, en, label), 'pass was best: +18 points');
  assert.equal(lessonText(card, card.unit, en, label), 'AS was best: +40% chance');
});

test('each decision lands on the replay step of the action it chose', () => {
  const a = readAnalysis(sample);
  const steps = [
    { hand: 0, index: -1 }, { hand: 0, index: 0 }, { hand: 0, index: 1 }, { hand: 0, index: 2 }, { hand: 0, index: 3 },
    { hand: 0, index: 4 }, { hand: 0, index: 5 }, { hand: 1, index: -1 }, { hand: 1, index: 0 },
  ];
  const by = decisionsByStep(a, steps);
  assert.deepEqual([...by.keys()].sort((x, y) => x - y), [4, 6, 8]);
  assert.equal(by.get(6)?.mark, 'blunder');
  assert.equal(by.get(8)?.played, 'play 8D');
});

test('marks are counted per seat', () => {
  const counts = markCounts(readAnalysis(sample), 4);
  assert.deepEqual(counts[2], { good: 0, inaccuracy: 0, mistake: 0, blunder: 1 });
  assert.deepEqual(counts[0], { good: 0, inaccuracy: 1, mistake: 0, blunder: 0 });
  assert.equal(counts[1].good, 1);
});

test('values read as chances or points, in both languages', () => {
  assert.equal(valueText('chance', 0.234, en, true), '+23% chance');
  assert.equal(valueText('game_points', 11, en, true), '+11 points');
  assert.equal(valueText('game_points', 2.46, en), '2.5 points');
  assert.equal(valueText('round_score', -3, en, true), '-3 points');
  assert.ok(valueText('chance', 0.5, ar).includes('50'), valueText('chance', 0.5, ar));
  assert.notEqual(valueText('chance', 0.5, ar), valueText('chance', 0.5, en));
});

test('a marked move teaches the better one and what it was worth', () => {
  const [, blunder] = readAnalysis(sample).decisions;
  assert.equal(lessonText(blunder, 'game_points', en, label), 'AS was best: +11 points');
  const ar1 = lessonText(blunder, 'game_points', ar, label);
  assert.ok(ar1.includes('AS') && ar1.includes('+11'), ar1);
  const [good] = readAnalysis(sample).decisions;
  assert.equal(lessonText(good, 'game_points', en, label), en('analysis.bestPlayed'));
});

test('a hint says the move and why, or that it is the bot\'s choice', () => {
  const search = { type: 'hint', action: 'play QH', basis: 'search', unit: 'chance', value: 0.625, next: 'play 9H', next_value: 0.375, samples: 48 };
  const text = hintText(search, en, label);
  assert.ok(text.startsWith('Hint: QH.'), text);
  // Said as a player would (issue 35, item 4): what the move gives the team, not how it was measured.
  assert.equal(text, 'Hint: QH. Best here: a 63% chance that your team makes the bid. Next best: 9H, 38% chance.');
  const points = hintText({ ...search, unit: 'game_points', value: 2, next_value: 0.5 }, en, label);
  assert.equal(points, 'Hint: QH. Best here: keeps your team +2 points. Next best: 9H, 0.5 points.');
  const bot = hintText({ type: 'hint', action: 'bid 5', basis: 'bot', samples: 0 }, en, (a) => a);
  assert.equal(bot, "Hint: bid 5 (the strong bot's choice).");
  assert.ok(hintText(search, ar, label).includes('تلميح'));
});

test('a hint frame is kept for its table, and asking marks the version until it comes', () => {
  let s = reduce(initialState(), { type: 'route', route: { name: 'table', code: 'K7QX2M' } });
  s = reduce(s, { type: 'server', msg: { type: 'table', table: { code: 'K7QX2M', game: 'kout4', hints: true, seats: [], version: 1 }, you: 0 }, now: 0 });
  s = reduce(s, { type: 'server', msg: { type: 'sync', table: 'K7QX2M', version: 9, seat: 0, view: {}, to_act: [0], legal: ['play QH'], log: [] }, now: 0 });
  s = reduce(s, { type: 'sent', msg: { type: 'hint', table: 'K7QX2M', id: 3 } });
  assert.equal(s.hintAsked, 9);
  const other = reduce(s, { type: 'server', msg: { type: 'hint', table: 'OTHER1', version: 9, action: 'play QH' }, now: 0 });
  assert.equal(other.hint, null, 'a hint for another table is ignored');
  s = reduce(s, { type: 'server', msg: { type: 'hint', table: 'K7QX2M', version: 9, seat: 0, action: 'play QH', basis: 'bot', samples: 0 }, now: 0 });
  assert.equal(s.hint?.action, 'play QH');
  assert.equal(s.hintAsked, null);
  const refused = reduce(reduce(s, { type: 'sent', msg: { type: 'hint', table: 'K7QX2M' } }), { type: 'server', msg: { type: 'error', code: 'hints_off', message: 'off' }, now: 0 });
  assert.equal(refused.hintAsked, null, 'a refusal ends the wait');
  assert.equal(refused.error?.code, 'hints_off');
});

test('a par reads in words, and a hand without one has none', () => {
  assert.equal(parText({ team: 0, measure: 'tricks', perfect: 6, actual: 5 }, en), "Par, every card visible: 6 tricks for the maker's team (the hand gave 5).");
  assert.ok(parText({ team: 1, measure: 'card_points', perfect: 91, actual: null }, ar).includes('91'));
  assert.equal(parText(null, en), null);
  assert.equal(parText({ measure: 'weird', perfect: 1 }, en), null);
});
