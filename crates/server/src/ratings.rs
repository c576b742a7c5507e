//! Ratings of rated matches: Weng-Lin (the Bayesian model behind OpenSkill), through the
//! `skillratings` crate, one rating per player per game (`kout6`, `kout4`, `baloot`, `kabul`).
//!
//! - **Teams are rated together.** Kout Bo and Baloot are two teams (seats 0, 2, 4 against 1, 3,
//!   5): the partnership's ratings go into [`weng_lin_two_teams`] as one side, so a win moves
//!   partners by amounts that depend on each one's uncertainty.
//! - **Kabul is free-for-all** by final place ([`weng_lin_multi_team`] with one-player teams):
//!   the seats sharing the win come first, the others by their total (lower is better), equal
//!   totals sharing a place.
//! - **Leaving costs the leaver, not the others.** A player who left a rated match early (an
//!   explicit `leave` during play, or still away when it ends and their bot finished for them)
//!   takes a whole match's loss: rated as their team losing to the other (Kabul: the last place),
//!   whatever the table's result. Nobody else's rating moves for a match that ended with a leaver
//!   ([`Outcome::Void`]): a partner who leaves cannot cost you rating, and friends cannot farm it.
//!
//! **The scale.** A new player starts at [`INITIAL_RATING`] 1500 with [`INITIAL_UNCERTAINTY`]
//! 350. Each game has its skill-class width β ([`beta`]): 250 in Kout Bo and Baloot, 500 in Kabul,
//! whose rounds are far more luck. A match counts by its length ([`weight`]): a whole Kout Bo
//! (to 101) or Baloot (to 152) match counts fully, a Kabul match by its rounds, a fifth per
//! round up to [`KABUL_FULL_ROUNDS`]; a shorter match moves ratings (and lowers the uncertainty)
//! by that share of what Weng-Lin says. No match moves a rating by more than [`MAX_MOVE`]. A
//! first match moves a new player about 60 to 80 points in the team games, and up to 200 in a
//! whole Kabul match of four (a single round: about 45); later matches far less, as the
//! uncertainty falls. Leaderboards order by the conservative [`score`] (rating − 3 ×
//! uncertainty), so a lucky first game does not top the board. A rating is provisional while it
//! counts fewer than [`PROVISIONAL_GAMES`] games.
//!
//! ```
//! use server::ratings::{Entrant, Outcome, update, initial};
//! use game::{GameKind, Seat, Team, Winner};
//!
//! let entrants: Vec<Entrant> =
//!     (0..4).map(|i| Entrant { seat: Seat::new(i).unwrap(), before: initial(), left: false }).collect();
//! let updates = update(GameKind::Kout4, &Winner::Team(Team::ZERO), &[31, 12], 8, &entrants);
//! assert_eq!(updates[0].outcome, Outcome::Win);
//! assert!(updates[0].after.rating > 1500.0 && updates[1].after.rating < 1500.0);
//! ```

use game::{GameKind, Seat, Team, Winner};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team, weng_lin_two_teams};
use skillratings::{MultiTeamOutcome, Outcomes};

/// The library's default rating (25) times this is ours (1500).
pub const SCALE: f64 = 60.0;
/// A new player's rating.
pub const INITIAL_RATING: f64 = 25.0 * SCALE;
/// A new player's uncertainty (one standard deviation): 350, as Glicko's new players.
pub const INITIAL_UNCERTAINTY: f64 = 350.0;
/// The skill-class width of the team games: this many points more gives about a 2-to-1 chance
/// of winning a match (the library's default times [`SCALE`]).
pub const BETA: f64 = 25.0 / 6.0 * SCALE;
/// The most one match moves a rating, up or down.
pub const MAX_MOVE: f64 = 200.0;
/// The rounds of Kabul that count as a whole match.
pub const KABUL_FULL_ROUNDS: usize = 5;
/// A rating is provisional while it counts fewer games than this.
pub const PROVISIONAL_GAMES: i64 = 10;
/// The window over which a player's leaves count towards a cooldown: a day, in milliseconds.
pub const LEAVE_WINDOW_MS: i64 = 24 * 60 * 60 * 1000;

/// How long a player who left `leaves` rated matches within [`LEAVE_WINDOW_MS`] waits, from the
/// end of the last of them, before the next rated match: none for a single leave (anyone can be
/// called away), 10 minutes for two, an hour for three, six hours for four or more.
#[must_use]
pub fn cooldown(leaves: i64) -> std::time::Duration {
    const MINUTE: u64 = 60;
    std::time::Duration::from_secs(match leaves {
        ..=1 => 0,
        2 => 10 * MINUTE,
        3 => 60 * MINUTE,
        _ => 6 * 60 * MINUTE,
    })
}

