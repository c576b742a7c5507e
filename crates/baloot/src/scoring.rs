//! Game points of a hand (rounding, failure, kaboot, doubled hands, a lost Sawa) and the end of the
//! match.

use arrayvec::ArrayVec;
use game::{ByTeam, Team};

use crate::projects::{Project, ProjectKind};
use crate::rules::{BalootRules, HokumRounding};
use crate::trick::Mode;

/// The match is won by the first team to reach this many game points.
pub const TARGET: i32 = 152;

/// Hokum card points as game points: each team's ÷ 10, +1 if the remainder is above 5; under
/// `sum16` the two are then made to sum to 16 (a 17 loses 1 from the team with the larger
/// remainder, a 15 gains 1 to it; equal remainders: the larger raw score).
#[must_use]
pub fn hokum_card_game_points(points: ByTeam<u16>, rounding: HokumRounding) -> ByTeam<i32> {
    let q = |p: u16| i32::from(p / 10) + i32::from(p % 10 > 5);
    let mut g = ByTeam::from_fn(|team| q(points[team]));
    if rounding == HokumRounding::Sum16 {
        let [p0, p1] = points.0;
        let (r0, r1) = (p0 % 10, p1 % 10);
        let one_larger = if r0 != r1 { r1 > r0 } else { p1 > p0 };
        let larger = if one_larger { Team::ONE } else { Team::ZERO };
        match g[Team::ZERO] + g[Team::ONE] {
            17 => g[larger] -= 1,
            15 => g[larger] += 1,
            _ => {}
        }
    }
    g
}

/// Sun points as game points: rounded to the nearest 10 (a remainder of exactly 5 is kept),
/// doubled, ÷ 10. So 73 → 14, 65 → 13, 57 → 12.
#[must_use]
pub fn sun_game_points(points: u16) -> i32 {
    let p = i32::from(points);
    let r = p % 10;
    let rounded = match r {
        5 => p,
        r if r > 5 => p - r + 10,
        r => p - r,
    };
    rounded * 2 / 10
}

/// Raw project points as game points in `mode` (Hokum ÷ 10; Sun doubled, ÷ 10).
#[must_use]
pub fn project_game_points(raw: u16, mode: Mode) -> i32 {
    match mode {
        Mode::Hokum(_) => i32::from(raw) / 10,
        Mode::Sun => i32::from(raw) / 5,
    }
}

/// What decided a hand's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Each team scored its own points.
    Made,
    /// The bidder's team failed: it scores 0 (its Baloot aside) and the other team takes the lot.
    Failed,
    /// This team took all 8 tricks under `kaboot`.
    Kaboot(Team),
    /// This team said `sawa` and could not take every remaining trick: it loses the hand as a
    /// failing bidder would.
    ClaimLost(Team),
}

/// The facts a hand's score is computed from.
#[derive(Clone, Debug)]
pub struct Tally<'a> {
    /// The mode.
    pub mode: Mode,
    /// The bidder's team.
    pub bidder: Team,
    /// Card points per team, the last trick's 10 included (sum 162 in Hokum, 130 in Sun).
    pub card_points: ByTeam<u16>,
    /// Tricks per team.
    pub tricks: ByTeam<u8>,
    /// Every player's projects (Baloot aside).
    pub projects: &'a [Project],
    /// The team whose projects count, after comparison.
    pub counted: Option<Team>,
    /// The Baloot holder's team, if any.
    pub baloot: Option<Team>,
    /// The doubling steps' multiplier: 1 (not doubled) to 4 (`four`, or `gahwa`, which is scored
    /// as ×4).
    pub multiplier: u8,
    /// The team whose `sawa` failed, if one did.
    pub lost_claim: Option<Team>,
}

/// A hand's result per team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandScore {
    /// Game points per team.
    pub score: ByTeam<i32>,
    /// Per team, the names of the projects it held that counted (the comparison's winner's, and
    /// each team's Baloot). A failing team keeps its names here although their points went to the
    /// other team; after a Kaboot only the sweeping team's projects count.
    pub projects: ByTeam<ArrayVec<ProjectKind, 9>>,
    /// How the score came about.
    pub verdict: Verdict,
    /// The team that won the hand: the bidder's team unless it failed (or its claim was lost),
    /// else the other; a Kaboot's sweeping team. `gahwa` gives this team the match.
    pub won_by: Team,
}

