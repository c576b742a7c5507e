//! The daily deal: every day, for each game, one fixed set of deals that every signed-in player
//! plays once against the same bots, scored against everyone else who held the same cards.
//!
//! - **The day's secret.** Each UTC day has a 32-byte secret (random, or derived from the
//!   server's fixed seed in tests). Its commitment, [`day_commitment`], is published when the day
//!   opens; the secret is revealed once the day has closed ([`reveal`]), and `majlis verify`
//!   checks the revealed day with [`verify_day`].
//! - **One seed per game.** Each game's daily table seed is [`game_seed`] of the secret: every
//!   player's daily table of that game has the same seed, so the same dealers, decks and salts,
//!   and bots seeded by the position in the deal ([`bot_seed`]), never by the clock or by how the
//!   player's connection came and went. The bots are the `medium` level: a decision of theirs is
//!   a function of what they see and the seed, so the same play meets the same answers (a search
//!   that thinks for a time would answer by the machine's speed).
//! - **Each deal is its own match of one hand**, from 0–0 with the same dealer for everyone, so
//!   deals compare as Bridge boards do: deal `k` is match `k` of the player's daily table.
//! - **Scores.** A deal's [`net`] is the player's team's points minus the other team's (Kabul:
//!   minus the player's own points, so higher is better everywhere); [`matchpoints`] is the share
//!   of the field one beat on that deal, ties counting half.

use cards::random_below;
use game::{GameKind, Match, Options, Record, Seat};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::fair;

/// The bots of every daily table: the `medium` level, whose decisions are a function of what
/// they see and their seed (a searching bot answers by how far it got in its time).
pub const BOTS: &str = "medium";

/// A game of the daily deal, with its rules and number of deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DailyGame {
    /// Kout Bo with six players, six hands.
    Kout6,
    /// Kout Bo with four players, six hands.
    Kout4,
    /// Baloot with the Saudi table calls (`saudi`), eight hands.
    Baloot,
    /// Kabul with four players, four rounds.
    Kabul,
}

impl DailyGame {
    /// Every daily game, in the order the pages list them.
    pub const ALL: [DailyGame; 4] = [DailyGame::Kout6, DailyGame::Kout4, DailyGame::Baloot, DailyGame::Kabul];

    /// Its name in addresses and records: `kout6`, `kout4`, `baloot`, `kabul`.
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            DailyGame::Kout6 => "kout6",
            DailyGame::Kout4 => "kout4",
            DailyGame::Baloot => "baloot",
            DailyGame::Kabul => "kabul",
        }
    }

    /// The game it plays.
    #[must_use]
    pub const fn kind(self) -> GameKind {
        match self {
            DailyGame::Kout6 => GameKind::Kout6,
            DailyGame::Kout4 => GameKind::Kout4,
            DailyGame::Baloot => GameKind::Baloot,
            DailyGame::Kabul => GameKind::Kabul,
        }
    }

    /// The rule options of its tables: the defaults, Baloot's `saudi` preset, Kabul for four
    /// (one round a match).
    #[must_use]
    pub fn rules(self) -> Options {
        let value = match self {
            DailyGame::Kout6 | DailyGame::Kout4 => json!({}),
            DailyGame::Baloot => json!({ "preset": "saudi" }),
            DailyGame::Kabul => json!({ "players": 4 }),
        };
        match value {
            Value::Object(map) => map,
            _ => Options::new(),
        }
    }

    /// How many deals a day holds.
    #[must_use]
    pub const fn deals(self) -> usize {
        match self {
            DailyGame::Kout6 | DailyGame::Kout4 => 6,
            DailyGame::Baloot => 8,
            DailyGame::Kabul => 4,
        }
    }

    /// Its number in [`game_seed`].
    const fn number(self) -> u64 {
        match self {
            DailyGame::Kout6 => 0,
            DailyGame::Kout4 => 1,
            DailyGame::Baloot => 2,
            DailyGame::Kabul => 3,
        }
    }

    /// The daily game named `slug`.
    #[must_use]
    pub fn parse(slug: &str) -> Option<DailyGame> {
        DailyGame::ALL.into_iter().find(|g| g.slug() == slug)
    }
}

