//! Fair deals: the server commits to each deck before the hand and reveals it after, so players can
//! prove the dealer did not stack it.
//!
//! `commitment = hex(SHA-256(salt || deck))`, where `salt` is 32 random bytes (hex in records and
//! messages; the raw bytes are hashed) and `deck` is the cards in record notation joined by commas
//! (`"QS,3H,RJ,..."`).

use cards::Card;
use game::Record;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The deck as the commitment hashes it: record notation joined by commas.
#[must_use]
pub fn deck_text(deck: &[Card]) -> String {
    let mut out = String::with_capacity(deck.len() * 3);
    for (i, card) in deck.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&card.to_string());
    }
    out
}

/// `hex(SHA-256(salt || deck_text(deck)))`.
#[must_use]
pub fn commitment(salt: &[u8], deck: &[Card]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt);
    hasher.update(deck_text(deck).as_bytes());
    hex::encode(hasher.finalize())
}

/// Why a hand of a record fails its fair-deal check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hand {hand}: {reason}")]
pub struct VerifyError {
    /// The hand, from 0.
    pub hand: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl VerifyError {
    /// `{"error": {"hand": N, "reason": "..."}}`, as `majlis verify` prints it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({ "error": { "hand": self.hand, "reason": self.reason } })
    }
}

/// Checks the commitment of every hand of `record` against its salt and deck; returns how many
/// hands were checked.
///
/// # Errors
/// The first hand that has no commitment or salt, a salt that is not hex, or a commitment that
/// does not match.
pub fn verify_record(record: &Record) -> Result<usize, VerifyError> {
    for (i, hand) in record.hands.iter().enumerate() {
        let fail = |reason: String| VerifyError { hand: i, reason };
        let Some(committed) = &hand.commitment else {
            return Err(fail("no commitment".to_owned()));
        };
        let Some(salt) = &hand.salt else {
            return Err(fail("no salt".to_owned()));
        };
        let salt = hex::decode(salt).map_err(|e| fail(format!("the salt is not hex: {e}")))?;
        let actual = commitment(&salt, &hand.deck);
        if !actual.eq_ignore_ascii_case(committed) {
            return Err(fail(format!(
                "the commitment {committed} does not match SHA-256(salt || deck) = {actual}: the deck or salt was changed"
            )));
        }
    }
    Ok(record.hands.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{GameKind, HandRecord, Seat};

    fn cards(text: &str) -> Vec<Card> {
        text.split(',').map(|c| c.parse().expect("card")).collect()
    }

    #[test]
    fn commitment_hashes_salt_bytes_then_the_comma_joined_deck() {
        let deck = cards("QS,3H,RJ");
        assert_eq!(deck_text(&deck), "QS,3H,RJ");
        let salt = [7u8; 32];
        let mut expected = Sha256::new();
        expected.update([7u8; 32]);
        expected.update(b"QS,3H,RJ");
        assert_eq!(commitment(&salt, &deck), hex::encode(expected.finalize()));
    }

    fn record_with(deck: &str, salt: [u8; 32], committed_deck: &str) -> Record {
        let mut hand = HandRecord::new(Seat::ZERO, &cards(deck));
        hand.commitment = Some(commitment(&salt, &cards(committed_deck)));
        hand.salt = Some(hex::encode(salt));
        Record { game: GameKind::Kout4, rules: Default::default(), players: Vec::new(), hands: vec![hand] }
    }

    #[test]
    fn verify_accepts_honest_hands_and_names_a_stacked_one() {
        let honest = record_with("QS,3H,RJ", [1; 32], "QS,3H,RJ");
        assert_eq!(verify_record(&honest), Ok(1));
        let mut two = honest.clone();
        two.hands.push(record_with("AS,KS", [2; 32], "KS,AS").hands.remove(0));
        let err = verify_record(&two).expect_err("second hand was swapped");
        assert_eq!(err.hand, 1);
        let mut no_salt = honest;
        no_salt.hands[0].salt = None;
        assert_eq!(verify_record(&no_salt).map_err(|e| e.hand), Err(0));
    }
}
