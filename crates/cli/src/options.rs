//! Rule options on the command line: `preset=saudi,must_overtrump=false` or a JSON object.

use anyhow::{Context, bail};
use game::Options;
use serde_json::Value;

/// Reads `key=value,key=value` (values: `true`, `false`, integers, `null`, else text) or a JSON
/// object into rule options.
pub fn parse(text: &str) -> anyhow::Result<Options> {
    let text = text.trim();
    if text.starts_with('{') {
        return match serde_json::from_str(text).context("not a JSON object")? {
            Value::Object(map) => Ok(map),
            _ => bail!("not a JSON object"),
        };
    }
    let mut options = Options::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            bail!("{part:?} is not key=value");
        };
        let value = value.trim();
        let value = match value {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" | "none" => Value::Null,
            v => v.parse::<i64>().map(Value::from).unwrap_or_else(|_| Value::String(v.to_owned())),
        };
        options.insert(key.trim().to_owned(), value);
    }
    Ok(options)
}

/// A seed from the system's randomness (the process's hasher keys), for commands run without `--seed`.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_values_and_json_read_the_same() {
        let a = parse("preset=saudi, must_overtrump=false,players=5").expect("parses");
        let b = parse(r#"{"preset":"saudi","must_overtrump":false,"players":5}"#).expect("parses");
        assert_eq!(a, b);
        assert!(parse("nonsense").is_err());
        assert!(parse("[1]").is_err());
    }
}
