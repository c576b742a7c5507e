//! Ratings of rated matches: Weng-Lin (the Bayesian model behind OpenSkill), through the
//! `skillratings` crate, one rating per player per game (`kout6`, `kout4`, `baloot`, `kabul`).
//!
//! - **Teams are rated together.** Kout Bo and Baloot are two teams (seats 0, 2, 4 against 1, 3,
//!   5): the partnership's ratings go into [`weng_lin_two_teams`] as one side, so a win moves
//!   partners by amounts that depend on each one's uncertainty.
//! - **Kabul is free-for-all** by final place ([`weng_lin_multi_team`] with one-player teams):
//!   the seats sharing the win come first, the others by their total (lower is better), equal
//!   totals sharing a place.
//! - **Leaving counts as a loss.** A player who left a rated match early (an explicit `leave`
//!   during play, or still away when it ends and their bot finished for them) loses with their
//!   team, whatever the table's result; in Kabul they share the last place.
//!
//! The display scale is the library's default multiplied by 60: a new player starts at
//! [`INITIAL_RATING`] 1500 with [`INITIAL_UNCERTAINTY`] 500, and [`BETA`] 250 is the rating gap
//! that gives about a 2-to-1 chance of winning. Weng-Lin is scale-invariant: these figures are
//! exactly 60 times the library's own for the same games. Leaderboards order by the
//! conservative [`score`] (rating − 3 × uncertainty), so a lucky first game does not top the
//! board. A rating is provisional while it counts fewer than [`PROVISIONAL_GAMES`] games.
//!
//! ```
//! use server::ratings::{Entrant, Outcome, update, initial};
//! use game::{GameKind, Seat, Team, Winner};
//!
//! let entrants: Vec<Entrant> =
//!     (0..4).map(|i| Entrant { seat: Seat::new(i).unwrap(), before: initial(), left: false }).collect();
//! let updates = update(GameKind::Kout4, &Winner::Team(Team::ZERO), &[31, 12], &entrants);
//! assert_eq!(updates[0].outcome, Outcome::Win);
//! assert!(updates[0].after.rating > 1500.0 && updates[1].after.rating < 1500.0);
//! ```

use game::{GameKind, Seat, Team, Winner};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team, weng_lin_two_teams};
use skillratings::{MultiTeamOutcome, Outcomes};

/// The library's defaults (rating 25, uncertainty 25/3, beta 25/6) times this.
pub const SCALE: f64 = 60.0;
/// A new player's rating.
pub const INITIAL_RATING: f64 = 25.0 * SCALE;
/// A new player's uncertainty (one standard deviation).
pub const INITIAL_UNCERTAINTY: f64 = 25.0 / 3.0 * SCALE;
/// The skill-class width: this many points more gives about a 2-to-1 chance of winning.
pub const BETA: f64 = 25.0 / 6.0 * SCALE;
/// A rating is provisional while it counts fewer games than this.
pub const PROVISIONAL_GAMES: i64 = 10;
/// The games that are rated, by id.
pub const GAMES: [&str; 4] = ["kout6", "kout4", "baloot", "kabul"];

/// The Weng-Lin settings on the display scale.
#[must_use]
pub fn config() -> WengLinConfig {
    WengLinConfig { beta: BETA, uncertainty_tolerance: WengLinConfig::new().uncertainty_tolerance * SCALE }
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
    /// Lost (Kabul: any other place), including a partner of someone who left.
    Loss,
    /// Left the match early: counted as a loss.
    Left,
}

