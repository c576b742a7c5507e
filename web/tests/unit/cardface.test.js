// Card faces and isolated message parts, built with a tiny stand-in for the DOM (node has none):
// what matters here is which elements and attributes the client asks for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeNode, installFakeDom } from './fake-dom.js';

installFakeDom();

const { cardSvg } = await import('../../js/views/cardface.js');
const { isolate } = await import('../../js/dom.js');
const { translateParts } = await import('../../js/i18n.js');

test('a card face reads left to right in every language: its corner indices cannot be clipped under rtl', () => {
  for (const code of ['TH', 'AS', '9C', 'KD', '2S']) {
    const root = cardSvg(code);
    assert.equal(root.getAttribute('direction'), 'ltr', code);
    const idx = root.all().filter((e) => e.tagName === 'text' && /\bidx\b/.test(e.getAttribute('class') ?? ''));
    assert.equal(idx.length, 2, `${code}: two corner indices`);
    for (const t of idx) {
      assert.equal(t.getAttribute('text-anchor'), 'start', `${code}: anchored explicitly`);
      assert.ok(Number(t.getAttribute("x")) <= 8, "at the left edge");
    }
    assert.equal(idx[0].textContent, code[0] === 'T' ? '10' : code[0]);
  }
});

test('a joker has no "J" in its corners (it would read as a jack in a fanned hand)', () => {
  for (const code of ['RJ', 'BJ']) {
    const root = cardSvg(code, { jokerWord: 'Joker' });
    const texts = root.all().filter((e) => e.tagName === 'text');
    assert.deepEqual(texts.map((t) => t.textContent), ['JOKER'], code);
    const corners = root.all().filter((e) => /\bjoker-idx\b/.test(e.getAttribute('class') ?? ''));
    assert.equal(corners.length, 1, `${code}: a star in the corner a fanned hand shows`);
    assert.ok(corners.every((e) => e.tagName === 'path'));
  }
  assert.match(cardSvg('RJ').getAttribute('class'), /\bred\b/);
  assert.match(cardSvg('BJ').getAttribute('class'), /\bblack\b/);
});

test('message parameters are isolated; one without letters (a card) is set left to right', () => {
  const nodes = isolate(translateParts('ar', 'kabul.ev.discard', { name: 'Sara', card: '10♥' }));
  const bdis = nodes.filter((n) => n instanceof FakeNode);
  assert.equal(bdis.length, 2);
  assert.ok(bdis.every((b) => b.tagName === 'bdi'));
  assert.equal(bdis[0].textContent, 'Sara');
  assert.equal(bdis[0].getAttribute('dir'), null, 'a name finds its own direction');
  assert.equal(bdis[1].textContent, '10♥');
  assert.equal(bdis[1].getAttribute('dir'), 'ltr', 'a card reads 10♥, never ♥10');
  // Ready-made nodes for some parameters (a list of names, each in its own <bdi>).
  const list = new FakeNode('span');
  const withList = isolate(translateParts('en', 'kabul.ev.passMany', { names: 'x' }), { names: list });
  assert.deepEqual(withList, [list, ' passed']);
});
