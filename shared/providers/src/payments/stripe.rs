//! A client of Stripe's HTTP API for Checkout top-ups (form-encoded requests, Bearer
//! key), and the verification of its webhook signatures (`Stripe-Signature`: HMAC-SHA256
//! over `"<t>.<raw body>"` with the endpoint secret, any `v1` matching, compared in
//! constant time, at most 300 s old). Stripe's answers are read up to 1 MiB, no further.

use std::time::Duration;

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use sha2::Sha256;

use crate::http_body::{self, ReadError};

/// How old a signed webhook may be (Stripe's default tolerance).
pub const SIGNATURE_TOLERANCE_SECS: i64 = 300;

#[derive(Debug, thiserror::Error)]
pub enum StripeError {
    /// Stripe answered with an error (its message).
    #[error("Stripe: {0}")]
    Api(String),
    #[error("Stripe ist nicht erreichbar: {0}")]
    Network(String),
}

#[derive(Clone)]
pub struct StripeClient {
    http: reqwest::Client,
    base_url: String,
    key: SecretString,
}

/// What the top-up flow needs of a Checkout Session.
#[derive(Debug, Clone, Deserialize)]
pub struct Session {
    pub id: String,
    pub url: Option<String>,
    /// `open`, `complete` or `expired`.
    pub status: Option<String>,
    /// `paid`, `unpaid` or `no_payment_required`.
    pub payment_status: Option<String>,
    pub amount_total: Option<i64>,
    pub currency: Option<String>,
    pub client_reference_id: Option<String>,
}

impl Session {
    pub fn is_paid(&self) -> bool {
        self.payment_status.as_deref() == Some("paid")
    }
}

pub struct CheckoutRequest<'a> {
    /// Our top-up id: the client reference, and the idempotency key of the request.
    pub top_up_id: &'a str,
    pub amount_cent: i64,
    pub product_name: &'a str,
    pub customer_email: &'a str,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorObject,
}

#[derive(Deserialize)]
struct ErrorObject {
    message: Option<String>,
}

impl StripeClient {
    pub fn new(base_url: &str, key: SecretString) -> Result<Self, StripeError> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .connect_timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| StripeError::Network(e.to_string()))?;
        Ok(Self { http, base_url: base_url.trim_end_matches('/').to_owned(), key })
    }

    async fn send<T: serde::de::DeserializeOwned>(&self, request: reqwest::RequestBuilder) -> Result<T, StripeError> {
        let response = request
            .bearer_auth(self.key.expose_secret())
            .send()
            .await
            .map_err(|e| StripeError::Network(e.to_string()))?;
        let status = response.status();
        let limit = http_body::JSON_BYTES;
        let body = http_body::read_whole(response, limit).await.map_err(|e| match e {
            ReadError::TooLarge { .. } => StripeError::Api(format!(
                "Die Antwort ist zu groß (mehr als {}) und wurde verworfen.",
                http_body::describe_limit(limit)
            )),
            ReadError::Network(e) => StripeError::Network(e.without_url().to_string()),
        })?;
        let body = String::from_utf8_lossy(&body);
        if !status.is_success() {
            let message = serde_json::from_str::<ErrorBody>(&body)
                .ok()
                .and_then(|b| b.error.message)
                .unwrap_or_else(|| format!("HTTP {status}"));
            return Err(StripeError::Api(message));
        }
        serde_json::from_str(&body).map_err(|e| StripeError::Api(format!("unerwartete Antwort: {e}")))
    }

    /// Creates a Checkout Session for a one-off payment in euros.
    pub async fn create_checkout_session(&self, checkout: &CheckoutRequest<'_>) -> Result<Session, StripeError> {
        let amount = checkout.amount_cent.to_string();
        let form = [
            ("mode", "payment"),
            ("line_items[0][price_data][currency]", "eur"),
            ("line_items[0][price_data][unit_amount]", amount.as_str()),
            ("line_items[0][price_data][product_data][name]", checkout.product_name),
            ("line_items[0][quantity]", "1"),
            ("success_url", checkout.success_url),
            ("cancel_url", checkout.cancel_url),
            ("client_reference_id", checkout.top_up_id),
            ("metadata[top_up_id]", checkout.top_up_id),
            ("customer_email", checkout.customer_email),
        ];
        let request = self
            .http
            .post(format!("{}/v1/checkout/sessions", self.base_url))
            .header("Idempotency-Key", checkout.top_up_id)
            .form(&form);
        self.send(request).await
    }

    pub async fn get_session(&self, id: &str) -> Result<Session, StripeError> {
        self.send(self.http.get(format!("{}/v1/checkout/sessions/{id}", self.base_url))).await
    }

    /// A cheap authenticated request (the admin page's connection test).
    pub async fn ping(&self) -> Result<(), StripeError> {
        self.send::<serde_json::Value>(self.http.get(format!("{}/v1/balance", self.base_url))).await.map(drop)
    }
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("Die Stripe-Signatur fehlt oder ist unlesbar.")]
    Malformed,
    #[error("Die Stripe-Signatur ist zu alt.")]
    TooOld,
    #[error("Die Stripe-Signatur stimmt nicht.")]
    Mismatch,
}

