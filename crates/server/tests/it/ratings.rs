//! Rated tables over real sockets: who may start one, a whole rated Kout 4 match of four accounts,
//! the ratings and rating changes it stores (equal to the `skillratings` crate's own figures),
//! the profile, leaderboard and export endpoints that show them, and a leaver's loss.

#![allow(clippy::unwrap_used)]

use crate::common;

use common::{Client, TestServer, config, drain, http, temp_db};
use serde_json::{Value, json};
use server::Store;
use server::ratings;
use skillratings::Outcomes;
use skillratings::weng_lin::{WengLinRating, weng_lin_two_teams};

async fn start(name: &str) -> TestServer {
    TestServer::start(config(), &temp_db(name)).await
}

/// A new player who claimed their name with a password: an account, connected with the session
/// the claim started (it ends the guest's).
async fn account(server: &TestServer, name: &str) -> Client {
    let (status, answer) =
        http(server.addr, "POST", "/api/players", Some(&json!({ "name": name }).to_string()), None).await;
    assert_eq!(status, 200, "{answer}");
    let guest = answer["token"].as_str().unwrap().to_owned();
    let body = json!({ "password": "correct horse battery" }).to_string();
    let (status, answer) = http(server.addr, "POST", "/api/account/claim", Some(&body), Some(&guest)).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["player"]["account"], true);
    Client::connect(server.addr, answer["token"].as_str().unwrap()).await
}

/// Creates a rated Kout 4 table; returns its code and the `table` frame.
async fn rated_table(host: &mut Client) -> (String, Value) {
    host.send(json!({ "type": "create_table", "game": "kout4", "rated": true, "public": true, "turn_ms": 600_000, "id": "c" })).await;
    let t = host.until(|v| v["type"] == "table" || v["type"] == "error").await;
    assert_eq!(t["type"], "table", "{t}");
    (t["table"]["code"].as_str().unwrap().to_owned(), t)
}

async fn join(c: &mut Client, code: &str, seat: usize) {
    c.send(json!({ "type": "join", "table": code, "seat": seat })).await;
    let t = c.until(|v| (v["type"] == "table" && v["you"] == seat) || v["type"] == "error").await;
    assert_eq!(t["type"], "table", "{t}");
}

/// The error `c` gets for `msg`: waits for the answer that carries the message's id (a table's
/// answer comes from its task, so it may arrive after a ping's pong) and requires it to be an error.
async fn refused(c: &mut Client, mut msg: Value) -> Value {
    msg["id"] = json!("refused");
    c.send(msg.clone()).await;
    let answer = c.until(|v| v["id"] == "refused").await;
    assert_eq!(answer["type"], "error", "{msg} was not refused: {answer}");
    answer
}

/// Four accounts at a rated Kout 4 table, seats 0 to 3.
async fn four_at_a_rated_table(server: &TestServer) -> (Vec<Client>, String) {
    let mut players = Vec::new();
    for name in ["Sara", "Omar", "Noura", "Faisal"] {
        players.push(account(server, name).await);
    }
    let (code, t) = rated_table(&mut players[0]).await;
    assert_eq!(t["table"]["rated"], true);
    assert_eq!(t["table"]["hints"], false);
    for (i, p) in players.iter_mut().enumerate().skip(1) {
        join(p, &code, i).await;
    }
    (players, code)
}