/// What makes a table a daily one: the day and the game (stored with the table, JSON
/// `{"day": "YYYY-MM-DD", "game": "baloot"}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyTable {
    /// The day.
    pub day: Day,
    /// The game.
    pub game: DailyGame,
}

impl DailyTable {
    /// The stored form.
    #[must_use]
    pub fn to_json(self) -> String {
        json!({ "day": self.day.to_string(), "game": self.game.slug() }).to_string()
    }

    /// Reads the stored form back.
    #[must_use]
    pub fn parse(text: &str) -> Option<DailyTable> {
        let v: Value = serde_json::from_str(text).ok()?;
        Some(DailyTable { day: Day::parse(v["day"].as_str()?)?, game: DailyGame::parse(v["game"].as_str()?)? })
    }
}

/// A UTC day, as days since 1970-01-01; written `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

const MS_PER_DAY: i64 = 86_400_000;

impl Day {
    /// The UTC day of a Unix time in milliseconds.
    #[must_use]
    pub fn of_unix_ms(ms: i64) -> Day {
        Day(ms.div_euclid(MS_PER_DAY))
    }

    /// When the day opens (Unix ms).
    #[must_use]
    pub fn opens_ms(self) -> i64 {
        self.0.saturating_mul(MS_PER_DAY)
    }

    /// When the day closes (Unix ms): the next day's opening.
    #[must_use]
    pub fn closes_ms(self) -> i64 {
        self.0.saturating_add(1).saturating_mul(MS_PER_DAY)
    }

    /// Parses `YYYY-MM-DD`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let (y, m, d): (i64, i64, i64) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
        if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
            return None;
        }
        Some(Day(days_from_civil(y, m, d)))
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (y, m, d) = civil_from_days(self.0);
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (the era arithmetic of H. Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number: the inverse of [`days_from_civil`].
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A new day's secret: from the operating system, or, when the server runs with a fixed seed
/// (tests), from that seed and the day.
///
/// # Errors
/// The operating system has no randomness to give.
pub fn day_secret(fixed: Option<u64>, day: Day) -> Result<[u8; 32], getrandom::Error> {
    match fixed {
        Some(seed) => Ok(fair::derive(&[0; 32], "daily", &[seed, u64::try_from(day.0).unwrap_or(0)])),
        None => crate::ids::random_bytes::<32>(),
    }
}

/// `hex(SHA-256("majlis daily " || day || " " || secret))`, the day written `YYYY-MM-DD` and the
/// secret's raw bytes: published when the day opens.
#[must_use]
pub fn day_commitment(day: Day, secret: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(format!("majlis daily {day} ").as_bytes());
    h.update(secret);
    hex::encode(h.finalize())
}

/// The seed of every daily table of `game` on the day of `secret`.
#[must_use]
pub fn game_seed(secret: &[u8; 32], game: DailyGame) -> [u8; 32] {
    fair::derive(secret, "daily-table", &[game.number()])
}

/// The seed of a bot's decision at a daily table: the deal (`match_number`), the decision's place
/// in that deal's log (`seq`) and the seat. The same play reaches the same `seq`, whatever else
/// happened at the table (a reconnect, a message).
#[must_use]
pub fn bot_seed(seed: &[u8; 32], match_number: u64, seq: u64, seat: Seat) -> u64 {
    fair::derive_u64(seed, "daily-bot", &[match_number, seq, seat.index() as u64])
}

/// The dealer of deal `k` of a daily table (as every table draws its match's first dealer).
#[must_use]
pub fn dealer(seed: &[u8; 32], k: u64, seats: usize) -> Seat {
    let mut rng = fair::derive_rng(seed, "dealer", &[k]);
    Seat::new(random_below(&mut rng, seats as u32) as usize).unwrap_or(Seat::ZERO)
}

/// A deal's result for the player in seat 0 from the match score: their team's points minus the
/// other team's (team games), or minus their own points (Kabul, where fewer is better). Higher is
/// better in every game.
#[must_use]
pub fn net(kind: GameKind, score: &[i64]) -> i64 {
    let at = |i: usize| score.get(i).copied().unwrap_or(0);
    if kind.has_teams() { at(0) - at(1) } else { -at(0) }
}

/// The share of `others` that `mine` beats, ties counting half: 1.0 beats everyone, 0.5 with no
/// one to compare with.
#[must_use]
pub fn matchpoints(mine: i64, others: &[i64]) -> f64 {
    if others.is_empty() {
        return 0.5;
    }
    let points: f64 = others
        .iter()
        .map(|&o| match mine.cmp(&o) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        })
        .sum();
    points / others.len() as f64
}

