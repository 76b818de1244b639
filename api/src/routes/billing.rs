//! /api/billing/*: top-ups through Stripe Checkout, and Stripe's signed webhook (the
//! only caller here that is neither a browser nor an API key: its signature is its proof,
//! so the CSRF guard lets it through).

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use shared::use_cases::billing;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, Caller};

pub const WEBHOOK_PATH: &str = "/api/billing/webhook";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(options)).routes(routes!(checkout)).routes(routes!(webhook))
}

#[derive(Serialize, ToSchema)]
#[schema(as = BillingOptions)]
struct BillingOptions {
    /// False while no Stripe key is configured: top-ups are not set up.
    enabled: bool,
    suggested_cent: Vec<i64>,
    min_cent: i64,
    max_cent: i64,
    fee_note: &'static str,
    /// Where customers write about payments, when the operator configured it.
    support_email: Option<String>,
    /// A top-up by bank transfer, when the operator configured it.
    bank_transfer: Option<BankTransfer>,
    /// Only for admins while Stripe is not set up: how to set it up.
    admin_setup_hint: Option<&'static str>,
}

/// Bank details for a top-up by transfer.
#[derive(Serialize, ToSchema)]
#[schema(as = BankTransfer)]
struct BankTransfer {
    account_holder: String,
    iban: String,
    bic: String,
    /// The transfer's reference: it names the account the credit is booked to.
    reference: String,
}

impl From<billing::BankTransfer> for BankTransfer {
    fn from(transfer: billing::BankTransfer) -> Self {
        let billing::BankTransfer { account_holder, iban, bic, reference } = transfer;
        BankTransfer { account_holder, iban, bic, reference }
    }
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TopUpRequest)]
struct TopUpRequest {
    /// 500 to 50,000 cents (5 to 500 euros).
    amount_cent: i64,
}

#[derive(Serialize, ToSchema)]
#[schema(as = CheckoutStart)]
struct CheckoutStart {
    top_up_id: Uuid,
    /// Stripe's payment page; the browser goes there.
    checkout_url: String,
}

/// Whether top-ups are set up, the amounts to offer and the card fee, and the ways the
/// operator configured besides Stripe (support address, bank transfer).
#[utoipa::path(get, path = "/api/billing", tag = "billing", responses(
    (status = 200, body = BillingOptions),
    (status = 401, body = ErrorBody),
))]
async fn options(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<BillingOptions>> {
    let billing::BillingOptions {
        enabled,
        suggested_cent,
        min_cent,
        max_cent,
        fee_note,
        support_email,
        bank_transfer,
        admin_setup_hint,
    } = billing::options(&state.svc, &caller).await?;
    Ok(Json(BillingOptions {
        enabled,
        suggested_cent,
        min_cent,
        max_cent,
        fee_note,
        support_email,
        bank_transfer: bank_transfer.map(BankTransfer::from),
        admin_setup_hint,
    }))
}

/// Starts a top-up: a Stripe Checkout Session; the browser goes to `checkout_url`.
#[utoipa::path(post, path = "/api/billing/checkout", tag = "billing", request_body = TopUpRequest, responses(
    (status = 201, body = CheckoutStart),
    (status = 401, body = ErrorBody),
    (status = 422, body = ErrorBody),
    (status = 502, description = "Stripe hat die Sitzung abgelehnt", body = ErrorBody),
    (status = 409, description = "Aufladungen sind nicht eingerichtet (`unavailable`)", body = ErrorBody),
))]
async fn checkout(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<TopUpRequest>,
) -> ApiResult<(StatusCode, Json<CheckoutStart>)> {
    let billing::CheckoutStart { top_up_id, checkout_url } =
        billing::start_top_up(&state.svc, &caller, body.amount_cent).await?;
    Ok((StatusCode::CREATED, Json(CheckoutStart { top_up_id, checkout_url })))
}

/// Stripe's webhook (`Stripe-Signature`); a paid Checkout Session is credited once.
#[utoipa::path(post, path = "/api/billing/webhook", tag = "billing", request_body(content = String, content_type = "application/json"),
    params(("Stripe-Signature" = String, Header)),
    responses(
        (status = 204),
        (status = 400, description = "Signatur falsch oder zu alt, Ereignis unlesbar, unbekannte Sitzung", body = ErrorBody),
        (status = 409, description = "Kein Webhook-Geheimnis eingerichtet", body = ErrorBody),
    ))]
async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<StatusCode> {
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or_default();
    billing::handle_webhook(&state.svc, signature, &body).await?;
    Ok(StatusCode::NO_CONTENT)
}
