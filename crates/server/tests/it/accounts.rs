//! Accounts over real sockets: a guest claims its name with a password and signs in on another
//! device; names are unique case-insensitively under a clear rule; passwords change, sessions end;
//! sign-ins and new tables are rate-limited per address; the session cookie is HttpOnly,
//! SameSite and Secure behind TLS, works for HTTP and the WebSocket, and is refused from another
//! site's pages; the token no longer rides in the WebSocket URL.

#![allow(clippy::unwrap_used)]

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{Answer, Client, TestServer, config, http, http_with, temp_db, ws_request};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use server::limits::Limits;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const PASSWORD: &str = "correct horse battery";

/// A new guest: (token, player id).
async fn guest(addr: SocketAddr, name: &str) -> (String, String) {
    let (status, body) = http(addr, "POST", "/api/players", Some(&json!({ "name": name }).to_string()), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["player"]["account"], false, "{body}");
    (body["token"].as_str().unwrap().to_owned(), body["player"]["id"].as_str().unwrap().to_owned())
}

/// `POST /api/players`: the answer as it is.
async fn new_guest(addr: SocketAddr, name: &str) -> (u16, Value) {
    http(addr, "POST", "/api/players", Some(&json!({ "name": name }).to_string()), None).await
}

async fn post(addr: SocketAddr, path: &str, body: Value, token: &str) -> (u16, Value) {
    http(addr, "POST", path, Some(&body.to_string()), Some(token)).await
}

async fn claim(addr: SocketAddr, token: &str, password: &str) -> (u16, Value) {
    post(addr, "/api/account/claim", json!({ "password": password }), token).await
}

