import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rulesOf, SAUDI_CALLS } from '../../js/views/home.js';
import { actionLabel, bidKeyAction } from '../../js/protocol.js';

const base = { game: 'baloot', preset: 'seed', calls: [], playOut: false, players: 4, target: '', snapMs: 3000, turnS: 30, public: false };

test('the create form asks for saudi_full, or each Saudi call as a house option', () => {
  assert.deepEqual(rulesOf({ ...base, preset: 'saudi_full', calls: ['sawa'] }), { preset: 'saudi_full' });
  assert.deepEqual(rulesOf({ ...base, preset: 'saudi', calls: ['doubling', 'sawa'] }), { preset: 'saudi', doubling: true, sawa: true });
  assert.deepEqual(rulesOf({ ...base, calls: [] }), {});
  assert.deepEqual(SAUDI_CALLS, ['doubling', 'ashkal', 'kawesh', 'sawa']);
});

test('every Saudi call reads in words in both languages, with open or closed', () => {
  const texts = ['double open', 'double closed', 'three open', 'three closed', 'four open', 'four closed', 'gahwa', 'double', 'ashkal', 'kawesh', 'sawa'];
  for (const lang of ['en', 'ar']) {
    const seen = new Set();
    for (const a of texts) {
      const label = actionLabel('baloot', a, lang);
      assert.notEqual(label, a, `${lang}: ${a} has words`);
      assert.doesNotMatch(label, /\{\w+\}|baloot\./, `${lang}: ${a} → ${label}`);
      seen.add(label);
    }
    assert.equal(seen.size, texts.length, `${lang}: every call reads differently`);
  }
  assert.equal(actionLabel('baloot', 'three closed', 'en'), 'Three closed');
});

test('the raise bar answers the keys its buttons show', () => {
  const view = { phase: 'doubling', hand: { face_up: 'QS' } };
  const legal = new Set(['pass', 'double open', 'double closed']);
  assert.equal(bidKeyAction('baloot', view, '0', legal), 'pass');
  assert.equal(bidKeyAction('baloot', view, '2', legal), 'double open');
  assert.equal(bidKeyAction('baloot', view, '3', legal), 'double closed');
  assert.equal(bidKeyAction('baloot', view, '1', legal), null, 'pass is 0 or P, not a digit');
  assert.equal(bidKeyAction('baloot', { phase: 'playing' }, '1', new Set(['sawa', 'play AS'])), null);
});

test('a struck-through project says why it does not count (issue 35, item 11)', async () => {
  const { struckWhy } = await import('../../js/views/baloot.js');
  const projects = [{ seat: 0, kind: 'sira' }, { seat: 1, kind: 'fifty' }, { seat: 2, kind: 'baloot' }];
  assert.equal(struckWhy(projects, 0, { preset: 'seed' }), 'baloot.struck.beaten', 'a Sira against a Fifty');
  const even = [{ seat: 0, kind: 'sira' }, { seat: 3, kind: 'sira' }];
  assert.equal(struckWhy(even, 0, { preset: 'seed' }), 'baloot.struck.tie', 'equal best projects cancel in seed');
  assert.equal(struckWhy(even, 3, { preset: 'saudi' }), 'baloot.struck.topCard', 'saudi: the top card decides');
  assert.equal(struckWhy(even, 3, { project_tie: 'top_card' }), 'baloot.struck.topCard');
});
