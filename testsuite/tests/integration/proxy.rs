//! Behind a reverse proxy: the per-client limits (sign-up, sign-in, demo) and the logs see
//! the client the trusted proxy forwarded, and nobody else can pick an address by sending
//! `X-Forwarded-For` themselves.

use crate::common;

use common::{PASSWORD, TestApp};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

/// The proxy of these tests: requests from 127.0.0.7.
const PROXY: [u8; 4] = [127, 0, 0, 7];

async fn trusting_app(pool: PgPool) -> TestApp {
    TestApp::spawn_with(pool, |s| {
        s.auth.signups_per_client_per_hour = 2;
        s.http.trusted_proxies = vec!["127.0.0.7/32".parse().unwrap()];
    })
    .await
}

static SIGNUPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A sign-up from `from`, with `X-Forwarded-For: forwarded` when given.
async fn sign_up(app: &TestApp, from: [u8; 4], forwarded: Option<&str>) -> StatusCode {
    let n = SIGNUPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let body =
        json!({ "name": "Max", "organization": "Firma", "email": format!("p{n}@example.de"), "password": PASSWORD });
    let client = app.client_from(from);
    let mut request = client.http.post(format!("{}/api/auth/signup", app.base)).json(&body);
    if let Some(value) = forwarded {
        request = request.header("x-forwarded-for", value);
    }
    request.send().await.unwrap().status()
}

#[sqlx::test(migrations = "../migrations")]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(pool: PgPool) {
    let app = trusting_app(pool).await;
    for _ in 0..2 {
        assert_eq!(sign_up(&app, PROXY, Some("203.0.113.1")).await, StatusCode::CREATED);
    }
    assert_eq!(sign_up(&app, PROXY, Some("203.0.113.1")).await, StatusCode::TOO_MANY_REQUESTS);
    // Another visitor through the same proxy is not held up by the first.
    assert_eq!(sign_up(&app, PROXY, Some("203.0.113.2")).await, StatusCode::CREATED);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_client_cannot_choose_its_address_with_the_header(pool: PgPool) {
    let app = trusting_app(pool).await;
    // Directly, not through the proxy: a new made-up address each time changes nothing.
    let direct = [127, 0, 0, 8];
    assert_eq!(sign_up(&app, direct, Some("198.51.100.1")).await, StatusCode::CREATED);
    assert_eq!(sign_up(&app, direct, Some("198.51.100.2")).await, StatusCode::CREATED);
    assert_eq!(sign_up(&app, direct, Some("198.51.100.3")).await, StatusCode::TOO_MANY_REQUESTS);
    // Through the proxy, made-up entries left of the one the proxy appended count for nothing.
    for fake in ["198.51.100.4", "198.51.100.5"] {
        let chain = format!("{fake}, 203.0.113.9");
        assert_eq!(sign_up(&app, PROXY, Some(&chain)).await, StatusCode::CREATED);
    }
    assert_eq!(sign_up(&app, PROXY, Some("198.51.100.6, 203.0.113.9")).await, StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../migrations")]
async fn without_configured_proxies_the_header_is_never_read(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.signups_per_client_per_hour = 2).await;
    assert!(app.settings.http.trusted_proxies.is_empty(), "the default trusts nobody");
    for (i, expected) in
        [StatusCode::CREATED, StatusCode::CREATED, StatusCode::TOO_MANY_REQUESTS].into_iter().enumerate()
    {
        let forwarded = format!("203.0.113.{}", 10 + i);
        assert_eq!(sign_up(&app, PROXY, Some(&forwarded)).await, expected);
    }
}

/// The sign-in limit per client follows the forwarded client too.
#[sqlx::test(migrations = "../migrations")]
async fn sign_in_failures_lock_the_forwarded_client_not_the_proxy(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| {
        s.auth.login_free_attempts_per_email = 1000;
        s.http.trusted_proxies = vec!["127.0.0.7/32".parse().unwrap()];
    })
    .await;
    app.signed_in_user("carla@example.de").await;
    let login = |forwarded: &'static str, password: &'static str| {
        let client = app.client_from(PROXY);
        let url = format!("{}/api/auth/login", app.base);
        async move {
            let body = json!({ "email": "carla@example.de", "password": password });
            client.http.post(url).header("x-forwarded-for", forwarded).json(&body).send().await.unwrap().status()
        }
    };
    for _ in 0..app.settings.auth.login_max_failures_per_email {
        login("203.0.113.20", "geraten-123").await;
    }
    assert_eq!(login("203.0.113.20", PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    // The owner, behind the same proxy, signs in.
    assert_eq!(login("203.0.113.21", PASSWORD).await, StatusCode::OK);
}