/// The `rating_changes` of the finished `table` frame a client saw last.
fn changes_seen(c: &Client) -> Vec<Value> {
    let last = c.seen.iter().rev().find(|v| v["type"] == "table" && v["table"]["status"] == "finished").unwrap();
    last["table"]["rating_changes"].as_array().cloned().unwrap_or_default()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[tokio::test]
async fn a_rated_kout4_match_moves_ratings_as_the_library_says_and_every_page_shows_it() {
    let server = start("rated-kout4").await;
    let (mut players, code) = four_at_a_rated_table(&server).await;
    players[0].send(json!({ "type": "start", "table": code })).await;
    let [a, b, c, d] = &mut players[..] else { unreachable!() };
    let (ra, rb, rc, rd) = tokio::join!(
        a.play(&code, usize::MAX),
        b.play(&code, usize::MAX),
        c.play(&code, usize::MAX),
        d.play(&code, usize::MAX)
    );
    let game_id = ra.clone().unwrap();
    assert!([rb, rc, rd].iter().all(|r| r.as_deref() == Some(game_id.as_str())));
    let record = common::record(server.addr, &game_id).await;
    let winner = kout_winner(&record);

    // Everyone at the table got the changes with the end of the match.
    let changes = changes_seen(&players[0]);
    assert_eq!(changes.len(), 4, "{changes:?}");
    assert_eq!(changes, changes_seen(&players[3]));

    // The library's own figures for two new partnerships.
    let fresh = ratings::initial();
    let cfg = ratings::config(game::GameKind::Kout4);
    let outcome = if winner == 0 { Outcomes::WIN } else { Outcomes::LOSS };
    let (zero, one) = weng_lin_two_teams(&[fresh, fresh], &[fresh, fresh], &outcome, &cfg);
    let expected = |seat: usize| -> WengLinRating { if seat % 2 == 0 { zero[seat / 2] } else { one[seat / 2] } };
    for ch in &changes {
        let seat = ch["seat"].as_u64().unwrap() as usize;
        assert_eq!(ch["player"], json!(players[seat].id));
        assert!(close(ch["before"].as_f64().unwrap(), ratings::INITIAL_RATING));
        assert!(close(ch["after"].as_f64().unwrap(), expected(seat).rating), "{ch}");
        assert!(close(ch["uncertainty"].as_f64().unwrap(), expected(seat).uncertainty), "{ch}");
        let won = seat % 2 == winner;
        assert_eq!(ch["outcome"], if won { "win" } else { "loss" });
        assert_eq!(ch["after"].as_f64().unwrap() > ratings::INITIAL_RATING, won, "{ch}");
    }

    // The profile: the rating, provisional after one game, with its rank; the match with its
    // partner, opponents, result and rating change.
    let sara = &players[0];
    let (status, profile) = http(server.addr, "GET", &format!("/api/players/{}", sara.id), None, None).await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["player"], json!({ "id": sara.id, "name": "Sara", "account": true }));
    let r = &profile["ratings"][0];
    assert_eq!((&r["game"], &r["games"], &r["provisional"]), (&json!("kout4"), &json!(1), &json!(true)));
    assert_eq!(r["wins"], json!(i64::from(winner == 0)));
    assert!(close(r["rating"].as_f64().unwrap(), expected(0).rating));
    let g = &profile["games"][0];
    assert_eq!(
        (&g["game_id"], &g["game"], &g["rated"], &g["won"]),
        (&json!(game_id), &json!("kout4"), &json!(true), &json!(winner == 0))
    );
    assert_eq!(g["partners"], json!([{ "id": players[2].id, "name": "Noura", "seat": 2 }]));
    assert_eq!(g["opponents"].as_array().unwrap().len(), 2);
    assert!(close(g["rating_change"]["after"].as_f64().unwrap(), expected(0).rating));
    assert!(close(g["rating_change"]["before"].as_f64().unwrap(), ratings::INITIAL_RATING));

    // The leaderboard: the four in order of score, ranks 1 to 4, the winners above; one's own
    // rank when signed in, none for a visitor.
    let (status, board) = http(server.addr, "GET", "/api/leaderboard/kout4", None, Some(&sara.token)).await;
    assert_eq!(status, 200, "{board}");
    let top = board["top"].as_array().unwrap();
    assert_eq!(top.iter().map(|e| e["rank"].as_i64().unwrap()).collect::<Vec<_>>(), [1, 2, 3, 4]);
    let scores: Vec<f64> = top.iter().map(|e| e["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    for e in &top[..2] {
        let seat = players.iter().position(|p| json!(p.id) == e["player"]["id"]).unwrap();
        assert_eq!(seat % 2, winner, "the winners lead: {board}");
    }
    let mine = top.iter().find(|e| e["player"]["id"] == json!(sara.id)).unwrap();
    assert_eq!(board["me"]["rank"], mine["rank"]);
    assert_eq!(board["me"]["provisional"], true);
    assert_eq!(r["rank"], mine["rank"], "the profile's rank is the leaderboard's");
    let (_, visitor) = http(server.addr, "GET", "/api/leaderboard/kout4", None, None).await;
    assert_eq!(visitor["me"], Value::Null);
    let (status, _) = http(server.addr, "GET", "/api/leaderboard/chess", None, None).await;
    assert_eq!(status, 404);
    let (_, empty) = http(server.addr, "GET", "/api/leaderboard/baloot", None, None).await;
    assert_eq!(empty["top"], json!([]));

    // The export: one line per finished match, each a JSON object with the whole record.
    let text = export(&server, &sara.token).await;
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert_eq!(lines[0]["game_id"], json!(game_id));
    assert_eq!(lines[0]["record"]["game"], "kout4");
    assert_eq!(game::Record::from_value(&lines[0]["record"]).unwrap().hands.len(), record.hands.len());
    let (status, _) = http(server.addr, "GET", "/api/me/export", None, None).await;
    assert_eq!(status, 401);
    server.stop().await;
}

/// The winning team of a finished Kout record.
fn kout_winner(record: &game::Record) -> usize {
    let m = game::Match::<kout::Kout>::replay(record).unwrap();
    match game::Game::outcome(m.game()) {
        Some(game::Winner::Team(t)) => t.index(),
        other => panic!("no winning team: {other:?}"),
    }
}

/// `GET /api/me/export`'s body as text.
async fn export(server: &TestServer, token: &str) -> String {
    let (status, body) = http(server.addr, "GET", "/api/me/export", None, Some(token)).await;
    assert_eq!(status, 200, "{body}");
    // One line of JSON reads back as a value; more come back as text.
    match body {
        Value::String(text) => text,
        v => format!("{v}\n"),
    }
}

#[tokio::test]
async fn a_rated_table_refuses_hints_bots_guests_and_seat_moves() {
    let server = start("rated-refusals").await;
    let mut sara = account(&server, "Sara").await;
    let e = refused(&mut sara, json!({ "type": "create_table", "game": "kout4", "rated": true, "hints": true })).await;
    assert_eq!(e["code"], "bad_request");
    assert!(e["message"].as_str().unwrap().contains("hints"), "{e}");

    let (code, _) = rated_table(&mut sara).await;
    // The lobby lists it as rated.
    let (_, list) = http(server.addr, "GET", "/api/tables", None, None).await;
    let listed = list.as_array().unwrap().iter().find(|t| t["code"] == json!(code)).cloned().unwrap();
    assert_eq!(listed["rated"], true);
    let e = refused(&mut sara, json!({ "type": "fill_bots", "table": code })).await;
    assert!(e["message"].as_str().unwrap().contains("no bots"), "{e}");
    let e = refused(&mut sara, json!({ "type": "set_bot", "table": code, "seat": 1, "bot": "heuristic" })).await;
    assert!(e["message"].as_str().unwrap().contains("no bots"), "{e}");
    // Empty seats: no start.
    let e = refused(&mut sara, json!({ "type": "start", "table": code })).await;
    assert_eq!(e["code"], "bad_request");

    let mut omar = account(&server, "Omar").await;
    let mut noura = account(&server, "Noura").await;
    let mut guest = Client::new(server.addr, "Guest").await;
    join(&mut omar, &code, 1).await;
    join(&mut noura, &code, 2).await;
    join(&mut guest, &code, 3).await;
    let e = refused(&mut sara, json!({ "type": "start", "table": code })).await;
    assert_eq!(e["code"], "bad_request");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("Guest") && message.contains("account"), "{e}");
    // Nothing started.
    let (_, board) = http(server.addr, "GET", "/api/leaderboard/kout4", None, None).await;
    assert_eq!(board["top"], json!([]));

    // An account in the guest's place: it starts, and nobody moves seats any more.
    guest.send(json!({ "type": "leave", "table": code })).await;
    drain(&mut guest).await;
    let mut faisal = account(&server, "Faisal").await;
    join(&mut faisal, &code, 3).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    sara.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    let e = refused(&mut omar, json!({ "type": "join", "table": code, "seat": 0 })).await;
    assert_eq!(e["code"], "seat_taken");
    server.stop().await;
}

