//! Golden fixtures: JSON files the tests build from the server's types and compare with what is
//! kept, so that the browser's tests, which read the same files, cannot drift from the server.

use std::path::Path;

use serde_json::Value;

/// Compares each `(name, value)` with `dir/<name>.json`; under `MAJLIS_BLESS=1` writes them there
/// instead (review the diff). Fails naming every file that is missing or differs; `what` names
/// the values in the message (`frames`, `answers`).
pub fn check_fixtures(dir: &Path, what: &str, examples: impl IntoIterator<Item = (String, Value)>) {
    let bless = std::env::var_os("MAJLIS_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, actual) in examples {
        let path = dir.join(format!("{name}.json"));
        if bless {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(&path, serde_json::to_string_pretty(&actual).unwrap() + "\n").unwrap();
            continue;
        }
        let expected: Value = match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).unwrap(),
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if actual != expected {
            failures.push(format!("{}:\n  expected {expected}\n  actual   {actual}", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{what} differ from their fixtures (MAJLIS_BLESS=1 rewrites them after an intended change):\n{}",
        failures.join("\n")
    );
}
