//! The daily deal over real sockets: players of the same day meet the same deals and the same
//! bots' answers, are scored against each other by matchpoints, see nothing of a deal before
//! they played it, and the day's commitment verifies once it closed.

#![allow(clippy::unwrap_used)]
// Deals are compared across players by their number.
#![allow(clippy::needless_range_loop)]

use crate::common;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};

use common::{Client, TestServer, check_no_leak, config, http, temp_db};
use game::{Game, Match, Record, Seat};
use serde_json::{Value, json};
use server::daily::{Day, DayRecord, verify_day};

/// The wall clock of the first test: noon of 2026-11-28 (UTC) until it moves it to close the day.
static NOW: AtomicI64 = AtomicI64::new(0);
const NOON: i64 = 1_795_867_200_000;

fn clock() -> i64 {
    match NOW.load(Ordering::SeqCst) {
        0 => NOON,
        t => t,
    }
}

/// Noon of 2026-11-28, always (a test that never closes its day).
fn noon() -> i64 {
    NOON
}

/// How a test player picks among the legal actions.
#[derive(Clone, Copy)]
enum Pick {
    First,
    Last,
}

/// One player's day of one game: every frame they got, and the match of each deal in order.
struct Played {
    client: Client,
    code: String,
    matches: Vec<String>,
}

/// Opens `game`'s daily table for `client` and plays every deal with `pick`.
async fn play_day(client: Client, addr: std::net::SocketAddr, game: &str, pick: Pick) -> Played {
    play_deals(client, addr, game, pick, usize::MAX).await
}

/// Opens (or comes back to) `game`'s daily table for `client` and plays with `pick` until the
/// day's deals are played, or until deal `stop_at` (from 0) has begun.
async fn play_deals(mut client: Client, addr: std::net::SocketAddr, game: &str, pick: Pick, stop_at: usize) -> Played {
    let (status, entry) = http(addr, "POST", &format!("/api/daily/{game}"), None, Some(&client.token)).await;
    assert_eq!(status, 200, "{entry}");
    let code = entry["table"].as_str().unwrap().to_owned();
    client.send(json!({ "type": "join", "table": code, "id": "j" })).await;
    play_on(client, code, pick, stop_at).await
}

/// Plays on at table `code` with `pick` until the day's deals are played, or until deal
/// `stop_at` (from 0) has begun.
async fn play_on(mut client: Client, code: String, pick: Pick, stop_at: usize) -> Played {
    let mut matches: Vec<String> = Vec::new();
    loop {
        let v = client.recv().await;
        assert_ne!(v["type"], "error", "{v}");
        if v["type"] == "table" {
            let t = &v["table"];
            if let Some(id) = t["game_id"].as_str()
                && matches.last().map(String::as_str) != Some(id)
            {
                matches.push(id.to_owned());
            }
            if t["daily"]["done"] == true || t["daily"]["deal"].as_u64().is_some_and(|d| d as usize >= stop_at) {
                break;
            }
            continue;
        }
        if !(v["type"] == "event" || v["type"] == "sync") || v["table"] != code.as_str() {
            continue;
        }
        let legal = v["legal"].as_array().cloned().unwrap_or_default();
        let Some(action) = (match pick {
            Pick::First => legal.first(),
            Pick::Last => legal.last(),
        }) else {
            continue;
        };
        client.send(json!({ "type": "act", "table": code, "action": action, "version": v["version"] })).await;
    }
    Played { client, code, matches }
}

async fn record_as(addr: std::net::SocketAddr, id: &str, token: Option<&str>) -> (u16, Value) {
    http(addr, "GET", &format!("/api/games/{id}/record"), None, token).await
}

/// The net of each deal, computed here by replaying its record with the engine: seat 0's team's
/// points minus the other team's.
fn nets(records: &[Record]) -> Vec<i64> {
    records
        .iter()
        .map(|r| {
            let m = Match::<baloot::Baloot>::replay(r).unwrap();
            let s = m.game().score();
            i64::from(s[0] - s[1])
        })
        .collect()
}

