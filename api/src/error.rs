//! The API's error type and its one mapping to HTTP: every `shared::Error` becomes
//! `{"error": {"code", "title", "message", "fields"?}}` with a German text and the
//! status that fits, and axum's own rejections become the same shape.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use shared::Error as E;

#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct ApiError(#[from] pub shared::Error);

pub type ApiResult<T> = Result<T, ApiError>;

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError(e.into())
    }
}

impl From<JsonRejection> for ApiError {
    /// German, and without the names of our internal types that serde would quote.
    fn from(rejection: JsonRejection) -> Self {
        ApiError(match rejection {
            JsonRejection::MissingJsonContentType(_) => E::UnsupportedMediaType,
            JsonRejection::BytesRejection(_) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => E::TooLarge,
            JsonRejection::JsonDataError(_) => {
                E::BadRequest("Ungültiger JSON-Inhalt: Ein Feld hat einen ungültigen Typ oder Wert.".into())
            }
            _ => E::BadRequest("Ungültiger JSON-Inhalt: Der Inhalt ist kein gültiges JSON.".into()),
        })
    }
}

impl From<PathRejection> for ApiError {
    fn from(_: PathRejection) -> Self {
        ApiError(E::NotFound("Nicht gefunden."))
    }
}

impl From<axum::extract::multipart::MultipartRejection> for ApiError {
    fn from(_: axum::extract::multipart::MultipartRejection) -> Self {
        ApiError(E::BadRequest("Bitte senden Sie die Aufnahme als multipart/form-data.".into()))
    }
}

impl From<axum::extract::multipart::MultipartError> for ApiError {
    fn from(error: axum::extract::multipart::MultipartError) -> Self {
        ApiError(match error.status() {
            StatusCode::PAYLOAD_TOO_LARGE => E::TooLarge,
            _ => E::BadRequest("Die Aufnahme kam unvollständig an. Bitte versuchen Sie es erneut.".into()),
        })
    }
}

impl From<QueryRejection> for ApiError {
    fn from(_: QueryRejection) -> Self {
        ApiError(E::BadRequest("Ungültige Parameter in der Adresse.".into()))
    }
}

/// Every error answer: `{"error": ErrorDetail}`.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = ErrorBody)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = ErrorDetail)]
pub struct ErrorDetail {
    /// Stable machine-readable code, e.g. `validation`, `insufficient_balance`.
    pub code: &'static str,
    /// Short German title (a toast's heading).
    pub title: &'static str,
    /// German message that can be shown as it is.
    pub message: String,
    /// Form field name to German message, for validation errors.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<&'static str, String>,
}

/// Status, code and title of each error.
fn classify(error: &E) -> (StatusCode, &'static str, &'static str) {
    match error {
        E::Validation { title, .. } => (StatusCode::UNPROCESSABLE_ENTITY, "validation", title),
        E::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request", "Ungültige Anfrage"),
        E::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too_large", "Anfrage zu groß"),
        E::UnsupportedMediaType => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "Ungültige Anfrage"),
        E::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "Ungültige Anfrage"),
        E::UriTooLong => (StatusCode::URI_TOO_LONG, "uri_too_long", "Ungültige Anfrage"),
        E::HeadersTooLarge => (StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "headers_too_large", "Ungültige Anfrage"),
        E::NotFound(_) => (StatusCode::NOT_FOUND, "not_found", "Nicht gefunden"),
        E::Conflict(_) => (StatusCode::CONFLICT, "conflict", "Konflikt"),
        E::Expired => (StatusCode::GONE, "expired", "Abgelaufen"),
        E::InsufficientBalance { .. } => {
            (StatusCode::PAYMENT_REQUIRED, "insufficient_balance", "Unzureichendes Guthaben")
        }
        E::Unauthenticated => (StatusCode::UNAUTHORIZED, "unauthenticated", "Nicht angemeldet"),
        E::InvalidApiKey(_) => (StatusCode::UNAUTHORIZED, "invalid_api_key", "Ungültiger API-Schlüssel"),
        E::Forbidden => (StatusCode::FORBIDDEN, "forbidden", "Keine Berechtigung"),
        E::Csrf => (StatusCode::FORBIDDEN, "csrf", "Anfrage abgelehnt"),
        E::InvalidCredentials => (StatusCode::UNAUTHORIZED, "invalid_credentials", "Anmeldung fehlgeschlagen"),
        E::WrongPassword => (StatusCode::UNAUTHORIZED, "invalid_credentials", "Falsches Passwort"),
        E::ReauthRequired => (StatusCode::FORBIDDEN, "reauth_required", "Bestätigung nötig"),
        E::EmailNotConfirmed => (StatusCode::FORBIDDEN, "email_not_confirmed", "Anmeldung fehlgeschlagen"),
        E::AccountDisabled => (StatusCode::FORBIDDEN, "account_disabled", "Konto gesperrt"),
        E::TwoFactorRequired => (StatusCode::UNAUTHORIZED, "two_factor_required", "Bestätigungscode nötig"),
        E::SiteLocked => (StatusCode::FORBIDDEN, "site_locked", "Zugang gesperrt"),
        E::SiteGateWait { .. } => (StatusCode::TOO_MANY_REQUESTS, "site_gate_wait", "Zu viele Fehlversuche"),
        E::SecondFactorRequired => (StatusCode::FORBIDDEN, "second_factor_required", "Zwei-Faktor-Anmeldung nötig"),
        E::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Zu viele Versuche"),
        E::DemoLimit(_) => (StatusCode::TOO_MANY_REQUESTS, "demo_limit", "Demo-Limit erreicht"),
        E::Engine(_) => (StatusCode::BAD_GATEWAY, "engine", "Fehler bei der Audio-Generierung"),
        E::Busy => (StatusCode::SERVICE_UNAVAILABLE, "busy", "Demo ausgelastet"),
        E::Payment(_) => (StatusCode::BAD_GATEWAY, "payment", "Zahlung fehlgeschlagen"),
        // Not a server failure: this installation has not set the feature up.
        E::Unavailable(_) => (StatusCode::CONFLICT, "unavailable", "Nicht verfügbar"),
        E::Unreachable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unreachable", "Vorübergehend nicht erreichbar"),
        E::Database(_) | E::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal", "Interner Fehler"),
    }
}