/// Scores a hand under `rules`.
///
/// Undoubled (`multiplier` 1), each team scores its own points unless the bidder's team fails or
/// a team sweeps under `kaboot`. Doubled (2 or more) there is no split: the team that wins by the
/// failure rule scores (16 Hokum / 26 Sun, or the Kaboot value if it took all 8 tricks under
/// `kaboot`) × m plus every counted project × m, the other team 0. A lost `sawa` gives the other
/// team 16 / 26 × m plus every counted project × m. Baloot is never multiplied and always stays
/// with its holder's team, except that an undoubled Kaboot takes it from the swept team.
#[must_use]
pub fn score_hand(t: &Tally<'_>, rules: &BalootRules) -> HandScore {
    let mode = t.mode;
    let mut counted_raw = ByTeam::<u16>::default();
    let mut counted = ByTeam::<ArrayVec<ProjectKind, 9>>::default();
    if let Some(team) = t.counted {
        for p in t.projects.iter().filter(|p| team.has(p.seat)) {
            counted_raw[team] += p.kind.raw_points(rules);
            let _ = counted[team].try_push(p.kind);
        }
    }
    let baloot_gp = |team: Team| if t.baloot == Some(team) { project_game_points(20, mode) } else { 0 };
    let with_baloot = |mut list: ArrayVec<ProjectKind, 9>, team: Team| {
        if t.baloot == Some(team) {
            let _ = list.try_push(ProjectKind::Baloot);
        }
        list
    };
    let gp = match mode {
        Mode::Hokum(_) => {
            let cards = hokum_card_game_points(t.card_points, rules.hokum_rounding);
            ByTeam::from_fn(|team| cards[team] + i32::from(counted_raw[team]) / 10)
        }
        Mode::Sun => ByTeam::from_fn(|team| sun_game_points(t.card_points[team] + counted_raw[team])),
    };
    let gp = ByTeam::from_fn(|team| gp[team] + baloot_gp(team));
    let (b, o) = (t.bidder, t.bidder.other());
    let base = match mode {
        Mode::Hokum(_) => 16,
        Mode::Sun => 26,
    };
    let all_projects = project_game_points(counted_raw[Team::ZERO] + counted_raw[Team::ONE], mode);
    let m = i32::from(t.multiplier.max(1));
    // A team scores what it wins, the other team only its Baloot (never multiplied).
    let no_split = |winner: Team, value: i32| {
        let mut score = ByTeam::default();
        score[winner] = (value + all_projects) * m + baloot_gp(winner);
        score[winner.other()] = baloot_gp(winner.other());
        score
    };
    let names = |counted: ByTeam<ArrayVec<ProjectKind, 9>>| {
        let [c0, c1] = counted.0;
        ByTeam([with_baloot(c0, Team::ZERO), with_baloot(c1, Team::ONE)])
    };

    if let Some(claimer) = t.lost_claim {
        let winner = claimer.other();
        return HandScore {
            score: no_split(winner, base),
            projects: names(counted),
            verdict: Verdict::ClaimLost(claimer),
            won_by: winner,
        };
    }
    let failed = match mode {
        Mode::Hokum(_) => gp[b] < gp[o],
        Mode::Sun => gp[b] <= gp[o],
    };
    if m >= 2 {
        let winner = if failed { o } else { b };
        let sweep = rules.kaboot && t.tricks[winner] == 8;
        let value = match (sweep, mode) {
            (false, _) => base,
            (true, Mode::Hokum(_)) => 25,
            (true, Mode::Sun) => 44,
        };
        let verdict = if sweep {
            Verdict::Kaboot(winner)
        } else if failed {
            Verdict::Failed
        } else {
            Verdict::Made
        };
        return HandScore { score: no_split(winner, value), projects: names(counted), verdict, won_by: winner };
    }

    if rules.kaboot {
        if let Some(team) = Team::BOTH.into_iter().find(|&team| t.tricks[team] == 8) {
            let bonus = match mode {
                Mode::Hokum(_) => 25,
                Mode::Sun => 44,
            };
            let mut score = ByTeam::default();
            score[team] = bonus + project_game_points(counted_raw[team], mode) + baloot_gp(team);
            let mut projects = ByTeam::<ArrayVec<ProjectKind, 9>>::default();
            projects[team] = with_baloot(counted[team].clone(), team);
            return HandScore { score, projects, verdict: Verdict::Kaboot(team), won_by: team };
        }
    }

    if failed {
        // The names stay with the team that held the projects (records.md: "the team's counted
        // projects"); only their points went to the other team.
        return HandScore { score: no_split(o, base), projects: names(counted), verdict: Verdict::Failed, won_by: o };
    }
    HandScore { score: gp, projects: names(counted), verdict: Verdict::Made, won_by: b }
}

