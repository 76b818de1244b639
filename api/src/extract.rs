//! Request extractors: JSON and path parameters with German errors, the signed-in user,
//! and the CSRF guard for cookie-authenticated writes.

use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::Method;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::CookieJar;
use shared::db::users::User;

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

/// The signed-in user, from the session cookie. Requests without one get 401.
pub struct CurrentUser(pub User);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let jar = CookieJar::from_headers(&parts.headers);
        let token = jar.get(state.cookies.name()).ok_or(ApiError::Unauthenticated)?;
        shared::auth::session_user(&state.pool, token.value())
            .await?
            .map(CurrentUser)
            .ok_or(ApiError::Unauthenticated)
    }
}

/// Header every state-changing browser request must carry. A cross-site form cannot set
/// it, and a cross-site script cannot send it without a CORS preflight we never allow.
pub const CSRF_HEADER: &str = "x-requested-with";
pub const CSRF_VALUE: &str = "stimmwerk";

pub async fn csrf_guard(State(_): State<AppState>, request: Request, next: Next) -> Result<Response, ApiError> {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let marked = request.headers().get(CSRF_HEADER).is_some_and(|v| v.as_bytes() == CSRF_VALUE.as_bytes());
    if !safe && !marked {
        return Err(ApiError::Csrf);
    }
    Ok(next.run(request).await)
}

/// An admin (403 for everyone else).
pub struct AdminUser(pub User);

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        if !user.is_admin() {
            return Err(ApiError::Forbidden);
        }
        Ok(AdminUser(user))
    }
}

/// How long a password re-entry unlocks the admin settings.
pub const REAUTH_WINDOW_MINUTES: i64 = 10;

/// An admin who re-entered the password within the last minutes.
pub struct ReauthenticatedAdmin(pub User);

impl FromRequestParts<AppState> for ReauthenticatedAdmin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let AdminUser(user) = AdminUser::from_request_parts(parts, state).await?;
        let jar = CookieJar::from_headers(&parts.headers);
        let token = jar.get(state.cookies.name()).ok_or(ApiError::Unauthenticated)?;
        let at = shared::db::sessions::reauthenticated_at(&state.pool, &shared::token::hash_token(token.value())).await?;
        let fresh = at.is_some_and(|at| chrono::Utc::now() - at < chrono::Duration::minutes(REAUTH_WINDOW_MINUTES));
        if !fresh {
            return Err(ApiError::ReauthRequired);
        }
        Ok(ReauthenticatedAdmin(user))
    }
}
