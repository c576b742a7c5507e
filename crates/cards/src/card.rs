//! Suits, ranks, jokers and the card notation of records.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the four suits, in the order of the record notation (`S` `H` `D` `C`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// All suits in notation order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with index `i` (0–3) in notation order.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Spades),
            1 => Some(Suit::Hearts),
            2 => Some(Suit::Diamonds),
            3 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Index 0–3 in notation order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Hearts and diamonds are red.
    #[must_use]
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The notation letter: `S`, `H`, `D` or `C`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit symbol: ♠ ♥ ♦ ♣.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// The English name in the plural ("hearts"), as used in messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// The order suits are shown in a hand: the trump suit (if any) first, then the others with
    /// colours alternating where possible (no trump: ♠ ♥ ♣ ♦).
    #[must_use]
    pub const fn display_order(trump: Option<Suit>) -> [Suit; 4] {
        use Suit::{Clubs, Diamonds, Hearts, Spades};
        match trump {
            None | Some(Spades) => [Spades, Hearts, Clubs, Diamonds],
            Some(Hearts) => [Hearts, Spades, Diamonds, Clubs],
            Some(Clubs) => [Clubs, Hearts, Spades, Diamonds],
            Some(Diamonds) => [Diamonds, Spades, Hearts, Clubs],
        }
    }

    /// Reads a suit letter in any case.
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or_else(|| ParseCardError::new(s)),
            _ => Err(ParseCardError::new(s)),
        }
    }
}

/// A rank from two to ace. The numeric value (`Two` = 2 … `Ace` = 14) is the natural order with ace
/// high; each game has its own trick order on top of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 2,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, written `T`
    Ten,
    /// J
    Jack,
    /// Q
    Queen,
    /// K
    King,
    /// A
    Ace,
}

impl Rank {
    /// All ranks, two first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Index 0 (two) to 12 (ace).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize - 2
    }

    /// The rank with index 0 (two) to 12 (ace).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 13 { Some(Rank::ALL[i]) } else { None }
    }

    /// The face value used by counting games: 2–10 as printed, J 11, Q 12, K 13, A 14.
    #[must_use]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The notation character: `2`–`9`, `T`, `J`, `Q`, `K`, `A`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    /// How people write the rank: `10` for ten, the letter otherwise.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    /// The English name ("queen").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rank::Two => "two",
            Rank::Three => "three",
            Rank::Four => "four",
            Rank::Five => "five",
            Rank::Six => "six",
            Rank::Seven => "seven",
            Rank::Eight => "eight",
            Rank::Nine => "nine",
            Rank::Ten => "ten",
            Rank::Jack => "jack",
            Rank::Queen => "queen",
            Rank::King => "king",
            Rank::Ace => "ace",
        }
    }

    fn from_text(s: &str) -> Option<Rank> {
        if s == "10" {
            return Some(Rank::Ten);
        }
        let mut chars = s.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        Some(match c.to_ascii_uppercase() {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            'A' => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 54 cards: 52 suited cards and two jokers.
///
/// A card is its index in a `u64` bitset: `suit * 13 + rank index` for suited cards (0–51), 52 for the
/// red joker and 53 for the black joker. The index is stable and part of no file format (records use
/// the text notation).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The red (colour) joker, `RJ`: the higher joker.
    pub const RED_JOKER: Card = Card(52);
    /// The black-and-white joker, `BJ`.
    pub const BLACK_JOKER: Card = Card(53);
    /// How many distinct cards exist.
    pub const COUNT: usize = 54;

    /// The suited card of `rank` and `suit`.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + (rank as u8 - 2))
    }

    /// The card with bitset index `i` (0–53).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Card::COUNT { Some(Card(i as u8)) } else { None }
    }

    /// The bitset index 0–53.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// True for both jokers.
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The suit, or `None` for a joker.
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        Suit::from_index(self.0 as usize / 13)
    }

    /// The rank, or `None` for a joker.
    #[must_use]
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() { None } else { Rank::from_index(self.0 as usize % 13) }
    }

    /// True for hearts, diamonds and the red joker.
    #[must_use]
    pub const fn is_red(self) -> bool {
        match self.suit() {
            Some(s) => s.is_red(),
            None => self.0 == 52,
        }
    }

    /// A short label for people: `A♠`, `10♥`, `RJ`, `BJ`.
    #[must_use]
    pub fn pretty(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => format!("{}{}", r.label(), s.symbol()),
            _ => self.to_string(),
        }
    }

    /// The English name: "queen of hearts", "red joker".
    #[must_use]
    pub fn name(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => format!("{} of {}", r.name(), s.name()),
            _ if self == Card::RED_JOKER => "red joker".to_owned(),
            _ => "black joker".to_owned(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.letter(), s.letter()),
            _ if *self == Card::RED_JOKER => f.write_str("RJ"),
            _ => f.write_str("BJ"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not a card in the record notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a card (write rank then suit, like \"AS\", \"TH\", \"10H\", or \"RJ\"/\"BJ\")")]
pub struct ParseCardError {
    text: String,
}

impl ParseCardError {
    fn new(text: &str) -> Self {
        // Keep error messages bounded whatever the input.
        let text: String = text.chars().take(32).collect();
        ParseCardError { text }
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads `AS`, `th`, `10H`, `RJ`, `bj`: rank then suit, any case, `10` as `T`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("RJ") {
            return Ok(Card::RED_JOKER);
        }
        if s.eq_ignore_ascii_case("BJ") {
            return Ok(Card::BLACK_JOKER);
        }
        let err = || ParseCardError::new(s);
        let split = s.char_indices().last().map(|(i, _)| i).ok_or_else(err)?;
        let (rank, suit) = s.split_at(split);
        let rank = Rank::from_text(rank).ok_or_else(err)?;
        let suit = suit.parse::<Suit>().map_err(|_| err())?;
        Ok(Card::new(rank, suit))
    }
}

impl FromStr for Rank {
    type Err = ParseCardError;

    /// Reads a rank letter in any case (`T` or `10` for ten).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rank::from_text(s).ok_or_else(|| ParseCardError::new(s))
    }
}

