//! Money in, the use cases: a top-up starts a Stripe Checkout Session; the credit comes
//! only from Stripe's signed webhook (or from the reconciliation that asks Stripe about
//! sessions whose webhook never came), exactly once per event and per top-up, as a
//! `top_up` ledger row in the same transaction that marks the top-up paid.

use chrono::Utc;
use secrecy::ExposeSecret;
use serde::Deserialize;
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::{ledger, top_ups};
use crate::domain::money::format_euro;
use crate::error::{Error, Result};
use crate::payments::stripe::{self, CheckoutRequest, Session, StripeClient, StripeError};
use crate::services::Services;

pub const MIN_TOP_UP_CENT: i64 = 500;
pub const MAX_TOP_UP_CENT: i64 = 50_000;
/// The amounts the dialog offers.
pub const SUGGESTED_CENT: [i64; 4] = [500, 1000, 2000, 5000];
/// The card fee the spec names (paid by us, shown for transparency).
pub const CARD_FEE_NOTE: &str = "Kartenzahlung über Stripe; Gebühr 1,4 % + 0,25 € pro Zahlung (trägt Stimmwerk).";

/// What the top-up dialog offers.
#[derive(Debug)]
pub struct BillingOptions {
    /// False while no Stripe key is configured: top-ups are not set up.
    pub enabled: bool,
    pub suggested_cent: Vec<i64>,
    pub min_cent: i64,
    pub max_cent: i64,
    pub fee_note: &'static str,
    /// Where customers write about payments (configured by the operator).
    pub support_email: Option<String>,
    /// A top-up by bank transfer, when the operator configured it.
    pub bank_transfer: Option<BankTransfer>,
    /// For admins while Stripe is not set up: how to set it up.
    pub admin_setup_hint: Option<&'static str>,
}

/// Bank details for a top-up by transfer, with the reference that names the account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankTransfer {
    pub account_holder: String,
    pub iban: String,
    pub bic: String,
    /// "Stimmwerk <first 8 characters of the user id>": an admin books the credit to the
    /// account this names.
    pub reference: String,
}

const ADMIN_SETUP_HINT: &str = "Hinterlegen Sie den geheimen Stripe-Schlüssel unter Admin → API-Einstellungen (Dienst „Stripe“) und den Webhook-Schlüssel als APP__PAYMENTS__STRIPE_WEBHOOK_SECRET; der Webhook zeigt auf /api/billing/webhook.";

fn bank_transfer(settings: &crate::config::BankTransferSettings, user_id: Uuid) -> Option<BankTransfer> {
    let fields = [&settings.account_holder, &settings.iban, &settings.bic];
    if fields.iter().any(|f| f.trim().is_empty()) {
        return None;
    }
    Some(BankTransfer {
        account_holder: settings.account_holder.trim().to_owned(),
        iban: settings.iban.trim().to_owned(),
        bic: settings.bic.trim().to_owned(),
        reference: format!("Stimmwerk {}", &user_id.simple().to_string()[..8]),
    })
}

pub async fn options(svc: &Services, caller: &Caller) -> Result<BillingOptions> {
    let user = caller.user()?;
    let enabled = client(svc).await.is_ok();
    let payments = &svc.settings.payments;
    Ok(BillingOptions {
        enabled,
        support_email: Some(payments.support_email.trim().to_owned()).filter(|e| !e.is_empty()),
        bank_transfer: bank_transfer(&payments.bank_transfer, user.id),
        admin_setup_hint: (!enabled && caller.admin().is_ok()).then_some(ADMIN_SETUP_HINT),
        suggested_cent: SUGGESTED_CENT.to_vec(),
        min_cent: MIN_TOP_UP_CENT,
        max_cent: MAX_TOP_UP_CENT,
        fee_note: CARD_FEE_NOTE,
    })
}

/// What the customer reads when Stripe fails: one German sentence; Stripe's own words
/// (English, technical) go to the log.
fn payment_failed(error: StripeError) -> Error {
    tracing::warn!(error = %error, "stripe request failed");
    Error::Payment(match error {
        StripeError::Network(_) => {
            "Der Zahlungsdienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut; es wurde nichts abgebucht."
        }
        StripeError::Api(_) => {
            "Der Zahlungsdienst hat die Zahlung abgelehnt. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Support; es wurde nichts abgebucht."
        }
    })
}