/// Claims the guest's name; the token of the session the claim started (the guest's ends).
async fn claimed(addr: SocketAddr, token: &str) -> String {
    let (status, body) = claim(addr, token, PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

async fn signin(addr: SocketAddr, name: &str, password: &str) -> (u16, Value) {
    let body = json!({ "name": name, "password": password }).to_string();
    http(addr, "POST", "/api/account/signin", Some(&body), None).await
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or("")
}

/// The `majlis_session` cookie an answer sets, with its attributes.
fn set_cookie(answer: &Answer) -> String {
    let cookies = answer.header_values("set-cookie");
    assert_eq!(cookies.len(), 1, "one Set-Cookie: {cookies:?}");
    assert!(cookies[0].starts_with("majlis_session="), "{}", cookies[0]);
    cookies[0].to_owned()
}

/// The `name=value` part of a Set-Cookie, as a browser sends it back.
fn cookie_pair(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().to_owned()
}

#[tokio::test]
async fn a_guest_claims_its_name_and_signs_in_on_a_second_device() {
    let server = TestServer::start(config(), &temp_db("acc-claim")).await;
    let addr = server.addr;
    let (phone, id) = guest(addr, "Sara").await;
    let (status, body) = claim(addr, &phone, PASSWORD).await;
    assert_eq!((status, &body["player"]), (200, &json!({ "id": id, "name": "Sara", "account": true })), "{body}");
    let phone = body["token"].as_str().unwrap().to_owned();
    let (status, body) = claim(addr, &phone, PASSWORD).await;
    assert_eq!((status, code(&body)), (409, "already_account"));

    // The laptop signs in with the name in another case: the same player, a new session.
    let (status, body) = signin(addr, "  sara ", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["player"], json!({ "id": id, "name": "Sara", "account": true }));
    let laptop = body["token"].as_str().unwrap().to_owned();
    assert_ne!(laptop, phone);
    for token in [&phone, &laptop] {
        let (status, body) = http(addr, "GET", "/api/me", None, Some(token)).await;
        assert_eq!((status, &body["player"]["id"], &body["player"]["account"]), (200, &json!(id), &json!(true)));
    }
    // Both devices play as the player: the laptop sees the game the phone started.
    let mut on_phone = Client::connect(addr, &phone).await;
    let table = on_phone.create("kout4", json!({})).await;
    let mut on_laptop = Client::connect(addr, &laptop).await;
    assert_eq!(on_laptop.id, id);
    on_laptop.send(json!({ "type": "resume", "table": table, "id": "r" })).await;
    let t = on_laptop.until(|v| v["type"] == "table" && v["id"] == "r").await;
    assert_eq!(t["you"], 0, "the laptop is the host in seat 0: {t}");
    server.stop().await;
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_name_get_the_same_401() {
    let server = TestServer::start(config(), &temp_db("acc-401")).await;
    let (token, _) = guest(server.addr, "Badr").await;
    assert_eq!(claim(server.addr, &token, PASSWORD).await.0, 200);
    let wrong = signin(server.addr, "Badr", "not the password").await;
    let unknown = signin(server.addr, "Nobody", PASSWORD).await;
    let short = signin(server.addr, "Badr", "x").await;
    assert_eq!((wrong.0, code(&wrong.1)), (401, "bad_credentials"), "{}", wrong.1);
    assert_eq!(wrong, unknown, "an unknown name is refused exactly like a wrong password");
    assert_eq!(wrong, short);
    // A guest's name is no account: signing in with it fails the same way.
    guest(server.addr, "Guesty").await;
    assert_eq!(signin(server.addr, "Guesty", PASSWORD).await, wrong);
    server.stop().await;
}

#[tokio::test]
async fn passwords_have_8_to_128_characters() {
    let server = TestServer::start(config(), &temp_db("acc-pw")).await;
    let (token, _) = guest(server.addr, "Dana").await;
    for bad in ["1234567", &"x".repeat(129)] {
        let (status, body) = claim(server.addr, &token, bad).await;
        assert_eq!((status, code(&body)), (400, "bad_password"), "{body}");
        assert!(body["error"]["message"].as_str().unwrap().contains("characters"), "in words: {body}");
    }
    let (status, body) = http(server.addr, "GET", "/api/me", None, Some(&token)).await;
    assert_eq!((status, &body["player"]["account"]), (200, &json!(false)), "still a guest");
    assert_eq!(claim(server.addr, &token, "12345678").await.0, 200);
    server.stop().await;
}

#[tokio::test]
async fn names_are_unique_among_accounts_whatever_their_case() {
    let server = TestServer::start(config(), &temp_db("acc-unique")).await;
    let addr = server.addr;
    // Two guests may share a name until one of them claims it.
    let (first, _) = guest(addr, "Sara").await;
    let (second, _) = guest(addr, "sara").await;
    assert_eq!(claim(addr, &first, PASSWORD).await.0, 200);
    let (status, body) = claim(addr, &second, PASSWORD).await;
    assert_eq!((status, code(&body)), (409, "name_taken"), "{body}");
    // No new guest may take it, in any case or spacing.
    for name in ["sara", "SARA", " Sara "] {
        let (status, body) = http(addr, "POST", "/api/players", Some(&json!({ "name": name }).to_string()), None).await;
        assert_eq!((status, code(&body)), (409, "name_taken"), "{name}: {body}");
    }
    // Nor may a guest rename itself to it.
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "SaRa" }), &second).await;
    assert_eq!((status, code(&body)), (409, "name_taken"), "{body}");
    // The second renames, then claims.
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "Sara B" }), &second).await;
    assert_eq!((status, &body["player"]["name"]), (200, &json!("Sara B")), "{body}");
    assert_eq!(claim(addr, &second, PASSWORD).await.0, 200);
    server.stop().await;
}

#[tokio::test]
async fn an_arabic_name_is_an_account_name_and_bad_characters_are_refused() {
    let server = TestServer::start(config(), &temp_db("acc-arabic")).await;
    let addr = server.addr;
    let (token, id) = guest(addr, "نورة العلي").await;
    let (status, body) = claim(addr, &token, "كلمة سر طويلة").await;
    assert_eq!((status, &body["player"]["name"]), (200, &json!("نورة العلي")), "{body}");
    let (status, body) = signin(addr, "نورة العلي", "كلمة سر طويلة").await;
    assert_eq!((status, &body["player"]["id"]), (200, &json!(id)), "{body}");

    // A guest name that breaks the account rule may not be claimed as it is: rename first.
    for name in ["Sara!", "ab", "123", "a  b", "☺☺☺"] {
        let (token, _) = guest(addr, name).await;
        let (status, body) = claim(addr, &token, PASSWORD).await;
        assert_eq!((status, code(&body)), (400, "bad_name"), "{name}: {body}");
        assert!(body["error"]["message"].as_str().unwrap().contains("rename first"), "{body}");
    }
    let (token, _) = guest(addr, "Sara!").await;
    let (status, _) = post(addr, "/api/account/rename", json!({ "name": "Sara_1.x-y" }), &token).await;
    assert_eq!(status, 200);
    assert_eq!(claim(addr, &token, PASSWORD).await.0, 200);
    server.stop().await;
}

