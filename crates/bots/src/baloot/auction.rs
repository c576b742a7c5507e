//! Baloot's bidding by simulation (`strong:bids=sim`): every call a seat may make is tried on deals
//! sampled from what it knows, each played out to the end of the hand by the heuristic.
//!
//! A deal is the seat's own five cards and the face-up card where they lie, the other 26 cards
//! shuffled into the other hands and the stock. It is kept only if the heuristic, holding those
//! cards, would have made every call the others made so far (the others' bids weigh the deals, as
//! in the card play). Then, on the same deals for every candidate (so that the luck of the deal
//! cancels out between them), the candidate is made, the heuristic finishes the auction and plays
//! the hand, and the hand's game points for the seat's team less the other's are compared with what
//! the heuristic's own call gets on the same deal. Another call is made only when its mean advantage
//! clears [`CLEAR`] standard errors. A hand that ends the match counts [`MATCH_END`] points more for
//! the winner.

use arrayvec::ArrayVec;
use baloot::{Baloot, BalootAction, BalootRules, BalootView, HandView, StageView};
use cards::{Card, CardSet, Deck, DeckKind};
use game::{Actor, Game, Phase, Seat, Winner};
use rand_chacha::ChaCha8Rng;

use crate::{BalootHeuristic, Bot};

/// What ending the match is worth on top of the hand's points: the match's target.
const MATCH_END: f64 = 152.0;

/// How many standard errors a call's mean advantage over the heuristic's must clear to be made.
const CLEAR: f64 = 2.0;

/// How many deals are drawn, at most, for each one kept.
const DRAWS_PER_DEAL: usize = 12;

/// The most actions a played-out hand may take.
const MAX_STEPS: usize = 400;

/// The call to make, chosen by playing out `deals` sampled deals per legal call; `None` when the
/// hand is not in its auction.
pub(crate) fn choose(
    seat: Seat,
    view: &BalootView,
    legal: &[BalootAction],
    rules: BalootRules,
    rng: &mut ChaCha8Rng,
    deals: usize,
) -> Option<BalootAction> {
    if !matches!(view.phase, StageView::Bidding | StageView::Doubling) || legal.len() < 2 {
        return None;
    }
    let hand = view.hand.as_ref()?;
    let heuristic = BalootHeuristic.choose(seat, view, legal);
    let base = legal.iter().position(|&a| a == heuristic)?;
    // Per candidate, the sum and the sum of squares of its advantage over the heuristic's call.
    let mut sums = vec![(0.0, 0.0); legal.len()];
    let mut values = vec![0.0; legal.len()];
    let mut kept = 0usize;
    for _ in 0..deals * DRAWS_PER_DEAL {
        if kept == deals {
            break;
        }
        let Some(game) = sample(seat, view, hand, rules, rng) else { continue };
        kept += 1;
        for (value, &action) in values.iter_mut().zip(legal) {
            *value = play_out(&game, seat, action)?;
        }
        for (sum, value) in sums.iter_mut().zip(&values) {
            let d = value - values[base];
            sum.0 += d;
            sum.1 += d * d;
        }
    }
    if kept < 2 {
        return Some(heuristic);
    }
    // Another call only when its advantage stands out from the noise of the deals.
    let n = kept as f64;
    let clear = |&(sum, squares): &(f64, f64)| {
        let mean = sum / n;
        let var = ((squares - sum * mean) / (n - 1.0)).max(0.0);
        (mean > 0.0 && mean > CLEAR * (var / n).sqrt()).then_some(mean)
    };
    let best = sums.iter().enumerate().filter_map(|(i, s)| clear(s).map(|m| (i, m))).max_by(|a, b| a.1.total_cmp(&b.1));
    Some(best.map_or(heuristic, |(i, _)| legal[i]))
}

/// A game at this point of the hand, on a deal that fits what `seat` has seen and the others'
/// calls; `None` if the deal drawn does not.
fn sample(seat: Seat, view: &BalootView, hand: &HandView, rules: BalootRules, rng: &mut ChaCha8Rng) -> Option<Baloot> {
    let own = hand.cards?;
    let unknown = DeckKind::Baloot.cards() - own - CardSet::single(hand.face_up);
    let mut others: ArrayVec<Card, 32> = unknown.iter().collect();
    cards::shuffle(&mut others, rng);
    let mut hands = [CardSet::EMPTY; 4];
    let mut others = others.into_iter();
    for s in (0..4).filter_map(Seat::new) {
        hands[s.index()] = if s == seat { own } else { others.by_ref().take(5).collect() };
    }
    replay(seat, view, hand, rules, &hands, &others.collect::<ArrayVec<Card, 32>>())
}

