//! The duplicate-format arena: two bot kinds play whole matches over the same cards, and the
//! statistics that say which is stronger.
//!
//! **Duplicate.** Match `i` has its own sequence of decks (hand `k`'s deck and the first dealer are
//! pure functions of the arena seed, `i` and `k`). The sequence is played twice: first with bot 0
//! at the even seats and bot 1 at the odd seats, then with the seats swapped. In the team games the
//! even seats are team 0, so the second game hands each team's cards to the other bot; in Kabul
//! every bot takes every seat over the same decks. The luck of the deal cancels out.
//!
//! **Figures.** A game's points per hand go to the bot that holds them (Kabul: the mean over that
//! bot's seats). The paired difference — bot 0's points minus bot 1's, per hand — is estimated
//! over every hand of both halves of every duplicate match; its 95% confidence interval treats the
//! duplicate match as the unit (hands of one match are not independent; matches are), with the
//! ratio estimator's variance and Student's t.

use std::time::Instant;

use cards::{random_below, seeded_rng};
use game::{Actor, GameKind, Match, Options, Phase, Record, RuleSet, Seat, Winner};
use serde_json::{Value, json};

use crate::{AnyBot, BotSpec, ExecConfig, Playable};

/// What to play.
#[derive(Clone, Debug)]
pub struct Config {
    /// The game.
    pub kind: GameKind,
    /// Rule options, as in a record's `"rules"`.
    pub options: Options,
    /// The two bots: the first is "bot 0", whose win rate and difference are reported.
    pub bots: [AnyBot; 2],
    /// The seed every deck, dealer and bot seed derives from.
    pub seed: u64,
    /// A match still unfinished after this many hands stops, undecided (its win is split).
    pub max_hands: usize,
    /// Whether to keep each game's record.
    pub keep_records: bool,
    /// How external bots are run (their time per decision, where their stderr goes).
    pub exec: ExecConfig,
}

impl Config {
    /// A configuration with the default rules, no records, a cap of 1,000 hands per match and
    /// external bots given 1 s per decision.
    #[must_use]
    pub fn new(kind: GameKind, bots: [AnyBot; 2], seed: u64) -> Self {
        let exec = ExecConfig::default();
        Config { kind, options: Options::new(), bots, seed, max_hands: 1000, keep_records: false, exec }
    }
}

/// One game (one half of a duplicate match).
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// Which bot (0 or 1) sat at each seat.
    pub seating: Vec<usize>,
    /// Per hand, the points each bot scored (Kabul: the mean over its seats).
    pub hand_points: Vec<[f64; 2]>,
    /// Each bot's share of the win: 1 and 0, or split for a shared win or an undecided match.
    pub win: [f64; 2],
    /// The record, if asked for.
    pub record: Option<Record>,
    /// Per bot, its faults in this game, each with the match, half and seat
    /// (`match 3b, seat 2: gave no answer within 2000 ms`).
    pub faults: [Vec<String>; 2],
    /// Per bot, the time of each of its decisions in milliseconds (the whole `choose` call: for an
    /// external bot, the round trip to its process).
    pub decision_ms: [Vec<f64>; 2],
}

/// The two games of one duplicate match.
#[derive(Clone, Debug)]
pub struct DuplicateOutcome {
    /// The match number.
    pub index: usize,
    /// The first game (bot 0 at the even seats) and the second (seats swapped).
    pub games: [GameOutcome; 2],
}

/// A 64-bit mix of the words (SplitMix64 steps): the seeds of decks, dealers and bots.
#[must_use]
pub fn derive_seed(words: &[u64]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15_u64;
    for &w in words {
        h ^= w;
        h = h.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h = z ^ (z >> 31);
    }
    h
}

/// The bot (0 or 1) at `seat` in half `half` (0 or 1): bot 0 at the even seats first, then swapped.
#[must_use]
pub const fn bot_at(seat: usize, half: usize) -> usize {
    (seat + half) % 2
}

/// Plays duplicate match `index`: the same decks twice, the seats swapped the second time.
///
/// # Errors
/// Bad rule options, or an action the engine refused (a bug in a bot, named in the message).
pub fn play_duplicate<G: Playable>(config: &Config, index: usize) -> Result<DuplicateOutcome, String> {
    let first = play_game::<G>(config, index, 0)?;
    let second = play_game::<G>(config, index, 1)?;
    Ok(DuplicateOutcome { index, games: [first, second] })
}

