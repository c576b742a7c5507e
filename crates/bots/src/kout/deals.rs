//! The deals a Kout Bo seat may face: what it knows of the other hands, as constraints on a deal
//! ([`crate::search::deal`]); the hand's plays so far, which a deal must replay legally; and what
//! the bidding said ([`Auction`]) and, with `strong:infer=on`, the others' card play ([`Plays`]),
//! as each deal's weight.

use cards::{Card, CardSet};
use game::{MAX_SEATS, Seat};
use kout::{Bid, Contract, KoutView, TrickView, Variant};
use solver::KoutPosition;

use super::heuristic::{MARGIN, Table, best_trump, heuristic_card, own_tricks, partners_tricks};
use crate::search::Constraints;

/// The hand's plays so far, to check a deal against: the contract and every card in order.
#[derive(Clone, Debug)]
pub(crate) struct History {
    variant: Variant,
    contract: Contract,
    trump: cards::Suit,
    /// Every card played this hand, by whom, in order.
    plays: Vec<(Seat, Card)>,
}

impl History {
    pub(crate) fn of(view: &KoutView) -> Option<History> {
        let variant = Variant::of(view.game)?;
        let contract = Contract { maker: view.maker?, bid: Bid::new(view.bid?)?, malzoom: view.malzoom };
        let plays = view
            .tricks
            .iter()
            .chain(view.trick.as_ref())
            .flat_map(|t| t.cards.iter().map(|p| (p.seat, p.card)))
            .collect();
        Some(History { variant, contract, trump: view.trump?, plays })
    }

    /// The hands dealt, had the seats held `hands` now: the cards they played added back.
    pub(crate) fn starting_hands(&self, hands: &[CardSet; MAX_SEATS]) -> [CardSet; MAX_SEATS] {
        let mut start = *hands;
        for &(seat, card) in &self.plays {
            start[seat.index() % MAX_SEATS].insert(card);
        }
        start
    }

    /// Whether every play so far was legal had the seats held `hands` now: the hand replayed
    /// from its first lead.
    pub(crate) fn allows(&self, hands: &[CardSet; MAX_SEATS]) -> bool {
        let seats = self.variant.seats();
        let start = self.starting_hands(hands);
        let Ok(mut pos) = KoutPosition::new(self.variant, self.contract, self.trump, &start[..seats]) else {
            return false;
        };
        self.plays.iter().all(|&(seat, card)| pos.to_move() == seat && pos.play(card).is_ok())
    }
}

/// What `seat` knows of the other hands in `view`: the unseen cards, the counts, the voids shown
/// by failures to follow (a plain suit not followed: none of it; trump not followed: no trump and
/// no joker). `None` outside the trick play.
pub(crate) fn constraints(seat: Seat, view: &KoutView) -> Option<Constraints> {
    let variant = Variant::of(view.game)?;
    let trump = view.trump?;
    let seats = variant.seats();
    let hand = view.hand?;
    let tricks: Vec<_> = view.tricks.iter().chain(view.trick.as_ref()).collect();
    let played: CardSet = tricks.iter().flat_map(|t| t.cards.iter().map(|p| p.card)).collect();
    let mut held = [0u8; MAX_SEATS];
    for (s, h) in held.iter_mut().enumerate().take(seats) {
        *h = Seat::new(s).map_or(0, |s| view.cards_held[s]);
    }
    let mut c = Constraints::new(seats, held, variant.cards() - played);
    c.place(seat.index(), hand);
    for t in &tricks {
        let Some(led) = t.led else { continue };
        // The plays up to the first live card (the one that decided the suit) follow nothing.
        let Some(decider) = t.cards.iter().position(|p| !p.dead) else { continue };
        for p in &t.cards[decider + 1..] {
            if p.card.is_joker() || p.card.suit() == Some(led) {
                continue;
            }
            let s = p.seat.index();
            if led == trump {
                c.exclude(s, CardSet::suit(trump) | CardSet::JOKERS);
            } else {
                c.exclude(s, CardSet::suit(led));
            }
        }
    }
    Some(c)
}

/// What the bidding said about the other hands, as a weight on each deal: how likely each other
/// seat's call (and the maker's trump) was with the hand the deal gives it, by the heuristic's
/// reading of a hand's strength — a pass from a hand that would have bid, or a bid far above what
/// a hand can take, makes the deal less likely. The viewer's own calls and a dealer's forced bid
/// say nothing.
#[derive(Clone, Debug)]
pub(crate) struct Auction {
    kind: game::GameKind,
    /// Each other seat's call: who, the lowest bid it could have made then, its bid (`None`: a
    /// pass) and whether its partner had already bid (a pass then says little).
    calls: Vec<(Seat, u8, Option<u8>, bool)>,
    maker: Option<(Seat, cards::Suit)>,
}

