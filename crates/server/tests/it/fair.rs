//! Abuse of the lobby and of fairness over real sockets: races on the table limit, lobbies left
//! behind, unbounded options, guessed codes, names that hide or impersonate.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::time::Duration;

use cards::CardSet;
use common::{Client, TestServer, config, record, temp_db};
use game::testing::cards_named_in;
use game::{Actor, Game, Match, Record, Seat};
use serde_json::{Value, json};

#[tokio::test]
async fn one_player_on_three_sockets_never_passes_the_table_limit_and_started_tables_count() {
    let server = TestServer::start(config(), &temp_db("limit-race")).await;
    let first = Client::new(server.addr, "Racer").await;
    let mut sockets = vec![first];
    for _ in 0..2 {
        let token = sockets[0].token.clone();
        sockets.push(Client::connect(server.addr, &token).await);
    }
    // Every socket fires its requests before reading any answer.
    for c in &mut sockets {
        for i in 0..8 {
            c.send(json!({ "type": "create_table", "game": "kout4", "public": true, "id": i })).await;
        }
    }
    let mut created = 0;
    for c in &mut sockets {
        let mut answered = 0;
        while answered < 8 {
            let v = c.recv().await;
            if v["id"].is_number() && (v["type"] == "table" || v["type"] == "error") {
                answered += 1;
                created += usize::from(v["type"] == "table");
            }
        }
    }
    assert_eq!(created, 5, "created {created} tables against a limit of 5");
    // A started table still counts: start one, and no sixth table can be opened.
    let mut host = Client::new(server.addr, "Starter").await;
    let code = host.create("kout4", json!({})).await;
    host.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    host.send(json!({ "type": "start", "table": code })).await;
    host.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    for _ in 1..5 {
        host.create("kout4", json!({})).await;
    }
    host.send(json!({ "type": "create_table", "game": "kout4", "id": "sixth" })).await;
    let e = host.until(|v| v["id"] == "sixth").await;
    assert_eq!(e["code"], "bad_request", "{e}");
    server.stop().await;
}

#[tokio::test]
async fn a_lobby_everyone_has_left_closes() {
    let config = server::Config { disconnect_grace: Duration::from_millis(50), ..config() };
    let server = TestServer::start(config, &temp_db("abandoned")).await;
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    drop(host);
    let mut probe = Client::new(server.addr, "Probe").await;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        probe.send(json!({ "type": "spectate", "table": code, "id": "p" })).await;
        let v = probe.until(|v| v["id"] == "p").await;
        if v["code"] == "no_table" {
            server.stop().await;
            return;
        }
    }
    panic!("the abandoned lobby {code} is still open after 5 s");
}

#[tokio::test]
async fn kabul_target_score_is_bounded() {
    let server = TestServer::start(config(), &temp_db("target")).await;
    let mut a = Client::new(server.addr, "Ahmad").await;
    for target in [json!(2_147_483_647), json!(1001), json!(0)] {
        a.send(json!({ "type": "create_table", "game": "kabul", "rules": { "target_score": target }, "id": "t" }))
            .await;
        let e = a.until(|v| v["id"] == "t").await;
        assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_request")), "{target}: {e}");
        assert!(e["message"].as_str().unwrap().contains("target_score"), "{e}");
    }
    a.create("kabul", json!({ "target_score": 1000 })).await;
    server.stop().await;
}

#[tokio::test]
async fn private_codes_are_long_and_guessing_codes_closes_the_socket() {
    let server = TestServer::start(config(), &temp_db("codes")).await;
    let mut host = Client::new(server.addr, "Host").await;
    host.send(json!({ "type": "create_table", "game": "kout4", "public": false, "id": "p" })).await;
    let t = host.until(|v| v["id"] == "p").await;
    let private = t["table"]["code"].as_str().unwrap();
    assert_eq!(private.len(), 12, "{t}");
    assert_eq!(host.create("kout4", json!({})).await.len(), 6, "public codes stay short");
    let mut guesser = Client::new(server.addr, "Guesser").await;
    for i in 0..11 {
        guesser.send(json!({ "type": "spectate", "table": format!("AAAA{i:02}"), "id": i })).await;
        let e = guesser.until(|v| v["id"] == i).await;
        assert_eq!(e["code"], "no_table", "{e}");
    }
    let closed = guesser.until(|v| v["type"] == "_close").await;
    assert_eq!(closed["code"], 1008, "{closed}");
    server.stop().await;
}

