//! What a chat message may say: free text within limits, or one of the fixed quick phrases;
//! the two channels; a stored line as the frames show it.
//!
//! The table task decides who says what on which channel and keeps the recent lines; each
//! socket's rate is held by its connection.

use super::{ChatFrom, ChatLine, ErrorCode, ProtocolError};
use crate::limits::CHAT_MAX_CHARS;
use crate::store::ChatRow;

/// The quick phrases' ids. The server checks the id; each client says it in its reader's
/// language.
pub const PHRASES: &[&str] =
    &["hello", "good_luck", "well_played", "nice_move", "hurry_up", "sorry_partner", "thanks", "oops", "bye"];

/// The quick reactions' ids: sent as a `phrase`, drawn by the client at the sender's seat for a
/// moment (and listed in the chat by name).
pub const EMOTES: &[&str] = &["emote_laugh", "emote_wow", "emote_heart", "emote_thumbs_up", "emote_sad", "emote_angry"];

/// A phrase or reaction id as the server keeps it, if it is one.
fn known(id: &str) -> Option<&'static str> {
    PHRASES.iter().chain(EMOTES).find(|p| **p == id).copied()
}

/// The channel of messages from seated players: everyone at the table reads it.
pub const PLAYERS: &str = "players";

/// The channel of messages from spectators: only spectators read it.
pub const SPECTATORS: &str = "spectators";

/// What a checked message says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Free text, trimmed.
    Text(String),
    /// A quick phrase, by id.
    Phrase(&'static str),
}

/// Checks a `chat` message's words: exactly one of `text` and `phrase`; text trimmed, 1 to
/// [`CHAT_MAX_CHARS`] characters, no control, direction or invisible characters, at most
/// [`crate::ids::MAX_MARKS`] combining marks on one letter; a phrase one of
/// [`PHRASES`].
///
/// # Errors
/// `bad_request`, saying what is wrong.
pub fn check(text: Option<&str>, phrase: Option<&str>) -> Result<Said, ProtocolError> {
    let bad = |m: String| ProtocolError::new(ErrorCode::BadRequest, m);
    match (text, phrase) {
        (Some(_), Some(_)) | (None, None) => Err(bad("a chat message has either \"text\" or \"phrase\"".to_owned())),
        (None, Some(id)) => known(id).map(Said::Phrase).ok_or_else(|| {
            let shown: String = id.chars().take(30).collect();
            bad(format!(
                "unknown phrase {shown:?}; the phrases are {}, and the reactions {}",
                PHRASES.join(", "),
                EMOTES.join(", ")
            ))
        }),
        (Some(text), None) => {
            let text = text.trim();
            if text.is_empty() {
                return Err(bad("a chat message needs at least one character".to_owned()));
            }
            let chars = text.chars().count();
            if chars > CHAT_MAX_CHARS {
                return Err(bad(format!(
                    "a chat message has at most {CHAT_MAX_CHARS} characters; this one has {chars}"
                )));
            }
            if text.chars().any(|c| c.is_control() || crate::ids::invisible(c)) {
                return Err(
                    bad("a chat message may not contain control, direction or invisible characters".to_owned()),
                );
            }
            if crate::ids::stacked_marks(text) {
                return Err(bad(crate::ids::marks_refused("a chat message")));
            }
            Ok(Said::Text(text.to_owned()))
        }
    }
}

/// The channel's name as stored and sent (one of [`PLAYERS`], [`SPECTATORS`]).
#[must_use]
pub fn channel_name(stored: &str) -> &'static str {
    if stored == SPECTATORS { SPECTATORS } else { PLAYERS }
}

/// A stored message as the protocol shows it.
#[must_use]
pub fn line_of(row: &ChatRow) -> ChatLine {
    let phrase = row.phrase.as_deref().and_then(known).map(str::to_owned);
    ChatLine {
        seq: u64::try_from(row.seq).unwrap_or(0),
        channel: channel_name(&row.channel),
        from: ChatFrom {
            id: row.player_id.clone(),
            name: row.name.clone().unwrap_or_default(),
            seat: row.seat.and_then(|s| usize::try_from(s).ok()),
        },
        text: if phrase.is_some() { None } else { Some(row.body.clone()) },
        phrase,
        at: row.at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(check(Some("  salam  "), None), Ok(Said::Text("salam".into())));
        assert_eq!(check(Some("مرحبا يا جماعة"), None), Ok(Said::Text("مرحبا يا جماعة".into())));
        assert!(check(Some(&"x".repeat(CHAT_MAX_CHARS)), None).is_ok());
        assert!(check(Some(&"ب".repeat(CHAT_MAX_CHARS)), None).is_ok(), "characters, not bytes");
        for bad in ["", "   ", "a\nb", "a\u{202E}b", "\u{200B}", &"x".repeat(CHAT_MAX_CHARS + 1)] {
            let e = check(Some(bad), None).expect_err(bad);
            assert_eq!(e.code, ErrorCode::BadRequest);
        }
    }

    #[test]
    fn a_phrase_is_one_of_the_fixed_ids() {
        for p in PHRASES.iter().chain(EMOTES) {
            assert_eq!(check(None, Some(p)), Ok(Said::Phrase(p)));
        }
        assert!(check(None, Some("emote_rude")).is_err());
        assert!(check(None, Some("insult")).is_err());
        assert!(check(None, None).is_err());
        assert!(check(Some("hi"), Some("thanks")).is_err());
    }
}