/// Plays half `half` of duplicate match `index`.
///
/// # Errors
/// See [`play_duplicate`].
pub fn play_game<G: Playable>(config: &Config, index: usize, half: usize) -> Result<GameOutcome, String> {
    let rules = G::Rules::from_options(config.kind, &config.options).map_err(|e| e.to_string())?;
    let random = AnyBot::Builtin(BotSpec::RANDOM);
    let bot_of = |b: usize| config.bots.get(b).unwrap_or(&random);
    let mut start = |b: usize, seat: Seat, seed: u64| match bot_of(b) {
        AnyBot::Oracle => G::oracle(&rules).ok_or_else(|| format!("{} has no oracle", config.kind.title())),
        bot => bot.start::<G>(config.kind, &rules, seat, seed, &config.exec).map_err(|e| e.to_string()),
    };
    play_game_with::<G>(config, index, half, &mut start)
}

/// Plays half `half` of duplicate match `index` with the bots `start` makes: bot `b` (0 or 1)
/// for a seat, from a seed (a caller's own player program, such as a Python policy, takes a
/// side this way); `config.bots` only names them in the record.
///
/// # Errors
/// See [`play_duplicate`]; and what `start` returns.
pub fn play_game_with<G: Playable>(
    config: &Config,
    index: usize,
    half: usize,
    start: &mut dyn FnMut(usize, Seat, u64) -> Result<Box<dyn crate::Bot<G>>, String>,
) -> Result<GameOutcome, String> {
    let rules = G::Rules::from_options(config.kind, &config.options).map_err(|e| e.to_string())?;
    let seats = rules.seat_count();
    let seating: Vec<usize> = (0..seats).map(|s| bot_at(s, half)).collect();
    let match_seed = derive_seed(&[config.seed, index as u64]);
    let dealer = random_below(&mut seeded_rng(derive_seed(&[match_seed, u64::MAX])), seats as u32) as usize;
    let dealer = Seat::new(dealer).ok_or("no seats")?;
    let random = AnyBot::Builtin(BotSpec::RANDOM);
    let bot_of = |b: usize| config.bots.get(b).unwrap_or(&random);
    let players = seating.iter().map(|&b| format!("bot:{}", bot_of(b))).collect();
    let mut m = Match::<G>::new(config.kind, config.options.clone(), players, dealer).map_err(|e| e.to_string())?;
    let mut bots = Seat::all(seats)
        .map(|s| start(bot_at(s.index(), half), s, derive_seed(&[match_seed, half as u64, s.index() as u64])))
        .collect::<Result<Vec<_>, _>>()?;
    let mut faults: [Vec<String>; 2] = Default::default();
    let mut decision_ms: [Vec<f64>; 2] = Default::default();
    let game_name = format!("match {index}{}", ["a", "b"][half & 1]);
    let mut hand_points = Vec::new();
    let mut before = m.game().score();
    let mut legal = Vec::new();
    let mut steps = 0usize;
    loop {
        match m.game().phase() {
            Phase::Over => break,
            Phase::AwaitingDeal { .. } => {
                let hand = hand_points.len();
                if hand >= config.max_hands {
                    break;
                }
                let mut rng = seeded_rng(derive_seed(&[match_seed, hand as u64]));
                let deal = m.game().random_deal(&mut rng);
                m.deal(deal).map_err(|e| e.to_string())?;
            }
            Phase::InHand => {
                let seat = m.game().to_act().first().ok_or("nobody may act in the middle of a hand")?;
                m.game().legal_actions(seat, &mut legal);
                if legal.is_empty() {
                    return Err(format!("seat {seat} must act but has no legal action"));
                }
                let view = m.game().view(Some(seat));
                let bot = bots.get_mut(seat.index()).ok_or("no bot at a seat")?;
                let start = Instant::now();
                // Only the oracle sees the game whole; every other bot answers from its view.
                let action = match bot.choose_seeing(seat, m.game(), &legal) {
                    Some(action) => action,
                    None => bot.choose(seat, &view, &legal),
                };
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                let b = bot_at(seat.index(), half) & 1;
                decision_ms[b].push(ms);
                faults[b].extend(bot.take_faults().into_iter().map(|f| format!("{game_name}, seat {seat}: {f}")));
                m.play(Actor::Seat(seat), action)
                    .map_err(|e| format!("match {index}: the bot at seat {seat} played {action}: {e}"))?;
                steps += 1;
                if steps > 10_000_000 {
                    return Err(format!("match {index} does not end"));
                }
                if m.game().phase() != Phase::InHand {
                    let after = m.game().score();
                    hand_points.push(points_by_bot(config.kind, &seating, &before, &after));
                    before = after;
                }
            }
        }
    }
    // Told together, so the programs exit together; each is waited for when dropped below.
    let (score, outcome) = (m.game().score(), m.game().outcome());
    for (s, bot) in bots.iter_mut().enumerate() {
        bot.end(&score, outcome);
        let b = bot_at(s, half) & 1;
        faults[b].extend(bot.take_faults().into_iter().map(|f| format!("{game_name}, seat {s}: {f}")));
    }
    drop(bots);
    let win = match m.game().outcome() {
        Some(Winner::Team(t)) => {
            let mut w = [0.0; 2];
            if let Some(x) = seating.get(t.index()).and_then(|&b| w.get_mut(b)) {
                *x = 1.0;
            }
            w
        }
        Some(Winner::Seats(set)) if !set.is_empty() => {
            let mut w = [0.0; 2];
            for s in set.iter() {
                if let Some(x) = seating.get(s.index()).and_then(|&b| w.get_mut(b)) {
                    *x += 1.0 / set.len() as f64;
                }
            }
            w
        }
        _ => [0.5, 0.5],
    };
    let record = config.keep_records.then(|| m.into_record());
    Ok(GameOutcome { seating, hand_points, win, record, faults, decision_ms })
}