/// The game of this hand so far had the seats held `hands` (their first five cards each) and the
/// stock been `stock`: `None` if the heuristic, holding those cards, would not have made every
/// call the others made, or `seat` would not be the one to act.
pub(crate) fn replay(
    seat: Seat,
    view: &BalootView,
    hand: &HandView,
    rules: BalootRules,
    hands: &[CardSet; 4],
    stock: &[Card],
) -> Option<Baloot> {
    let dealer = hand.dealer;
    let mut dealt: [_; 4] = hands.map(|h| h.iter());
    let mut deck: ArrayVec<Card, 32> = ArrayVec::new();
    for i in 0..20 {
        deck.push(dealt[dealer.offset(1 + i % 4, 4).index()].next()?);
    }
    deck.push(hand.face_up);
    deck.try_extend_from_slice(stock).ok()?;
    let mut game = Baloot::at_score(rules, dealer, view.score).ok()?;
    game.deal(Deck::new(DeckKind::Baloot, &deck).ok()?).ok()?;
    let mut legal = Vec::new();
    for call in hand.bids.iter().chain(&hand.calls) {
        if call.seat != seat {
            game.legal_actions(call.seat, &mut legal);
            if legal.is_empty() || BalootHeuristic.choose(call.seat, &game.view(Some(call.seat)), &legal) != call.bid {
                return None;
            }
        }
        game.play(Actor::Seat(call.seat), call.bid).ok()?;
    }
    (game.to_act().first() == Some(seat)).then_some(game)
}

/// The hand's game points for `seat`'s team less the other team's, once `seat` makes `action` and
/// the heuristic plays every seat to the end of the hand.
fn play_out(game: &Baloot, seat: Seat, action: BalootAction) -> Option<f64> {
    let before = game.score();
    let mut g = game.clone();
    g.play(Actor::Seat(seat), action).ok()?;
    let mut legal = Vec::new();
    let mut steps = 0;
    while g.phase() == Phase::InHand {
        steps += 1;
        let next = g.to_act().first()?;
        g.legal_actions(next, &mut legal);
        if legal.is_empty() || steps > MAX_STEPS {
            return None;
        }
        let chosen = BalootHeuristic.choose(next, &g.view(Some(next)), &legal);
        g.play(Actor::Seat(next), chosen).ok()?;
    }
    let (ours, theirs) = (seat.team().index(), seat.team().other().index());
    let after = g.score();
    let gained = |t: usize| f64::from(after.get(t).copied().unwrap_or(0) - before.get(t).copied().unwrap_or(0));
    let end = match g.outcome() {
        Some(Winner::Team(t)) if t == seat.team() => MATCH_END,
        Some(Winner::Team(_)) => -MATCH_END,
        _ => 0.0,
    };
    Some(gained(ours) - gained(theirs) + end)
}

#[cfg(test)]
mod tests {
    use baloot::{Baloot, BalootRules, StageView};
    use cards::{Card, CardSet, DeckKind};
    use game::{Game, GameKind, Seat};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::{replay, sample};
    use crate::BalootHeuristic;
    use crate::search::tests::each_play;

    #[test]
    fn sampled_auctions_show_the_seat_what_it_saw_and_the_real_deal_is_always_kept() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut decisions, mut drawn, mut kept) = (0, 0, 0);
        let new = |g: u64| {
            let rules = if g % 2 == 0 { BalootRules::saudi() } else { BalootRules::saudi_full() };
            Baloot::new(GameKind::Baloot, rules, Seat::new((g % 4) as usize).expect("seat")).expect("game")
        };
        each_play(10, 3, new, &mut BalootHeuristic, |game: &Baloot, seat| {
            let view = game.view(Some(seat));
            if !matches!(view.phase, StageView::Bidding | StageView::Doubling) {
                return;
            }
            let hand = view.hand.as_ref().expect("a hand");
            let rules = *game.rules();
            // The truth: each seat's five cards, the stock in any order (the auction never sees it).
            let hands: [CardSet; 4] = std::array::from_fn(|s| game.held(Seat::new(s).expect("seat")));
            let stock: Vec<Card> = (DeckKind::Baloot.cards()
                - hands.iter().fold(CardSet::single(hand.face_up), |a, &h| a | h))
            .iter()
            .collect();
            let real = replay(seat, &view, hand, rules, &hands, &stock).expect("the real deal replays");
            assert_eq!(
                real.view(Some(seat)).hand.map(|h| (h.bids, h.calls)),
                Some((hand.bids.clone(), hand.calls.clone()))
            );
            decisions += 1;
            for _ in 0..20 {
                drawn += 1;
                let Some(g) = sample(seat, &view, hand, rules, &mut rng) else { continue };
                kept += 1;
                let seen = g.view(Some(seat));
                let h = seen.hand.expect("a hand");
                assert_eq!((seen.phase, seen.score), (view.phase, view.score));
                assert_eq!((h.cards, h.face_up, h.dealer), (hand.cards, hand.face_up, hand.dealer));
                assert_eq!((h.bids, h.calls), (hand.bids.clone(), hand.calls.clone()));
            }
        });
        assert!(decisions > 50, "only {decisions} decisions");
        assert!(kept * 20 > drawn, "only {kept} of {drawn} drawn deals fit the auction");
    }
}
