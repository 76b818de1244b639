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

/// Path parameters. A parameter with a control character (a `%00` in the address) names
/// nothing that exists: 404 like any other unknown id, before a string id reaches a lookup.
pub struct ApiPath<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let axum::extract::Path(value) = axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        let raw = axum::extract::RawPathParams::from_request_parts(parts, state).await;
        if raw.is_ok_and(|raw| raw.iter().any(|(_, value)| value.chars().any(char::is_control))) {
            return Err(ApiError(shared::Error::NotFound("Nicht gefunden.")));
        }
        Ok(ApiPath(value))
    }
}

/// Query parameters. Every decoded name and value is checked for control characters
/// first, in this one place: Postgres refuses a NUL in text with an error (which was a
/// 500 for `?q=%00`), and no filter, search, cursor or token of ours has a use for one.
/// Such a query is a German 422 whatever handler it was sent to.
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        no_controls_in_query(parts.uri.query().unwrap_or_default())?;
        let axum::extract::Query(value) = axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(ApiQuery(value))
    }
}

/// Refuses a query string whose decoded names or values hold a control character (the
/// rule of `shared::domain::input::no_controls`), naming the parameter when its own name
/// is clean.
fn no_controls_in_query(query: &str) -> Result<(), ApiError> {
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        if !name.chars().chain(value.chars()).any(char::is_control) {
            continue;
        }
        let named = !name.chars().any(char::is_control) && name.chars().count() <= 40 && !name.is_empty();
        let message = match named {
            true => format!("Der Parameter „{name}“ in der Adresse enthält unzulässige Steuerzeichen."),
            false => "Ein Parameter in der Adresse enthält unzulässige Steuerzeichen.".to_owned(),
        };
        return Err(ApiError(shared::Error::invalid("Ungültige Eingabe", message)));
    }
    Ok(())
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(query: &str) -> Option<String> {
        no_controls_in_query(query).err().map(|ApiError(e)| e.to_string())
    }

    #[test]
    fn a_control_character_anywhere_in_the_query_is_refused_in_german() {
        for query in ["q=%00", "speaker=a%00b", "search=%01", "q=%7F", "q=a%0Ab", "q=%C2%85", "a=1&search=%09"] {
            assert!(refused(query).is_some_and(|m| m.contains("unzulässige Steuerzeichen")), "{query}");
        }
        assert_eq!(refused("q=%00").unwrap(), "Der Parameter „q“ in der Adresse enthält unzulässige Steuerzeichen.");
        assert_eq!(refused("%00=x").unwrap(), "Ein Parameter in der Adresse enthält unzulässige Steuerzeichen.");
        for query in ["", "q=Hallo+Welt", "search=M%C3%BCller", "q=%E2%80%AE", "cursor=abc%3D%3D&limit=20"] {
            assert_eq!(refused(query), None, "{query}");
        }
    }
}
