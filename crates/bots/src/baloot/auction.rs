//! Baloot's bidding by simulation (`strong:bids=sim`, how in [`crate::search::auction`]): the
//! deals, each the seat's own five cards and the face-up card where they lie, the other 26 cards
//! shuffled into the other hands and the stock, kept only if the others' calls are the heuristic's
//! with those cards. Every call is tried: the bids, the doubling steps, Gahwa, Ashkal, Kawesh.

use arrayvec::ArrayVec;
use baloot::{Baloot, BalootAction, BalootRules, BalootView, HandView, StageView};
use cards::{Card, CardSet, Deck, DeckKind};
use game::{Actor, Game, Seat};
use rand_chacha::ChaCha8Rng;

use crate::analysis::Evaluation;
use crate::search::auction;
use crate::{BalootHeuristic, Bot};

/// What ending the match is worth on top of the hand's points: the match's target.
const MATCH_END: f64 = 152.0;

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
    let hand = choosing(view, legal)?;
    let heuristic = BalootHeuristic.choose(seat, view, legal);
    auction::choose(seat, legal, heuristic, deals, &mut BalootHeuristic, MATCH_END, || {
        sample(seat, view, hand, rules, rng)
    })
}

/// The value of every call (bids, doubling steps, Gahwa, Ashkal, Kawesh) on `deals` sampled deals
/// ([`auction::evaluate`]); `None` outside the auction, with fewer than two legal calls, or when
/// too few deals fit the auction.
pub(crate) fn evaluate(
    seat: Seat,
    view: &BalootView,
    legal: &[BalootAction],
    rules: BalootRules,
    rng: &mut ChaCha8Rng,
    deals: usize,
) -> Option<Evaluation<BalootAction>> {
    let hand = choosing(view, legal)?;
    auction::evaluate(seat, legal, deals, &mut BalootHeuristic, MATCH_END, || sample(seat, view, hand, rules, rng))
}

/// The hand of a seat with a choice of calls in the auction; `None` outside it or with a single
/// legal call.
fn choosing<'v>(view: &'v BalootView, legal: &[BalootAction]) -> Option<&'v HandView> {
    let auction = matches!(view.phase, StageView::Bidding | StageView::Doubling) && legal.len() >= 2;
    view.hand.as_ref().filter(|_| auction)
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
    let (game, _) = auction_of(seat, view, hand, rules, hands, stock, true)?;
    (game.to_act().first() == Some(seat)).then_some(game)
}

/// The game after this hand's bids and calls, replayed on a deal of `hands` (the first five cards
/// each) and `stock`, and for each seat whether all its calls (bids and doubling steps) were the
/// heuristic's (`seat`'s are not checked). With `strict`, `None` at the first call that is not;
/// without, the strong bot's card play weighs its deals by the answer (`strong:infer=on`). `None`
/// too if the calls cannot be replayed on that deal.
pub(crate) fn auction_of(
    seat: Seat,
    view: &BalootView,
    hand: &HandView,
    rules: BalootRules,
    hands: &[CardSet; 4],
    stock: &[Card],
    strict: bool,
) -> Option<(Baloot, [bool; 4])> {
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
    let mut fit = [true; 4];
    for call in hand.bids.iter().chain(&hand.calls) {
        if call.seat != seat && fit[call.seat.index() % 4] {
            game.legal_actions(call.seat, &mut legal);
            if legal.is_empty() || BalootHeuristic.choose(call.seat, &game.view(Some(call.seat)), &legal) != call.bid {
                if strict {
                    return None;
                }
                fit[call.seat.index() % 4] = false;
            }
        }
        game.play(Actor::Seat(call.seat), call.bid).ok()?;
    }
    Some((game, fit))
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
