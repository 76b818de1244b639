//! Outgoing webhooks: when a job completes or fails, a signed JSON event goes to the
//! user's endpoint. The delivery row is written by a trigger in the job's own
//! transaction; the `deliver_webhooks` job sends due deliveries every few seconds and
//! retries failures with a doubling pause (30 s up to an hour) for 24 hours. Users
//! manage the endpoint (URL, signing secret shown once, rotatable), send a test ping,
//! read the delivery log and send a delivery again.
//!
//! Signature: `Stimmwerk-Signature: v1=<hex HMAC-SHA256(secret, "{timestamp}.{body}")>`
//! with `Stimmwerk-Timestamp` (unix seconds), like Stripe's scheme.
//!
//! Of a receiver's answer only the status and its first 4 KiB are read
//! ([`crate::http_body::WEBHOOK_ANSWER_BYTES`]); the connection is dropped with the rest
//! unread, so a receiver answering without end costs nothing.

pub mod address;

use chrono::{Duration, Utc};
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;
use sha2::Sha256;
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::webhooks::{self as db, Delivery};
use crate::error::{Error, Result};
use crate::secrets::{Sealed, SecretBox};
use crate::services::Services;
use crate::token;

pub const SECRET_PREFIX: &str = "whsec_";
/// Deliveries one run of the job sends at most.
pub const BATCH: i64 = 20;
const FIRST_RETRY_SECS: i64 = 30;
const MAX_RETRY_SECS: i64 = 3600;
/// Characters of a receiver's answer kept in the log.
const ERROR_CHARS: usize = 300;

/// The endpoint as saved, with its signing secret when it was just made (new endpoint).
pub struct SavedEndpoint {
    pub endpoint: db::Endpoint,
    pub secret: Option<String>,
}

/// What one attempt gave.
#[derive(Debug)]
pub struct Attempt {
    pub delivered: bool,
    pub status_code: Option<i32>,
    pub error: Option<String>,
}

fn secret_box(svc: &Services) -> Result<SecretBox> {
    crate::keyring::secret_box(&svc.settings)?.ok_or_else(|| {
        Error::Unavailable("Webhooks brauchen einen Verschlüsselungsschlüssel (APP__SECRETS__ENCRYPTION_KEY).".into())
    })
}

fn aad(user_id: Uuid) -> String {
    format!("webhook:{user_id}")
}

fn new_secret(boxed: &SecretBox, user_id: Uuid) -> (String, Sealed) {
    let secret = format!("{SECRET_PREFIX}{}", token::random_token());
    let sealed = boxed.seal(&aad(user_id), &SecretString::from(secret.clone()));
    (secret, sealed)
}

/// The start of a receiver's answer as the log keeps it: at most [`ERROR_CHARS`]
/// characters, control characters (a NUL would not even fit in Postgres) as spaces, and
/// "…" where more was sent.
fn loggable(answer: &[u8], truncated: bool) -> String {
    let text = String::from_utf8_lossy(answer);
    let mut kept: String =
        text.chars().take(ERROR_CHARS).map(|c| if c.is_control() { ' ' } else { c }).collect::<String>();
    if truncated || text.chars().count() > ERROR_CHARS {
        kept.push('…');
    }
    kept
}

/// The signature of a body sent at `timestamp` (hex HMAC-SHA256 over `timestamp.body`).
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// The pause before the next attempt after `attempts` failed ones.
pub fn backoff(attempts: i32) -> Duration {
    let exponent = attempts.clamp(1, 20) as u32 - 1;
    Duration::seconds((FIRST_RETRY_SECS.saturating_mul(2i64.saturating_pow(exponent))).min(MAX_RETRY_SECS))
}

pub async fn get(svc: &Services, caller: &Caller) -> Result<Option<db::Endpoint>> {
    let user_id = caller.session()?.user.id;
    Ok(db::endpoint(&svc.pool, user_id).await?)
}