/// Each bot's points in a hand: the score change of its team (team games: team `t` holds seat
/// `t`), or the mean change over its seats (Kabul).
fn points_by_bot(kind: GameKind, seating: &[usize], before: &[i32], after: &[i32]) -> [f64; 2] {
    let delta = |i: usize| f64::from(after.get(i).copied().unwrap_or(0) - before.get(i).copied().unwrap_or(0));
    let mut out = [0.0; 2];
    if kind.has_teams() {
        for (team, slot) in out.iter_mut().enumerate() {
            // Team 0 holds the even seats and team 1 the odd ones; both bots have one team.
            let t = seating.iter().position(|&b| b == team).map_or(0, |s| s % 2);
            *slot = delta(t);
        }
    } else {
        let mut count = [0usize; 2];
        for (seat, &b) in seating.iter().enumerate() {
            if let (Some(o), Some(c)) = (out.get_mut(b), count.get_mut(b)) {
                *o += delta(seat);
                *c += 1;
            }
        }
        for (o, c) in out.iter_mut().zip(count) {
            if c > 0 {
                *o /= c as f64;
            }
        }
    }
    out
}

/// The arena's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game.
    pub game: GameKind,
    /// The bots, as written on the command line.
    pub bots: [String; 2],
    /// Per bot, whether it cheats: the `oracle`, which sees every hand (a ceiling, not a player).
    pub cheats: [bool; 2],
    /// Duplicate matches played (each is two games).
    pub matches: usize,
    /// Games played (twice the duplicate matches).
    pub games: usize,
    /// Games won per bot (shared and undecided wins split).
    pub wins: [f64; 2],
    /// Bot 0's share of the games.
    pub win_rate: f64,
    /// Hands played in all (Kabul: rounds).
    pub hands: usize,
    /// Mean points per hand per bot.
    pub mean_points: [f64; 2],
    /// Bot 0's points minus bot 1's, per hand.
    pub mean_diff: f64,
    /// The 95% confidence interval of `mean_diff`.
    pub ci95: [f64; 2],
    /// Per bot, how many faults it made (external bots only).
    pub faults: [usize; 2],
    /// Per bot, its first fault (in match order), in words.
    pub first_fault: [Option<String>; 2],
    /// Per bot, the mean time of a decision, in milliseconds.
    pub ms_mean: [f64; 2],
    /// Per bot, the 99th percentile of its decision times (nearest rank), in milliseconds.
    pub ms_p99: [f64; 2],
    /// Per bot, its slowest decision, in milliseconds.
    pub ms_max: [f64; 2],
}

