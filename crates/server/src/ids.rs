//! Identities: session tokens (and the only thing stored of them, their hash), player and table
//! ids, display-name validation, and the rules of account names and passwords.

use sha2::{Digest, Sha256};

/// Fills `buf` from the operating system's randomness.
///
/// # Errors
/// The operating system has no randomness to give (never on the platforms we run on).
pub fn random_bytes<const N: usize>() -> Result<[u8; N], getrandom::Error> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf)?;
    Ok(buf)
}

/// A new session token: 32 random bytes, hex. Unguessable; the client keeps it, we keep its hash.
///
/// # Errors
/// No randomness (see [`random_bytes`]).
pub fn new_token() -> Result<String, getrandom::Error> {
    Ok(hex::encode(random_bytes::<32>()?))
}

/// What the store keeps of a token: hex SHA-256, so a leaked database gives no way in.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Letters that are hard to confuse when a code is read aloud or typed (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// A random word of `len` letters of the code alphabet, with `prefix`. Uniform (bytes that would
/// bias the alphabet are skipped), since a private table's code is its only key.
///
/// # Errors
/// No randomness.
pub fn random_code(prefix: &str, len: usize) -> Result<String, getrandom::Error> {
    // The largest multiple of the alphabet's size that fits in a byte.
    let fair_below = 256 - 256 % CODE_ALPHABET.len();
    let mut out = String::with_capacity(prefix.len() + len);
    out.push_str(prefix);
    let mut letters = 0;
    while letters < len {
        for b in random_bytes::<32>()? {
            if usize::from(b) < fair_below && letters < len {
                out.push(char::from(CODE_ALPHABET[usize::from(b) % CODE_ALPHABET.len()]));
                letters += 1;
            }
        }
    }
    Ok(out)
}

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Characters that show nothing (format characters, fillers, blank patterns, variation selectors):
/// a name of them alone renders blank, and inside a name they hide what it says.
pub(crate) fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The name as a reader sees it, for comparing with `bot:`: spaces dropped, full-width forms and
/// look-alike colons and o's made plain, lower case.
fn as_read(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            '\u{02D0}' | '\u{0589}' | '\u{05C3}' | '\u{2236}' | '\u{FE13}' | '\u{FE30}' | '\u{FE55}' | '\u{A789}' => {
                ':'
            }
            '\u{03BF}' | '\u{043E}' | '\u{0585}' => 'o',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Checks and normalizes a display name: trimmed, 1 to 24 characters, no control, direction or
/// invisible characters, something visible, and nothing that reads as a bot's `bot:` name.
///
/// # Errors
/// What is wrong with the name, in words.
pub fn validate_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a name needs at least one character".to_owned());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name has at most {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(|c| c.is_control() || invisible(c)) {
        return Err("a name may not contain control, direction or invisible characters".to_owned());
    }
    if name.chars().all(char::is_whitespace) {
        return Err("a name needs at least one visible character".to_owned());
    }
    if stacked_marks(name) {
        return Err(marks_refused("a name"));
    }
    if as_read(name).starts_with("bot:") {
        return Err("names starting with bot: are for bots".to_owned());
    }
    Ok(name.to_owned())
}

/// The most combining marks (accents, Arabic vowel signs, ...) one character may carry: enough
/// for a shadda with its vowel or a Vietnamese letter, not for a tower of marks drawn over the
/// lines around it.
pub const MAX_MARKS: usize = 2;

/// Whether some character of `text` carries more than [`MAX_MARKS`] combining marks, counted
/// after canonical composition (so a precomposed "é" carries none, and "e" + U+0301 one).
#[must_use]
pub fn stacked_marks(text: &str) -> bool {
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;
    let mut run = 0;
    for c in text.nfc() {
        run = if is_combining_mark(c) { run + 1 } else { 0 };
        if run > MAX_MARKS {
            return true;
        }
    }
    false
}

/// The refusal of a `what` (a name, a chat message) with a tower of combining marks, in words.
#[must_use]
pub fn marks_refused(what: &str) -> String {
    format!("{what} may carry at most {MAX_MARKS} combining marks on one letter")
}

/// The shortest account name, in characters.
pub const MIN_ACCOUNT_NAME_CHARS: usize = 3;

/// The longest account name, in characters.
pub const MAX_ACCOUNT_NAME_CHARS: usize = 20;

/// The shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// The longest password, in characters (argon2 reads any length, but a megabyte of password is
/// work for nothing).
pub const MAX_PASSWORD_CHARS: usize = 128;

/// A name folded for comparison: trimmed, runs of white space made one space, lower case. Two
/// names with the same key are the same name ("Sara", "sara", " SARA ").
#[must_use]
pub fn name_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// A name's confusable skeleton (Unicode TS #39) of its [`name_key`], in lower case: two names
/// with one skeleton look alike ("Ali" and "Alі" with a Cyrillic і, "rn" and "m"), so among
/// accounts a skeleton is unique and no guest may take an account's.
#[must_use]
pub fn name_skeleton(name: &str) -> String {
    unicode_security::skeleton(&name_key(name)).collect::<String>().to_lowercase()
}

