//! The Saudi table calls: raising the stakes in the doubling steps, `ashkal`, `kawesh`, and `sawa`.
//!
//! Every decision reads the seat's view only. The raises judge a hand with the bidding estimate
//! ([`hokum_value`], [`sun_value`]): a defender rates its own cards as if it played the bidder's
//! contract, so a defender strong in the bidder's trump doubles; the bidder's team raises again only
//! with a hand well above what its bid needed. A defender's raise is closed when it is long in
//! trump (closed stops the other side leading trumps to draw them); the bidder's team, which draws trumps
//! itself, raises open. The bidders win most hands (they chose the trump and hold the face-up
//! card), so a double pays only on a rare hand: in 7,000 hands of bots doubling from a rating of −6
//! up, the defenders won 20% of the doubled hands rated −6 to −4, 43% of those rated 0 to 2 and 7 of
//! the 12 rated 4 or more; the bar is +3, a few hands in a thousand. `gahwa` stakes
//! the match, so it is
//! said only with an overwhelming Hokum. `kawesh` is said whenever allowed (five cards of 7s to 9s
//! rarely win a hand). `sawa` is claimed only when the seat's own cards take every remaining trick
//! whatever the unseen cards are and wherever they lie.

use baloot::{BalootAction, ContractView, HandView, ModeName, Side, Stake, strength};
use cards::{Card, CardSet, DeckKind, Suit};
use game::Seat;

use super::estimate::{Weights, hokum_value, sun_value};

/// The bars of the raises, in the estimate's game points (the team's expected margin).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct CallParams {
    /// A defender doubles a Hokum when its own cards rate this well in the bidder's trump.
    pub double_hokum: f64,
    /// A defender doubles a Sun when its own cards rate this well as a Sun.
    pub double_sun: f64,
    /// The bidder's team says `three` with a hand rated this well.
    pub three: f64,
    /// The defenders say `four`.
    pub four: f64,
    /// The bidder's team says `gahwa`.
    pub gahwa: f64,
    /// A defender's raise is closed with this many trumps or more.
    pub closed_trumps: u32,
}

/// The bars the bot plays with.
pub(super) const CALL_PARAMS: CallParams =
    CallParams { double_hokum: 3.0, double_sun: 2.0, three: 6.0, four: 6.0, gahwa: 12.0, closed_trumps: 3 };

/// Whether `seat`'s team leads the first trick (seat dealer + 1's team).
fn leads(seat: Seat, dealer: Seat) -> bool {
    seat.team() == dealer.next(4).team()
}

/// The call of `seat` at doubling step `step` (1 `double`, 2 `three`, 3 `four`, 4 `gahwa`).
pub(super) fn raise(seat: Seat, hand: &HandView, step: u8, legal: &[BalootAction], p: &CallParams) -> BalootAction {
    let (Some(mine), Some(c)) = (hand.cards, hand.contract) else { return BalootAction::Pass };
    let bidders = seat.team() == c.bidder.team();
    let lead = leads(seat, hand.dealer);
    // The bidder's team's strength: the taker of the face-up card counts it as its own; the partner
    // of a bidder trusts the bid a little.
    let taker = if c.ashkal { c.bidder.offset(2, 4) } else { c.bidder };
    let known = if seat == taker { mine | CardSet::single(hand.face_up) } else { mine };
    let trust = if bidders && seat != c.bidder { 3.0 } else { 0.0 };
    let value = match (c.mode, c.trump) {
        (ModeName::Hokum, Some(t)) => hokum_value(known, t, lead) + trust,
        _ => sun_value(known, lead) + trust,
    };
    let bar = match step {
        1 if c.mode == ModeName::Sun => p.double_sun,
        1 => p.double_hokum,
        2 => p.three,
        3 => p.four,
        _ => p.gahwa,
    };
    if value < bar {
        return BalootAction::Pass;
    }
    // Closed keeps the bidders from drawing trumps: the defenders' choice when they hold trump
    // length. The bidder's team wants to draw trumps itself, so it raises open.
    let side = match c.trump {
        Some(t) if !bidders && mine.of_suit(t).len() as u32 >= p.closed_trumps => Some(Side::Closed),
        _ => Some(Side::Open),
    };
    let wanted = [
        BalootAction::Raise(stake_of(step), side),
        BalootAction::Raise(stake_of(step), None),
        BalootAction::Raise(stake_of(step), Some(Side::Open)),
        BalootAction::Gahwa,
    ];
    wanted.into_iter().find(|a| legal.contains(a)).unwrap_or(BalootAction::Pass)
}