/// The error shape of OpenAI's API, `{"error": {"message", "type", "param", "code"}}`,
/// for the OpenAI-compatible routes: the official SDKs read it and raise their usual
/// exception for the status (`AuthenticationError` for 401, `BadRequestError` for 400,
/// `RateLimitError` for 429, `APIStatusError` for 402 ...).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct OpenAiError(#[from] pub shared::Error);

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = OpenAiErrorBody)]
pub struct OpenAiErrorBody {
    pub error: OpenAiErrorDetail,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = OpenAiErrorDetail)]
pub struct OpenAiErrorDetail {
    /// German message that can be shown as it is.
    pub message: String,
    /// OpenAI's error class, e.g. `invalid_request_error`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The request field at fault, for validation errors.
    pub param: Option<&'static str>,
    /// Stimmwerk's stable code (as in every other error answer).
    pub code: &'static str,
}

/// An internal error whose cause is a lost database (wrapped on its way up, e.g. in a
/// task or a storage error) is the same 503 as one that came straight from sqlx.
fn settle(error: E) -> E {
    match error {
        E::Internal(cause) if shared::error::chain_has_lost_database(&cause) => {
            tracing::error!(error = ?cause, "database unreachable");
            E::Unreachable(shared::error::DATABASE_DOWN)
        }
        other => other,
    }
}

impl IntoResponse for OpenAiError {
    fn into_response(self) -> Response {
        let error = settle(self.0);
        let (mut status, code, _) = classify(&error);
        // OpenAI answers invalid input with 400, not 422; the SDKs expect that.
        if status == StatusCode::UNPROCESSABLE_ENTITY {
            status = StatusCode::BAD_REQUEST;
        }
        let kind = match status {
            StatusCode::UNAUTHORIZED => "authentication_error",
            StatusCode::PAYMENT_REQUIRED => "insufficient_quota",
            StatusCode::TOO_MANY_REQUESTS => "rate_limit_error",
            StatusCode::FORBIDDEN => "permission_error",
            StatusCode::NOT_FOUND => "not_found_error",
            s if s.is_server_error() => "server_error",
            _ => "invalid_request_error",
        };
        let retry_after = match &error {
            E::RateLimited { retry_after_secs } => Some(*retry_after_secs),
            E::Unreachable(_) => Some(5),
            _ => None,
        };
        let (message, param) = match error {
            E::Validation { message, fields, .. } => {
                let param = fields.keys().next().copied();
                let message = fields.into_values().next().unwrap_or(message);
                (message, param)
            }
            internal @ (E::Database(_) | E::Internal(_)) => {
                tracing::error!(error = ?anyhow::Error::from(internal), "internal error");
                ("Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.".into(), None)
            }
            other => (other.to_string(), None),
        };
        let body = OpenAiErrorBody { error: OpenAiErrorDetail { message, kind, param, code } };
        let mut response = (status, Json(body)).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let error = settle(self.0);
        let (status, code, title) = classify(&error);
        let retry_after = match &error {
            E::RateLimited { retry_after_secs } | E::SiteGateWait { retry_after_secs } => Some(*retry_after_secs),
            E::Unreachable(_) => Some(5),
            _ => None,
        };
        let (message, fields) = match error {
            E::Validation { message, fields, .. } => (message, fields),
            internal @ (E::Database(_) | E::Internal(_)) => {
                tracing::error!(error = ?anyhow::Error::from(internal), "internal error");
                ("Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.".into(), BTreeMap::new())
            }
            other => (other.to_string(), BTreeMap::new()),
        };
        let body = ErrorBody { error: ErrorDetail { code, title, message, fields } };
        let mut response = (status, Json(body)).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}
