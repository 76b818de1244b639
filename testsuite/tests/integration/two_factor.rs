//! Two-factor sign-in with TOTP: setup with QR code, enabling with the password and a
//! first code and ten single-use recovery codes, the code step of a sign-in (one step of
//! clock skew, no replay, five tries; wrong codes counted per account and client where a
//! right password cannot reset them, slowed, then locked with a mail to the owner, who
//! still gets in with a mailed link), recovery codes, switching it off (limited like a
//! password change), the notice mails, and what a password reset does to it.

use crate::common;

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

/// The code of the step before the current one, taken far enough from a step boundary
/// that the server still counts it as one step old: taken in a step's last seconds on a
/// slow machine it would be two steps old when checked, and refused.
async fn code_of_the_step_before(totp: &TOTP) -> String {
    let into_step = now() % 30;
    if into_step > 22 {
        tokio::time::sleep(std::time::Duration::from_secs(30 - into_step + 1)).await;
    }
    totp.generate(now() - 30)
}

/// A signed-in user with two-factor sign-in on: (client, authenticator, recovery codes).
async fn user_with_two_factor(app: &TestApp, email: &str) -> (common::Client, TOTP, Vec<String>) {
    let (client, _) = app.signed_in_user(email).await;
    let setup: Value = client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let totp = authenticator(setup["secret"].as_str().unwrap());
    assert!(setup["otpauth_url"].as_str().unwrap().starts_with("otpauth://totp/Stimmwerk:"));
    assert!(setup["qr_svg"].as_str().unwrap().contains("<svg"));
    // A code of the step before: the enabling code may not be reused at sign-in below.
    let res = client
        .post(
            "/api/account/two-factor/enable",
            json!({ "code": code_of_the_step_before(&totp).await, "password": PASSWORD }),
        )
        .await;
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

    let (status, error) = error_of(
        client.post("/api/account/two-factor/enable", json!({ "code": "000000", "password": PASSWORD })).await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["code"].is_string());
    let totp = authenticator(setup["secret"].as_str().unwrap());
    let codes: Value = client
        .post("/api/account/two-factor/enable", json!({ "code": totp.generate(now()), "password": PASSWORD }))
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
    let mails = app.mails_to("aus@example.de");
    assert!(mails.iter().any(|m| m.contains("wurde soeben die Zwei-Faktor-Anmeldung eingeschaltet")), "{mails:?}");
    assert!(mails.iter().any(|m| m.contains("wurde soeben die Zwei-Faktor-Anmeldung ausgeschaltet")), "{mails:?}");
    let actions: Vec<String> =
        sqlx::query_scalar("SELECT action FROM audit_log WHERE actor_email = 'aus@example.de' ORDER BY created_at")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(actions, ["two_factor_enabled", "two_factor_disabled"], "both switches are in the audit log");
}

