//! Projects: runs, four of a kind, the Four hundred and the Baloot; which combination a hand
//! holds, and which team's projects count.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Rank, Suit};
use game::{BySeat, Seat, Team};
use serde::{Deserialize, Serialize};

use crate::rules::{BalootRules, FourOfAKind, ProjectTie};
use crate::trick::{Mode, from_suit_bits, rank_of_bit, suit_bits};

/// The kinds of project.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProjectKind {
    /// A run of 3 in one suit (20).
    Sira,
    /// A run of 4 (50).
    Fifty,
    /// A run of 5 or more, or a four of a kind (100).
    Hundred,
    /// Four aces in Sun (400, or 200 under the `saudi` preset).
    FourHundred,
    /// King and queen of trump in Hokum (20), never compared.
    Baloot,
}

impl ProjectKind {
    /// The record name: `sira`, `fifty`, `hundred`, `four_hundred`, `baloot`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ProjectKind::Sira => "sira",
            ProjectKind::Fifty => "fifty",
            ProjectKind::Hundred => "hundred",
            ProjectKind::FourHundred => "four_hundred",
            ProjectKind::Baloot => "baloot",
        }
    }

    /// Raw points under `rules`.
    #[must_use]
    pub const fn raw_points(self, rules: &BalootRules) -> u16 {
        match self {
            ProjectKind::Sira | ProjectKind::Baloot => 20,
            ProjectKind::Fifty => 50,
            ProjectKind::Hundred => 100,
            ProjectKind::FourHundred => rules.four_hundred_points,
        }
    }
}

/// One project of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Project {
    /// The holder.
    pub seat: Seat,
    /// What it is.
    pub kind: ProjectKind,
    /// Its top card's rank in the natural order (a four of a kind's rank).
    pub top: Rank,
    /// Its cards.
    pub cards: CardSet,
}

/// The projects of one hand of 8 cards, Baloot aside: at most two (8 cards hold at most two runs
/// of 3 or more, two fours of a kind, or one of each).
pub type HandProjects = ArrayVec<Project, 4>;

/// Ranks whose four of a kind counts in `mode` under `rules`, as rank bits (bit 7 = aces).
const fn eligible_quads(mode: Mode, rules: &BalootRules) -> u8 {
    let base = match rules.four_of_a_kind {
        FourOfAKind::Any => 0xff,
        // 10, J, Q, K and A.
        FourOfAKind::Saudi => 0b1111_1000,
    };
    match mode {
        // Four aces are the Four hundred in Sun, whatever the four-of-a-kind option says.
        Mode::Sun => base | 0x80,
        Mode::Hokum(_) => base,
    }
}

/// The maximal runs of 3 or more in `bits` (natural order), as `(lowest bit, length)`.
fn runs(bits: u8) -> impl Iterator<Item = (usize, usize)> {
    let mut rest = u16::from(bits);
    std::iter::from_fn(move || {
        while rest != 0 {
            let start = rest.trailing_zeros() as usize;
            let len = (rest >> start).trailing_ones() as usize;
            rest &= !(((1u16 << len) - 1) << start);
            if len >= 3 {
                return Some((start, len));
            }
        }
        None
    })
}

fn run_kind(len: usize) -> ProjectKind {
    match len {
        3 => ProjectKind::Sira,
        4 => ProjectKind::Fifty,
        _ => ProjectKind::Hundred,
    }
}

