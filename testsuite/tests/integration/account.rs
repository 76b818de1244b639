//! The account page's server side: profile, password change, sessions, the transaction
//! history from the ledger, and deleting an account with everything it owns.

use crate::common;

use common::{PASSWORD, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

const NEW_PASSWORD: &str = "Neues-Passwort-Regenbogen-77";

async fn patch(client: &common::Client, path: &str, body: Value) -> reqwest::Response {
    client.http.patch(format!("{}{path}", client.base)).json(&body).send().await.unwrap()
}

async fn delete_with(client: &common::Client, path: &str, body: Value) -> reqwest::Response {
    client.http.delete(format!("{}{path}", client.base)).json(&body).send().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn name_and_organisation_can_be_changed_with_the_same_rules_as_at_sign_up(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("profil@example.de").await;
    let (other, _) = app.signed_in_user("andere@example.de").await;
    let res = patch(&client, "/api/account", json!({ "name": " Paula Profil ", "organization": "Neue GmbH" })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let user: Value = res.json().await.unwrap();
    assert_eq!((user["name"].as_str(), user["organization"].as_str()), (Some("Paula Profil"), Some("Neue GmbH")));
    let (status, error) =
        error_of(patch(&client, "/api/account", json!({ "name": "https://phish.example", "organization": "X" })).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["name"].is_string());
    let theirs: Value = other.get("/api/me").await.json().await.unwrap();
    assert_eq!(theirs["name"], "Test Person", "only the caller's own account changes");
    assert_eq!(
        app.client().http.patch(format!("{}/api/account", app.base)).json(&json!({})).send().await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_change_needs_the_current_one_and_ends_every_other_session(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (here, _) = app.signed_in_user("wechsel@example.de").await;
    let elsewhere = app.client();
    elsewhere.post("/api/auth/login", json!({ "email": "wechsel@example.de", "password": PASSWORD })).await;
    assert_eq!(elsewhere.get("/api/me").await.status(), StatusCode::OK);

    let wrong = json!({ "current_password": "falsch-falsch", "new_password": NEW_PASSWORD });
    let (status, error) = error_of(here.post("/api/account/password", wrong).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["current_password"], "Das aktuelle Passwort ist falsch.");
    let weak = json!({ "current_password": PASSWORD, "new_password": "kurz" });
    let (_, error) = error_of(here.post("/api/account/password", weak).await).await;
    assert!(error["fields"]["new_password"].is_string(), "{error}");

    let good = json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD });
    assert_eq!(here.post("/api/account/password", good).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(here.get("/api/me").await.status(), StatusCode::OK, "this session stays");
    assert_eq!(elsewhere.get("/api/me").await.status(), StatusCode::UNAUTHORIZED, "every other session ended");
    let res =
        app.client().post("/api/auth/login", json!({ "email": "wechsel@example.de", "password": NEW_PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn sessions_are_listed_and_ended_everywhere_at_once(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (here, _) = app.signed_in_user("sitzung@example.de").await;
    let elsewhere = app.client_from([127, 0, 0, 60]);
    let firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
    let res = elsewhere
        .http
        .post(format!("{}/api/auth/login", app.base))
        .header("user-agent", firefox)
        .json(&json!({ "email": "sitzung@example.de", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let sessions: Vec<Value> = here.get("/api/account/sessions").await.json().await.unwrap();
    assert_eq!(sessions.len(), 2);
    let other = sessions.iter().find(|s| s["client"] == "127.0.0.60").unwrap();
    assert_eq!(other["device"], "Firefox auf Windows 10", "browser and system: {other}");
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
    assert!(sessions.iter().any(|s| s["client"] == "127.0.0.60"), "{sessions:?}");
    assert!(sessions.iter().all(|s| s["id"].as_str().unwrap().len() == 12), "a handle, not the secret");

    let res = here.delete("/api/account/sessions").await;
    assert_eq!(res.status(), StatusCode::OK);
    let done: Value = res.json().await.unwrap();
    assert_eq!((done["sessions_ended"].as_i64(), done["api_keys_revoked"].as_i64()), (Some(2), Some(0)));
    assert_eq!(done["message"], "Alle Sitzungen beendet.");
    assert_eq!(here.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(elsewhere.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_transaction_history_is_the_ledger_with_the_balance_after_each_booking(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("buchung@example.de").await;
    let (other, _) = app.signed_in_user("fremd@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    client.submit("Erster Auftrag mit etwas Text.", voice).await; // 3 cents
    let body: Value = client.submit("Zweiter.", voice).await.json().await.unwrap(); // 1 cent
    let second: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(client.delete(&format!("/api/jobs/{second}")).await.status(), StatusCode::NO_CONTENT); // refund

    let page: Value = client.get("/api/account/transactions").await.json().await.unwrap();
    assert_eq!(page["total"], 4);
    let items = page["items"].as_array().unwrap();
    let kinds: Vec<&str> = items.iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["Erstattung", "Audio-Generierung", "Audio-Generierung", "Startguthaben"]);
    let after: Vec<i64> = items.iter().map(|i| i["balance_after_cent"].as_i64().unwrap()).collect();
    assert_eq!(after, [97, 96, 97, 100]);
    assert_eq!(items[0]["job_id"], second.to_string());
    assert_eq!(after[0], app.balance(user).await);

    let second_page: Value = client.get("/api/account/transactions?page=2&per_page=3").await.json().await.unwrap();
    assert_eq!(second_page["items"].as_array().unwrap().len(), 1);
    assert_eq!(second_page["items"][0]["kind"], "signup_bonus");

    let res = client.get("/api/account/transactions.csv").await;
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let csv = res.text().await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "Datum (Zeitzone Europe/Berlin);Art;Betrag (EUR);Guthaben danach (EUR);Auftrag");
    // Berlin time, as on the screen: the signup bonus's row against its UTC time.
    let bonus_at: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT created_at FROM ledger_entries WHERE user_id = $1 AND kind = 'signup_bonus'")
            .bind(user)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let berlin = bonus_at.with_timezone(&chrono_tz::Europe::Berlin).format("%d.%m.%Y %H:%M:%S").to_string();
    assert!(lines[4].starts_with(&berlin), "{} is not {berlin}", lines[4]);
    assert_eq!(lines.len(), 5);
    assert!(lines[1].contains(";Erstattung;0,01;0,97;"), "{}", lines[1]);
    assert!(lines[4].contains(";Startguthaben;1,00;1,00;"), "{}", lines[4]);

    let theirs: Value = other.get("/api/account/transactions").await.json().await.unwrap();
    assert_eq!(theirs["total"], 1, "only the caller's own bookings");
}

#[sqlx::test(migrations = "../migrations")]
async fn deleting_the_account_removes_everything_but_the_anonymous_bookings(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("weg@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let body: Value = client.submit("Ein Satz, der gehen muss.", voice).await.json().await.unwrap();
    let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
    let svc = app.worker_state(app.local_engines());
    worker::jobs::synthesize::process(&svc, job).await.unwrap();
    let key: String = sqlx::query_scalar("SELECT audio_key FROM tts_jobs WHERE id = $1")
        .bind(job)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let file = app.settings.storage.dir.join(&key);
    assert!(file.exists());

    let (status, error) =
        error_of(delete_with(&client, "/api/account", json!({ "password": "falsch-falsch" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["password"], "Das aktuelle Passwort ist falsch.");
    assert_eq!(
        delete_with(&client, "/api/account", json!({ "password": PASSWORD })).await.status(),
        StatusCode::NO_CONTENT
    );

    assert_eq!(client.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    let users: i64 =
        sqlx::query_scalar("SELECT count(*) FROM users WHERE id = $1").bind(user).fetch_one(&app.pool).await.unwrap();
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs").fetch_one(&app.pool).await.unwrap();
    assert_eq!((users, jobs), (0, 0));
    assert!(!file.exists(), "the audio file is gone");
    let kept: Vec<(Option<Uuid>, i64)> = sqlx::query_as("SELECT user_id, amount_cent FROM ledger_entries ORDER BY id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept, [(None, 100), (None, -3)], "bookings stay, without the person");
    let login = app.client().post("/api/auth/login", json!({ "email": "weg@example.de", "password": PASSWORD })).await;
    assert_eq!(login.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_last_admin_cannot_delete_the_account(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let (status, error) = error_of(delete_with(&admin, "/api/account", json!({ "password": password })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["message"], "Das letzte Administratorkonto kann nicht gelöscht werden.");
}

// API keys end with the password and with "Überall abmelden".

/// A key made in the browser session, and a call of `/v1/balance` with it.
async fn api_key(app: &TestApp, client: &common::Client) -> impl Fn() -> reqwest::RequestBuilder {
    let created: Value = client.post("/api/api-keys", json!({ "name": "Skript" })).await.json().await.unwrap();
    let key = created["secret"].as_str().unwrap().to_owned();
    let url = format!("{}/v1/balance", app.base);
    let program = reqwest::Client::new();
    move || program.get(&url).bearer_auth(&key)
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_change_revokes_every_api_key_and_the_owner_hears_of_both(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("schluessel@example.de").await;
    let balance = api_key(&app, &client).await;
    assert_eq!(balance().send().await.unwrap().status(), StatusCode::OK);
    let mails = app.mails_to("schluessel@example.de");
    assert!(mails.iter().any(|m| m.contains("Mit ihm lassen sich Audios")), "the new key is mailed: {mails:?}");
    let good = json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD });
    assert_eq!(client.post("/api/account/password", good).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(balance().send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    let keys: Value = client.get("/api/api-keys").await.json().await.unwrap();
    assert!(keys[0]["revoked_at"].is_string(), "listed as revoked: {keys}");
    let mails = app.mails_to("schluessel@example.de");
    assert!(mails.iter().any(|m| m.contains("wurde soeben ge")), "the password change is mailed: {mails:?}");
    let actions: Vec<String> =
        sqlx::query_scalar("SELECT action FROM audit_log WHERE target_user_id = $1 ORDER BY created_at, action")
            .bind(user)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(actions, ["api_key_created", "password_changed"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn signing_out_everywhere_revokes_the_api_keys_and_says_how_many(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("ueberall@example.de").await;
    let first = api_key(&app, &client).await;
    let second = api_key(&app, &client).await;
    assert_eq!(first().send().await.unwrap().status(), StatusCode::OK);
    let res = client.delete("/api/account/sessions").await;
    assert_eq!(res.status(), StatusCode::OK);
    let done: Value = res.json().await.unwrap();
    assert_eq!(done["sessions_ended"], 1);
    assert_eq!(done["api_keys_revoked"], 2);
    assert_eq!(done["message"], "Alle Sitzungen beendet und 2 API-Schlüssel widerrufen.");
    for call in [first, second] {
        assert_eq!(call().send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(client.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
}

// The last active admin stays.

/// A second admin (a confirmed user given the role), signed in.
async fn second_admin(app: &TestApp, email: &str) -> (common::Client, Uuid) {
    let (client, id) = app.signed_in_user(email).await;
    sqlx::query("UPDATE users SET role = 'admin' WHERE id = $1").bind(id).execute(&app.pool).await.unwrap();
    (client, id)
}

async fn active_admins(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM users WHERE role = 'admin' AND disabled_at IS NULL")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn two_admins_deleting_themselves_at_once_leave_one_admin(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (first, password) = app.signed_in_admin_with_password().await;
    let (second, _) = second_admin(&app, "zweite-admin@example.de").await;
    let (a, b) = tokio::join!(
        delete_with(&first, "/api/account", json!({ "password": password })),
        delete_with(&second, "/api/account", json!({ "password": PASSWORD })),
    );
    let mut statuses = [a.status(), b.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::NO_CONTENT, StatusCode::CONFLICT]);
    assert_eq!(active_admins(&app).await, 1, "one admin remains");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_disabled_admin_does_not_count_as_another_admin(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let (_, other) = second_admin(&app, "gesperrt-admin@example.de").await;
    sqlx::query("UPDATE users SET disabled_at = now() WHERE id = $1").bind(other).execute(&app.pool).await.unwrap();
    let (status, error) = error_of(delete_with(&admin, "/api/account", json!({ "password": password })).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["message"], "Das letzte Administratorkonto kann nicht gelöscht werden.");
    assert_eq!(active_admins(&app).await, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_guarded_statements_never_leave_no_active_admin(pool: PgPool) {
    // The guard the admins' user page uses as well (demote, disable, delete).
    let app = TestApp::spawn(pool).await;
    shared::use_cases::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap();
    let (_, other) = second_admin(&app, "andere-admin@example.de").await;
    let first: Uuid = sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(&app.settings.admin.email)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    use shared::db::users::{self, AdminGuard};
    use shared::domain::kinds::Role;
    let mut tx = app.pool.begin().await.unwrap();
    assert_eq!(
        users::update_unless_last_admin(&mut tx, other, "A", "B", Role::User, false).await.unwrap(),
        AdminGuard::Done
    );
    assert_eq!(
        users::update_unless_last_admin(&mut tx, first, "A", "B", Role::Admin, true).await.unwrap(),
        AdminGuard::LastAdmin,
        "the last one is not disabled"
    );
    assert_eq!(
        users::update_unless_last_admin(&mut tx, first, "A", "B", Role::User, false).await.unwrap(),
        AdminGuard::LastAdmin,
        "nor demoted"
    );
    assert_eq!(users::delete_unless_last_admin(&mut tx, first).await.unwrap(), AdminGuard::LastAdmin);
    assert_eq!(users::delete_unless_last_admin(&mut tx, other).await.unwrap(), AdminGuard::Done, "a user goes");
    assert_eq!(users::delete_unless_last_admin(&mut tx, other).await.unwrap(), AdminGuard::NotFound);
    tx.commit().await.unwrap();
    assert_eq!(active_admins(&app).await, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_user_keeps_at_most_fifty_sessions_and_the_oldest_end_first(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("viele-sitzungen@example.de").await;
    let expires = chrono::Utc::now() + chrono::Duration::days(30);
    for i in 0..60 {
        shared::db::sessions::insert(&app.pool, &format!("hash-{i}"), user, expires, "127.0.0.1", None, false)
            .await
            .unwrap();
    }
    let sessions: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM sessions WHERE user_id = $1")
        .bind(user)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(sessions.len(), shared::db::sessions::SESSIONS_PER_USER as usize);
    assert!(sessions.contains(&"hash-59".to_owned()), "the newest stays");
    // The first sign-in (the test client's) was the oldest: it has ended.
    assert_eq!(client.get("/api/me").await.status(), reqwest::StatusCode::UNAUTHORIZED);
}
