//! `majlis serve --log-format`: JSON lines for a log pipeline, text for people.

#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The server's log lines (standard error), read on a thread of their own.
struct Server {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_majlis"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", "sqlite::memory:"])
            .args(args)
            .env_remove("RUST_LOG")
            .env_remove("MAJLIS_LOG_FORMAT")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("majlis serve starts");
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Server { child, lines }
    }

    /// Lines until one contains `text` (that one last); fails after a minute.
    fn until(&self, text: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| panic!("no {text:?} in the log: {seen:#?}"));
            let done = line.contains(text);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn log_format_json_prints_one_json_object_per_line_with_the_fields_at_the_top() {
    let server = Server::start(&["--log-format", "json"]);
    let lines = server.until("majlis server listening");
    for line in &lines {
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        for key in ["timestamp", "level", "message", "target"] {
            assert!(v.get(key).is_some(), "no {key} in {line}");
        }
    }
    let listening: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(listening["level"], "INFO");
    assert_eq!(listening["message"], "majlis server listening");
    assert!(listening["addr"].as_str().unwrap().starts_with("127.0.0.1:"), "{listening}");
    assert_eq!(listening["restored"], 0);
    assert_eq!(listening["store"], "sqlite");
}

#[test]
fn log_format_text_is_the_default_and_is_not_json() {
    let server = Server::start(&[]);
    let lines = server.until("majlis server listening");
    let last = lines.last().unwrap();
    assert!(serde_json::from_str::<serde_json::Value>(last).is_err(), "{last}");
    assert!(last.contains("INFO") && last.contains("restored=0"), "{last}");
}

#[test]
fn an_unknown_log_format_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_majlis"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", "sqlite::memory:", "--log-format", "xml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("json") && stderr.contains("text"), "{stderr}");
}