/// The projects of `seat`'s 8 cards in `mode`: the combination worth most; between equal worths,
/// fewer projects, then the higher top card. Baloot is not among them (see [`baloot_holder`]).
#[must_use]
pub fn detect(seat: Seat, hand: CardSet, mode: Mode, rules: &BalootRules) -> HandProjects {
    let bytes = Suit::ALL.map(|s| suit_bits(hand, s));
    let quads = bytes[0] & bytes[1] & bytes[2] & bytes[3] & eligible_quads(mode, rules);
    let mut best = HandProjects::new();
    // Most hands hold no project: no four of a kind and no three in a row.
    if quads == 0 && bytes.iter().all(|&b| b & (b >> 1) & (b >> 2) == 0) {
        return best;
    }
    let mut best_key = (0u16, 0usize, 0usize);
    // Each subset of the fours of a kind (at most two, so four subsets): the cards they take
    // leave the rest of each suit to form runs.
    let mut sub = quads;
    loop {
        let mut combo = HandProjects::new();
        for bit in 0..8 {
            if sub & (1 << bit) != 0 {
                let kind = if bit == 7 && mode == Mode::Sun { ProjectKind::FourHundred } else { ProjectKind::Hundred };
                let top = rank_of_bit(bit);
                let _ = combo.try_push(Project { seat, kind, top, cards: CardSet::rank(top) & hand });
            }
        }
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            for (start, len) in runs(bytes[i] & !sub) {
                let mask = (((1u16 << len) - 1) << start) as u8;
                let top = rank_of_bit(start + len - 1);
                let _ = combo.try_push(Project { seat, kind: run_kind(len), top, cards: from_suit_bits(mask, suit) });
            }
        }
        let worth: u16 = combo.iter().map(|p| p.kind.raw_points(rules)).sum();
        let top = combo.iter().map(|p| p.top.index()).max().unwrap_or(0);
        // Larger worth, then fewer projects, then the higher top card.
        let key = (worth, usize::MAX - combo.len(), top);
        if key > best_key {
            best_key = key;
            best = combo;
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & quads;
    }
    best
}

/// The seat holding king and queen of trump in Hokum, if any.
#[must_use]
pub fn baloot_holder(hands: &BySeat<CardSet>, mode: Mode) -> Option<Seat> {
    let pair = baloot_cards(mode.trump()?);
    hands.seats().find(|(_, h)| h.is_superset(pair)).map(|(seat, _)| seat)
}

/// The king and queen of trump.
#[must_use]
pub fn baloot_cards(trump: Suit) -> CardSet {
    CardSet::single(Card::new(Rank::King, trump)) | CardSet::single(Card::new(Rank::Queen, trump))
}

