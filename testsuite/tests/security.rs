//! What a security review found, each finding with the test that failed before its fix:
//! limiter races, one spelling per identity, lockouts that hurt the owner, sign-up abuse,
//! attacker text in our mails, hostile input, deleted running jobs, and the info items.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use common::{PASSWORD, TestApp, error_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use shared::engine::{EngineAudio, EngineError, Engines, SpeechEngine, SynthesisRequest};
use sqlx::PgPool;
use uuid::Uuid;

async fn parallel_statuses(count: usize, request: impl Fn() -> reqwest::RequestBuilder) -> Vec<StatusCode> {
    let requests = (0..count).map(|_| request().send());
    futures::future::join_all(requests).await.into_iter().map(|r| r.unwrap().status()).collect()
}

fn count(statuses: &[StatusCode], status: StatusCode) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

// 1. Limiter races.

#[sqlx::test(migrations = "../migrations")]
async fn fifty_parallel_wrong_passwords_reach_the_password_check_at_most_the_limit(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    app.signed_in_user("ziel@example.de").await;
    let attacker = app.client_from([127, 0, 0, 9]);
    let url = format!("{}/api/auth/login", app.base);
    let body = json!({ "email": "ziel@example.de", "password": "falsch-falsch-falsch" });
    let statuses = parallel_statuses(50, || attacker.http.post(&url).json(&body)).await;
    let checked = count(&statuses, StatusCode::UNAUTHORIZED);
    assert!(checked >= 1, "{statuses:?}");
    assert!(checked <= app.settings.auth.login_max_failures_per_email as usize, "{checked} reached the password check");
    assert_eq!(checked + count(&statuses, StatusCode::TOO_MANY_REQUESTS), 50);
}

#[sqlx::test(migrations = "../migrations")]
async fn fifty_parallel_wrong_admin_reentries_reach_the_password_check_at_most_the_limit(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.signed_in_admin().await;
    let url = format!("{}/api/admin/reauth", app.base);
    let statuses = parallel_statuses(50, || admin.http.post(&url).json(&json!({ "password": "falsch" }))).await;
    let checked = count(&statuses, StatusCode::UNAUTHORIZED);
    assert!((1..=app.settings.auth.login_max_failures_per_email as usize).contains(&checked), "{statuses:?}");
}

// 2. One Unicode spelling, two identities.

#[sqlx::test(migrations = "../migrations")]
async fn a_dotted_capital_i_does_not_sign_in_as_the_admin(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (_, password) = app.signed_in_admin_with_password().await;
    let client = app.client_from([127, 0, 0, 10]);
    let res =
        client.post("/api/auth/login", json!({ "email": "adm\u{130}n@stimmwerk.local", "password": password })).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let stored: Vec<String> = sqlx::query_scalar("SELECT email FROM users").fetch_all(&app.pool).await.unwrap();
    assert_eq!(stored, ["admin@stimmwerk.local"], "stored in the one normalised spelling");
}

// 3. Anyone could lock any account.

