//! `majlis analyze`: a record's decisions marked, as text or JSON; bad input is a message and exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn record(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records").join(name)
}

fn majlis(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_majlis")).args(args).output().expect("majlis runs")
}

#[test]
fn json_is_the_analysis_of_every_card_play_and_call() {
    let path = record("baloot/saudi_hokum_round_two_sum16.json");
    let out = majlis(&["analyze", path.to_str().expect("utf-8"), "--ms", "20", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(v["game"], "baloot");
    assert_eq!(v["unit"], "game_points");
    assert_eq!(v["ms"], 20);
    assert_eq!(v["thresholds"]["blunder"], 10.0);
    let hand = &v["hands"][0];
    assert_eq!(hand["par"]["measure"], "card_points");
    let decisions = hand["decisions"].as_array().expect("decisions");
    let plays = decisions.iter().filter(|d| d["played"].as_str().is_some_and(|p| p.starts_with("play "))).count();
    // The record's auction: passes in round one, Hokum in round two.
    assert!(plays >= 10 && decisions.len() > plays, "{plays} card plays of {} decisions", decisions.len());
    for d in decisions {
        assert_eq!(d["unit"], "game_points", "{d}");
        assert!(["good", "inaccuracy", "mistake", "blunder"].contains(&d["mark"].as_str().unwrap_or("")), "{d}");
        assert!(d["values"].as_array().is_some_and(|v| v.len() >= 2), "{d}");
    }
}

#[test]
fn text_lists_the_par_and_counts_marks_per_seat_of_one_seat() {
    let path = record("baloot/saudi_hokum_round_two_sum16.json");
    let out = majlis(&["analyze", path.to_str().expect("utf-8"), "--ms", "20", "--seat", "1", "--all"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("hand 0: par "), "{text}");
    assert!(text.contains("  seat 1: "), "{text}");
    assert!(!text.contains("  seat 0: ") && !text.contains("seat 2  played"), "only seat 1: {text}");
}

#[test]
fn bad_input_is_a_message_and_exit_2() {
    let out = majlis(&["analyze", "/nonexistent/record.json"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read /nonexistent/record.json"), "{err}");
    let dir = std::env::temp_dir().join(format!("majlis-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"game":"chess","hands":[]}"#).expect("write");
    let out = majlis(&["analyze", bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("chess"), "names the unknown game");
    let path = record("baloot/saudi_hokum_round_two_sum16.json");
    let out = majlis(&["analyze", path.to_str().expect("utf-8"), "--seat", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("seats 0 to 3"));
    assert!(out.stdout.is_empty());
    std::fs::remove_dir_all(&dir).expect("clean up");
}
