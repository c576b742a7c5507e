//! Bidding: one turn each from the dealer's left, strictly higher bids, 9 ends it, the dealer is
//! forced to bid when everyone before passed (a forced 5 is Malzoom).

use arrayvec::ArrayVec;
use game::Seat;
use serde::{Deserialize, Serialize};

use crate::action::Bid;

/// The winning bid of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    /// The highest bidder, who names trump and leads the first trick.
    pub maker: Seat,
    /// How many tricks the maker's team must win.
    pub bid: Bid,
    /// The dealer was forced to bid and bid 5.
    pub malzoom: bool,
}

/// One bidding turn: a seat's bid, or its pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    /// Who called.
    pub seat: Seat,
    /// The number bid (5–9), or `None` for a pass.
    pub bid: Option<u8>,
}

/// The bidding of a hand in progress.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bidding {
    /// Every call so far, in order; each seat calls at most once.
    pub calls: ArrayVec<Call, 6>,
    /// The highest bid so far and who made it.
    pub high: Option<(Seat, Bid)>,
}

impl Bidding {
    /// The lowest bid allowed now (`None` once 9 has been bid).
    pub fn lowest(&self) -> Option<Bid> {
        match self.high {
            None => Some(Bid::BAB),
            Some((_, b)) => b.next(),
        }
    }

    /// Whether `seat` may pass: everyone may, except the dealer when all before passed.
    pub fn may_pass(&self, seat: Seat, dealer: Seat) -> bool {
        seat != dealer || self.high.is_some()
    }

    /// Records `seat`'s call (already checked) and returns the contract if bidding is over: after
    /// a 9, or after the dealer's turn.
    pub fn call(&mut self, seat: Seat, bid: Option<Bid>, dealer: Seat) -> Option<Contract> {
        let forced = seat == dealer && self.high.is_none();
        // One call per seat and at most six seats, so this never overflows.
        let _ = self.calls.try_push(Call { seat, bid: bid.map(Bid::tricks) });
        if let Some(b) = bid {
            self.high = Some((seat, b));
        }
        let over = seat == dealer || bid == Some(Bid::BAWAN);
        if !over {
            return None;
        }
        self.high.map(|(maker, bid)| Contract { maker, bid, malzoom: forced && bid == Bid::BAB })
    }
}
