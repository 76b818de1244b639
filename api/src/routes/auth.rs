//! /api/auth/* and /api/me: sign-up with e-mail confirmation, sign-in, sign-out.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::users::User as UserRow;
use shared::domain::kinds::Role;
use shared::use_cases::auth::{self, Confirmation, SignInStep};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiQuery, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(confirm, confirm_with_password))
        .routes(routes!(sign_in))
        .routes(routes!(sign_in_with_code))
        .routes(routes!(request_login_link, use_login_link))
        .routes(routes!(request_password_reset, check_reset_link))
        .routes(routes!(reset_password))
        .routes(routes!(resend_confirmation))
        .routes(routes!(sign_out))
        .routes(routes!(me))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = SignUpBody)]
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
#[schema(as = Message)]
struct Message {
    message: &'static str,
}

/// Creates an account and mails the confirmation link. The answer does not tell whether
/// the address has an account already (its owner gets a mail instead).
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
    let input = shared::use_cases::auth::SignUp {
        name: &body.name,
        organization: &body.organization,
        email: &body.email,
        password: &body.password,
    };
    shared::use_cases::auth::sign_up(&state.svc, &caller, input).await?;
    let message = "Registrierung erfolgreich. Bitte überprüfen Sie Ihre E-Mail zur Bestätigung.";
    Ok((StatusCode::CREATED, Json(Message { message })))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ConfirmQuery {
    #[serde(default)]
    token: String,
}

/// The link in the confirmation mail: confirms and sends the browser to the sign-in page.
/// An address someone signed up with again goes to `/auth?confirm=<token>`, where the
/// password of the last sign-up confirms it (`POST /api/auth/confirm`).
#[utoipa::path(get, path = "/api/auth/confirm", tag = "auth", params(ConfirmQuery), responses(
    (status = 303, description = "Weiter zu `/auth?confirmed=1`, `confirmed=0` bei ungültigem Link, oder `/auth?confirm=<token>`, wenn die Bestätigung das Passwort braucht"),
))]
async fn confirm(State(state): State<AppState>, ApiQuery(query): ApiQuery<ConfirmQuery>) -> ApiResult<Redirect> {
    Ok(match shared::use_cases::auth::confirm_email(&state.svc, &query.token).await? {
        Confirmation::Confirmed => Redirect::to("/auth?confirmed=1"),
        Confirmation::Invalid => Redirect::to("/auth?confirmed=0"),
        // The token is one of ours (hex): safe in the address as it is.
        Confirmation::NeedsPassword => Redirect::to(&format!("/auth?confirm={}", query.token)),
    })
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ConfirmBody)]
struct ConfirmBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// Confirms an address that was signed up with more than once, with the link's token and
/// the password of the last sign-up (limited like a sign-in).
#[utoipa::path(post, path = "/api/auth/confirm", tag = "auth", request_body = ConfirmBody, responses(
    (status = 204, description = "Adresse bestätigt"),
    (status = 422, description = "Link ungültig, oder das Passwort passt nicht zur letzten Registrierung", body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn confirm_with_password(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> ApiResult<StatusCode> {
    shared::use_cases::auth::confirm_email_with_password(&state.svc, &caller, &body.token, &body.password).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, ToSchema)]
#[schema(as = SignInBody)]
struct SignInBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// Signs in and sets the session cookie.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = SignInBody, responses(
    (status = 200, body = Me),
    (status = 401, description = "E-Mail oder Passwort ist falsch, oder `two_factor_required`: der Code folgt", body = ErrorBody),
    (status = 403, description = "E-Mail-Adresse noch nicht bestätigt", body = ErrorBody),
    (status = 429, description = "Zu viele Fehlversuche (`Retry-After`)", body = ErrorBody),
))]
async fn sign_in(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiJson(body): ApiJson<SignInBody>,
) -> ApiResult<Response> {
    let step = shared::use_cases::auth::sign_in(&state.svc, &caller, &body.email, &body.password).await?;
    Ok(answer_step(&state, jar, step))
}

