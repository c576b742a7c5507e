//! The `oracle`: the arena's ceiling, a bot that sees every hand.
//!
//! No honest bot can play better than perfect play with every card seen, so the oracle's margin
//! over the heuristic is the most an honest bot could approach, and a bot's own margin is reported
//! as a share of it. It sees the game whole through [`crate::Bot::choose_seeing`], which only the
//! arena calls; everywhere people play (tables, `majlis play`, the bot protocol) naming it is
//! refused ([`crate::ORACLE_REFUSED`]), and the arena's output marks it as a cheat.
//!
//! Each game's oracle lives with its bots ([`crate::KoutOracle`], [`crate::BalootOracle`]); what
//! they share is here: valuing a bid by finishing the auction on a copy of the game.

use game::{Actor, Game, Phase, Seat};

use crate::Bot;

/// The most actions an auction may take after a candidate before the copy is given up on.
const MAX_AUCTION_STEPS: usize = 256;

/// A copy of `game` after `seat` plays `action` and `bot` (a model of the others, the heuristic)
/// decides every later turn while `bidding` holds: the game as the trick play starts, or as the
/// hand ended without one (everyone passed, a hand thrown in). `None` if the action is refused or
/// the auction does not end.
pub(crate) fn after_auction<G: Game>(
    game: &G,
    seat: Seat,
    action: G::Action,
    bot: &mut dyn Bot<G>,
    bidding: impl Fn(&G) -> bool,
) -> Option<G> {
    let mut g = game.clone();
    g.play(Actor::Seat(seat), action).ok()?;
    let mut legal = Vec::new();
    for _ in 0..MAX_AUCTION_STEPS {
        if g.phase() != Phase::InHand || !bidding(&g) {
            return Some(g);
        }
        let next = g.to_act().first()?;
        g.legal_actions(next, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let chosen = bot.choose(next, &g.view(Some(next)), &legal);
        g.play(Actor::Seat(next), chosen).ok()?;
    }
    None
}

#[cfg(test)]
mod tests {
    use baloot::{Baloot, BalootRules, StageView};
    use game::{Game, GameKind, Phase, Seat};

    use super::after_auction;
    use crate::BalootHeuristic;
    use crate::search::tests::each_play;

    #[test]
    fn an_auction_finished_on_a_copy_ends_in_the_trick_play_or_the_hand_and_leaves_the_game_alone() {
        let bidding = |g: &Baloot| matches!(g.view(None).phase, StageView::Bidding | StageView::Doubling);
        let (mut tried, mut played, mut ended) = (0, 0, 0);
        let new = |g: u64| {
            let rules = if g % 2 == 0 { BalootRules::seed() } else { BalootRules::saudi_full() };
            Baloot::new(GameKind::Baloot, rules, Seat::new((g % 4) as usize).expect("seat")).expect("game")
        };
        each_play(10, 2, new, &mut BalootHeuristic, |game: &Baloot, seat| {
            if !bidding(game) {
                return;
            }
            let mut legal = Vec::new();
            game.legal_actions(seat, &mut legal);
            let view = game.view(None);
            for &action in &legal {
                let after = after_auction(game, seat, action, &mut BalootHeuristic, bidding).expect("the auction ends");
                tried += 1;
                if after.phase() == Phase::InHand {
                    assert_eq!(after.view(None).phase, StageView::Playing, "after {action}");
                    played += 1;
                } else {
                    ended += 1;
                }
            }
            assert_eq!(game.view(None), view, "the game itself is untouched");
        });
        assert!(tried > 100 && played > 50 && ended > 5, "{tried} tried: {played} played, {ended} ended");
    }
}
