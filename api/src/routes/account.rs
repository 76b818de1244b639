//! /api/account/*: the signed-in user's own account: profile, password, sessions,
//! transaction history (JSON and CSV), and deleting the account.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::ledger::Booking;
use shared::domain::kinds::LedgerKind;
use shared::use_cases::account::{self, SessionInfo};
use shared::use_cases::auth;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiQuery, Caller};
use crate::routes::auth::Me;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(update_profile, delete_account))
        .routes(routes!(change_password))
        .routes(routes!(sessions, sign_out_everywhere))
        .routes(routes!(transactions))
        .routes(routes!(transactions_csv))
        .routes(routes!(two_factor_status, disable_two_factor))
        .routes(routes!(set_up_two_factor))
        .routes(routes!(enable_two_factor))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ProfileBody)]
struct ProfileBody {
    #[serde(default)]
    name: String,
    #[serde(default)]
    organization: String,
}

/// Changes name and organisation.
#[utoipa::path(patch, path = "/api/account", tag = "account", request_body = ProfileBody, responses(
    (status = 200, body = Me),
    (status = 401, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn update_profile(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<ProfileBody>,
) -> ApiResult<Json<Me>> {
    let user = account::update_profile(&state.svc, &caller, &body.name, &body.organization).await?;
    Ok(Json(auth::Me::of(&caller, user)?.into()))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = PasswordBody)]
struct PasswordBody {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
}

/// Sets a new password (the current one is needed); every other session ends and every
/// API key is revoked.
#[utoipa::path(post, path = "/api/account/password", tag = "account", request_body = PasswordBody, responses(
    (status = 204),
    (status = 422, description = "Aktuelles Passwort falsch, oder das neue erfüllt die Regeln nicht", body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn change_password(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<PasswordBody>,
) -> ApiResult<StatusCode> {
    account::change_password(&state.svc, &caller, &body.current_password, &body.new_password).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize, ToSchema)]
#[schema(as = SessionView)]
struct SessionView {
    /// A short, stable handle of the session (not its secret).
    id: String,
    /// Where it was opened from (IPv4 address or IPv6 /64).
    client: Option<String>,
    /// Browser and system, as the browser named them ("Chrome auf Linux").
    device: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    /// The session of this request.
    current: bool,
}

impl From<SessionInfo> for SessionView {
    fn from(s: SessionInfo) -> Self {
        SessionView {
            id: s.handle,
            client: s.client,
            device: s.device,
            created_at: s.created_at,
            expires_at: s.expires_at,
            current: s.current,
        }
    }
}

/// What "Überall abmelden" ended.
#[derive(Serialize, ToSchema)]
#[schema(as = SignedOutEverywhere)]
struct SignedOutEverywhere {
    sessions_ended: u64,
    api_keys_revoked: u64,
    /// For the page, in German ("Alle Sitzungen beendet und 2 API-Schlüssel widerrufen.").
    message: String,
}

/// One booking of the ledger.
#[derive(Serialize, ToSchema)]
#[schema(as = Transaction)]
struct Transaction {
    id: i64,
    created_at: DateTime<Utc>,
    kind: LedgerKind,
    /// German name of the kind ("Aufladung", "Audio-Generierung", ...).
    label: &'static str,
    /// Positive for credits, negative for charges.
    amount_cent: i64,
    balance_after_cent: i64,
    job_id: Option<Uuid>,
    /// The reason of a correction by the support.
    note: Option<String>,
}

impl From<Booking> for Transaction {
    fn from(b: Booking) -> Self {
        Transaction {
            id: b.id,
            created_at: b.created_at,
            label: b.kind.label(),
            kind: b.kind,
            amount_cent: b.amount_cent,
            balance_after_cent: b.balance_after_cent,
            job_id: b.job_id,
            note: b.note,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = TransactionPage)]
struct TransactionPage {
    items: Vec<Transaction>,
    page: i64,
    per_page: i64,
    total: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// 1-based.
    page: Option<i64>,
    /// 1 to 100, default 20.
    per_page: Option<i64>,
}

/// The account's live sessions, newest first.
#[utoipa::path(get, path = "/api/account/sessions", tag = "account", responses(
    (status = 200, body = Vec<SessionView>),
    (status = 401, body = ErrorBody),
))]
async fn sessions(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<SessionView>>> {
    Ok(Json(account::sessions(&state.svc, &caller).await?.into_iter().map(SessionView::from).collect()))
}

/// "Überall abmelden": ends every session, this one included, and revokes every API key;
/// answers how many of each, with a German sentence for the page.
#[utoipa::path(delete, path = "/api/account/sessions", tag = "account", responses(
    (status = 200, body = SignedOutEverywhere),
    (status = 401, body = ErrorBody),
))]
async fn sign_out_everywhere(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Json<SignedOutEverywhere>)> {
    let account::SignedOutEverywhere { sessions_ended, api_keys_revoked, message } =
        account::sign_out_everywhere(&state.svc, &caller).await?;
    Ok((jar.remove(state.cookies.removal()), Json(SignedOutEverywhere { sessions_ended, api_keys_revoked, message })))
}

