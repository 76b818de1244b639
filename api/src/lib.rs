//! The Stimmwerk HTTP API: a thin axum layer over `shared`. Handlers extract the caller
//! and the input, call one `shared` use case, and map the result to JSON.

pub mod cookies;
pub mod csrf;
pub mod error;
pub mod extract;
pub mod openapi;
pub mod ops;
pub mod routes;
pub mod stored;

use std::net::SocketAddr;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use shared::Services;
use shared::config::Settings;
use sqlx::PgPool;
use tower_http::compression::predicate::{NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, DefaultPredicate};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::sensitive_headers::SetSensitiveHeadersLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

#[derive(Clone)]
pub struct AppState {
    pub svc: Services,
    pub cookies: cookies::SessionCookies,
}

impl AppState {
    pub async fn new(settings: Settings, pool: PgPool) -> anyhow::Result<Self> {
        Ok(Self::from_services(Services::new(settings, pool).await?))
    }

    pub fn from_services(svc: Services) -> Self {
        let cookies = cookies::SessionCookies::new(svc.settings.http.secure_cookies, svc.settings.auth.session_days);
        AppState { svc, cookies }
    }
}

/// The API routes plus the built web app (with `index.html` for client-side routes).
pub fn router(state: AppState) -> Router {
    let web = &state.svc.settings.http.web_dist;
    let spa = ServeDir::new(web).fallback(ServeFile::new(web.join("index.html")));
    let (api, _) = routes::api().split_for_parts();
    // Programs with an API key: no cookies, so no CSRF check and no site gate (a key is
    // the stronger credential); the key is checked and counted before every handler.
    let (v1, _) = routes::v1::router().split_for_parts();
    let v1 = v1
        .route("/v1/{*rest}", axum::routing::any(routes::v1::not_found))
        .layer(middleware::from_fn_with_state(state.clone(), routes::v1::authenticate))
        .layer(middleware::from_fn(no_store))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES));
    let api = api
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn(csrf::csrf_guard))
        .layer(middleware::from_fn_with_state(state.clone(), routes::site_gate::guard))
        .layer(middleware::from_fn(no_store))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .merge(v1);
    let secure = state.svc.settings.http.secure_cookies;
    api.merge(ops::probes())
        .layer(middleware::from_fn(ops::track))
        .fallback_service(Router::new().fallback_service(spa).layer(middleware::from_fn(cache_static)))
        .layer(middleware::from_fn(reject_oversized))
        // Audio is compressed already, and a compressor would hold back the first bytes
        // of a streamed answer.
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(NotForContentType::const_new("audio/"))),
        )
        .layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            // Only behind HTTPS (secure cookies): a year, as ASVS 3.4.1 asks.
            secure.then(|| HeaderValue::from_static("max-age=31536000; includeSubDomains")),
        ))
        .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(security_header(header::REFERRER_POLICY, "same-origin"))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_str(&content_security_policy(&state.svc.settings)).expect("a valid header"),
        ))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        // API keys and session cookies never reach a log line, at any log level.
        .layer(SetSensitiveHeadersLayer::new([header::AUTHORIZATION, header::COOKIE, header::SET_COOKIE]))
        .layer(middleware::from_fn_with_state(state.clone(), extract::client_address))
        // Every answer names its request, and so does every log line written for it.
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        // Before the id is set: a client's own id only as `client-<id>`, checked.
        .layer(middleware::from_fn(client_request_id))
        .with_state(state)
}

/// Longest request id a client may send (it is kept as `client-<id>`).
const MAX_CLIENT_REQUEST_ID: usize = 64;
const CLIENT_REQUEST_ID_PREFIX: &str = "client-";

/// A client's `X-Request-Id` as we keep it: `client-` and the id, if the id is 1 to 64
/// characters of `A-Z a-z 0-9 - _ .`; anything else is not kept at all.
fn kept_client_request_id(sent: &[u8]) -> Option<HeaderValue> {
    let plain = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.');
    if sent.is_empty() || sent.len() > MAX_CLIENT_REQUEST_ID || !sent.iter().all(plain) {
        return None;
    }
    let mut kept = CLIENT_REQUEST_ID_PREFIX.as_bytes().to_vec();
    kept.extend_from_slice(sent);
    HeaderValue::from_bytes(&kept).ok()
}