/// Creates the endpoint (answering its new secret once) or changes its URL.
pub async fn save(svc: &Services, caller: &Caller, url: &str) -> Result<SavedEndpoint> {
    let user_id = caller.session()?.user.id;
    let target = address::check(url, svc.settings.webhooks.allow_private_addresses).await?;
    let url = target.url.as_str();
    let boxed = secret_box(svc)?;
    let (secret, sealed) = new_secret(&boxed, user_id);
    let secret = if db::create_endpoint(&svc.pool, user_id, url, &sealed.nonce, &sealed.ciphertext).await? {
        Some(secret)
    } else {
        db::set_url(&svc.pool, user_id, url).await?;
        None
    };
    let endpoint = db::endpoint(&svc.pool, user_id).await?.ok_or(Error::NotFound("Kein Webhook eingerichtet."))?;
    Ok(SavedEndpoint { endpoint, secret })
}

/// A new signing secret; the old one stops working at once.
pub async fn rotate_secret(svc: &Services, caller: &Caller) -> Result<String> {
    let user_id = caller.session()?.user.id;
    let (secret, sealed) = new_secret(&secret_box(svc)?, user_id);
    if !db::set_secret(&svc.pool, user_id, &sealed.nonce, &sealed.ciphertext).await? {
        return Err(Error::NotFound("Kein Webhook eingerichtet."));
    }
    Ok(secret)
}

pub async fn remove(svc: &Services, caller: &Caller) -> Result<()> {
    let user_id = caller.session()?.user.id;
    if !db::delete_endpoint(&svc.pool, user_id).await? {
        return Err(Error::NotFound("Kein Webhook eingerichtet."));
    }
    Ok(())
}

pub async fn deliveries(svc: &Services, caller: &Caller) -> Result<Vec<db::Delivery>> {
    let user_id = caller.session()?.user.id;
    Ok(db::list(&svc.pool, user_id, 50).await?)
}

/// "Erneut senden": the delivery is due now, with a fresh 24 hours.
pub async fn resend(svc: &Services, caller: &Caller, id: Uuid) -> Result<()> {
    let user_id = caller.session()?.user.id;
    if !db::resend(&svc.pool, user_id, id).await? {
        return Err(if db::exists_for_user(&svc.pool, user_id, id).await? {
            Error::Conflict("Diese Zustellung läuft gerade.".into())
        } else {
            Error::NotFound("Zustellung nicht gefunden.")
        });
    }
    Ok(())
}

/// Sends a `ping` event now and answers what the receiver said (also kept in the log).
pub async fn test(svc: &Services, caller: &Caller) -> Result<Attempt> {
    let user_id = caller.session()?.user.id;
    let endpoint = db::endpoint(&svc.pool, user_id).await?.ok_or(Error::NotFound("Kein Webhook eingerichtet."))?;
    let payload = json!({ "type": "ping", "created_at": Utc::now(), "data": {} });
    let delivery = db::insert_ping(&svc.pool, user_id, &payload).await?;
    let attempt = send(svc, &endpoint, &delivery).await?;
    record(svc, &delivery, &attempt).await?;
    Ok(attempt)
}

/// Sends every due delivery (at most [`BATCH`]); returns how many were attempted.
pub async fn deliver_due(svc: &Services) -> Result<usize> {
    let due = db::claim_due(&svc.pool, BATCH).await?;
    let attempts = futures::future::join_all(due.iter().map(|delivery| async move {
        let attempt = match db::endpoint(&svc.pool, delivery.user_id).await? {
            Some(endpoint) => send(svc, &endpoint, delivery).await?,
            None => {
                Attempt { delivered: false, status_code: None, error: Some("Kein Webhook mehr eingerichtet.".into()) }
            }
        };
        record(svc, delivery, &attempt).await
    }))
    .await;
    for failed in attempts.iter().filter_map(|a| a.as_ref().err()) {
        tracing::warn!(error = %failed, "recording a webhook attempt failed");
    }
    Ok(due.len())
}