/// The transaction history from the ledger, newest first, with the balance after each.
#[utoipa::path(get, path = "/api/account/transactions", tag = "account", params(PageQuery), responses(
    (status = 200, body = TransactionPage),
    (status = 401, body = ErrorBody),
))]
async fn transactions(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> ApiResult<Json<TransactionPage>> {
    let page = account::transactions(&state.svc, &caller, query.page, query.per_page).await?;
    Ok(Json(TransactionPage {
        items: page.items.into_iter().map(Transaction::from).collect(),
        page: page.page,
        per_page: page.per_page,
        total: page.total,
    }))
}

/// Every booking as a CSV file (semicolons, decimal commas).
#[utoipa::path(get, path = "/api/account/transactions.csv", tag = "account", responses(
    (status = 200, description = "CSV-Datei", content_type = "text/csv"),
    (status = 401, body = ErrorBody),
))]
async fn transactions_csv(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Response> {
    let csv = account::transactions_csv(&state.svc, &caller).await?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"stimmwerk-buchungen.csv\"")),
        ],
        csv,
    )
        .into_response())
}

#[derive(Deserialize, ToSchema)]
#[schema(as = DeleteBody)]
struct DeleteBody {
    #[serde(default)]
    password: String,
}

/// Deletes the account and everything it owns (the password is needed). Its bookings
/// stay in the ledger without the person.
#[utoipa::path(delete, path = "/api/account", tag = "account", request_body = DeleteBody, responses(
    (status = 204),
    (status = 409, description = "Das letzte aktive Administratorkonto", body = ErrorBody),
    (status = 422, description = "Passwort falsch", body = ErrorBody),
    (status = 429, description = "Zu viele falsche Passwörter (`Retry-After`)", body = ErrorBody),
))]
async fn delete_account(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiJson(body): ApiJson<DeleteBody>,
) -> ApiResult<(StatusCode, CookieJar)> {
    account::delete_account(&state.svc, &caller, &body.password).await?;
    Ok((StatusCode::NO_CONTENT, jar.remove(state.cookies.removal())))
}

#[derive(Serialize, ToSchema)]
#[schema(as = TwoFactorStatus)]
struct TwoFactorStatus {
    enabled: bool,
}

/// Whether the account signs in with a code from an authenticator app.
#[utoipa::path(get, path = "/api/account/two-factor", tag = "account", responses(
    (status = 200, body = TwoFactorStatus),
    (status = 401, body = ErrorBody),
))]
async fn two_factor_status(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<TwoFactorStatus>> {
    let enabled = shared::use_cases::two_factor::is_enabled(&state.svc, caller.user()?.id).await?;
    Ok(Json(TwoFactorStatus { enabled }))
}

#[derive(Serialize, ToSchema)]
#[schema(as = Setup)]
struct TwoFactorSetup {
    /// For typing in by hand.
    secret: String,
    otpauth_url: String,
    /// The same URL as a QR code (SVG).
    qr_svg: String,
}

/// Switching two-factor sign-in on: the current password and a first code from the app.
#[derive(Deserialize, ToSchema)]
#[schema(as = EnableInput)]
struct EnableInput {
    /// The account's current password.
    #[serde(default)]
    password: String,
    #[serde(default)]
    code: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = RecoveryCodes)]
struct RecoveryCodes {
    /// Shown once: each gets in once when the app is lost.
    codes: Vec<String>,
}

/// A new TOTP secret with its otpauth URL and QR code; on only after a first code.
#[utoipa::path(post, path = "/api/account/two-factor/setup", tag = "account", responses(
    (status = 200, body = TwoFactorSetup),
    (status = 409, description = "Schon eingeschaltet, oder auf dem Server nicht eingerichtet", body = ErrorBody),
))]
async fn set_up_two_factor(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<TwoFactorSetup>> {
    let shared::use_cases::two_factor::Setup { secret, otpauth_url, qr_svg } =
        shared::use_cases::two_factor::setup(&state.svc, &caller).await?;
    Ok(Json(TwoFactorSetup { secret, otpauth_url, qr_svg }))
}

/// Switches two-factor sign-in on with the current password and a first code; answers ten
/// recovery codes, once. The owner gets a notice mail.
#[utoipa::path(post, path = "/api/account/two-factor/enable", tag = "account", request_body = EnableInput, responses(
    (status = 200, body = RecoveryCodes),
    (status = 409, body = ErrorBody),
    (status = 422, description = "Passwort (`password`) oder Code (`code`) falsch", body = ErrorBody),
    (status = 429, description = "Zu viele falsche Passwörter (`Retry-After`)", body = ErrorBody),
))]
async fn enable_two_factor(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<EnableInput>,
) -> ApiResult<Json<RecoveryCodes>> {
    let codes = shared::use_cases::two_factor::enable(&state.svc, &caller, &body.password, &body.code).await?;
    Ok(Json(RecoveryCodes { codes }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = DisableBody)]
struct DisableBody {
    #[serde(default)]
    password: String,
    #[serde(default)]
    code: String,
}

/// Switches two-factor sign-in off: the password and a current code (or a recovery code),
/// both counted like at sign-in. The owner gets a notice mail.
#[utoipa::path(delete, path = "/api/account/two-factor", tag = "account", request_body = DisableBody, responses(
    (status = 204),
    (status = 422, description = "Passwort (`password`) oder Code (`code`) falsch", body = ErrorBody),
    (status = 429, description = "Zu viele Fehlversuche (`Retry-After`)", body = ErrorBody),
))]
async fn disable_two_factor(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<DisableBody>,
) -> ApiResult<StatusCode> {
    shared::use_cases::two_factor::disable(&state.svc, &caller, &body.password, &body.code).await?;
    Ok(StatusCode::NO_CONTENT)
}