/// Checks every message a socket got, in the order it got them, against the finished record: no
/// message but a hand's `reveal` names a card hidden from `seat` (spectators: from anyone) at the
/// moment it arrived, the moment being the last event or sync before it. Returns how many
/// messages were checked.
fn check_every_message<G: Game>(record: &Record, seen: &[Value], seat: Option<Seat>) -> usize {
    // The hidden cards after each deal and action of the record, in order.
    let mut m =
        Match::<G>::new(record.game, record.rules.clone(), record.players.clone(), record.hands[0].dealer).unwrap();
    let hidden = |m: &Match<G>| match seat {
        Some(s) => m.game().hidden_from(s),
        None => Seat::all(m.game().seat_count()).fold(CardSet::EMPTY, |acc, s| acc | m.game().hidden_from(s)),
    };
    let mut hidden_at = Vec::new();
    for hand in &record.hands {
        let deal = m.game().deal_from_record(hand).unwrap();
        m.deal(deal).unwrap();
        hidden_at.push(hidden(&m));
        for a in &hand.actions {
            m.play_text(a.seat.map_or(Actor::Clock, Actor::Seat), &a.text).unwrap();
            hidden_at.push(hidden(&m));
        }
    }
    // Versions of the deals and actions, as the socket saw them as events.
    let mut versions: Vec<u64> =
        seen.iter().filter(|v| v["type"] == "event").filter_map(|v| v["version"].as_u64()).collect();
    versions.sort_unstable();
    versions.dedup();
    assert_eq!(versions.len(), hidden_at.len(), "the socket saw every deal and action as an event");
    let mut now: Option<u64> = None;
    let mut checked = 0;
    for v in seen {
        if v["type"] == "event" || v["type"] == "sync" {
            now = v["version"].as_u64().or(now);
        }
        if v["type"] == "reveal" {
            continue;
        }
        let k = now.map_or(0, |n| versions.iter().filter(|&&x| x <= n).count());
        let hidden = if k == 0 { CardSet::ALL } else { hidden_at[k - 1] };
        let leaked = cards_named_in(v) & hidden;
        assert!(leaked.is_empty(), "{seat:?} was shown {leaked} (message {checked}): {v}");
        checked += 1;
    }
    checked
}

/// Two people, bots and two spectators play a whole match of `game`; every message of every
/// socket is checked against the record.
async fn no_socket_sees_a_hidden_card<G: Game>(game: &str, rules: Value) {
    let server = TestServer::start(config(), &temp_db(&format!("leak-{game}"))).await;
    let mut host = Client::new(server.addr, "Host").await;
    let mut guest = Client::new(server.addr, "Guest").await;
    let mut watchers = [Client::new(server.addr, "Watcher").await, Client::new(server.addr, "Other").await];
    let code = host.create(game, rules).await;
    guest.send(json!({ "type": "join", "table": code, "seat": 1 })).await;
    guest.until(|v| v["type"] == "table" && v["you"] == 1).await;
    for w in &mut watchers {
        w.send(json!({ "type": "spectate", "table": code })).await;
        w.until(|v| v["type"] == "table").await;
    }
    host.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    host.send(json!({ "type": "start", "table": code })).await;
    let (a, b) = tokio::join!(host.play(&code, usize::MAX), guest.play(&code, usize::MAX));
    let game_id = a.or(b).expect("the match finishes");
    for w in &mut watchers {
        w.until(|v| v["type"] == "table" && v["table"]["status"] == "finished").await;
    }
    let record = record(server.addr, &game_id).await;
    assert_eq!(server::fair::verify_record(&record), Ok(record.hands.len()));
    let mut checked = check_every_message::<G>(&record, &host.seen, Some(Seat::ZERO));
    checked += check_every_message::<G>(&record, &guest.seen, Seat::new(1));
    for w in &watchers {
        checked += check_every_message::<G>(&record, &w.seen, None);
    }
    assert!(checked > 40, "checked {checked} messages");
    // The checker itself catches a leak: the host's messages show the host's cards, hidden from seat 1.
    let host_as_guest = std::panic::catch_unwind(|| check_every_message::<G>(&record, &host.seen, Seat::new(1)));
    assert!(host_as_guest.is_err(), "the checker missed the host's own cards shown to seat 1");
    server.stop().await;
}

#[tokio::test]
async fn leak_check_kout4() {
    no_socket_sees_a_hidden_card::<kout::Kout>("kout4", json!({})).await;
}

#[tokio::test]
async fn leak_check_kout6() {
    no_socket_sees_a_hidden_card::<kout::Kout>("kout6", json!({})).await;
}

#[tokio::test]
async fn leak_check_baloot() {
    no_socket_sees_a_hidden_card::<baloot::Baloot>("baloot", json!({})).await;
}

#[tokio::test]
async fn leak_check_kabul() {
    no_socket_sees_a_hidden_card::<kabul::Kabul>("kabul", json!({ "players": 4, "target_score": 60 })).await;
}

/// A commitment names its hand: two hands whose decks, salts and commitments are swapped whole
/// (each still honest on its own) fail `verify`, which says which hand and why. (Before, the
/// commitment hashed only the salt and the deck, so the swap verified and only a replay caught it.)
#[tokio::test]
async fn swapping_two_whole_hands_fails_verify() {
    let server = TestServer::start(config(), &temp_db("swap-hands")).await;
    let mut host = Client::new(server.addr, "Host").await;
    let code = host.create("kout4", json!({})).await;
    host.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    host.send(json!({ "type": "start", "table": code })).await;
    let game_id = host.play(&code, usize::MAX).await.expect("the match finishes");
    let honest = record(server.addr, &game_id).await;
    server.stop().await;
    assert!(honest.hands.len() >= 2, "a kout4 match has several hands");
    assert_eq!(server::fair::verify_record(&honest), Ok(honest.hands.len()));

    let mut swapped = honest.clone();
    let (first, second) = swapped.hands.split_at_mut(1);
    std::mem::swap(&mut first[0].deck, &mut second[0].deck);
    std::mem::swap(&mut first[0].salt, &mut second[0].salt);
    std::mem::swap(&mut first[0].commitment, &mut second[0].commitment);
    let err = server::fair::verify_record(&swapped).expect_err("swapped hands do not verify");
    assert_eq!(err.hand, 0, "{err}");
    assert!(err.reason.contains("hand 0"), "the reason names the hand the commitment must bind: {err}");
}