#[tokio::test]
async fn renames_follow_the_rules_of_guests_and_of_accounts() {
    let server = TestServer::start(config(), &temp_db("acc-rename")).await;
    let addr = server.addr;
    let (sara, _) = guest(addr, "Sara").await;
    let (nora, nora_id) = guest(addr, "Nora").await;
    claimed(addr, &sara).await;
    let nora = claimed(addr, &nora).await;

    // An account: the account rule, and no other account's name.
    for (name, status, expected) in
        [("x", 400, "bad_name"), ("Nora!", 400, "bad_name"), ("bot:x", 400, "bad_name"), ("sara", 409, "name_taken")]
    {
        let (got, body) = post(addr, "/api/account/rename", json!({ "name": name }), &nora).await;
        assert_eq!((got, code(&body)), (status, expected), "{name}: {body}");
    }
    // Its own name in another case is its own.
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "NORA" }), &nora).await;
    assert_eq!((status, &body["player"]["name"]), (200, &json!("NORA")), "{body}");
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "Nora Ali" }), &nora).await;
    assert_eq!((status, &body["player"]), (200, &json!({ "id": nora_id, "name": "Nora Ali", "account": true })));
    // The new name signs in; the old one is free again.
    assert_eq!(signin(addr, "nora ali", PASSWORD).await.0, 200);
    assert_eq!(signin(addr, "Nora", PASSWORD).await.0, 401);
    guest(addr, "Nora").await;
    // The new name shows on the next connection.
    let c = Client::connect(addr, &nora).await;
    assert_eq!(c.name, "Nora Ali");

    // A guest: the guest rule (a bot's name is refused, punctuation is fine).
    let (g, _) = guest(addr, "Guest").await;
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "bot:strong" }), &g).await;
    assert_eq!((status, code(&body)), (400, "bad_name"));
    let (status, _) = post(addr, "/api/account/rename", json!({ "name": "Guest!" }), &g).await;
    assert_eq!(status, 200);
    server.stop().await;
}

#[tokio::test]
async fn a_new_password_ends_the_other_sessions_and_the_old_one_stops_working() {
    let server = TestServer::start(config(), &temp_db("acc-change")).await;
    let addr = server.addr;
    let (phone, _) = guest(addr, "Hala").await;
    let phone = claimed(addr, &phone).await;
    let laptop = signin(addr, "Hala", PASSWORD).await.1["token"].as_str().unwrap().to_owned();

    let change = |old: &str, new: &str| json!({ "old": old, "new": new });
    let (status, body) = post(addr, "/api/account/password", change("wrong password", "a new password"), &phone).await;
    assert_eq!((status, code(&body)), (401, "bad_credentials"), "{body}");
    let (status, body) = post(addr, "/api/account/password", change(PASSWORD, "short"), &phone).await;
    assert_eq!((status, code(&body)), (400, "bad_password"), "{body}");
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&laptop)).await.0, 200, "nothing changed yet");

    let (status, body) = post(addr, "/api/account/password", change(PASSWORD, "a new password"), &phone).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&phone)).await.0, 200, "this device stays signed in");
    let (status, body) = http(addr, "GET", "/api/me", None, Some(&laptop)).await;
    assert_eq!((status, code(&body)), (401, "unauthorized"), "the other device is signed out");
    assert!(tokio_tungstenite::connect_async(ws_request(addr, &laptop)).await.is_err());
    assert_eq!(signin(addr, "Hala", PASSWORD).await.0, 401, "the old password stops working");
    assert_eq!(signin(addr, "Hala", "a new password").await.0, 200);

    // A guest has no password to change.
    let (g, _) = guest(addr, "Guest").await;
    let (status, body) = post(addr, "/api/account/password", change(PASSWORD, "a new password"), &g).await;
    assert_eq!((status, code(&body)), (409, "not_account"));
    server.stop().await;
}

