//! The operator's external bots at the server (`majlis serve --bot NAME=CMD`), over real sockets:
//! a host seats them by name, they play whole matches, their faults are told to the table and the
//! match goes on, their processes end with the match, the process cap refuses a start with
//! `busy`, and nobody can name a command from a socket.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::{Duration, Instant};

use common::{Client, TestServer, config, http, record, temp_db};
use serde_json::json;
use server::runners::NamedBot;

/// `python3 PATH TAG` for a program of the bots crate's protocol tests, or the example bot. The
/// programs ignore their arguments: the tag tells this test's processes from those of the tests
/// running beside it in this process.
fn program(path: &str, tag: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    format!("python3 '{}' {tag}", root.join(path).display())
}

fn named(name: &str, path: &str, tag: &str) -> NamedBot {
    NamedBot::parse(&format!("{name}={}", program(path, tag))).unwrap()
}

/// This process's children whose command line mentions `needle` (zombies included: a zombie
/// keeps its `/proc` entry until it is reaped).
fn children_running(needle: &str) -> usize {
    let me = std::process::id().to_string();
    let Ok(dir) = std::fs::read_dir("/proc") else { return 0 };
    dir.filter_map(Result::ok)
        .filter(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            // pid (comm) state ppid ...: the fields after the closing parenthesis.
            let ppid = stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1).map(str::to_owned));
            let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            ppid.as_deref() == Some(me.as_str()) && String::from_utf8_lossy(&cmdline).contains(needle)
        })
        .count()
}

/// Waits until exactly `n` such children run (a child just forked shows its parent's command
/// line until it execs).
async fn wait_for_children(needle: &str, n: usize) {
    let start = Instant::now();
    while children_running(needle) != n {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{} bot processes with {needle}, not {n} (running, or ended and not reaped)",
            children_running(needle)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn wait_for_no_children(needle: &str) {
    wait_for_children(needle, 0).await;
}

#[tokio::test]
async fn a_host_seats_the_operators_bot_and_it_plays_a_whole_match_then_ends() {
    let config =
        server::Config { bots: vec![named("wanderer", "examples/bots/random_bot.py", "tag-play")], ..config() };
    let server = TestServer::start(config, &temp_db("external-play")).await;
    let (_, bots) = http(server.addr, "GET", "/api/bots", None, None).await;
    assert_eq!(bots["server"], json!(["wanderer"]), "{bots}");
    assert!(bots["builtin"].as_array().unwrap().contains(&json!("heuristic")), "{bots}");

    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "wanderer" })).await;
    let t = sara.until(|v| v["type"] == "table" && v["table"]["seats"][3]["kind"] == "bot").await;
    assert_eq!(t["table"]["seats"][1]["bot"], "wanderer", "{t}");
    assert_eq!(t["table"]["seats"][1]["name"], "bot:wanderer", "{t}");
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    let (_, bots) = http(server.addr, "GET", "/api/bots", None, None).await;
    assert_eq!(bots["running"], 3, "one process per external seat: {bots}");
    wait_for_children("tag-play", 3).await;

    let game_id = sara.play(&code, 10_000).await.expect("the match finishes");
    let notices: Vec<_> = sara.seen.iter().filter(|v| v["type"] == "notice").collect();
    assert!(notices.is_empty(), "a bot that follows the protocol makes no faults: {notices:?}");
    let rec = record(server.addr, &game_id).await;
    assert_eq!(rec.players[1..], ["bot:wanderer", "bot:wanderer", "bot:wanderer"]);
    games::replay(&serde_json::to_string(&rec).unwrap(), None).expect("the record replays");

    wait_for_no_children("tag-play").await;
    // The pool's place is given back just after the process is reaped.
    let start = Instant::now();
    loop {
        let (_, bots) = http(server.addr, "GET", "/api/bots", None, None).await;
        if bots["running"] == 0 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "places never given back: {bots}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.stop().await;
}

