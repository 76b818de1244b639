//! Two-factor sign-in with TOTP: setup with QR code, enabling with a first code and ten
//! single-use recovery codes, the code step of a sign-in (one step of clock skew, no
//! replay, five tries), recovery codes, and switching it off.

mod common;

use base64::Engine;
use common::{PASSWORD, TestApp, authenticator, error_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use totp_rs::TOTP;

fn with_master_key(s: &mut shared::config::Settings) {
    s.secrets.encryption_key = base64::engine::general_purpose::STANDARD.encode([7u8; 32]).into();
}

fn now() -> u64 {
    chrono::Utc::now().timestamp() as u64
}

/// A signed-in user with two-factor sign-in on: (client, authenticator, recovery codes).
async fn user_with_two_factor(app: &TestApp, email: &str) -> (common::Client, TOTP, Vec<String>) {
    let (client, _) = app.signed_in_user(email).await;
    let setup: Value = client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let totp = authenticator(setup["secret"].as_str().unwrap());
    assert!(setup["otpauth_url"].as_str().unwrap().starts_with("otpauth://totp/Stimmwerk:"));
    assert!(setup["qr_svg"].as_str().unwrap().contains("<svg"));
    // A code of the step before: the enabling code may not be reused at sign-in below.
    let res = client.post("/api/account/two-factor/enable", json!({ "code": totp.generate(now() - 30) })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let codes: Value = res.json().await.unwrap();
    let codes: Vec<String> =
        codes["codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    (client, totp, codes)
}

async fn password_step(app: &TestApp, email: &str) -> common::Client {
    let client = app.client();
    let (status, error) =
        error_of(client.post("/api/auth/login", json!({ "email": email, "password": PASSWORD })).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error["code"], "two_factor_required");
    assert_eq!(client.get("/api/me").await.status(), StatusCode::UNAUTHORIZED, "no session before the code");
    client
}

#[sqlx::test(migrations = "../migrations")]
async fn enabling_needs_a_right_code_and_gives_ten_recovery_codes_once(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (client, _) = app.signed_in_user("zwei@example.de").await;
    let status: Value = client.get("/api/account/two-factor").await.json().await.unwrap();
    assert_eq!(status["enabled"], false);
    let setup: Value = client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let stored: Vec<u8> = sqlx::query_scalar("SELECT ciphertext FROM two_factor").fetch_one(&app.pool).await.unwrap();
    assert!(!String::from_utf8_lossy(&stored).contains(setup["secret"].as_str().unwrap()), "the secret is sealed");

    let (status, error) =
        error_of(client.post("/api/account/two-factor/enable", json!({ "code": "000000" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["code"].is_string());
    let totp = authenticator(setup["secret"].as_str().unwrap());
    let codes: Value = client
        .post("/api/account/two-factor/enable", json!({ "code": totp.generate(now()) }))
        .await
        .json()
        .await
        .unwrap();
    let codes = codes["codes"].as_array().unwrap();
    assert_eq!(codes.len(), 10);
    let stored: Vec<String> =
        sqlx::query_scalar("SELECT code_hash FROM recovery_codes").fetch_all(&app.pool).await.unwrap();
    assert!(codes.iter().all(|c| !stored.contains(&c.as_str().unwrap().to_owned())), "only hashes are stored");
    let status: Value = client.get("/api/account/two-factor").await.json().await.unwrap();
    assert_eq!(status["enabled"], true);
    let (status, _) = error_of(client.post("/api/account/two-factor/setup", json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "no silent replacement of an active secret");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_sign_in_asks_for_the_code_accepts_one_step_of_skew_and_never_the_same_code_twice(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (_, totp, _) = user_with_two_factor(&app, "skew@example.de").await;

    let client = password_step(&app, "skew@example.de").await;
    let (status, _) =
        error_of(client.post("/api/auth/login/code", json!({ "code": totp.generate(now() - 90) })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "two steps old is too old");
    let code = totp.generate(now() + 30); // the phone's clock runs one step ahead
    let res = client.post("/api/auth/login/code", json!({ "code": code })).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(client.get("/api/me").await.status(), StatusCode::OK);

    let again = password_step(&app, "skew@example.de").await;
    let (status, error) = error_of(again.post("/api/auth/login/code", json!({ "code": code })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a code works once");
    assert!(error["fields"]["code"].is_string());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_recovery_code_gets_in_once_and_five_wrong_codes_end_the_attempt(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (_, totp, codes) = user_with_two_factor(&app, "verloren@example.de").await;

    let client = password_step(&app, "verloren@example.de").await;
    let res = client.post("/api/auth/login/code", json!({ "code": codes[0].to_uppercase() })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let again = password_step(&app, "verloren@example.de").await;
    let (status, _) = error_of(again.post("/api/auth/login/code", json!({ "code": codes[0] })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a recovery code works once");

    let guesser = password_step(&app, "verloren@example.de").await;
    for _ in 0..5 {
        guesser.post("/api/auth/login/code", json!({ "code": "123456" })).await;
    }
    let (status, error) =
        error_of(guesser.post("/api/auth/login/code", json!({ "code": totp.generate(now()) })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Anmeldung abgelaufen", "after five tries even the right code needs a new sign-in");
    let (status, _) = error_of(app.client().post("/api/auth/login/code", json!({ "code": "123456" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "no code step without the password step");
}

#[sqlx::test(migrations = "../migrations")]
async fn switching_it_off_needs_the_password_and_a_code(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (client, totp, _) = user_with_two_factor(&app, "aus@example.de").await;
    let off = |password: &str, code: String| {
        client
            .http
            .request(Method::DELETE, format!("{}/api/account/two-factor", app.base))
            .json(&json!({ "password": password, "code": code }))
            .send()
    };
    let (status, error) = error_of(off("falsch-falsch", totp.generate(now())).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["password"].is_string());
    assert_eq!(off(PASSWORD, totp.generate(now())).await.unwrap().status(), StatusCode::NO_CONTENT);
    let res = app.client().post("/api/auth/login", json!({ "email": "aus@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK, "plain sign-in again");
}

#[sqlx::test(migrations = "../migrations")]
async fn without_an_encryption_key_two_factor_says_it_is_not_set_up(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.secrets.encryption_key = String::new().into()).await;
    let (client, _) = app.signed_in_user("ohne@example.de").await;
    let (status, error) = error_of(client.post("/api/account/two-factor/setup", json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["code"], "unavailable");

    // Nor can an admin: without the server's key the admin area stays shut.
    let password = shared::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap().unwrap();
    let admin = app.client();
    admin.post("/api/auth/login", json!({ "email": app.settings.admin.email, "password": password })).await;
    let (status, _) = error_of(admin.post("/api/account/two-factor/setup", json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, error) = error_of(admin.get("/api/admin/users").await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("second_factor_required")));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_admin_area_opens_only_to_a_session_that_proved_a_code(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let password = shared::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap().unwrap();
    let email = app.settings.admin.email.clone();
    let admin = app.client();
    let me: Value =
        admin.post("/api/auth/login", json!({ "email": email, "password": password })).await.json().await.unwrap();
    assert_eq!(me["second_factor"], false);
    let (status, error) = error_of(admin.get("/api/admin/users").await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("second_factor_required")));

    // Switching it on proves the factor in this session.
    let setup: Value = admin.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let totp = authenticator(setup["secret"].as_str().unwrap());
    let res = admin.post("/api/account/two-factor/enable", json!({ "code": totp.generate(now() - 30) })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let me: Value = admin.get("/api/me").await.json().await.unwrap();
    assert_eq!(me["second_factor"], true);
    assert_eq!(admin.get("/api/admin/users").await.status(), StatusCode::OK);

    // Another sign-in gets in with the code.
    let other = app.client();
    let res = other.post("/api/auth/login", json!({ "email": email, "password": password })).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let me: Value =
        other.post("/api/auth/login/code", json!({ "code": totp.generate(now()) })).await.json().await.unwrap();
    assert_eq!(me["second_factor"], true);
    assert_eq!(other.get("/api/admin/users").await.status(), StatusCode::OK);

    // Switched off, no session of the admin opens the area any more.
    let res = admin
        .http
        .request(Method::DELETE, format!("{}/api/account/two-factor", app.base))
        .json(&json!({ "password": password, "code": totp.generate(now() + 30) }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    for client in [&admin, &other] {
        let (status, error) = error_of(client.get("/api/admin/users").await).await;
        assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("second_factor_required")));
    }
}