#[tokio::test]
async fn signing_out_ends_the_session_and_clears_the_cookie() {
    let server = TestServer::start(config(), &temp_db("acc-signout")).await;
    let addr = server.addr;
    let (token, _) = guest(addr, "Omar").await;
    let token = claimed(addr, &token).await;
    let other = signin(addr, "Omar", PASSWORD).await.1["token"].as_str().unwrap().to_owned();
    let bearer = format!("Bearer {token}");
    let out = http_with(addr, "POST", "/api/account/signout", None, &[("Authorization", &bearer)]).await;
    assert_eq!(out.status, 204);
    let cleared = set_cookie(&out);
    assert!(cleared.starts_with("majlis_session=;") && cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&token)).await.0, 401);
    assert_eq!(http(addr, "POST", "/api/account/signout", None, Some(&token)).await.0, 401);
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&other)).await.0, 200, "only this device signed out");
    server.stop().await;
}

#[tokio::test]
async fn sign_in_attempts_are_limited_per_address() {
    let limits = Limits { signin_burst: 3, signins_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("acc-signin-rate")).await;
    let (token, _) = guest(server.addr, "Zaid").await;
    let token = claimed(server.addr, &token).await;
    for _ in 0..3 {
        assert_eq!(signin(server.addr, "Zaid", "guess guess").await.0, 401);
    }
    // Even the right password waits now.
    let (status, body) = signin(server.addr, "Zaid", PASSWORD).await;
    assert_eq!((status, code(&body)), (429, "rate_limited"), "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("sign-in attempts"), "in words: {body}");
    // Checking the old password counts too.
    let change = json!({ "old": PASSWORD, "new": "a new password" });
    let (status, body) = post(server.addr, "/api/account/password", change, &token).await;
    assert_eq!((status, code(&body)), (429, "rate_limited"), "{body}");
    server.stop().await;
}

#[tokio::test]
async fn table_creation_is_limited_per_address() {
    let limits = Limits { table_burst: 2, tables_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("acc-table-rate")).await;
    let mut a = Client::new(server.addr, "Amal").await;
    let mut b = Client::new(server.addr, "Badr").await;
    a.create("kout4", json!({})).await;
    b.create("kout4", json!({})).await;
    // A third table from the same address, whoever asks, is refused in words; the socket stays.
    a.send(json!({ "type": "create_table", "game": "kout4", "id": "third" })).await;
    let e = a.until(|v| v["id"] == "third").await;
    assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("rate_limited")), "{e}");
    assert!(e["message"].as_str().unwrap().contains("too many new tables"), "{e}");
    a.send(json!({ "type": "ping", "id": "alive" })).await;
    assert_eq!(a.until(|v| v["id"] == "alive").await["type"], "pong");
    server.stop().await;
}

#[tokio::test]
async fn the_session_cookie_is_httponly_samesite_and_secure_only_behind_tls() {
    let server = TestServer::start(config(), &temp_db("acc-cookie")).await;
    let addr = server.addr;
    let body = json!({ "name": "Cookie" }).to_string();
    let plain = http_with(addr, "POST", "/api/players", Some(&body), &[]).await;
    assert_eq!(plain.status, 200);
    let cookie = set_cookie(&plain);
    let token = plain.body["token"].as_str().unwrap();
    assert_eq!(cookie, format!("majlis_session={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000"));
    let tls = http_with(addr, "POST", "/api/players", Some(&body), &[("X-Forwarded-Proto", "https")]).await;
    assert!(set_cookie(&tls).ends_with("; Secure"), "{}", set_cookie(&tls));

    // Signing in sets the cookie too.
    assert_eq!(claim(addr, token, PASSWORD).await.0, 200);
    let creds = json!({ "name": "cookie", "password": PASSWORD }).to_string();
    let signed = http_with(addr, "POST", "/api/account/signin", Some(&creds), &[("X-Forwarded-Proto", "https")]).await;
    let cookie = set_cookie(&signed);
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.ends_with("; Secure"));
    server.stop().await;

    // `--secure-cookies`: Secure without the header.
    let server =
        TestServer::start(server::Config { secure_cookies: true, ..config() }, &temp_db("acc-cookie-secure")).await;
    let answer = http_with(server.addr, "POST", "/api/players", Some(&body), &[]).await;
    assert!(set_cookie(&answer).ends_with("; Secure"));
    server.stop().await;
}