#[tokio::test]
async fn a_partner_who_leaves_costs_only_themself() {
    let server = start("rated-leaver").await;
    let (mut players, code) = four_at_a_rated_table(&server).await;
    players[0].send(json!({ "type": "start", "table": code })).await;
    // Noura (seat 2, Sara's partner) leaves at once; her bot plays the seat to the end.
    let mut noura = players.remove(2);
    noura.until(|v| v["type"] == "table" && v["table"]["status"] == "playing").await;
    noura.send(json!({ "type": "leave", "table": code })).await;
    drain(&mut noura).await;
    // Her leave moved the table's version on: the others pick up the state as it is now (the
    // test clients act on the last state they were sent).
    for p in &mut players {
        p.send(json!({ "type": "resume", "table": code })).await;
    }
    let [a, b, d] = &mut players[..] else { unreachable!() };
    let (ra, _, _) = tokio::join!(a.play(&code, usize::MAX), b.play(&code, usize::MAX), d.play(&code, usize::MAX));
    let game_id = ra.unwrap();
    let changes = changes_seen(&players[0]);
    assert_eq!(changes.len(), 4);
    for ch in &changes {
        let (before, after) = (ch["before"].as_f64().unwrap(), ch["after"].as_f64().unwrap());
        if ch["seat"] == 2 {
            // The leaver takes a loss, whoever won at the table.
            assert_eq!(ch["outcome"], "left", "{ch}");
            assert!(after < before, "{ch}");
        } else {
            // Her partner and the opponents: the match does not count (before: the partner lost
            // and the opponents won, whatever the cards said).
            assert_eq!(ch["outcome"], "void", "{ch}");
            assert!(close(after, before), "{ch}");
        }
    }
    // Her profile shows the leave; Sara's shows the match, and no rating moved by it.
    let (_, profile) = http(server.addr, "GET", &format!("/api/players/{}", noura.id), None, None).await;
    let g = &profile["games"][0];
    assert_eq!(g["game_id"], json!(game_id));
    assert_eq!(g["rating_change"]["outcome"], "left");
    assert_eq!((&profile["ratings"][0]["wins"], &profile["ratings"][0]["leaves"]), (&json!(0), &json!(1)));
    let (_, sara) = http(server.addr, "GET", &format!("/api/players/{}", players[0].id), None, None).await;
    assert_eq!(sara["ratings"], json!([]), "{sara}");
    assert_eq!(sara["games"][0]["rating_change"]["outcome"], "void");
    let (_, board) = http(server.addr, "GET", "/api/leaderboard/kout4", None, None).await;
    assert_eq!(board["top"].as_array().unwrap().len(), 1, "only the leaver is rated: {board}");
    server.stop().await;
}