/// The games that are rated, by id.
pub const GAMES: [&str; 4] = ["kout6", "kout4", "baloot", "kabul"];

/// The skill-class width of `kind`: twice [`BETA`] in Kabul, whose rounds are mostly luck.
#[must_use]
pub fn beta(kind: GameKind) -> f64 {
    if kind.has_teams() { BETA } else { 2.0 * BETA }
}

/// The Weng-Lin settings of `kind` on the display scale.
#[must_use]
pub fn config(kind: GameKind) -> WengLinConfig {
    WengLinConfig { beta: beta(kind), uncertainty_tolerance: WengLinConfig::new().uncertainty_tolerance * SCALE }
}

/// How much a match of `kind` that played `hands` hands (Kabul: rounds) counts, from 0 to 1: a
/// whole Kout Bo or Baloot match 1, Kabul a [`KABUL_FULL_ROUNDS`]th per round.
#[must_use]
pub fn weight(kind: GameKind, hands: usize) -> f64 {
    if kind.has_teams() { 1.0 } else { (hands.max(1) as f64 / KABUL_FULL_ROUNDS as f64).min(1.0) }
}

/// `after` tempered: the move from `before` scaled by `weight` and held within [`MAX_MOVE`],
/// the uncertainty's fall (as a variance) scaled by `weight`.
#[must_use]
pub fn temper(before: WengLinRating, after: WengLinRating, weight: f64) -> WengLinRating {
    let moved = ((after.rating - before.rating) * weight).clamp(-MAX_MOVE, MAX_MOVE);
    let (was, is) = (before.uncertainty.powi(2), after.uncertainty.powi(2));
    WengLinRating { rating: before.rating + moved, uncertainty: (was - weight * (was - is)).max(0.0).sqrt() }
}

/// A new player's rating.
#[must_use]
pub fn initial() -> WengLinRating {
    WengLinRating { rating: INITIAL_RATING, uncertainty: INITIAL_UNCERTAINTY }
}

/// What the leaderboard orders by: the rating less three uncertainties (0 for a new player).
#[must_use]
pub fn score(r: &WengLinRating) -> f64 {
    r.rating - 3.0 * r.uncertainty
}

/// Whether a rating that counts `games` games is still provisional.
#[must_use]
pub fn is_provisional(games: i64) -> bool {
    games < PROVISIONAL_GAMES
}

/// One seat of a finished rated match, as the update needs it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    /// The seat.
    pub seat: Seat,
    /// The player's rating in this game before the match.
    pub before: WengLinRating,
    /// The player left the match early: a loss (Kabul: the last place).
    pub left: bool,
}

/// How a seat's match counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won (Kabul: first place, alone or shared).
    Win,
    /// Lost (Kabul: any other place).
    Loss,
    /// Left the match early: counted as a loss.
    Left,
    /// Someone else left the match early: it does not count for this seat (no change).
    Void,
}

impl Outcome {
    /// As stored in `rating_changes.outcome`: `win`, `loss`, `left` or `void`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Left => "left",
            Outcome::Void => "void",
        }
    }
}

/// What a rated match did to one seat's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Update {
    /// The seat.
    pub seat: Seat,
    /// How the match counted for it.
    pub outcome: Outcome,
    /// Kabul: the final place from 1 (shared places repeat); team games: 1 for the winners, 2
    /// for the losers.
    pub place: usize,
    /// The rating after the match.
    pub after: WengLinRating,
}

/// The new ratings after a finished match of `kind` won by `winner` with final `score` (per
/// team in the team games, per seat in Kabul) after `hands` hands (Kabul: rounds), one
/// [`Update`] per entrant, in their order. Entrants not in a seat the game has are left out.
///
/// When someone left, only the leavers move (a whole match's loss each); everyone else's match is
/// [`Outcome::Void`].
#[must_use]
pub fn update(kind: GameKind, winner: &Winner, score: &[i32], hands: usize, entrants: &[Entrant]) -> Vec<Update> {
    let cfg = config(kind);
    let raw = if kind.has_teams() {
        update_teams(winner, entrants, &cfg)
    } else {
        update_free_for_all(winner, score, entrants, &cfg)
    };
    let someone_left = entrants.iter().any(|e| e.left);
    raw.into_iter()
        .filter_map(|mut u| {
            let e = entrants.iter().find(|e| e.seat == u.seat)?;
            if someone_left && !e.left {
                u.outcome = Outcome::Void;
                u.after = e.before;
            } else {
                // A leaver's loss counts as a whole match's, however short the match was.
                let w = if e.left { 1.0 } else { weight(kind, hands) };
                u.after = temper(e.before, u.after, w);
            }
            Some(u)
        })
        .collect()
}

