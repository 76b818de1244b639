//! Top-ups through Stripe Checkout against a local fake that speaks Stripe's shapes:
//! the session request, the signed webhook (exactly once, even delivered five times at
//! once), refused signatures and sessions, and reconciliation of lost webhooks.

mod common;

use common::{TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use wiremock::matchers::{body_string_contains, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const KEY: &str = "sk_test_stimmwerk_123";
const WEBHOOK_SECRET: &str = "whsec_test_stimmwerk";

async fn stripe_fake() -> MockServer {
    let fake = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .and(header("authorization", format!("Bearer {KEY}").as_str()))
        .and(header("content-type", "application/x-www-form-urlencoded"))
        .and(body_string_contains("mode=payment"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "cs_test_1", "object": "checkout.session", "url": "https://checkout.stripe.test/c/pay/cs_test_1",
            "status": "open", "payment_status": "unpaid", "amount_total": 1000, "currency": "eur", "mode": "payment"
        })))
        .mount(&fake)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/balance"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({ "object": "balance", "available": [] })))
        .mount(&fake)
        .await;
    fake
}

async fn app_with_stripe(pool: PgPool, fake: &MockServer) -> TestApp {
    let base = fake.uri();
    TestApp::spawn_with(pool, move |s| {
        s.payments.stripe_secret_key = Some(KEY.to_owned().into());
        s.payments.stripe_webhook_secret = Some(WEBHOOK_SECRET.to_owned().into());
        s.payments.stripe_base_url = base;
    })
    .await
}

fn paid_event(event_id: &str, session_id: &str, amount: i64) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "id": event_id, "object": "event", "type": "checkout.session.completed",
        "data": { "object": {
            "id": session_id, "object": "checkout.session", "status": "complete", "payment_status": "paid",
            "amount_total": amount, "currency": "eur"
        } }
    }))
    .unwrap()
}

async fn deliver(app: &TestApp, payload: &[u8], signature: &str) -> reqwest::Response {
    // Stripe sends neither cookies nor the CSRF header.
    reqwest::Client::new()
        .post(format!("{}/api/billing/webhook", app.base))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(payload.to_vec())
        .send()
        .await
        .unwrap()
}