/// One deal of a revealed day: its dealer, and the hand's header as a daily table deals it (the
/// deck, its salt and commitment).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealedDeal {
    /// The dealer's seat.
    pub dealer: usize,
    /// The deck in dealing order, record notation.
    pub deck: String,
    /// The salt (hex).
    pub salt: String,
    /// The commitment the table published before the deal.
    pub commitment: String,
}

/// One game of a revealed day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealedGame {
    /// The game's slug (`baloot`, ...).
    pub game: String,
    /// Its deals, in order.
    pub deals: Vec<RevealedDeal>,
}

/// A day once it closed: its commitment, its secret, and every game's deals. `majlis verify`
/// checks it with [`verify_day`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayRecord {
    /// The day, `YYYY-MM-DD`.
    pub daily: String,
    /// The commitment published when the day opened.
    pub commitment: String,
    /// The secret (hex), revealed once the day closed.
    pub secret: String,
    /// The games' deals.
    pub games: Vec<RevealedGame>,
}

/// Deal `k` of `game` from its daily `seed` as a daily table deals it: a new match with the
/// deal's dealer, the deal, and that dealer.
fn nth_deal<G: bots::Playable>(
    kind: GameKind,
    game: DailyGame,
    seed: &[u8; 32],
    k: u64,
) -> Result<(Match<G>, G::Deal, Seat), String> {
    let probe = Match::<G>::new(kind, game.rules(), Vec::new(), Seat::ZERO).map_err(|e| e.to_string())?;
    let dealer = dealer(seed, k, probe.game().seat_count());
    let m = Match::<G>::new(kind, game.rules(), Vec::new(), dealer).map_err(|e| e.to_string())?;
    let mut rng = fair::derive_rng(seed, "deal", &[k, 0]);
    let deal = m.game().random_deal(&mut rng);
    Ok((m, deal, dealer))
}

/// The deals of `game` on the day of `secret`, as its daily tables deal them.
///
/// # Errors
/// The game's rules or deal cannot be built (a bug: the daily rules are fixed).
pub fn deals_of(secret: &[u8; 32], game: DailyGame) -> Result<Vec<RevealedDeal>, String> {
    struct Deals<'a> {
        secret: &'a [u8; 32],
        game: DailyGame,
    }
    impl games::Visitor for Deals<'_> {
        type Output = Result<Vec<RevealedDeal>, String>;
        fn visit<G: bots::Playable>(self, kind: GameKind) -> Self::Output {
            let seed = game_seed(self.secret, self.game);
            let mut out = Vec::new();
            for k in 0..self.game.deals() as u64 {
                let (m, deal, dealer) = nth_deal::<G>(kind, self.game, &seed, k)?;
                let mut header = game::HandRecord::new(dealer, &[]);
                m.game().deal_to_record(&deal, &mut header);
                let salt = fair::derive(&seed, "salt", &[k, 0]);
                out.push(RevealedDeal {
                    dealer: dealer.index(),
                    deck: fair::deck_text(&header.deck),
                    salt: hex::encode(salt),
                    commitment: fair::commitment(&salt, 0, &header.deck),
                });
            }
            Ok(out)
        }
    }
    games::dispatch(game.kind(), Deals { secret, game })
}