#[tokio::test]
async fn a_bots_faults_are_told_to_the_table_and_the_match_goes_on() {
    let bots = vec![
        named("babbler", "crates/bots/tests/programs/garbage.py", "tag-faults"),
        named("quitter", "crates/bots/tests/programs/early_exit.py", "tag-faults"),
    ];
    let server = TestServer::start(server::Config { bots, ..config() }, &temp_db("external-faults")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("baloot", json!({})).await;
    for (seat, bot) in [(1, "babbler"), (2, "quitter"), (3, "heuristic")] {
        sara.send(json!({ "type": "set_bot", "table": code, "seat": seat, "bot": bot })).await;
    }
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.play(&code, 100_000).await.expect("the match finishes");
    let notices: Vec<_> = sara.seen.iter().filter(|v| v["type"] == "notice").cloned().collect();
    let fault = notices.iter().find(|n| n["seat"] == 1).expect("the babbler's fault is told");
    assert_eq!(fault["code"], "bot_fault", "{fault}");
    assert!(fault["message"].as_str().unwrap().contains("babbler"), "{fault}");
    let gone = notices.iter().find(|n| n["seat"] == 2).expect("the quitter's exit is told");
    assert_eq!(gone["code"], "bot_replaced", "{gone}");
    assert_eq!(notices.iter().filter(|n| n["seat"] == 2).count(), 1, "told once: {notices:?}");
    wait_for_no_children("tag-faults").await;
    server.stop().await;
}

#[tokio::test]
async fn the_process_cap_refuses_a_start_with_busy_and_says_so() {
    let config = server::Config {
        bots: vec![named("wanderer", "examples/bots/random_bot.py", "tag-cap")],
        max_bot_processes: 2,
        bot_share: 2,
        ..config()
    };
    let server = TestServer::start(config, &temp_db("external-cap")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "wanderer" })).await;
    sara.send(json!({ "type": "start", "table": code, "id": "go" })).await;
    let e = sara.until(|v| v["id"] == "go").await;
    assert_eq!(e["code"], "busy", "{e}");
    assert!(e["message"].as_str().unwrap().contains("at most 2"), "{e}");
    assert_eq!(children_running("tag-cap"), 0, "nothing was started");
    // With one seat given to a built-in bot the match fits under the cap.
    sara.send(json!({ "type": "set_bot", "table": code, "seat": 3, "bot": "heuristic" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    server.stop().await;
    wait_for_no_children("tag-cap").await;
}

/// `/api/bots`' count of running processes.
async fn running(server: &TestServer) -> u64 {
    let (_, bots) = http(server.addr, "GET", "/api/bots", None, None).await;
    bots["running"].as_u64().unwrap()
}

#[tokio::test]
async fn one_player_cannot_hold_every_process() {
    // A pool of 4: each player's tables may hold a quarter of it.
    let config = server::Config {
        bots: vec![named("wanderer", "examples/bots/random_bot.py", "tag-share")],
        max_bot_processes: 4,
        ..config()
    };
    let server = TestServer::start(config, &temp_db("external-share")).await;
    let mut guest = Client::new(server.addr, "Greedy").await;
    let first = guest.create("kout4", json!({})).await;
    guest.send(json!({ "type": "set_bot", "table": first, "seat": 1, "bot": "wanderer" })).await;
    guest.send(json!({ "type": "fill_bots", "table": first, "bot": "heuristic" })).await;
    guest.send(json!({ "type": "start", "table": first })).await;
    guest
        .until(|v| v["type"] == "table" && v["table"]["code"] == json!(first) && v["table"]["status"] == "playing")
        .await;
    // A second table of the same player, with room left in the pool: refused, naming the share.
    let second = guest.create("kout4", json!({})).await;
    guest.send(json!({ "type": "set_bot", "table": second, "seat": 1, "bot": "wanderer" })).await;
    guest.send(json!({ "type": "fill_bots", "table": second, "bot": "heuristic" })).await;
    guest.send(json!({ "type": "start", "table": second, "id": "again" })).await;
    let e = guest.until(|v| v["id"] == "again").await;
    assert_eq!(e["code"], "busy", "{e}");
    assert!(e["message"].as_str().unwrap().contains("one player's tables may run at most 1"), "{e}");
    // Someone else still gets a process.
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "set_bot", "table": code, "seat": 1, "bot": "wanderer" })).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "heuristic" })).await;
    sara.send(json!({ "type": "start", "table": code, "id": "go" })).await;
    let t = sara.until(|v| v["id"] == "go" || (v["type"] == "table" && v["table"]["status"] == "playing")).await;
    assert_eq!(t["table"]["status"], "playing", "{t}");
    server.stop().await;
    wait_for_no_children("tag-share").await;
}

