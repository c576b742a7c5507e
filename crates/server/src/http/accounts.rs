//! Accounts over HTTP: a guest claims its name with a password, signs in on another device, signs
//! out, changes its password, renames itself. An account is a player with a password; its name
//! is its own (case-insensitively) among accounts, and no guest may take it.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Extension, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use super::AppError;
use super::accept::AddrPlace;
use super::auth::{self, Session};
use crate::hub::Hub;
use crate::ids;
use crate::protocol::http::{Me, NewSession, Player};
use crate::store::{AccountRow, NameChange, NameKeys, PlayerRow, unix_ms};

/// The account routes, under `/api/account/`.
pub(super) fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/account/claim", post(claim))
        .route("/api/account/signin", post(signin))
        .route("/api/account/signout", post(signout))
        .route("/api/account/password", post(password))
        .route("/api/account/rename", post(rename))
        .route("/api/session/adopt", post(adopt))
        .route("/api/players", post(create_player))
        .route("/api/me", get(me))
}

/// A player as the API shows it.
fn player_of(player: &AccountRow) -> Player {
    Player { id: player.id.clone(), name: player.name.clone(), account: player.is_account() }
}

/// `{"player"}`.
fn me_of(player: &AccountRow) -> Json<Me> {
    Json(Me { player: player_of(player) })
}

/// An answer that hands over a session: with its cookie when the request came from a browser
/// ([`auth::set_cookie`]).
fn with_cookie(cookie: Option<HeaderValue>, body: impl IntoResponse) -> Response {
    match cookie {
        Some(cookie) => ([(header::SET_COOKIE, cookie)], body).into_response(),
        None => body.into_response(),
    }
}

/// A JSON body, or 400 (413 past the size limit) saying what is wrong with it.
fn body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, AppError> {
    body.map(|Json(b)| b).map_err(|e| AppError::new(e.status(), "bad_request", e.body_text()))
}

fn name_taken() -> AppError {
    AppError::new(StatusCode::CONFLICT, "name_taken", "an account already has that name; choose another")
}

fn bad_password(message: String) -> AppError {
    AppError::new(StatusCode::BAD_REQUEST, "bad_password", message)
}

fn bad_credentials() -> AppError {
    AppError::new(StatusCode::UNAUTHORIZED, "bad_credentials", "that name and password do not match an account")
}

