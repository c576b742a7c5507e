//! Several nodes, for real: PostgreSQL, `nats-server` and three `majlis serve --nats` nodes on
//! loopback. The people of each table sit on different nodes, a spectator watches from a third.
//!
//! - Failover: the owner of live tables is killed with SIGKILL; the other nodes take its tables
//!   over from the action log, the clients resume on the nodes they reach, and every match ends
//!   with a record that replays and verifies, holding every action any socket saw accepted, once
//!   and in order; no socket was ever shown a card hidden from it.
//! - Graceful stop: an owner stopped with SIGTERM hands its tables over at once (the leases are
//!   long, so a takeover by expiry could not come in time), and the match finishes elsewhere.
//! - Fencing: an owner frozen with SIGSTOP past its lease loses the table to another node, which
//!   plays on; when the old owner wakes, nothing it writes lands (the epochs of the stored log
//!   never go back) and it lets go of the table.
//!
//! They need `MAJLIS_TEST_POSTGRES` (`scripts/postgres-test-db` starts one; each test works in a
//! schema of its own) and `nats-server` (Debian's package) on the `PATH`; without them they say so
//! and pass, as the other PostgreSQL tests do. `scripts/test` provides both.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cards::CardSet;
use futures_util::{SinkExt, StreamExt};
use game::{Actor, Game, Match, Record, Seat};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{connect, free_addr, guest, http, http_text, until_up};

/// The lease of the test nodes: short, so a takeover comes soon after a kill.
const LEASE_MS: u64 = 1500;

/// PostgreSQL (a schema of its own) and a NATS server for one test, or `None` (and why) when this
/// machine has not got them.
struct Backing {
    db: String,
    nats_url: String,
    nats: Child,
}

impl Drop for Backing {
    fn drop(&mut self) {
        let _ = self.nats.kill();
        let _ = self.nats.wait();
    }
}

async fn backing(name: &str) -> Option<Backing> {
    let Ok(url) = std::env::var("MAJLIS_TEST_POSTGRES") else {
        eprintln!("MAJLIS_TEST_POSTGRES is not set: the cluster test {name} is skipped");
        return None;
    };
    if Command::new("nats-server").arg("--version").output().is_err() {
        eprintln!("nats-server is not installed: the cluster test {name} is skipped");
        return None;
    }
    // A schema of its own, so the nodes' sweeps of expired leases meet no other test's.
    let schema = format!("cluster_{name}_{}", std::process::id());
    let admin = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).execute(&admin).await.unwrap();
    sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&admin).await.unwrap();
    admin.close().await;
    let sep = if url.contains('?') { '&' } else { '?' };
    let db = format!("{url}{sep}options=-c%20search_path%3D{schema}");
    let port = free_addr().port();
    let nats = Command::new("nats-server")
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let nats_url = format!("nats://127.0.0.1:{port}");
    let start = Instant::now();
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "nats-server did not come up");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Some(Backing { db, nats_url, nats })
}

/// One `majlis serve` node.
struct Node {
    name: &'static str,
    addr: SocketAddr,
    child: Option<Child>,
}

impl Node {
    async fn start(name: &'static str, backing: &Backing) -> Node {
        Node::start_with_lease(name, backing, LEASE_MS).await
    }

    async fn start_with_lease(name: &'static str, backing: &Backing, lease_ms: u64) -> Node {
        let addr = free_addr();
        let child = Command::new(env!("CARGO_BIN_EXE_majlis"))
            .args(["serve", "--addr", &addr.to_string(), "--db", &backing.db, "--nats", &backing.nats_url])
            .args(["--node", name, "--lease-ms", &lease_ms.to_string(), "--bot-delay-ms", "2", "--public-metrics"])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        until_up(addr).await;
        Node { name, addr, child: Some(child) }
    }

    fn signal(&self, signal: &str) {
        let pid = self.child.as_ref().unwrap().id().to_string();
        assert!(Command::new("kill").args([signal, &pid]).status().unwrap().success(), "kill {signal} {pid}");
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap(); // SIGKILL
            child.wait().unwrap();
        }
    }

    /// A series of this node's `/metrics` (summed over its labels).
    async fn metric(&self, name: &str) -> f64 {
        let text = http_text(self.addr, "GET", "/metrics", "").await.unwrap_or_default();
        text.lines()
            .filter(|l| l.starts_with(name) && l[name.len()..].starts_with(['{', ' ']))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = Command::new("kill").args(["-CONT", &child.id().to_string()]).status();
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What a socket's holder does at the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// Creates the table, seats random bots, starts the match, and plays seat 0.
    Host,
    /// Joins seat `n` and plays it.
    Seat(usize),
    /// Watches.
    Spectator,
}

