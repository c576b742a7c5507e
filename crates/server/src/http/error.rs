//! The one HTTP error every handler returns: a status and an [`ErrorAnswer`],
//! telling users what they did wrong and logging internal causes without showing them.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::protocol::http::{ErrorAnswer, ErrorBody};
use crate::store::StoreError;

/// An HTTP error: a status and `{"error": {"code", "message"}}`. Internal causes are logged, not
/// shown.
#[derive(Debug)]
pub(crate) struct AppError {
    status: StatusCode,
    code: &'static str,
    pub(super) message: String,
}

impl AppError {
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        AppError { status, code, message: message.into() }
    }

    pub(crate) fn internal(e: &dyn std::fmt::Display) -> Self {
        tracing::error!(error = %e, "internal error");
        AppError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the server failed; try again")
    }

    /// 401 `unauthorized`: no valid session.
    pub(crate) fn unauthorized() -> Self {
        AppError::new(StatusCode::UNAUTHORIZED, "unauthorized", "a valid token is needed")
    }
}

/// The store's failures as every handler answers them: 503 `store_full` when the database is out
/// of space (the request may be tried again once the operator has made room; logged as an
/// error), 500 `internal` otherwise.
impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        if e.is_out_of_space() {
            tracing::error!(error = %e, "the database is out of space");
            return AppError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "store_full",
                "the server's storage is full; try again later",
            );
        }
        AppError::internal(&e)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        (self.status, Json(ErrorAnswer { error: ErrorBody { code: self.code, message: self.message } })).into_response()
    }
}