/// Each deal's double-dummy par for the player in seat 0 (their [`net`]): the deal bid and played
/// with every hand seen, the arena's `oracle` ([`bots::Playable::oracle`]) at every seat, each
/// bid and card the solver's. `None` for Kabul, a game of memory and a hidden draw pile, which
/// has no double-dummy.
///
/// It takes the solver's time (a Kout 6 deal seconds at worst): the server computes a day's pars
/// once, off the request threads, after the day closed.
///
/// # Errors
/// The game's rules or deal cannot be built, or the engine refused a solver's action (bugs).
pub fn pars_of(secret: &[u8; 32], game: DailyGame) -> Result<Option<Vec<i64>>, String> {
    struct Pars<'a> {
        secret: &'a [u8; 32],
        game: DailyGame,
    }
    impl games::Visitor for Pars<'_> {
        type Output = Result<Option<Vec<i64>>, String>;
        fn visit<G: bots::Playable>(self, kind: GameKind) -> Self::Output {
            let seed = game_seed(self.secret, self.game);
            let rules =
                <G::Rules as game::RuleSet>::from_options(kind, &self.game.rules()).map_err(|e| e.to_string())?;
            let Some(mut oracle) = G::oracle(&rules) else { return Ok(None) };
            let mut pars = Vec::with_capacity(self.game.deals());
            let mut legal = Vec::new();
            for k in 0..self.game.deals() as u64 {
                let (mut m, deal, _) = nth_deal::<G>(kind, self.game, &seed, k)?;
                m.deal(deal).map_err(|e| e.to_string())?;
                // One hand, as a daily table plays it (a Kawesh redeal ends it too).
                for _ in 0..10_000 {
                    if m.game().phase() != game::Phase::InHand {
                        break;
                    }
                    let seat = m.game().to_act().first().ok_or("nobody may act in the middle of a hand")?;
                    m.game().legal_actions(seat, &mut legal);
                    let action = match oracle.choose_seeing(seat, m.game(), &legal) {
                        Some(a) => a,
                        None => oracle.choose(seat, &m.game().view(Some(seat)), &legal),
                    };
                    m.play(game::Actor::Seat(seat), action).map_err(|e| format!("deal {k}: {action}: {e}"))?;
                }
                let score: Vec<i64> = m.game().score().iter().map(|&x| i64::from(x)).collect();
                pars.push(net(kind, &score));
            }
            Ok(Some(pars))
        }
    }
    games::dispatch(game.kind(), Pars { secret, game })
}

/// The record of a closed day.
///
/// # Errors
/// As [`deals_of`].
pub fn reveal(day: Day, secret: &[u8; 32]) -> Result<DayRecord, String> {
    let games = DailyGame::ALL
        .into_iter()
        .map(|g| Ok(RevealedGame { game: g.slug().to_owned(), deals: deals_of(secret, g)? }))
        .collect::<Result<_, String>>()?;
    Ok(DayRecord {
        daily: day.to_string(),
        commitment: day_commitment(day, secret),
        secret: hex::encode(secret),
        games,
    })
}

