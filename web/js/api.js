// @ts-check
/**
 * The HTTP half of the protocol: guest players, the open-table list, one's games, records and
 * their replays.
 * @module
 */

/** An HTTP error with the server's code. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} path
 * @param {RequestInit & {token?: string | null}} [init]
 */
async function request(path, init = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  let res;
  try {
    res = await fetch(path, { ...init, headers });
  } catch (e) {
    throw new ApiError(0, 'network', String(e));
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    // `{"error": {"code", "message"}}`; a record the engines refuse (422) says `{"error": {"kind", "reason"}}`.
    const err = body && body.error ? body.error : {};
    const words = err.message ?? err.reason ?? res.statusText;
    throw new ApiError(res.status, String(err.code ?? err.kind ?? 'http'), typeof words === 'string' ? words : JSON.stringify(words));
  }
  return body;
}

/**
 * A new guest player.
 * @param {string} name
 * @returns {Promise<{player: {id: string, name: string}, token: string}>}
 */
export function createPlayer(name) {
  return request('/api/players', { method: 'POST', body: JSON.stringify({ name }) });
}

/**
 * Who the token belongs to.
 * @param {string} token
 * @returns {Promise<{player: {id: string, name: string}}>}
 */
export function me(token) {
  return request('/api/me', { token });
}

/**
 * The bots a host may seat: the built-in ones and the server operator's.
 * @returns {Promise<{builtin: string[], server: string[]}>}
 */
export function bots() {
  return request('/api/bots');
}

/** @returns {Promise<any[]>} */
export function openTables() {
  return request('/api/tables');
}

/**
 * @param {string} token
 * @returns {Promise<any[]>}
 */
export function myGames(token) {
  return request('/api/me/games', { token });
}

/**
 * @param {string} id
 * @returns {Promise<any>}
 */
export function record(id) {
  return request(`/api/games/${encodeURIComponent(id)}/record`);
}

/**
 * The replay of a stored match: every step computed by the engines (404 when unknown).
 * @param {string} id
 * @returns {Promise<any>}
 */
export function replay(id) {
  return request(`/api/games/${encodeURIComponent(id)}/replay`);
}

/**
 * The analysis of a finished match: `{status: "ready", analysis}` once made, else `{status:
 * "queued" | "running"}` (202: ask again later); 503 `busy` when the server analyses others.
 * @param {string} id
 * @returns {Promise<any>}
 */
export function analysis(id) {
  return request(`/api/games/${encodeURIComponent(id)}/analysis`);
}

/** The largest record file the server replays. */
export const RECORD_FILE_LIMIT = 2 * 1024 * 1024;

/**
 * The replay of a record file a person opened: the server checks it with the engines and answers
 * the steps, or 422 with the reason (an ApiError whose code is the kind and message the reason).
 * @param {string} text  the file's contents
 * @returns {Promise<any>}
 */
export function replayRecord(text) {
  return request('/api/replay', { method: 'POST', body: text });
}

/**
 * A player's profile: who they are, their ratings with their ranks, their finished matches.
 * @param {string} id
 * @returns {Promise<any>}
 */
export function profile(id) {
  return request(`/api/players/${encodeURIComponent(id)}`);
}

/**
 * A game's leaderboard (top 100) and, when the token is given, the asker's own rank.
 * @param {string} game
 * @param {string | null} token
 * @returns {Promise<any>}
 */
export function leaderboard(game, token) {
  return request(`/api/leaderboard/${encodeURIComponent(game)}`, { token });
}

/**
 * Every finished match of the player, as JSON lines (text).
 * @param {string | null} token
 * @returns {Promise<string>}
 */
export async function exportGames(token) {
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let res;
  try {
    res = await fetch('/api/me/export', { headers });
  } catch (e) {
    throw new ApiError(0, 'network', String(e));
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const err = body && body.error ? body.error : {};
    throw new ApiError(res.status, String(err.code ?? 'http'), String(err.message ?? res.statusText));
  }
  return res.text();
}