impl Auction {
    pub(crate) fn of(me: Seat, view: &KoutView) -> Auction {
        let seats = view.cards_held.len();
        let mut high: Option<(Seat, u8)> = None;
        let mut calls = Vec::new();
        for (i, call) in view.calls.iter().enumerate() {
            let lowest = high.map_or(5, |(_, b)| b + 1);
            let forced = call.seat == view.dealer && i + 1 == seats && high.is_none();
            let partner_bid = high.is_some_and(|(s, _)| s.team() == call.seat.team());
            if call.seat != me && !forced {
                calls.push((call.seat, lowest, call.bid, partner_bid));
            }
            if let Some(b) = call.bid {
                high = Some((call.seat, b));
            }
        }
        let maker = view.maker.zip(view.trump).filter(|(m, _)| *m != me);
        Auction { kind: view.game, calls, maker }
    }

    /// The weight of a deal that dealt `hands` (between 0 and 1).
    pub(crate) fn weight(&self, hands: &[CardSet; MAX_SEATS]) -> f64 {
        let six = self.kind == game::GameKind::Kout6;
        let strength = |seat: Seat| {
            let hand = hands[seat.index() % MAX_SEATS];
            cards::Suit::ALL.into_iter().map(|s| own_tricks(hand, s, six)).fold(0.0, f64::max)
                + partners_tricks(self.kind)
        };
        let sigmoid = |x: f64| 1.0 / (1.0 + (-2.0 * x).exp());
        let mut w = 1.0;
        for &(seat, lowest, bid, partner_bid) in &self.calls {
            let e = strength(seat) - MARGIN;
            w *= match bid {
                // A pass: likely when the hand is below the lowest bid it could make.
                None if partner_bid => 1.0,
                None => sigmoid(f64::from(lowest) + 0.5 - e),
                // A bid: likely when the hand is worth about that many tricks or more.
                Some(b) => sigmoid(e - f64::from(b) + 0.5),
            };
        }
        if let Some((maker, trump)) = self.maker {
            if best_trump(hands[maker.index() % MAX_SEATS], self.kind) != trump {
                w *= 0.5;
            }
        }
        w
    }
}

/// How much less likely a deal is for each card another seat played that the heuristic, holding
/// that seat's cards in the deal, would not have played.
const SURPRISE: f64 = 0.5;

/// What the others' card play says about the other hands, as a weight on each deal: each card
/// another seat played is checked against the card the heuristic would have played from the
/// hand the deal gives that seat, with everything that seat had seen then; each card it would not
/// have played makes the deal [`SURPRISE`] times as likely. The heuristic stands for how people
/// (and bots) play: a seat that could win a trick cheaply and did not, or led low from a suit the
/// deal makes it master of, probably did not hold those cards.
#[derive(Clone, Debug)]
pub(crate) struct Plays {
    me: Seat,
    history: History,
    game: game::GameKind,
    /// The hand's finished tricks and the trick on the table.
    tricks: Vec<TrickView>,
    trick: Option<TrickView>,
}

impl Plays {
    pub(crate) fn of(me: Seat, view: &KoutView) -> Option<Plays> {
        Some(Plays {
            me,
            history: History::of(view)?,
            game: view.game,
            tricks: view.tricks.clone(),
            trick: view.trick.clone(),
        })
    }

    /// The weight of a deal that dealt `start` (the hands as dealt: [`History::starting_hands`]),
    /// between 0 and 1.
    pub(crate) fn weight(&self, start: &[CardSet; MAX_SEATS]) -> f64 {
        let h = &self.history;
        let seats = h.variant.seats();
        let Ok(mut pos) = KoutPosition::new(h.variant, h.contract, h.trump, &start[..seats]) else {
            return 1.0;
        };
        let mut w = 1.0;
        let mut partial =
            TrickView { leader: self.me, cards: Vec::new(), led: None, dead_jokers: CardSet::EMPTY, winner: None };
        let tricks = self.tricks.iter().chain(self.trick.as_ref());
        for (done, trick) in tricks.enumerate() {
            partial.leader = trick.leader;
            partial.cards.clear();
            partial.led = None;
            for p in &trick.cards {
                let legal = pos.legal_moves();
                if p.seat != self.me && legal.len() > 1 {
                    let table = Table {
                        game: self.game,
                        seats,
                        trump: h.trump,
                        maker: h.contract.maker,
                        tricks: &self.tricks[..done.min(self.tricks.len())],
                        trick: (!partial.cards.is_empty()).then_some(&partial),
                    };
                    if heuristic_card(p.seat, pos.hand(p.seat), &table, legal) != p.card {
                        w *= SURPRISE;
                    }
                }
                if pos.play(p.card).is_err() {
                    return w;
                }
                partial.cards.push(*p);
                if partial.led.is_none() && !p.dead {
                    partial.led = trick.led;
                }
            }
        }
        w
    }
}
