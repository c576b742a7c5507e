//! Accounts over HTTP: a guest claims its name with a password, signs in on another device, signs
//! out, changes its password, renames itself. An account is a player with a password; its name
//! is its own (case-insensitively) among accounts, and no guest may take it.

use std::sync::Arc;

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
use crate::store::{AccountRow, NameChange, PlayerRow, unix_ms};

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

/// Refuses a guest's name that an account holds (unless the account is `me`).
pub(crate) async fn name_free_for_guest(hub: &Hub, name: &str, me: Option<&str>) -> Result<(), AppError> {
    let holder = hub.store.player_by_name_key(&ids::name_key(name)).await.map_err(AppError::from)?;
    match holder {
        Some(holder) if Some(holder.id.as_str()) != me => Err(name_taken()),
        _ => Ok(()),
    }
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

/// `POST /api/account/claim {password}`: the signed-in guest keeps its name with a password.
async fn claim(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    req: Result<Json<Claim>, JsonRejection>,
) -> Result<Json<Me>, AppError> {
    let Session { mut player, .. } = auth::signed_in(&hub, &headers, true).await?;
    let req = body(req)?;
    if player.is_account() {
        return Err(AppError::new(StatusCode::CONFLICT, "already_account", "you already have an account"));
    }
    let name = ids::validate_account_name(&player.name)
        .map_err(|e| AppError::new(StatusCode::BAD_REQUEST, "bad_name", format!("{e}; rename first")))?;
    ids::validate_password(&req.password).map_err(bad_password)?;
    let hash = auth::hash_password(req.password).await?;
    let change = hub.store.claim_account(&player.id, &ids::name_key(&name), &hash, unix_ms()).await;
    match change.map_err(AppError::from)? {
        NameChange::Done => {}
        NameChange::NameTaken => return Err(name_taken()),
        NameChange::Refused => {
            return Err(AppError::new(StatusCode::CONFLICT, "already_account", "you already have an account"));
        }
    }
    tracing::info!(player = %player.id, "a guest claimed its name");
    player.password_hash = Some(hash);
    Ok(me_of(&player))
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
    let account = hub.store.player_by_name_key(&ids::name_key(&req.name)).await.map_err(AppError::from)?;
    let hash = account.as_ref().and_then(|a| a.password_hash.clone());
    if !auth::verify_password(req.password, hash).await? {
        return Err(bad_credentials());
    }
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

/// `POST /api/account/password {old, new}`: a new password; the player's other sessions end.
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
    let hash = auth::hash_password(req.new).await?;
    hub.store.set_password(&player.id, &hash, &token_hash).await.map_err(AppError::from)?;
    tracing::info!(player = %player.id, "password changed; other sessions ended");
    Ok(me_of(&player))
}

#[derive(Deserialize)]
struct Rename {
    name: String,
}

/// `POST /api/account/rename {name}`: a new display name (for an account, under the account
/// rule and unique among accounts). Tables already joined keep showing the old name until the
/// player's next connection.
async fn rename(
    State(hub): State<Arc<Hub>>,
    headers: HeaderMap,
    req: Result<Json<Rename>, JsonRejection>,
) -> Result<Json<Me>, AppError> {
    let Session { mut player, .. } = auth::signed_in(&hub, &headers, true).await?;
    let req = body(req)?;
    let bad_name = |e: String| AppError::new(StatusCode::BAD_REQUEST, "bad_name", e);
    let (name, key) = if player.is_account() {
        let name = ids::validate_account_name(&req.name).map_err(bad_name)?;
        let key = ids::name_key(&name);
        (name, Some(key))
    } else {
        let name = ids::validate_name(&req.name).map_err(bad_name)?;
        name_free_for_guest(&hub, &name, Some(&player.id)).await?;
        (name, None)
    };
    let change = hub.store.rename_player(&player.id, &name, key.as_deref()).await;
    match change.map_err(AppError::from)? {
        NameChange::Done => {}
        NameChange::NameTaken => return Err(name_taken()),
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
    if let Some(ip) = addr_place.and_then(|Extension(p)| p.limited)
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
    name_free_for_guest(&hub, &name, None).await?;
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
