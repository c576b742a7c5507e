// @ts-check
/**
 * Ratings, profiles and leaderboards as the pages show them: pure functions over the server's
 * answers (`GET /api/players/{id}`, `GET /api/leaderboard/{game}`, a rated match's
 * `rating_changes`), tested without a browser.
 * @module
 */

/** The games that have ratings and leaderboards, in the order the pages list them. */
export const RATED_GAMES = ['kout6', 'kout4', 'baloot', 'kabul'];

/** A rating is provisional while it counts fewer rated games than this (the server's rule). */
export const PROVISIONAL_GAMES = 10;

/**
 * A rating as shown: a whole number.
 * @param {unknown} x
 * @returns {string}
 */
export function ratingText(x) {
  const n = Number(x);
  return Number.isFinite(n) ? String(Math.round(n)) : '–';
}

/**
 * The change from `before` to `after` in whole points, signed: `+12`, `−8` (a real minus), `±0`.
 * @param {unknown} before
 * @param {unknown} after
 * @returns {string}
 */
export function changeText(before, after) {
  const d = changeOf(before, after);
  if (d === null) return '';
  if (d > 0) return `+${d}`;
  if (d < 0) return `\u2212${-d}`;
  return '±0';
}

/**
 * The change in whole points as shown (the difference of the shown ratings), or null.
 * @param {unknown} before
 * @param {unknown} after
 * @returns {number | null}
 */
export function changeOf(before, after) {
  const b = Number(before);
  const a = Number(after);
  if (!Number.isFinite(a) || !Number.isFinite(b) || before === null || after === null) return null;
  return Math.round(a) - Math.round(b);
}

/**
 * The direction of a change, for its colour: `up`, `down` or `same`.
 * @param {unknown} before
 * @param {unknown} after
 * @returns {'up' | 'down' | 'same'}
 */
export function changeClass(before, after) {
  const d = changeOf(before, after) ?? 0;
  return d > 0 ? 'up' : d < 0 ? 'down' : 'same';
}

/**
 * The rating change of `playerId` among a finished rated match's `rating_changes`, or null.
 * @param {unknown} changes
 * @param {string | null | undefined} playerId
 * @returns {{seat: number, player: string, outcome: string, before: number, after: number} | null}
 */
export function ownChange(changes, playerId) {
  if (!Array.isArray(changes) || !playerId) return null;
  const c = changes.find((x) => x && x.player === playerId);
  return c ? { seat: Number(c.seat), player: String(c.player), outcome: String(c.outcome ?? ''), before: Number(c.before), after: Number(c.after) } : null;
}

/**
 * A profile's ratings in the pages' game order (unknown games last).
 * @template {{game: string}} T
 * @param {T[] | null | undefined} ratings
 * @returns {T[]}
 */
export function sortRatings(ratings) {
  const order = (/** @type {string} */ g) => { const i = RATED_GAMES.indexOf(g); return i < 0 ? RATED_GAMES.length : i; };
  return [...(ratings ?? [])].sort((a, b) => order(a.game) - order(b.game));
}

/**
 * The message key of a finished match's result from the player's side: left early, won or lost.
 * @param {{won?: boolean, rating_change?: {outcome?: string} | null}} g
 * @returns {'players.result.left' | 'players.result.void' | 'players.result.win' | 'players.result.loss'}
 */
export function resultKey(g) {
  // A rated match says how it counted (a leaver lost, whatever the table's result; for the others
  // a match someone left is void).
  const outcome = g.rating_change?.outcome;
  if (outcome === 'left') return 'players.result.left';
  if (outcome === 'void') return 'players.result.void';
  if (outcome === 'win') return 'players.result.win';
  if (outcome === 'loss') return 'players.result.loss';
  return g.won ? 'players.result.win' : 'players.result.loss';
}

/**
 * What the leaderboard page says about the asker: their rank, no rating yet, or sign in to see it.
 * @param {{rank: number, rating: number, games: number, provisional: boolean} | null | undefined} me
 * @param {boolean} signedIn
 * @returns {{key: string, params?: Record<string, string | number>}}
 */
export function rankLine(me, signedIn) {
  if (!signedIn) return { key: 'players.board.signIn' };
  if (!me) return { key: 'players.board.noRating' };
  return { key: me.provisional ? 'players.board.youProvisional' : 'players.board.you', params: { rank: Number(me.rank), rating: ratingText(me.rating) } };
}

/**
 * A route's leaderboard game: one of the rated games, else the first.
 * @param {string | null | undefined} game
 * @returns {string}
 */
export function boardGame(game) {
  return game && RATED_GAMES.includes(game) ? game : RATED_GAMES[0];
}

/**
 * A file name for one's exported games.
 * @param {string} playerId
 * @param {Date} now
 * @returns {string}
 */
export function exportFileName(playerId, now) {
  const day = now.toISOString().slice(0, 10);
  return `majlis-games-${playerId.replace(/[^A-Za-z0-9_-]/g, '')}-${day}.ndjson`;
}
