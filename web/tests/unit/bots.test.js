import { test } from 'node:test';
import assert from 'node:assert/strict';
import { levelsFirst } from '../../js/views/table.js';
import { MESSAGES } from '../../js/i18n.js';

test('the host chooses among levels, each kind shown once, with words in both languages', () => {
  assert.deepEqual(levelsFirst(['easy', 'medium', 'hard', 'expert', 'random', 'heuristic', 'strong']), ['easy', 'medium', 'hard', 'expert', 'random']);
  assert.deepEqual(levelsFirst(['random', 'strong', 'expert', 'hard']), ['hard', 'expert', 'random'], 'levels in order, easiest first');
  assert.deepEqual(levelsFirst(['random', 'heuristic']), ['random', 'heuristic'], 'a server without levels keeps its kinds');
  for (const name of ['easy', 'medium', 'hard', 'expert', 'random', 'heuristic', 'strong']) {
    assert.ok(MESSAGES.en[`bot.${name}`] && MESSAGES.ar[`bot.${name}`], name);
  }
});