fn not_set_up() -> Error {
    Error::Unavailable("Aufladungen sind noch nicht eingerichtet. Bitte wenden Sie sich an den Support.".into())
}

/// The Stripe client, when a key is configured (on the admin page or in the environment).
pub async fn client(svc: &Services) -> Result<StripeClient> {
    let key = crate::keyring::key_of(&svc.pool, &svc.settings, "stripe").await?.ok_or_else(not_set_up)?;
    StripeClient::new(&svc.settings.payments.stripe_base_url, key).map_err(|e| Error::Internal(e.into()))
}

/// A started top-up: the browser goes to Stripe's payment page.
#[derive(Debug)]
pub struct CheckoutStart {
    pub top_up_id: Uuid,
    /// Stripe's payment page; the browser goes there.
    pub checkout_url: String,
}

/// Starts a top-up of `amount_cent` (500 to 50,000 cents).
pub async fn start_top_up(svc: &Services, caller: &Caller, amount_cent: i64) -> Result<CheckoutStart> {
    let user = caller.user()?;
    if !(MIN_TOP_UP_CENT..=MAX_TOP_UP_CENT).contains(&amount_cent) {
        return Err(Error::field("amount_cent", "Bitte wählen Sie einen Betrag zwischen 5 € und 500 €."));
    }
    let stripe = client(svc).await?;
    let id = Uuid::new_v4();
    top_ups::insert(&svc.pool, id, user.id, amount_cent).await?;
    let base = svc.settings.http.public_url.trim_end_matches('/');
    let (success, cancel) =
        (format!("{base}/dashboard/account?topup=success"), format!("{base}/dashboard/account?topup=cancel"));
    let name = format!("Stimmwerk-Guthaben {}", format_euro(amount_cent));
    let checkout = CheckoutRequest {
        top_up_id: &id.to_string(),
        amount_cent,
        product_name: &name,
        customer_email: &user.email,
        success_url: &success,
        cancel_url: &cancel,
    };
    let session = stripe.create_checkout_session(&checkout).await.map_err(payment_failed)?;
    top_ups::set_session(&svc.pool, id, &session.id).await?;
    let checkout_url = session.url.ok_or_else(|| payment_failed(StripeError::Api("no checkout url".into())))?;
    Ok(CheckoutStart { top_up_id: id, checkout_url })
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    event_type: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Value,
}

/// Events that mean "this Checkout Session is paid".
const PAID_EVENTS: [&str; 2] = ["checkout.session.completed", "checkout.session.async_payment_succeeded"];

/// A webhook from Stripe: verified, recorded once, and a paid session credited once.
pub async fn handle_webhook(svc: &Services, signature: &str, payload: &[u8]) -> Result<()> {
    let secret = svc
        .settings
        .payments
        .stripe_webhook_secret
        .as_ref()
        .filter(|s| !s.expose_secret().is_empty())
        .ok_or_else(not_set_up)?;
    stripe::verify_signature(signature, payload, secret.expose_secret(), Utc::now().timestamp())
        .map_err(|e| Error::BadRequest(e.to_string()))?;
    let event: Event =
        serde_json::from_slice(payload).map_err(|_| Error::BadRequest("Das Stripe-Ereignis ist unlesbar.".into()))?;
    let mut tx = svc.pool.begin().await?;
    if !top_ups::record_event(&mut tx, &event.id, &event.event_type).await? {
        return Ok(()); // seen before: nothing more to do
    }
    let mut credited = None;
    if PAID_EVENTS.contains(&event.event_type.as_str()) {
        let session: Session = serde_json::from_value(event.data.object)
            .map_err(|_| Error::BadRequest("Die Checkout-Sitzung im Ereignis ist unlesbar.".into()))?;
        if !top_ups::exists(&mut *tx, &session.id).await? {
            return Err(Error::BadRequest("Diese Checkout-Sitzung gehört zu keiner Aufladung.".into()));
        }
        if session.is_paid() {
            match credit(&mut tx, &session).await? {
                Credit::Done => credited = session.amount_total,
                Credit::Before => {}
                Credit::Mismatch => {
                    return Err(Error::BadRequest("Der gezahlte Betrag passt nicht zur Aufladung.".into()));
                }
            }
        }
    }
    tx.commit().await?;
    if let Some(cents) = credited {
        crate::telemetry::topped_up(cents);
    }
    Ok(())
}

