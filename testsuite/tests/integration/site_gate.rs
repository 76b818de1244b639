//! The optional site password: checked on the server, every API route shut without the
//! gate cookie, three wrong tries lock the client for 30 seconds (counted atomically, so
//! parallel guesses get no more tries), other clients unaffected.

use crate::common;

use common::{TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

const SITE_PASSWORD: &str = "Beta-Zugang-2026";

async fn gated(pool: PgPool) -> TestApp {
    TestApp::spawn_with(pool, |s| s.site.password = Some(SITE_PASSWORD.to_owned().into())).await
}

async fn state(client: &common::Client) -> Value {
    client.get("/api/site-gate").await.json().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn without_a_site_password_the_site_is_open(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let gate = state(&client).await;
    assert_eq!((gate["required"].as_bool(), gate["unlocked"].as_bool()), (Some(false), Some(true)));
    assert_eq!(client.get("/api/limits").await.status(), StatusCode::OK);
    let (status, _) = error_of(client.post("/api/site-gate", json!({ "password": "x" })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_api_stays_shut_until_the_right_password_and_the_cookie_opens_it(pool: PgPool) {
    let app = gated(pool).await;
    let client = app.client();
    let (status, error) = error_of(client.get("/api/limits").await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("site_locked")));
    let (status, error) =
        error_of(client.post("/api/auth/login", json!({ "email": "a@example.de", "password": "x" })).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("site_locked")));

    // A mail link opened in a locked browser goes to the gate screen, and on from there.
    let res = client
        .http
        .get(format!("{}/api/auth/confirm?token=abc", app.base))
        .header("accept", "text/html")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "/?next=%2Fapi%2Fauth%2Fconfirm%3Ftoken%3Dabc");

    // Stripe's webhook is not behind the gate (its signature is checked instead).
    let res = client.post("/api/billing/webhook", json!({})).await;
    assert_ne!(res.status(), StatusCode::FORBIDDEN);

    let gate = state(&client).await;
    assert_eq!((gate["required"].as_bool(), gate["unlocked"].as_bool()), (Some(true), Some(false)));
    let res = client.post("/api/site-gate", json!({ "password": SITE_PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("HttpOnly") && !cookie.contains("Max-Age"), "a browser-session cookie: {cookie}");
    assert_eq!(client.get("/api/limits").await.status(), StatusCode::OK);
    assert_eq!(state(&client).await["unlocked"], true);

    // A made-up pass does not open it.
    let forger = reqwest::Client::new();
    let res = forger
        .get(format!("{}/api/limits", app.base))
        .header("cookie", format!("stimmwerk_gate={}", "ab".repeat(32)))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../migrations")]
async fn three_wrong_tries_lock_that_client_for_thirty_seconds(pool: PgPool) {
    let app = gated(pool).await;
    let client = app.client_from([127, 0, 0, 31]);
    for n in 1..=2 {
        let (status, error) = error_of(client.post("/api/site-gate", json!({ "password": "falsch" })).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"]["password"], "Falsches Passwort. Bitte versuchen Sie es erneut.");
        assert_eq!(state(&client).await["failures"], n);
    }
    let res = client.post("/api/site-gate", json!({ "password": "falsch" })).await;
    let retry_after: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((29..=30).contains(&retry_after), "{retry_after}");
    let (status, error) = error_of(res).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("site_gate_wait")));
    assert_eq!(error["message"], format!("Zu viele fehlgeschlagene Versuche. Warten Sie {retry_after} Sekunden."));
    let gate = state(&client).await;
    assert_eq!(gate["failures"], 3);
    assert!(gate["locked_secs"].as_u64().unwrap() > 0);

    // Even the right password waits.
    let (status, _) = error_of(client.post("/api/site-gate", json!({ "password": SITE_PASSWORD })).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);

    // Another client is not locked, and a right try forgets its earlier wrong one.
    let other = app.client_from([127, 0, 0, 32]);
    let (status, _) = error_of(other.post("/api/site-gate", json!({ "password": "falsch" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        other.post("/api/site-gate", json!({ "password": SITE_PASSWORD })).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(state(&other).await["failures"], 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn parallel_guesses_get_no_more_than_three_tries(pool: PgPool) {
    let app = gated(pool).await;
    let client = app.client_from([127, 0, 0, 33]);
    let tries = (0..12).map(|_| client.post("/api/site-gate", json!({ "password": SITE_PASSWORD.to_lowercase() })));
    let statuses: Vec<StatusCode> = futures::future::join_all(tries).await.iter().map(|r| r.status()).collect();
    let judged = statuses.iter().filter(|s| **s == StatusCode::UNPROCESSABLE_ENTITY).count();
    assert!(judged <= 2, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 12 - judged);
}

/// `stimmwerk_gate=<pass>` for a new visitor who entered the password.
async fn gate_pass(app: &TestApp) -> String {
    let res = app.client().post("/api/site-gate", json!({ "password": SITE_PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let cookie = res.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

/// Finding: the site-gate cookie was the same for every visitor and never expired.
#[sqlx::test(migrations = "../migrations")]
async fn the_site_gate_pass_is_per_visitor_and_refused_when_forged_altered_or_expired(pool: PgPool) {
    let app = gated(pool).await;
    let (first, second) = (gate_pass(&app).await, gate_pass(&app).await);
    assert_ne!(first, second, "every visitor gets a pass of their own");
    let opens = |cookie: String| {
        let request = reqwest::Client::new().get(format!("{}/api/limits", app.base)).header("cookie", cookie);
        async move { request.send().await.unwrap().status() == StatusCode::OK }
    };
    assert!(opens(first.clone()).await && opens(second.clone()).await);

    let value = first.strip_prefix("stimmwerk_gate=").unwrap();
    let parts: Vec<&str> = value.split('.').collect();
    assert_eq!(parts.len(), 3, "visitor.expires.mac: {value}");
    let expires: i64 = parts[1].parse().unwrap();
    let now = chrono::Utc::now().timestamp();
    assert!(expires > now && expires <= now + shared::use_cases::site_gate::PASS_HOURS * 3600, "{expires}");
    let second_visitor = second.strip_prefix("stimmwerk_gate=").unwrap().split('.').next().unwrap();
    let expired = shared::use_cases::site_gate::expired_pass(&app.settings).unwrap();
    for refused in [
        format!("{}.{}.{}", parts[0], expires + 86_400 * 365, parts[2]), // a longer life
        format!("{second_visitor}.{}.{}", parts[1], parts[2]),           // another visitor's id
        format!("{}.{}.{}", parts[0], parts[1], "ab".repeat(32)),        // a made-up signature
        "ab".repeat(32),                                                 // the old, shared form
        expired,
    ] {
        assert!(!opens(format!("stimmwerk_gate={refused}")).await, "{refused}");
    }
}