fn update_teams(winner: &Winner, entrants: &[Entrant], cfg: &WengLinConfig) -> Vec<Update> {
    let on = |team: Team| entrants.iter().filter(move |e| e.seat.team() == team);
    let left = |team: Team| on(team).any(|e| e.left);
    // A side with a leaver loses; a side without one wins against a side with one, and otherwise
    // as the table ended.
    let lost = |team: Team| {
        let other = if team == Team::ZERO { Team::ONE } else { Team::ZERO };
        left(team) || (!left(other) && !matches!(winner, Winner::Team(t) if *t == team))
    };
    let ratings = |team: Team| on(team).map(|e| e.before).collect::<Vec<_>>();
    let (zero, one) = (ratings(Team::ZERO), ratings(Team::ONE));
    let (new_zero, new_one) = match (lost(Team::ZERO), lost(Team::ONE)) {
        (false, true) => weng_lin_two_teams(&zero, &one, &Outcomes::WIN, cfg),
        (true, false) => weng_lin_two_teams(&zero, &one, &Outcomes::LOSS, cfg),
        // Both lose (someone left on each side, or no winner): each side is rated as having lost
        // to the other as it stood before the match.
        _ => (
            weng_lin_two_teams(&zero, &one, &Outcomes::LOSS, cfg).0,
            weng_lin_two_teams(&one, &zero, &Outcomes::LOSS, cfg).0,
        ),
    };
    let (mut zero_after, mut one_after) = (new_zero.into_iter(), new_one.into_iter());
    entrants
        .iter()
        .filter_map(|e| {
            let team = e.seat.team();
            let after = if team == Team::ZERO { zero_after.next() } else { one_after.next() }?;
            let outcome = match (e.left, lost(team)) {
                (true, _) => Outcome::Left,
                (false, true) => Outcome::Loss,
                (false, false) => Outcome::Win,
            };
            Some(Update { seat: e.seat, outcome, place: if outcome == Outcome::Win { 1 } else { 2 }, after })
        })
        .collect()
}