/// Middleware: what a client sent as `X-Request-Id` never reaches a log line or an answer
/// as it was sent (it could forge another request's id or write into the log); it is
/// kept prefixed and checked ([`kept_client_request_id`]), or dropped, and then the
/// request gets our own id (a UUID).
async fn client_request_id(mut request: Request, next: Next) -> Response {
    let name = HeaderName::from_static("x-request-id");
    let kept = request.headers().get(&name).and_then(|sent| kept_client_request_id(sent.as_bytes()));
    request.headers_mut().remove(&name);
    if let Some(kept) = kept {
        request.headers_mut().insert(name, kept);
    }
    next.run(request).await
}

/// The span every log line of a request is written in: its id, path and client.
fn request_span(request: &Request) -> tracing::Span {
    let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
    tracing::info_span!(
        "request",
        request_id = %id,
        method = %request.method(),
        path = %request.uri().path(),
        client = %extract::ClientIp::of(request.extensions()),
    )
}

/// Largest request body the API reads (a 5000-character text is at most 20 KB).
const MAX_BODY_BYTES: usize = 256 * 1024;
/// Longest request target, and most header bytes, answered with our own JSON error
/// (hyper's own limits lie above these and answer without a body).
const MAX_URI_BYTES: usize = 8 * 1024;
const MAX_HEADER_BYTES: usize = 32 * 1024;

/// Oversized addresses and headers get the German JSON error, not a bare status.
async fn reject_oversized(request: Request, next: Next) -> Response {
    if request.uri().to_string().len() > MAX_URI_BYTES {
        return error::ApiError(shared::Error::UriTooLong).into_response();
    }
    let header_bytes: usize = request.headers().iter().map(|(name, value)| name.as_str().len() + value.len()).sum();
    if header_bytes > MAX_HEADER_BYTES {
        return error::ApiError(shared::Error::HeadersTooLarge).into_response();
    }
    next.run(request).await
}

/// API answers are per user and must not be stored by browsers or proxies (ASVS 14.3),
/// unless the handler says otherwise (audio files).
async fn no_store(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response.headers_mut().entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    response
}

async fn method_not_allowed() -> error::ApiError {
    error::ApiError(shared::Error::MethodNotAllowed)
}

/// Vite names every built asset after its content hash, so browsers may keep them for a
/// year; `index.html` must be asked for again each time to pick up a new build.
async fn cache_static(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    if response.status().is_success() {
        let value = if hashed { "public, max-age=31536000, immutable" } else { "no-cache" };
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    response
}

/// The page may load scripts, styles and data only from itself; audio also from the S3
/// store when audio is served through presigned links.
fn content_security_policy(settings: &Settings) -> String {
    let store = match settings.storage.backend {
        shared::config::StorageBackend::S3 => settings.storage.s3.browser_origin(),
        shared::config::StorageBackend::Fs => None,
    };
    let store = store.map(|origin| format!(" {origin}")).unwrap_or_default();
    format!(
        "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; \
         img-src 'self' data:; media-src 'self' blob:{store}; connect-src 'self'{store}; \
         style-src 'self' 'unsafe-inline'"
    )
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

async fn api_not_found() -> error::ApiError {
    error::ApiError(shared::Error::NotFound("Diese API-Adresse gibt es nicht."))
}

/// Serves until the shutdown future resolves.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(state).into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_request_id_is_kept_only_prefixed_short_and_plain() {
        assert_eq!(kept_client_request_id(b"abc-123").unwrap(), "client-abc-123");
        assert_eq!(kept_client_request_id(b"A.b_C-9").unwrap(), "client-A.b_C-9");
        let longest = "x".repeat(MAX_CLIENT_REQUEST_ID);
        assert_eq!(kept_client_request_id(longest.as_bytes()).unwrap(), format!("client-{longest}").as_str());
        let too_long = "x".repeat(MAX_CLIENT_REQUEST_ID + 1);
        for refused in
            ["", too_long.as_str(), "a b", "abc\r\nfake=1", "id\x1b[31m", "\u{202E}abc", "x;y", "x\"y", "Überweisung"]
        {
            let refused = refused.as_bytes();
            assert!(kept_client_request_id(refused).is_none(), "{:?}", String::from_utf8_lossy(refused));
        }
    }
}