/// Which team's projects count: the team whose best project is worth more; on equal best projects,
/// nobody (`cancel`) or the higher top card, then the holder nearer to seat dealer + 1 (`top_card`).
#[must_use]
pub fn counted_team(projects: &[Project], dealer: Seat, rules: &BalootRules) -> Option<Team> {
    let first = dealer.next(4);
    // (worth, top card, nearness to dealer + 1): the larger key is the better project.
    let key = |p: &Project| (p.kind.raw_points(rules), p.top.index(), 3 - p.seat.distance_from(first, 4));
    let best = |team: Team| projects.iter().filter(|p| team.has(p.seat)).map(key).max();
    match (best(Team::ZERO), best(Team::ONE)) {
        (None, None) => None,
        (Some(_), None) => Some(Team::ZERO),
        (None, Some(_)) => Some(Team::ONE),
        (Some(a), Some(b)) if a.0 != b.0 => Some(if a.0 > b.0 { Team::ZERO } else { Team::ONE }),
        (Some(a), Some(b)) => match rules.project_tie {
            ProjectTie::Cancel => None,
            ProjectTie::TopCard => Some(if (a.1, a.2) > (b.1, b.2) { Team::ZERO } else { Team::ONE }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> CardSet {
        s.split_whitespace().map(|c| c.parse::<Card>().expect("card")).collect()
    }

    fn kinds(s: &str, mode: Mode, rules: &BalootRules) -> Vec<(ProjectKind, Rank)> {
        let mut v: Vec<_> = detect(Seat::ZERO, hand(s), mode, rules).iter().map(|p| (p.kind, p.top)).collect();
        v.sort();
        v
    }

    const HOKUM_C: Mode = Mode::Hokum(Suit::Clubs);

    #[test]
    fn nine_ten_jack_is_a_sira() {
        assert_eq!(
            kinds("9H TH JH 7S AD KC 8C QS", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Sira, Rank::Jack)]
        );
    }

    #[test]
    fn queen_king_ace_is_a_sira_but_ace_seven_eight_is_not() {
        assert_eq!(kinds("QH KH AH 9S 9D", Mode::Sun, &BalootRules::seed()), vec![(ProjectKind::Sira, Rank::Ace)]);
        assert!(kinds("AH 7H 8H 9S 9D", Mode::Sun, &BalootRules::seed()).is_empty());
    }

    #[test]
    fn a_run_of_four_is_a_fifty() {
        assert_eq!(kinds("7D 8D 9D TD AS", Mode::Sun, &BalootRules::seed()), vec![(ProjectKind::Fifty, Rank::Ten)]);
    }

    #[test]
    fn a_seven_card_run_is_one_hundred() {
        assert_eq!(
            kinds("7S 8S 9S TS JS QS KS AH", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Hundred, Rank::King)]
        );
        assert_eq!(
            kinds("7S 8S 9S TS JS QS KS AS", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Hundred, Rank::Ace)],
            "8 in a row are one Hundred"
        );
    }

    #[test]
    fn two_siras_in_two_suits() {
        assert_eq!(
            kinds("7S 8S 9S QH KH AH 7D 9C", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Sira, Rank::Nine), (ProjectKind::Sira, Rank::Ace)]
        );
    }

    #[test]
    fn four_nines_count_under_seed_and_not_under_saudi() {
        let h = "9S 9H 9D 9C 7S AH KD QC";
        assert_eq!(kinds(h, HOKUM_C, &BalootRules::seed()), vec![(ProjectKind::Hundred, Rank::Nine)]);
        assert!(kinds(h, HOKUM_C, &BalootRules::saudi()).is_empty());
    }

    #[test]
    fn four_of_a_kind_saudi_counts_tens_to_kings() {
        for r in ["T", "J", "Q", "K"] {
            let h = format!("{r}S {r}H {r}D {r}C");
            assert_eq!(kinds(&h, HOKUM_C, &BalootRules::saudi()).len(), 1, "{h}");
        }
        assert!(kinds("8S 8H 8D 8C", HOKUM_C, &BalootRules::saudi()).is_empty());
        assert_eq!(kinds("8S 8H 8D 8C", HOKUM_C, &BalootRules::seed()), vec![(ProjectKind::Hundred, Rank::Eight)]);
    }

    #[test]
    fn four_aces_in_sun_are_four_hundred_and_in_hokum_a_hundred() {
        let h = "AS AH AD AC 7S 8H 9D JC";
        for rules in [BalootRules::seed(), BalootRules::saudi()] {
            assert_eq!(kinds(h, Mode::Sun, &rules), vec![(ProjectKind::FourHundred, Rank::Ace)]);
            assert_eq!(kinds(h, HOKUM_C, &rules), vec![(ProjectKind::Hundred, Rank::Ace)]);
        }
        assert_eq!(ProjectKind::FourHundred.raw_points(&BalootRules::seed()), 400);
        assert_eq!(ProjectKind::FourHundred.raw_points(&BalootRules::saudi()), 200);
    }

    #[test]
    fn a_card_of_a_four_of_a_kind_leaves_the_rest_of_its_suit_to_a_shorter_run() {
        // Four queens (100) + 9-10-J of spades (20) beat the Fifty 9-10-J-Q.
        assert_eq!(
            kinds("9S TS JS QS QH QD QC 7H", Mode::Sun, &BalootRules::seed()),
            vec![(ProjectKind::Sira, Rank::Jack), (ProjectKind::Hundred, Rank::Queen)]
        );
    }

    #[test]
    fn the_combination_worth_most_is_taken() {
        // 7-8-9-10-J of spades is a Hundred; four 7s would cut it to 8-9-10-J (50) for 150 > 100.
        assert_eq!(
            kinds("7S 8S 9S TS JS 7H 7D 7C", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Fifty, Rank::Jack), (ProjectKind::Hundred, Rank::Seven)]
        );
        // Under saudi the four 7s do not count, so the run stays a Hundred.
        assert_eq!(
            kinds("7S 8S 9S TS JS 7H 7D 7C", HOKUM_C, &BalootRules::saudi()),
            vec![(ProjectKind::Hundred, Rank::Jack)]
        );
    }

    #[test]
    fn a_four_of_a_kind_inside_a_run_keeps_the_richer_split() {
        // The run 8-9-10-J-Q of hearts (100), or four jacks (100) leaving 8-9-10 (20): 120 wins.
        assert_eq!(
            kinds("8H 9H TH JH QH JS JD JC", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Sira, Rank::Ten), (ProjectKind::Hundred, Rank::Jack)]
        );
        // The run 9-10-J-Q-K (100), or four kings (100) leaving 9-10-J-Q (50): 150 wins.
        assert_eq!(
            kinds("9H TH JH QH KH KS KD KC", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Fifty, Rank::Queen), (ProjectKind::Hundred, Rank::King)]
        );
    }

    #[test]
    fn equal_worth_takes_the_higher_top_card() {
        // The run 9-10-J-Q-K (100, top K) or four jacks (100, top J, leaving 9-10 and Q-K): equal
        // worth, one project each, so the higher top card decides.
        assert_eq!(
            kinds("9H TH JH QH KH JS JD JC", HOKUM_C, &BalootRules::seed()),
            vec![(ProjectKind::Hundred, Rank::King)]
        );
    }

    #[test]
    fn king_and_queen_of_trump_are_a_baloot_of_another_suit_nothing() {
        let mut hands = BySeat::filled(4, CardSet::EMPTY);
        hands[Seat::new(2).expect("seat")] = hand("KC QC 7H");
        hands[Seat::new(1).expect("seat")] = hand("KH QH");
        assert_eq!(baloot_holder(&hands, HOKUM_C), Seat::new(2));
        assert_eq!(baloot_holder(&hands, Mode::Hokum(Suit::Diamonds)), None);
        assert_eq!(baloot_holder(&hands, Mode::Sun), None, "no Baloot in Sun");
        assert!(kinds("KH QH 7S 9D", HOKUM_C, &BalootRules::seed()).is_empty());
    }

    fn p(seat: usize, kind: ProjectKind, top: Rank) -> Project {
        Project { seat: Seat::new(seat).expect("seat"), kind, top, cards: CardSet::EMPTY }
    }

    #[test]
    fn the_better_best_project_counts_for_its_team() {
        let ps = [
            p(0, ProjectKind::Sira, Rank::Ace),
            p(2, ProjectKind::Sira, Rank::King),
            p(1, ProjectKind::Fifty, Rank::Nine),
        ];
        assert_eq!(counted_team(&ps, Seat::ZERO, &BalootRules::seed()), Some(Team::ONE));
        assert_eq!(counted_team(&ps[..2], Seat::ZERO, &BalootRules::seed()), Some(Team::ZERO));
        assert_eq!(counted_team(&[], Seat::ZERO, &BalootRules::seed()), None);
    }

    #[test]
    fn project_tie_cancel_scores_nobody() {
        let ps = [p(0, ProjectKind::Sira, Rank::Ace), p(1, ProjectKind::Sira, Rank::Nine)];
        assert_eq!(counted_team(&ps, Seat::ZERO, &BalootRules::seed()), None);
    }

    #[test]
    fn project_tie_top_card_then_nearer_to_dealer_plus_one() {
        let r = BalootRules::saudi();
        let ps = [p(0, ProjectKind::Sira, Rank::Nine), p(1, ProjectKind::Sira, Rank::Ace)];
        assert_eq!(counted_team(&ps, Seat::ZERO, &r), Some(Team::ONE));
        let ps = [p(0, ProjectKind::Sira, Rank::Ace), p(1, ProjectKind::Sira, Rank::Ace)];
        // Dealer 0: seat 1 leads, so seat 1 is nearer.
        assert_eq!(counted_team(&ps, Seat::ZERO, &r), Some(Team::ONE));
        // Dealer 3: seat 0 leads.
        assert_eq!(counted_team(&ps, Seat::new(3).expect("seat"), &r), Some(Team::ZERO));
    }

    #[test]
    fn a_four_hundred_beats_a_hundred_at_either_value() {
        let ps = [p(0, ProjectKind::Hundred, Rank::King), p(1, ProjectKind::FourHundred, Rank::Ace)];
        assert_eq!(counted_team(&ps, Seat::ZERO, &BalootRules::seed()), Some(Team::ONE));
        assert_eq!(counted_team(&ps, Seat::ZERO, &BalootRules::saudi()), Some(Team::ONE));
    }
}
