import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCard, sortHand, suitOrder, kabulValue, sameKabulRank, balootPoints, cardText, rankLabel } from '../../js/cards.js';

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

test('suits alternate in colour with the trump first', () => {
  assert.deepEqual(suitOrder(null), ['S', 'H', 'C', 'D']);
  for (const trump of ['S', 'H', 'D', 'C']) {
    const order = suitOrder(trump);
    assert.equal(order[0], trump);
    assert.equal(new Set(order).size, 4);
    const red = (s) => s === 'H' || s === 'D';
    for (let i = 1; i < 4; i += 1) assert.notEqual(red(order[i]), red(order[i - 1]), `${trump}: ${order}`);
  }
});

test('kout hands show jokers then the Hokm suit first, each suit high to low', () => {
  const hand = ['2H', 'AS', 'BJ', 'KH', 'TD', 'RJ', '9C', 'AH', '3S'];
  assert.deepEqual(codes(sortHand(hand, { game: 'kout6', trump: 'H' })), ['RJ', 'BJ', 'AH', 'KH', '2H', 'AS', '3S', 'TD', '9C']);
  // No trump yet: the plain display order, jokers still first.
  assert.deepEqual(codes(sortHand(hand, { game: 'kout6', trump: null })), ['RJ', 'BJ', 'AS', '3S', 'AH', 'KH', '2H', '9C', 'TD']);
});

test('baloot hands follow the Hokum trump order J 9 A 10 K Q 8 7 and the plain order elsewhere', () => {
  const hand = ['7H', 'AH', 'JH', '9H', 'TH', 'JS', 'AS', 'TS'];
  assert.deepEqual(codes(sortHand(hand, { game: 'baloot', mode: 'hokum', trump: 'H' })), ['JH', '9H', 'AH', 'TH', '7H', 'AS', 'TS', 'JS']);
  // Sun: every suit A 10 K Q J 9 8 7, and no suit is promoted.
  assert.deepEqual(codes(sortHand(hand, { game: 'baloot', mode: 'sun', trump: null })), ['AS', 'TS', 'JS', 'AH', 'TH', 'JH', '9H', '7H']);
  // A trump named before the contract is Hokum does not count.
  assert.deepEqual(codes(sortHand(hand, { game: 'baloot', mode: null, trump: 'H' })), codes(sortHand(hand, { game: 'baloot', mode: 'sun' })));
});

test('sortHand drops what is not a card and keeps every card once', () => {
  const sorted = sortHand(['AS', 'nope', 'KD', 'QC'], { game: 'kabul' });
  assert.deepEqual(codes(sorted).sort(), ['AS', 'KD', 'QC']);
});

test('kabul card values: joker -1, red king 0, ace 1, faces 11 12, black king 13', () => {
  const expect = { RJ: -1, BJ: -1, KH: 0, KD: 0, AS: 1, '2C': 2, TH: 10, JS: 11, QD: 12, KS: 13, KC: 13 };
  for (const [card, value] of Object.entries(expect)) assert.equal(kabulValue(card), value, card);
});

test('kabul snaps match by rank; jokers match jokers; red and black kings match', () => {
  assert.ok(sameKabulRank('7H', '7S'));
  assert.ok(sameKabulRank('KH', 'KS'));
  assert.ok(sameKabulRank('RJ', 'BJ'));
  assert.ok(!sameKabulRank('RJ', 'AS'));
  assert.ok(!sameKabulRank('7H', '8H'));
});

test('baloot card points: a Hokum trump suit 20 14 11 10 4 3, plain suits 11 10 4 3 2', () => {
  const trump = ['JH', '9H', 'AH', 'TH', 'KH', 'QH', '8H', '7H'].map((c) => balootPoints(c, 'hokum', 'H'));
  assert.deepEqual(trump, [20, 14, 11, 10, 4, 3, 0, 0]);
  assert.equal(trump.reduce((a, b) => a + b), 62);
  const plain = ['AS', 'TS', 'KS', 'QS', 'JS', '9S', '8S', '7S'].map((c) => balootPoints(c, 'sun', null));
  assert.equal(plain.reduce((a, b) => a + b), 30);
  assert.equal(balootPoints('JS', 'hokum', 'H'), 2);
});