fn stake_of(step: u8) -> Stake {
    match step {
        1 => Stake::Double,
        2 => Stake::Three,
        _ => Stake::Four,
    }
}

/// Whether `ashkal` suits the seat better than the Sun it would bid: the face-up card adds little
/// to the seat's own Sun (a low card), so it may as well go to the partner, and the seat's five
/// cards are a Sun on their own.
pub(super) fn prefers_ashkal(weights: &Weights, mine: CardSet, face_up: Card, lead: bool, bar: f64) -> bool {
    let alone = weights.sun_value(mine, lead);
    let with_face = weights.sun_value(mine | CardSet::single(face_up), lead);
    alone >= bar && with_face - alone < 1.0
}

/// Whether the seat to lead, with the cards of `hand` and everything the view shows played, takes
/// every remaining trick itself however the unseen cards lie: a `sawa` that cannot fail.
pub(super) fn sawa_is_certain(hand: &HandView, closed: bool) -> bool {
    let (Some(mine), Some(contract)) = (hand.cards, hand.contract) else { return false };
    if !hand.trick.plays.is_empty() || mine.is_empty() {
        return false;
    }
    let mut played = CardSet::EMPTY;
    for t in hand.tricks.iter().chain(std::iter::once(&hand.trick)) {
        for p in &t.plays {
            played.insert(p.card);
        }
    }
    let unseen = DeckKind::Baloot.cards() - mine - played;
    let trump = trump_of(contract);
    let trumps_out = trump.map_or(0, |t| unseen.of_suit(t).len());
    certain(mine, unseen, trump, trumps_out, closed)
}

fn trump_of(c: ContractView) -> Option<Suit> {
    match c.mode {
        ModeName::Hokum => c.trump,
        ModeName::Sun => None,
    }
}

/// A lead order of `mine` in which every lead is sure to win: a trump above every unseen trump
/// (each such lead draws at least one trump from whoever still holds any, so after as many leads
/// as trumps were out none is left), or a card of another suit above every unseen card of its
/// suit once no trump can be left outside. The unseen cards are never assumed gone, only trumps
/// counted down, so any order found holds whatever the others hold.
fn certain(mine: CardSet, unseen: CardSet, trump: Option<Suit>, trumps_out: usize, closed: bool) -> bool {
    let top = |c: Card| {
        c.suit().is_some_and(|suit| {
            let s = strength(c, suit, trump);
            unseen.of_suit(suit).iter().all(|x| strength(x, suit, trump) < s)
        })
    };
    // Every card must be above every unseen card of its suit: unseen cards are never assumed gone.
    mine.iter().all(top) && order(mine, trump, trumps_out, closed)
}

