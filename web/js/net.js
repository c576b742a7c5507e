// @ts-check
/**
 * One WebSocket to the server that comes back by itself: when it drops, it reconnects with
 * exponential backoff (and jitter, so a restarted server is not hit by every client at once),
 * reports its status, and keeps the line alive with pings.
 * @module
 */

/** The first retry waits this long; each further one doubles, up to {@link MAX_DELAY_MS}. */
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 15000;
export const PING_MS = 20000;

/**
 * How long to wait before reconnect attempt `attempt` (1 = the first retry).
 * @param {number} attempt
 * @param {() => number} [random] in [0, 1)
 */
export function backoffDelay(attempt, random = Math.random) {
  const exp = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  // Between half and the full delay.
  return Math.round(exp / 2 + (exp / 2) * random());
}

/**
 * The WebSocket address for a page location. The token is never in it (addresses end up in logs):
 * the browser's upgrade request carries the session cookie; a program without the cookie sends its
 * token as the socket's first message (see {@link authMessage}).
 * @param {{protocol: string, host: string}} location
 */
export function socketUrl(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

/**
 * The first message on a socket: who it is.
 * @param {string} token
 */
export function authMessage(token) {
  return JSON.stringify({ type: 'auth', token });
}

/**
 * @typedef {object} ConnectionOptions
 * @property {() => string} url  the address to connect to
 * @property {() => string} [token]  a token to send as the socket's first message (read at each attempt: it may change); the browser client has none, its session cookie goes with the upgrade
 * @property {(text: string) => void} onMessage
 * @property {(status: 'connecting' | 'open' | 'reconnecting', attempt: number, reconnected: boolean) => void} onStatus
 * @property {typeof WebSocket} [WebSocketImpl]
 * @property {() => number} [random]
 * @property {(attempt: number) => void} [onRetry]  called before each retry (the app may check its token)
 */

export class Connection {
  /** @param {ConnectionOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.attempt = 0;
    this.opened = false;
    this.stopped = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.retryTimer = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.pingTimer = null;
    /** @type {string[]} */
    this.queue = [];
  }

  /** Opens the socket (again). */
  connect() {
    this.stopped = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
    }
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    this.options.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting', this.attempt, false);
    const socket = new Impl(this.options.url());
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.opened;
      this.opened = true;
      this.attempt = 0;
      const token = this.options.token?.();
      if (token) socket.send(authMessage(token));
      this.options.onStatus('open', 0, reconnected);
      const queued = this.queue;
      this.queue = [];
      for (const text of queued) socket.send(text);
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data === 'string') this.options.onMessage(ev.data);
    };
    socket.onclose = () => this.dropped();
    socket.onerror = () => {
      // A close event follows; the retry is scheduled there.
    };
  }

  /** The socket closed or never opened: try again later. */
  dropped() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.socket = null;
    if (this.stopped) return;
    this.attempt += 1;
    this.options.onStatus('reconnecting', this.attempt, false);
    this.options.onRetry?.(this.attempt);
    const delay = backoffDelay(this.attempt, this.options.random);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Whether the socket is open now. */
  get isOpen() {
    return Boolean(this.socket && this.socket.readyState === 1);
  }

  /**
   * Sends a message now, or when the socket opens (actions are never queued: by then they would
   * be stale).
   * @param {Record<string, unknown>} message
   * @returns {boolean} whether it was sent or queued
   */
  send(message) {
    const text = JSON.stringify(message);
    if (this.socket && this.socket.readyState === 1) {
      this.socket.send(text);
      return true;
    }
    if (message.type === 'act' || message.type === 'ping') return false;
    this.queue.push(text);
    return true;
  }

  /** Retries at once (the "retry now" button). */
  retryNow() {
    if (!this.isOpen) this.connect();
  }

  /** Closes for good. */
  stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
    }
    this.socket = null;
  }
}