/// Sums up duplicate matches.
#[must_use]
pub fn summarize(config: &Config, outcomes: &[DuplicateOutcome]) -> Summary {
    let mut wins = [0.0; 2];
    let mut totals = [0.0; 2];
    let mut hands = 0;
    let mut units = Vec::with_capacity(outcomes.len());
    let mut faults = [0usize; 2];
    let mut first_fault: [Option<String>; 2] = Default::default();
    let mut times: [Vec<f64>; 2] = Default::default();
    for d in outcomes {
        let mut diff = 0.0;
        let mut n = 0.0;
        for g in &d.games {
            wins[0] += g.win[0];
            wins[1] += g.win[1];
            for p in &g.hand_points {
                totals[0] += p[0];
                totals[1] += p[1];
                diff += p[0] - p[1];
                n += 1.0;
            }
            hands += g.hand_points.len();
            for b in 0..2 {
                faults[b] += g.faults[b].len();
                if first_fault[b].is_none() {
                    first_fault[b] = g.faults[b].first().cloned();
                }
                times[b].extend_from_slice(&g.decision_ms[b]);
            }
        }
        units.push((diff, n));
    }
    let games = outcomes.len() * 2;
    let per_hand = |t: f64| if hands == 0 { 0.0 } else { t / hands as f64 };
    let (mean_diff, ci95) = ratio_ci95(&units);
    Summary {
        game: config.kind,
        bots: config.bots.each_ref().map(ToString::to_string),
        cheats: config.bots.each_ref().map(AnyBot::is_oracle),
        matches: outcomes.len(),
        games,
        wins,
        win_rate: if games == 0 { 0.0 } else { wins[0] / games as f64 },
        hands,
        mean_points: totals.map(per_hand),
        mean_diff,
        ci95,
        faults,
        first_fault,
        ms_mean: times.each_ref().map(|t| if t.is_empty() { 0.0 } else { t.iter().sum::<f64>() / t.len() as f64 }),
        ms_p99: times.each_mut().map(|t| percentile(t, 0.99)),
        ms_max: times.each_ref().map(|t| t.iter().copied().fold(0.0, f64::max)),
    }
}

/// The `q` quantile of `values` by nearest rank (0 for none); sorts them.
fn percentile(values: &mut [f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let rank = (q * values.len() as f64).ceil() as usize;
    values.get(rank.clamp(1, values.len()) - 1).copied().unwrap_or(0.0)
}

/// The ratio `Σx / Σn` of per-unit sums `(x, n)` and its 95% confidence interval: the delta
/// method's variance `M/(M−1) · Σ(x − r·n)² / (Σn)²` with Student's t at `M − 1` degrees of
/// freedom. With fewer than two units (or no spread) the interval is the point itself.
#[must_use]
pub fn ratio_ci95(units: &[(f64, f64)]) -> (f64, [f64; 2]) {
    let sx: f64 = units.iter().map(|u| u.0).sum();
    let sn: f64 = units.iter().map(|u| u.1).sum();
    if sn <= 0.0 {
        return (0.0, [0.0, 0.0]);
    }
    let r = sx / sn;
    let m = units.len();
    if m < 2 {
        return (r, [r, r]);
    }
    let ss: f64 = units.iter().map(|&(x, n)| (x - r * n).powi(2)).sum();
    let var = m as f64 / (m as f64 - 1.0) * ss / (sn * sn);
    let half = t975(m - 1) * var.sqrt();
    (r, [r - half, r + half])
}

/// Student's t quantile 0.975 for `df` degrees of freedom (tabled to 30, then 1.96 + a tail term).
#[must_use]
pub fn t975(df: usize) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        d if d <= 30 => T.get(d - 1).copied().unwrap_or(1.96),
        // The Cornish–Fisher tail: within 0.001 of the true quantile from 30 on.
        d => 1.959_964 + 2.372 / d as f64 + 2.82 / (d * d) as f64,
    }
}