#[tokio::test]
async fn the_cookie_signs_in_http_and_the_websocket_but_not_from_another_site() {
    let server = TestServer::start(config(), &temp_db("acc-cookie-auth")).await;
    let addr = server.addr;
    let created = http_with(addr, "POST", "/api/players", Some(r#"{"name":"Lina"}"#), &[]).await;
    let id = created.body["player"]["id"].as_str().unwrap().to_owned();
    let cookie = cookie_pair(&set_cookie(&created));

    let me = http_with(addr, "GET", "/api/me", None, &[("Cookie", &format!("theme=dark; {cookie}"))]).await;
    assert_eq!((me.status, &me.body["player"]["id"]), (200, &json!(id)), "{}", me.body);
    // Changes are refused from another site's page, not from ours.
    let same = [("Cookie", cookie.as_str()), ("Origin", "http://test")];
    let evil = [("Cookie", cookie.as_str()), ("Origin", "https://evil.example")];
    let rename = |name: &str| json!({ "name": name }).to_string();
    let answer = http_with(addr, "POST", "/api/account/rename", Some(&rename("Lina A")), &same).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = http_with(addr, "POST", "/api/account/rename", Some(&rename("Pwned")), &evil).await;
    assert_eq!((answer.status, code(&answer.body)), (403, "bad_origin"), "{}", answer.body);
    let answer = http_with(addr, "POST", "/api/account/signout", None, &[evil[0], ("Origin", "null")]).await;
    assert_eq!(answer.status, 403);
    // Nor may another site's page make the browser a new guest or sign it in (replacing its
    // session with one of that page's choosing).
    let from_evil = [("Origin", "https://evil.example")];
    let answer = http_with(addr, "POST", "/api/players", Some(r#"{"name":"Mallory"}"#), &from_evil).await;
    assert_eq!((answer.status, code(&answer.body)), (403, "bad_origin"));
    assert!(answer.header_values("set-cookie").is_empty());
    let creds = json!({ "name": "Lina", "password": PASSWORD }).to_string();
    let answer = http_with(addr, "POST", "/api/account/signin", Some(&creds), &from_evil).await;
    assert_eq!((answer.status, code(&answer.body)), (403, "bad_origin"));
    // A bearer token is not sent by browsers on their own: no origin check.
    let bearer = format!("Bearer {}", created.body["token"].as_str().unwrap());
    let answer = http_with(
        addr,
        "POST",
        "/api/account/rename",
        Some(&rename("Lina B")),
        &[("Authorization", &bearer), ("Origin", "https://tool.example")],
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);

    // The WebSocket: the cookie from our own page opens it; from another site's page it is 403.
    let upgrade = |origin: &str| {
        let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
        request.headers_mut().insert("Cookie", cookie.parse().unwrap());
        request.headers_mut().insert("Origin", origin.parse().unwrap());
        request
    };
    let (mut ws, _) = tokio_tungstenite::connect_async(upgrade(&format!("http://{addr}"))).await.unwrap();
    let welcome: Value = match ws.next().await.unwrap().unwrap() {
        Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!((welcome["type"].as_str(), welcome["player"]["id"].as_str()), (Some("welcome"), Some(id.as_str())));
    match tokio_tungstenite::connect_async(upgrade("https://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 403),
        other => panic!("a cross-site upgrade is refused with 403: {:?}", other.map(|_| ())),
    }
    server.stop().await;
}

#[tokio::test]
async fn a_token_kept_by_an_older_client_is_adopted_as_the_cookie() {
    let server = TestServer::start(config(), &temp_db("acc-adopt")).await;
    let (token, id) = guest(server.addr, "Old").await;
    let bearer = format!("Bearer {token}");
    let adopted = http_with(server.addr, "POST", "/api/session/adopt", None, &[("Authorization", &bearer)]).await;
    assert_eq!((adopted.status, &adopted.body["player"]["id"]), (200, &json!(id)), "{}", adopted.body);
    let cookie = cookie_pair(&set_cookie(&adopted));
    assert_eq!(cookie, format!("majlis_session={token}"));
    // Only a bearer token is adopted, and only a valid one.
    let by_cookie = http_with(server.addr, "POST", "/api/session/adopt", None, &[("Cookie", &cookie)]).await;
    assert_eq!(by_cookie.status, 401);
    let bogus = http_with(server.addr, "POST", "/api/session/adopt", None, &[("Authorization", "Bearer nope")]).await;
    assert_eq!(bogus.status, 401);
    server.stop().await;
}

#[tokio::test]
async fn a_token_in_the_websocket_url_no_longer_signs_in() {
    let server = TestServer::start(config(), &temp_db("acc-no-url-token")).await;
    let (token, _) = guest(server.addr, "Url").await;
    // The upgrade goes through (the socket may still say who it is in its first message), but the
    // URL's token is not read: anything but `auth` first is refused and closed.
    let url = format!("ws://{}/ws?token={token}", server.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str()).await.unwrap();
    ws.send(Message::Text(json!({ "type": "ping" }).to_string().into())).await.unwrap();
    let error: Value = match ws.next().await.unwrap().unwrap() {
        Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(error["code"], "unauthorized", "{error}");
    assert_eq!(http(server.addr, "GET", &format!("/api/me?token={token}"), None, None).await.0, 401);
    server.stop().await;
}

/// The whole flow against PostgreSQL when `MAJLIS_TEST_POSTGRES` names one (the store's own test
/// covers each function there too).
#[tokio::test]
async fn accounts_work_on_postgres() {
    let Ok(url) = std::env::var("MAJLIS_TEST_POSTGRES") else {
        eprintln!("MAJLIS_TEST_POSTGRES is not set: the PostgreSQL accounts test is skipped");
        return;
    };
    let server = TestServer::start(config(), &url).await;
    let addr = server.addr;
    // A name of its own for each run, since the database outlives it.
    let name = server::ids::random_code("Pg", 8).unwrap();
    let (token, id) = guest(addr, &name).await;
    let token = claimed(addr, &token).await;
    let (status, body) =
        http(addr, "POST", "/api/players", Some(&json!({ "name": name.to_lowercase() }).to_string()), None).await;
    assert_eq!((status, code(&body)), (409, "name_taken"));
    let (status, body) = signin(addr, &name.to_lowercase(), PASSWORD).await;
    assert_eq!((status, &body["player"]["id"]), (200, &json!(id)));
    let laptop = body["token"].as_str().unwrap().to_owned();
    let change = json!({ "old": PASSWORD, "new": "a new password" });
    assert_eq!(post(addr, "/api/account/password", change, &token).await.0, 200);
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&laptop)).await.0, 401);
    assert_eq!(http(addr, "POST", "/api/account/signout", None, Some(&token)).await.0, 204);
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&token)).await.0, 401);
    server.stop().await;
}

/// Reads a socket until the server closes it; the close frame's code and reason.
async fn close_frame(c: &mut Client) -> (u16, String) {
    loop {
        let next = tokio::time::timeout(common::WAIT, c.ws.next()).await.expect("closed in time");
        match next {
            Some(Ok(Message::Close(Some(frame)))) => return (u16::from(frame.code), frame.reason.to_string()),
            Some(Ok(Message::Close(None))) | None | Some(Err(_)) => return (0, String::new()),
            Some(Ok(_)) => {}
        }
    }
}

/// `Retry-After` of an answer, in seconds.
fn retry_after(answer: &Answer) -> u64 {
    let values = answer.header_values("retry-after");
    assert_eq!(values.len(), 1, "one Retry-After: {:?}", answer.headers);
    values[0].parse().unwrap()
}

async fn signin_answer(addr: SocketAddr, name: &str, password: &str) -> Answer {
    let body = json!({ "name": name, "password": password }).to_string();
    http_with(addr, "POST", "/api/account/signin", Some(&body), &[]).await
}

/// Issue 32, finding 5: guesses from many addresses (here: an address the per-address limits
/// do not apply to) against one account are slowed down per account, with delays that double;
/// a device signed in to the account is not delayed, and a right password ends the delays.
#[tokio::test]
async fn wrong_passwords_delay_the_account_from_any_address_but_not_its_signed_in_devices() {
    let limits = Limits {
        addr_exempt: vec!["127.0.0.1".parse().unwrap()],
        signin_free_failures: 2,
        signin_delay_first: Duration::from_secs(1),
        signin_delay_max: Duration::from_secs(60),
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("acc-account-delay")).await;
    let addr = server.addr;
    let (token, _) = guest(addr, "Zaid").await;
    let (status, body) = claim(addr, &token, PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let token = body["token"].as_str().unwrap_or(&token).to_owned();
    for _ in 0..2 {
        assert_eq!(signin(addr, "Zaid", "guess guess").await.0, 401);
    }
    // Past the free failures even the right password waits, whatever the address.
    let refused = signin_answer(addr, "zaid", PASSWORD).await;
    assert_eq!((refused.status, code(&refused.body)), (429, "rate_limited"), "{}", refused.body);
    assert!(refused.body["error"]["message"].as_str().unwrap().contains("account"), "in words: {}", refused.body);
    assert_eq!(retry_after(&refused), 1);
    // After the wait one more guess is answered, and the next delay is twice as long.
    tokio::time::sleep(Duration::from_secs(retry_after(&refused))).await;
    assert_eq!(signin(addr, "Zaid", "guess again").await.0, 401);
    let refused = signin_answer(addr, "Zaid", PASSWORD).await;
    assert_eq!((refused.status, retry_after(&refused)), (429, 2), "{}", refused.body);
    // The owner's signed-in device is not delayed: it changes the password.
    let change = json!({ "old": PASSWORD, "new": "a new password" });
    let (status, body) = post(addr, "/api/account/password", change, &token).await;
    assert_eq!(status, 200, "{body}");
    // That right password ended the delays: the new one signs in at once.
    let (status, body) = signin(addr, "Zaid", "a new password").await;
    assert_eq!(status, 200, "{body}");
    server.stop().await;
}

/// Issue 32, finding 6: a new password ends the other sessions and closes their open sockets
/// (4001), while the changing device's socket goes on.
#[tokio::test]
async fn a_new_password_closes_the_sockets_of_the_other_sessions() {
    let server = TestServer::start(config(), &temp_db("acc-change-sockets")).await;
    let addr = server.addr;
    let (phone, _) = guest(addr, "Hala").await;
    let (status, body) = claim(addr, &phone, PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let phone = body["token"].as_str().unwrap_or(&phone).to_owned();
    let laptop = signin(addr, "Hala", PASSWORD).await.1["token"].as_str().unwrap().to_owned();
    let mut on_phone = Client::connect(addr, &phone).await;
    let mut on_laptop = Client::connect(addr, &laptop).await;

    let change = json!({ "old": PASSWORD, "new": "a new password" });
    let (status, body) = post(addr, "/api/account/password", change, &phone).await;
    assert_eq!(status, 200, "{body}");
    let (close, reason) = close_frame(&mut on_laptop).await;
    assert_eq!(close, 4001, "{reason}");
    assert!(reason.contains("password"), "the reason says why: {reason:?}");
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&laptop)).await.0, 401);
    on_phone.send(json!({ "type": "ping", "id": "still" })).await;
    assert_eq!(on_phone.until(|v| v["type"] == "pong").await["id"], "still", "the phone's socket goes on");
    server.stop().await;
}

