import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, translate, translateParts, dirOf, normalizeLang, makeT, suitName, jokerNames, hasStrongText } from '../../js/i18n.js';

test('English and Arabic have the same messages', () => {
  const en = Object.keys(MESSAGES.en).sort();
  const ar = Object.keys(MESSAGES.ar).sort();
  assert.deepEqual(ar.filter((k) => !en.includes(k)), [], 'only in Arabic');
  assert.deepEqual(en.filter((k) => !ar.includes(k)), [], 'only in English');
});

test('every placeholder of an English message is in its Arabic twin', () => {
  const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [key, text] of Object.entries(MESSAGES.en)) assert.deepEqual(holes(MESSAGES.ar[key]), holes(text), key);
});

test('Arabic messages are written in Arabic', () => {
  const arabic = /[\u0600-\u06FF]/;
  // Keys whose Arabic text may be Latin: the language switch names English; a template made only
  // of its parameters (each of them Arabic words).
  const exempt = new Set(['lang.switch', 'baloot.raise']);
  for (const [key, text] of Object.entries(MESSAGES.ar)) if (!exempt.has(key)) assert.match(text, arabic, key);
});

test("each game's own terms exist in both languages", () => {
  const terms = {
    'kout.hokm': ['Hokm', 'الحكم'],
    'kout.bab': ['Bab', 'باب'],
    'kout.bawan': ['Bawan', 'بوان'],
    'kout.malzoom': ['Malzoom', 'ملزوم'],
    'baloot.hokum': ['Hokum', 'حكم'],
    'baloot.sun': ['Sun', 'صن'],
    'baloot.project.sira': ['Sira', 'سرا'],
    'baloot.project.baloot': ['Baloot', 'بلوت'],
    'game.kabul': ['Kabul', 'كابول'],
  };
  for (const [key, [en, ar]] of Object.entries(terms)) {
    assert.ok(translate('en', key).includes(en), `${key} en`);
    assert.ok(translate('ar', key).includes(ar), `${key} ar`);
  }
});

test('placeholders are filled as text, missing ones are left visible', () => {
  assert.equal(translate('en', 'table.waiting', { name: '<b>Sara</b>' }), 'Waiting for <b>Sara</b>…');
  assert.equal(translate('ar', 'table.winner', { name: 'سارة' }), 'فاز سارة!');
  assert.equal(translate('en', 'table.winner'), '{name} wins!');
  assert.equal(translate('en', 'table.winner', { name: 0 }), '0 wins!');
});

test('unknown keys fall back to English, then to the key itself', () => {
  assert.equal(translate('ar', 'no.such.key'), 'no.such.key');
  assert.equal(makeT('en')('lobby.start'), 'Start');
});

test('Arabic is right-to-left; anything unknown is English', () => {
  assert.equal(dirOf('ar'), 'rtl');
  assert.equal(dirOf('en'), 'ltr');
  assert.equal(normalizeLang('ar'), 'ar');
  assert.equal(normalizeLang('fr'), 'en');
  assert.equal(normalizeLang(null), 'en');
});

test('suits have Gulf names in Arabic', () => {
  assert.equal(suitName('ar', 'S'), 'شريا');
  assert.equal(suitName('ar', 'H'), 'هاص');
  assert.equal(suitName('en', 'D'), 'Diamonds');
  assert.equal(suitName('en', null), '');
});

test('translateParts hands the parameters back apart, for <bdi> isolation', () => {
  assert.deepEqual(translateParts('en', 'table.waiting', { name: 'Sara' }), ['Waiting for ', { param: 'Sara', name: 'name' }, '…']);
  assert.deepEqual(translateParts('ar', 'kabul.caller', { name: 'Sara' }), [{ param: 'Sara', name: 'name' }, ' قال كابول']);
  assert.deepEqual(translateParts('en', 'lobby.start'), ['Start']);
  assert.deepEqual(translateParts('en', 'table.winner'), ['{name} wins!'], 'a missing parameter stays visible');
});

test('jokers are named in words in both languages', () => {
  assert.deepEqual(jokerNames('en'), { R: 'Red joker', B: 'Black joker' });
  assert.deepEqual(jokerNames('ar'), { R: 'الجوكر الأحمر', B: 'الجوكر الأسود' });
});

test('a text without letters (a card, a score) has no direction of its own', () => {
  assert.ok(!hasStrongText('10♥'));
  assert.ok(!hasStrongText('7–3'));
  assert.ok(hasStrongText('Sara'));
  assert.ok(hasStrongText('سارة'));
  assert.ok(hasStrongText('Red joker'));
});

test('every engine reason the client translates exists in both languages', () => {
  const keys = Object.keys(MESSAGES.en).filter((k) => k.startsWith('reason.'));
  assert.ok(keys.length >= 30, `${keys.length} reasons`);
  for (const k of keys) assert.ok(k in MESSAGES.ar, k);
});