impl Outcome {
    /// As stored in `rating_changes.outcome`: `win`, `loss` or `left`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Left => "left",
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
/// team in the team games, per seat in Kabul), one [`Update`] per entrant, in their order.
/// Entrants not in a seat the game has are left out.
#[must_use]
pub fn update(kind: GameKind, winner: &Winner, score: &[i32], entrants: &[Entrant]) -> Vec<Update> {
    if kind.has_teams() { update_teams(winner, entrants) } else { update_free_for_all(winner, score, entrants) }
}

fn update_teams(winner: &Winner, entrants: &[Entrant]) -> Vec<Update> {
    let cfg = config();
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
        (false, true) => weng_lin_two_teams(&zero, &one, &Outcomes::WIN, &cfg),
        (true, false) => weng_lin_two_teams(&zero, &one, &Outcomes::LOSS, &cfg),
        // Both lose (someone left on each side, or no winner): each side is rated as having lost
        // to the other as it stood before the match.
        _ => (
            weng_lin_two_teams(&zero, &one, &Outcomes::LOSS, &cfg).0,
            weng_lin_two_teams(&one, &zero, &Outcomes::LOSS, &cfg).0,
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

fn update_free_for_all(winner: &Winner, score: &[i32], entrants: &[Entrant]) -> Vec<Update> {
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
    let after = weng_lin_multi_team(&ranked, &config());
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
        close(library(initial()), WengLinRating::new());
        assert!((config().beta / SCALE - WengLinConfig::new().beta).abs() < 1e-12);
        assert!(score(&initial()).abs() < 1e-9);
        assert!(is_provisional(9) && !is_provisional(10));
    }

    #[test]
    fn a_kout4_win_equals_the_library_figures_for_the_partnership() {
        let es = entrants(&[(1500.0, 500.0), (1620.0, 310.0), (1410.0, 420.0), (1700.0, 200.0)]);
        let ups = update(GameKind::Kout4, &Winner::Team(Team::ONE), &[20, 31], &es);
        // The same match on the library's own scale: seats 0 and 2 against 1 and 3, team two won.
        let lib = |i: usize| library(es[i].before);
        let (zero, one) =
            weng_lin_two_teams(&[lib(0), lib(2)], &[lib(1), lib(3)], &Outcomes::LOSS, &WengLinConfig::new());
        for (i, expected) in [(0, zero[0]), (2, zero[1]), (1, one[0]), (3, one[1])] {
            close(library(ups[i].after), expected);
        }
        // And directly with the display config: the same numbers.
        let cfg = config();
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
            let ups = update(kind, &Winner::Team(Team::ZERO), &[1, 0], &es);
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
    fn a_leaver_loses_with_the_team_even_when_it_won() {
        let mut es = entrants(&[(1500.0, 500.0); 4]);
        es[2].left = true;
        let ups = update(GameKind::Kout4, &Winner::Team(Team::ZERO), &[31, 0], &es);
        assert_eq!(ups[2].outcome, Outcome::Left);
        assert_eq!(ups[0].outcome, Outcome::Loss);
        assert_eq!(ups[1].outcome, Outcome::Win);
        assert!(ups[2].after.rating < 1500.0 && ups[0].after.rating < 1500.0);
        assert!(ups[1].after.rating > 1500.0 && ups[3].after.rating > 1500.0);
        // The same figures as team one simply winning.
        let plain = update(GameKind::Kout4, &Winner::Team(Team::ONE), &[0, 31], &entrants(&[(1500.0, 500.0); 4]));
        for (a, b) in ups.iter().zip(&plain) {
            close(a.after, b.after);
        }
    }

    #[test]
    fn when_both_teams_have_a_leaver_both_lose() {
        let mut es = entrants(&[(1500.0, 500.0), (1600.0, 400.0), (1500.0, 500.0), (1600.0, 400.0)]);
        es[0].left = true;
        es[3].left = true;
        let ups = update(GameKind::Baloot, &Winner::Team(Team::ZERO), &[152, 40], &es);
        for u in &ups {
            assert_ne!(u.outcome, Outcome::Win);
            assert!(u.after.rating < es[u.seat.index()].before.rating, "{u:?}");
        }
    }

    #[test]
    fn kabul_places_follow_the_totals_and_equal_totals_share() {
        let es = entrants(&[(1500.0, 500.0), (1500.0, 500.0), (1500.0, 500.0), (1500.0, 500.0)]);
        let winners = Winner::Seats(SeatSet::single(seat(2)));
        let ups = update(GameKind::Kabul, &winners, &[14, 9, 3, 9], &es);
        assert_eq!(ups.iter().map(|u| u.place).collect::<Vec<_>>(), [4, 2, 1, 2]);
        assert_eq!(ups[2].outcome, Outcome::Win);
        assert!(ups[2].after.rating > 1500.0 && ups[0].after.rating < 1500.0);
        // Equal places, equal ratings before: equal ratings after.
        close(ups[1].after, ups[3].after);
        // The library's own figures for those places.
        let lib: Vec<[WengLinRating; 1]> = es.iter().map(|e| [library(e.before)]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> =
            lib.iter().zip([4, 2, 1, 2]).map(|(t, p)| (&t[..], MultiTeamOutcome::new(p))).collect();
        let expected = weng_lin_multi_team(&ranked, &WengLinConfig::new());
        for (u, e) in ups.iter().zip(&expected) {
            close(library(u.after), e[0]);
        }
    }

    #[test]
    fn a_kabul_leaver_is_last_even_with_the_lowest_total() {
        let mut es = entrants(&[(1500.0, 500.0); 3]);
        es[0].left = true;
        let winners = Winner::Seats(SeatSet::single(seat(0)));
        let ups = update(GameKind::Kabul, &winners, &[0, 7, 12], &es);
        assert_eq!(ups.iter().map(|u| u.place).collect::<Vec<_>>(), [3, 1, 2]);
        assert_eq!(ups[0].outcome, Outcome::Left);
        assert!(ups[0].after.rating < ups[2].after.rating && ups[2].after.rating < ups[1].after.rating);
    }

    #[test]
    fn shared_kabul_wins_both_count_as_wins() {
        let es = entrants(&[(1500.0, 500.0); 3]);
        let mut won = SeatSet::single(seat(0));
        won.insert(seat(1));
        let ups = update(GameKind::Kabul, &Winner::Seats(won), &[4, 4, 20], &es);
        assert_eq!(ups.iter().map(|u| u.outcome).collect::<Vec<_>>(), [Outcome::Win, Outcome::Win, Outcome::Loss]);
        close(ups[0].after, ups[1].after);
    }
}
