// @ts-check
/**
 * The HTTP half of the protocol: guest players and accounts, the open-table list, one's games,
 * records and their replays. The session rides in the HttpOnly cookie the server sets (script
 * never sees it); same-origin requests carry it by themselves.
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

/** @typedef {{id: string, name: string, account?: boolean}} Player */

/**
 * A new guest player (the server sets its session cookie).
 * @param {string} name
 * @returns {Promise<{player: Player}>}
 */
export function createPlayer(name) {
  return request('/api/players', { method: 'POST', body: JSON.stringify({ name }) });
}

/**
 * Who this browser's session belongs to (401 without one).
 * @returns {Promise<{player: Player}>}
 */
export function me() {
  return request('/api/me');
}

/**
 * Hands the session cookie for a token an older version of this client kept in storage.
 * @param {string} token
 * @returns {Promise<{player: Player}>}
 */
export function adoptToken(token) {
  return request('/api/session/adopt', { method: 'POST', token });
}

/**
 * The signed-in guest keeps its name with a password: it becomes an account, under a new
 * session (the server sets its cookie; the guest's session ends and its sockets close, 4001).
 * @param {string} password
 * @returns {Promise<{player: Player, token: string}>}
 */
export function claim(password) {
  return request('/api/account/claim', { method: 'POST', body: JSON.stringify({ password }) });
}

/**
 * Signs in to an account (a new session; the server sets its cookie).
 * @param {string} name
 * @param {string} password
 * @returns {Promise<{player: Player}>}
 */
export function signIn(name, password) {
  return request('/api/account/signin', { method: 'POST', body: JSON.stringify({ name, password }) });
}

/** Ends this browser's session (the server clears its cookie). */
export function signOut() {
  return request('/api/account/signout', { method: 'POST' });
}

/**
 * A new password; the account's other sessions end.
 * @param {string} old
 * @param {string} next
 * @returns {Promise<{player: Player}>}
 */
export function changePassword(old, next) {
  return request('/api/account/password', { method: 'POST', body: JSON.stringify({ old, new: next }) });
}

/**
 * A new name for the signed-in player (guest or account).
 * @param {string} name
 * @returns {Promise<{player: Player}>}
 */
export function rename(name) {
  return request('/api/account/rename', { method: 'POST', body: JSON.stringify({ name }) });
}

/**
 * The bots a host may seat: the built-in ones and the server operator's.
 * @returns {Promise<{builtin: string[], server: string[]}>}
 */
export function bots() {
  return request('/api/bots');
}

/**
 * What a table is, for an invite link's reader before they have a name.
 * @param {string} code
 * @returns {Promise<Record<string, any>>}
 */
export function tablePreview(code) {
  return request(`/api/tables/${encodeURIComponent(code)}`);
}

/** @returns {Promise<any[]>} */
export function openTables() {
  return request('/api/tables');
}

/** @returns {Promise<any[]>} */
export function myGames() {
  return request('/api/me/games');
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
 * A game's leaderboard (top 100) and, when signed in (the session cookie), the asker's own rank.
 * @param {string} game
 * @returns {Promise<any>}
 */
export function leaderboard(game) {
  return request(`/api/leaderboard/${encodeURIComponent(game)}`);
}

/**
 * Every finished match of the signed-in player (the session cookie), as JSON lines (text).
 * @returns {Promise<string>}
 */
export async function exportGames() {
  let res;
  try {
    res = await fetch('/api/me/export');
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

/**
 * Today's daily deal: the day, its commitment and each game with how far the asker has got.
 * @returns {Promise<any>}
 */
export function dailyToday() {
  return request('/api/daily');
}

/**
 * Opens (or finds) the signed-in player's daily table of `game`; answers its code.
 * @param {string} game
 * @returns {Promise<any>}
 */
export function dailyOpen(game) {
  return request(`/api/daily/${encodeURIComponent(game)}`, { method: 'POST' });
}

/**
 * A day's standings of one game, live.
 * @param {string} day
 * @param {string} game
 * @returns {Promise<any>}
 */
export function dailyBoard(day, game) {
  return request(`/api/daily/${encodeURIComponent(day)}/${encodeURIComponent(game)}`);
}

/**
 * The signed-in player's days of the daily deal, newest first.
 * @returns {Promise<any>}
 */
export function dailyHistory() {
  return request('/api/daily/history');
}

/**
 * The newest tournaments.
 * @returns {Promise<any>}
 */
export function tournaments() {
  return request('/api/tournaments');
}

/**
 * One tournament: its players, teams, rounds and standings, and the asker's part.
 * @param {string} id
 * @returns {Promise<any>}
 */
export function tournament(id) {
  return request(`/api/tournaments/${encodeURIComponent(id)}`);
}

/**
 * Creates a tournament hosted by the signed-in player; answers it.
 * @param {{name: string, game: string, format: string, rounds?: number, hands?: number, starts_at?: number, rated?: boolean}} body
 * @returns {Promise<any>}
 */
export function tournamentCreate(body) {
  return request('/api/tournaments', { method: 'POST', body: JSON.stringify(body) });
}

/**
 * Registers the signed-in player, with fixed partners named by their account names.
 * @param {string} id
 * @param {string[]} partners
 * @returns {Promise<any>}
 */
export function tournamentRegister(id, partners) {
  return request(`/api/tournaments/${encodeURIComponent(id)}/register`, { method: 'POST', body: JSON.stringify({ partners }) });
}

/**
 * Withdraws the signed-in player (and the partners they registered).
 * @param {string} id
 * @returns {Promise<any>}
 */
export function tournamentWithdraw(id) {
  return request(`/api/tournaments/${encodeURIComponent(id)}/register`, { method: 'DELETE' });
}

/**
 * The host starts the tournament now.
 * @param {string} id
 * @returns {Promise<any>}
 */
export function tournamentStart(id) {
  return request(`/api/tournaments/${encodeURIComponent(id)}/start`, { method: 'POST' });
}
