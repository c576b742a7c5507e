//! Duplicate team tournaments over real sockets: a Swiss event of eight pairs over three rounds,
//! with two pairs that never come (bots play for them and they lose) and a server restart in
//! round two; and a rated knockout bracket of four pairs played to its final.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::time::Duration;

use common::{Client, TestServer, config, http, record, temp_db};
use game::{Game, Match};
use serde_json::{Value, json};

fn tournament_config() -> server::Config {
    server::Config {
        tournament_grace: Duration::from_millis(1500),
        tournament_tick: Duration::from_millis(50),
        disconnect_grace: Duration::from_millis(200),
        ..config()
    }
}

async fn detail(addr: SocketAddr, id: &str, token: Option<&str>) -> Value {
    let (status, t) = http(addr, "GET", &format!("/api/tournaments/{id}"), None, token).await;
    assert_eq!(status, 200, "{t}");
    t
}

/// Polls the tournament until `pred` holds (the driver ticks every 50 ms).
async fn wait_for(addr: SocketAddr, id: &str, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let t = detail(addr, id, None).await;
        if pred(&t) {
            return t;
        }
        assert!(tokio::time::Instant::now() < deadline, "waiting for {what}: {t}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A new account named `name` (a claimed guest): its token and id.
async fn account_with_id(addr: SocketAddr, name: &str) -> (String, String) {
    let (status, answer) = http(addr, "POST", "/api/players", Some(&json!({ "name": name }).to_string()), None).await;
    assert_eq!(status, 200, "{answer}");
    let guest = answer["token"].as_str().unwrap().to_owned();
    let body = json!({ "password": "correct horse battery" }).to_string();
    let (status, answer) = http(addr, "POST", "/api/account/claim", Some(&body), Some(&guest)).await;
    assert_eq!(status, 200, "{answer}");
    (answer["token"].as_str().unwrap().to_owned(), answer["player"]["id"].as_str().unwrap().to_owned())
}

/// A new account named `name`: its token.
async fn account(addr: SocketAddr, name: &str) -> String {
    account_with_id(addr, name).await.0
}

async fn create(addr: SocketAddr, token: &str, body: Value) -> String {
    let (status, t) = http(addr, "POST", "/api/tournaments", Some(&body.to_string()), Some(token)).await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["status"], "open");
    t["id"].as_str().unwrap().to_owned()
}

async fn register(addr: SocketAddr, id: &str, token: &str, partners: &[&str]) {
    let body = json!({ "partners": partners }).to_string();
    let (status, t) = http(addr, "POST", &format!("/api/tournaments/{id}/register"), Some(&body), Some(token)).await;
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["you"]["registered"], true, "{t}");
}

/// The boards of `round` (from 1) in the tournament `t`.
fn boards(t: &Value, round: i64) -> Vec<Value> {
    t["played"].as_array().unwrap().iter().find(|r| r["round"] == round).unwrap()["boards"].as_array().unwrap().clone()
}