/// What crediting a paid session did.
#[derive(Debug, PartialEq, Eq)]
enum Credit {
    /// Credited now.
    Done,
    /// Credited before (or its account is gone): nothing to do.
    Before,
    /// Stripe's amount or currency is not the top-up's: nothing credited.
    Mismatch,
}

/// Credits a paid session's top-up unless that happened before. The amount must be the
/// one asked for, in euros.
async fn credit(tx: &mut sqlx::PgConnection, session: &Session) -> Result<Credit> {
    let expected = top_ups::amount_of(&mut *tx, &session.id).await?;
    if session.amount_total != expected || session.currency.as_deref().is_some_and(|c| c != "eur") {
        tracing::error!(session = %session.id, ?expected, paid = ?session.amount_total, "top-up amount differs");
        return Ok(Credit::Mismatch);
    }
    let Some(paid) = top_ups::mark_paid(tx, &session.id).await? else { return Ok(Credit::Before) };
    let Some(user_id) = paid.user_id else { return Ok(Credit::Before) }; // the account was deleted meanwhile
    ledger::credit_top_up(tx, user_id, paid.amount_cent, paid.id).await?;
    tracing::info!(%user_id, amount_cent = paid.amount_cent, "top-up credited");
    Ok(Credit::Done)
}

/// Sessions whose webhook did not come within a few minutes: asks Stripe and credits the
/// paid ones (the periodic job). Returns how many were credited.
///
/// Each session stands alone: one that cannot be credited never holds up the others. A
/// session whose amount or currency is not its top-up's is logged, counted
/// (`stimmwerk_top_ups_needing_attention_total{reason="mismatch"}`) and flagged on its
/// row for a person (`top_ups.needs_attention`), and is not asked about again; any
/// other failure (Stripe or the database unreachable) is logged and counted, and the
/// session is asked about again on the next run.
pub async fn reconcile(svc: &Services) -> Result<u64> {
    let Ok(stripe) = client(svc).await else { return Ok(0) };
    let mut credited = 0;
    for session_id in top_ups::pending_sessions(&svc.pool, 120).await? {
        match reconcile_session(svc, &stripe, &session_id).await {
            Ok(Some(Credit::Done)) => credited += 1,
            Ok(Some(Credit::Mismatch)) => {
                crate::telemetry::top_up_needs_attention("mismatch");
                let reason = "Der bei Stripe gezahlte Betrag oder die Währung passt nicht zur Aufladung.";
                if let Err(e) = top_ups::flag_attention(&svc.pool, &session_id, reason).await {
                    tracing::error!(%session_id, error = %e, "could not flag a mismatching top-up");
                }
            }
            Ok(_) => {}
            Err(e) => {
                crate::telemetry::top_up_needs_attention("error");
                tracing::error!(%session_id, error = %e, "reconciling a top-up failed; going on with the others");
            }
        }
    }
    Ok(credited)
}

/// Asks Stripe about one session and credits it if paid; `None` when it is not paid.
async fn reconcile_session(svc: &Services, stripe: &StripeClient, session_id: &str) -> Result<Option<Credit>> {
    let session = stripe.get_session(session_id).await.map_err(payment_failed)?;
    if session.id != session_id {
        tracing::error!(%session_id, answered = %session.id, "Stripe answered about another session");
        return Ok(Some(Credit::Mismatch));
    }
    if session.is_paid() {
        let mut tx = svc.pool.begin().await?;
        let outcome = credit(&mut tx, &session).await?;
        tx.commit().await?;
        if outcome == Credit::Done {
            crate::telemetry::topped_up(session.amount_total.unwrap_or_default());
        }
        return Ok(Some(outcome));
    }
    if session.status.as_deref() == Some("expired") {
        top_ups::mark_expired(&svc.pool, session_id).await?;
    }
    Ok(None)
}