/// Issue 32, finding 7g: claiming a name hands out a new session and ends the guest's, so a
/// token planted before the claim (session fixation) is worth nothing after it, sockets included.
#[tokio::test]
async fn claiming_a_name_starts_a_new_session_and_ends_the_old_one() {
    let server = TestServer::start(config(), &temp_db("acc-claim-session")).await;
    let addr = server.addr;
    let (old, id) = guest(addr, "Sara").await;
    let mut planted = Client::connect(addr, &old).await;
    let bearer = format!("Bearer {old}");
    let body = json!({ "password": PASSWORD }).to_string();
    let answer = http_with(addr, "POST", "/api/account/claim", Some(&body), &[("Authorization", &bearer)]).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["player"], json!({ "id": id, "name": "Sara", "account": true }));
    let new = answer.body["token"].as_str().expect("a new token").to_owned();
    assert_ne!(new, old);
    assert_eq!(cookie_pair(&set_cookie(&answer)), format!("majlis_session={new}"));
    assert_eq!(http(addr, "GET", "/api/me", None, Some(&old)).await.0, 401, "the old session ended");
    let (status, body) = http(addr, "GET", "/api/me", None, Some(&new)).await;
    assert_eq!((status, &body["player"]["account"]), (200, &json!(true)));
    let (close, reason) = close_frame(&mut planted).await;
    assert_eq!(close, 4001, "the old session's socket is closed: {reason}");
    server.stop().await;
}

