//! What a security review found, each finding with the test that failed before its fix:
//! limiter races, one spelling per identity, lockouts that hurt the owner, sign-up abuse,
//! attacker text in our mails, hostile input, deleted running jobs, and the info items.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use common::{PASSWORD, TestApp, error_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use shared::engine::{EngineAudio, EngineError, Engines, SpeechEngine, SynthesisRequest};
use shared::use_cases::cloning::recording::testing::{speech_like, webm};
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

/// One inbox cannot be filled with sign-up mails through `+tag` forms of its address: the
/// tagged forms share the mailbox's daily mails; past them a sign-up is answered the
/// same but mails nothing, so no account beyond them can be confirmed, and the start
/// credit comes once per mailbox. The plain address keeps its own mails.
#[sqlx::test(migrations = "../migrations")]
async fn one_inbox_gets_a_bounded_number_of_sign_up_mails_and_the_start_credit_once(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.auth.signups_per_client_per_hour = 100).await;
    let client = app.client();
    let per_day = app.settings.auth.signups_per_mailbox_per_day as usize;
    let addresses: Vec<String> = (0..15).map(|tag| format!("inbox+{tag}@example.de")).collect();
    for email in &addresses {
        let body = json!({ "name": "Ina", "organization": "Firma", "email": email, "password": PASSWORD });
        assert_eq!(client.post("/api/auth/signup", body).await.status(), StatusCode::CREATED, "{email}");
    }
    let mailed: Vec<&String> = addresses.iter().filter(|e| !app.mails_to(e).is_empty()).collect();
    assert_eq!(mailed.len(), per_day, "the tagged forms share the mailbox's mails");
    assert!(mailed.iter().all(|e| app.mails_to(e).len() == 1));
    // The plain address is not locked out by its tagged forms.
    let body = json!({ "name": "Ina", "organization": "Firma", "email": "inbox@example.de", "password": PASSWORD });
    assert_eq!(client.post("/api/auth/signup", body).await.status(), StatusCode::CREATED);
    assert_eq!(app.mails_to("inbox@example.de").len(), 1);
    for email in mailed.into_iter().cloned().chain(["inbox@example.de".to_owned()]) {
        let res = client.http.get(app.confirmation_link(&email)).send().await.unwrap();
        assert_eq!(res.headers()["location"], "/auth?confirmed=1", "{email}");
    }
    let bonuses: i64 = sqlx::query_scalar("SELECT count(*) FROM ledger_entries WHERE kind = 'signup_bonus'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(bonuses, 1, "one start credit per mailbox");
    assert!(app.ledger_drift().await.is_empty());
}

