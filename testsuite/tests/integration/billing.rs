//! Top-ups through Stripe Checkout against a local fake that speaks Stripe's shapes:
//! the session request, the signed webhook (exactly once, even delivered five times at
//! once), refused signatures and sessions, and reconciliation of lost webhooks.

use crate::common;

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
async fn without_a_stripe_key_top_ups_offer_what_the_operator_configured(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| {
        s.payments.support_email = "zahlungen@example.de".into();
        s.payments.bank_transfer.account_holder = "Stimmwerk GmbH".into();
        s.payments.bank_transfer.iban = "DE02 1203 0000 0000 2020 51".into();
        s.payments.bank_transfer.bic = "BYLADEM1001".into();
    })
    .await;
    let (client, user) = app.signed_in_user("ohne@example.de").await;
    let options: Value = client.get("/api/billing").await.json().await.unwrap();
    assert_eq!(options["enabled"], false);
    assert_eq!(options["support_email"], "zahlungen@example.de");
    assert_eq!(options["bank_transfer"]["iban"], "DE02 1203 0000 0000 2020 51");
    let reference = format!("Stimmwerk {}", &user.simple().to_string()[..8]);
    assert_eq!(options["bank_transfer"]["reference"], reference.as_str(), "the reference names the account");
    assert!(options["admin_setup_hint"].is_null(), "the setup hint is for admins only");
    let (status, error) = error_of(client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["code"], "unavailable");
    assert_eq!(error["message"], "Aufladungen sind noch nicht eingerichtet. Bitte wenden Sie sich an den Support.");

    let admin = app.signed_in_admin().await;
    let options: Value = admin.get("/api/billing").await.json().await.unwrap();
    assert!(options["admin_setup_hint"].as_str().unwrap().contains("Admin → API-Einstellungen"));
    assert_eq!(app.client().get("/api/billing").await.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failing_stripe_reads_as_a_failed_payment_in_german_and_charges_nothing(pool: PgPool) {
    let fake = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({
            "error": { "type": "invalid_request_error", "message": "Invalid currency: eur for this account" }
        })))
        .mount(&fake)
        .await;
    let app = app_with_stripe(pool, &fake).await;
    let (client, user) = app.signed_in_user("abgelehnt@example.de").await;
    let (status, error) = error_of(client.post("/api/billing/checkout", json!({ "amount_cent": 1000 })).await).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY);
    assert_eq!(error["code"], "payment");
    assert_eq!(error["title"], "Zahlung fehlgeschlagen");
    let message = error["message"].as_str().unwrap();
    assert!(message.starts_with("Der Zahlungsdienst hat die Zahlung abgelehnt."), "{message}");
    assert!(!message.contains("Invalid currency"), "Stripe's own words stay in the log: {message}");
    assert_eq!(app.balance(user).await, 100);
    assert!(app.ledger_drift().await.is_empty());
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
    assert_eq!(shared::use_cases::billing::reconcile(&app.state.svc).await.unwrap(), 0, "too young to ask about");
    sqlx::query("UPDATE top_ups SET created_at = now() - interval '10 minutes'").execute(&app.pool).await.unwrap();
    assert_eq!(shared::use_cases::billing::reconcile(&app.state.svc).await.unwrap(), 1);
    assert_eq!(shared::use_cases::billing::reconcile(&app.state.svc).await.unwrap(), 0);
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

/// A pending top-up of `user` for `session`, old enough for the reconciliation.
async fn old_pending_top_up(app: &TestApp, user: Uuid, amount_cent: i64, session: &str, minutes_ago: i32) -> Uuid {
    sqlx::query_scalar(
        "INSERT INTO top_ups (user_id, amount_cent, session_id, created_at)
         VALUES ($1, $2, $3, now() - make_interval(mins => $4)) RETURNING id",
    )
    .bind(user)
    .bind(amount_cent)
    .bind(session)
    .bind(minutes_ago)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

async fn stripe_session(fake: &MockServer, id: &str, answer: ResponseTemplate) {
    Mock::given(method("GET")).and(path(format!("/v1/checkout/sessions/{id}"))).respond_with(answer).mount(fake).await;
}

fn paid_session(id: &str, amount: i64, currency: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "id": id, "object": "checkout.session", "status": "complete", "payment_status": "paid",
        "amount_total": amount, "currency": currency
    }))
}

