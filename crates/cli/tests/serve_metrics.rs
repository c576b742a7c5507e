//! The command line's side of issue 32's low findings: `majlis serve` keeps `/metrics` and
//! `/api/stats` off its public address unless asked (`--public-metrics`), and `majlis verify`
//! refuses a record whose commitments do not name their hands unless asked
//! (`--allow-unnumbered`).

#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A `majlis serve` on a free port of 127.0.0.1, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_majlis"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", "sqlite::memory:"])
            .args(args)
            .env_remove("MAJLIS_PUBLIC_METRICS")
            .env_remove("MAJLIS_METRICS_ADDR")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("majlis serve starts");
        // "majlis: serving on http://ADDR (database ...)"
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr =
            line.split("http://").nth(1).and_then(|s| s.split_whitespace().next()).expect("the address").to_owned();
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        Server { child, addr }
    }

    /// The status of `GET path`.
    fn status(&self, path: &str) -> u16 {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer.split_whitespace().nth(1).and_then(|c| c.parse().ok()).expect("a status")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn metrics_and_stats_are_on_the_main_address_only_with_public_metrics() {
    let private = Server::start(&[]);
    for (path, want) in [("/metrics", 404), ("/api/stats", 404), ("/healthz", 200)] {
        assert_eq!(private.status(path), want, "{path} by default");
    }
    let public = Server::start(&["--public-metrics"]);
    for path in ["/metrics", "/api/stats"] {
        assert_eq!(public.status(path), 200, "{path} with --public-metrics");
    }
    let both = Command::new(env!("CARGO_BIN_EXE_majlis"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", "sqlite::memory:", "--public-metrics"])
        .args(["--metrics-addr", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert!(!both.status.success(), "the two flags do not go together");
}

#[test]
fn verify_refuses_unnumbered_commitments_unless_allowed() {
    let dealt = Command::new(env!("CARGO_BIN_EXE_majlis")).args(["deal", "kout4", "--seed", "7"]).output().unwrap();
    assert!(dealt.status.success());
    let mut record = game::Record::parse(std::str::from_utf8(&dealt.stdout).unwrap()).unwrap();
    let salt = [9u8; 32];
    let hand = &mut record.hands[0];
    hand.salt = Some(hex_of(&salt));
    hand.commitment = Some(server::fair::unnumbered_commitment(&salt, &hand.deck));
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unnumbered.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();

    let refused = Command::new(env!("CARGO_BIN_EXE_majlis")).arg("verify").arg(&path).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let answer: serde_json::Value = serde_json::from_slice(&refused.stdout).unwrap();
    let reason = answer["error"]["reason"].as_str().unwrap();
    assert!(reason.contains("older formula") && reason.contains("--allow-unnumbered"), "{reason}");

    let allowed =
        Command::new(env!("CARGO_BIN_EXE_majlis")).arg("verify").arg("--allow-unnumbered").arg(&path).output().unwrap();
    assert!(allowed.status.success(), "{}", String::from_utf8_lossy(&allowed.stdout));

    // The current formula verifies without the flag.
    record.hands[0].commitment = Some(server::fair::commitment(&salt, 0, &record.hands[0].deck));
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let current = Command::new(env!("CARGO_BIN_EXE_majlis")).arg("verify").arg(&path).output().unwrap();
    assert!(current.status.success(), "{}", String::from_utf8_lossy(&current.stdout));
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn verify_checks_a_closed_day_of_the_daily_deal() {
    let day = server::daily::Day::parse("2026-11-27").unwrap();
    let secret = server::daily::day_secret(Some(3), day).unwrap();
    let mut record = server::daily::reveal(day, &secret).unwrap();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("daily-day.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let ok = Command::new(env!("CARGO_BIN_EXE_majlis")).arg("verify").arg(&path).output().unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stdout));
    let answer: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(answer["daily"], "2026-11-27");
    assert_eq!(answer["deals"], 24);

    // A deck changed after the day closed is found.
    let deal = &mut record.games[0].deals[2];
    deal.deck = deal.deck.split(',').rev().collect::<Vec<_>>().join(",");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let refused = Command::new(env!("CARGO_BIN_EXE_majlis")).arg("verify").arg(&path).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let answer: serde_json::Value = serde_json::from_slice(&refused.stdout).unwrap();
    assert!(answer["error"]["reason"].as_str().unwrap().contains("kout6 deal 2"), "{answer}");
}