fn signed(payload: &[u8]) -> String {
    shared::payments::stripe::sign(payload, WEBHOOK_SECRET, chrono::Utc::now().timestamp())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_top_up_starts_a_checkout_session_with_stripes_form_fields(pool: PgPool) {
    let fake = stripe_fake().await;
    let app = app_with_stripe(pool, &fake).await;
    let (client, user) = app.signed_in_user("zahlt@example.de").await;
    let options: Value = client.get("/api/billing").await.json().await.unwrap();
    assert_eq!(options["enabled"], true);
    assert_eq!(options["suggested_cent"], json!([500, 1000, 2000, 5000]));

    let res = client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let start: Value = res.json().await.unwrap();
    assert_eq!(start["checkout_url"], "https://checkout.stripe.test/c/pay/cs_test_1");
    let top_up: Uuid = start["top_up_id"].as_str().unwrap().parse().unwrap();

    let request = &fake.received_requests().await.unwrap()[0];
    let form: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(&request.body).into_owned().collect();
    assert_eq!(form["line_items[0][price_data][currency]"], "eur");
    assert_eq!(form["line_items[0][price_data][unit_amount]"], "1000");
    assert_eq!(form["line_items[0][quantity]"], "1");
    assert_eq!(form["client_reference_id"], top_up.to_string());
    assert_eq!(form["customer_email"], "zahlt@example.de");
    assert!(form["success_url"].ends_with("/dashboard/account?topup=success"));
    assert_eq!(request.headers["idempotency-key"], top_up.to_string().as_str());
    assert_eq!(app.balance(user).await, 100, "nothing is credited before Stripe says paid");

    for amount in [499, 50_001] {
        let (status, error) =
            error_of(client.post("/api/billing/checkout", json!({ "amount_cent": amount })).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"]["amount_cent"], "Bitte wählen Sie einen Betrag zwischen 5 € und 500 €.");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn without_a_stripe_key_top_ups_say_they_are_not_set_up(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("ohne@example.de").await;
    let options: Value = client.get("/api/billing").await.json().await.unwrap();
    assert_eq!(options["enabled"], false);
    let (status, error) = error_of(client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["code"], "unavailable");
    assert_eq!(error["message"], "Aufladungen sind noch nicht eingerichtet. Bitte wenden Sie sich an den Support.");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_paid_session_is_credited_once_even_when_the_webhook_comes_five_times_at_once(pool: PgPool) {
    let fake = stripe_fake().await;
    let app = app_with_stripe(pool, &fake).await;
    let (client, user) = app.signed_in_user("einmal@example.de").await;
    client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await;

    let payload = paid_event("evt_1", "cs_test_1", 1000);
    let signature = signed(&payload);
    let deliveries = (0..5).map(|_| deliver(&app, &payload, &signature));
    for res in futures::future::join_all(deliveries).await {
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
    }
    // The same session in a second event type changes nothing either.
    let again = serde_json::to_vec(&{
        let mut event: Value = serde_json::from_slice(&paid_event("evt_2", "cs_test_1", 1000)).unwrap();
        event["type"] = json!("checkout.session.async_payment_succeeded");
        event
    })
    .unwrap();
    assert_eq!(deliver(&app, &again, &signed(&again)).await.status(), StatusCode::NO_CONTENT);

    assert_eq!(app.balance(user).await, 1100);
    assert_eq!(app.ledger_rows(user, "top_up").await, vec![1000]);
    assert!(app.ledger_drift().await.is_empty());
    let history: Value = client.get("/api/account/transactions").await.json().await.unwrap();
    assert_eq!(history["items"][0]["label"], "Aufladung");
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_signatures_old_timestamps_unknown_sessions_and_wrong_amounts_credit_nothing(pool: PgPool) {
    let fake = stripe_fake().await;
    let app = app_with_stripe(pool, &fake).await;
    let (client, user) = app.signed_in_user("falsch@example.de").await;
    client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await;
    let payload = paid_event("evt_9", "cs_test_1", 1000);

    let forged = shared::payments::stripe::sign(&payload, "whsec_someone_else", chrono::Utc::now().timestamp());
    let old = shared::payments::stripe::sign(&payload, WEBHOOK_SECRET, chrono::Utc::now().timestamp() - 301);
    for (signature, message) in [
        (forged.as_str(), "Die Stripe-Signatur stimmt nicht."),
        (old.as_str(), "Die Stripe-Signatur ist zu alt."),
        ("", "Die Stripe-Signatur fehlt oder ist unlesbar."),
    ] {
        let (status, error) = error_of(deliver(&app, &payload, signature).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(error["message"], message);
    }
    let unknown = paid_event("evt_10", "cs_unknown", 1000);
    let (status, _) = error_of(deliver(&app, &unknown, &signed(&unknown)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let cheaper = paid_event("evt_11", "cs_test_1", 10);
    let (status, error) = error_of(deliver(&app, &cheaper, &signed(&cheaper)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Der gezahlte Betrag passt nicht zur Aufladung.");

    assert_eq!(app.balance(user).await, 100);
    assert!(app.ledger_rows(user, "top_up").await.is_empty());
    // A refused event is not recorded: Stripe's retry of the genuine one still counts.
    assert_eq!(deliver(&app, &payload, &signed(&payload)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.balance(user).await, 1100);
}

#[sqlx::test(migrations = "../migrations")]
async fn reconciliation_credits_a_paid_session_whose_webhook_never_came_once(pool: PgPool) {
    let fake = stripe_fake().await;
    Mock::given(method("GET"))
        .and(path("/v1/checkout/sessions/cs_test_1"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "cs_test_1", "object": "checkout.session", "status": "complete", "payment_status": "paid",
            "amount_total": 1000, "currency": "eur"
        })))
        .mount(&fake)
        .await;
    let app = app_with_stripe(pool, &fake).await;
    let (client, user) = app.signed_in_user("verloren@example.de").await;
    client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await;
    assert_eq!(shared::billing::reconcile(&app.state.svc).await.unwrap(), 0, "too young to ask about");
    sqlx::query("UPDATE top_ups SET created_at = now() - interval '10 minutes'").execute(&app.pool).await.unwrap();
    assert_eq!(shared::billing::reconcile(&app.state.svc).await.unwrap(), 1);
    assert_eq!(shared::billing::reconcile(&app.state.svc).await.unwrap(), 0);
    // The late webhook finds it credited.
    let payload = paid_event("evt_late", "cs_test_1", 1000);
    assert_eq!(deliver(&app, &payload, &signed(&payload)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.balance(user).await, 1100);
    assert_eq!(app.ledger_rows(user, "top_up").await, vec![1000]);
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn the_admin_connection_test_asks_stripe_for_real(pool: PgPool) {
    let fake = stripe_fake().await;
    let app = app_with_stripe(pool, &fake).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    admin.post("/api/admin/reauth", json!({ "password": password })).await;
    let result: Value = admin.post("/api/admin/services/stripe/test", json!({})).await.json().await.unwrap();
    assert_eq!(result, json!({ "ok": true, "message": "Verbindung erfolgreich." }));
    assert!(fake.received_requests().await.unwrap().iter().any(|r| r.url.path() == "/v1/balance"));
}