/// Checks a revealed day: the secret matches the commitment, and every deal is the one the
/// secret gives. Returns how many deals were checked.
///
/// # Errors
/// What does not match, in words.
pub fn verify_day(record: &DayRecord) -> Result<usize, String> {
    let day = Day::parse(&record.daily).ok_or_else(|| format!("\"{}\" is not a day (YYYY-MM-DD)", record.daily))?;
    let bytes = hex::decode(&record.secret).map_err(|e| format!("the secret is not hex: {e}"))?;
    let secret: [u8; 32] = bytes.try_into().map_err(|_| "the secret is not 32 bytes".to_owned())?;
    let expected = day_commitment(day, &secret);
    if !expected.eq_ignore_ascii_case(&record.commitment) {
        return Err(format!(
            "the commitment {} does not match SHA-256(\"majlis daily {day} \" || secret) = {expected}: the secret is not the one committed to",
            record.commitment
        ));
    }
    let mut checked = 0;
    for revealed in &record.games {
        let game =
            DailyGame::parse(&revealed.game).ok_or_else(|| format!("\"{}\" is not a daily game", revealed.game))?;
        let deals = deals_of(&secret, game)?;
        if deals.len() != revealed.deals.len() {
            return Err(format!(
                "{}: {} deals listed, the day has {}",
                revealed.game,
                revealed.deals.len(),
                deals.len()
            ));
        }
        for (k, (want, got)) in deals.iter().zip(&revealed.deals).enumerate() {
            if want != got {
                return Err(format!(
                    "{} deal {k}: not the deal the secret gives (dealer, deck, salt or commitment changed)",
                    revealed.game
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// Whether a match record is deal `k` of `game` on the day of `secret`: its one hand has the
/// day's dealer, deck, salt and commitment.
#[must_use]
pub fn record_is_deal(record: &Record, secret: &[u8; 32], game: DailyGame, k: usize) -> bool {
    let Ok(deals) = deals_of(secret, game) else { return false };
    let (Some(want), Some(hand)) = (deals.get(k), record.hands.first()) else { return false };
    hand.dealer.index() == want.dealer
        && fair::deck_text(&hand.deck) == want.deck
        && hand.salt.as_deref() == Some(want.salt.as_str())
        && hand.commitment.as_deref() == Some(want.commitment.as_str())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_par_is_one_hand_of_perfect_play_scored_as_kout_scores_it_and_kabul_has_none() {
        let secret = [3u8; 32];
        let pars = pars_of(&secret, DailyGame::Kout4).unwrap().unwrap();
        assert_eq!(pars.len(), DailyGame::Kout4.deals());
        // Only one team scores in a Kout hand, one of the table's amounts (kout.md, "Score of a
        // hand"); seat 0's team gains it or gives it.
        let amounts = [5, 6, 7, 8, 10, 12, 14, 16, 18, 36];
        for par in &pars {
            assert!(amounts.contains(&par.abs()), "{par} is no Kout hand's score: {pars:?}");
        }
        assert_eq!(pars_of(&secret, DailyGame::Kout4).unwrap(), Some(pars), "the same deals, the same pars");
        assert_eq!(pars_of(&secret, DailyGame::Kabul).unwrap(), None);
    }

    #[test]
    fn days_are_written_and_read_as_dates() {
        assert_eq!(Day(0).to_string(), "1970-01-01");
        assert_eq!(Day::parse("2026-11-28").map(|d| d.to_string()).as_deref(), Some("2026-11-28"));
        assert_eq!(Day::parse("2024-02-29").map(|d| d.to_string()).as_deref(), Some("2024-02-29"));
        for bad in ["2023-02-29", "2026-13-01", "2026-1-01", "x", "2026-11-28-1", "2026-04-31"] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
        for z in [-700_000, -1, 0, 1, 19_000, 20_420, 2_000_000] {
            assert_eq!(Day::parse(&Day(z).to_string()), Some(Day(z)));
        }
        let day = Day::parse("2026-11-28").unwrap_or(Day(0));
        assert_eq!(Day::of_unix_ms(day.opens_ms()), day);
        assert_eq!(Day::of_unix_ms(day.closes_ms() - 1), day);
        assert_eq!(Day::of_unix_ms(day.closes_ms()), Day(day.0 + 1));
    }

    #[test]
    fn matchpoints_count_the_field_beaten_and_half_the_ties() {
        assert!((matchpoints(10, &[]) - 0.5).abs() < 1e-12);
        assert!((matchpoints(10, &[0, 10, 20, 5]) - 2.5 / 4.0).abs() < 1e-12);
        assert!((matchpoints(-3, &[-3]) - 0.5).abs() < 1e-12);
        assert!((matchpoints(30, &[29, -100]) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_net_is_higher_for_the_better_result_in_every_game() {
        assert_eq!(net(GameKind::Baloot, &[26, 0]), 26);
        assert_eq!(net(GameKind::Kout4, &[0, 14]), -14);
        assert_eq!(net(GameKind::Kabul, &[7, 1, 30, 2]), -7);
    }

    #[test]
    fn a_revealed_day_verifies_and_any_change_is_found() {
        let day = Day::parse("2026-11-28").unwrap_or(Day(0));
        let secret = day_secret(Some(5), day).unwrap_or([0; 32]);
        let record = reveal(day, &secret).unwrap_or_else(|e| panic!("{e}"));
        let total: usize = DailyGame::ALL.iter().map(|g| g.deals()).sum();
        assert_eq!(verify_day(&record), Ok(total));
        // Another day's secret, a changed deck, a changed commitment: each refused.
        let mut other = record.clone();
        other.daily = "2026-11-29".to_owned();
        assert!(verify_day(&other).is_err());
        let mut swapped = record.clone();
        swapped.games[2].deals.swap(0, 1);
        assert!(verify_day(&swapped).err().unwrap_or_default().contains("baloot deal 0"));
        let mut forged = record;
        forged.secret = hex::encode([7u8; 32]);
        assert!(verify_day(&forged).err().unwrap_or_default().contains("not the one committed"));
        // Different days, different deals.
        let next = day_secret(Some(5), Day(day.0 + 1)).unwrap_or([0; 32]);
        assert_ne!(deals_of(&secret, DailyGame::Kout4).ok(), deals_of(&next, DailyGame::Kout4).ok());
    }
}