/// Finding: reconciliation stopped at the first session it could not credit, so a paid
/// 8 € top-up behind it was never credited.
#[sqlx::test(migrations = "../migrations")]
async fn reconciliation_goes_on_past_a_mismatching_session_and_flags_it(pool: PgPool) {
    shared::telemetry::metrics();
    let fake = stripe_fake().await;
    stripe_session(&fake, "cs_mismatch", paid_session("cs_mismatch", 500, "eur")).await;
    stripe_session(&fake, "cs_dollars", paid_session("cs_dollars", 2000, "usd")).await;
    stripe_session(&fake, "cs_broken", ResponseTemplate::new(500).set_body_string("kaputt")).await;
    stripe_session(&fake, "cs_paid_8", paid_session("cs_paid_8", 800, "eur")).await;
    let app = app_with_stripe(pool, &fake).await;
    let (_, user) = app.signed_in_user("acht-euro@example.de").await;
    // The oldest first: the mismatching and the broken ones come before the paid one.
    let mismatch = old_pending_top_up(&app, user, 1000, "cs_mismatch", 40).await;
    let dollars = old_pending_top_up(&app, user, 2000, "cs_dollars", 30).await;
    let broken = old_pending_top_up(&app, user, 1500, "cs_broken", 20).await;
    let paid = old_pending_top_up(&app, user, 800, "cs_paid_8", 10).await;

    assert_eq!(shared::use_cases::billing::reconcile(&app.state.svc).await.unwrap(), 1);
    assert_eq!(app.balance(user).await, 900, "the 8 € behind the mismatching sessions are credited");
    assert_eq!(app.ledger_rows(user, "top_up").await, vec![800]);
    assert!(app.ledger_drift().await.is_empty());

    let row = |id: Uuid| {
        sqlx::query_as::<_, (String, Option<String>)>("SELECT status, needs_attention FROM top_ups WHERE id = $1")
            .bind(id)
            .fetch_one(&app.pool)
    };
    for flagged in [mismatch, dollars] {
        let (status, attention) = row(flagged).await.unwrap();
        assert_eq!(status, "pending", "nothing credited");
        assert_eq!(
            attention.as_deref(),
            Some("Der bei Stripe gezahlte Betrag oder die Währung passt nicht zur Aufladung.")
        );
    }
    let (status, attention) = row(broken).await.unwrap();
    assert_eq!((status.as_str(), attention), ("pending", None), "a Stripe error is asked about again");
    assert_eq!(row(paid).await.unwrap().0, "paid");

    // The next run asks about the broken one again, not about the flagged ones.
    let asked = |session: &'static str| {
        let fake = &fake;
        async move { fake.received_requests().await.unwrap().iter().filter(|r| r.url.path().ends_with(session)).count() }
    };
    assert_eq!(shared::use_cases::billing::reconcile(&app.state.svc).await.unwrap(), 0);
    assert_eq!((asked("cs_mismatch").await, asked("cs_dollars").await, asked("cs_broken").await), (1, 1, 2));
    assert_eq!(app.balance(user).await, 900);

    let metrics = shared::telemetry::metrics().render();
    for reason in ["mismatch", "error"] {
        let series = format!("stimmwerk_top_ups_needing_attention_total{{reason=\"{reason}\"}}");
        let count: f64 = metrics
            .lines()
            .find_map(|line| line.strip_prefix(&series))
            .unwrap_or_else(|| panic!("{series} in\n{metrics}"))
            .trim()
            .parse()
            .unwrap();
        assert!(count >= 1.0, "{series} {count}");
    }
}
