//! Runs every record vector under `tests/records/<game>/` through the real `majlis replay` and
//! compares its answer with the vector's `.expect.json` (see `tests/records/README.md`).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records")
}

/// Checks that `actual` holds everything `expected` says; returns the path of the first difference.
fn subset(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let av = a.get(k).ok_or_else(|| format!("{path}.{k}: missing"))?;
                subset(ev, av, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Err(format!("{path}: expected {} items, got {}: {actual}", e.len(), a.len()));
            }
            e.iter().zip(a).enumerate().try_for_each(|(i, (ev, av))| subset(ev, av, &format!("{path}[{i}]")))
        }
        (Value::Number(e), Value::Number(a)) if e.as_f64() == a.as_f64() => Ok(()),
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("{path}: expected {e}, got {a}")),
    }
}

fn check_vector(record: &Path) -> Result<(), String> {
    let expect_path = record.with_extension("expect.json");
    let expect_text =
        std::fs::read_to_string(&expect_path).map_err(|e| format!("no {}: {e}", expect_path.display()))?;
    let expect: Value = serde_json::from_str(&expect_text).map_err(|e| format!("bad expect file: {e}"))?;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_majlis"));
    cmd.arg("replay").arg(record);
    if let Some(seat) = expect.get("seat").and_then(Value::as_u64) {
        cmd.arg("--seat").arg(seat.to_string());
    }
    let out = cmd.output().map_err(|e| format!("cannot run majlis: {e}"))?;
    let code = out.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let actual: Value = serde_json::from_str(&stdout).map_err(|e| format!("stdout is not JSON ({e}): {stdout}"))?;
    let want_code = expect.get("exit").and_then(Value::as_i64).unwrap_or(0);
    if i64::from(code) != want_code {
        return Err(format!("exit {code}, expected {want_code}; output: {actual}"));
    }
    if let Some(e) = expect.get("output") {
        subset(e, &actual, "$")?;
    }
    if let Some(absent) = expect.get("absent").and_then(Value::as_array) {
        for card in absent.iter().filter_map(Value::as_str) {
            let found = game::testing::cards_named_in(&actual);
            let card: cards::Card = card.parse().map_err(|e| format!("bad card in absent: {e}"))?;
            if found.contains(card) {
                return Err(format!("{card} must not appear in the output"));
            }
        }
    }
    Ok(())
}

#[test]
fn every_record_vector_replays_as_expected() {
    let mut failures = Vec::new();
    let mut count = 0;
    let mut games: Vec<_> = std::fs::read_dir(records_dir()).expect("tests/records exists").flatten().collect();
    games.sort_by_key(|e| e.path());
    for game in games.iter().filter(|e| e.path().is_dir()) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(game.path())
            .expect("readable")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json") && !p.to_string_lossy().ends_with(".expect.json"))
            .collect();
        files.sort();
        for file in files {
            count += 1;
            if let Err(e) = check_vector(&file) {
                failures.push(format!("{}: {e}", file.strip_prefix(records_dir()).unwrap_or(&file).display()));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {count} record vectors failed:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{count} record vectors passed");
}

#[test]
fn subset_matching_detects_differences() {
    let actual: Value = serde_json::json!({"a": [1, {"b": 2, "c": 3}], "d": null});
    assert!(subset(&serde_json::json!({"a": [1, {"b": 2}]}), &actual, "$").is_ok());
    assert!(subset(&serde_json::json!({"a": [1]}), &actual, "$").is_err());
    assert!(subset(&serde_json::json!({"a": [1, {"b": 3}]}), &actual, "$").is_err());
    assert!(subset(&serde_json::json!({"e": 1}), &actual, "$").is_err());
    assert!(subset(&serde_json::json!({"d": null}), &actual, "$").is_ok());
}
