//! Request extractors: JSON, path and query with German errors, and who is calling.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request, State};
use axum::http::header;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::CookieJar;
use shared::caller::Identity;

use crate::AppState;
use crate::error::ApiError;

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// The client's address (behind a trusted proxy, the one it forwarded), found once per
/// request by [`client_address`] for limits and logs.
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    pub fn of(extensions: &axum::http::Extensions) -> IpAddr {
        extensions.get::<ClientIp>().map(|c| c.0).unwrap_or(Ipv4Addr::LOCALHOST.into())
    }
}

/// Middleware: reads the client's address (`shared::domain::client_ip`) before anything
/// else looks at the request.
pub async fn client_address(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip())
        .unwrap_or(Ipv4Addr::LOCALHOST.into());
    let forwarded = request.headers().get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok());
    let ip = shared::domain::client_ip::client_ip(peer, forwarded, &state.svc.settings.http.trusted_proxies);
    request.extensions_mut().insert(ClientIp(ip));
    next.run(request).await
}

/// The live demo's browser cookie.
pub const DEMO_COOKIE: &str = "stimmwerk_demo";

/// Who is calling, as every handler receives it: a signed-in session (cookie), or an
/// anonymous visitor. A request with an `Authorization` header is judged by that header
/// alone, never by its cookies; no API keys exist yet, so it is refused with 401.
pub struct Caller(pub shared::Caller);

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let ip = ClientIp::of(&parts.extensions);
        if parts.headers.contains_key(header::AUTHORIZATION) {
            return Err(ApiError(shared::Error::Unauthenticated));
        }
        let jar = CookieJar::from_headers(&parts.headers);
        let demo_browser = jar.get(DEMO_COOKIE).map(|c| c.value().to_owned()).filter(|v| v.len() == 64);
        let identity = match jar.get(state.cookies.name()) {
            Some(token) => {
                let hash = shared::token::hash_token(token.value());
                match shared::db::sessions::find(&state.svc.pool, &hash).await? {
                    Some(session) => Identity::Session(session),
                    None => Identity::Anonymous,
                }
            }
            None => Identity::Anonymous,
        };
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.chars().take(300).collect::<String>())
            .filter(|v| !v.trim().is_empty());
        Ok(Caller(shared::Caller { ip, identity, demo_browser, user_agent }))
    }
}

/// A caller who must be an admin, refused (401/403) before the request body is read, so
/// nobody else learns anything from how an admin endpoint parses its input. The use
/// cases check the role again.
pub struct AdminCaller(pub shared::Caller);

impl FromRequestParts<AppState> for AdminCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Caller(caller) = Caller::from_request_parts(parts, state).await?;
        caller.admin()?;
        Ok(AdminCaller(caller))
    }
}