#[sqlx::test(migrations = "../migrations")]
async fn without_an_encryption_key_two_factor_says_it_is_not_set_up(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.secrets.encryption_key = String::new().into()).await;
    let (client, _) = app.signed_in_user("ohne@example.de").await;
    let (status, error) = error_of(client.post("/api/account/two-factor/setup", json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["code"], "unavailable");

    // Nor can an admin: without the server's key the admin area stays shut.
    let password = shared::use_cases::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap().unwrap();
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
    let password = shared::use_cases::auth::ensure_admin(&app.pool, &app.settings.admin).await.unwrap().unwrap();
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
    let res = admin
        .post(
            "/api/account/two-factor/enable",
            json!({ "code": code_of_the_step_before(&totp).await, "password": password }),
        )
        .await;
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

// The code step cannot be brute-forced: wrong codes are counted per account (and client)
// where a right password cannot reset them.

/// Limits for the lock tests: no delay before the lock, and no address-wide pause of the
/// password step (every password below is right).
fn lock_after(n: u32) -> impl FnOnce(&mut shared::config::Settings) {
    move |s| {
        with_master_key(s);
        s.auth.codes.free_per_account = 1000;
        s.auth.codes.lock_after = n;
        s.auth.login_free_attempts_per_email = 1000;
        s.auth.login_max_failures_per_email = 1000;
        s.auth.login_max_failures_per_ip = 1000;
    }
}

async fn guess(client: &common::Client, code: &str) -> (StatusCode, Value) {
    error_of(client.post("/api/auth/login/code", json!({ "code": code })).await).await
}

#[sqlx::test(migrations = "../migrations")]
async fn wrong_codes_lock_the_code_step_even_with_a_right_password_each_time_and_the_owner_is_mailed(pool: PgPool) {
    let app = TestApp::spawn_with(pool, lock_after(10)).await;
    let (_, totp, codes) = user_with_two_factor(&app, "tresor@example.de").await;

    // Each right password opens a new code step with five tries; the wrong codes add up.
    for round in 0..2 {
        let attacker = password_step(&app, "tresor@example.de").await;
        for i in 0..5 {
            let (status, error) = guess(&attacker, &format!("{:06}", 100_000 + round * 5 + i)).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
            assert!(error["fields"]["code"].is_string());
        }
    }
    // Ten wrong codes: the code step of a password sign-in is locked, whatever comes.
    let attacker = password_step(&app, "tresor@example.de").await;
    let res = attacker.post("/api/auth/login/code", json!({ "code": "123456" })).await;
    let wait: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(wait > 3600, "locked for hours: {wait} s");
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error["message"].as_str().unwrap().starts_with("Zu viele Versuche"), "{error}");
    for code in [totp.generate(now()), codes[0].clone()] {
        let (status, _) = guess(&attacker, &code).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "even a right code or a recovery code waits");
    }
    let again = password_step(&app, "tresor@example.de").await;
    assert_eq!(guess(&again, &totp.generate(now())).await.0, StatusCode::TOO_MANY_REQUESTS, "a new password step too");

    // The owner is told, and gets in with the mailed link and the app.
    let mails = app.mails_to("tresor@example.de");
    assert!(mails.iter().any(|m| m.contains("zu oft ein falscher Bestätigungscode")), "{mails:?}");
    let owner = app.client_from([127, 0, 0, 77]);
    let res = owner.post("/api/auth/login-link", json!({ "email": "tresor@example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let link = app.confirmation_link("tresor@example.de");
    assert!(link.contains("/api/auth/login-link?token="), "{link}");
    let res = owner.http.get(&link).send().await.unwrap();
    assert_eq!(res.headers()["location"], "/auth?code=1", "the link alone is no way around the code");
    assert_eq!(owner.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    let res = owner.post("/api/auth/login/code", json!({ "code": totp.generate(now()) })).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(owner.get("/api/me").await.status(), StatusCode::OK);

    // Whoever has only the password stays locked out.
    let attacker = password_step(&app, "tresor@example.de").await;
    assert_eq!(guess(&attacker, &totp.generate(now() + 30)).await.0, StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../migrations")]
async fn parallel_wrong_codes_never_pass_the_limit(pool: PgPool) {
    let app = TestApp::spawn_with(pool, lock_after(10)).await;
    user_with_two_factor(&app, "parallel@example.de").await;
    // Six code steps (thirty tries by their own count), each from its own client.
    let mut steps = Vec::new();
    for host in 0..6u8 {
        let client = app.client_from([127, 0, 1, host + 1]);
        let (status, _) = error_of(
            client.post("/api/auth/login", json!({ "email": "parallel@example.de", "password": PASSWORD })).await,
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        steps.push(client);
    }
    let url = format!("{}/api/auth/login/code", app.base);
    let guesses = steps.iter().flat_map(|client| {
        (0..5).map(|i| client.http.post(&url).json(&json!({ "code": format!("{:06}", 200_000 + i) })).send())
    });
    let statuses: Vec<StatusCode> =
        futures::future::join_all(guesses).await.into_iter().map(|r| r.unwrap().status()).collect();
    let checked = statuses.iter().filter(|s| **s == StatusCode::UNPROCESSABLE_ENTITY).count();
    let refused = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(checked, 10, "exactly the limit reached the code check: {statuses:?}");
    assert_eq!(refused, 20, "{statuses:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_code_step_slows_down_after_a_few_wrong_codes(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let free = app.settings.auth.codes.free_per_account;
    user_with_two_factor(&app, "langsam@example.de").await;
    let client = password_step(&app, "langsam@example.de").await;
    for _ in 0..=free {
        assert_eq!(guess(&client, "000001").await.0, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let res = client.post("/api/auth/login/code", json!({ "code": "000002" })).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS, "the next one waits");
    let wait: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=app.settings.auth.codes.max_delay_secs).contains(&wait), "{wait}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_right_password_alone_does_not_clear_the_sign_in_counters_of_a_two_factor_account(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| {
        with_master_key(s);
        s.auth.login_max_failures_per_email = 3;
    })
    .await;
    let (_, totp, _) = user_with_two_factor(&app, "zaehler@example.de").await;
    let login = json!({ "email": "zaehler@example.de", "password": PASSWORD });

    let guesser = app.client_from([127, 0, 0, 31]);
    for _ in 0..3 {
        let (status, error) = error_of(guesser.post("/api/auth/login", login.clone()).await).await;
        assert_eq!((status, error["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("two_factor_required")));
    }
    let (status, _) = error_of(guesser.post("/api/auth/login", login.clone()).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "the password alone proved nothing");

    // A right code clears them: the owner signs in again and again.
    let owner = app.client_from([127, 0, 0, 32]);
    let (status, _) = error_of(owner.post("/api/auth/login", login.clone()).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        owner.post("/api/auth/login/code", json!({ "code": totp.generate(now()) })).await.status(),
        StatusCode::OK
    );
    for _ in 0..3 {
        let (status, _) = error_of(owner.post("/api/auth/login", login.clone()).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "two_factor_required, not limited");
    }
}

// Switching it on and off needs the password, limited like a password change, and tells
// the owner.

#[sqlx::test(migrations = "../migrations")]
async fn switching_it_on_needs_the_current_password_and_mails_a_notice(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (client, _) = app.signed_in_user("ein@example.de").await;
    let setup: Value = client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let totp = authenticator(setup["secret"].as_str().unwrap());
    for body in
        [json!({ "code": totp.generate(now()) }), json!({ "code": totp.generate(now()), "password": "falsch-1" })]
    {
        let (status, error) = error_of(client.post("/api/account/two-factor/enable", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["fields"]["password"], "Das aktuelle Passwort ist falsch.");
    }
    let status: Value = client.get("/api/account/two-factor").await.json().await.unwrap();
    assert_eq!(status["enabled"], false);
    assert!(!app.mails_to("ein@example.de").iter().any(|m| m.contains("Zwei-Faktor-Anmeldung eingeschaltet")));

    let res = client
        .post("/api/account/two-factor/enable", json!({ "code": totp.generate(now()), "password": PASSWORD }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = app.mails_to("ein@example.de");
    assert!(mails.iter().any(|m| m.contains("wurde soeben die Zwei-Faktor-Anmeldung eingeschaltet")), "{mails:?}");
}

/// A session opened with the password alone (perhaps by whoever stole it) must not
/// outlive the switch: turning the factor on ends every other session of the account,
/// the one that turned it on stays and counts as proven.
#[sqlx::test(migrations = "../migrations")]
async fn switching_it_on_ends_every_other_session_of_the_account(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (owner, _) = app.signed_in_user("zwei@example.de").await;
    let stranger = app.client_from([127, 0, 0, 9]);
    let res = stranger.post("/api/auth/login", json!({ "email": "zwei@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let (neighbour, _) = app.signed_in_user("nachbar@example.de").await;
    assert_eq!(stranger.get("/api/me").await.status(), StatusCode::OK);
    let sessions: Vec<Value> = owner.get("/api/account/sessions").await.json().await.unwrap();
    assert_eq!(sessions.len(), 2);

    let setup: Value = owner.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let totp = authenticator(setup["secret"].as_str().unwrap());
    let res =
        owner.post("/api/account/two-factor/enable", json!({ "code": totp.generate(now()), "password": PASSWORD }));
    assert_eq!(res.await.status(), StatusCode::OK);

    let (status, error) = error_of(stranger.get("/api/me").await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthenticated")));
    let me: Value = owner.get("/api/me").await.json().await.unwrap();
    assert_eq!(me["second_factor"], true, "the switching session stays, the factor proven");
    let sessions: Vec<Value> = owner.get("/api/account/sessions").await.json().await.unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(neighbour.get("/api/me").await.status(), StatusCode::OK, "other accounts keep theirs");
    let mails = app.mails_to("zwei@example.de");
    assert!(mails.iter().any(|m| m.contains("Alle anderen Sitzungen Ihres Kontos wurden dabei beendet.")), "{mails:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn wrong_passwords_when_switching_it_off_are_limited_then_even_the_right_one_waits(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| {
        with_master_key(s);
        s.auth.login_max_failures_per_email = 3;
    })
    .await;
    let (client, totp, _) = user_with_two_factor(&app, "orakel@example.de").await;
    let off = |password: &str, code: String| {
        client
            .http
            .request(Method::DELETE, format!("{}/api/account/two-factor", app.base))
            .json(&json!({ "password": password, "code": code }))
            .send()
    };
    for i in 0..3 {
        let (status, error) = error_of(off(&format!("geraten-{i}"), totp.generate(now())).await.unwrap()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error["fields"]["password"].is_string());
    }
    let res = off(PASSWORD, totp.generate(now())).await.unwrap();
    assert!(res.headers().contains_key("retry-after"));
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "no oracle: the right password is not told apart");
    assert!(error["message"].as_str().unwrap().starts_with("Zu viele Versuche"));
    let status: Value = client.get("/api/account/two-factor").await.json().await.unwrap();
    assert_eq!(status["enabled"], true);
}

#[sqlx::test(migrations = "../migrations")]
async fn guessing_codes_when_switching_it_off_counts_towards_the_same_lock(pool: PgPool) {
    let app = TestApp::spawn_with(pool, lock_after(3)).await;
    let (client, totp, _) = user_with_two_factor(&app, "abschalten@example.de").await;
    let off = |code: String| {
        client
            .http
            .request(Method::DELETE, format!("{}/api/account/two-factor", app.base))
            .json(&json!({ "password": PASSWORD, "code": code }))
            .send()
    };
    for i in 0..3 {
        let (status, error) = error_of(off(format!("{:06}", 300_000 + i)).await.unwrap()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error["fields"]["code"].is_string());
    }
    assert_eq!(off(totp.generate(now())).await.unwrap().status(), StatusCode::TOO_MANY_REQUESTS);
    // The sign-in's code step is locked as well.
    let attacker = password_step(&app, "abschalten@example.de").await;
    assert_eq!(guess(&attacker, &totp.generate(now())).await.0, StatusCode::TOO_MANY_REQUESTS);
}

// A password reset is no way around the second factor, but ends one that nobody who
// proved the mailbox chose.

async fn reset_password(app: &TestApp, email: &str, new_password: &str) {
    let client = app.client();
    let res = client.post("/api/auth/password-reset", json!({ "email": email })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let link = app.confirmation_link(email);
    let token = link.split("token=").nth(1).expect("token in the reset link");
    let res =
        client.post("/api/auth/password-reset/confirm", json!({ "token": token, "password": new_password })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_reset_ends_a_second_factor_set_up_before_the_confirmation_only(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    user_with_two_factor(&app, "reset@example.de").await;

    // Set up after the confirmation: the reset keeps it.
    reset_password(&app, "reset@example.de", "Neues-Kennwort-Tulpe-81").await;
    let res = app
        .client()
        .post("/api/auth/login", json!({ "email": "reset@example.de", "password": "Neues-Kennwort-Tulpe-81" }))
        .await;
    let (status, error) = error_of(res).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("two_factor_required")));

    // Set up before the address was confirmed (someone who never proved the mailbox): gone.
    sqlx::query(
        "UPDATE two_factor SET created_at = created_at - interval '2 days', enabled_at = enabled_at - interval '2 days'",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    reset_password(&app, "reset@example.de", "Drittes-Kennwort-Nelke-93").await;
    let res = app
        .client()
        .post("/api/auth/login", json!({ "email": "reset@example.de", "password": "Drittes-Kennwort-Nelke-93" }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM recovery_codes").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}
