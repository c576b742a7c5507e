//! Scoring a solved deal as the rules score the hand: Baloot's result for the strong bot's team.

use baloot::{BalootRules, HandView, Mode, Project, ProjectKind, Tally, score_hand};
use cards::{CardSet, Rank};
use game::{ByTeam, Seat, Team};
use solver::{BalootPosition, kaboot_value};

use super::deals::mode_of;

/// Turns a deal's final card points into the hand's game points for the bot's team less the
/// other team's, as the rules score them.
#[derive(Clone, Debug)]
pub(crate) struct Scorer {
    rules: BalootRules,
    mode: Mode,
    team: Team,
    bidder: Team,
    multiplier: u8,
    projects: Vec<Project>,
    counted: Option<Team>,
    baloot: Option<Team>,
}

impl Scorer {
    pub(crate) fn of(seat: Seat, hand: &HandView, rules: BalootRules) -> Option<Scorer> {
        let contract = hand.contract?;
        let mode = mode_of(hand)?;
        let projects = hand
            .projects
            .iter()
            .filter(|p| p.kind != ProjectKind::Baloot)
            .map(|p| Project { seat: p.seat, kind: p.kind, top: Rank::Ace, cards: p.cards.unwrap_or_default() })
            .collect();
        let counted = hand
            .projects
            .iter()
            .find(|p| p.kind != ProjectKind::Baloot && p.counted == Some(true))
            .map(|p| p.seat.team());
        let baloot = hand.projects.iter().find(|p| p.kind == ProjectKind::Baloot).map(|p| p.seat.team());
        Some(Scorer {
            rules,
            mode,
            team: seat.team(),
            bidder: contract.bidder.team(),
            multiplier: hand.multiplier.factor(),
            projects,
            counted,
            baloot,
        })
    }

    /// The scorer of a whole deal of `hands` before its first lead, for the team of `bidder`
    /// (whose team bid `mode`, undoubled): every project declared and compared as the rules do.
    pub(crate) fn of_deal(bidder: Seat, dealer: Seat, mode: Mode, rules: BalootRules, hands: &[CardSet; 4]) -> Scorer {
        let projects: Vec<Project> =
            (0..4).filter_map(Seat::new).flat_map(|s| baloot::detect(s, hands[s.index()], mode, &rules)).collect();
        let counted = baloot::counted_team(&projects, dealer, &rules);
        let by_seat = game::BySeat::from_fn(4, |s| hands[s.index()]);
        let baloot = baloot::baloot_holder(&by_seat, mode).map(Seat::team);
        Scorer { rules, mode, team: bidder.team(), bidder: bidder.team(), multiplier: 1, projects, counted, baloot }
    }

    /// The same scorer with the hand's stake multiplied by `factor` (a double, a Gahwa).
    pub(crate) fn times(mut self, factor: u8) -> Scorer {
        self.multiplier = factor;
        self
    }

    /// The result for the bot's team when it takes `value` more card points from `pos` on (the
    /// solver's value, a Kaboot counted at [`kaboot_value`]).
    pub(crate) fn result(&self, pos: &BalootPosition, value: u16) -> f64 {
        let taken = pos.points_taken();
        let total: u16 = match self.mode {
            Mode::Hokum(_) => 162,
            Mode::Sun => 130,
        };
        let ours = taken[self.team] + value;
        let sweep = self.rules.kaboot && ours >= kaboot_value(self.mode);
        let swept = self.rules.kaboot && ours == 0 && pos.tricks_taken()[self.team] == 0;
        let mut card_points = ByTeam::default();
        let mut tricks = ByTeam([1, 1]);
        if sweep {
            card_points[self.team] = total;
            tricks[self.team] = 8;
            tricks[self.team.other()] = 0;
        } else if swept {
            card_points[self.team.other()] = total;
            tricks[self.team.other()] = 8;
            tricks[self.team] = 0;
        } else {
            card_points[self.team] = ours.min(total);
            card_points[self.team.other()] = total.saturating_sub(ours);
        }
        let t = Tally {
            mode: self.mode,
            bidder: self.bidder,
            card_points,
            tricks,
            projects: &self.projects,
            counted: self.counted,
            baloot: self.baloot,
            multiplier: self.multiplier,
            lost_claim: None,
        };
        let s = score_hand(&t, &self.rules).score;
        f64::from(s[self.team] - s[self.team.other()])
    }
}
