// Checks over the client's source files: what no single module test can see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '../../js/i18n.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir = path.join(root, 'js')) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.js') ? [p] : [];
  });
}

test('no source injects HTML: names and messages only ever become text', () => {
  for (const file of sources()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function']) {
      assert.ok(!text.includes(sink), `${path.relative(root, file)} uses ${sink}`);
    }
  }
});

test('every message key the views use exists', () => {
  const used = new Set();
  for (const file of sources()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\btn?\('([a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
  }
  assert.ok(used.size > 50, `found ${used.size} keys`);
  const missing = [...used].filter((k) => !(k in MESSAGES.en));
  assert.deepEqual(missing, []);
});

test('the page loads the app as an ES module, with no build step', () => {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  assert.match(html, /<script type="module" src="js\/main\.js"><\/script>/);
  assert.match(html, /<link rel="stylesheet" href="css\/app\.css">/);
  for (const file of sources()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      assert.ok(fs.existsSync(target), `${path.relative(root, file)} imports ${m[1]}, which is missing`);
      assert.ok(m[1].endsWith('.js'), `${m[1]}: browsers need the extension`);
    }
  }
});