/// Checks an account's name: trimmed, 3 to 20 characters of letters of any script, digits,
/// single spaces inside and `_` `-` `.`, with at least one letter. (A guest's name only has to
/// pass [`validate_name`].)
///
/// # Errors
/// What is wrong with the name, in words.
pub fn validate_account_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let chars = name.chars().count();
    if !(MIN_ACCOUNT_NAME_CHARS..=MAX_ACCOUNT_NAME_CHARS).contains(&chars) {
        return Err(format!("an account's name has {MIN_ACCOUNT_NAME_CHARS} to {MAX_ACCOUNT_NAME_CHARS} characters"));
    }
    let allowed = |c: char| c.is_alphabetic() || c.is_numeric() || matches!(c, ' ' | '_' | '-' | '.');
    if !name.chars().all(|c| allowed(c) && !invisible(c)) {
        return Err("an account's name has only letters, digits, single spaces and the signs _ - .".to_owned());
    }
    if name.contains("  ") {
        return Err("an account's name has single spaces only".to_owned());
    }
    if !name.chars().any(char::is_alphabetic) {
        return Err("an account's name needs at least one letter".to_owned());
    }
    if stacked_marks(name) {
        return Err(marks_refused("an account's name"));
    }
    Ok(name.to_owned())
}

/// Checks a password: 8 to 128 characters, anything else goes.
///
/// # Errors
/// What is wrong with it, in words.
pub fn validate_password(password: &str) -> Result<(), String> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(format!("a password has at least {MIN_PASSWORD_CHARS} characters"));
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(format!("a password has at most {MAX_PASSWORD_CHARS} characters"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_random_bytes_in_hex_and_stored_hashed() {
        let a = new_token().expect("randomness");
        let b = new_token().expect("randomness");
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }

    #[test]
    fn names_are_trimmed_bounded_and_printable() {
        assert_eq!(validate_name("  Sara ").as_deref(), Ok("Sara"));
        assert_eq!(validate_name("نورة").as_deref(), Ok("نورة"));
        assert!(validate_name("").is_err());
        assert!(validate_name("   ").is_err());
        assert!(validate_name("a\nb").is_err());
        assert!(validate_name("a\u{202E}b").is_err());
        assert!(validate_name(&"x".repeat(25)).is_err());
        assert!(validate_name(&"x".repeat(24)).is_ok());
        assert!(validate_name("bot:heuristic").is_err());
    }

    #[test]
    fn names_that_render_blank_or_read_as_a_bot_are_refused() {
        for blank in ["\u{2066}", "\u{2069}", "\u{FEFF}", "\u{2060}", "\u{3164}", "\u{2800}", "\u{3000}", "\u{FFA0}"] {
            assert!(validate_name(blank).is_err(), "{:?}", blank.escape_unicode().to_string());
        }
        assert!(validate_name("Sa\u{2066}ra").is_err());
        assert!(validate_name("Sara\u{E0041}").is_err());
        for bot in ["BOT:heuristic", "Bot: random", "bot：heuristic", "ＢＯＴ：x", "b\u{043E}t:x", "bot\u{2236}x"]
        {
            assert!(validate_name(bot).is_err(), "{bot}");
        }
        assert_eq!(validate_name("Botan").as_deref(), Ok("Botan"));
        assert_eq!(validate_name("ロボット").as_deref(), Ok("ロボット"));
    }

    #[test]
    fn name_keys_ignore_case_and_spacing() {
        assert_eq!(name_key("  Sara  Al\tAli "), "sara al ali");
        assert_eq!(name_key("SARA"), name_key("sara"));
        assert_eq!(name_key("نورة"), "نورة");
    }

    #[test]
    fn account_names_are_letters_digits_and_a_few_signs() {
        assert_eq!(validate_account_name(" Sara_1 ").as_deref(), Ok("Sara_1"));
        assert_eq!(validate_account_name("نورة العلي").as_deref(), Ok("نورة العلي"));
        assert_eq!(validate_account_name("a.b-c").as_deref(), Ok("a.b-c"));
        for bad in ["ab", "123", "___", "a  b", "Sara!", "bot:x", "Sa\u{200B}ra", "a\nbc", &"x".repeat(21)] {
            assert!(validate_account_name(bad).is_err(), "{bad:?}");
        }
        assert!(validate_account_name(&"س".repeat(20)).is_ok());
    }

    #[test]
    fn a_letter_carries_at_most_two_combining_marks() {
        assert!(!stacked_marks("مُحَمَّد"), "a shadda with its vowel");
        assert!(!stacked_marks("Vie\u{0323}\u{0302}t"));
        assert!(!stacked_marks("q\u{0301}\u{0301}"));
        assert!(stacked_marks("q\u{0301}\u{0301}\u{0301}"));
        // Counted after composition: "é" + two acutes is one letter with two marks.
        assert!(!stacked_marks("e\u{0301}\u{0301}\u{0301}"));
        assert!(stacked_marks(&format!("a{}", "\u{0301}".repeat(199))));
        assert!(validate_name(&format!("a{}", "\u{0301}".repeat(20))).is_err());
    }

    #[test]
    fn look_alike_names_share_a_skeleton() {
        assert_eq!(name_skeleton("Ali Saleh"), name_skeleton("Al\u{0456} Saleh"));
        assert_eq!(name_skeleton("Ali Saleh"), name_skeleton("\u{0410}LI  SALEH"));
        assert_ne!(name_skeleton("Ali Saleh"), name_skeleton("Ali Salem"));
        assert_eq!(name_skeleton("نورة"), name_skeleton("نورة"));
    }

    #[test]
    fn passwords_have_8_to_128_characters() {
        assert!(validate_password("1234567").is_err());
        assert!(validate_password("12345678").is_ok());
        assert!(validate_password("كلمةسرّطويلة").is_ok());
        assert!(validate_password(&"x".repeat(128)).is_ok());
        assert!(validate_password(&"x".repeat(129)).is_err());
    }

    #[test]
    fn codes_use_the_unambiguous_alphabet() {
        let code = random_code("", 6).expect("randomness");
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert!(random_code("p_", 10).expect("randomness").starts_with("p_"));
        assert_eq!(random_code("", 40).expect("randomness").len(), 40);
    }
}