fn update_free_for_all(winner: &Winner, score: &[i32], entrants: &[Entrant], cfg: &WengLinConfig) -> Vec<Update> {
    let won = |seat: Seat| matches!(winner, Winner::Seats(s) if s.contains(seat));
    // Lower keys place better: the winners, then the others by total, the leavers last.
    let key = |e: &Entrant| -> (u8, u8, i32) {
        if e.left {
            (1, 0, 0)
        } else if won(e.seat) {
            (0, 0, 0)
        } else {
            (0, 1, score.get(e.seat.index()).copied().unwrap_or(i32::MAX))
        }
    };
    let places: Vec<usize> = entrants.iter().map(|e| 1 + entrants.iter().filter(|o| key(o) < key(e)).count()).collect();
    let teams: Vec<[WengLinRating; 1]> = entrants.iter().map(|e| [e.before]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
        teams.iter().zip(&places).map(|(t, p)| (&t[..], MultiTeamOutcome::new(*p))).collect();
    let after = weng_lin_multi_team(&ranked, cfg);
    entrants
        .iter()
        .zip(places)
        .zip(after)
        .filter_map(|((e, place), after)| {
            let outcome = if e.left {
                Outcome::Left
            } else if place == 1 {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            Some(Update { seat: e.seat, outcome, place, after: *after.first()? })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::SeatSet;

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    fn entrants(ratings: &[(f64, f64)]) -> Vec<Entrant> {
        ratings
            .iter()
            .enumerate()
            .map(|(i, &(rating, uncertainty))| Entrant {
                seat: seat(i),
                before: WengLinRating { rating, uncertainty },
                left: false,
            })
            .collect()
    }

    /// The library's own figures on its own scale, for the same game.
    fn library(r: WengLinRating) -> WengLinRating {
        WengLinRating { rating: r.rating / SCALE, uncertainty: r.uncertainty / SCALE }
    }

    fn close(a: WengLinRating, b: WengLinRating) {
        assert!((a.rating - b.rating).abs() < 1e-9 && (a.uncertainty - b.uncertainty).abs() < 1e-9, "{a:?} != {b:?}");
    }

    #[test]
    fn the_display_scale_is_the_library_default_times_sixty() {
        assert!((library(initial()).rating - WengLinRating::new().rating).abs() < 1e-9);
        assert!((INITIAL_UNCERTAINTY - 350.0).abs() < 1e-9);
        assert!((config(GameKind::Kout4).beta / SCALE - WengLinConfig::new().beta).abs() < 1e-12);
        assert!((config(GameKind::Kabul).beta - 2.0 * config(GameKind::Baloot).beta).abs() < 1e-9);
        assert!((score(&initial()) - 450.0).abs() < 1e-9);
        assert!(is_provisional(9) && !is_provisional(10));
    }

    #[test]
    fn a_kout4_win_equals_the_library_figures_for_the_partnership() {
        let es = entrants(&[(1500.0, 500.0), (1620.0, 310.0), (1410.0, 420.0), (1700.0, 200.0)]);
        let ups = update(GameKind::Kout4, &Winner::Team(Team::ONE), &[20, 31], 9, &es);
        // The same match on the library's own scale: seats 0 and 2 against 1 and 3, team two won.
        let lib = |i: usize| library(es[i].before);
        let (zero, one) =
            weng_lin_two_teams(&[lib(0), lib(2)], &[lib(1), lib(3)], &Outcomes::LOSS, &WengLinConfig::new());
        for (i, expected) in [(0, zero[0]), (2, zero[1]), (1, one[0]), (3, one[1])] {
            close(library(ups[i].after), expected);
        }
        // And directly with the display config: the same numbers.
        let cfg = config(GameKind::Kout4);
        let (z, o) =
            weng_lin_two_teams(&[es[0].before, es[2].before], &[es[1].before, es[3].before], &Outcomes::LOSS, &cfg);
        close(ups[0].after, z[0]);
        close(ups[3].after, o[1]);
        assert_eq!(
            ups.iter().map(|u| u.outcome).collect::<Vec<_>>(),
            [Outcome::Loss, Outcome::Win, Outcome::Loss, Outcome::Win]
        );
    }

    #[test]
    fn winners_go_up_and_losers_down_in_kout6_and_baloot() {
        for (kind, n) in [(GameKind::Kout6, 6), (GameKind::Baloot, 4)] {
            let es = entrants(&vec![(INITIAL_RATING, INITIAL_UNCERTAINTY); n]);
            let ups = update(kind, &Winner::Team(Team::ZERO), &[1, 0], 7, &es);
            assert_eq!(ups.len(), n);
            for u in &ups {
                let won = u.seat.team() == Team::ZERO;
                assert_eq!(u.outcome == Outcome::Win, won, "{kind}: {u:?}");
                assert_eq!(u.after.rating > INITIAL_RATING, won, "{kind}: {u:?}");
                assert!(u.after.uncertainty < INITIAL_UNCERTAINTY, "{kind}: {u:?}");
            }
        }
    }

    #[test]
    fn a_leaver_takes_the_loss_and_nobody_else_moves() {
        let mut es = entrants(&[(1500.0, 300.0); 4]);
        es[2].left = true;
        // Team zero won at the table, but seat 2 left it.
        let ups = update(GameKind::Kout4, &Winner::Team(Team::ZERO), &[101, 0], 6, &es);
        assert_eq!(
            ups.iter().map(|u| u.outcome).collect::<Vec<_>>(),
            [Outcome::Void, Outcome::Void, Outcome::Left, Outcome::Void]
        );
        for i in [0, 1, 3] {
            close(ups[i].after, es[i].before);
        }
        // The leaver's loss is the one of their team simply losing.
        let plain = update(GameKind::Kout4, &Winner::Team(Team::ONE), &[0, 101], 6, &entrants(&[(1500.0, 300.0); 4]));
        close(ups[2].after, plain[2].after);
        assert!(ups[2].after.rating < 1500.0);
    }

    #[test]
    fn when_both_teams_have_a_leaver_both_leavers_lose_and_only_they() {
        let mut es = entrants(&[(1500.0, 300.0), (1600.0, 250.0), (1500.0, 300.0), (1600.0, 250.0)]);
        es[0].left = true;
        es[3].left = true;
        let ups = update(GameKind::Baloot, &Winner::Team(Team::ZERO), &[152, 40], 5, &es);
        for u in &ups {
            let i = u.seat.index();
            if es[i].left {
                assert_eq!(u.outcome, Outcome::Left);
                assert!(u.after.rating < es[i].before.rating, "{u:?}");
            } else {
                assert_eq!(u.outcome, Outcome::Void);
                close(u.after, es[i].before);
            }
        }
    }

    #[test]
    fn a_first_match_moves_a_new_player_by_a_sane_amount_and_later_ones_less() {
        let games = [(GameKind::Kout6, 6), (GameKind::Kout4, 4), (GameKind::Baloot, 4)]
            .into_iter()
            .chain((2..=6).map(|n| (GameKind::Kabul, n)));
        for (kind, n) in games {
            let moves = |uncertainty: f64, hands: usize| -> f64 {
                let es = entrants(&vec![(INITIAL_RATING, uncertainty); n]);
                let winner =
                    if kind.has_teams() { Winner::Team(Team::ZERO) } else { Winner::Seats(SeatSet::single(seat(0))) };
                let score: Vec<i32> = (0..n as i32).map(|i| 3 * i).collect();
                update(kind, &winner, &score, hands, &es)
                    .iter()
                    .map(|u| (u.after.rating - INITIAL_RATING).abs())
                    .fold(0.0, f64::max)
            };
            let first = moves(INITIAL_UNCERTAINTY, KABUL_FULL_ROUNDS);
            assert!((40.0..=MAX_MOVE).contains(&first), "{kind} with {n}: a first match moves {first:.0}");
            let later = moves(100.0, KABUL_FULL_ROUNDS);
            assert!(later < first / 4.0, "{kind} with {n}: a settled rating moves {later:.0}");
            if kind == GameKind::Kabul {
                // A single round counts a fifth of a whole match.
                let round = moves(INITIAL_UNCERTAINTY, 1);
                assert!(
                    round < 80.0 && round <= first / 2.0,
                    "{kind} with {n}: one round moves {round:.0}, a match {first:.0}"
                );
            }
        }
    }

    #[test]
    fn kabul_places_follow_the_totals_and_equal_totals_share() {
        let es = entrants(&[(1500.0, 200.0), (1500.0, 200.0), (1500.0, 200.0), (1500.0, 200.0)]);
        let winners = Winner::Seats(SeatSet::single(seat(2)));
        let ups = update(GameKind::Kabul, &winners, &[14, 9, 3, 9], KABUL_FULL_ROUNDS, &es);
        assert_eq!(ups.iter().map(|u| u.place).collect::<Vec<_>>(), [4, 2, 1, 2]);
        assert_eq!(ups[2].outcome, Outcome::Win);
        assert!(ups[2].after.rating > 1500.0 && ups[0].after.rating < 1500.0);
        // Equal places, equal ratings before: equal ratings after.
        close(ups[1].after, ups[3].after);
        // The library's own figures for those places.
        let lib: Vec<[WengLinRating; 1]> = es.iter().map(|e| [library(e.before)]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            lib.iter().zip([4, 2, 1, 2]).map(|(t, p)| (&t[..], MultiTeamOutcome::new(p))).collect();
        let kabul = WengLinConfig { beta: 2.0 * WengLinConfig::new().beta, ..WengLinConfig::new() };
        let expected = weng_lin_multi_team(&ranked, &kabul);
        for (u, e) in ups.iter().zip(&expected) {
            close(library(u.after), e[0]);
        }
    }

    #[test]
    fn a_kabul_leaver_is_last_even_with_the_lowest_total_and_only_the_leaver_moves() {
        let mut es = entrants(&[(1500.0, 300.0); 3]);
        es[0].left = true;
        let winners = Winner::Seats(SeatSet::single(seat(0)));
        let ups = update(GameKind::Kabul, &winners, &[0, 7, 12], 1, &es);
        assert_eq!(ups.iter().map(|u| u.place).collect::<Vec<_>>(), [3, 1, 2]);
        assert_eq!(ups.iter().map(|u| u.outcome).collect::<Vec<_>>(), [Outcome::Left, Outcome::Void, Outcome::Void]);
        assert!(ups[0].after.rating < 1500.0);
        close(ups[1].after, es[1].before);
        // A leaver's loss counts as a whole match's, though the match was one round.
        let whole = update(GameKind::Kabul, &winners, &[0, 7, 12], KABUL_FULL_ROUNDS, &es);
        close(ups[0].after, whole[0].after);
    }

    #[test]
    fn shared_kabul_wins_both_count_as_wins() {
        let es = entrants(&[(1500.0, 500.0); 3]);
        let mut won = SeatSet::single(seat(0));
        won.insert(seat(1));
        let ups = update(GameKind::Kabul, &Winner::Seats(won), &[4, 4, 20], 2, &es);
        assert_eq!(ups.iter().map(|u| u.outcome).collect::<Vec<_>>(), [Outcome::Win, Outcome::Win, Outcome::Loss]);
        close(ups[0].after, ups[1].after);
    }
}