/// Serializes as its notation text and reads it back (any case), like [`Card`].
macro_rules! serde_as_notation {
    ($type:ty, $expecting:literal) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Visitor;
                impl serde::de::Visitor<'_> for Visitor {
                    type Value = $type;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$type, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(Visitor)
            }
        }
    };
}

serde_as_notation!(Suit, "a suit letter: \"S\", \"H\", \"D\" or \"C\"");
serde_as_notation!(Rank, "a rank such as \"A\", \"T\" or \"7\"");
serde_as_notation!(Card, "a card such as \"AS\" or \"RJ\"");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_notation() {
        for i in 0..Card::COUNT {
            let card = Card::from_index(i).expect("index in range");
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn display_order_puts_trump_first_and_alternates_colours() {
        for trump in [None, Some(Suit::Spades), Some(Suit::Hearts), Some(Suit::Diamonds), Some(Suit::Clubs)] {
            let order = Suit::display_order(trump);
            if let Some(t) = trump {
                assert_eq!(order[0], t);
            }
            let mut sorted = order;
            sorted.sort();
            assert_eq!(sorted, Suit::ALL, "each suit once");
            // Four suits, two of each colour: the best order alternates throughout.
            assert!(order.windows(2).all(|w| w[0].is_red() != w[1].is_red()), "{order:?}");
        }
    }

    #[test]
    fn ten_reads_as_t_in_any_case() {
        let ten = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!("10H".parse::<Card>(), Ok(ten));
        assert_eq!("10h".parse::<Card>(), Ok(ten));
        assert_eq!("tH".parse::<Card>(), Ok(ten));
        assert_eq!(ten.to_string(), "TH");
    }

    #[test]
    fn jokers_have_no_suit_and_red_is_red() {
        assert_eq!("rj".parse::<Card>(), Ok(Card::RED_JOKER));
        assert_eq!("Bj".parse::<Card>(), Ok(Card::BLACK_JOKER));
        assert!(Card::RED_JOKER.is_joker() && Card::RED_JOKER.suit().is_none());
        assert!(Card::RED_JOKER.is_red() && !Card::BLACK_JOKER.is_red());
    }

    #[test]
    fn bad_text_is_an_error() {
        for bad in ["", "A", "1H", "11H", "AX", "ASS", "JJ", "♠A", "10", "H10", "RJX", "é"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn suits_and_ranks_serialize_as_their_letters() {
        assert_eq!(serde_json::to_string(&Suit::Hearts).expect("serialize"), "\"H\"");
        assert_eq!(serde_json::to_string(&Some(Suit::Clubs)).expect("serialize"), "\"C\"");
        assert_eq!(serde_json::to_string(&Rank::Ten).expect("serialize"), "\"T\"");
        assert_eq!(serde_json::from_str::<Suit>("\"d\"").expect("parse"), Suit::Diamonds);
        assert_eq!(serde_json::from_str::<Rank>("\"10\"").expect("parse"), Rank::Ten);
        assert_eq!(serde_json::from_str::<Option<Suit>>("null").expect("parse"), None);
        assert!(serde_json::from_str::<Suit>("\"X\"").is_err());
        assert!(serde_json::from_str::<Rank>("\"1\"").is_err());
        for r in Rank::ALL {
            assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
        }
    }

    #[test]
    fn serde_uses_notation() {
        let card = Card::new(Rank::Queen, Suit::Spades);
        assert_eq!(serde_json::to_string(&card).expect("serialize"), "\"QS\"");
        assert_eq!(serde_json::from_str::<Card>("\"10c\"").expect("parse"), Card::new(Rank::Ten, Suit::Clubs));
        assert!(serde_json::from_str::<Card>("\"ZZ\"").is_err());
        assert!(serde_json::from_str::<Card>("7").is_err());
    }
}
