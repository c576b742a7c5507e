//! Who is asking: the session token of a request (an `Authorization: Bearer` header from programs,
//! the HttpOnly `majlis_session` cookie from browsers), the cookie itself, the check that a
//! cookie-borne request comes from our own pages, and password hashing (argon2id, on blocking
//! threads so a sign-in never stalls the runtime).

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use tokio::sync::Semaphore;

use super::AppError;
use crate::hub::Hub;
use crate::ids;
use crate::limits::MAX_TOKEN_BYTES;
use crate::store::{AccountRow, PlayerRow};

/// The session cookie's name.
pub(crate) const COOKIE: &str = "majlis_session";

/// How long a browser keeps the session cookie: a year, in seconds.
const COOKIE_MAX_AGE: u32 = 365 * 24 * 60 * 60;

/// How a request carried its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// `Authorization: Bearer TOKEN`: set by a program on purpose, never sent by a browser on its
    /// own, so no other site can make a browser send it.
    Bearer,
    /// The `majlis_session` cookie: a browser sends it with every request to us, whichever page
    /// asks, so its requests must be checked to come from our own pages.
    Cookie,
}

/// The token of a request and how it came: the bearer header first, then the cookie.
pub(crate) fn credential(headers: &HeaderMap) -> Option<(&str, Via)> {
    if let Some(token) = bearer(headers) {
        return Some((token, Via::Bearer));
    }
    cookie(headers).map(|token| (token, Via::Cookie))
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ").map(str::trim)
}

/// The `majlis_session` cookie's value, from any of the request's `Cookie` headers.
fn cookie(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim())
        .filter(|value| !value.is_empty())
}

/// Whether the request's `Origin` names a site other than the one it was sent to (the `Host`, or
/// the `X-Forwarded-Host` a proxy set). A request without `Origin` (not from a page: a program,
/// or a same-origin `GET`) is not cross-origin; `Origin: null` (a sandboxed or local page) is.
/// A page elsewhere cannot set `X-Forwarded-Host` on a browser's request to us without a CORS
/// preflight, which this server never allows, nor any header on a WebSocket upgrade.
pub(crate) fn cross_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else { return false };
    let Ok(origin) = origin.to_str() else { return true };
    let Some(authority) = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) else {
        return true;
    };
    let hosts = [headers.get("x-forwarded-host"), headers.get(header::HOST)];
    !hosts
        .into_iter()
        .flatten()
        .filter_map(|h| h.to_str().ok())
        .any(|host| host.split(',').next().is_some_and(|h| h.trim().eq_ignore_ascii_case(authority)))
}

/// A signed-in request: the player, and the session it came with.
#[derive(Debug)]
pub(crate) struct Session {
    /// The player, with its password hash (an account) or none (a guest).
    pub(crate) player: AccountRow,
    /// The hash of the session's token (the `sessions` row).
    pub(crate) token_hash: String,
}

/// The signed-in player of a request. `unsafe_method` (anything but `GET`) refuses a
/// cookie-borne request from another site's page with 403 `bad_origin`, so no other site can act
/// for a signed-in browser.
///
/// # Errors
/// 401 `unauthorized` without a valid session; 403 `bad_origin` as above.
pub(crate) async fn signed_in(hub: &Hub, headers: &HeaderMap, unsafe_method: bool) -> Result<Session, AppError> {
    let (token, via) = credential(headers).ok_or_else(AppError::unauthorized)?;
    if unsafe_method && via == Via::Cookie && cross_origin(headers) {
        return Err(bad_origin());
    }
    session(hub, token).await
}

/// The session of `token`.
///
/// # Errors
/// 401 `unauthorized` when there is none.
pub(crate) async fn session(hub: &Hub, token: &str) -> Result<Session, AppError> {
    if token.is_empty() || token.len() > MAX_TOKEN_BYTES {
        return Err(AppError::unauthorized());
    }
    let token_hash = ids::token_hash(token);
    let player =
        hub.store.session_player(&token_hash).await.map_err(AppError::from)?.ok_or_else(AppError::unauthorized)?;
    Ok(Session { player, token_hash })
}

/// Refuses a request that would set the session cookie (a new guest, a sign-in, an adoption) when
/// it comes from another site's page: that page could otherwise sign the browser in as someone
/// of its choosing, or out of its account.
///
/// # Errors
/// 403 `bad_origin`.
pub(crate) fn not_from_another_site(headers: &HeaderMap) -> Result<(), AppError> {
    if cross_origin(headers) { Err(bad_origin()) } else { Ok(()) }
}

/// The 403 for a cookie-borne request from another site.
pub(crate) fn bad_origin() -> AppError {
    AppError::new(
        StatusCode::FORBIDDEN,
        "bad_origin",
        "a request signed in by cookie must come from this site's own pages",
    )
}