/// A session's cookie and the user, or the second step's cookie and 401
/// `two_factor_required` (the code goes to `POST /api/auth/login/code`).
fn answer_step(state: &AppState, jar: CookieJar, step: SignInStep) -> Response {
    match step {
        SignInStep::Session(signed_in) => {
            (jar.add(state.cookies.session(signed_in.session_token)), Json(Me::from(signed_in.me))).into_response()
        }
        SignInStep::SecondFactor { challenge } => {
            (jar.add(state.cookies.challenge(challenge)), ApiError(shared::Error::TwoFactorRequired)).into_response()
        }
    }
}

/// A code from the authenticator app, or a recovery code.
#[derive(Deserialize, ToSchema)]
#[schema(as = CodeInput)]
struct CodeInput {
    #[serde(default)]
    code: String,
}

/// The second step of a sign-in: the code from the authenticator app (or a recovery
/// code), with the cookie the first step set. Five tries, five minutes; wrong codes are
/// also counted per account and client (a growing wait, then hours of lock for sign-ins
/// started with the password; one started with a mailed link still gets in).
#[utoipa::path(post, path = "/api/auth/login/code", tag = "auth", request_body = CodeInput, responses(
    (status = 200, body = Me),
    (status = 422, description = "Code falsch, oder die Anmeldung ist abgelaufen", body = ErrorBody),
    (status = 429, description = "Zu viele falsche Codes (`Retry-After`)", body = ErrorBody),
))]
async fn sign_in_with_code(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiJson(body): ApiJson<CodeInput>,
) -> ApiResult<(CookieJar, Json<Me>)> {
    let challenge = jar.get(state.cookies.challenge_name()).map(|c| c.value().to_owned()).unwrap_or_default();
    let signed_in = shared::use_cases::auth::sign_in_with_code(&state.svc, &caller, &challenge, &body.code).await?;
    let jar = jar.remove(state.cookies.challenge_removal()).add(state.cookies.session(signed_in.session_token));
    Ok((jar, Json(signed_in.me.into())))
}