/// Checks a `Stripe-Signature` header against the raw body, as of `now` (Unix seconds).
pub fn verify_signature(header: &str, payload: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut candidates = Vec::new();
    for item in header.split(',') {
        match item.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => candidates.push(value),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if candidates.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if timestamp < now - SIGNATURE_TOLERANCE_SECS {
        return Err(SignatureError::TooOld);
    }
    let matches = candidates.iter().any(|candidate| {
        let Ok(expected) = hex::decode(candidate) else { return false };
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        mac.verify_slice(&expected).is_ok()
    });
    if matches { Ok(()) } else { Err(SignatureError::Mismatch) }
}

/// The header a sender with `secret` would set (fakes and tests sign with it).
pub fn sign(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_geheim";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"checkout.session.completed"}"#;

    #[test]
    fn a_correct_signature_within_the_tolerance_passes() {
        let header = sign(BODY, SECRET, 1_700_000_000);
        assert_eq!(verify_signature(&header, BODY, SECRET, 1_700_000_100), Ok(()));
        // Any of several v1 values may match (Stripe sends more during secret rotation).
        let rotated = format!("{header},v1={}", "ab".repeat(32)).replace("v1=", "v1=").to_string();
        assert_eq!(verify_signature(&rotated, BODY, SECRET, 1_700_000_000), Ok(()));
    }

    #[tokio::test]
    async fn answers_from_outside_are_never_read_whole_an_endless_stripe_answer_is_refused() {
        use crate::http_body::testing::{ENDLESS, endless_server};
        let (url, _) = endless_server(ENDLESS);
        let client = StripeClient::new(&url, SecretString::from("sk_test_1")).unwrap();
        let started = std::time::Instant::now();
        let error = client.get_session("cs_test_1").await.unwrap_err();
        assert_eq!(error.to_string(), "Stripe: Die Antwort ist zu groß (mehr als 1 MiB) und wurde verworfen.");
        assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    }

    #[test]
    fn a_changed_body_another_secret_or_an_old_timestamp_fail() {
        let header = sign(BODY, SECRET, 1_700_000_000);
        assert_eq!(verify_signature(&header, b"{}", SECRET, 1_700_000_000), Err(SignatureError::Mismatch));
        assert_eq!(verify_signature(&header, BODY, "whsec_other", 1_700_000_000), Err(SignatureError::Mismatch));
        assert_eq!(verify_signature(&header, BODY, SECRET, 1_700_000_301), Err(SignatureError::TooOld));
        assert_eq!(verify_signature("v1=abc", BODY, SECRET, 0), Err(SignatureError::Malformed));
        assert_eq!(verify_signature("t=1", BODY, SECRET, 0), Err(SignatureError::Malformed));
        assert_eq!(verify_signature("", BODY, SECRET, 0), Err(SignatureError::Malformed));
    }
}
