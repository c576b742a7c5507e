import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Alerts, isMuted, setMuted, pageTitle, turnBegan, MUTE_KEY, SOUNDS } from '../../js/alerts.js';

function memoryStore() {
  const m = new Map();
  return { get: (k) => m.get(k) ?? null, set: (k, v) => (v === null ? m.delete(k) : m.set(k, v)), m };
}

test('the mute toggle is remembered in the store', () => {
  const store = memoryStore();
  assert.equal(isMuted(store), false, 'sounds on by default');
  setMuted(store, true);
  assert.equal(store.m.get(MUTE_KEY), '1');
  assert.equal(isMuted(store), true);
  assert.equal(new Alerts(store).muted, true, 'a new page reads it back');
  setMuted(store, false);
  assert.equal(store.m.has(MUTE_KEY), false);
});

test('a muted page plays nothing; an unmuted one plays what it is asked', () => {
  const store = memoryStore();
  const a = new Alerts(store);
  a.yourTurn();
  a.play('card');
  assert.deepEqual(a.played.filter((k) => k !== 'vibrate'), ['turn', 'card']);
  a.setMuted(true);
  a.yourTurn();
  a.play('trick');
  assert.deepEqual(a.played.filter((k) => k !== 'vibrate'), ['turn', 'card']);
  assert.equal(isMuted(store), true);
});

test('the tab title says it is your turn, in both languages', () => {
  assert.equal(pageTitle('en', false), 'Majlis');
  assert.equal(pageTitle('en', true), '● Your turn — Majlis');
  assert.equal(pageTitle('ar', false), 'مجلس');
  assert.equal(pageTitle('ar', true), '● دورك — مجلس');
});

test('the turn alert sounds when a turn begins, not while it lasts', () => {
  assert.equal(turnBegan(false, true), true);
  assert.equal(turnBegan(true, true), false);
  assert.equal(turnBegan(true, false), false);
});

test('every sound is short', () => {
  for (const [kind, tones] of Object.entries(SOUNDS)) {
    const end = Math.max(...tones.map(([, start, len]) => start + len));
    assert.ok(end > 0 && end <= 0.5, `${kind} lasts ${end} s`);
  }
});
