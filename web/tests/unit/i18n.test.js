import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, messageTexts, pluralForm, numberRange, translate, translateParts, dirOf, normalizeLang, makeT, suitName, jokerNames, hasStrongText } from '../../js/i18n.js';

test('English and Arabic have the same messages', () => {
  const en = Object.keys(MESSAGES.en).sort();
  const ar = Object.keys(MESSAGES.ar).sort();
  assert.deepEqual(ar.filter((k) => !en.includes(k)), [], 'only in Arabic');
  assert.deepEqual(en.filter((k) => !ar.includes(k)), [], 'only in English');
});

test('every placeholder of an English message is in its Arabic twin', () => {
  // A counted message's forms together: "1 card" needs no {n}, "{n} cards" does.
  const holes = (m) => [...new Set(messageTexts(m).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
  for (const [key, text] of Object.entries(MESSAGES.en)) assert.deepEqual(holes(MESSAGES.ar[key]), holes(text), key);
});

test('Arabic messages are written in Arabic', () => {
  const arabic = /[\u0600-\u06FF]/;
  // Keys whose Arabic text may be Latin: the language switch names English; a template made only
  // of its parameters (each of them Arabic words).
  const exempt = new Set(['lang.switch', 'baloot.raise']);
  for (const [key, m] of Object.entries(MESSAGES.ar)) if (!exempt.has(key)) for (const text of messageTexts(m)) assert.match(text, arabic, key);
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

test('counted messages take the plural form of their count: Arabic has six, English two', () => {
  assert.deepEqual([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => pluralForm('ar', n)),
    ['zero', 'one', 'two', 'few', 'few', 'many', 'many', 'other', 'other']);
  assert.deepEqual([0, 1, 2, 1.5].map((n) => pluralForm('en', n)), ['other', 'one', 'other', 'other']);
  assert.equal(pluralForm('ar', '+3'), 'few', 'a signed gain counts as its value');
  assert.equal(pluralForm('ar', 'x'), 'other');
  assert.equal(translate('en', 'analysis.count.inaccuracy', { n: 1 }), '1 inaccuracy');
  assert.equal(translate('en', 'analysis.count.inaccuracy', { n: 2 }), '2 inaccuracies');
  assert.equal(translate('ar', 'analysis.count.blunder', { n: 1 }), 'خطأ فادح واحد');
  assert.equal(translate('ar', 'analysis.count.blunder', { n: 2 }), 'خطآن فادحان');
  assert.equal(translate('ar', 'analysis.count.blunder', { n: 3 }), '3 أخطاء فادحة');
  assert.equal(translate('ar', 'analysis.count.blunder', { n: 11 }), '11 خطأً فادحًا');
  assert.equal(translate('ar', 'analysis.count.blunder', { n: 100 }), '100 خطأً فادحًا');
  assert.equal(translate('ar', 'analysis.count.blunder', { n: 0 }), 'لا أخطاء فادحة');
  assert.equal(translate('ar', 'analysis.unit.points', { n: '+3' }), '+3 نقاط');
  assert.equal(translate('ar', 'analysis.unit.points', { n: '+11' }), '+11 نقطة');
  assert.equal(translate('en', 'analysis.unit.points', { n: '+1' }), '+1 point');
  assert.equal(translate('ar', 'table.seatCards', { name: 'سارة', n: 2 }), 'سارة: ورقتان');
  assert.equal(translateParts('en', 'table.seatCards', { name: 'Sara', n: 1 }).map((p) => (typeof p === 'string' ? p : p.param)).join(''), 'Sara: 1 card');
  // The form comes from the parameter the message names when it is not `n`.
  assert.match(translate('en', 'analysis.par.tricks', { perfect: 1, actual: 0 }), /1 trick for/);
  assert.match(translate('en', 'analysis.par.tricks', { perfect: 5, actual: 4 }), /5 tricks for/);
});

test('no message says a number of something without its plural forms', () => {
  // "{n} cards", "{n} نقطة": a count followed by a noun must be a counted message.
  const nouns = /\{n\} (points?|cards?|tricks?|hands?|matches|messages?|inaccurac|mistakes?|blunders?|seats?|players?|نقط|نقاط|ورق|أوراق|أكل|مباري|رسال|لاعب|مقاعد)/;
  for (const lang of /** @type {const} */ (['en', 'ar'])) {
    for (const [key, m] of Object.entries(MESSAGES[lang])) if (typeof m === 'string') assert.ok(!nouns.test(m), `${lang} ${key}: ${m}`);
  }
});

test('a range or a pair of scores never breaks across lines, nor a game name with its count', () => {
  const r = numberRange(33, 129);
  assert.equal(r.replace(/\u2060/g, ''), '33–129');
  assert.ok(/33\u2060–\u2060129/.test(r), 'word joiners hold the dash to its numbers');
  for (const key of ['game.kout6', 'game.kout4']) assert.ok(!/ /.test(translate('ar', key)), `${key}: no breaking space`);
});