/// Issue 32, finding 7 (names): renames are limited per player.
#[tokio::test]
async fn renames_are_limited_per_player() {
    let limits = Limits { rename_burst: 3, renames_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("acc-rename-rate")).await;
    let addr = server.addr;
    let (token, _) = guest(addr, "Many").await;
    for n in 0..3 {
        let (status, body) = post(addr, "/api/account/rename", json!({ "name": format!("Name {n}") }), &token).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "Name 4" }), &token).await;
    assert_eq!((status, code(&body)), (429, "rate_limited"), "{body}");
    let (other, _) = guest(addr, "Other").await;
    assert_eq!(post(addr, "/api/account/rename", json!({ "name": "Other 2" }), &other).await.0, 200);
    server.stop().await;
}

/// Issue 32, finding 7 (names): which names accounts hold may not be listed quickly: past a few
/// `name_taken` answers an address (and a player) gets 429 for every name it checks, taken or not.
#[tokio::test]
async fn name_taken_answers_are_limited_per_address_and_per_player() {
    let limits = Limits { name_taken_burst: 2, name_taken_per_minute: 1, ..Limits::default() };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("acc-probe-addr")).await;
    let addr = server.addr;
    let (sara, _) = guest(addr, "Sara").await;
    assert_eq!(claim(addr, &sara, PASSWORD).await.0, 200);
    for name in ["Sara", "SARA"] {
        let (status, body) = new_guest(addr, name).await;
        assert_eq!((status, code(&body)), (409, "name_taken"), "{body}");
    }
    for name in ["sara", "Nobody Has This"] {
        let (status, body) = new_guest(addr, name).await;
        assert_eq!((status, code(&body)), (429, "rate_limited"), "{name}: {body}");
    }
    server.stop().await;

    // One player probing by renames from an address the per-address limits do not apply to.
    let limits = Limits {
        name_taken_burst: 2,
        name_taken_per_minute: 1,
        addr_exempt: vec!["127.0.0.1".parse().unwrap()],
        ..Limits::default()
    };
    let server = TestServer::start(server::Config { limits, ..config() }, &temp_db("acc-probe-player")).await;
    let addr = server.addr;
    let (sara, _) = guest(addr, "Sara").await;
    assert_eq!(claim(addr, &sara, PASSWORD).await.0, 200);
    let (prober, _) = guest(addr, "Prober").await;
    for _ in 0..2 {
        let (status, body) = post(addr, "/api/account/rename", json!({ "name": "sara" }), &prober).await;
        assert_eq!((status, code(&body)), (409, "name_taken"), "{body}");
    }
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "Free Name" }), &prober).await;
    assert_eq!((status, code(&body)), (429, "rate_limited"), "{body}");
    let (other, _) = guest(addr, "Other").await;
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "SARA" }), &other).await;
    assert_eq!((status, code(&body)), (409, "name_taken"), "another player has its own budget: {body}");
    server.stop().await;
}

