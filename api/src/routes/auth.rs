//! /api/auth/* and /api/me: sign-up with e-mail confirmation, sign-in, sign-out.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Redirect;
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};
use shared::db::users::User;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiQuery, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(confirm))
        .routes(routes!(sign_in))
        .routes(routes!(sign_out))
        .routes(routes!(me))
}

#[derive(Deserialize, ToSchema)]
struct SignUpBody {
    #[serde(default)]
    name: String,
    #[serde(default)]
    organization: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

#[derive(Serialize, ToSchema)]
struct Message {
    message: &'static str,
}

/// Creates an account and mails the confirmation link.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth", request_body = SignUpBody, responses(
    (status = 201, body = Message),
    (status = 422, description = "Ungültige Eingabe, mit `fields`", body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn sign_up(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<SignUpBody>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    let input = shared::auth::SignUp {
        name: &body.name,
        organization: &body.organization,
        email: &body.email,
        password: &body.password,
    };
    shared::auth::sign_up(&state.svc, &caller, input).await?;
    let message = "Registrierung erfolgreich. Bitte überprüfen Sie Ihre E-Mail zur Bestätigung.";
    Ok((StatusCode::CREATED, Json(Message { message })))
}

#[derive(Deserialize, IntoParams)]
struct ConfirmQuery {
    #[serde(default)]
    token: String,
}

/// The link in the confirmation mail: confirms and sends the browser to the sign-in page.
#[utoipa::path(get, path = "/api/auth/confirm", tag = "auth", params(ConfirmQuery), responses(
    (status = 303, description = "Weiter zu `/auth?confirmed=1`, oder `confirmed=0` bei ungültigem Link"),
))]
async fn confirm(State(state): State<AppState>, ApiQuery(query): ApiQuery<ConfirmQuery>) -> ApiResult<Redirect> {
    let confirmed = shared::auth::confirm_email(&state.svc.pool, &query.token).await?;
    Ok(Redirect::to(if confirmed { "/auth?confirmed=1" } else { "/auth?confirmed=0" }))
}

#[derive(Deserialize, ToSchema)]
struct SignInBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// Signs in and sets the session cookie.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = SignInBody, responses(
    (status = 200, body = User),
    (status = 401, description = "E-Mail oder Passwort ist falsch", body = ErrorBody),
    (status = 403, description = "E-Mail-Adresse noch nicht bestätigt", body = ErrorBody),
    (status = 429, description = "Zu viele Fehlversuche (`Retry-After`)", body = ErrorBody),
))]
async fn sign_in(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiJson(body): ApiJson<SignInBody>,
) -> ApiResult<(CookieJar, Json<User>)> {
    let signed_in = shared::auth::sign_in(&state.svc, &caller, &body.email, &body.password).await?;
    Ok((jar.add(state.cookies.session(signed_in.session_token)), Json(signed_in.user)))
}

/// Ends the session and clears the cookie.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", responses((status = 204)))]
async fn sign_out(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
) -> ApiResult<(StatusCode, CookieJar)> {
    shared::auth::sign_out(&state.svc, &caller).await?;
    Ok((StatusCode::NO_CONTENT, jar.remove(state.cookies.removal())))
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/me", tag = "auth", responses(
    (status = 200, body = User),
    (status = 401, body = ErrorBody),
))]
async fn me(Caller(caller): Caller) -> ApiResult<Json<User>> {
    Ok(Json(caller.user()?.clone()))
}