async fn record(svc: &Services, delivery: &Delivery, attempt: &Attempt) -> Result<()> {
    let retry_at = (!attempt.delivered && delivery.event != "ping")
        .then(|| Utc::now() + backoff(delivery.attempts))
        .filter(|at| *at < delivery.give_up_at);
    let error = attempt.error.as_deref();
    db::record_attempt(&svc.pool, delivery.id, attempt.delivered, attempt.status_code, error, retry_at).await?;
    Ok(())
}

/// One POST of the delivery's event to the endpoint, to the address checked just now.
async fn send(svc: &Services, endpoint: &db::Endpoint, delivery: &Delivery) -> Result<Attempt> {
    let failed = |error: String| Attempt { delivered: false, status_code: None, error: Some(error) };
    let target = match address::check(&endpoint.url, svc.settings.webhooks.allow_private_addresses).await {
        Ok(target) => target,
        Err(e) => return Ok(failed(e.to_string())),
    };
    let sealed = Sealed { nonce: endpoint.nonce.clone(), ciphertext: endpoint.ciphertext.clone() };
    let secret = secret_box(svc)?.open(&aad(delivery.user_id), &sealed).map_err(|e| Error::Internal(e.into()))?;
    let mut body = delivery.payload.clone();
    body["id"] = json!(delivery.id);
    let body = serde_json::to_vec(&body).map_err(|e| Error::Internal(e.into()))?;
    let timestamp = Utc::now().timestamp();
    let signature = sign(secret.expose_secret(), timestamp, &body);
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(svc.settings.webhooks.timeout_secs))
        .resolve(&target.host, target.addr)
        .build()
        .map_err(|e| Error::Internal(e.into()))?;
    let response = client
        .post(target.url)
        .header("content-type", "application/json")
        .header("user-agent", "Stimmwerk-Webhooks/1")
        .header("stimmwerk-webhook-id", delivery.id.to_string())
        .header("stimmwerk-timestamp", timestamp.to_string())
        .header("stimmwerk-signature", format!("v1={signature}"))
        .body(body)
        .send()
        .await;
    Ok(match response {
        Ok(mut response) => {
            let status = response.status();
            let answer = if status.is_success() {
                Default::default()
            } else {
                crate::http_body::read_prefix(&mut response, crate::http_body::WEBHOOK_ANSWER_BYTES)
                    .await
                    .unwrap_or_default()
            };
            drop(response);
            Attempt {
                delivered: status.is_success(),
                status_code: Some(status.as_u16() as i32),
                error: (!status.is_success())
                    .then(|| format!("HTTP {}: {}", status.as_u16(), loggable(&answer.bytes, answer.truncated))),
            }
        }
        Err(e) if e.is_timeout() => failed("Der Empfänger hat nicht rechtzeitig geantwortet.".into()),
        Err(e) => failed(format!("Keine Verbindung zum Empfänger: {}", e.without_url())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_hmac_sha256_over_timestamp_dot_body() {
        // Reference value: python3 -c "import hmac,hashlib;print(hmac.new(b'whsec_test',b'1700000000.{}',hashlib.sha256).hexdigest())"
        assert_eq!(
            sign("whsec_test", 1_700_000_000, b"{}"),
            "35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91".to_owned()
        );
    }

    #[test]
    fn a_receivers_answer_is_logged_short_and_without_control_characters() {
        assert_eq!(loggable(b"kaputt", false), "kaputt");
        assert_eq!(loggable(b"a\0b\r\nc", false), "a b  c");
        assert_eq!(loggable(&[b'x'; 4096], true), format!("{}…", "x".repeat(ERROR_CHARS)));
        assert_eq!(loggable(b"kurz", true), "kurz…");
    }

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_an_hour() {
        assert_eq!(backoff(1), Duration::seconds(30));
        assert_eq!(backoff(2), Duration::seconds(60));
        assert_eq!(backoff(5), Duration::seconds(480));
        assert_eq!(backoff(12), Duration::seconds(3600));
    }
}