/// Issue 32, finding 7 (text): a name may carry at most two combining marks on a letter (enough
/// for Arabic's shadda with a vowel, or a Vietnamese letter), and none may look like an
/// account's name (a Cyrillic і for a Latin i).
#[tokio::test]
async fn stacked_marks_and_look_alikes_of_account_names_are_refused() {
    let server = TestServer::start(config(), &temp_db("acc-confusable")).await;
    let addr = server.addr;
    let stacked = format!("a{}", "\u{0301}".repeat(20));
    let (status, body) = new_guest(addr, &stacked).await;
    assert_eq!((status, code(&body)), (400, "bad_name"), "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("marks"), "in words: {body}");
    for fine in ["مُحَمَّد", "Vie\u{0323}\u{0302}t", "José"] {
        guest(addr, fine).await;
    }

    let (ali, _) = guest(addr, "Ali Saleh").await;
    assert_eq!(claim(addr, &ali, PASSWORD).await.0, 200);
    // "Alі Saleh" with a Cyrillic і; "ALI SALEH" with a Cyrillic А and a Latin I.
    for look_alike in ["Al\u{0456} Saleh", "\u{0410}LI SALEH"] {
        let (status, body) = new_guest(addr, look_alike).await;
        assert_eq!((status, code(&body)), (409, "name_taken"), "{look_alike}: {body}");
    }
    // Nor may a guest rename itself to one, nor claim one as an account.
    let (g, _) = guest(addr, "Guest").await;
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "Al\u{0456} Saleh" }), &g).await;
    assert_eq!((status, code(&body)), (409, "name_taken"), "{body}");
    let (nora, _) = guest(addr, "Nora").await;
    assert_eq!(claim(addr, &nora, PASSWORD).await.0, 200);
    let nora = signin(addr, "Nora", PASSWORD).await.1["token"].as_str().unwrap().to_owned();
    let (status, body) = post(addr, "/api/account/rename", json!({ "name": "Al\u{0456} Saleh" }), &nora).await;
    assert_eq!((status, code(&body)), (409, "name_taken"), "{body}");
    server.stop().await;
}