/// Whether the session cookie should be `Secure`: the operator said so, or the request came over
/// TLS to the proxy in front of us.
fn secure(hub: &Hub, headers: &HeaderMap) -> bool {
    hub.config.secure_cookies
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

/// The `Set-Cookie` that hands a browser its session: HttpOnly (no script reads it), SameSite=Lax
/// (other sites' requests do not carry it, but following a link here does), a year long.
pub(crate) fn set_cookie(hub: &Hub, headers: &HeaderMap, token: &str) -> Option<HeaderValue> {
    let secure = if secure(hub, headers) { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={COOKIE_MAX_AGE}{secure}"
    ))
    .ok()
}

/// The `Set-Cookie` that makes a browser forget its session.
pub(crate) fn clear_cookie(hub: &Hub, headers: &HeaderMap) -> Option<HeaderValue> {
    let secure = if secure(hub, headers) { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}")).ok()
}

/// Hashes run at most this many at a time: each takes argon2's memory (19 MiB) and a core for
/// tens of milliseconds, so a crowd signing in waits its turn rather than exhausting the memory.
static HASHING: Semaphore = Semaphore::const_new(4);

/// Runs one argon2 computation on a blocking thread, a few at a time.
async fn hashing<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
    let _permit = HASHING.acquire().await.map_err(|e| AppError::internal(&e))?;
    tokio::task::spawn_blocking(work).await.map_err(|e| AppError::internal(&e))
}

/// The argon2id PHC string of `password` with a fresh random salt (argon2's default cost:
/// 19 MiB, 2 passes, 1 lane).
///
/// # Errors
/// 500 when there is no randomness or the thread fails.
pub(crate) async fn hash_password(password: String) -> Result<String, AppError> {
    hashing(move || hash_now(&password)).await?.map_err(|e| AppError::internal(&e))
}

fn hash_now(password: &str) -> Result<String, String> {
    let salt = ids::random_bytes::<16>().map_err(|e| e.to_string())?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` is the one `hash` was made from. Without a hash (no such account) it
/// checks against a stand-in, so an unknown name takes as long to refuse as a wrong password.
///
/// # Errors
/// 500 when the thread fails.
pub(crate) async fn verify_password(password: String, hash: Option<String>) -> Result<bool, AppError> {
    hashing(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| stand_in().to_owned());
        let ok = PasswordHash::new(&hash)
            .is_ok_and(|parsed| argon2::Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok());
        known && ok
    })
    .await
}

/// A hash no password is known for, made once.
fn stand_in() -> &'static str {
    static STAND_IN: OnceLock<String> = OnceLock::new();
    STAND_IN.get_or_init(|| {
        let secret = ids::new_token().unwrap_or_else(|_| "majlis stand-in".to_owned());
        hash_now(&secret).unwrap_or_default()
    })
}

/// The signed-in player of a request (bearer header, then cookie); GET routes need no origin
/// check, since they change nothing.
///
/// # Errors
/// 401 without a valid session.
pub(crate) async fn authenticate(hub: &Hub, headers: &HeaderMap) -> Result<PlayerRow, AppError> {
    Ok(signed_in(hub, headers, false).await?.player.player())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, HeaderValue::from_str(value).unwrap_or(HeaderValue::from_static("x")));
        }
        h
    }

    #[test]
    fn the_bearer_header_comes_before_the_cookie() {
        let h = headers(&[("cookie", "a=1; majlis_session=fromcookie"), ("authorization", "Bearer frombearer")]);
        assert_eq!(credential(&h), Some(("frombearer", Via::Bearer)));
        let h = headers(&[("cookie", "a=1"), ("cookie", "majlis_session=c2; b=2")]);
        assert_eq!(credential(&h), Some(("c2", Via::Cookie)));
        assert_eq!(credential(&headers(&[("cookie", "majlis_session=")])), None);
        assert_eq!(credential(&headers(&[("cookie", "xmajlis_session=v")])), None);
    }

    #[test]
    fn another_sites_origin_is_cross_origin() {
        assert!(!cross_origin(&headers(&[("host", "majlis.example")])));
        assert!(!cross_origin(&headers(&[("host", "majlis.example"), ("origin", "https://majlis.example")])));
        assert!(!cross_origin(&headers(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:8080")])));
        assert!(cross_origin(&headers(&[("host", "majlis.example"), ("origin", "https://evil.example")])));
        assert!(cross_origin(&headers(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:9090")])));
        assert!(cross_origin(&headers(&[("host", "majlis.example"), ("origin", "null")])));
        assert!(!cross_origin(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-host", "majlis.example"),
            ("origin", "https://majlis.example")
        ])));
    }

    #[test]
    fn passwords_hash_to_argon2id_and_verify() {
        let hash = hash_now("correct horse").unwrap_or_default();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        let parsed = PasswordHash::new(&hash).unwrap_or_else(|e| panic!("{e}"));
        assert!(argon2::Argon2::default().verify_password(b"correct horse", &parsed).is_ok());
        assert!(argon2::Argon2::default().verify_password(b"wrong horse", &parsed).is_err());
        assert_ne!(hash_now("correct horse").unwrap_or_default(), hash, "salted");
    }
}
