//! Identities: guest tokens (and the only thing stored of them, their hash), player and table ids,
//! and display-name validation.

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

/// A new guest token: 32 random bytes, hex. Unguessable; the client keeps it, we keep its hash.
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

/// Checks and normalizes a display name: trimmed, 1 to 24 characters, no control characters.
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
    if name.chars().any(|c| c.is_control() || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}')) {
        return Err("a name may not contain control or direction characters".to_owned());
    }
    if name.starts_with("bot:") {
        return Err("names starting with bot: are for bots".to_owned());
    }
    Ok(name.to_owned())
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
    fn codes_use_the_unambiguous_alphabet() {
        let code = random_code("", 6).expect("randomness");
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert!(random_code("p_", 10).expect("randomness").starts_with("p_"));
        assert_eq!(random_code("", 40).expect("randomness").len(), 40);
    }
}