/// Each of `tokens` comes to their table of the round under way, stays until its match has
/// started (so they are no no-show), then goes: bots finish the match for them.
async fn show_up(addr: SocketAddr, id: &str, tokens: &[String]) {
    let mut tasks = Vec::new();
    for token in tokens {
        let t = detail(addr, id, Some(token)).await;
        let code = t["you"]["table"].as_str().unwrap_or_else(|| panic!("a table for every player: {t}")).to_owned();
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            let mut c = Client::connect(addr, &token).await;
            c.send(json!({ "type": "join", "table": code, "id": "j" })).await;
            let t = c.until(|v| v["type"] == "table" || v["type"] == "error").await;
            assert_eq!(t["type"], "table", "{t}");
            c.until(|v| v["type"] == "table" && v["table"]["status"] != "lobby").await;
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
}

/// Team number → the tokens of its players, from the `teams` of `t` and the players' names.
fn tokens_by_team(t: &Value, token_of: &HashMap<String, String>) -> HashMap<i64, Vec<String>> {
    t["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|team| {
            let tokens = team["players"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|p| p.as_str().and_then(|n| token_of.get(n)).cloned())
                .collect();
            (team["team"].as_i64().unwrap(), tokens)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_tournament_of_eight_pairs_plays_the_same_deals_per_round_through_no_shows_and_a_restart() {
    let db = temp_db("tournament-swiss");
    let server = TestServer::start(tournament_config(), &db).await;
    let addr = server.addr;
    let host = account(addr, "Host").await;
    let id = create(
        addr,
        &host,
        json!({ "name": "Friday Kout", "game": "kout4", "format": "swiss", "rounds": 3, "hands": 2 }),
    )
    .await;
    // Sixteen players: two pairs register together (the first names the partner), twelve alone.
    let mut token_of: HashMap<String, String> = HashMap::new();
    for i in 0..16 {
        let name = format!("Player{i:02}");
        token_of.insert(name.clone(), account(addr, &name).await);
    }
    register(addr, &id, &token_of["Player00"], &["Player01"]).await;
    register(addr, &id, &token_of["Player02"], &["Player03"]).await;
    for i in 4..16 {
        register(addr, &id, &token_of[&format!("Player{i:02}")], &[]).await;
    }
    // Registration is refused twice, and to Kabul; only the host starts.
    let (status, _) =
        http(addr, "POST", &format!("/api/tournaments/{id}/register"), Some("{}"), Some(&token_of["Player01"])).await;
    assert_eq!(status, 409);
    let (status, _) =
        http(addr, "POST", &format!("/api/tournaments/{id}/start"), None, Some(&token_of["Player05"])).await;
    assert_eq!(status, 403);
    let (status, _) = http(
        addr,
        "POST",
        "/api/tournaments",
        Some(&json!({ "name": "K", "game": "kabul", "format": "swiss" }).to_string()),
        Some(&host),
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = http(addr, "POST", &format!("/api/tournaments/{id}/start"), None, Some(&host)).await;
    assert_eq!(status, 200);

    let t = wait_for(addr, &id, "round 1", |t| t["round"] == 1).await;
    let teams = tokens_by_team(&t, &token_of);
    assert_eq!(teams.len(), 8, "{t}");
    // The pairs registered together are teams; the lone players were put together in order.
    let team_names: Vec<Vec<String>> = t["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["players"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect())
        .collect();
    assert!(team_names.contains(&vec!["Player00".to_owned(), "Player01".to_owned()]), "{team_names:?}");
    assert!(team_names.contains(&vec!["Player04".to_owned(), "Player05".to_owned()]), "{team_names:?}");
    // Teams 7 and 8 never come.
    let absent: HashSet<i64> = [7, 8].into();
    let present: Vec<String> =
        teams.iter().filter(|(team, _)| !absent.contains(team)).flat_map(|(_, tokens)| tokens.clone()).collect();

    // Round 1. While it is played, a finished match of it stays hidden.
    show_up(addr, &id, &present).await;
    let store = server::store::Store::connect(&db).await.unwrap();
    loop {
        let before = detail(addr, &id, None).await;
        let done_before = before["played"][0]["done"] == true;
        let (status, _) = http(addr, "GET", "/api/tournaments", None, None).await;
        assert_eq!(status, 200);
        // A spectator is refused at a board while the round is played.
        if done_before {
            break;
        }
        let code = boards(&before, 1)[0]["table"].as_str().unwrap().to_owned();
        let mut watcher = Client::connect(addr, &host).await;
        watcher.send(json!({ "type": "spectate", "table": code, "id": "s" })).await;
        let refused = watcher.until(|v| v["type"] == "error" || v["type"] == "table").await;
        assert_eq!(refused["type"], "error", "{refused}");
        // Any finished match of the round: its record is hidden until the round is over.
        let finished = store.tournament_boards(&id).await.unwrap();
        if let Some(b) = finished.iter().find(|b| b.match_id.is_some()) {
            let m = b.match_id.clone().unwrap();
            let (status, body) = http(addr, "GET", &format!("/api/games/{m}/record"), None, Some(&host)).await;
            // Its own player's export leaves the record out too.
            let player = &teams[&b.team_a][0];
            let auth = format!("Bearer {player}");
            let export = common::http_with(addr, "GET", "/api/me/export", None, &[("Authorization", &auth)]).await;
            assert_eq!(export.status, 200);
            let lines: Vec<Value> = match &export.body {
                Value::String(text) => text.lines().map(|l| serde_json::from_str(l).unwrap()).collect(),
                one => vec![one.clone()],
            };
            let line = lines.into_iter().find(|l| l["game_id"] == m.as_str()).unwrap();
            let after = detail(addr, &id, None).await;
            if after["played"][0]["done"] != true {
                assert_eq!(status, 403, "{body}");
                assert_eq!(body["error"]["code"], "round_hidden", "{body}");
                assert!(line["record"].is_null(), "{line}");
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    store.close().await;

    // Round 2 is paired; the server stops before anyone comes, and comes back.
    wait_for(addr, &id, "round 2", |t| t["round"] == 2).await;
    server.stop().await;
    let server = TestServer::start(tournament_config(), &db).await;
    let addr = server.addr;
    show_up(addr, &id, &present).await;
    wait_for(addr, &id, "round 3", |t| t["round"] == 3).await;
    show_up(addr, &id, &present).await;
    let t = wait_for(addr, &id, "the end", |t| t["status"] == "finished").await;

    // No rematch; every round's tables played the same deals, each from both sides (team A in the
    // odd seats at odd boards), and each round other deals.
    let mut met: HashSet<(i64, i64)> = HashSet::new();
    let mut halves: HashMap<i64, i64> = HashMap::new();
    let mut diff: HashMap<i64, i64> = HashMap::new();
    // (round, held the even seats' cards, team, net) for the room's matchpoints.
    let mut sides: Vec<(i64, bool, i64, i64)> = Vec::new();
    let mut decks_of_rounds: Vec<Vec<String>> = Vec::new();
    let name_of_team: HashMap<i64, Vec<String>> = t["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let names = x["players"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
            (x["team"].as_i64().unwrap(), names)
        })
        .collect();
    for round in 1..=3 {
        let mut decks: Option<Vec<String>> = None;
        let mut flips = 0;
        for b in boards(&t, round) {
            let (a, bt) = (b["a"].as_i64().unwrap(), b["b"].as_i64().unwrap());
            assert!(met.insert((a.min(bt), a.max(bt))), "teams {a} and {bt} met twice: {t}");
            let flipped = b["flipped"].as_bool().unwrap();
            assert_eq!(flipped, b["board"].as_i64().unwrap() % 2 == 1, "{b}");
            flips += usize::from(flipped);
            let game_id = b["game_id"].as_str().unwrap();
            let rec = record(addr, game_id).await;
            assert_eq!(rec.hands.len(), 2, "two hands a match");
            // Team A's first player sits in seat 0, or seat 1 at a flipped board.
            assert_eq!(rec.players[usize::from(flipped)], name_of_team[&a][0], "{b}");
            assert_eq!(rec.players[1 - usize::from(flipped)], name_of_team[&bt][0], "{b}");
            let these: Vec<String> = rec.hands.iter().map(|h| format!("{}|{:?}", h.dealer, h.deck)).collect();
            match &decks {
                None => decks = Some(these),
                Some(d) => assert_eq!(d, &these, "round {round}: every table played the same deals"),
            }
            // The standings, recomputed from the records: the engine's score after the match
            // (the even seats' first), and a team that never came loses.
            let m = Match::<kout::Kout>::replay(&rec).unwrap();
            let s = m.game().score();
            let (even, odd) = (i64::from(s[0]), i64::from(s[1]));
            let (pa, pb) = if flipped { (odd, even) } else { (even, odd) };
            assert_eq!((b["a_points"].as_i64().unwrap(), b["b_points"].as_i64().unwrap()), (pa, pb));
            let (na, nb) = (absent.contains(&a), absent.contains(&bt));
            let expected = match (na, nb) {
                (true, true) => "both_lose",
                (true, false) => "b",
                (false, true) => "a",
                _ if pa > pb => "a",
                _ if pa < pb => "b",
                _ => "draw",
            };
            assert_eq!(b["outcome"], expected, "{b}");
            let (ha, hb) = match expected {
                "a" => (2, 0),
                "b" => (0, 2),
                "draw" => (1, 1),
                _ => (0, 0),
            };
            *halves.entry(a).or_default() += ha;
            *halves.entry(bt).or_default() += hb;
            *diff.entry(a).or_default() += pa - pb;
            *diff.entry(bt).or_default() += pb - pa;
            sides.push((round, !flipped, a, pa - pb));
            sides.push((round, flipped, bt, pb - pa));
        }
        assert_eq!(flips, 2, "round {round}: half the tables hold the deals from the other side");
        decks_of_rounds.push(decks.unwrap());
    }
    assert_ne!(decks_of_rounds[0], decks_of_rounds[1]);
    assert_ne!(decks_of_rounds[1], decks_of_rounds[2]);
    // The room's matchpoints by hand: each team against the teams of its round on the same side.
    let mut mp: HashMap<i64, (i64, i64)> = HashMap::new();
    for &(round, side, team, net) in &sides {
        for &(r2, s2, other, net2) in &sides {
            if r2 == round && s2 == side && other != team {
                let e = mp.entry(team).or_default();
                e.0 += if net > net2 { 2 } else { i64::from(net == net2) };
                e.1 += 2;
            }
        }
    }
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 8);
    for line in standings {
        let team = line["team"].as_i64().unwrap();
        assert_eq!(line["score"].as_f64().unwrap(), halves[&team] as f64 / 2.0, "{line}");
        assert_eq!(line["diff"].as_i64().unwrap(), diff[&team], "{line}");
        let (got, tops) = mp[&team];
        assert_eq!(tops, 3 * 2 * 3, "three rounds, three others on the same side: {line}");
        let want = 100.0 * got as f64 / tops as f64;
        assert!((line["matchpoints"].as_f64().unwrap() - want).abs() < 1e-9, "{line}: {want}");
    }
    // Best first: by score, then the room's matchpoints, then the points difference.
    let keys: Vec<(f64, f64, i64)> = standings
        .iter()
        .map(|l| (l["score"].as_f64().unwrap(), l["matchpoints"].as_f64().unwrap(), l["diff"].as_i64().unwrap()))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
    // The absent teams lost every match.
    for line in standings.iter().filter(|l| absent.contains(&l["team"].as_i64().unwrap())) {
        assert_eq!(line["won"], 0, "{line}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_knockout_of_four_pairs_is_seeded_by_rating_and_played_to_its_final() {
    let server = TestServer::start(tournament_config(), &temp_db("tournament-knockout")).await;
    let addr = server.addr;
    let host = account(addr, "Hostess").await;
    let id = create(
        addr,
        &host,
        json!({ "name": "Cup", "game": "baloot", "format": "knockout", "hands": 1, "rated": true }),
    )
    .await;
    let mut token_of: HashMap<String, String> = HashMap::new();
    let mut id_of: HashMap<String, String> = HashMap::new();
    for i in 0..8 {
        let name = format!("Cup{i}");
        let (token, pid) = account_with_id(addr, &name).await;
        id_of.insert(token.clone(), pid);
        token_of.insert(name, token);
    }
    for i in (0..8).step_by(2) {
        let partner = format!("Cup{}", i + 1);
        register(addr, &id, &token_of[&format!("Cup{i}")], &[&partner]).await;
    }
    let (status, _) = http(addr, "POST", &format!("/api/tournaments/{id}/start"), None, Some(&host)).await;
    assert_eq!(status, 200);
    let t = wait_for(addr, &id, "round 1", |t| t["round"] == 1).await;
    let teams = tokens_by_team(&t, &token_of);
    let pairs: Vec<(i64, Option<i64>)> =
        boards(&t, 1).iter().map(|b| (b["a"].as_i64().unwrap(), b["b"].as_i64())).collect();
    assert_eq!(pairs, vec![(1, Some(4)), (2, Some(3))], "1 meets 4, 2 meets 3");
    let everyone: Vec<String> = teams.values().flatten().cloned().collect();
    show_up(addr, &id, &everyone).await;
    let t = wait_for(addr, &id, "the final", |t| t["round"] == 2).await;
    let semis = boards(&t, 1);
    let winners: Vec<i64> = semis
        .iter()
        .map(|b| match b["outcome"].as_str().unwrap() {
            "a" => b["a"].as_i64().unwrap(),
            "b" => b["b"].as_i64().unwrap(),
            _ => b["a"].as_i64().unwrap().min(b["b"].as_i64().unwrap()),
        })
        .collect();
    let final_board = &boards(&t, 2)[0];
    assert_eq!(
        (final_board["a"].as_i64().unwrap(), final_board["b"].as_i64().unwrap()),
        (winners[0].min(winners[1]), winners[0].max(winners[1]))
    );
    let finalists: Vec<String> = [winners[0], winners[1]].iter().flat_map(|w| teams[w].clone()).collect();
    show_up(addr, &id, &finalists).await;
    let t = wait_for(addr, &id, "the end", |t| t["status"] == "finished").await;
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings[0]["place"], 1);
    assert_eq!(standings[1]["place"], 2);
    assert_eq!(standings[2]["place"], 3);
    assert_eq!(standings[3]["place"], 3);
    assert_eq!(standings[0]["alive"], true);
    assert!(standings[1..].iter().all(|l| l["alive"] == false));
    // Rated: each player has a rated Baloot game for each match of theirs that had a winner (a
    // drawn match has none, and is not rated).
    let mut decided: HashMap<i64, usize> = HashMap::new();
    for round in 1..=2 {
        for b in boards(&t, round) {
            if b["outcome"] == "a" || b["outcome"] == "b" {
                *decided.entry(b["a"].as_i64().unwrap()).or_default() += 1;
                *decided.entry(b["b"].as_i64().unwrap()).or_default() += 1;
            }
        }
    }
    assert!(decided.values().sum::<usize>() > 0, "{t}");
    for (team, tokens) in &teams {
        for token in tokens {
            let (status, profile) = http(addr, "GET", &format!("/api/players/{}", id_of[token]), None, None).await;
            assert_eq!(status, 200, "{profile}");
            let games = profile["ratings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["game"] == "baloot")
                .map_or(0, |r| r["games"].as_u64().unwrap() as usize);
            assert_eq!(games, decided.get(team).copied().unwrap_or(0), "team {team}: {profile}");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_schedule_holds_its_tournaments_once_a_slot_and_a_target_ends_a_match() {
    let db = temp_db("tournament-schedule");
    let entry = server::tournament::Schedule::parse("kout4 swiss at=*:00 rounds=1 hands=6 target=12").unwrap();
    // The wall clock stands at half past ten, so the next slot is eleven o'clock whenever the
    // test runs.
    fn half_past_ten() -> i64 {
        20_421 * 86_400_000 + 10 * 3_600_000 + 30 * 60_000
    }
    let scheduled = server::Config { schedule: vec![entry.clone()], wall_clock: half_past_ten, ..tournament_config() };
    let server = TestServer::start(scheduled.clone(), &db).await;
    let addr = server.addr;
    let (_, list) = http(addr, "GET", "/api/tournaments", None, None).await;
    let ours: Vec<&Value> = list["tournaments"].as_array().unwrap().iter().collect();
    assert_eq!(ours.len(), 1, "{list}");
    let t = ours[0].clone();
    assert!(t["host"].is_null(), "{t}");
    assert_eq!((t["target"].as_i64(), t["hands"].as_i64(), t["status"].as_str()), (Some(12), Some(6), Some("open")));
    assert_eq!(t["name"], entry.name());
    assert_eq!(t["starts_at"].as_i64(), Some(half_past_ten() + 30 * 60_000), "eleven o'clock: {t}");
    // A restart, and a second node on the same store, add no second tournament for the slot.
    server.stop().await;
    let server = TestServer::start(scheduled, &db).await;
    let addr = server.addr;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (_, list) = http(addr, "GET", "/api/tournaments", None, None).await;
    assert_eq!(list["tournaments"].as_array().unwrap().len(), 1, "{list}");
    let id = t["id"].as_str().unwrap().to_owned();

    // Four players register; the hour is not waited for: the test moves the start.
    let mut token_of: HashMap<String, String> = HashMap::new();
    for i in 0..4 {
        let name = format!("Sched{i}");
        let token = account(addr, &name).await;
        register(addr, &id, &token, &[]).await;
        token_of.insert(name, token);
    }
    let (status, _) =
        http(addr, "POST", &format!("/api/tournaments/{id}/start"), None, Some(&token_of["Sched0"])).await;
    assert_eq!(status, 403, "nobody hosts a scheduled tournament");
    let store = server::store::Store::connect(&db).await.unwrap();
    assert!(store.set_tournament_start(&id, half_past_ten()).await.unwrap());
    store.close().await;
    wait_for(addr, &id, "round 1", |t| t["round"] == 1).await;
    let everyone: Vec<String> = token_of.values().cloned().collect();
    show_up(addr, &id, &everyone).await;
    let t = wait_for(addr, &id, "the end", |t| t["status"] == "finished").await;
    // The match ended after the hand that took a team to 12, or at its sixth hand.
    let b = &boards(&t, 1)[0];
    let rec = record(addr, b["game_id"].as_str().unwrap()).await;
    let score_after = |hands: usize| {
        let mut part = rec.clone();
        part.hands.truncate(hands);
        let m = Match::<kout::Kout>::replay(&part).unwrap();
        m.game().score().iter().map(|&x| i64::from(x)).max().unwrap_or(0)
    };
    let n = rec.hands.len();
    assert!((1..=6).contains(&n), "{n} hands");
    assert!(score_after(n - 1) < 12, "the match went on past its target");
    assert!(n == 6 || score_after(n) >= 12, "the match stopped short of its target: {n} hands");
    // Moving its start made no second tournament for the slot.
    let (_, list) = http(addr, "GET", "/api/tournaments", None, None).await;
    assert_eq!(list["tournaments"].as_array().unwrap().len(), 1, "{list}");
    server.stop().await;
}

/// The tournament tables of a store, on either database: registering (groups, refusals), the
/// start with its teams, a round's boards with their match's result, the guards that keep two
/// nodes from starting a tournament or pairing a round twice, one tournament per schedule slot;
/// and the daily deal's stored pars.
async fn tournament_store(store: &server::store::Store) {
    use server::store::{MatchRow, PlayerRow, TournamentBoardRow, TournamentRow, TournamentTeamRow};
    let unique = |p: &str| server::ids::random_code(p, 10).unwrap();
    let mut ids = Vec::new();
    for name in ["Sara", "Omar", "Noura", "Faisal"] {
        let player = PlayerRow { id: unique("p_"), name: name.to_owned() };
        store.create_player(&player, &unique("hash"), 1).await.unwrap();
        ids.push(player.id);
    }
    let id = unique("t_");
    // A slot of its own (a PostgreSQL test database outlives a run).
    let slot = format!("kout4 knockout at=*:00 @{id}");
    let t = TournamentRow {
        id: id.clone(),
        name: "Cup".to_owned(),
        game: "kout4".to_owned(),
        format: "knockout".to_owned(),
        rounds: 0,
        hands: 2,
        starts_at: 1_000,
        rated: 0,
        host: ids[0].clone(),
        status: "open".to_owned(),
        round: 0,
        secret: "00".repeat(32),
        created_at: 1,
        target: Some(31),
        schedule: Some(slot.clone()),
    };
    assert!(store.create_tournament(&t).await.unwrap());
    // One tournament per schedule slot: a second node's is not written.
    let again = TournamentRow { id: unique("t_"), ..t.clone() };
    assert!(!store.create_tournament(&again).await.unwrap());
    assert!(store.tournament(&again.id).await.unwrap().is_none());
    assert!(store.scheduled_tournament_exists(&slot).await.unwrap());
    assert!(!store.scheduled_tournament_exists(&format!("{slot}0")).await.unwrap());
    // A scheduled slot nobody came to is cancelled and leaves the list; a host's stays in it.
    let empty = TournamentRow { id: unique("t_"), schedule: Some(format!("{slot}e")), created_at: 2, ..t.clone() };
    let hosted = TournamentRow { id: unique("t_"), schedule: None, created_at: 2, ..t.clone() };
    for x in [&empty, &hosted] {
        assert!(store.create_tournament(x).await.unwrap());
        assert!(store.start_tournament(&x.id, &[]).await.unwrap());
        assert_eq!(store.tournament(&x.id).await.unwrap().unwrap().status, "cancelled");
    }
    let listed: Vec<String> = store.tournaments(i64::MAX).await.unwrap().into_iter().map(|x| x.id).collect();
    assert!(!listed.contains(&empty.id) && listed.contains(&hosted.id) && listed.contains(&id));
    assert_eq!(store.tournament(&id).await.unwrap().unwrap(), t);
    assert!(store.due_tournaments(999).await.unwrap().iter().all(|x| x.id != id), "not due before its start");
    assert!(store.due_tournaments(1_000).await.unwrap().iter().any(|x| x.id == id));
    // A pair, then two alone; a second registration of anyone is refused whole.
    assert!(store.register_tournament(&id, &[ids[0].clone(), ids[1].clone()], 5).await.unwrap());
    assert!(!store.register_tournament(&id, &[ids[2].clone(), ids[1].clone()], 6).await.unwrap());
    assert!(store.register_tournament(&id, &[ids[2].clone()], 6).await.unwrap());
    assert!(store.register_tournament(&id, &[ids[3].clone()], 7).await.unwrap());
    let players = store.tournament_players(&id).await.unwrap();
    let order: Vec<(&str, &str)> = players.iter().map(|p| (p.player_id.as_str(), p.group_id.as_str())).collect();
    assert_eq!(
        order,
        vec![
            (ids[0].as_str(), ids[0].as_str()),
            (ids[1].as_str(), ids[0].as_str()),
            (ids[2].as_str(), ids[2].as_str()),
            (ids[3].as_str(), ids[3].as_str())
        ]
    );
    // Faisal withdraws and comes back.
    assert!(store.withdraw_tournament(&id, &ids[3]).await.unwrap());
    assert!(store.register_tournament(&id, &[ids[3].clone()], 8).await.unwrap());
    let teams = vec![
        TournamentTeamRow { team: 1, players: json!([ids[0], ids[1]]).to_string(), rating: 1510.5 },
        TournamentTeamRow { team: 2, players: json!([ids[2], ids[3]]).to_string(), rating: 1500.0 },
    ];
    assert!(store.start_tournament(&id, &teams).await.unwrap());
    assert!(!store.start_tournament(&id, &teams).await.unwrap(), "started once");
    assert_eq!(store.tournament_teams(&id).await.unwrap(), teams);
    assert!(!store.register_tournament(&id, &[unique("p_")], 9).await.unwrap(), "registration has closed");
    assert!(!store.withdraw_tournament(&id, &ids[3]).await.unwrap(), "no withdrawing once it began");
    let code = unique("T");
    let board = TournamentBoardRow {
        round: 1,
        board: 0,
        team_a: 1,
        team_b: Some(2),
        table_code: Some(code.clone()),
        match_id: None,
        result: None,
    };
    assert!(store.begin_tournament_round(&id, 0, 1, std::slice::from_ref(&board)).await.unwrap());
    assert!(!store.begin_tournament_round(&id, 0, 1, std::slice::from_ref(&board)).await.unwrap(), "paired once");
    assert_eq!(store.tournament_boards(&id).await.unwrap(), vec![board.clone()]);
    assert_eq!(store.tournament_of_table(&code).await.unwrap(), Some((id.clone(), 1)));
    // The board's match finishes: the boards read its result.
    let m = MatchRow {
        id: unique("g_"),
        table_code: code.clone(),
        number: 0,
        game: "kout4".to_owned(),
        rules: "{}".to_owned(),
        players: json!(["Sara", "Noura", "Omar", "Faisal"]).to_string(),
        first_dealer: 0,
        finished: 0,
        result: None,
        record: None,
        started_at: 10,
        ended_at: None,
        rated: 0,
    };
    store.create_match(&m, &[]).await.unwrap();
    let result = r#"{"winner":1,"score":[3,5],"no_show":[0]}"#;
    store.finish_match(&m.id, result, "{}", 20).await.unwrap();
    let read = store.tournament_boards(&id).await.unwrap();
    assert_eq!(read[0].result.as_deref(), Some(result));
    assert_eq!(read[0].match_id.as_deref(), Some(m.id.as_str()));
    store.finish_tournament(&id).await.unwrap();
    assert_eq!(store.tournament(&id).await.unwrap().unwrap().status, "finished");
    assert!(store.due_tournaments(i64::MAX).await.unwrap().iter().all(|x| x.id != id));
    // The daily deal's pars, kept once per day and game (a second node's answer is not written).
    let day = format!("day-{id}");
    assert_eq!(store.daily_pars(&day, "baloot").await.unwrap(), None);
    store.set_daily_pars(&day, "baloot", "[26,-16]").await.unwrap();
    store.set_daily_pars(&day, "baloot", "[0,0]").await.unwrap();
    assert_eq!(store.daily_pars(&day, "baloot").await.unwrap().as_deref(), Some("[26,-16]"));
    assert_eq!(store.daily_pars(&day, "kout4").await.unwrap(), None);
}

#[tokio::test]
async fn the_sqlite_store_keeps_tournaments() {
    tournament_store(&server::store::Store::connect(&temp_db("tournament-store")).await.unwrap()).await;
}

#[tokio::test]
async fn the_postgres_store_keeps_tournaments() {
    let Ok(url) = std::env::var("MAJLIS_TEST_POSTGRES") else {
        eprintln!("MAJLIS_TEST_POSTGRES is not set: the PostgreSQL tournament test is skipped");
        return;
    };
    tournament_store(&server::store::Store::connect(&url).await.unwrap()).await;
}
