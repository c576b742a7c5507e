//! The browser client (`web/`), embedded in the binary at build time and served as static files.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::AppError;

/// The browser client (`web/`), embedded at build time.
#[derive(rust_embed::Embed)]
#[folder = "../../web"]
#[exclude = "node_modules/*"]
#[exclude = "tests/*"]
#[exclude = "*.test.js"]
#[exclude = ".*"]
struct Web;

pub(super) async fn static_file(uri: axum::http::Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    match Web::get(path) {
        Some(file) => {
            let mime = file.metadata.mimetype().to_owned();
            ([(header::CONTENT_TYPE, mime)], file.data.into_owned()).into_response()
        }
        None if path == "index.html" => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            "<!doctype html><title>Majlis</title><p>The browser client is not built into this server yet.</p>",
        )
            .into_response(),
        None => AppError::new(StatusCode::NOT_FOUND, "not_found", "no such file").into_response(),
    }
}
