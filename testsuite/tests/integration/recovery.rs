//! Getting back in: a forgotten password (single-use mailed link, one hour, every session
//! ends) and a lost confirmation mail. Same answers whether or not an address exists.

use crate::common;

use common::{PASSWORD, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

const NEW_PASSWORD: &str = "Neues-Passwort-Regenbogen-77";

/// The token of the newest reset mail to `email`.
fn reset_token(app: &TestApp, email: &str) -> String {
    let link = app.confirmation_link(email);
    assert!(link.contains("/auth/reset?token="), "{link}");
    link.split("token=").nth(1).unwrap().to_owned()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reset_link_sets_a_new_password_once_and_ends_every_session(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (old_session, _) = app.signed_in_user("vergesslich@example.de").await;
    let res = app.client().post("/api/auth/password-reset", json!({ "email": "Vergesslich@Example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let token = reset_token(&app, "vergesslich@example.de");
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM one_time_tokens WHERE purpose = 'password_reset'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_ne!(stored, token, "only a hash is stored");

    // Opening the page checks the link without using it up.
    let client = app.client();
    let check = format!("/api/auth/password-reset?token={token}");
    assert_eq!(client.get(&check).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(client.get(&check).await.status(), StatusCode::NO_CONTENT);
    let (status, _) = error_of(client.get("/api/auth/password-reset?token=erfunden").await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // A weak password is refused and does not use the link up.
    let weak = json!({ "token": token, "password": "passwort" });
    let (status, error) = error_of(client.post("/api/auth/password-reset/confirm", weak).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["password"].is_string());

    let good = json!({ "token": token, "password": NEW_PASSWORD });
    assert_eq!(client.post("/api/auth/password-reset/confirm", good.clone()).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(old_session.get("/api/me").await.status(), StatusCode::UNAUTHORIZED, "every session ended");
    let (status, error) = error_of(client.post("/api/auth/password-reset/confirm", good).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a link works once");
    assert_eq!(error["message"], "Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.");
    let (status, _) = error_of(client.get(&check).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a used link checks as used");

    let old = client.post("/api/auth/login", json!({ "email": "vergesslich@example.de", "password": PASSWORD })).await;
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED);
    let new =
        client.post("/api/auth/login", json!({ "email": "vergesslich@example.de", "password": NEW_PASSWORD })).await;
    assert_eq!(new.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reset_link_expires_after_an_hour(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    app.signed_in_user("spaet@example.de").await;
    app.client().post("/api/auth/password-reset", json!({ "email": "spaet@example.de" })).await;
    let token = reset_token(&app, "spaet@example.de");
    let expires: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT expires_at FROM one_time_tokens WHERE purpose = 'password_reset'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let minutes = (expires - chrono::Utc::now()).num_minutes();
    assert!((58..=60).contains(&minutes), "{minutes}");
    sqlx::query("UPDATE one_time_tokens SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    let body = json!({ "token": token, "password": NEW_PASSWORD });
    let (status, _) = error_of(app.client().post("/api/auth/password-reset/confirm", body).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = error_of(app.client().get(&format!("/api/auth/password-reset?token={token}")).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reset_request_reveals_nothing_and_is_limited(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    for _ in 0..3 {
        let res = client.post("/api/auth/password-reset", json!({ "email": "niemand@example.de" })).await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    assert!(app.mails_to("niemand@example.de").is_empty());
    let res = client.post("/api/auth/password-reset", json!({ "email": "niemand@example.de" })).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let (status, error) = error_of(client.post("/api/auth/password-reset", json!({ "email": "kaputt" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["email"], "Bitte geben Sie eine gültige E-Mail-Adresse ein.");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_lost_confirmation_mail_can_be_sent_again(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let body = json!({ "name": "Lena", "organization": "Firma", "email": "lena@example.de", "password": PASSWORD });
    assert_eq!(client.post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    // The first mail is lost.
    for entry in std::fs::read_dir(&app.settings.mail.outbox_dir).unwrap() {
        std::fs::remove_file(entry.unwrap().path()).unwrap();
    }
    let res = client.post("/api/auth/confirmation", json!({ "email": "lena@example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let link = app.confirmation_link("lena@example.de");
    let res = client.http.get(&link).send().await.unwrap();
    assert_eq!(res.headers()["location"], "/auth?confirmed=1");
    let login = client.post("/api/auth/login", json!({ "email": "lena@example.de", "password": PASSWORD })).await;
    assert_eq!(login.status(), StatusCode::OK);

    // A confirmed address gets no further mail, and the answer is the same.
    let before = app.mails_to("lena@example.de").len();
    let res = client.post("/api/auth/confirmation", json!({ "email": "lena@example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    assert_eq!(app.mails_to("lena@example.de").len(), before);
}
