// @ts-check
/**
 * Things said in words, the same way in every view: a card for screen readers ("King of spades",
 * "شايب شريا"), a list ("A, B and C", "أ، ب وج"), the two teams' scores from the reader's side
 * ("لنا 12 · لهم 0"), and the one digit style (Western digits, 0–9, in both languages). Pure: no DOM.
 * @module
 */

import { parseCard, rankLabel } from './cards.js';
import { translate } from './i18n.js';

/** @typedef {import('./i18n.js').Lang} Lang */

/**
 * The locale to format dates and numbers in: Arabic keeps Western digits (0–9), the one digit
 * style the whole client uses, so a date never mixes two kinds of digits with the scores beside it.
 * @param {Lang} lang
 */
export function numberLocale(lang) {
  return lang === 'ar' ? 'ar-u-nu-latn' : 'en';
}

/**
 * A card in words, for screen readers and tooltips: "King of spades", "10 of hearts",
 * "Red joker"; in Arabic the rank then the suit as players say them ("شايب شريا", "10 هاص"),
 * with the suit and rank names of the rest of the client (i18n.js). Anything that is not a card
 * comes back as it was.
 * @param {Lang} lang
 * @param {string} code
 */
export function cardWords(lang, code) {
  const c = parseCard(code);
  if (!c) return String(code);
  if (c.joker) return translate(lang, c.joker === 'R' ? 'card.jokerRed' : 'card.jokerBlack');
  const rank = c.rank && 'JQKA'.includes(c.rank) ? translate(lang, `rank.${c.rank}`) : rankLabel(c.rank);
  const suit = translate(lang, `suit.${c.suit}`);
  if (lang === 'ar') return `${rank} ${suit}`;
  const words = `${rank} of ${suit.toLowerCase()}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Items joined as a list in a language: "A, B and C" in English, "أ، ب وج" in Arabic (the Arabic
 * comma, and و joined to the last item).
 * @param {Lang} lang
 * @param {string[]} items
 */
export function joinList(lang, items) {
  return items.map((item, i) => {
    if (i === 0) return item;
    return translate(lang, i === items.length - 1 ? 'list.and' : 'list.comma') + item;
  }).join('');
}

/**
 * The two teams' scores, the reader's team first and each named: "Us 12 · Them 0",
 * "لنا 12 · لهم 0". In right-to-left a pair of bare numbers ("12/0") reads either way; named,
 * each number is plainly whose.
 * @param {[string, string | number][]} teams  label and value of each team, in the order to show
 */
export function teamScoreText(teams) {
  return teams.map(([label, value]) => `${label} ${value}`).join(' · ');
}

/**
 * Whether a text uses the one digit style: no Arabic-Indic (٠–٩) or Persian (۰–۹) digits.
 * @param {string} text
 */
export function hasOnlyWesternDigits(text) {
  return !/[\u0660-\u0669\u06F0-\u06F9]/.test(text);
}

/**
 * What "Your games" says of one match (an entry of GET /api/me/games): when, how it went for the
 * reader, the score from the reader's side, and who else played. Fields the server did not send
 * (an older server has no `players`) come back empty.
 * @param {Lang} lang
 * @param {Record<string, any>} g
 * @returns {{date: string, result: string, score: string, others: string}}
 */
export function gameFacts(lang, g) {
  const t = (/** @type {string} */ k, /** @type {import('./i18n.js').Params} */ p = {}) => translate(lang, k, p);
  const at = Number(g.ended_at ?? g.started_at);
  const date = Number.isFinite(at) && at > 0
    ? new Date(at).toLocaleDateString(numberLocale(lang), { year: 'numeric', month: 'short', day: 'numeric' })
    : '';
  const seat = Number(g.seat);
  const teams = g.game !== 'kabul';
  const winner = g.result?.winner;
  const score = Array.isArray(g.result?.score) ? g.result.score : null;
  let result = '';
  if (g.finished && winner !== undefined && winner !== null) {
    const won = teams ? winner === seat % 2 : Array.isArray(winner) && winner.includes(seat);
    result = t(won ? 'home.recent.won' : 'home.recent.lost');
  } else if (g.finished && g.result?.abandoned) {
    result = t('home.recent.abandoned');
  }
  let scoreText = '';
  if (score && teams) {
    const mine = seat % 2;
    scoreText = teamScoreText([[t('team.us'), score[mine] ?? 0], [t('team.them'), score[1 - mine] ?? 0]]);
  } else if (score) {
    scoreText = String(score[seat] ?? '');
  }
  const names = (Array.isArray(g.players) ? g.players : [])
    .map((name, i) => ({ name: String(name), i }))
    .filter((p) => p.i !== seat && p.name !== '')
    .map((p) => (p.name.startsWith('bot:') ? `${t('lobby.bot')} ${p.i + 1}` : p.name));
  return { date, result, score: scoreText, others: names.length ? t('home.recent.with', { names: joinList(lang, names) }) : '' };
}
