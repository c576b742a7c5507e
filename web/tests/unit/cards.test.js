import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCard, inOrder, cardText, rankLabel, suitRows } from '../../js/cards.js';

const codes = (cards) => cards.map((c) => c.code);

test('parseCard reads the record notation in any case, with 10 for T', () => {
  assert.deepEqual(parseCard('AS'), { code: 'AS', rank: 'A', suit: 'S', joker: null });
  assert.deepEqual(parseCard('10h'), { code: 'TH', rank: 'T', suit: 'H', joker: null });
  assert.equal(parseCard(' th ').code, 'TH');
  assert.deepEqual(parseCard('rj'), { code: 'RJ', rank: null, suit: null, joker: 'R' });
  assert.equal(parseCard('BJ').joker, 'B');
  for (const bad of ['', '1H', 'ZZ', 'AX', '11S', 'RJX', null, 7, undefined]) assert.equal(parseCard(bad), null, String(bad));
});

test('labels write ten as 10 and jokers by name', () => {
  assert.equal(rankLabel('T'), '10');
  assert.equal(cardText('TH'), '10♥');
  // Jokers in words, in the reader's language: no emoji, which a system without an emoji font
  // draws as a missing-glyph box.
  assert.equal(cardText('RJ'), 'Red joker');
  assert.equal(cardText('BJ'), 'Black joker');
  assert.equal(cardText('RJ', { R: 'الجوكر الأحمر', B: 'الجوكر الأسود' }), 'الجوكر الأحمر');
  assert.doesNotMatch(cardText('RJ') + cardText('BJ'), /\p{Extended_Pictographic}/u);
});

test('a hand is shown in the order the server gives (the engine\'s display order)', () => {
  const hand = ['2H', 'AS', 'BJ', 'KH', 'TD', 'RJ', '9C', 'AH', '3S'];
  const order = ['RJ', 'BJ', 'AH', 'KH', '2H', 'AS', '3S', 'TD', '9C'];
  assert.deepEqual(codes(inOrder(hand, order)), order);
  // Cards already played (in an older order) are left out; cards the order misses follow as they came.
  assert.deepEqual(codes(inOrder(['AS', 'KH', '9C'], ['9C', 'QD', 'AS'])), ['9C', 'AS', 'KH']);
  // No order (an older server): the hand as it came.
  assert.deepEqual(codes(inOrder(['TD', 'AS', 'RJ'], undefined)), ['TD', 'AS', 'RJ']);
  assert.deepEqual(codes(inOrder(['TD', 'AS'], null)), ['TD', 'AS']);
});

test('inOrder drops what is not a card and keeps every card once', () => {
  assert.deepEqual(codes(inOrder(['AS', 'nope', 'KD', 'QC', 'as'], ['qc', 42, 'QC'])), ['QC', 'AS', 'KD']);
});

test('a hand as rows by suit keeps the order it came in, jokers in a row of their own', () => {
  const rows = suitRows(['AS', 'TS', 'RJ', '9H', '7S', 'BJ', 'KD', 'nonsense', null]);
  assert.deepEqual(rows.map((r) => [r.suit, r.cards.map((c) => c.code)]), [
    ['S', ['AS', 'TS', '7S']],
    [null, ['RJ', 'BJ']],
    ['H', ['9H']],
    ['D', ['KD']],
  ]);
  assert.deepEqual(suitRows([]), []);
});
