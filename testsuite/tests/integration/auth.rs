//! Sign-up, confirmation, sign-in, sessions, rate limiting and CSRF, over real HTTP.

use crate::common;

use common::{PASSWORD, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn the_start_credit_of_100_cents_comes_with_the_confirmation_as_one_ledger_row(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let body = json!({ "name": "Ute", "organization": "Firma", "email": "ute@example.de", "password": PASSWORD });
    assert_eq!(app.client().post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    let unconfirmed: i64 = sqlx::query_scalar("SELECT balance_cent FROM users").fetch_one(&app.pool).await.unwrap();
    assert_eq!(unconfirmed, 0, "no credit before the address is confirmed");
    let (client, user) = app.signed_up_through_the_mail("anna@example.de").await;
    assert_eq!(app.balance(user).await, 100);
    assert_eq!(app.ledger_rows(user, "signup_bonus").await, vec![100]);
    let me: serde_json::Value = client.get("/api/me").await.json().await.unwrap();
    assert_eq!(me["balance_cent"], 100);
    assert_eq!(me["role"], "user");
    assert_eq!(me["organization"], "Testfirma");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn sign_in_needs_a_confirmed_email(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let body = json!({ "name": "Bernd", "organization": "Firma", "email": "bernd@example.de", "password": PASSWORD });
    assert_eq!(client.post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    let res = client.post("/api/auth/login", json!({ "email": "bernd@example.de", "password": PASSWORD })).await;
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["code"], "email_not_confirmed");

    let bad = client.http.get(format!("{}/api/auth/confirm?token=falsch", app.base)).send().await.unwrap();
    assert_eq!(bad.headers()["location"], "/auth?confirmed=0");
    let link = app.confirmation_link("bernd@example.de");
    client.http.get(&link).send().await.unwrap();
    let res = client.post("/api/auth/login", json!({ "email": "Bernd@Example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    // A link works once.
    let again = client.http.get(&link).send().await.unwrap();
    assert_eq!(again.headers()["location"], "/auth?confirmed=0");
}

#[sqlx::test(migrations = "../migrations")]
async fn sign_up_validates_every_field_in_german(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let cases = [
        (
            json!({ "name": "", "organization": "F", "email": "a@b.de", "password": PASSWORD }),
            "name",
            "Name ist erforderlich.",
        ),
        (
            json!({ "name": "A", "organization": " ", "email": "a@b.de", "password": PASSWORD }),
            "organization",
            "Organisation ist erforderlich.",
        ),
        (
            json!({ "name": "A", "organization": "F", "email": "kein-at", "password": PASSWORD }),
            "email",
            "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        ),
        (
            json!({ "name": "A", "organization": "F", "email": "a@b.de", "password": "kurz" }),
            "password",
            "Das Passwort muss mindestens 8 Zeichen lang sein.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, error) = error_of(client.post("/api/auth/signup", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"][field], message);
    }
    let (status, error) = error_of(
        client
            .post(
                "/api/auth/signup",
                json!({ "name": "A", "organization": "F", "email": "a@b.de", "password": "password123" }),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["password"].as_str().unwrap().contains("zu verbreitet"));
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0, "no partial writes");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_registers_once_and_a_second_signup_reveals_nothing(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    app.signed_in_user("doppelt@example.de").await;
    let body = json!({ "name": "X", "organization": "Y", "email": "DOPPELT@example.de", "password": PASSWORD });
    let res = app.client().post("/api/auth/signup", body).await;
    // The same answer as for a new address (docs/api.md): nobody learns who is a customer.
    assert_eq!(res.status(), StatusCode::CREATED);
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 1, "no second account");
    assert!(app.mails_to("doppelt@example.de").iter().any(|m| m.contains("Sie haben bereits ein Stimmwerk-Konto")));
}

#[sqlx::test(migrations = "../migrations")]
async fn wrong_password_is_rejected_and_failures_are_rate_limited(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.login_max_failures_per_email = 3).await;
    app.signed_in_user("carla@example.de").await;
    let client = app.client();
    for _ in 0..3 {
        let (status, error) = error_of(
            client.post("/api/auth/login", json!({ "email": "carla@example.de", "password": "falsch-falsch" })).await,
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(error["title"], "Anmeldung fehlgeschlagen");
        assert_eq!(error["message"], "E-Mail oder Passwort ist falsch.");
    }
    // Now even the right password waits for the window to end.
    let res = client.post("/api/auth/login", json!({ "email": "carla@example.de", "password": PASSWORD })).await;
    assert!(res.headers().contains_key("retry-after"));
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error["message"].as_str().unwrap().starts_with("Zu viele Versuche"));
    // Unknown addresses fail the same way and count per IP as well.
    let (status, _) =
        error_of(client.post("/api/auth/login", json!({ "email": "niemand@example.de", "password": PASSWORD })).await)
            .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn failures_are_rate_limited_per_ip_across_addresses(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.login_max_failures_per_ip = 4).await;
    let client = app.client();
    for i in 0..4 {
        let res = client
            .post("/api/auth/login", json!({ "email": format!("x{i}@example.de"), "password": "nope-nope" }))
            .await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    let res = client.post("/api/auth/login", json!({ "email": "y@example.de", "password": "nope-nope" })).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../migrations")]
async fn sign_out_ends_the_session(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("dora@example.de").await;
    assert_eq!(client.get("/api/me").await.status(), StatusCode::OK);
    assert_eq!(client.post("/api/auth/logout", json!({})).await.status(), StatusCode::NO_CONTENT);
    let (status, error) = error_of(client.get("/api/me").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error["code"], "unauthenticated");
}

#[sqlx::test(migrations = "../migrations")]
async fn writes_without_the_csrf_header_are_refused(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("emil@example.de").await;
    let plain = reqwest::Client::new();
    let res = plain
        .post(format!("{}/api/auth/login", app.base))
        .json(&json!({ "email": "emil@example.de", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["code"], "csrf");
    // GETs stay usable without it.
    assert_eq!(client.get("/api/me").await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_admin_is_created_once_from_configuration(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let password =
        shared::use_cases::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap().expect("created");
    assert!(shared::use_cases::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap().is_none());
    let client = app.client();
    let res = client.post("/api/auth/login", json!({ "email": app.settings.admin.email, "password": password })).await;
    let me: serde_json::Value = res.json().await.unwrap();
    assert_eq!(me["role"], "admin");
}

#[sqlx::test(migrations = "../migrations")]
async fn malformed_json_is_a_german_400_not_a_500(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let res = client
        .http
        .post(format!("{}/api/auth/signup", app.base))
        .header("content-type", "application/json")
        .body("{kaputt")
        .send()
        .await
        .unwrap();
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["message"].as_str().unwrap().starts_with("Ungültiger JSON-Inhalt"));
}

#[sqlx::test(migrations = "../migrations")]
async fn expired_sessions_stop_working_and_are_purged(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("ablauf@example.de").await;
    sqlx::query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1")
        .bind(user)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(client.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        shared::use_cases::auth::purge_expired(&app.pool, app.settings.auth.confirmation_hours).await.unwrap(),
        1
    );
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM sessions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}

// Pre-registration: whoever signs up with an address first does not keep the account
// once its owner signs up and confirms.

#[sqlx::test(migrations = "../migrations")]
async fn a_stranger_who_registered_my_address_first_keeps_neither_his_password_nor_anything_else(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let stranger = app.client_from([127, 0, 0, 66]);
    let body = json!({ "name": "Fremder", "organization": "Fremd", "email": "opfer@example.de", "password": "Fremdes-Passwort-Kiwi-55" });
    assert_eq!(stranger.post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    let stranger_link = app.confirmation_link("opfer@example.de");
    let (status, error) = error_of(
        stranger
            .post("/api/auth/login", json!({ "email": "opfer@example.de", "password": "Fremdes-Passwort-Kiwi-55" }))
            .await,
    )
    .await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("email_not_confirmed")));
    // An unconfirmed account cannot sign in, so it holds no keys, second factor or
    // sessions; should it hold any, they go as well.
    let id: uuid::Uuid =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'opfer@example.de'").fetch_one(&app.pool).await.unwrap();
    for statement in [
        "INSERT INTO api_keys (user_id, name, prefix, key_hash) VALUES ($1, 'Fremd', 'sw_fremd', 'fremder-hash')",
        "INSERT INTO two_factor (user_id, nonce, ciphertext, enabled_at) VALUES ($1, '\\x000000000000000000000000', '\\x00', now())",
        "INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, 'fremder-code')",
        "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ('fremde-sitzung', $1, now() + interval '1 day')",
    ] {
        sqlx::query(statement).bind(id).execute(&app.pool).await.unwrap();
    }

    // The owner signs up with her password and confirms with the link she gets.
    let owner = app.client();
    let body =
        json!({ "name": "Olga Opfer", "organization": "Eigen", "email": "opfer@example.de", "password": PASSWORD });
    assert_eq!(owner.post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    let link = app.confirmation_link("opfer@example.de");
    assert_ne!(link, stranger_link);
    let res = stranger.http.get(&stranger_link).send().await.unwrap();
    assert_eq!(res.headers()["location"], "/auth?confirmed=0", "the first registrant's link is dead");
    // A contested address confirms with the password of the last sign-up: hers.
    let token = link.split("token=").nth(1).unwrap().to_owned();
    let res = owner.http.get(&link).send().await.unwrap();
    assert_eq!(res.headers()["location"].to_str().unwrap(), format!("/auth?confirm={token}"));
    let res = owner.post("/api/auth/confirm", json!({ "token": token, "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);

    let res = owner.post("/api/auth/login", json!({ "email": "opfer@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK, "her password");
    let me: serde_json::Value = res.json().await.unwrap();
    assert_eq!((me["name"].as_str(), me["organization"].as_str()), (Some("Olga Opfer"), Some("Eigen")));
    let res = stranger
        .post("/api/auth/login", json!({ "email": "opfer@example.de", "password": "Fremdes-Passwort-Kiwi-55" }))
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "not his");
    for count in
        ["SELECT count(*) FROM api_keys", "SELECT count(*) FROM two_factor", "SELECT count(*) FROM recovery_codes"]
    {
        let left: i64 = sqlx::query_scalar(count).fetch_one(&app.pool).await.unwrap();
        assert_eq!(left, 0, "{count}");
    }
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM sessions WHERE token_hash = 'fremde-sitzung'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(sessions, 0);
    let accounts: i64 = sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&app.pool).await.unwrap();
    assert_eq!(accounts, 1);
    assert_eq!(app.ledger_rows(id, "signup_bonus").await, vec![100], "the start credit once, for her");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_reset_revokes_every_api_key(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("schluesselreset@example.de").await;
    let created: serde_json::Value =
        client.post("/api/api-keys", json!({ "name": "Skript" })).await.json().await.unwrap();
    let key = created["secret"].as_str().unwrap().to_owned();
    let program = reqwest::Client::new();
    let balance = || program.get(format!("{}/v1/balance", app.base)).bearer_auth(&key).send();
    assert_eq!(balance().await.unwrap().status(), StatusCode::OK);

    let res = app.client().post("/api/auth/password-reset", json!({ "email": "schluesselreset@example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let link = app.confirmation_link("schluesselreset@example.de");
    let token = link.split("token=").nth(1).unwrap();
    let res = app
        .client()
        .post("/api/auth/password-reset/confirm", json!({ "token": token, "password": "Neues-Kennwort-Birke-64" }))
        .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(balance().await.unwrap().status(), StatusCode::UNAUTHORIZED, "the old key is dead");
    assert_eq!(client.get("/api/me").await.status(), StatusCode::UNAUTHORIZED, "and every session");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_stranger_who_signs_up_after_the_owner_cannot_have_her_confirm_his_password(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let owner = app.client();
    let stranger = app.client_from([127, 0, 0, 67]);
    let signup = |password: &str| json!({ "name": "Olga Opfer", "organization": "Eigen", "email": "spaet@example.de", "password": password });
    assert_eq!(owner.post("/api/auth/signup", signup(PASSWORD)).await.status(), StatusCode::CREATED);
    let her_link = app.confirmation_link("spaet@example.de");
    // Before she clicks, he signs up with her address and his password.
    assert_eq!(
        stranger.post("/api/auth/signup", signup("Fremdes-Passwort-Kiwi-55")).await.status(),
        StatusCode::CREATED
    );
    let res = owner.http.get(&her_link).send().await.unwrap();
    assert_eq!(res.headers()["location"], "/auth?confirmed=0", "his sign-up ended her link");

    // The newest link reaches her mailbox; it confirms only with the last sign-up's password.
    let link = app.confirmation_link("spaet@example.de");
    let token = link.split("token=").nth(1).unwrap().to_owned();
    let res = owner.http.get(&link).send().await.unwrap();
    assert_eq!(res.headers()["location"].to_str().unwrap(), format!("/auth?confirm={token}"));
    let (status, error) =
        error_of(owner.post("/api/auth/confirm", json!({ "token": token, "password": PASSWORD })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["password"].as_str().unwrap().contains("registrieren Sie sich bitte erneut"), "{error}");
    let (status, _) = error_of(
        stranger
            .post("/api/auth/login", json!({ "email": "spaet@example.de", "password": "Fremdes-Passwort-Kiwi-55" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "still unconfirmed: he cannot sign in");

    // She signs up again: her password is the last one, and her new link confirms it.
    assert_eq!(owner.post("/api/auth/signup", signup(PASSWORD)).await.status(), StatusCode::CREATED);
    let link = app.confirmation_link("spaet@example.de");
    let token = link.split("token=").nth(1).unwrap().to_owned();
    let res = owner.post("/api/auth/confirm", json!({ "token": token, "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = owner.post("/api/auth/login", json!({ "email": "spaet@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = stranger
        .post("/api/auth/login", json!({ "email": "spaet@example.de", "password": "Fremdes-Passwort-Kiwi-55" }))
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}
