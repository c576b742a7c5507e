//! Hand scores (the table of `docs/rules/kout.md`) and the end of the match.

use game::{ByTeam, Team};

use crate::bidding::Contract;

/// The points of a hand for the team that scores them: the maker's team if it made the bid, the
/// other team if not. Only one team scores in a hand.
///
/// | bid | made | failed |
/// |---|---|---|
/// | Malzoom (forced 5) | 5 | 5 |
/// | 5 | 5 | 10 |
/// | 6 | 6 | 12 |
/// | 7 | 7 | 14 |
/// | 8 | 8 | 16 |
/// | 9 | 36 | 18 |
#[must_use]
pub fn hand_points(contract: Contract, made: bool) -> (Team, i32) {
    let bid = i32::from(contract.bid.tricks());
    let maker = contract.maker.team();
    match (made, contract.malzoom) {
        (true, _) if bid == 9 => (maker, 36),
        (true, _) => (maker, bid),
        (false, true) => (maker.other(), 5),
        (false, false) => (maker.other(), 2 * bid),
    }
}

/// The hand's score per team.
#[must_use]
pub fn hand_score(contract: Contract, made: bool) -> ByTeam<i32> {
    let (team, points) = hand_points(contract, made);
    let mut score = ByTeam::default();
    score[team] = points;
    score
}

/// Whether the maker's team has made its bid with `won` tricks.
#[must_use]
pub fn is_made(contract: Contract, won: ByTeam<u8>) -> bool {
    won[contract.maker.team()] >= contract.bid.tricks()
}

/// Whether the hand is decided after `played` of the nine tricks: the bid is made, or the maker's
/// team cannot reach it even by winning every trick left.
#[must_use]
pub fn is_decided(contract: Contract, won: ByTeam<u8>, played: usize) -> bool {
    let left = 9usize.saturating_sub(played);
    let have = usize::from(won[contract.maker.team()]);
    let need = usize::from(contract.bid.tricks());
    have >= need || have + left < need
}

/// The winner of the match after a hand, checked in the order of the rules: Bawan made on the
/// match's first hand; 51 or more while the other team has 0; 101 or more.
#[must_use]
pub fn match_winner(score: ByTeam<i32>, first_hand: bool, contract: Contract, made: bool) -> Option<Team> {
    if first_hand && made && contract.bid.tricks() == 9 {
        return Some(contract.maker.team());
    }
    let shutout = Team::BOTH.into_iter().find(|&t| score[t] >= 51 && score[t.other()] == 0);
    shutout.or_else(|| Team::BOTH.into_iter().find(|&t| score[t] >= 101))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Bid;
    use game::Seat;

    fn contract(maker: usize, bid: u8, malzoom: bool) -> Contract {
        Contract { maker: Seat::new(maker).expect("seat"), bid: Bid::new(bid).expect("bid"), malzoom }
    }

    #[test]
    fn hand_score_table() {
        // (bid, malzoom, made points, failed points), straight from the table.
        let table = [(5, true, 5, 5), (5, false, 5, 10), (6, false, 6, 12), (7, false, 7, 14), (8, false, 8, 16)];
        let table = table.into_iter().chain([(9, false, 36, 18)]);
        for (bid, malzoom, made, failed) in table {
            for maker in 0..6 {
                let k = contract(maker, bid, malzoom);
                let team = k.maker.team();
                assert_eq!(hand_points(k, true), (team, made), "bid {bid} made");
                assert_eq!(hand_points(k, false), (team.other(), failed), "bid {bid} failed");
                let s = hand_score(k, false);
                assert_eq!((s[team], s[team.other()]), (0, failed));
            }
        }
    }

    #[test]
    fn decided_when_made_or_out_of_reach() {
        let k = contract(1, 7, false);
        let won = |m: u8, o: u8| ByTeam([o, m]);
        assert!(!is_decided(k, won(0, 0), 0));
        assert!(is_decided(k, won(7, 0), 7));
        assert!(!is_decided(k, won(5, 2), 7));
        assert!(is_decided(k, won(4, 3), 7));
        assert!(is_decided(k, won(6, 3), 9));
        assert!(!is_made(k, won(6, 3)) && is_made(k, won(7, 2)));
    }
}