#[tokio::test]
async fn a_match_waiting_on_a_person_gives_its_processes_back_and_takes_them_again() {
    let config = server::Config {
        bots: vec![named("wanderer", "examples/bots/random_bot.py", "tag-idle")],
        bot_idle: Duration::from_secs(2),
        ..config()
    };
    let server = TestServer::start(config, &temp_db("external-idle")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "wanderer" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    // Sara does not act: once the match waits on her, the programs end and the places are free
    // (before: they stayed for as long as her 600 s clock ran).
    let start = Instant::now();
    while running(&server).await > 0 {
        assert!(start.elapsed() < Duration::from_secs(20), "the waiting match still holds its processes");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    wait_for_no_children("tag-idle").await;
    assert!(!sara.seen.iter().any(|v| v["type"] == "table" && v["table"]["status"] == "finished"));
    // She plays on: each program starts again when its seat is to decide, and the match ends
    // with no bot replaced (a program that could not start again would be told as one).
    sara.send(json!({ "type": "resume", "table": code })).await;
    sara.play(&code, usize::MAX).await.expect("the match finishes");
    let notices: Vec<_> = sara.seen.iter().filter(|v| v["type"] == "notice").collect();
    assert!(notices.is_empty(), "{notices:?}");
    server.stop().await;
    wait_for_no_children("tag-idle").await;
}

#[tokio::test]
async fn nobody_names_a_command_from_a_socket() {
    let config =
        server::Config { bots: vec![named("wanderer", "examples/bots/random_bot.py", "tag-none")], ..config() };
    let server = TestServer::start(config, &temp_db("external-no-exec")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    for (i, bot) in ["exec:python3 examples/bots/random_bot.py", "python3", "wanderer=sh"].into_iter().enumerate() {
        sara.send(json!({ "type": "set_bot", "table": code, "seat": 1, "bot": bot, "id": i })).await;
        let e = sara.until(|v| v["id"] == i).await;
        assert_eq!(e["code"], "bad_request", "{bot}: {e}");
        assert!(e["message"].as_str().unwrap().contains("wanderer"), "the refusal names the server's bots: {e}");
    }
    server.stop().await;
}

#[tokio::test]
async fn the_oracle_that_sees_every_hand_is_never_seated() {
    let server = TestServer::start(config(), &temp_db("external-no-oracle")).await;
    let mut sara = Client::new(server.addr, "Sara").await;
    let code = sara.create("baloot", json!({})).await;
    sara.send(json!({ "type": "set_bot", "table": code, "seat": 1, "bot": "oracle", "id": "seat" })).await;
    let e = sara.until(|v| v["id"] == "seat").await;
    assert_eq!(e["code"], "bad_request", "{e}");
    assert!(e["message"].as_str().unwrap().contains("sees every hand"), "the refusal says why: {e}");
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "bot:oracle", "id": "fill" })).await;
    let e = sara.until(|v| v["id"] == "fill").await;
    assert_eq!(e["code"], "bad_request", "{e}");
    server.stop().await;
}

#[test]
fn named_bots_parse_and_refuse_bad_names() {
    let bot = NamedBot::parse("wanderer=python3 'my bots/w.py' --fast").unwrap();
    assert_eq!(
        (bot.name(), bot.command().argv()),
        ("wanderer", &["python3", "my bots/w.py", "--fast"].map(String::from)[..])
    );
    for bad in [
        "wanderer",
        "=python3",
        "Wanderer=python3",
        "heuristic=python3",
        "random=python3",
        "exec=sh",
        "oracle=sh",
        "w=",
        "w='open",
    ] {
        assert!(NamedBot::parse(bad).is_err(), "{bad}");
    }
}
