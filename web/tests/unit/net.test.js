import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, socketUrl, authMessage, Connection, BASE_DELAY_MS, MAX_DELAY_MS } from '../../js/net.js';

test('backoff doubles from the base up to the cap, between half and all of it', () => {
  for (const [attempt, full] of [[1, BASE_DELAY_MS], [2, BASE_DELAY_MS * 2], [3, BASE_DELAY_MS * 4], [20, MAX_DELAY_MS]]) {
    assert.equal(backoffDelay(attempt, () => 0), full / 2, `attempt ${attempt} low`);
    assert.equal(backoffDelay(attempt, () => 0.999999), full, `attempt ${attempt} high`);
  }
});

test('the socket address follows the page (wss for https) and carries no token', () => {
  assert.equal(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }), 'ws://127.0.0.1:8080/ws');
  assert.equal(socketUrl({ protocol: 'https:', host: 'majlis.example' }), 'wss://majlis.example/ws');
});

/** A stand-in WebSocket the test drives by hand. */
class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.(); }
  drop() { this.readyState = 3; this.onclose?.(); }
  receive(text) { this.onmessage?.({ data: text }); }
}

test('a dropped socket reconnects with backoff, and the reopening says it is a reconnect', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  FakeSocket.made = [];
  const statuses = [];
  const received = [];
  let retries = 0;
  const conn = new Connection({
    url: () => 'ws://test/ws',
    WebSocketImpl: /** @type {any} */ (FakeSocket),
    random: () => 0,
    onMessage: (text) => received.push(text),
    onStatus: (status, attempt, reconnected) => statuses.push([status, attempt, reconnected]),
    onRetry: () => { retries += 1; },
  });
  conn.connect();
  assert.equal(FakeSocket.made.length, 1);
  FakeSocket.made[0].open();
  FakeSocket.made[0].receive('{"type":"welcome"}');
  assert.deepEqual(received, ['{"type":"welcome"}']);
  FakeSocket.made[0].drop();
  assert.deepEqual(statuses.at(-1), ['reconnecting', 1, false]);
  assert.equal(retries, 1);
  t.mock.timers.tick(BASE_DELAY_MS / 2 - 1);
  assert.equal(FakeSocket.made.length, 1, 'waits for the backoff');
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, 2);
  FakeSocket.made[1].drop();
  t.mock.timers.tick(BASE_DELAY_MS - 1);
  assert.equal(FakeSocket.made.length, 2, 'the second wait is twice as long');
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, 3);
  FakeSocket.made[2].open();
  assert.deepEqual(statuses.at(-1), ['open', 0, true]);
  conn.stop();
});

test('the token goes in the first message of every socket, before anything queued', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  FakeSocket.made = [];
  let token = 't_one';
  const conn = new Connection({ url: () => 'u', token: () => token, WebSocketImpl: /** @type {any} */ (FakeSocket), random: () => 0, onMessage() {}, onStatus() {} });
  conn.connect();
  conn.send({ type: 'join', table: 'X' });
  FakeSocket.made[0].open();
  assert.equal(FakeSocket.made[0].url, 'u');
  assert.deepEqual(FakeSocket.made[0].sent, [JSON.parse(authMessage('t_one')), { type: 'join', table: 'X' }]);
  token = 't_two';
  FakeSocket.made[0].drop();
  t.mock.timers.tick(BASE_DELAY_MS);
  FakeSocket.made[1].open();
  assert.deepEqual(FakeSocket.made[1].sent, [{ type: 'auth', token: 't_two' }], 'read again at each attempt');
  conn.stop();
});

test('without a token (the browser: its cookie goes with the upgrade) no auth message is sent', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  FakeSocket.made = [];
  const conn = new Connection({ url: () => 'u', WebSocketImpl: /** @type {any} */ (FakeSocket), onMessage() {}, onStatus() {} });
  conn.connect();
  conn.send({ type: 'join', table: 'X' });
  FakeSocket.made[0].open();
  assert.deepEqual(FakeSocket.made[0].sent, [{ type: 'join', table: 'X' }]);
  conn.stop();
});

test('messages wait for the socket to open, except actions, which would be stale', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  FakeSocket.made = [];
  const conn = new Connection({ url: () => 'u', WebSocketImpl: /** @type {any} */ (FakeSocket), onMessage() {}, onStatus() {} });
  conn.connect();
  assert.equal(conn.send({ type: 'join', table: 'X' }), true);
  assert.equal(conn.send({ type: 'act', table: 'X', action: 'pass' }), false);
  assert.equal(conn.isOpen, false);
  FakeSocket.made[0].open();
  assert.deepEqual(FakeSocket.made[0].sent, [{ type: 'join', table: 'X' }]);
  assert.equal(conn.send({ type: 'act', table: 'X', action: 'pass' }), true);
  assert.equal(FakeSocket.made[0].sent.length, 2);
  conn.stop();
});

test('a stopped connection does not come back', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  FakeSocket.made = [];
  const conn = new Connection({ url: () => 'u', WebSocketImpl: /** @type {any} */ (FakeSocket), onMessage() {}, onStatus() {} });
  conn.connect();
  FakeSocket.made[0].open();
  conn.stop();
  t.mock.timers.tick(60_000);
  assert.equal(FakeSocket.made.length, 1);
});

test('an open connection pings to keep the line alive', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  FakeSocket.made = [];
  const conn = new Connection({ url: () => 'u', WebSocketImpl: /** @type {any} */ (FakeSocket), onMessage() {}, onStatus() {} });
  conn.connect();
  FakeSocket.made[0].open();
  t.mock.timers.tick(20_000);
  assert.deepEqual(FakeSocket.made[0].sent, [{ type: 'ping' }]);
  conn.stop();
});