/// Takes one sign-in attempt from the address's budget ([`crate::limits::Limits::signin_burst`]).
fn signin_allowed(hub: &Hub, addr_place: Option<Extension<AddrPlace>>) -> Result<(), AppError> {
    match addr_place.and_then(|Extension(p)| p.limited) {
        Some(ip) if !hub.signin_rate.check(ip.to_string()) => {
            let limits = &hub.config.limits;
            Err(AppError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!(
                    "too many sign-in attempts from one address: at most {} at once and {} a minute; wait a minute",
                    limits.signin_burst, limits.signins_per_minute
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// Refuses a guest's name that an account (other than `me`) holds, or one that looks like it
/// ([`ids::name_skeleton`]); the refusal counts against `probers`.
pub(crate) async fn name_free_for_guest(
    hub: &Hub,
    name: &str,
    me: Option<&str>,
    probers: &[String],
) -> Result<(), AppError> {
    let held = hub.store.name_held(&ids::name_key(name), &ids::name_skeleton(name), me.unwrap_or("")).await;
    if held.map_err(AppError::from)? { Err(taken(hub, probers)) } else { Ok(()) }
}

/// An account's name folded for the store: case and spacing, and look-alike letters.
fn name_keys(name: &str) -> NameKeys {
    NameKeys { key: ids::name_key(name), skeleton: ids::name_skeleton(name) }
}

/// Who asks about a name, for the budget of `name_taken` answers
/// ([`crate::limits::Limits::name_taken_burst`]): the address (`a:IP`), the player (`p:ID`).
fn probers(addr: Option<IpAddr>, player: Option<&str>) -> Vec<String> {
    addr.map(|ip| format!("a:{ip}")).into_iter().chain(player.map(|id| format!("p:{id}"))).collect()
}

/// Refuses any name check, taken or not, once `probers` got their share of `name_taken` answers:
/// a 429 that came only for taken names would tell them apart as well as a 409.
fn probes_left(hub: &Hub, probers: &[String]) -> Result<(), AppError> {
    if probers.iter().any(|p| hub.name_probes.spent(p)) {
        let limits = &hub.config.limits;
        return Err(AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many names asked for that accounts hold: at most {} at once and {} a minute; wait a minute",
                limits.name_taken_burst, limits.name_taken_per_minute
            ),
        ));
    }
    Ok(())
}

/// A `name_taken` answer, counted against `probers`.
fn taken(hub: &Hub, probers: &[String]) -> AppError {
    for p in probers {
        hub.name_probes.take(p);
    }
    name_taken()
}

/// The address of a request as the per-address limits count it, if they apply.
fn limited(addr_place: Option<&Extension<AddrPlace>>) -> Option<IpAddr> {
    addr_place.and_then(|Extension(p)| p.limited)
}

/// 429 with a `Retry-After` (whole seconds, rounded up): sign-ins for the account wait.
fn account_delayed(wait: Duration) -> Response {
    let secs = wait.as_millis().div_ceil(1000).max(1);
    let mut res = AppError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!(
            "too many wrong passwords for this account: try again in {secs} s; each wrong password doubles the wait"
        ),
    )
    .into_response();
    if let Ok(value) = HeaderValue::from_str(&secs.to_string()) {
        res.headers_mut().insert(header::RETRY_AFTER, value);
    }
    res
}

/// `POST /api/session/adopt` with `Authorization: Bearer TOKEN`: hands the browser the session
/// cookie for a token it kept from before the cookie (clients that stored the token themselves),
/// so an old guest keeps its identity once; the client then forgets the token.
async fn adopt(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Response, AppError> {
    auth::not_from_another_site(&headers)?;
    let Some((token, auth::Via::Bearer)) = auth::credential(&headers) else {
        return Err(AppError::unauthorized());
    };
    let session = auth::session(&hub, token).await?;
    Ok(with_cookie(auth::set_cookie(&hub, &headers, token), me_of(&session.player)))
}

#[derive(Deserialize)]
struct Claim {
    password: String,
}

/// `POST /api/account/claim {password}`: the signed-in guest keeps its name with a password,
/// under a new session: the guest's token (and its sockets) end, so a token someone planted
/// before the claim is worth nothing after it.
async fn claim(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    req: Result<Json<Claim>, JsonRejection>,
) -> Result<Response, AppError> {
    let Session { mut player, token_hash } = auth::signed_in(&hub, &headers, true).await?;
    let req = body(req)?;
    if player.is_account() {
        return Err(AppError::new(StatusCode::CONFLICT, "already_account", "you already have an account"));
    }
    let name = ids::validate_account_name(&player.name)
        .map_err(|e| AppError::new(StatusCode::BAD_REQUEST, "bad_name", format!("{e}; rename first")))?;
    ids::validate_password(&req.password).map_err(bad_password)?;
    let probers = probers(limited(addr_place.as_ref()), Some(&player.id));
    probes_left(&hub, &probers)?;
    let hash = auth::hash_password(req.password).await?;
    let change = hub.store.claim_account(&player.id, &name_keys(&name), &hash, unix_ms()).await;
    match change.map_err(AppError::from)? {
        NameChange::Done => {}
        NameChange::NameTaken => return Err(taken(&hub, &probers)),
        NameChange::Refused => {
            return Err(AppError::new(StatusCode::CONFLICT, "already_account", "you already have an account"));
        }
    }
    let token = ids::new_token().map_err(|e| AppError::internal(&e))?;
    hub.store.create_session(&ids::token_hash(&token), &player.id, unix_ms()).await.map_err(AppError::from)?;
    hub.store.delete_session(&token_hash).await.map_err(AppError::from)?;
    hub.session_sockets.close_session(&token_hash, "session ended: the name was claimed under a new session");
    tracing::info!(player = %player.id, "a guest claimed its name");
    player.password_hash = Some(hash);
    let cookie = auth::set_cookie(&hub, &headers, &token);
    Ok(with_cookie(cookie, Json(NewSession { player: player_of(&player), token })))
}

#[derive(Deserialize)]
struct SignIn {
    name: String,
    password: String,
}

/// `POST /api/account/signin {name, password}`: a new session for the account.
async fn signin(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    req: Result<Json<SignIn>, JsonRejection>,
) -> Result<Response, AppError> {
    auth::not_from_another_site(&headers)?;
    signin_allowed(&hub, addr_place)?;
    let req = body(req)?;
    // A name or password no account could have is refused like any other mismatch, without the
    // cost of a hash.
    if req.name.chars().count() > ids::MAX_NAME_CHARS * 2 || ids::validate_password(&req.password).is_err() {
        return Err(bad_credentials());
    }
    // Past a few wrong passwords for the name, from whatever addresses, each attempt waits.
    let key = ids::name_key(&req.name);
    if let Err(wait) = hub.account_delays.attempt(&key) {
        return Ok(account_delayed(wait));
    }
    let account = hub.store.player_by_name_key(&key).await.map_err(AppError::from)?;
    let hash = account.as_ref().and_then(|a| a.password_hash.clone());
    if !auth::verify_password(req.password, hash).await? {
        return Err(bad_credentials());
    }
    hub.account_delays.succeeded(&key);
    let Some(account) = account else { return Err(bad_credentials()) };
    let token = ids::new_token().map_err(|e| AppError::internal(&e))?;
    hub.store.create_session(&ids::token_hash(&token), &account.id, unix_ms()).await.map_err(AppError::from)?;
    tracing::info!(player = %account.id, "signed in");
    let cookie = auth::set_cookie(&hub, &headers, &token);
    Ok(with_cookie(cookie, Json(NewSession { player: player_of(&account), token })))
}

/// `POST /api/account/signout`: ends this session and clears the cookie.
async fn signout(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Response, AppError> {
    let session = auth::signed_in(&hub, &headers, true).await?;
    hub.store.delete_session(&session.token_hash).await.map_err(AppError::from)?;
    let mut res = StatusCode::NO_CONTENT.into_response();
    if let Some(cookie) = auth::clear_cookie(&hub, &headers) {
        res.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(res)
}

#[derive(Deserialize)]
struct NewPassword {
    old: String,
    new: String,
}

/// `POST /api/account/password {old, new}`: a new password; the player's other sessions end and
/// their sockets close (close code 4001). A signed-in device is not held to the
/// account's sign-in delays, so guesses elsewhere never lock its owner out of this.
async fn password(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    req: Result<Json<NewPassword>, JsonRejection>,
) -> Result<Json<Me>, AppError> {
    let Session { player, token_hash } = auth::signed_in(&hub, &headers, true).await?;
    let req = body(req)?;
    let Some(old_hash) = player.password_hash.clone() else {
        return Err(AppError::new(
            StatusCode::CONFLICT,
            "not_account",
            "a guest has no password; claim your name first",
        ));
    };
    ids::validate_password(&req.new).map_err(bad_password)?;
    // Checking the old password is a sign-in attempt: a stolen session may not guess freely.
    signin_allowed(&hub, addr_place)?;
    if !auth::verify_password(req.old, Some(old_hash)).await? {
        return Err(AppError::new(StatusCode::UNAUTHORIZED, "bad_credentials", "the current password is not right"));
    }
    // The owner proved the password: earlier guesses at it no longer delay sign-ins.
    hub.account_delays.succeeded(&ids::name_key(&player.name));
    let hash = auth::hash_password(req.new).await?;
    hub.store.set_password(&player.id, &hash, &token_hash).await.map_err(AppError::from)?;
    hub.session_sockets.close_others(&player.id, &token_hash, "signed out: the password was changed");
    tracing::info!(player = %player.id, "password changed; other sessions ended");
    Ok(me_of(&player))
}

#[derive(Deserialize)]
struct Rename {
    name: String,
}

/// `POST /api/account/rename {name}`: a new display name (for an account, under the account
/// rule and unique among accounts). Tables already joined keep showing the old name until the
/// player's next connection. Names that pass the rules are limited per player
/// ([`crate::limits::Limits::rename_burst`]), and `name_taken` answers per player and per address.
async fn rename(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    req: Result<Json<Rename>, JsonRejection>,
) -> Result<Json<Me>, AppError> {
    let Session { mut player, .. } = auth::signed_in(&hub, &headers, true).await?;
    let req = body(req)?;
    let bad_name = |e: String| AppError::new(StatusCode::BAD_REQUEST, "bad_name", e);
    let name = if player.is_account() { ids::validate_account_name(&req.name) } else { ids::validate_name(&req.name) };
    let name = name.map_err(bad_name)?;
    // A name that passes the rules is a rename (or a question whether an account holds it).
    if !hub.rename_rate.check(player.id.clone()) {
        let limits = &hub.config.limits;
        return Err(AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many renames: at most {} at once and {} a minute; wait a minute",
                limits.rename_burst, limits.renames_per_minute
            ),
        ));
    }
    let probers = probers(limited(addr_place.as_ref()), Some(&player.id));
    probes_left(&hub, &probers)?;
    let keys = if player.is_account() {
        Some(name_keys(&name))
    } else {
        name_free_for_guest(&hub, &name, Some(&player.id), &probers).await?;
        None
    };
    let change = hub.store.rename_player(&player.id, &name, keys.as_ref()).await;
    match change.map_err(AppError::from)? {
        NameChange::Done => {}
        NameChange::NameTaken => return Err(taken(&hub, &probers)),
        NameChange::Refused => return Err(AppError::unauthorized()),
    }
    player.name = name;
    Ok(me_of(&player))
}

#[derive(Deserialize)]
struct NewPlayer {
    name: String,
}

async fn create_player(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    addr_place: Option<Extension<AddrPlace>>,
    body: Result<Json<NewPlayer>, JsonRejection>,
) -> Result<Response, AppError> {
    auth::not_from_another_site(&headers)?;
    let probers = probers(limited(addr_place.as_ref()), None);
    if let Some(ip) = limited(addr_place.as_ref())
        && !hub.guest_rate.check(ip.to_string())
    {
        let limits = &hub.config.limits;
        return Err(AppError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!(
                "too many new guests from one address: at most {} at once and {} a minute",
                limits.guest_burst, limits.guests_per_minute
            ),
        ));
    }
    // A body over the limit is 413, anything else malformed 400.
    let Json(body) = body.map_err(|e| AppError::new(e.status(), "bad_request", e.body_text()))?;
    let name = ids::validate_name(&body.name).map_err(|e| AppError::new(StatusCode::BAD_REQUEST, "bad_name", e))?;
    probes_left(&hub, &probers)?;
    name_free_for_guest(&hub, &name, None, &probers).await?;
    let token = ids::new_token().map_err(|e| AppError::internal(&e))?;
    let id = ids::random_code("p_", 12).map_err(|e| AppError::internal(&e))?;
    let player = PlayerRow { id, name };
    hub.store.create_player(&player, &ids::token_hash(&token), unix_ms()).await.map_err(AppError::from)?;
    tracing::info!(player = %player.id, "new guest");
    let cookie = auth::set_cookie(&hub, &headers, &token);
    let player = Player { id: player.id, name: player.name, account: false };
    Ok(with_cookie(cookie, Json(NewSession { player, token })))
}

async fn me(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Result<Json<Me>, AppError> {
    let session = auth::signed_in(&hub, &headers, false).await?;
    Ok(me_of(&session.player))
}