#[tokio::test]
async fn players_of_one_day_meet_the_same_deals_and_answers_and_are_scored_by_matchpoints() {
    NOW.store(NOON, Ordering::SeqCst);
    let server = TestServer::start(server::Config { wall_clock: clock, ..config() }, &temp_db("daily")).await;
    let addr = server.addr;
    let day = Day::of_unix_ms(NOON).to_string();
    assert_eq!(day, "2026-11-28");

    let (status, today) = http(addr, "GET", "/api/daily", None, None).await;
    assert_eq!(status, 200, "{today}");
    assert_eq!(today["day"], day.as_str());
    let commitment = today["commitment"].as_str().unwrap().to_owned();
    let baloot = today["games"].as_array().unwrap().iter().find(|g| g["game"] == "baloot").unwrap().clone();
    assert_eq!(baloot["deals"], 8);

    let sara = play_day(Client::new(addr, "Sara").await, addr, "baloot", Pick::First).await;
    assert_eq!(sara.client.seen.iter().filter(|v| v["type"] == "error").count(), 0);
    assert_eq!(sara.matches.len(), 8, "one match per deal");

    // Before Omar plays: Sara's records are hers alone, and the board shows him no deal of hers.
    let omar = Client::new(addr, "Omar").await;
    let (status, refused) = record_as(addr, &sara.matches[0], Some(&omar.token)).await;
    assert_eq!((status, refused["error"]["code"].as_str()), (403, Some("daily_hidden")), "{refused}");
    let (status, _) = record_as(addr, &sara.matches[0], None).await;
    assert_eq!(status, 403);
    for path in [
        format!("/api/games/{}/replay", sara.matches[3]),
        format!("/api/games/{}/analysis", sara.matches[3]),
        format!("/api/games/{}/chat", sara.matches[3]),
    ] {
        let (status, body) = http(addr, "GET", &path, None, Some(&omar.token)).await;
        assert_eq!(status, 403, "{path}: {body}");
    }
    // Her profile leaves the day's matches out: their scores would tell Omar how the deals go.
    let (status, profile) = http(addr, "GET", &format!("/api/players/{}", sara.client.id), None, None).await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["games"].as_array().unwrap().len(), 0, "{profile}");
    let (_, board) = http(addr, "GET", &format!("/api/daily/{day}/baloot"), None, Some(&omar.token)).await;
    let line = &board["players"][0];
    assert_eq!(line["name"], "Sara");
    assert_eq!(line["played"], 8);
    assert_eq!(line["results"], json!([]), "no deal of another player before one has played the day: {board}");
    // Nor can he watch her table, nor sit at it.
    let (_, entry) = http(addr, "GET", "/api/daily", None, Some(&sara.client.token)).await;
    let sara_table =
        entry["games"].as_array().unwrap().iter().find(|g| g["game"] == "baloot").unwrap()["you"]["table"].clone();
    let mut omar_socket = omar;
    omar_socket.send(json!({ "type": "spectate", "table": sara_table, "id": "s" })).await;
    let refusal = omar_socket.until(|v| v["id"] == "s").await;
    assert_eq!(refusal["type"], "error", "{refusal}");
    let omar = play_day(omar_socket, addr, "baloot", Pick::First).await;
    let noura = play_day(Client::new(addr, "Noura").await, addr, "baloot", Pick::Last).await;

    // Everyone's own records, now that each finished the day.
    let mut records: HashMap<&str, Vec<Record>> = HashMap::new();
    for (name, p) in [("Sara", &sara), ("Omar", &omar), ("Noura", &noura)] {
        let mut list = Vec::new();
        for id in &p.matches {
            let (status, body) = record_as(addr, id, Some(&p.client.token)).await;
            assert_eq!(status, 200, "{name} reads their own record once done: {body}");
            let record = Record::from_value(&body).unwrap();
            assert_eq!(record.hands.len(), 1, "a daily deal is one hand");
            let (status, _) = http(addr, "GET", &format!("/api/games/{id}/replay"), None, Some(&p.client.token)).await;
            assert_eq!(status, 200, "{name} replays their own deal once done");
            list.push(record);
        }
        records.insert(name, list);
    }
    // The same deals for all, deal by deal; the same play met the same answers.
    for k in 0..8 {
        let decks: Vec<_> = ["Sara", "Omar", "Noura"].iter().map(|n| records[n][k].hands[0].clone()).collect();
        assert_eq!(decks[0].deck, decks[1].deck, "deal {k}");
        assert_eq!(decks[0].deck, decks[2].deck, "deal {k}");
        assert_eq!(decks[0].dealer, decks[2].dealer, "deal {k}");
        assert_eq!(decks[0].commitment, decks[2].commitment, "deal {k}");
        assert_eq!(decks[0].actions, decks[1].actions, "deal {k}: the same play met the same answers");
    }
    let differs = (0..8).any(|k| records["Sara"][k].hands[0].actions != records["Noura"][k].hands[0].actions);
    assert!(differs, "another play is answered on its own terms");

    // Matchpoints by hand: for each deal, 1 for each other player beaten, a half for a tie,
    // over the others; the day's percentage is their sum over the eight deals.
    let net_of = |n: &str| nets(&records[n]);
    let all = [("Sara", net_of("Sara")), ("Omar", net_of("Omar")), ("Noura", net_of("Noura"))];
    let (_, board) = http(addr, "GET", &format!("/api/daily/{day}/baloot"), None, Some(&noura.client.token)).await;
    for (name, mine) in &all {
        let mut points = 0.0;
        for k in 0..8 {
            for (other, theirs) in &all {
                if other != name {
                    points += if mine[k] > theirs[k] {
                        0.5
                    } else if mine[k] == theirs[k] {
                        0.25
                    } else {
                        0.0
                    };
                }
            }
        }
        let percent = 100.0 * points / 8.0;
        let line = board["players"].as_array().unwrap().iter().find(|p| p["name"] == *name).unwrap();
        let shown = line["percent"].as_f64().unwrap();
        assert!((shown - percent).abs() < 1e-9, "{name}: {shown} shown, {percent} by hand: {board}");
        assert_eq!(line["total"].as_i64().unwrap(), mine.iter().sum::<i64>(), "{name}");
    }
    // Noura's own line is deal by deal (she finished), the others' are not until the day closes.
    for line in board["players"].as_array().unwrap() {
        let own = line["name"] == "Noura";
        assert_eq!(line["results"].as_array().unwrap().len(), if own { 8 } else { 0 }, "{line}");
    }

    // Nothing another seat held reached a player's socket before its time.
    for p in [&sara, &noura] {
        let mut by_match: HashMap<String, Vec<Value>> = HashMap::new();
        let mut current = String::new();
        for v in &p.client.seen {
            if v["type"] == "table"
                && let Some(id) = v["table"]["game_id"].as_str()
            {
                current = id.to_owned();
            }
            by_match.entry(current.clone()).or_default().push(v.clone());
        }
        for id in &p.matches {
            let (_, body) = record_as(addr, id, Some(&p.client.token)).await;
            let record = Record::from_value(&body).unwrap();
            assert!(check_no_leak::<baloot::Baloot>(&record, &by_match[id], Some(Seat::ZERO)) > 0);
        }
    }

    // A second ask of the day finds the same table, and the day's record stays closed.
    let (_, again) = http(addr, "POST", "/api/daily/baloot", None, Some(&sara.client.token)).await;
    assert_eq!(again["table"], sara_table);
    assert_eq!(again["played"], 8);
    let (status, closed) = http(addr, "GET", &format!("/api/daily/{day}/record"), None, None).await;
    assert_eq!((status, closed["error"]["code"].as_str()), (403, Some("day_open")), "{closed}");

    // The day closes: its secret verifies against the commitment published at its start, its
    // deals are the ones played, and every line can be seen.
    NOW.store(NOON + 86_400_000, Ordering::SeqCst);
    let (status, body) = http(addr, "GET", &format!("/api/daily/{day}/record"), None, None).await;
    assert_eq!(status, 200, "{body}");
    let revealed: DayRecord = serde_json::from_value(body).unwrap();
    assert_eq!(revealed.commitment, commitment);
    assert_eq!(verify_day(&revealed), Ok(6 + 6 + 8 + 4));
    let deals = &revealed.games.iter().find(|g| g.game == "baloot").unwrap().deals;
    for (k, deal) in deals.iter().enumerate() {
        let hand = &records["Sara"][k].hands[0];
        assert_eq!(deal.deck, server::fair::deck_text(&hand.deck), "deal {k}");
        assert_eq!(Some(&deal.commitment), hand.commitment.as_ref(), "deal {k}");
    }
    let (status, _) = record_as(addr, &sara.matches[0], Some(&omar.client.token)).await;
    assert_eq!(status, 200, "every line can be seen once the day closed");
    let (_, profile) = http(addr, "GET", &format!("/api/players/{}", sara.client.id), None, None).await;
    assert_eq!(profile["games"].as_array().unwrap().len(), 8, "the profile lists the closed day: {profile}");
    let (_, board) = http(addr, "GET", &format!("/api/daily/{day}/baloot"), None, None).await;
    assert_eq!(board["closed"], true);
    assert!(board["players"].as_array().unwrap().iter().all(|p| p["results"].as_array().unwrap().len() == 8));
    assert!(board["best"].as_array().unwrap().iter().all(|b| b["game_id"].is_string()), "{board}");
    // Each deal's double-dummy par: computed once after the close, when first asked for.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let pars = loop {
        let (_, board) = http(addr, "GET", &format!("/api/daily/{day}/baloot"), None, None).await;
        if let Some(pars) = board["pars"].as_array() {
            assert_eq!(board["pars_pending"], false, "{board}");
            break pars.iter().map(|p| p.as_i64().unwrap()).collect::<Vec<i64>>();
        }
        assert_eq!(board["pars_pending"], true, "{board}");
        assert!(std::time::Instant::now() < deadline, "the pars never came: {board}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    let secret: [u8; 32] = hex::decode(&revealed.secret).unwrap().try_into().unwrap();
    assert_eq!(Some(pars), server::daily::pars_of(&secret, server::daily::DailyGame::Baloot).unwrap());
    let (_, kabul) = http(addr, "GET", &format!("/api/daily/{day}/kabul"), None, None).await;
    assert_eq!((kabul["pars"].is_null(), &kabul["pars_pending"]), (true, &json!(false)), "Kabul has no par: {kabul}");
    let (_, history) = http(addr, "GET", "/api/daily/history", None, Some(&noura.client.token)).await;
    assert_eq!(history[0]["day"], day.as_str());
    assert_eq!(history[0]["of"], 3);
    server.stop().await;
}

