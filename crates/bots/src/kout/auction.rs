//! Kout Bo's bidding by simulation (`strong:bids=sim`, how in [`crate::search::auction`]): the
//! deals, each the seat's own nine cards and the others' shuffled, kept only if the others' bids
//! and passes are the heuristic's with those cards. Every bid and pass is tried, and the maker's
//! every trump.

use arrayvec::ArrayVec;
use cards::{Card, CardSet};
use game::{Actor, Game, Seat};
use kout::{Bid, Kout, KoutAction, KoutDeal, KoutRules, KoutView, StageView, Variant};
use rand_chacha::ChaCha8Rng;

use crate::analysis::Evaluation;
use crate::search::auction;
use crate::{Bot, KoutHeuristic};

/// What ending the match is worth on top of the hand's points: the match's target.
const MATCH_END: f64 = 101.0;

/// The bid, pass or trump to choose, by playing out `deals` sampled deals per legal action;
/// `None` outside the bidding and the naming of trump.
pub(crate) fn choose(
    seat: Seat,
    view: &KoutView,
    legal: &[KoutAction],
    rng: &mut ChaCha8Rng,
    deals: usize,
) -> Option<KoutAction> {
    if !choosing(view, legal) {
        return None;
    }
    let heuristic = KoutHeuristic.choose(seat, view, legal);
    auction::choose(seat, legal, heuristic, deals, &mut KoutHeuristic, MATCH_END, || sample(seat, view, rng))
}

/// The value of every bid and pass (or, naming trump, every trump) on `deals` sampled deals
/// ([`auction::evaluate`]); `None` outside the bidding and the naming of trump, with fewer than two
/// legal actions, or when too few deals fit the auction.
pub(crate) fn evaluate(
    seat: Seat,
    view: &KoutView,
    legal: &[KoutAction],
    rng: &mut ChaCha8Rng,
    deals: usize,
) -> Option<Evaluation<KoutAction>> {
    if !choosing(view, legal) {
        return None;
    }
    auction::evaluate(seat, legal, deals, &mut KoutHeuristic, MATCH_END, || sample(seat, view, rng))
}

/// Whether the seat has a choice of bids (or trumps) to make.
fn choosing(view: &KoutView, legal: &[KoutAction]) -> bool {
    matches!(view.stage, StageView::Bidding | StageView::Trump) && legal.len() >= 2
}

/// A game at this point of the hand, on a deal that fits what `seat` has seen; `None` if the deal
/// drawn does not fit.
fn sample(seat: Seat, view: &KoutView, rng: &mut ChaCha8Rng) -> Option<Kout> {
    let variant = Variant::of(view.game)?;
    let own = view.hand?;
    let mut others: ArrayVec<Card, 54> = (variant.cards() - own).iter().collect();
    cards::shuffle(&mut others, rng);
    let mut others = others.into_iter();
    let hands: ArrayVec<CardSet, 6> = Seat::all(variant.seats())
        .map(|s| if s == seat { own } else { others.by_ref().take(kout::HAND_SIZE).collect() })
        .collect();
    replay(seat, view, &hands)
}

/// The game of this hand so far had the seats held `hands`: `None` if the heuristic, holding those
/// cards, would not have made every bid and pass the others made, or `seat` would not be the one
/// to act.
pub(crate) fn replay(seat: Seat, view: &KoutView, hands: &[CardSet]) -> Option<Kout> {
    let variant = Variant::of(view.game)?;
    let rules = KoutRules { variant, play_out: false };
    let deal = KoutDeal::from_hands(variant, view.dealer, hands).ok()?;
    let mut game = Kout::at_score(rules, view.dealer, view.score, view.hand_number?).ok()?;
    game.deal(deal).ok()?;
    let mut legal = Vec::new();
    for call in &view.calls {
        let action = match call.bid {
            Some(b) => KoutAction::Bid(Bid::new(b)?),
            None => KoutAction::Pass,
        };
        if call.seat != seat {
            game.legal_actions(call.seat, &mut legal);
            if legal.is_empty() || KoutHeuristic.choose(call.seat, &game.view(Some(call.seat)), &legal) != action {
                return None;
            }
        }
        game.play(Actor::Seat(call.seat), action).ok()?;
    }
    (game.to_act().first() == Some(seat)).then_some(game)
}

#[cfg(test)]
mod tests {
    use game::{Game, Seat};
    use kout::{Kout, KoutRules, StageView, Variant};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::{replay, sample};
    use crate::KoutHeuristic;
    use crate::search::tests::each_play;

    #[test]
    fn sampled_auctions_show_the_seat_what_it_saw_and_the_real_deal_is_always_kept() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let (mut decisions, mut drawn, mut kept) = (0, 0, 0);
        for variant in [Variant::Four, Variant::Six] {
            let new = |g: u64| {
                let rules = KoutRules { variant, play_out: false };
                Kout::new(variant.kind(), rules, Seat::new((g % 4) as usize).expect("seat")).expect("game")
            };
            each_play(8, 3, new, &mut KoutHeuristic, |game: &Kout, seat| {
                let view = game.view(Some(seat));
                if !matches!(view.stage, StageView::Bidding | StageView::Trump) {
                    return;
                }
                let hands: Vec<_> = Seat::all(variant.seats()).map(|s| game.held(s)).collect();
                let real = replay(seat, &view, &hands).expect("the real deal replays");
                assert_eq!(real.view(Some(seat)), view, "the real deal shows the seat its view");
                decisions += 1;
                for _ in 0..20 {
                    drawn += 1;
                    let Some(g) = sample(seat, &view, &mut rng) else { continue };
                    kept += 1;
                    let seen = g.view(Some(seat));
                    assert_eq!((seen.hand, &seen.calls, seen.stage), (view.hand, &view.calls, view.stage));
                    assert_eq!(
                        (seen.score, seen.dealer, seen.hand_number),
                        (view.score, view.dealer, view.hand_number)
                    );
                }
            });
        }
        assert!(decisions > 50, "only {decisions} decisions");
        assert!(kept * 20 > drawn, "only {kept} of {drawn} drawn deals fit the auction");
    }
}
