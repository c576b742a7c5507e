//! `majlis play` end to end: the real binary in a pseudo-terminal (rexpect), a few moves by keys,
//! `q` and `y` to leave, then the saved record through `majlis replay`.
#![cfg(unix)]

use std::process::Command;
use std::time::Duration;

use serde_json::Value;

/// Everything the terminal received, to check that `NO_COLOR` left no colour in it. The screen
/// arrives as ratatui's changes: words of one line may be separated by cursor moves, so the
/// patterns allow anything between words. (rexpect reads bytes as Latin-1: patterns are ASCII.)
struct Screen {
    seen: String,
}

impl Screen {
    fn expect(&mut self, p: &mut rexpect::session::PtySession, pattern: &str) {
        match p.exp_regex(pattern) {
            Ok((before, found)) => {
                self.seen.push_str(&before);
                self.seen.push_str(&found);
            }
            Err(e) => panic!("waiting for {pattern:?}: {e}"),
        }
    }
}

#[test]
fn play_kout4_by_keys_quit_and_replay_the_saved_record() {
    let save = std::env::temp_dir().join(format!("majlis-play-tty-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&save);
    // A pseudo-terminal starts at 0×0: give it a size before the game starts.
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(r#"stty cols 100 rows 30 && exec "$0" play kout4 --seed 7 --delay-ms 0 --save "$1""#)
        .arg(env!("CARGO_BIN_EXE_majlis"))
        .arg(&save)
        .env("NO_COLOR", "1");
    let mut p = rexpect::session::spawn_command(cmd, Some(15_000)).expect("a pseudo-terminal");
    let mut screen = Screen { seen: String::new() };
    screen.expect(&mut p, "Kout Bo 4");
    // Enter chooses the highlighted choice, always a legal one: pass or bid, trump, cards.
    for _ in 0..6 {
        p.send("\r").expect("send Enter");
        p.flush().expect("flush");
        std::thread::sleep(Duration::from_millis(150));
    }
    p.send("q").expect("send q");
    p.flush().expect("flush");
    screen.expect(&mut p, r"Leave\S*\s*\S*the\S*\s*\S*match\?");
    p.send("y").expect("send y");
    p.flush().expect("flush");
    screen.expect(&mut p, "Saved the match to");
    match p.exp_eof() {
        Ok(rest) => screen.seen.push_str(&rest),
        Err(e) => panic!("majlis play did not end: {e}"),
    }
    assert!(screen.seen.contains("left unfinished"), "{}", screen.seen);
    assert!(!screen.seen.contains("\u{1b}[38;") && !screen.seen.contains("\u{1b}[48;"), "NO_COLOR: no colour codes");

    let text = std::fs::read_to_string(&save).expect("the record was saved");
    let record: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(record["game"], "kout4");
    let mine = record["hands"]
        .as_array()
        .expect("hands")
        .iter()
        .flat_map(|h| h["actions"].as_array().cloned().unwrap_or_default())
        .filter(|a| a[0] == 0)
        .count();
    assert!(mine >= 1, "the keys made moves for seat 0: {text}");

    let out = Command::new(env!("CARGO_BIN_EXE_majlis")).arg("replay").arg(&save).output().expect("majlis replay");
    assert!(out.status.success(), "majlis replay: {}", String::from_utf8_lossy(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["game"], "kout4");
    assert_eq!(report["finished"], false);
    let _ = std::fs::remove_file(&save);
}

#[test]
fn bad_arguments_are_refused_before_the_terminal_is_needed() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_majlis")).args(args).output().expect("majlis play");
    let out = run(&["play", "kout6", "--seat", "6"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seat 6: the table has seats 0 to 5"));
    let out = run(&["play", "baloot", "--players", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--players is for kabul only"));
    // Good arguments, but no terminal: it says so instead of drawing into a pipe.
    let out = run(&["play", "kabul", "--players", "3", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
}