impl Summary {
    /// The figures as one JSON object (`majlis arena --json`).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let faults = [0, 1].map(|b| json!({"count": self.faults[b], "first": self.first_fault[b]}));
        json!({
            "game": self.game.id(),
            "bots": self.bots,
            "cheats": self.cheats,
            "matches": self.matches,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "hands": self.hands,
            "mean_points": self.mean_points,
            "mean_diff": self.mean_diff,
            "ci95": self.ci95,
            "faults": faults,
            "ms_mean": self.ms_mean,
            "ms_p99": self.ms_p99,
            "ms_max": self.ms_max,
        })
    }

    /// The figures for people.
    #[must_use]
    pub fn to_text(&self) -> String {
        let [a, b] = &self.bots;
        let unit = if self.game == GameKind::Kabul { "games" } else { "matches" };
        let hand = if self.game == GameKind::Kabul { "round" } else { "hand" };
        let mut out = format!(
            "{} — {a} vs {b}: {} duplicate matches ({} {unit}, {} {hand}s)\n",
            self.game.title(),
            self.matches,
            self.games,
            self.hands
        );
        out.push_str(&format!(
            "  {unit} won      {a}: {}  {b}: {}  ({a} wins {:.1}%)\n",
            fmt_wins(self.wins[0]),
            fmt_wins(self.wins[1]),
            100.0 * self.win_rate
        ));
        out.push_str(&format!(
            "  points per {hand}  {a}: {:.3}  {b}: {:.3}\n",
            self.mean_points[0], self.mean_points[1]
        ));
        out.push_str(&format!(
            "  difference ({a} − {b}) per {hand}: {:+.3}, 95% CI [{:+.3}, {:+.3}]\n",
            self.mean_diff, self.ci95[0], self.ci95[1]
        ));
        out.push_str(&format!(
            "  ms per decision  {a}: mean {:.2}, p99 {:.2}, max {:.1}  {b}: mean {:.2}, p99 {:.2}, max {:.1}\n",
            self.ms_mean[0], self.ms_p99[0], self.ms_max[0], self.ms_mean[1], self.ms_p99[1], self.ms_max[1]
        ));
        for (bot, _) in self.bots.iter().zip(self.cheats).filter(|(_, cheats)| *cheats) {
            out.push_str(&format!("  CHEAT: {bot} sees every hand; its figures are a ceiling, not a player's\n"));
        }
        for (bot, (count, first)) in self.bots.iter().zip(self.faults.iter().zip(&self.first_fault)) {
            if let Some(first) = first {
                out.push_str(&format!("  faults of {bot}: {count}, the first: {first}\n"));
            }
        }
        out
    }
}