/// A per-address sign-up limit that anyone could use up locked the real owner out for a
/// day (429 on her own sign-up). Now only the mails are bounded: the stranger's sign-ups
/// past the day's mails change nothing anyone can see, and the owner signs up and
/// confirms through the newest mail she has, with her password.
#[sqlx::test(migrations = "../migrations")]
async fn a_stranger_who_uses_up_an_addresss_sign_up_mails_cannot_lock_the_owner_out(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let email = "besitzerin@example.de";
    let per_day = app.settings.auth.signups_per_mailbox_per_day as usize;
    let signup =
        |password: &str| json!({ "name": "Olga", "organization": "Eigen", "email": email, "password": password });
    let stranger = app.client_from([127, 0, 0, 40]);
    let his = "Fremdes-Passwort-Kiwi-55";
    for _ in 0..app.settings.auth.signups_per_client_per_hour {
        assert_eq!(stranger.post("/api/auth/signup", signup(his)).await.status(), StatusCode::CREATED);
    }
    assert_eq!(app.mails_to(email).len(), per_day, "the inbox gets the day's mails, no more");

    // Her sign-up is answered as always; no further mail goes out.
    let owner = app.client_from([127, 0, 0, 41]);
    assert_eq!(owner.post("/api/auth/signup", signup(PASSWORD)).await.status(), StatusCode::CREATED);
    assert_eq!(app.mails_to(email).len(), per_day);
    // The newest mail's link confirms with her password, not with his.
    let link = app.confirmation_link(email);
    let token = link.split("token=").nth(1).unwrap().to_owned();
    let res = owner.http.get(&link).send().await.unwrap();
    assert_eq!(res.headers()["location"].to_str().unwrap(), format!("/auth?confirm={token}"));
    let (status, _) = error_of(owner.post("/api/auth/confirm", json!({ "token": token, "password": his })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "his password is not the last sign-up's");
    let res = owner.post("/api/auth/confirm", json!({ "token": token, "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = owner.post("/api/auth/login", json!({ "email": email, "password": PASSWORD })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = stranger.post("/api/auth/login", json!({ "email": email, "password": his })).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    // Sign-ups of a confirmed address mail "already registered" within the same bound.
    let late = app.client_from([127, 0, 0, 42]);
    for _ in 0..3 {
        assert_eq!(late.post("/api/auth/signup", signup(his)).await.status(), StatusCode::CREATED);
    }
    assert_eq!(app.mails_to(email).len(), per_day, "still no more mails to the address today");
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
    let properties = request_properties(document, operation, "application/json");
    Value::Object(properties.keys().map(|k| (k.clone(), value.clone())).collect())
}

/// The properties of an operation's request schema for a content type.
fn request_properties(document: &Value, operation: &Value, content_type: &str) -> serde_json::Map<String, Value> {
    let schema = &operation["requestBody"]["content"][content_type]["schema"];
    let Some(reference) = schema["$ref"].as_str() else { return Default::default() };
    let name = reference.rsplit('/').next().unwrap();
    document["components"]["schemas"][name]["properties"].as_object().cloned().unwrap_or_default()
}

fn takes_multipart(operation: &Value) -> bool {
    operation["requestBody"]["content"].get("multipart/form-data").is_some()
}

/// A field of a multipart form: binary properties as a file part, the others as text
/// (which may be any bytes, invalid UTF-8 included).
fn form_part(properties: &serde_json::Map<String, Value>, field: &str, bytes: Vec<u8>) -> reqwest::multipart::Part {
    let part = reqwest::multipart::Part::bytes(bytes);
    if properties[field]["format"] == "binary" { part.file_name("aufnahme.webm") } else { part }
}

/// A multipart form for an operation: every property of its request schema set to `bytes`.
fn hostile_form(document: &Value, operation: &Value, bytes: &[u8]) -> reqwest::multipart::Form {
    let properties = request_properties(document, operation, "multipart/form-data");
    properties.keys().fold(reqwest::multipart::Form::new(), |form, field| {
        form.part(field.clone(), form_part(&properties, field, bytes.to_vec()))
    })
}

/// Hostile values of multipart fields beyond the JSON ones: bytes that are no UTF-8.
const INVALID_UTF8: &[&[u8]] = &[b"\xff\xfe\xfd", b"abc\xc3\x28", b"\xed\xa0\x80", b"\xc0\x80"];

/// The path with every parameter (`{id}`, `{chapter_id}`, `{provider}`, ...) set to the
/// hostile segment.
fn hostile_path(path: &str, segment: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}').expect("a closed path parameter");
        out.push_str(&rest[..open]);
        out.push_str(segment);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Every query parameter the contract documents for the operation set to the hostile
/// value, and two it does not document.
fn hostile_query(operation: &Value, segment: &str) -> String {
    let documented = operation["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "query");
    let names: Vec<&str> = documented.filter_map(|p| p["name"].as_str()).chain(["token", "download"]).collect();
    names.iter().map(|name| format!("{name}={segment}")).collect::<Vec<_>>().join("&")
}

#[test]
fn every_path_and_query_parameter_gets_the_hostile_value() {
    assert_eq!(
        hostile_path("/api/projects/{id}/chapters/{chapter_id}/audio", "x%00"),
        "/api/projects/x%00/chapters/x%00/audio"
    );
    let operation = json!({ "parameters": [{ "in": "query", "name": "q" }, { "in": "path", "name": "id" }] });
    assert_eq!(hostile_query(&operation, "%00"), "q=%00&token=%00&download=%00");
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
            let multipart = takes_multipart(operation);
            // Multipart fields also get bytes that are no UTF-8 (a JSON body cannot carry them).
            let raw_values: &[&[u8]] = if multipart { INVALID_UTF8 } else { &[] };
            let cases = values.iter().map(Ok).chain(raw_values.iter().map(|raw| Err(*raw)));
            for value in cases {
                // In the address only a short piece: the long values go into the body.
                let text: String = value.ok().and_then(Value::as_str).unwrap_or("x").chars().take(200).collect();
                let segment: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
                // Every path parameter and every query parameter the operation declares.
                let url =
                    format!("{}{}?{}", app.base, hostile_path(path, &segment), hostile_query(operation, &segment));
                let method: Method = method.to_uppercase().parse().unwrap();
                let request = client.http.request(method.clone(), &url).header("idempotency-key", "x");
                let request = match (multipart, value) {
                    (true, Ok(value)) => {
                        let bytes =
                            value.as_str().map_or_else(|| value.to_string().into_bytes(), |s| s.as_bytes().to_vec());
                        request.multipart(hostile_form(&document, operation, &bytes))
                    }
                    (true, Err(raw)) => request.multipart(hostile_form(&document, operation, raw)),
                    (false, Ok(value)) => request.json(&hostile_body(&document, operation, value)),
                    (false, Err(_)) => unreachable!("raw bytes only for multipart"),
                };
                let res = request.send().await.unwrap();
                let value = value.map_or_else(|raw| format!("{raw:?}"), |v| v.to_string());
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

/// A NUL in a query parameter reached Postgres as text and came back a 500
/// (`/api/jobs?q=%00`). The query extractor now refuses control characters in any decoded
/// name or value with a German 422, and a path parameter with one is a 404.
#[sqlx::test(migrations = "../migrations")]
async fn a_nul_in_a_search_or_any_query_parameter_gets_a_german_422_never_a_500(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, _) = app.signed_in_user("suche@example.de").await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let cases = [
        (&user, "/api/jobs?q=%00"),
        (&user, "/api/jobs?speaker=%00"),
        (&user, "/api/jobs?q=Hallo%00Welt&speaker=Klara"),
        (&user, "/api/jobs?cursor=%00"),
        (&user, "/api/jobs?date=%00"),
        (&user, "/api/jobs?q=%01"),
        (&user, "/api/jobs?q=%7F"),
        (&user, "/api/voice-clones?search=%00"),
        (&user, "/api/voice-clones?status=%00"),
        (&admin, "/api/admin/voices?search=%00"),
        (&admin, "/api/admin/users?search=%00"),
        (&admin, "/api/admin/audit?action=%00"),
    ];
    for (client, path) in cases {
        let (status, error) = error_of(client.get(path).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.ends_with("in der Adresse enthält unzulässige Steuerzeichen."), "{path}: {message}");
    }
    // The same searches without the NUL still answer.
    for (client, path) in
        [(&user, "/api/jobs?q=Hallo"), (&user, "/api/voice-clones?search=x"), (&admin, "/api/admin/voices?search=x")]
    {
        assert_eq!(client.get(path).await.status(), StatusCode::OK, "{path}");
    }
    // A string path parameter with a NUL names nothing.
    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    let (status, error) = error_of(admin.post("/api/admin/services/openai_tts%00/test", json!({})).await).await;
    assert_eq!((status, error["message"].as_str()), (StatusCode::NOT_FOUND, Some("Nicht gefunden.")));
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
        Ok(EngineAudio::new(shared::audio::wav_from_pcm16(&samples, 16000), "wav"))
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
    let purged = shared::use_cases::auth::purge_expired(&app.pool, app.settings.auth.confirmation_hours).await.unwrap();
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

// Hostile multipart fields: the recording forms.

/// A new clone of the user's, waiting for its recordings.
async fn new_clone(client: &common::Client) -> Uuid {
    let res = client
        .post(
            "/api/voice-clones",
            json!({
                "name": "Feindliche Felder", "cloned_from": "Meine eigene Stimme", "description": "Ruhig",
                "teleprompter_text_size": 18, "teleprompter_scroll_speed": 55,
                "consents": { "own_voice": true, "usage": true, "terms": true }
            }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED, "{}", res.text().await.unwrap());
    res.json::<Value>().await.unwrap()["id"].as_str().unwrap().parse().unwrap()
}

/// The consent recording's form with a good recording and statement, `field` set to `value`.
async fn consent_upload(
    client: &common::Client,
    voice: Uuid,
    recording: &[u8],
    field: &str,
    value: Vec<u8>,
) -> reqwest::Response {
    let mut fields: Vec<(&str, Vec<u8>)> = vec![
        ("file", recording.to_vec()),
        ("kind", b"consent".to_vec()),
        ("step", b"0".to_vec()),
        ("transcript", "Ich, Test Person, bin damit einverstanden.".as_bytes().to_vec()),
    ];
    if field == "step" {
        // The step counts only for training recordings.
        fields[1].1 = b"training".to_vec();
    }
    fields.iter_mut().filter(|(name, _)| *name == field).for_each(|(_, v)| *v = value.clone());
    let form = fields.into_iter().fold(reqwest::multipart::Form::new(), |form, (name, bytes)| {
        let part = reqwest::multipart::Part::bytes(bytes);
        form.part(name, if name == "file" { part.file_name("aufnahme.webm") } else { part })
    });
    client.http.post(format!("{}/api/voice-clones/{voice}/samples", client.base)).multipart(form).send().await.unwrap()
}

/// Finding: a NUL in the consent statement reached Postgres and gave a 500.
#[sqlx::test(migrations = "../migrations")]
async fn a_nul_in_the_consent_transcript_gets_a_german_422(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("einwilligung@example.de").await;
    let voice = new_clone(&client).await;
    let recording = webm(&speech_like(140.0, 8.0, 6000.0), "libopus").await;
    let nul = "Ich, Test\u{0} Person, bin damit einverstanden.".as_bytes().to_vec();
    let (status, error) = error_of(consent_upload(&client, voice, &recording, "transcript", nul).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert_eq!(error["fields"]["transcript"], "Die Eingabe enthält unzulässige Steuerzeichen.");
    // Reversed words would show the admin another statement than the one read.
    let reversed = "Ich bin \u{202E}nicht einverstanden".as_bytes().to_vec();
    let (status, error) = error_of(consent_upload(&client, voice, &recording, "transcript", reversed).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["fields"]["transcript"].as_str().unwrap().contains("Schreibrichtung"), "{error}");
    let good = "Ich, Test Person, bin damit einverstanden.".as_bytes().to_vec();
    let res = consent_upload(&client, voice, &recording, "transcript", good).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let sample: Value = res.json().await.unwrap();
    assert_eq!(sample["transcript"], "Ich, Test Person, bin damit einverstanden.");
}

/// Every field of every multipart form of the API (from the contract), on a real clone
/// with a good recording in the other fields: NUL, huge, direction overrides, bytes that
/// are no UTF-8. Each is refused with a German 4xx, never a 5xx.
#[sqlx::test(migrations = "../migrations")]
async fn hostile_multipart_fields_get_a_german_4xx_never_a_5xx(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("formular@example.de").await;
    let voice = new_clone(&client).await;
    let recording = webm(&speech_like(140.0, 8.0, 6000.0), "libopus").await;
    let hostile: Vec<(&str, Vec<u8>)> = vec![
        ("NUL", b"a\0b".to_vec()),
        ("huge", "Ich bin einverstanden. ".repeat(20_000).into_bytes()),
        ("bidi", "\u{202E}nednatsrevnie".as_bytes().to_vec()),
        ("no UTF-8", b"\xff\xfe\xc3\x28".to_vec()),
    ];
    let document: Value = app.client().get("/api/openapi.json").await.json().await.unwrap();
    let project_voice = app.voice_id("local-de-klara").await;
    let project: Value = client
        .post("/api/projects", json!({ "title": "Formular", "text": "Ein Absatz.", "voice_id": project_voice }))
        .await
        .json()
        .await
        .unwrap();
    let project = project["id"].as_str().unwrap().to_owned();
    let mut operations = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if !takes_multipart(operation) {
                continue;
            }
            operations += 1;
            let properties = request_properties(&document, operation, "multipart/form-data");
            for field in properties.keys() {
                for (what, value) in &hostile {
                    let res = if path == "/api/projects/{id}/cover" {
                        // The cover's one field is the picture: every hostile value is no picture.
                        assert_eq!(method, "put", "{path}");
                        let form = reqwest::multipart::Form::new()
                            .part(field.clone(), form_part(&properties, field, value.clone()));
                        let url = format!("{}/api/projects/{project}/cover", app.base);
                        client.http.put(url).multipart(form).send().await.unwrap()
                    } else if path.contains("{id}") {
                        assert_eq!(path, "/api/voice-clones/{id}/samples", "a new multipart form needs its case here");
                        consent_upload(&client, voice, &recording, field, value.clone()).await
                    } else {
                        assert_eq!(method, "post", "{path}");
                        // Checked without storing: only the file counts, the rest is ignored.
                        let form = properties.keys().fold(reqwest::multipart::Form::new(), |form, name| {
                            let bytes = if name == field {
                                value.clone()
                            } else if name == "file" {
                                recording.clone()
                            } else {
                                b"x".to_vec()
                            };
                            form.part(name.clone(), form_part(&properties, name, bytes))
                        });
                        client.http.post(format!("{}{path}", app.base)).multipart(form).send().await.unwrap()
                    };
                    let status = res.status();
                    let body = res.text().await.unwrap();
                    assert!(!status.is_server_error(), "{path} {field} {what}: {status} {body:.300}");
                    let ignored = !path.contains("{id}") && field != "file";
                    if ignored {
                        continue;
                    }
                    assert!(status.is_client_error(), "{path} {field} {what}: {status} {body:.300}");
                    let error: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("JSON: {body:.300}"));
                    let message = error["error"]["message"].as_str().unwrap_or_default();
                    let english = ["invalid", "error", "failed", "expected"];
                    assert!(
                        !message.is_empty()
                            && !message.contains("::")
                            && !english.iter().any(|word| message.to_lowercase().contains(word)),
                        "a German message: {path} {field} {what}: {message}"
                    );
                }
            }
        }
    }
    assert_eq!(operations, 4, "the check and the upload of a recording, a manuscript's upload, a cover");
}

// Cookies in secure mode.

/// The `Set-Cookie` lines of an answer, and the answer's status.
async fn cookie_call(base: &str, path: &str, cookie: Option<&str>, body: Option<Value>) -> (StatusCode, Vec<String>) {
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut request = match &body {
        Some(body) => http.post(format!("{base}{path}")).json(body),
        None => http.get(format!("{base}{path}")),
    }
    .header("x-requested-with", "stimmwerk");
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let res = request.send().await.unwrap();
    let cookies = res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    (res.status(), cookies)
}

/// `name=value` of the set cookie called `name`.
fn pair(cookies: &[String], name: &str) -> String {
    let line =
        cookies.iter().find(|c| c.starts_with(&format!("{name}="))).unwrap_or_else(|| panic!("{name} in {cookies:?}"));
    line.split(';').next().unwrap().to_owned()
}

/// Finding: cookie removals and the demo cookie lacked `Secure` in secure mode (a browser
/// ignores a removal of a `__Host-` cookie without it: signing out left the cookie).
#[sqlx::test(migrations = "../migrations")]
async fn in_secure_mode_every_set_cookie_carries_secure(pool: PgPool) {
    // The accounts, made over plain http: one signs in with a second factor.
    let plain = TestApp::spawn(pool.clone()).await;
    let (client, _) = plain.signed_in_user("keks-zwei@example.de").await;
    let setup: Value = client.post("/api/account/two-factor/setup", json!({})).await.json().await.unwrap();
    let code = common::authenticator(setup["secret"].as_str().unwrap()).generate_current().unwrap();
    let enable = json!({ "code": code, "password": PASSWORD });
    let res = client.post("/api/account/two-factor/enable", enable).await;
    assert_eq!(res.status(), StatusCode::OK);
    let codes: Value = res.json().await.unwrap();
    let recovery = codes["codes"][0].as_str().unwrap().to_owned();
    plain.signed_in_user("keks@example.de").await;

    let app = TestApp::spawn_with(pool.clone(), |s| s.http.secure_cookies = true).await;
    let base = app.base.as_str();
    let mut seen = Vec::new();

    let (status, cookies) =
        cookie_call(base, "/api/auth/login", None, Some(json!({ "email": "keks@example.de", "password": PASSWORD })))
            .await;
    assert_eq!(status, StatusCode::OK);
    let session = pair(&cookies, "__Host-stimmwerk_session");
    seen.extend(cookies);
    let (status, cookies) = cookie_call(base, "/api/auth/logout", Some(&session), Some(json!({}))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(cookies.iter().any(|c| c.starts_with("__Host-stimmwerk_session=;")), "{cookies:?}");
    seen.extend(cookies);

    let login = json!({ "email": "keks-zwei@example.de", "password": PASSWORD });
    let (status, cookies) = cookie_call(base, "/api/auth/login", None, Some(login)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the second factor follows");
    let challenge = pair(&cookies, "__Secure-stimmwerk_2fa");
    seen.extend(cookies);
    let (status, cookies) =
        cookie_call(base, "/api/auth/login/code", Some(&challenge), Some(json!({ "code": recovery }))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(cookies.iter().any(|c| c.starts_with("__Secure-stimmwerk_2fa=;")), "the challenge is removed: {cookies:?}");
    seen.extend(cookies);

    let (_, cookies) = cookie_call(base, "/api/demo", None, None).await;
    pair(&cookies, "stimmwerk_demo");
    seen.extend(cookies);

    let gated = TestApp::spawn_with(pool, |s| {
        s.http.secure_cookies = true;
        s.site.password = Some("Beta-Zugang-2026".to_owned().into());
    })
    .await;
    let (status, cookies) =
        cookie_call(&gated.base, "/api/site-gate", None, Some(json!({ "password": "Beta-Zugang-2026" }))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    pair(&cookies, "__Host-stimmwerk_gate");
    seen.extend(cookies);

    assert!(seen.len() >= 7, "{seen:?}");
    for cookie in &seen {
        let attributes: Vec<String> = cookie.split(';').skip(1).map(|a| a.trim().to_ascii_lowercase()).collect();
        assert!(attributes.iter().any(|a| a == "secure"), "without Secure: {cookie}");
        assert!(attributes.iter().any(|a| a == "httponly"), "without HttpOnly: {cookie}");
    }
}
