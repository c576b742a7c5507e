//! The example external bot (examples/bots/random_bot.py), and a bot written by someone else from
//! the specification alone (examples/bots/outside/spec_bot.py), through `majlis arena`, for every
//! game: no faults, and every record `majlis replay` accepts.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};

fn majlis(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_majlis")).args(args).output().expect("majlis runs");
    assert!(out.status.success(), "majlis {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

fn random_bot() -> String {
    example("random_bot.py")
}

fn example(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bots").join(path);
    format!("exec:python3 {}", path.display())
}

const EVERY_GAME: [(&str, Option<&str>); 9] = [
    ("kout6", None),
    ("kout4", None),
    ("baloot", None),
    ("baloot", Some("preset=saudi")),
    ("kabul", Some("players=2")),
    ("kabul", Some("players=3")),
    ("kabul", Some("players=4")),
    ("kabul", Some("players=5")),
    ("kabul", Some("players=6")),
];

/// One duplicate match of `bots` (two games): no faults, decision times reported, records replay.
fn arena(game: &str, rules: Option<&str>, bots: &str) -> Value {
    // Tests run in parallel and may play the same game: every call gets its own directory.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("majlis-bot-protocol-{}-{call}-{game}", std::process::id()));
    let d = dir.to_str().expect("utf-8 path");
    let mut args = vec!["arena", "--game", game, "--bots", bots, "--matches", "1", "--seed", "11", "--json"];
    args.extend(["--threads", "2", "--records", d]);
    if let Some(r) = rules {
        args.extend(["--rules", r]);
    }
    let v = majlis(&args);
    let none = json!({"count": 0, "first": null});
    assert_eq!(v["faults"], json!([none, none]), "{game} {rules:?}: {v}");
    for key in ["ms_mean", "ms_p99", "ms_max"] {
        let ms = v[key].as_array().expect("per bot");
        assert!(ms.iter().all(|m| m.as_f64().is_some_and(|m| m > 0.0)), "{key}: {v}");
    }
    let files: Vec<_> = std::fs::read_dir(&dir).expect("records").map(|e| e.expect("entry").path()).collect();
    assert_eq!(files.len(), 2, "{game}");
    for f in &files {
        let report = majlis(&["replay", f.to_str().expect("utf-8 path")]);
        assert_eq!(report["finished"], true, "{}", f.display());
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
    v
}

#[test]
fn the_example_bot_plays_every_game_without_faults() {
    let bots = format!("{},heuristic", random_bot());
    for (game, rules) in EVERY_GAME {
        let v = arena(game, rules, &bots);
        assert_eq!(v["bots"][1], "heuristic");
        assert!(v["bots"][0].as_str().is_some_and(|b| b.starts_with("exec:python3 ")), "{v}");
    }
}

/// A bot whose author saw only the protocol's specification and the rules, not our code.
#[test]
fn a_bot_written_from_the_specification_alone_plays_every_game_without_faults() {
    let bots = format!("{},heuristic", example("outside/spec_bot.py"));
    for (game, rules) in EVERY_GAME {
        arena(game, rules, &bots);
    }
}

#[test]
fn two_external_bots_play_each_other() {
    let bot = random_bot();
    arena("kout4", None, &format!("{bot},{bot}"));
}

#[test]
fn a_bot_that_cannot_start_stops_the_arena_before_any_match() {
    let out = Command::new(env!("CARGO_BIN_EXE_majlis"))
        .args(["arena", "--game", "kout4", "--bots", "exec:python3 /nonexistent/bot.py,heuristic", "--json"])
        .output()
        .expect("majlis runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cannot use the bot `python3 /nonexistent/bot.py`: exited before it was ready"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