/// A lead order of `mine` (each card known to be top) in which no side card is led while a trump
/// may be out, and no trump while closed and holding a side card.
fn order(mine: CardSet, trump: Option<Suit>, trumps_out: usize, closed: bool) -> bool {
    if mine.is_empty() {
        return true;
    }
    let holds_side = trump.is_some_and(|t| !(mine - mine.of_suit(t)).is_empty());
    mine.iter().any(|c| {
        let Some(suit) = c.suit() else { return false };
        let is_trump = Some(suit) == trump;
        if is_trump && closed && holds_side {
            return false;
        }
        if !is_trump && trumps_out > 0 {
            return false;
        }
        let out = if is_trump { trumps_out.saturating_sub(1) } else { trumps_out };
        order(mine - CardSet::single(c), trump, out, closed)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.split_whitespace().map(|t| t.parse::<Card>().expect("card")).collect()
    }

    #[test]
    fn sawa_is_certain_only_with_the_top_cards() {
        let hearts = Some(Suit::Hearts);
        let all = DeckKind::Baloot.cards();
        // Sun, aces and tens, every other card unseen.
        let mine = set("AS TS AH TH");
        assert!(certain(mine, all - mine, None, 0, false));
        // A king under an unseen ten is not; once the ten is played it is.
        let mine = set("AS KS");
        assert!(!certain(mine, all - mine, None, 0, false));
        assert!(certain(mine, all - mine - set("TS"), None, 0, false));
        // Hokum: the jack and 9 of trump draw the two trumps still out, then the side ace holds.
        let mine = set("JH 9H AS");
        let unseen = set("7H 8H KS 7S 7D");
        assert!(certain(mine, unseen, hearts, 2, false));
        // Three trumps out: two trump leads cannot promise to draw them all.
        assert!(!certain(mine, unseen | set("QH"), hearts, 3, false));
        // Closed: the trumps may not be led while the ace is held, and the ace may be ruffed.
        assert!(!certain(mine, unseen, hearts, 2, true));
    }

    /// Heuristic bots at every seat play `matches` matches under `saudi_full`; returns how often
    /// each call came up: (sawa held, sawa lost, doubled hands, gahwa hands, kawesh, ashkal, hands).
    fn table_of_bots(matches: u64) -> [usize; 7] {
        use baloot::{Baloot, BalootRules};
        use game::{Actor, Game, GameKind, Phase};

        use super::super::BalootHeuristic;
        use crate::Bot;

        let mut counts = [0usize; 7];
        let mut legal = Vec::new();
        for m in 0..matches {
            let mut game = Baloot::new(GameKind::Baloot, BalootRules::saudi_full(), Seat::ZERO).expect("game");
            let mut rng = cards::seeded_rng(m);
            while game.phase() != Phase::Over {
                if let Phase::AwaitingDeal { .. } = game.phase() {
                    let deal = game.random_deal(&mut rng);
                    game.deal(deal).expect("deal");
                    continue;
                }
                let s = game.to_act().first().expect("a seat acts");
                game.legal_actions(s, &mut legal);
                let action = BalootHeuristic.choose(s, &game.view(Some(s)), &legal);
                game.play(Actor::Seat(s), action).expect("the bot plays legally");
                if game.phase() != Phase::InHand {
                    let h = game.view(None).hand.expect("hand");
                    counts[6] += 1;
                    match h.sawa {
                        Some(c) if c.held => counts[0] += 1,
                        Some(_) => counts[1] += 1,
                        None => {}
                    }
                    counts[2] += usize::from(!matches!(h.multiplier, baloot::Multiplier::Times(1)));
                    counts[3] += usize::from(h.multiplier == baloot::Multiplier::Gahwa);
                    counts[4] += usize::from(h.ended_by == Some(baloot::EndedBy::Kawesh));
                    counts[5] += usize::from(h.contract.is_some_and(|c| c.ashkal));
                }
            }
        }
        counts
    }

    #[test]
    fn bots_claim_sawa_only_when_it_holds_and_raise_now_and_then() {
        let [held, lost, doubled, gahwa, kawesh, ashkal, hands] = table_of_bots(100);
        assert_eq!(lost, 0, "a bot's sawa never fails");
        assert!(held > 20, "bots claim the tricks they hold: {held} of {hands} hands");
        eprintln!(
            "held {held} lost {lost} doubled {doubled} gahwa {gahwa} kawesh {kawesh} ashkal {ashkal} hands {hands}"
        );
        assert!(doubled > 0 && doubled * 20 < hands, "raises on strong hands only: {doubled} of {hands}");
        assert!(gahwa * 50 < hands, "gahwa only when very strong: {gahwa} of {hands}");
        assert!(kawesh > 0 && ashkal > 0, "kawesh {kawesh}, ashkal {ashkal} of {hands}");
    }
}