/// Stores `n` finished rated Kout 4 matches that `leaver` (seat 0) left, with three other
/// accounts, as if they had ended just now.
async fn left_matches(server: &TestServer, db: &str, leaver: &Client, n: usize) {
    use game::{GameKind, Seat, Team, Winner};
    use server::store::{MatchRow, RatedEnd, RatedSeat};
    let store = Store::connect(db).await.unwrap();
    let mut others = Vec::new();
    for i in 0..3 {
        others.push(account(server, &format!("{}Mate{i}", leaver.name)).await.id);
    }
    let seats: Vec<RatedSeat> = std::iter::once(leaver.id.clone())
        .chain(others)
        .enumerate()
        .map(|(i, id)| RatedSeat { seat: Seat::new(i).unwrap(), left: i == 0, player_id: id })
        .collect();
    for _ in 0..n {
        let unique = |p: &str| server::ids::random_code(p, 10).unwrap();
        let now = server::store::unix_ms();
        let m = MatchRow {
            id: unique("g_"),
            table_code: unique("T"),
            number: 0,
            game: "kout4".to_owned(),
            rules: "{}".to_owned(),
            players: "[]".to_owned(),
            first_dealer: 0,
            finished: 0,
            result: None,
            record: None,
            started_at: now,
            ended_at: None,
            rated: 1,
        };
        let pairs: Vec<(i64, String)> = seats.iter().map(|s| (s.seat.index() as i64, s.player_id.clone())).collect();
        store.create_match(&m, &pairs).await.unwrap();
        let winner = Winner::Team(Team::ZERO);
        let end = RatedEnd { kind: GameKind::Kout4, winner: &winner, score: &[101, 0], seats: &seats, hands: 7 };
        store.finish_rated_match(&m.id, r#"{"winner":0}"#, r#"{"game":"kout4","hands":[]}"#, now, &end).await.unwrap();
    }
}

#[tokio::test]
async fn a_player_who_keeps_leaving_waits_before_the_next_rated_table() {
    let db = temp_db("rated-cooldown");
    let server = TestServer::start(config(), &db).await;
    let mut sara = account(&server, "Sara").await;
    let mut omar = account(&server, "Omar").await;
    let mut noura = account(&server, "Noura").await;
    left_matches(&server, &db, &omar, 2).await;
    left_matches(&server, &db, &noura, 1).await;
    let (code, _) = rated_table(&mut sara).await;
    // Two leaves within a day: ten minutes before the next rated table.
    let e = refused(&mut omar, json!({ "type": "join", "table": code, "seat": 1 })).await;
    assert_eq!(e["code"], "cooldown", "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("left 2 rated matches") && message.contains("10 more minutes"), "{e}");
    // One leave is forgiven (anyone can be called away).
    join(&mut noura, &code, 1).await;
    // Unrated tables stay open to him.
    drain(&mut sara).await;
    let open = sara.create("kout4", json!({})).await;
    join(&mut omar, &open, 1).await;
    server.stop().await;
}

#[tokio::test]
async fn a_host_removes_a_player_from_the_lobby_and_they_cannot_sit_again() {
    let db = temp_db("rated-remove");
    let server = TestServer::start(config(), &db).await;
    let mut sara = account(&server, "Sara").await;
    let mut stranger = account(&server, "Stranger").await;
    let mut omar = account(&server, "Omar").await;
    let (code, _) = rated_table(&mut sara).await;
    join(&mut stranger, &code, 2).await;
    join(&mut omar, &code, 1).await;
    // Only the host removes.
    let e = refused(&mut omar, json!({ "type": "remove", "table": code, "seat": 2 })).await;
    assert_eq!(e["code"], "not_host", "{e}");
    sara.send(json!({ "type": "remove", "table": code, "seat": 2 })).await;
    let t = sara.until(|v| v["type"] == "table" && v["table"]["seats"][2]["kind"] == "empty").await;
    assert_eq!(t["table"]["seats"][1]["player"], json!(omar.id));
    let told = stranger.until(|v| v["type"] == "notice").await;
    assert_eq!((&told["code"], &told["seat"]), (&json!("removed"), &json!(2)), "{told}");
    // They may not sit again, in any seat.
    for seat in [2, 3] {
        let e = refused(&mut stranger, json!({ "type": "join", "table": code, "seat": seat })).await;
        assert_eq!(e["code"], "not_invited", "{e}");
    }
    // The host does not remove themselves.
    let e = refused(&mut sara, json!({ "type": "remove", "table": code, "seat": 0 })).await;
    assert_eq!(e["code"], "bad_request", "{e}");
    // The table remembers it over a restart.
    let token = stranger.token.clone();
    server.stop().await;
    let server = TestServer::start(config(), &db).await;
    let mut stranger = Client::connect(server.addr, &token).await;
    let e = refused(&mut stranger, json!({ "type": "join", "table": code, "seat": 3 })).await;
    assert_eq!(e["code"], "not_invited", "{e}");
    server.stop().await;
}

#[tokio::test]
async fn an_invite_only_rated_table_seats_only_those_with_the_invite() {
    let server = start("rated-invite").await;
    let mut sara = account(&server, "Sara").await;
    let mut friend = account(&server, "Friend").await;
    let mut stranger = account(&server, "Stranger").await;
    sara.send(json!({ "type": "create_table", "game": "kout4", "rated": true, "public": true, "invite_only": true, "id": "c" }))
        .await;
    let t = sara.until(|v| v["type"] == "table" || v["type"] == "error").await;
    assert_eq!(t["table"]["invite_only"], true, "{t}");
    let code = t["table"]["code"].as_str().unwrap().to_owned();
    let invite = t["table"]["invite"].as_str().expect("the host gets the invite secret").to_owned();
    // The code alone: no seat; watching is allowed, and a spectator never sees the secret.
    let e = refused(&mut stranger, json!({ "type": "join", "table": code, "seat": 1 })).await;
    assert_eq!(e["code"], "not_invited", "{e}");
    let e =
        refused(&mut stranger, json!({ "type": "join", "table": code, "seat": 1, "invite": "0000000000000000" })).await;
    assert_eq!(e["code"], "not_invited", "{e}");
    stranger.send(json!({ "type": "spectate", "table": code })).await;
    stranger.until(|v| v["type"] == "table").await;
    // With the invite: a seat, and the secret to invite others.
    friend.send(json!({ "type": "join", "table": code, "seat": 2, "invite": invite })).await;
    let t = friend.until(|v| (v["type"] == "table" && v["you"] == 2) || v["type"] == "error").await;
    assert_eq!(t["table"]["invite"], json!(invite), "{t}");
    drain(&mut stranger).await;
    for frame in &stranger.seen {
        assert!(!frame.to_string().contains(&invite), "a spectator saw the invite: {frame}");
    }
    server.stop().await;
}

#[tokio::test]
async fn an_unrated_match_leaves_ratings_alone() {
    let server = start("unrated").await;
    let mut sara = account(&server, "Sara").await;
    let code = sara.create("kout4", json!({})).await;
    sara.send(json!({ "type": "fill_bots", "table": code, "bot": "random" })).await;
    sara.send(json!({ "type": "start", "table": code })).await;
    let id = sara.play(&code, usize::MAX).await.unwrap();
    assert!(changes_seen(&sara).is_empty());
    let (_, profile) = http(server.addr, "GET", &format!("/api/players/{}", sara.id), None, None).await;
    assert_eq!(profile["ratings"], json!([]));
    assert_eq!((&profile["games"][0]["game_id"], &profile["games"][0]["rated"]), (&json!(id), &json!(false)));
    assert_eq!(profile["games"][0]["rating_change"], Value::Null);
    // Your games names each person's id by seat, so names can open profiles; bots have none.
    let (_, games) = http(server.addr, "GET", "/api/me/games", None, Some(&sara.token)).await;
    assert_eq!(games[0]["player_ids"], json!([sara.id, null, null, null]));
    let (status, _) = http(server.addr, "GET", "/api/players/p_nobody", None, None).await;
    assert_eq!(status, 404);
    server.stop().await;
}

/// The store's side of ratings, on any database: a rated end stored once (a retry returns the
/// same changes and moves nothing), ranks counted by the database, the profile's rows, the
/// export's pages.
async fn rated_store(store: &Store) {
    use game::{GameKind, Seat, Team, Winner};
    use server::store::{MatchRow, PlayerRow, RatedEnd, RatedSeat};
    let unique = |p: &str| server::ids::random_code(p, 10).unwrap();
    let mut ids = Vec::new();
    for name in NAMES_FOR_STORE {
        let player = PlayerRow { id: unique("p_"), name: name.to_owned() };
        store.create_player(&player, &unique("hash"), 1).await.unwrap();
        ids.push(player.id);
    }
    let seats: Vec<(i64, String)> = ids.iter().enumerate().map(|(i, id)| (i as i64, id.clone())).collect();
    let mut matches = Vec::new();
    for n in 0..2 {
        let m = MatchRow {
            id: unique("g_"),
            table_code: unique("T"),
            number: n,
            game: "kout4".to_owned(),
            rules: "{}".to_owned(),
            players: json!(NAMES_FOR_STORE).to_string(),
            first_dealer: 0,
            finished: 0,
            result: None,
            record: None,
            started_at: 10 + n,
            ended_at: None,
            rated: 1,
        };
        store.create_match(&m, &seats).await.unwrap();
        matches.push(m.id);
    }
    let rated: Vec<RatedSeat> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| RatedSeat { seat: Seat::new(i).unwrap(), player_id: id.clone(), left: false })
        .collect();
    let winner = Winner::Team(Team::ONE);
    let end = RatedEnd { kind: GameKind::Kout4, winner: &winner, score: &[10, 31], seats: &rated, hands: 6 };
    let result = r#"{"winner":1,"score":[10,31]}"#;
    let first =
        store.finish_rated_match(&matches[0], result, r#"{"game":"kout4","hands":[]}"#, 100, &end).await.unwrap();
    assert_eq!(first.len(), 4);
    let again =
        store.finish_rated_match(&matches[0], result, r#"{"game":"kout4","hands":[]}"#, 101, &end).await.unwrap();
    assert_eq!(again, first, "a retried end returns what was stored and moves nothing");
    let fresh = ratings::initial();
    let (zero, one) =
        weng_lin_two_teams(&[fresh, fresh], &[fresh, fresh], &Outcomes::LOSS, &ratings::config(GameKind::Kout4));
    for c in &first {
        let expected = if c.seat % 2 == 0 { zero[0] } else { one[0] };
        assert!(close(c.rating_after, expected.rating) && close(c.uncertainty_after, expected.uncertainty), "{c:?}");
        assert_eq!(c.outcome, if c.seat % 2 == 1 { "win" } else { "loss" });
    }
    let mine = store.ratings_of(&ids[1]).await.unwrap();
    assert_eq!((mine.len(), mine[0].rating.games, mine[0].rating.wins), (1, 1, 1));
    let theirs = store.ratings_of(&ids[0]).await.unwrap();
    assert!(mine[0].rank < theirs[0].rank, "the winner ranks above the loser");
    let board = store.leaderboard("kout4", 100).await.unwrap();
    let at = |id: &str| board.iter().find(|r| r.rating.player_id == id).map(|r| r.rank);
    assert_eq!(at(&ids[1]), Some(mine[0].rank), "the board's rank is the counted rank");
    // The second match: leaving on team one this time. Only the leaver moves.
    let mut left = rated.clone();
    left[3].left = true;
    let end = RatedEnd { kind: GameKind::Kout4, winner: &winner, score: &[10, 31], seats: &left, hands: 6 };
    let second =
        store.finish_rated_match(&matches[1], result, r#"{"game":"kout4","hands":[]}"#, 200, &end).await.unwrap();
    assert_eq!(second.iter().find(|c| c.seat == 3).unwrap().outcome, "left");
    let void = second.iter().find(|c| c.seat == 0).unwrap();
    assert_eq!(void.outcome, "void");
    assert!(close(void.rating_after, void.rating_before));
    let after_void = store.ratings_of(&ids[0]).await.unwrap();
    assert_eq!((after_void[0].rating.games, after_void[0].leaves), (1, 0), "a void match is not counted");
    let leaver = store.ratings_of(&ids[3]).await.unwrap();
    assert_eq!((leaver[0].rating.games, leaver[0].leaves), (2, 1));
    let (count, last) = store.leaves_since(&ids[3], 0).await.unwrap();
    assert_eq!((count, last), (1, Some(200)));
    let games = store.finished_games(&ids[3], 10).await.unwrap();
    assert_eq!(games.iter().map(|g| g.outcome.clone().unwrap()).collect::<Vec<_>>(), ["left", "win"]);
    // The export in pages of one: both matches, oldest first, each once.
    let page = store.export_page(&ids[3], None, 1).await.unwrap();
    assert_eq!(page[0].0.game_id, matches[0]);
    let after = Some((page[0].0.ended_at.unwrap(), page[0].0.game_id.clone()));
    let next = store.export_page(&ids[3], after, 1).await.unwrap();
    assert_eq!(next[0].0.game_id, matches[1]);
    let last = Some((next[0].0.ended_at.unwrap(), next[0].0.game_id.clone()));
    assert!(store.export_page(&ids[3], last, 1).await.unwrap().is_empty());
}

const NAMES_FOR_STORE: [&str; 4] = ["Sara", "Omar", "Noura", "Faisal"];

#[tokio::test]
async fn the_sqlite_store_keeps_ratings_with_the_match() {
    rated_store(&Store::connect(&temp_db("rated-store")).await.unwrap()).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_ratings_with_the_match() {
    let Ok(url) = std::env::var("MAJLIS_TEST_POSTGRES") else {
        eprintln!("MAJLIS_TEST_POSTGRES is not set: the PostgreSQL ratings test is skipped");
        return;
    };
    rated_store(&Store::connect(&url).await.unwrap()).await;
}