/// Mails a one-time sign-in link to the address, if it has an account. It gets the owner
/// in while password sign-ins for the address are slowed down.
#[utoipa::path(post, path = "/api/auth/login-link", tag = "auth", request_body = EmailBody, responses(
    (status = 202, body = Message),
    (status = 422, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn request_login_link(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EmailBody>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    shared::use_cases::auth::request_login_link(&state.svc, &caller, &body.email).await?;
    let message = "Falls für diese Adresse ein Konto besteht, haben wir einen Anmeldelink gesendet.";
    Ok((StatusCode::ACCEPTED, Json(Message { message })))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinkQuery {
    #[serde(default)]
    token: String,
}

/// The link in the sign-in mail: signs in (once) and opens the dashboard.
#[utoipa::path(get, path = "/api/auth/login-link", tag = "auth", params(LinkQuery), responses(
    (status = 303, description = "Angemeldet weiter zu `/dashboard`, oder `/auth?link=0` bei ungültigem Link"),
))]
async fn use_login_link(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> ApiResult<(CookieJar, Redirect)> {
    Ok(match shared::use_cases::auth::use_login_link(&state.svc, &caller, &query.token).await? {
        Some(SignInStep::Session(signed_in)) => {
            (jar.add(state.cookies.session(signed_in.session_token)), Redirect::to("/dashboard"))
        }
        Some(SignInStep::SecondFactor { challenge }) => {
            (jar.add(state.cookies.challenge(challenge)), Redirect::to("/auth?code=1"))
        }
        None => (jar, Redirect::to("/auth?link=0")),
    })
}

#[derive(Deserialize, ToSchema)]
#[schema(as = EmailBody)]
struct EmailBody {
    #[serde(default)]
    email: String,
}

/// "Passwort vergessen?": mails a single-use link (1 hour) to `/auth/reset?token=…`, if the
/// address has an account. Same answer either way.
#[utoipa::path(post, path = "/api/auth/password-reset", tag = "auth", request_body = EmailBody, responses(
    (status = 202, body = Message),
    (status = 422, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn request_password_reset(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EmailBody>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    shared::use_cases::auth::request_password_reset(&state.svc, &caller, &body.email).await?;
    let message = "Falls für diese Adresse ein Konto besteht, haben wir einen Link zum Zurücksetzen gesendet.";
    Ok((StatusCode::ACCEPTED, Json(Message { message })))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ResetBody)]
struct ResetBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// Whether the reset link still works (single use, one hour), without using it up.
#[utoipa::path(get, path = "/api/auth/password-reset", tag = "auth", params(LinkQuery), responses(
    (status = 204, description = "Link gültig"),
    (status = 422, description = "Link ungültig, abgelaufen oder schon benutzt", body = ErrorBody),
))]
async fn check_reset_link(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> ApiResult<StatusCode> {
    shared::use_cases::auth::check_reset_link(&state.svc, &query.token).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets the new password with the link's token (once); every session of the account ends
/// and every API key is revoked.
#[utoipa::path(post, path = "/api/auth/password-reset/confirm", tag = "auth", request_body = ResetBody, responses(
    (status = 204),
    (status = 422, description = "Link ungültig oder abgelaufen, oder das Passwort erfüllt die Regeln nicht", body = ErrorBody),
))]
async fn reset_password(State(state): State<AppState>, ApiJson(body): ApiJson<ResetBody>) -> ApiResult<StatusCode> {
    shared::use_cases::auth::reset_password(&state.svc, &body.token, &body.password).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sends the confirmation mail again, if the address has an unconfirmed account. Same
/// answer either way.
#[utoipa::path(post, path = "/api/auth/confirmation", tag = "auth", request_body = EmailBody, responses(
    (status = 202, body = Message),
    (status = 422, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn resend_confirmation(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EmailBody>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    shared::use_cases::auth::resend_confirmation(&state.svc, &caller, &body.email).await?;
    let message = "Falls diese Adresse noch bestätigt werden muss, haben wir den Link erneut gesendet.";
    Ok((StatusCode::ACCEPTED, Json(Message { message })))
}

/// Ends the session and clears the cookie.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", responses((status = 204)))]
async fn sign_out(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
) -> ApiResult<(StatusCode, CookieJar)> {
    shared::use_cases::auth::sign_out(&state.svc, &caller).await?;
    Ok((StatusCode::NO_CONTENT, jar.remove(state.cookies.removal())))
}

#[derive(Serialize, ToSchema)]
#[schema(as = User)]
struct User {
    id: Uuid,
    name: String,
    email: String,
    organization: String,
    role: Role,
    balance_cent: i64,
    created_at: DateTime<Utc>,
}

impl From<UserRow> for User {
    fn from(user: UserRow) -> Self {
        let UserRow { id, name, email, organization, role, balance_cent, created_at } = user;
        User { id, name, email, organization, role, balance_cent, created_at }
    }
}

/// The signed-in user as the web app sees it (`/api/me` and every sign-in answer).
#[derive(Serialize, ToSchema)]
#[schema(as = Me)]
pub struct Me {
    #[serde(flatten)]
    user: User,
    /// This session proved a code from the authenticator app (the admin area needs it).
    second_factor: bool,
}

impl From<auth::Me> for Me {
    fn from(me: auth::Me) -> Self {
        Me { user: me.user.into(), second_factor: me.second_factor }
    }
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/me", tag = "auth", responses(
    (status = 200, body = Me),
    (status = 401, body = ErrorBody),
))]
async fn me(Caller(caller): Caller) -> ApiResult<Json<Me>> {
    Ok(Json(auth::Me::of(&caller, caller.user()?.clone())?.into()))
}
