//! The one error type of the API and its mapping to HTTP responses:
//! `{"error": {"code", "title", "message", "fields"?}}` with German texts.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Domain(#[from] shared::Error),
    #[error("Bitte melden Sie sich an.")]
    Unauthenticated,
    #[error("Dafür fehlen Ihnen die Berechtigungen.")]
    Forbidden,
    #[error("Die Anfrage wurde aus Sicherheitsgründen abgelehnt (fehlender X-Requested-With-Header).")]
    Csrf,
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    DemoLimit(String),
    /// A speech engine failed (German message from the engine).
    #[error("{0}")]
    Engine(String),
    #[error("Das Passwort ist falsch.")]
    WrongPassword,
    #[error("Bitte bestätigen Sie Ihr Passwort.")]
    ReauthRequired,
    #[error("Die Demo ist gerade ausgelastet. Bitte versuchen Sie es in einigen Sekunden erneut.")]
    Busy,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Domain(e.into())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::BadRequest(format!("Ungültiger JSON-Inhalt: {}", rejection.body_text()))
    }
}

impl From<PathRejection> for ApiError {
    fn from(_: PathRejection) -> Self {
        ApiError::Domain(shared::Error::NotFound("Nicht gefunden."))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::BadRequest(format!("Ungültige Parameter: {}", rejection.body_text()))
    }
}

struct Body {
    status: StatusCode,
    code: &'static str,
    title: &'static str,
    message: String,
    fields: BTreeMap<&'static str, String>,
}

impl Body {
    fn new(status: StatusCode, code: &'static str, title: &'static str, message: String) -> Self {
        Body { status, code, title, message, fields: BTreeMap::new() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        use shared::Error as E;
        let message = self.to_string();
        let mut retry_after = None;
        let body = match self {
            ApiError::Domain(E::Validation { title, message, fields }) => Body {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "validation",
                title,
                message,
                fields,
            },
            ApiError::Domain(E::NotFound(_)) => Body::new(StatusCode::NOT_FOUND, "not_found", "Nicht gefunden", message),
            ApiError::Domain(E::Conflict(_)) => Body::new(StatusCode::CONFLICT, "conflict", "Konflikt", message),
            ApiError::Domain(E::InsufficientBalance { .. }) => {
                Body::new(StatusCode::PAYMENT_REQUIRED, "insufficient_balance", "Unzureichendes Guthaben", message)
            }
            ApiError::Domain(E::InvalidCredentials) => {
                Body::new(StatusCode::UNAUTHORIZED, "invalid_credentials", "Anmeldung fehlgeschlagen", message)
            }
            ApiError::Domain(E::EmailNotConfirmed) => {
                Body::new(StatusCode::FORBIDDEN, "email_not_confirmed", "Anmeldung fehlgeschlagen", message)
            }
            ApiError::Domain(E::RateLimited { retry_after_secs }) => {
                retry_after = Some(retry_after_secs);
                Body::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Zu viele Versuche", message)
            }
            ApiError::Domain(internal @ (E::Database(_) | E::Internal(_))) => {
                tracing::error!(error = ?anyhow::Error::from(internal), "internal error");
                Body::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "Interner Fehler",
                    "Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.".into(),
                )
            }
            ApiError::Unauthenticated => Body::new(StatusCode::UNAUTHORIZED, "unauthenticated", "Nicht angemeldet", message),
            ApiError::Forbidden => Body::new(StatusCode::FORBIDDEN, "forbidden", "Keine Berechtigung", message),
            ApiError::Csrf => Body::new(StatusCode::FORBIDDEN, "csrf", "Anfrage abgelehnt", message),
            ApiError::BadRequest(_) => Body::new(StatusCode::BAD_REQUEST, "bad_request", "Ungültige Anfrage", message),
            ApiError::DemoLimit(_) => Body::new(StatusCode::TOO_MANY_REQUESTS, "demo_limit", "Demo-Limit erreicht", message),
            ApiError::Engine(_) => Body::new(StatusCode::BAD_GATEWAY, "engine", "Fehler bei der Audio-Generierung", message),
            ApiError::WrongPassword => Body::new(StatusCode::UNAUTHORIZED, "invalid_credentials", "Falsches Passwort", message),
            ApiError::ReauthRequired => Body::new(StatusCode::FORBIDDEN, "reauth_required", "Bestätigung nötig", message),
            ApiError::Busy => Body::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "Demo ausgelastet", message),
        };
        let mut error = json!({ "code": body.code, "title": body.title, "message": body.message });
        if !body.fields.is_empty() {
            error["fields"] = json!(body.fields);
        }
        let mut response = (body.status, Json(json!({ "error": error }))).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