fn fmt_wins(w: f64) -> String {
    if w.fract() == 0.0 { format!("{w:.0}") } else { format!("{w:.1}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, Record};

    #[test]
    fn ratio_ci_of_a_constant_difference_is_a_point() {
        let (r, ci) = ratio_ci95(&[(4.0, 2.0), (6.0, 3.0), (2.0, 1.0)]);
        assert!((r - 2.0).abs() < 1e-12);
        assert!((ci[0] - 2.0).abs() < 1e-12 && (ci[1] - 2.0).abs() < 1e-12);
    }

    #[test]
    fn ratio_ci_matches_the_t_interval_of_equal_units() {
        // With one hand per unit the ratio estimator is the mean and the interval is the usual t
        // interval: mean 3, sample sd sqrt(2.5), n 5, t(4) 2.776.
        let units: Vec<(f64, f64)> = [1.0, 2.0, 3.0, 4.0, 5.0].iter().map(|&x| (x, 1.0)).collect();
        let (r, ci) = ratio_ci95(&units);
        let half = 2.776 * (2.5f64).sqrt() / 5f64.sqrt();
        assert!((r - 3.0).abs() < 1e-12);
        assert!((ci[0] - (3.0 - half)).abs() < 1e-9, "{ci:?}");
        assert!((ci[1] - (3.0 + half)).abs() < 1e-9, "{ci:?}");
    }

    #[test]
    fn t_quantiles_fall_towards_the_normal() {
        assert!((t975(1) - 12.706).abs() < 1e-9);
        assert!((t975(30) - 2.042).abs() < 1e-9);
        assert!((t975(60) - 2.000).abs() < 0.002);
        assert!((t975(1000) - 1.962).abs() < 0.002);
        assert!(t975(31) < t975(30));
    }

    fn decks(r: &Record) -> Vec<Vec<cards::Card>> {
        r.hands.iter().map(|h| h.deck.clone()).collect()
    }

    fn duplicate_pairs_same_decks<G: Playable>(kind: GameKind, options: Options) {
        let mut config = Config::new(kind, [BotSpec::HEURISTIC.into(), BotSpec::RANDOM.into()], 11);
        config.options = options;
        config.keep_records = true;
        config.max_hands = 6;
        let d = play_duplicate::<G>(&config, 3).expect("plays");
        let [a, b] = &d.games;
        let (ra, rb) = (a.record.as_ref().expect("record"), b.record.as_ref().expect("record"));
        let n = ra.hands.len().min(rb.hands.len());
        assert!(n >= 1);
        assert_eq!(decks(ra)[..n], decks(rb)[..n], "the same decks in both halves");
        assert_eq!(ra.hands[0].dealer, rb.hands[0].dealer, "the same first dealer");
        for (s, (x, y)) in a.seating.iter().zip(&b.seating).enumerate() {
            assert_ne!(x, y, "seat {s} changes bot between the halves");
            assert_eq!(ra.players[s], format!("bot:{}", config.bots[*x]));
            assert!(a.faults[*x].is_empty());
        }
        // Another match deals other cards.
        let other = play_game::<G>(&config, 4, 0).expect("plays");
        assert_ne!(decks(other.record.as_ref().expect("record"))[0], decks(ra)[0]);
    }

    #[test]
    fn duplicate_halves_deal_the_same_decks_with_seats_swapped() {
        duplicate_pairs_same_decks::<kout::Kout>(GameKind::Kout6, Options::new());
        duplicate_pairs_same_decks::<kout::Kout>(GameKind::Kout4, Options::new());
        duplicate_pairs_same_decks::<baloot::Baloot>(GameKind::Baloot, Options::new());
        let mut three = Options::new();
        three.insert("players".to_owned(), json!(3));
        duplicate_pairs_same_decks::<kabul::Kabul>(GameKind::Kabul, three);
    }

    #[test]
    fn records_replay_and_hand_points_add_up_to_the_score() {
        let mut config = Config::new(GameKind::Kout4, [BotSpec::HEURISTIC.into(), BotSpec::RANDOM.into()], 5);
        config.keep_records = true;
        let d = play_duplicate::<kout::Kout>(&config, 0).expect("plays");
        for g in &d.games {
            let record = g.record.as_ref().expect("record");
            let m = Match::<kout::Kout>::replay(record).expect("replays");
            assert_eq!(m.game().phase(), Phase::Over);
            // Team t holds seat t: the bot at seat t scored team t's points.
            let score = m.game().score();
            for (team, &total) in score.iter().enumerate() {
                let bot = g.seating[team];
                let sum: f64 = g.hand_points.iter().map(|p| p[bot]).sum();
                assert!((sum - f64::from(total)).abs() < 1e-9, "team {team}");
            }
            let winner = match m.game().outcome() {
                Some(Winner::Team(t)) => g.seating[t.index()],
                other => panic!("no team won: {other:?}"),
            };
            assert_eq!(g.win[winner], 1.0);
        }
    }

    #[test]
    fn summary_json_has_the_documented_fields() {
        let config = Config::new(GameKind::Kabul, [BotSpec::HEURISTIC.into(), BotSpec::RANDOM.into()], 9);
        let outcomes: Vec<_> = (0..4).map(|i| play_duplicate::<kabul::Kabul>(&config, i).expect("plays")).collect();
        let s = summarize(&config, &outcomes);
        let j = s.to_json();
        assert_eq!(j["game"], "kabul");
        assert_eq!(j["bots"], json!(["heuristic", "random"]));
        assert_eq!(j["matches"], 4);
        assert_eq!(j["games"], 8);
        let rate = j["win_rate"].as_f64().expect("win_rate");
        assert!((0.0..=1.0).contains(&rate));
        let diff = j["mean_diff"].as_f64().expect("mean_diff");
        let ci = j["ci95"].as_array().expect("ci95");
        assert_eq!(ci.len(), 2);
        let (lo, hi) = (ci[0].as_f64().expect("low"), ci[1].as_f64().expect("high"));
        assert!(lo <= diff && diff <= hi, "{lo} {diff} {hi}");
        assert!((s.wins[0] + s.wins[1] - 8.0).abs() < 1e-9, "every game's win is shared out");
        assert!(s.to_text().contains("heuristic vs random"));
        assert_eq!(j["faults"], json!([{"count": 0, "first": null}, {"count": 0, "first": null}]));
        for key in ["ms_mean", "ms_p99", "ms_max"] {
            let ms = j[key].as_array().expect("per bot");
            assert!(ms.iter().all(|m| m.as_f64().is_some_and(|m| m > 0.0)), "{key}: {ms:?}");
        }
        for b in 0..2 {
            assert!(s.ms_mean[b] <= s.ms_max[b] && s.ms_p99[b] <= s.ms_max[b], "bot {b}");
        }
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let mut v: Vec<f64> = (1..=200).rev().map(f64::from).collect();
        assert_eq!(percentile(&mut v, 0.99), 198.0);
        assert_eq!(percentile(&mut [5.0], 0.99), 5.0);
        assert_eq!(percentile(&mut [], 0.99), 0.0);
    }
}