/// What one socket's holder saw: every message, and the match id at the end.
struct Seen {
    messages: Vec<Value>,
    game_id: String,
    role: Role,
}

/// The host's pause, shared with the test: while `hold` is set the host does not act, and
/// `waiting` says it is the host's turn meanwhile.
struct Hold {
    hold: AtomicBool,
    waiting: AtomicBool,
    /// The table's turn clock.
    turn_ms: u64,
}

impl Hold {
    fn new(turn_ms: u64) -> Arc<Hold> {
        Arc::new(Hold { hold: AtomicBool::new(false), waiting: AtomicBool::new(false), turn_ms })
    }
}

/// Shared by a table's people: the code, once the host has it.
type Code = Arc<tokio::sync::OnceCell<String>>;

/// Plays (or watches) a whole match through the nodes `addrs`, starting at the first and moving
/// to the next whenever a socket ends; `hold` makes seat 0 stop acting while it is set.
async fn person(addrs: Vec<SocketAddr>, role: Role, code: Code, hold: Arc<Hold>) -> Seen {
    let token = guest(addrs[0], &format!("{role:?}").replace(['(', ')'], "")).await;
    let mut messages: Vec<Value> = Vec::new();
    let mut last = 0u64;
    let mut at = 0usize;
    let mut started = false;
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        assert!(Instant::now() < deadline, "{role:?}: the match did not end");
        let addr = addrs[at % addrs.len()];
        let Some(mut ws) = connect(addr, &token).await else {
            at += 1;
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let hello = match (role, code.get()) {
            (Role::Host, None) => {
                json!({ "type": "create_table", "game": "kout4", "turn_ms": hold.turn_ms, "id": "c" })
            }
            (_, None) => {
                // The host has not made the table yet.
                let _ = ws.close(None).await;
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            (Role::Seat(n), Some(c)) if last == 0 => json!({ "type": "join", "table": c, "seat": n }),
            (Role::Spectator, Some(c)) if last == 0 => json!({ "type": "spectate", "table": c }),
            (_, Some(c)) => json!({ "type": "resume", "table": c, "since": last }),
        };
        if ws.send(Message::text(hello.to_string())).await.is_err() {
            at += 1;
            continue;
        }
        // A node frozen (SIGSTOP) answers nothing: after this long, try another.
        let quiet = Duration::from_millis(LEASE_MS * 3);
        while let Ok(Some(Ok(msg))) = tokio::time::timeout(quiet, ws.next()).await {
            let Message::Text(t) = msg else { continue };
            let v: Value = serde_json::from_str(&t).unwrap();
            messages.push(v.clone());
            let mut replies = Vec::new();
            match v["type"].as_str() {
                Some("table") if v["id"] == "c" && code.get().is_none() => {
                    let c = v["table"]["code"].as_str().unwrap().to_owned();
                    code.set(c.clone()).unwrap();
                }
                Some("table") if v["table"]["status"] == "finished" => {
                    if let Some(id) = v["table"]["game_id"].as_str() {
                        return Seen { messages, game_id: id.to_owned(), role };
                    }
                }
                Some("table") if role == Role::Host && !started && v["table"]["status"] == "lobby" => {
                    // Everyone seated (the guest in seat 1): bots in the others, and start.
                    let seats = v["table"]["seats"].as_array().cloned().unwrap_or_default();
                    let guest_in = seats.get(1).is_some_and(|s| s["kind"] == "human");
                    if guest_in {
                        let c = code.get().unwrap();
                        replies.push(json!({ "type": "fill_bots", "table": c, "bot": "random" }));
                        replies.push(json!({ "type": "start", "table": c }));
                        started = true;
                    }
                }
                Some("error") if code.get().is_some() && v["code"] != "illegal" && v["code"] != "stale" => {
                    // Not taken (a table between owners): resume, which resends the state.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    replies.push(json!({ "type": "resume", "table": code.get(), "since": last }));
                }
                Some("event" | "sync") => {
                    let version = v["version"].as_u64().unwrap_or(0);
                    last = last.max(version);
                    let held = role == Role::Host && hold.hold.load(Ordering::SeqCst);
                    let legal = v["legal"].as_array().cloned().unwrap_or_default();
                    if held {
                        hold.waiting.store(!legal.is_empty(), Ordering::SeqCst);
                    }
                    if let (Some(first), false, false) = (legal.first(), role == Role::Spectator, held) {
                        replies
                            .push(json!({ "type": "act", "table": code.get(), "action": first, "version": version }));
                    }
                }
                _ => {}
            }
            for r in replies {
                if ws.send(Message::text(r.to_string())).await.is_err() {
                    break;
                }
            }
        }
        at += 1;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Checks what the sockets of one table saw against its finished record: the record replays and
/// verifies; every action any socket saw accepted is in it, once per version and in order; no
/// message but a hand's `reveal` names a card hidden from the socket's seat at that moment.
async fn check_table(addr: SocketAddr, seen: &[Seen]) {
    let game_id = &seen[0].game_id;
    assert!(seen.iter().all(|s| &s.game_id == game_id), "one match per table");
    let (status, record) = http(addr, "GET", &format!("/api/games/{game_id}/record"), "").await.unwrap();
    assert_eq!(status, 200, "{record}");
    let text = record.to_string();
    let parsed = Record::parse(&text).unwrap();
    assert_eq!(server::fair::verify_record(&parsed), Ok(parsed.hands.len()), "{game_id}");
    games::replay(&text, None).unwrap_or_else(|e| panic!("{game_id}: the record does not replay: {e}"));

    let stored: Vec<(Value, String)> = parsed
        .hands
        .iter()
        .flat_map(|h| {
            std::iter::once((Value::Null, "deal".to_owned()))
                .chain(h.actions.iter().map(|a| (json!(a.seat.map(Seat::index)), a.text.clone())))
        })
        .collect();
    // Every action any socket was told of, by version: the events, and the logs of the syncs
    // that resumed a socket after a gap.
    let mut by_version = BTreeMap::new();
    for s in seen {
        for v in &s.messages {
            let told: Vec<&Value> = match v["type"].as_str() {
                Some("event") => vec![v],
                Some("sync") => v["log"].as_array().map(|l| l.iter().collect()).unwrap_or_default(),
                _ => continue,
            };
            for e in told {
                let action = (e["seat"].clone(), e["action"].as_str().unwrap_or("").to_owned());
                let version = e["version"].as_u64().unwrap();
                let before = by_version.insert(version, action.clone());
                assert!(
                    before.as_ref().is_none_or(|b| *b == action),
                    "version {version} was {before:?}, then {action:?}"
                );
            }
        }
    }
    // Together the sockets were told of every stored action, once and in order: nothing lost,
    // nothing doubled, nothing the record lacks.
    let told: Vec<&(Value, String)> = by_version.values().collect();
    let stored_refs: Vec<&(Value, String)> = stored.iter().collect();
    assert_eq!(told, stored_refs, "{game_id}: the actions the sockets were told of are not the record's");
    // The position in the record each action version stands for.
    let at: BTreeMap<u64, usize> = by_version.keys().enumerate().map(|(i, v)| (*v, i)).collect();

    for s in seen {
        let seat = match s.role {
            Role::Host => Some(Seat::ZERO),
            Role::Seat(n) => Seat::new(n),
            Role::Spectator => None,
        };
        no_hidden_card::<kout::Kout>(&parsed, &at, &s.messages, seat);
    }
}

/// No message but a `reveal` names a card hidden from `seat` (spectators: from anyone) at the
/// version it describes: a frame at its own version, each entry of a sync's log at the entry's.
/// `at` maps each action's version to its place in the record (deals included).
fn no_hidden_card<G: Game>(record: &Record, at: &BTreeMap<u64, usize>, seen: &[Value], seat: Option<Seat>) {
    let mut m =
        Match::<G>::new(record.game, record.rules.clone(), record.players.clone(), record.hands[0].dealer).unwrap();
    let hidden = |m: &Match<G>| match seat {
        Some(s) => m.game().hidden_from(s),
        None => Seat::all(m.game().seat_count()).fold(CardSet::EMPTY, |acc, s| acc | m.game().hidden_from(s)),
    };
    // The hidden cards after each stored action (deals included), in record order.
    let mut hidden_after = Vec::new();
    for hand in &record.hands {
        m.deal(m.game().deal_from_record(hand).unwrap()).unwrap();
        hidden_after.push(hidden(&m));
        for a in &hand.actions {
            m.play_text(a.seat.map_or(Actor::Clock, Actor::Seat), &a.text).unwrap();
            hidden_after.push(hidden(&m));
        }
    }
    // Before the first deal nothing is known, so any card named would be a leak.
    let hidden_at = |version: u64| at.range(..=version).next_back().map_or(CardSet::ALL, |(_, &i)| hidden_after[i]);
    for v in seen {
        match v["type"].as_str() {
            Some("reveal") => continue,
            Some("sync") => {
                let mut rest = v.clone();
                let log = rest.as_object_mut().and_then(|o| o.remove("log"));
                let leaked = game::testing::cards_named_in(&rest) & hidden_at(v["version"].as_u64().unwrap_or(0));
                assert!(leaked.is_empty(), "{seat:?} was shown {leaked}: {v}");
                for e in log.as_ref().and_then(Value::as_array).into_iter().flatten() {
                    let leaked = game::testing::cards_named_in(e) & hidden_at(e["version"].as_u64().unwrap_or(0));
                    assert!(leaked.is_empty(), "{seat:?} was shown {leaked} in a sync's log: {v}");
                }
            }
            _ => {
                // Frames without a version (chat, table listings) describe the latest state the
                // socket knew of.
                let leaked = game::testing::cards_named_in(v) & hidden_at(latest(seen, v));
                assert!(leaked.is_empty(), "{seat:?} was shown {leaked}: {v}");
            }
        }
    }
}

/// The version of `v` if it has one, else of the last frame with one before it in `seen`.
fn latest(seen: &[Value], v: &Value) -> u64 {
    if let Some(n) = v["version"].as_u64() {
        return n;
    }
    let pos = seen.iter().position(|x| std::ptr::eq(x, v)).unwrap_or(0);
    seen[..pos].iter().rev().find_map(|x| x["version"].as_u64()).unwrap_or(0)
}

/// Starts one table: the host on `host`, the guest in seat 1 on `guest`, a spectator on
/// `watcher`; each moves on to the other nodes (in the given order) when its socket ends.
fn table(nodes: [SocketAddr; 3], hold: &Arc<Hold>) -> (Code, Vec<tokio::task::JoinHandle<Seen>>) {
    let code: Code = Arc::default();
    let rot = |i: usize| (0..3).map(|k| nodes[(i + k) % 3]).collect::<Vec<_>>();
    let people = [(Role::Host, rot(0)), (Role::Seat(1), rot(1)), (Role::Spectator, rot(2))];
    let tasks =
        people.into_iter().map(|(role, addrs)| tokio::spawn(person(addrs, role, code.clone(), hold.clone()))).collect();
    (code, tasks)
}

async fn wait_for(what: &str, limit: Duration, mut check: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !check().await {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn finish(tasks: Vec<tokio::task::JoinHandle<Seen>>) -> Vec<Seen> {
    let mut seen = Vec::new();
    for t in tasks {
        seen.push(tokio::time::timeout(Duration::from_secs(240), t).await.expect("the match ends").unwrap());
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_owners_tables_are_taken_over_and_finish_losing_nothing() {
    let Some(backing) = backing("failover").await else { return };
    let mut a = Node::start("a", &backing).await;
    let b = Node::start("b", &backing).await;
    let c = Node::start("c", &backing).await;
    let hold = Hold::new(600_000);
    // Two tables owned by `a` (created there), one by `b`; people and spectators on every node.
    let (code1, t1) = table([a.addr, b.addr, c.addr], &hold);
    let (code2, t2) = table([a.addr, c.addr, b.addr], &hold);
    let (_code3, t3) = table([b.addr, a.addr, c.addr], &hold);
    // Kill `a` while its tables are under way: once both have dealt.
    let started = Instant::now();
    wait_for("both of a's tables to be playing", Duration::from_secs(60), async || {
        code1.get().is_some() && code2.get().is_some() && a.metric("majlis_actions_total").await >= 16.0
    })
    .await;
    assert!(t1.iter().chain(&t2).all(|t| !t.is_finished()), "a match ended before the kill");
    eprintln!("cluster: killing node {} after {:?}", a.name, started.elapsed());
    let killed = Instant::now();
    a.kill();
    // Both of a's tables were taken over by the others.
    wait_for("the takeovers", Duration::from_secs(30), async || {
        b.metric("majlis_takeovers_total").await + c.metric("majlis_takeovers_total").await >= 2.0
    })
    .await;
    eprintln!("cluster: a's tables taken over {:?} after the kill (lease {LEASE_MS} ms)", killed.elapsed());
    for tasks in [t1, t2, t3] {
        let seen = finish(tasks).await;
        check_table(b.addr, &seen).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_frozen_past_its_lease_is_fenced_out_and_lets_go() {
    let Some(backing) = backing("fencing").await else { return };
    let a = Node::start("a", &backing).await;
    let b = Node::start("b", &backing).await;
    let c = Node::start("c", &backing).await;
    // The host (on `a`, the owner) stops acting at its turn, with a turn clock of 2 s: `a` is
    // frozen while that clock runs, so when it wakes the clock is long past due and its table
    // writes the clock's action at once: a late write, which the fence must refuse.
    let hold = Hold::new(2_000);
    let (code, tasks) = table([a.addr, b.addr, c.addr], &hold);
    wait_for("the match to be under way", Duration::from_secs(60), async || {
        code.get().is_some() && a.metric("majlis_actions_total").await >= 6.0
    })
    .await;
    hold.hold.store(true, Ordering::SeqCst);
    wait_for("the host's turn", Duration::from_secs(60), async || hold.waiting.load(Ordering::SeqCst)).await;
    a.signal("-STOP");
    wait_for("the takeover of the frozen owner's table", Duration::from_secs(30), async || {
        b.metric("majlis_takeovers_total").await + c.metric("majlis_takeovers_total").await >= 1.0
    })
    .await;
    // The new owner plays on (its clock plays the host's turn); then the old one wakes.
    let new_owner = if b.metric("majlis_takeovers_total").await >= 1.0 { &b } else { &c };
    let before = new_owner.metric("majlis_actions_total").await;
    wait_for("the new owner to play on", Duration::from_secs(60), async || {
        new_owner.metric("majlis_actions_total").await >= before + 4.0
    })
    .await;
    a.signal("-CONT");
    wait_for("the old owner to let go", Duration::from_secs(30), async || {
        a.metric("majlis_leases_lost_total").await >= 1.0 && a.metric("majlis_owned_tables").await == 0.0
    })
    .await;
    let refused = a.metric("majlis_store_fenced_writes_total").await;
    assert!(refused >= 1.0, "the old owner's late write was not refused by the fence ({refused})");
    hold.hold.store(false, Ordering::SeqCst);
    let seen = finish(tasks).await;
    check_table(b.addr, &seen).await;
    // Nothing the old owner wrote after the takeover landed: along the stored log the epochs never
    // go back.
    let store = server::Store::connect(&backing.db).await.unwrap();
    let epochs = store.event_epochs(&seen[0].game_id).await.unwrap();
    assert!(epochs.iter().any(|&(_, e)| e >= 2), "the log has the new owner's writes: {epochs:?}");
    assert!(epochs.windows(2).all(|w| w[0].1 <= w[1].1), "an old epoch's write after a newer one: {epochs:?}");
    store.close().await;
    eprintln!(
        "fencing: the old owner's refused writes {refused}, leases lost {}",
        a.metric("majlis_leases_lost_total").await
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_stopped_gracefully_hands_its_tables_over_at_once() {
    let Some(backing) = backing("handover").await else { return };
    // Leases of 60 s: a takeover within the wait below can only be a handover.
    const LONG_LEASE_MS: u64 = 60_000;
    let a = Node::start_with_lease("a", &backing, LONG_LEASE_MS).await;
    let b = Node::start_with_lease("b", &backing, LONG_LEASE_MS).await;
    let c = Node::start_with_lease("c", &backing, LONG_LEASE_MS).await;
    let hold = Hold::new(600_000);
    let (code, tasks) = table([a.addr, b.addr, c.addr], &hold);
    wait_for("the match to be under way", Duration::from_secs(60), async || {
        code.get().is_some() && a.metric("majlis_actions_total").await >= 6.0
    })
    .await;
    let stopped = Instant::now();
    a.signal("-TERM");
    wait_for("the handover of the stopped owner's table", Duration::from_secs(20), async || {
        b.metric("majlis_takeovers_total").await + c.metric("majlis_takeovers_total").await >= 1.0
    })
    .await;
    eprintln!("handover: a's table taken over {:?} after SIGTERM", stopped.elapsed());
    let seen = finish(tasks).await;
    check_table(b.addr, &seen).await;
}