#[sqlx::test(migrations = "../migrations")]
async fn failed_guesses_lock_the_guessing_client_not_the_owner(pool: PgPool) {
    // No address-wide delay here: this test is about the per-client counters.
    let app = TestApp::spawn_with(pool, |s| s.auth.login_free_attempts_per_email = 1000).await;
    app.signed_in_user("carla@example.de").await;
    let attacker = app.client_from([127, 0, 0, 20]);
    for _ in 0..app.settings.auth.login_max_failures_per_email {
        attacker.post("/api/auth/login", json!({ "email": "carla@example.de", "password": "geraten-123" })).await;
    }
    // The guessing client is stopped for the window, and told so in minutes ...
    let (status, error) =
        error_of(attacker.post("/api/auth/login", json!({ "email": "carla@example.de", "password": PASSWORD })).await)
            .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(error["message"], "Zu viele Versuche. Bitte warten Sie etwa 15 Minuten.");
    // ... while the owner, elsewhere, signs in at once.
    let owner = app.client_from([127, 0, 0, 21]);
    let res = owner.post("/api/auth/login", json!({ "email": "carla@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn guesses_from_everywhere_slow_an_address_down_but_a_mailed_link_lets_the_owner_in(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.login_free_attempts_per_email = 2).await;
    app.signed_in_user("carla@example.de").await;
    for host in 40..44 {
        let attacker = app.client_from([127, 0, 0, host]);
        attacker.post("/api/auth/login", json!({ "email": "carla@example.de", "password": "geraten-123" })).await;
    }
    // The owner meets a short, bounded delay, never a lock ...
    let owner = app.client_from([127, 0, 0, 50]);
    let res = owner.post("/api/auth/login", json!({ "email": "carla@example.de", "password": PASSWORD })).await;
    let wait: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=app.settings.auth.login_max_delay_secs).contains(&wait), "{wait}");
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error["message"].as_str().unwrap().starts_with("Zu viele Versuche. Bitte warten Sie"));
    // ... and gets in at once with a mailed sign-in link, which also ends the delay.
    let res = owner.post("/api/auth/login-link", json!({ "email": "carla@example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let link = app.confirmation_link("carla@example.de");
    assert!(link.contains("/api/auth/login-link?token="), "{link}");
    let res = owner.http.get(&link).send().await.unwrap();
    assert_eq!(res.headers()["location"], "/dashboard");
    assert_eq!(owner.get("/api/me").await.status(), StatusCode::OK);
    let again = owner.http.get(&link).send().await.unwrap();
    assert_eq!(again.headers()["location"], "/auth?link=0", "a link works once");
    let res = owner.post("/api/auth/login", json!({ "email": "carla@example.de", "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK, "the delay ended with the link");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_sign_in_link_request_reveals_nothing_and_is_limited(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let res = client.post("/api/auth/login-link", json!({ "email": "niemand@example.de" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED, "same answer for unknown addresses");
    assert!(app.mails_to("niemand@example.de").is_empty());
    for _ in 0..2 {
        client.post("/api/auth/login-link", json!({ "email": "niemand@example.de" })).await;
    }
    let res = client.post("/api/auth/login-link", json!({ "email": "niemand@example.de" })).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

// 4. Sign-up had no limit.

#[sqlx::test(migrations = "../migrations")]
async fn one_inbox_cannot_sign_up_again_and_again_and_gets_the_start_credit_once(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.signups_per_client_per_hour = 100).await;
    let client = app.client();
    let mut created = Vec::new();
    for tag in 0..15 {
        let email = format!("inbox+{tag}@example.de");
        let body = json!({ "name": "Ina", "organization": "Firma", "email": email, "password": PASSWORD });
        let status = client.post("/api/auth/signup", body).await.status();
        if status == StatusCode::CREATED {
            created.push(email);
        } else {
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        }
    }
    assert_eq!(created.len(), app.settings.auth.signups_per_mailbox_per_day as usize);
    for email in &created {
        client.http.get(app.confirmation_link(email)).send().await.unwrap();
    }
    let bonuses: i64 = sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE kind = 'signup_bonus'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(bonuses, 1, "one start credit per mailbox");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn sign_ups_are_limited_per_client(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.signups_per_client_per_hour = 5).await;
    let client = app.client_from([127, 0, 0, 30]);
    let statuses: Vec<StatusCode> = futures::future::join_all((0..8).map(|i| {
        let body = json!({ "name": "Max", "organization": "Firma", "email": format!("max{i}@example.de"), "password": PASSWORD });
        client.http.post(format!("{}/api/auth/signup", app.base)).json(&body).send()
    }))
    .await
    .into_iter()
    .map(|r| r.unwrap().status())
    .collect();
    assert_eq!(count(&statuses, StatusCode::CREATED), 5, "{statuses:?}");
    assert_eq!(count(&statuses, StatusCode::TOO_MANY_REQUESTS), 3);
}

// 5. Attacker text in our mails.

#[sqlx::test(migrations = "../migrations")]
async fn names_are_one_line_without_links_and_mails_do_not_echo_them(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    for name in ["Anna\nIhr Konto wurde gesperrt", "Gewinn: https://phish.example/login", "www.phish.example"] {
        let body = json!({ "name": name, "organization": "Firma", "email": "opfer@example.de", "password": PASSWORD });
        let (status, error) = error_of(client.post("/api/auth/signup", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        assert!(error["fields"]["name"].is_string());
    }
    let body =
        json!({ "name": "Anna Schmidt", "organization": "Firma", "email": "anna@example.de", "password": PASSWORD });
    assert_eq!(client.post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    let mail = app.mails_to("anna@example.de").pop().unwrap();
    assert!(!mail.contains("Anna Schmidt"), "the mail greets without the typed name");
    assert!(mail.contains("Guten Tag,"));
}

// 6 and 11. Hostile input: never a 500, German 4xx instead.

const HOSTILE: &[&str] = &[
    "\u{0}",
    "a\u{0}b",
    "\u{1b}[31m",
    "\u{202E}gnp.exe",
    "\u{200B}\u{FEFF}",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../../../etc/passwd",
    "%00%0d%0a",
    "\r\nX-Injected: 1",
    "adm\u{130}n@stimmwerk.local",
    "a,b@x.de",
    "\"quoted\"@x.de",
    "😀🎙️",
    "{{7*7}}${7*7}",
    "-1",
    "1e309",
];

/// A JSON body for an operation: every property of its request schema set to `value`.
fn hostile_body(document: &Value, operation: &Value, value: &Value) -> Value {
    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
    let Some(reference) = schema["$ref"].as_str() else { return json!({}) };
    let name = reference.rsplit('/').next().unwrap();
    let properties = document["components"]["schemas"][name]["properties"].as_object().cloned().unwrap_or_default();
    Value::Object(properties.keys().map(|k| (k.clone(), value.clone())).collect())
}

async fn no_5xx_anywhere(app: &TestApp, client: &common::Client, who: &str) -> usize {
    let document: Value = app.client().get("/api/openapi.json").await.json().await.unwrap();
    let long = "x".repeat(100_000);
    let mut values: Vec<Value> = HOSTILE.iter().map(|s| json!(s)).collect();
    values.extend([json!(long), json!(null), json!(12345), json!(true), json!([]), json!({ "a": 1 })]);
    let mut sent = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            // These would end the session (or the account) the rest of the run uses.
            if path == "/api/auth/logout" || path == "/api/account/sessions" || path == "/api/account" {
                continue;
            }
            for value in &values {
                // In the address only a short piece: the long values go into the body.
                let text: String = value.as_str().unwrap_or("x").chars().take(200).collect();
                let segment: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
                let target = path.replace("{id}", &segment);
                let url = format!("{}{target}?token={segment}&download={segment}", app.base);
                let method: Method = method.to_uppercase().parse().unwrap();
                let res = client
                    .http
                    .request(method.clone(), &url)
                    .header("idempotency-key", "x")
                    .json(&hostile_body(&document, operation, value))
                    .send()
                    .await
                    .unwrap();
                let status = res.status();
                let body = res.text().await.unwrap();
                assert!(!status.is_server_error(), "{who}: {method} {path} with {value:.40}: {status} {body:.200}");
                if status.is_client_error() && status != StatusCode::NOT_FOUND && body.starts_with('{') {
                    let error: Value = serde_json::from_str(&body).unwrap();
                    let message = error["error"]["message"].as_str().unwrap_or_default();
                    assert!(!message.contains("::") && !message.contains("invalid type"), "{path}: {message}");
                }
                sent += 1;
            }
        }
    }
    sent
}

#[sqlx::test(migrations = "../migrations")]
async fn hostile_strings_on_every_endpoint_never_cause_a_server_error(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| {
        s.auth.login_max_failures_per_ip = 100_000;
        s.auth.login_max_failures_per_email = 100_000;
        s.auth.login_free_attempts_per_email = 100_000;
        s.demo.tries_per_ip = 100_000;
        s.demo.tries_per_browser = 100_000;
        s.api.requests_per_minute = 100_000;
    })
    .await;
    let anonymous = app.client();
    let sent = no_5xx_anywhere(&app, &anonymous, "anonymous").await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    let sent = sent + no_5xx_anywhere(&app, &admin, "admin").await;
    // A program with an API key reaches /v1 (the key's limit lifted for the run).
    let (holder, _) = app.signed_in_user("programm@example.de").await;
    let created: Value = holder.post("/api/api-keys", json!({ "name": "Feindlich" })).await.json().await.unwrap();
    let mut headers = reqwest::header::HeaderMap::new();
    let bearer = format!("Bearer {}", created["secret"].as_str().unwrap());
    headers.insert("authorization", bearer.parse().unwrap());
    let http = reqwest::Client::builder().default_headers(headers).build().unwrap();
    let program = common::Client { http, base: app.base.clone() };
    let sent = sent + no_5xx_anywhere(&app, &program, "api key").await;
    assert!(sent > 1000, "{sent} requests");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn nul_bytes_and_invisible_text_get_a_german_422(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("text@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let (status, error) = error_of(client.submit("Hallo\u{0}Welt", voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["text"], "Die Eingabe enthält unzulässige Steuerzeichen.");
    let (status, error) = error_of(client.submit("\u{200B}\u{FEFF}\u{2060} ", voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Eingabe unvollständig", "invisible text is empty text");
    let signup = json!({ "name": "A\u{0}", "organization": "F", "email": "n@example.de", "password": PASSWORD });
    let (status, _) = error_of(client.post("/api/auth/signup", signup).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) =
        error_of(app.client().post("/api/auth/login", json!({ "email": "a\u{0}@x.de", "password": "p\u{0}" })).await)
            .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

// 7. Deleting a running job.

/// Takes its time per chunk and counts the chunks it was asked for.
struct SlowEngine {
    calls: AtomicUsize,
}

#[async_trait]
impl SpeechEngine for SlowEngine {
    fn max_chunk(&self) -> usize {
        40
    }

    async fn synthesize(&self, _: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(300)).await;
        let samples: Vec<u8> = (0..8000i16).flat_map(|i| ((i % 50) * 200).to_le_bytes()).collect();
        Ok(EngineAudio { bytes: shared::audio::wav_from_pcm16(&samples, 16000), extension: "wav" })
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn deleting_a_running_job_stops_the_worker_and_refunds_with_the_job_id(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("abbruch@example.de").await;
    let text = "Ein Satz mit etwa vierzig Zeichen hier. ".repeat(10);
    let body: Value = client.submit(&text, app.voice_id("local-de-klara").await).await.json().await.unwrap();
    let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
    let engine = Arc::new(SlowEngine { calls: AtomicUsize::new(0) });
    let mut engines = Engines::default();
    engines.insert(shared::providers::ProviderId::Local, engine.clone());
    let mut svc = app.worker_state(engines);
    Arc::make_mut(&mut svc.settings).worker.chunk_concurrency = 1;
    let running = tokio::spawn(async move { worker::jobs::synthesize::process(&svc, job).await });
    while engine.calls.load(Ordering::SeqCst) == 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(client.delete(&format!("/api/jobs/{job}")).await.status(), StatusCode::NO_CONTENT);
    let outcome = running.await.unwrap().unwrap();
    assert_eq!(outcome, worker::jobs::Outcome::Skipped);
    let calls = engine.calls.load(Ordering::SeqCst);
    assert!(calls < 10, "the worker stopped after {calls} of 10 chunks");
    let refund: Option<Uuid> =
        sqlx::query_scalar("SELECT job_id FROM ledger_entries WHERE user_id = $1 AND kind = 'refund'")
            .bind(user)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(refund, Some(job), "the refund names the job it refunds");
    assert_eq!(app.balance(user).await, 100);
    assert!(app.ledger_drift().await.is_empty());
}

// 8. Addresses blocked for good.

#[sqlx::test(migrations = "../migrations")]
async fn an_unconfirmed_account_is_purged_after_the_confirmation_period(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let body = json!({ "name": "Vera", "organization": "Firma", "email": "vera@example.de", "password": PASSWORD });
    assert_eq!(client.post("/api/auth/signup", body.clone()).await.status(), StatusCode::CREATED);
    sqlx::query("UPDATE users SET created_at = now() - interval '49 hours'").execute(&app.pool).await.unwrap();
    sqlx::query("UPDATE one_time_tokens SET expires_at = now() - interval '1 hour'").execute(&app.pool).await.unwrap();
    let purged = shared::auth::purge_expired(&app.pool, app.settings.auth.confirmation_hours).await.unwrap();
    assert!(purged >= 1);
    let users: i64 = sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&app.pool).await.unwrap();
    assert_eq!(users, 0, "the address is free again");
    app.signed_in_user("vera@example.de").await;
}

#[sqlx::test(migrations = "../migrations")]
async fn addresses_the_mailer_would_rewrite_are_refused(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    for email in ["a,b@x.de", "\"a b\"@x.de", "<script>@x.de", "anna@x.de>"] {
        let body = json!({ "name": "A", "organization": "F", "email": email, "password": PASSWORD });
        let (status, error) = error_of(app.client().post("/api/auth/signup", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{email}");
        assert_eq!(error["fields"]["email"], "Bitte geben Sie eine gültige E-Mail-Adresse ein.");
    }
}

// 10. Every limiter key expires and is small.

#[sqlx::test(migrations = "../migrations")]
async fn every_limiter_key_expires_and_stays_small(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let huge = format!("{}@example.de", "a".repeat(100_000));
    client.post("/api/auth/login", json!({ "email": huge, "password": "x" })).await;
    client.post("/api/auth/login", json!({ "email": "k@example.de", "password": "x" })).await;
    client.post("/api/auth/login-link", json!({ "email": "k@example.de" })).await;
    let body = json!({ "name": "K", "organization": "F", "email": "k@example.de", "password": PASSWORD });
    client.post("/api/auth/signup", body).await;
    client.get("/api/demo").await;
    let mut redis = app.state.svc.queue.connection();
    let keys: Vec<String> =
        redis::cmd("KEYS").arg(format!("{}:*", app.settings.redis.queue_prefix)).query_async(&mut redis).await.unwrap();
    let limiter_keys: Vec<&String> = keys.iter().filter(|k| !k.contains(":tts:")).collect();
    assert!(limiter_keys.len() >= 6, "{keys:?}");
    for key in limiter_keys {
        assert!(key.len() < 120, "{key}");
        let ttl: i64 = redis::cmd("TTL").arg(key).query_async(&mut redis).await.unwrap();
        assert!(ttl > 0, "{key} never expires");
    }
}

// 11. The info items.

#[sqlx::test(migrations = "../migrations")]
async fn protocol_errors_answer_in_german_json(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let client = app.client();
    let raw = |method: Method, path: &str| client.http.request(method, format!("{}{path}", app.base));

    let res = raw(Method::POST, "/api/auth/login")
        .header("content-type", "application/json")
        .body("{kaputt")
        .send()
        .await
        .unwrap();
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Ungültiger JSON-Inhalt: Der Inhalt ist kein gültiges JSON.");
    let res = raw(Method::POST, "/api/auth/login").json(&json!({ "email": 5 })).send().await.unwrap();
    let (_, error) = error_of(res).await;
    assert_eq!(error["message"], "Ungültiger JSON-Inhalt: Ein Feld hat einen ungültigen Typ oder Wert.");

    let big = json!({ "email": "a@b.de", "password": "x".repeat(300 * 1024) });
    let (status, error) = error_of(raw(Method::POST, "/api/auth/login").json(&big).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(error["code"], "too_large");

    let (status, error) = error_of(raw(Method::PATCH, "/api/jobs").send().await.unwrap()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(error["message"], "Diese Methode ist für diese Adresse nicht erlaubt.");

    let long = format!("/api/jobs?x={}", "a".repeat(10_000));
    let (status, error) = error_of(raw(Method::GET, &long).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert_eq!(error["code"], "uri_too_long");

    let (status, error) =
        error_of(raw(Method::GET, "/api/limits").header("x-gross", "a".repeat(40_000)).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    assert_eq!(error["code"], "headers_too_large");
}

#[sqlx::test(migrations = "../migrations")]
async fn api_answers_are_not_stored_and_secure_mode_sends_hsts(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.http.secure_cookies = true).await;
    let res = app.client().get("/api/limits").await;
    assert_eq!(res.headers()["cache-control"], "no-store");
    assert_eq!(res.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
    assert!(res.headers()["content-security-policy"].to_str().unwrap().contains("form-action 'self'"));
    let plain = TestApp::spawn(app.pool.clone()).await;
    assert!(plain.client().get("/api/limits").await.headers().get("strict-transport-security").is_none());
}

#[sqlx::test(migrations = "../migrations")]
async fn an_empty_idempotency_key_is_refused_not_ignored(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("leer@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let res = client
        .http
        .post(format!("{}/api/jobs", app.base))
        .header("idempotency-key", "  ")
        .json(&json!({ "text": "Hallo", "voice_id": voice }))
        .send()
        .await
        .unwrap();
    let (status, _) = error_of(res).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.balance(user).await, 100, "nothing charged");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_email_address_and_the_product_name_are_no_passwords(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    for password in ["pia.meier@example.de", "Stimmwerk", "stimmwerk2026"] {
        let body = json!({ "name": "Pia", "organization": "F", "email": "pia.meier@example.de", "password": password });
        let (status, error) = error_of(app.client().post("/api/auth/signup", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{password}");
        assert!(error["fields"]["password"].is_string());
    }
}
