//! The facts of one hand as `majlis replay` reports them.

use cards::Suit;
use game::{ByTeam, Seat};
use serde::{Deserialize, Serialize};

/// The facts of one hand as `majlis replay` reports them; `null` for what is not known yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KoutHandSummary {
    /// Who dealt.
    pub dealer: Seat,
    /// The maker (highest bidder), once bidding is over.
    pub bidder: Option<Seat>,
    /// The winning bid, once bidding is over.
    pub bid: Option<u8>,
    /// Whether the bid is a Malzoom (the dealer's forced 5), once bidding is over.
    pub malzoom: Option<bool>,
    /// The trump suit, once named.
    pub trump: Option<Suit>,
    /// Tricks won per team so far (from the first card on); final when the hand stopped.
    pub tricks: Option<ByTeam<u8>>,
    /// The hand's score per team, once it is over.
    pub score: Option<ByTeam<i32>>,
}