#[tokio::test]
async fn a_daily_table_comes_back_after_a_restart_and_plays_on_the_same_deals() {
    let db = temp_db("daily-restart");
    let cfg = || server::Config { wall_clock: noon, ..config() };
    let server = TestServer::start(cfg(), &db).await;
    let addr = server.addr;
    let sara = play_day(Client::new(addr, "Sara").await, addr, "kout4", Pick::First).await;
    // Omar plays the same way, but the server stops once his third deal has begun.
    let omar = Client::new(addr, "Omar").await;
    let token = omar.token.clone();
    let first = play_deals(omar, addr, "kout4", Pick::First, 2).await;
    assert_eq!(first.matches.len(), 3);
    drop(first.client);
    server.stop().await;

    let server = TestServer::start(cfg(), &db).await;
    let addr = server.addr;
    let (_, today) = http(addr, "GET", "/api/daily", None, Some(&token)).await;
    let kout4 = today["games"].as_array().unwrap().iter().find(|g| g["game"] == "kout4").unwrap().clone();
    assert_eq!(kout4["you"]["played"], 2, "two deals were finished before the restart: {kout4}");
    let back = Client::connect(addr, &token).await;
    let rest = play_day(back, addr, "kout4", Pick::First).await;
    let mut omars = first.matches.clone();
    for id in rest.matches {
        if !omars.contains(&id) {
            omars.push(id);
        }
    }
    assert_eq!(omars.len(), 6, "{omars:?}");
    for (k, (mine, his)) in sara.matches.iter().zip(&omars).enumerate() {
        let (_, a) = record_as(addr, mine, Some(&sara.client.token)).await;
        let (status, b) = record_as(addr, his, Some(&token)).await;
        assert_eq!(status, 200, "{b}");
        let (a, b) = (Record::from_value(&a).unwrap(), Record::from_value(&b).unwrap());
        assert_eq!(a.hands[0].deck, b.hands[0].deck, "deal {k}");
        assert_eq!(
            a.hands[0].actions, b.hands[0].actions,
            "deal {k}: the same play met the same answers, restart or not"
        );
    }
    server.stop().await;
}

/// The wall clock of the closing test, which moves it past midnight while a player is mid-day.
static LATE: AtomicI64 = AtomicI64::new(NOON);

fn late() -> i64 {
    LATE.load(Ordering::SeqCst)
}

#[tokio::test]
async fn no_deal_begins_once_the_day_has_closed() {
    let server = TestServer::start(server::Config { wall_clock: late, ..config() }, &temp_db("daily-late")).await;
    let addr = server.addr;
    // Noura plays until her second deal has begun; then midnight passes and the day's deals are
    // revealed: she finishes the deal under way, and no other begins.
    let started = play_deals(Client::new(addr, "Noura").await, addr, "kout4", Pick::First, 1).await;
    LATE.store(NOON + 86_400_000, Ordering::SeqCst);
    let rest = play_on(started.client, started.code, Pick::First, usize::MAX).await;
    assert_eq!(rest.matches.len(), 1, "only the deal under way was played on: {:?}", rest.matches);
    let (_, board) = http(addr, "GET", "/api/daily/2026-11-28/kout4", None, None).await;
    assert_eq!(board["players"][0]["played"], 2, "{board}");
    server.stop().await;
}