/// The winner after a hand brought the match score to `score`: the first team to 152; if both
/// reached it, the higher total; an exact tie plays on.
#[must_use]
pub fn match_winner(score: ByTeam<i32>) -> Option<Team> {
    let [s0, s1] = score.0;
    match (s0 >= TARGET, s1 >= TARGET) {
        (false, false) => None,
        (true, false) => Some(Team::ZERO),
        (false, true) => Some(Team::ONE),
        (true, true) if s0 == s1 => None,
        (true, true) => Some(if s0 > s1 { Team::ZERO } else { Team::ONE }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{CardSet, Rank, Suit};
    use game::Seat;

    const HOKUM: Mode = Mode::Hokum(Suit::Hearts);

    #[test]
    fn sun_spot_values_73_65_57() {
        assert_eq!(sun_game_points(73), 14);
        assert_eq!(sun_game_points(65), 13);
        assert_eq!(sun_game_points(57), 12);
        assert_eq!(sun_game_points(130), 26);
        assert_eq!(sun_game_points(0), 0);
    }

    #[test]
    fn sun_without_projects_every_split_sums_to_26() {
        for p in 0..=130u16 {
            assert_eq!(sun_game_points(p) + sun_game_points(130 - p), 26, "{p}/{}", 130 - p);
        }
    }

    #[test]
    fn hokum_rounding_sum16_every_split_sums_to_16() {
        for p in 0..=162u16 {
            let g = hokum_card_game_points(ByTeam([p, 162 - p]), HokumRounding::Sum16);
            assert_eq!(g[Team::ZERO] + g[Team::ONE], 16, "{p}/{}", 162 - p);
        }
    }

    #[test]
    fn hokum_rounding_86_76_each_team_and_sum16() {
        assert_eq!(hokum_card_game_points(ByTeam([86, 76]), HokumRounding::EachTeam), ByTeam([9, 8]));
        assert_eq!(hokum_card_game_points(ByTeam([86, 76]), HokumRounding::Sum16), ByTeam([8, 8]));
        assert_eq!(hokum_card_game_points(ByTeam([76, 86]), HokumRounding::Sum16), ByTeam([8, 8]));
    }

    #[test]
    fn hokum_rounding_a_remainder_of_exactly_5_rounds_down() {
        assert_eq!(hokum_card_game_points(ByTeam([85, 77]), HokumRounding::EachTeam), ByTeam([8, 8]));
        assert_eq!(hokum_card_game_points(ByTeam([95, 67]), HokumRounding::EachTeam), ByTeam([9, 7]));
    }

    #[test]
    fn hokum_rounding_sum16_takes_from_the_larger_remainder() {
        // 87 + 76 gives 9 + 8: remainder 7 > 6, so the 87 loses one.
        assert_eq!(hokum_card_game_points(ByTeam([87, 76]), HokumRounding::Sum16), ByTeam([8, 8]));
        assert_eq!(hokum_card_game_points(ByTeam([87, 76]), HokumRounding::EachTeam), ByTeam([9, 8]));
        // 80 + 75 gives 8 + 7 = 15 (not a real total, but the rule is general): the 75 has the
        // larger remainder and gains one.
        assert_eq!(hokum_card_game_points(ByTeam([80, 75]), HokumRounding::Sum16), ByTeam([8, 8]));
        assert_eq!(hokum_card_game_points(ByTeam([75, 80]), HokumRounding::Sum16), ByTeam([8, 8]));
    }

    fn proj(seat: usize, kind: ProjectKind) -> Project {
        Project { seat: Seat::new(seat).expect("seat"), kind, top: Rank::Ace, cards: CardSet::EMPTY }
    }

    fn tally(mode: Mode, bidder: Team, card_points: [u16; 2], tricks: [u8; 2]) -> Tally<'static> {
        Tally {
            mode,
            bidder,
            card_points: ByTeam(card_points),
            tricks: ByTeam(tricks),
            projects: &[],
            counted: None,
            baloot: None,
            multiplier: 1,
            lost_claim: None,
        }
    }

    #[test]
    fn hokum_made_scores_each_team_its_points() {
        let s = score_hand(&tally(HOKUM, Team::ZERO, [92, 70], [5, 3]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([9, 7]));
        assert_eq!(s.verdict, Verdict::Made);
    }

    #[test]
    fn hokum_bidder_with_fewer_points_fails_and_the_others_take_16() {
        let s = score_hand(&tally(HOKUM, Team::ZERO, [70, 92], [3, 5]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([0, 16]));
        assert_eq!(s.verdict, Verdict::Failed);
    }

    #[test]
    fn hokum_a_tie_does_not_fail() {
        let s = score_hand(&tally(HOKUM, Team::ONE, [81, 81], [4, 4]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([8, 8]));
        assert_eq!(s.verdict, Verdict::Made);
    }

    #[test]
    fn sun_a_tie_fails() {
        let s = score_hand(&tally(Mode::Sun, Team::ONE, [65, 65], [4, 4]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([26, 0]));
        assert_eq!(s.verdict, Verdict::Failed);
        let s = score_hand(&tally(Mode::Sun, Team::ONE, [64, 66], [4, 4]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([12, 14]));
    }

    #[test]
    fn failing_team_projects_score_for_the_other_team_but_baloot_stays() {
        let projects = [proj(0, ProjectKind::Fifty)];
        let t = Tally {
            mode: HOKUM,
            bidder: Team::ZERO,
            card_points: ByTeam([40, 122]),
            tricks: ByTeam([2, 6]),
            projects: &projects,
            counted: Some(Team::ZERO),
            baloot: Some(Team::ZERO),
            multiplier: 1,
            lost_claim: None,
        };
        let s = score_hand(&t, &BalootRules::seed());
        // Team 0: 4 + 5 + 2 = 11 < 12: fails, keeps its Baloot (2); team 1: 16 + 5.
        assert_eq!(s.score, ByTeam([2, 21]));
        // The names stay with the team that held them; only the points moved.
        assert_eq!(s.projects[Team::ZERO].as_slice(), &[ProjectKind::Fifty, ProjectKind::Baloot]);
        assert!(s.projects[Team::ONE].is_empty());
    }

    #[test]
    fn projects_and_baloot_count_in_the_failure_comparison() {
        let projects = [proj(0, ProjectKind::Fifty)];
        let t = Tally {
            mode: HOKUM,
            bidder: Team::ZERO,
            card_points: ByTeam([60, 102]),
            tricks: ByTeam([3, 5]),
            projects: &projects,
            counted: Some(Team::ZERO),
            baloot: Some(Team::ZERO),
            multiplier: 1,
            lost_claim: None,
        };
        // 6 + 5 + 2 = 13 > 10: made.
        let s = score_hand(&t, &BalootRules::seed());
        assert_eq!(s.score, ByTeam([13, 10]));
        assert_eq!(s.projects[Team::ZERO].as_slice(), &[ProjectKind::Fifty, ProjectKind::Baloot]);
    }

    #[test]
    fn sun_projects_are_doubled_and_the_failure_gives_26_plus_projects() {
        let projects = [proj(1, ProjectKind::Sira), proj(3, ProjectKind::Hundred)];
        let t = Tally {
            mode: Mode::Sun,
            bidder: Team::ZERO,
            card_points: ByTeam([70, 60]),
            tricks: ByTeam([4, 4]),
            projects: &projects,
            counted: Some(Team::ONE),
            baloot: None,
            multiplier: 1,
            lost_claim: None,
        };
        // Team 0: 70 → 14; team 1: 60 + 120 = 180 → 36: team 0 fails; team 1: 26 + 24.
        let s = score_hand(&t, &BalootRules::seed());
        assert_eq!(s.score, ByTeam([0, 50]));
    }

    #[test]
    fn kaboot_false_scores_all_tricks_normally() {
        let s = score_hand(&tally(HOKUM, Team::ZERO, [162, 0], [8, 0]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([16, 0]));
        let s = score_hand(&tally(Mode::Sun, Team::ZERO, [130, 0], [8, 0]), &BalootRules::seed());
        assert_eq!(s.score, ByTeam([26, 0]));
    }

    #[test]
    fn kaboot_true_scores_25_in_hokum_and_44_in_sun() {
        let rules = BalootRules::saudi();
        let s = score_hand(&tally(HOKUM, Team::ZERO, [162, 0], [8, 0]), &rules);
        assert_eq!((s.score, s.verdict), (ByTeam([25, 0]), Verdict::Kaboot(Team::ZERO)));
        let s = score_hand(&tally(Mode::Sun, Team::ONE, [0, 130], [0, 8]), &rules);
        assert_eq!(s.score, ByTeam([0, 44]));
    }

    #[test]
    fn kaboot_adds_projects_and_baloot_and_the_other_team_loses_its_baloot() {
        let projects = [proj(2, ProjectKind::Sira)];
        let t = Tally {
            mode: HOKUM,
            bidder: Team::ONE,
            card_points: ByTeam([162, 0]),
            tricks: ByTeam([8, 0]),
            projects: &projects,
            counted: Some(Team::ZERO),
            baloot: Some(Team::ONE),
            multiplier: 1,
            lost_claim: None,
        };
        let s = score_hand(&t, &BalootRules::saudi());
        assert_eq!(s.score, ByTeam([27, 0]));
        assert!(s.projects[Team::ONE].is_empty());
        let t = Tally { baloot: Some(Team::ZERO), ..t };
        assert_eq!(score_hand(&t, &BalootRules::saudi()).score, ByTeam([29, 0]));
    }

    #[test]
    fn four_hundred_points_400_or_200_raw_is_80_or_40_game_points_in_sun() {
        let projects = [proj(0, ProjectKind::FourHundred)];
        let t = Tally {
            mode: Mode::Sun,
            bidder: Team::ZERO,
            card_points: ByTeam([70, 60]),
            tricks: ByTeam([4, 4]),
            projects: &projects,
            counted: Some(Team::ZERO),
            baloot: None,
            multiplier: 1,
            lost_claim: None,
        };
        // 70 + 400 = 470 → 94; 70 + 200 = 270 → 54; team 1: 60 → 12.
        assert_eq!(score_hand(&t, &BalootRules::seed()).score, ByTeam([94, 12]));
        let rules = BalootRules { four_hundred_points: 200, ..BalootRules::seed() };
        assert_eq!(score_hand(&t, &rules).score, ByTeam([54, 12]));
    }

    #[test]
    fn kaboot_in_sun_adds_doubled_projects() {
        let projects = [proj(1, ProjectKind::Fifty)];
        let t = Tally {
            mode: Mode::Sun,
            bidder: Team::ONE,
            card_points: ByTeam([0, 130]),
            tricks: ByTeam([0, 8]),
            projects: &projects,
            counted: Some(Team::ONE),
            baloot: None,
            multiplier: 1,
            lost_claim: None,
        };
        assert_eq!(score_hand(&t, &BalootRules::saudi()).score, ByTeam([0, 44 + 10]));
    }

    #[test]
    fn first_to_152_wins_higher_total_if_both_exact_tie_plays_on() {
        assert_eq!(match_winner(ByTeam([151, 100])), None);
        assert_eq!(match_winner(ByTeam([152, 100])), Some(Team::ZERO));
        assert_eq!(match_winner(ByTeam([140, 160])), Some(Team::ONE));
        assert_eq!(match_winner(ByTeam([153, 160])), Some(Team::ONE));
        assert_eq!(match_winner(ByTeam([160, 153])), Some(Team::ZERO));
        assert_eq!(match_winner(ByTeam([155, 155])), None);
    }

    fn doubled(t: Tally<'_>, m: u8) -> Tally<'_> {
        Tally { multiplier: m, ..t }
    }

    #[test]
    fn a_doubled_hokum_has_no_split_the_winner_takes_16_times_m() {
        let rules = BalootRules::saudi_full();
        // Made: 92 against 70 would be 9–7 undoubled.
        let s = score_hand(&doubled(tally(HOKUM, Team::ZERO, [92, 70], [5, 3]), 2), &rules);
        assert_eq!((s.score, s.verdict, s.won_by), (ByTeam([32, 0]), Verdict::Made, Team::ZERO));
        // A tie does not fail in Hokum, doubled or not.
        let s = score_hand(&doubled(tally(HOKUM, Team::ONE, [81, 81], [4, 4]), 3), &rules);
        assert_eq!(s.score, ByTeam([0, 48]));
        // Failed: the defenders take 16 × 4.
        let s = score_hand(&doubled(tally(HOKUM, Team::ZERO, [70, 92], [3, 5]), 4), &rules);
        assert_eq!((s.score, s.verdict, s.won_by), (ByTeam([0, 64]), Verdict::Failed, Team::ONE));
    }

    #[test]
    fn a_doubled_sun_tie_fails_and_the_defenders_take_26_times_m() {
        let rules = BalootRules::saudi_full();
        let s = score_hand(&doubled(tally(Mode::Sun, Team::ONE, [65, 65], [4, 4]), 2), &rules);
        assert_eq!((s.score, s.won_by), (ByTeam([52, 0]), Team::ZERO));
        let s = score_hand(&doubled(tally(Mode::Sun, Team::ONE, [60, 70], [4, 4]), 2), &rules);
        assert_eq!(s.score, ByTeam([0, 52]));
    }

    #[test]
    fn a_doubled_hand_multiplies_every_counted_project_but_never_the_baloot() {
        let projects = [proj(1, ProjectKind::Fifty), proj(3, ProjectKind::Sira)];
        let t = Tally {
            mode: HOKUM,
            bidder: Team::ZERO,
            card_points: ByTeam([100, 62]),
            tricks: ByTeam([5, 3]),
            projects: &projects,
            counted: Some(Team::ONE),
            baloot: Some(Team::ONE),
            multiplier: 3,
            lost_claim: None,
        };
        // Team 0: 10; team 1: 6 + 7 + 2 = 15: the bidders fail. Team 1: (16 + 7) × 3 + 2.
        let s = score_hand(&t, &BalootRules::saudi_full());
        assert_eq!((s.score, s.verdict), (ByTeam([0, 71]), Verdict::Failed));
        // The Baloot stays with its holder's team even when that team loses the hand.
        // Made, the other team's counted projects go to the winner ×3 with the 16.
        let t = Tally { card_points: ByTeam([150, 12]), tricks: ByTeam([7, 1]), ..t };
        // Team 0: 15 > team 1: 1 + 7 + 2: made. Team 0: (16 + 7) × 3; team 1 keeps its 2.
        assert_eq!(score_hand(&t, &BalootRules::saudi_full()).score, ByTeam([69, 2]));
    }

    #[test]
    fn a_doubled_kaboot_is_worth_the_kaboot_value_times_m() {
        let rules = BalootRules::saudi_full();
        let s = score_hand(&doubled(tally(HOKUM, Team::ZERO, [162, 0], [8, 0]), 2), &rules);
        assert_eq!((s.score, s.verdict), (ByTeam([50, 0]), Verdict::Kaboot(Team::ZERO)));
        let s = score_hand(&doubled(tally(Mode::Sun, Team::ONE, [0, 130], [0, 8]), 2), &rules);
        assert_eq!(s.score, ByTeam([0, 88]));
        // Without the kaboot option, a sweep is worth the plain 16 × m.
        let no_kaboot = BalootRules { kaboot: false, ..rules };
        let s = score_hand(&doubled(tally(HOKUM, Team::ZERO, [162, 0], [8, 0]), 2), &no_kaboot);
        assert_eq!(s.score, ByTeam([32, 0]));
    }

    #[test]
    fn a_lost_claim_loses_the_hand_as_a_failing_bidder_would() {
        let rules = BalootRules::saudi_full();
        // The defenders (team 1) claimed and lost, even though their points were ahead.
        let t = Tally { lost_claim: Some(Team::ONE), ..tally(HOKUM, Team::ZERO, [40, 122], [2, 6]) };
        let s = score_hand(&t, &rules);
        assert_eq!((s.score, s.verdict, s.won_by), (ByTeam([16, 0]), Verdict::ClaimLost(Team::ONE), Team::ZERO));
        let t = Tally { multiplier: 2, lost_claim: Some(Team::ZERO), ..tally(Mode::Sun, Team::ZERO, [130, 0], [8, 0]) };
        assert_eq!(score_hand(&t, &rules).score, ByTeam([0, 52]));
    }

    #[test]
    fn an_undoubled_hand_scores_as_before_with_multiplier_one() {
        for rules in [BalootRules::seed(), BalootRules::saudi()] {
            for p in (0..=162u16).step_by(7) {
                let t = tally(HOKUM, Team::ONE, [p, 162 - p], [4, 4]);
                let s = score_hand(&t, &rules);
                let won = if s.verdict == Verdict::Failed { Team::ZERO } else { Team::ONE };
                assert_eq!(s.won_by, won);
                assert_eq!(score_hand(&Tally { multiplier: 0, ..t }, &rules), s, "0 reads as 1");
            }
        }
    }
}
