//! The developer API: API keys (shown once, listed by prefix, revoked for good), every
//! `/v1` endpoint with the web's rules (price, balance, idempotency, validation), the
//! per-key rate limit, the OpenAI-compatible speech endpoint (streamed audio, OpenAI's
//! error shape), and that another user's key never reaches my jobs.

use crate::common;

use common::{Client, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

const VOICE: &str = "local-de-klara";

/// A program calling `/v1` with a key: no cookies, no CSRF header.
pub(crate) struct Program {
    http: reqwest::Client,
    base: String,
    key: String,
}

impl Program {
    pub(crate) fn new(app: &TestApp, key: &str) -> Program {
        Program { http: reqwest::Client::new(), base: app.base.clone(), key: key.to_owned() }
    }

    pub(crate) fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.key)
    }

    pub(crate) async fn get(&self, path: &str) -> reqwest::Response {
        self.request(reqwest::Method::GET, path).send().await.unwrap()
    }

    pub(crate) async fn post(&self, path: &str, body: Value) -> reqwest::Response {
        self.request(reqwest::Method::POST, path).json(&body).send().await.unwrap()
    }

    async fn delete(&self, path: &str) -> reqwest::Response {
        self.request(reqwest::Method::DELETE, path).send().await.unwrap()
    }
}

/// Creates a key through the account (browser session) and returns (id, full key).
pub(crate) async fn create_key(client: &Client, name: &str) -> (String, String) {
    let res = client.post("/api/api-keys", json!({ "name": name })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    (created["key"]["id"].as_str().unwrap().to_owned(), created["secret"].as_str().unwrap().to_owned())
}

pub(crate) async fn user_with_key(app: &TestApp, email: &str) -> (Client, Uuid, Program) {
    let (client, user) = app.signed_in_user(email).await;
    let (_, key) = create_key(&client, "Test").await;
    let program = Program::new(app, &key);
    (client, user, program)
}

fn worker(app: &TestApp) -> shared::Services {
    app.worker_state(app.local_engines())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_key_is_shown_once_listed_by_prefix_and_dead_once_revoked(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.api.max_keys_per_user = 2).await;
    let (client, _) = app.signed_in_user("schluessel@example.de").await;
    let (id, key) = create_key(&client, "  Produktion ").await;
    assert!(key.starts_with("sw_") && key.len() > 40);

    let keys: Value = client.get("/api/api-keys").await.json().await.unwrap();
    assert_eq!(keys[0]["name"], "Produktion");
    assert_eq!(keys[0]["prefix"].as_str().unwrap(), &key[..12]);
    assert!(!keys.to_string().contains(&key), "the full key is never listed");
    let stored: Vec<String> = sqlx::query_scalar("SELECT key_hash FROM api_keys").fetch_all(&app.pool).await.unwrap();
    assert_eq!(stored, [shared::token::hash_token(&key)], "only a hash is stored");

    let program = Program::new(&app, &key);
    let res = program.get("/v1/balance").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.unwrap()["balance_cent"], 100);
    let keys: Value = client.get("/api/api-keys").await.json().await.unwrap();
    assert!(keys[0]["last_used_at"].is_string(), "use is recorded");

    // A key reaches only /v1: the web app's routes ignore it.
    let res = reqwest::Client::new().get(format!("{}/api/me", app.base)).bearer_auth(&key).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    let (status, error) = error_of(client.post("/api/api-keys", json!({ "name": "  " })).await).await;
    assert_eq!((status, error["fields"]["name"].is_string()), (StatusCode::UNPROCESSABLE_ENTITY, true));
    create_key(&client, "Zweiter").await;
    let (status, _) = error_of(client.post("/api/api-keys", json!({ "name": "Dritter" })).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "at most max_keys_per_user active keys");

    assert_eq!(client.delete(&format!("/api/api-keys/{id}")).await.status(), StatusCode::NO_CONTENT);
    let (status, error) = error_of(program.get("/v1/balance").await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_api_key")));
    assert_eq!(client.delete(&format!("/api/api-keys/{id}")).await.status(), StatusCode::NOT_FOUND);

    // Missing, malformed and unknown keys: 401 with the JSON error and a challenge.
    let anonymous = reqwest::Client::new();
    for auth in [None, Some("Basic abc"), Some("Bearer sw_unbekannt"), Some("Bearer x")] {
        let mut request = anonymous.get(format!("{}/v1/jobs", app.base));
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        let res = request.send().await.unwrap();
        assert_eq!(res.headers()["www-authenticate"], "Bearer");
        let (status, error) = error_of(res).await;
        assert_eq!((status, error["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_api_key")), "{auth:?}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn v1_jobs_follow_the_web_rules_from_create_to_delete(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (_, user, program) = user_with_key(&app, "programm@example.de").await;

    let res = program.post("/v1/jobs", json!({ "text": "Hallo aus der API.", "voice": VOICE })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    let id = created["job"]["id"].as_str().unwrap().to_owned();
    assert_eq!(created["job"]["source"], "api");
    assert_eq!(created["job"]["cost_cent"], 2);
    assert_eq!(created["balance_cent"], 98);

    worker::jobs::synthesize::process(&worker(&app), id.parse().unwrap()).await.unwrap();
    let job: Value = program.get(&format!("/v1/jobs/{id}")).await.json().await.unwrap();
    assert_eq!(job["status"], "completed");
    assert_eq!(job["audio_url"], format!("/v1/jobs/{id}/audio"));
    let res = program.get(&format!("/v1/jobs/{id}/audio")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/mpeg");
    let mp3 = res.bytes().await.unwrap();
    assert!(shared::audio::decode(&mp3, "mp3").unwrap().duration_seconds() > 0.5);

    // The list: filters by status and date, pages with a cursor.
    program.post("/v1/jobs", json!({ "text": "Zweiter Auftrag.", "voice": VOICE })).await;
    let all: Value = program.get("/v1/jobs?limit=1").await.json().await.unwrap();
    assert_eq!(all["total"], 2);
    let next = all["next_cursor"].as_str().unwrap();
    let second: Value = program.get(&format!("/v1/jobs?limit=1&cursor={next}")).await.json().await.unwrap();
    assert_eq!(second["jobs"][0]["id"], id.as_str());
    let completed: Value = program.get("/v1/jobs?status=completed").await.json().await.unwrap();
    assert_eq!(completed["total"], 1);
    let today = chrono::Utc::now().with_timezone(&chrono_tz::Europe::Berlin).date_naive();
    let on_day: Value = program.get(&format!("/v1/jobs?date={today}")).await.json().await.unwrap();
    assert_eq!(on_day["total"], 2);
    let (status, _) = error_of(program.get("/v1/jobs?date=gestern").await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // The web's validation, in the project's error shape.
    for (body, field) in [
        (json!({ "text": "  ", "voice": VOICE }), None),
        (json!({ "text": "x".repeat(5001), "voice": VOICE }), None),
        (json!({ "text": "Hallo", "voice": "gibt-es-nicht" }), Some("voice")),
        (json!({ "text": "Hallo", "voice": VOICE, "rate": 1.1 }), Some("rate")),
    ] {
        let (status, error) = error_of(program.post("/v1/jobs", body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        if let Some(field) = field {
            assert!(error["fields"][field].is_string(), "{error}");
        }
    }
    // A short balance: 402 and nothing charged.
    let (status, error) =
        error_of(program.post("/v1/jobs", json!({ "text": "x".repeat(2000), "voice": VOICE })).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::PAYMENT_REQUIRED, Some("insufficient_balance")));

    let balance: Value = program.get("/v1/balance").await.json().await.unwrap();
    assert_eq!(balance["balance_cent"], app.balance(user).await);
    let usage: Value = program.get("/v1/usage").await.json().await.unwrap();
    assert_eq!((usage["api_requests"].as_i64(), usage["api_requests_today"].as_i64()), (Some(2), Some(2)));
    let voices: Value = program.get("/v1/voices").await.json().await.unwrap();
    assert!(voices["voices"].as_array().unwrap().iter().any(|v| v["key"] == VOICE));

    assert_eq!(program.delete(&format!("/v1/jobs/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(program.get(&format!("/v1/jobs/{id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(program.get("/v1/nichts").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.ledger_drift().await, Vec::<Uuid>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn an_idempotency_key_over_the_api_charges_once(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (_, user, program) = user_with_key(&app, "einmal@example.de").await;
    let send = |text: &'static str| {
        program
            .request(reqwest::Method::POST, "/v1/jobs")
            .header("idempotency-key", "bestellung-42")
            .json(&json!({ "text": text, "voice": VOICE }))
            .send()
    };
    let first = send("Einmal bitte.").await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    let again = send("Einmal bitte.").await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    let first: Value = first.json().await.unwrap();
    let again: Value = again.json().await.unwrap();
    assert_eq!(first["job"]["id"], again["job"]["id"]);
    assert_eq!(app.ledger_rows(user, "charge").await.len(), 1);
    assert_eq!(send("Etwas anderes.").await.unwrap().status(), StatusCode::CONFLICT);

    // The speech endpoint too: the same request answers the stored audio, charged once.
    let speak = || {
        program
            .request(reqwest::Method::POST, "/v1/audio/speech")
            .header("idempotency-key", "sprache-7")
            .json(&json!({ "model": "tts-1", "voice": VOICE, "input": "Nur einmal bezahlt." }))
            .send()
    };
    let first = speak().await.unwrap().bytes().await.unwrap();
    let again = speak().await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.bytes().await.unwrap(), first, "the stored MP3 is the streamed one");
    assert_eq!(app.ledger_rows(user, "charge").await.len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn another_users_key_never_reaches_my_jobs(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (alice_web, _, alice) = user_with_key(&app, "alice-api@example.de").await;
    let (bob_web, _, bob) = user_with_key(&app, "bob-api@example.de").await;
    let created: Value =
        alice.post("/v1/jobs", json!({ "text": "Nur für Alice.", "voice": VOICE })).await.json().await.unwrap();
    let id = created["job"]["id"].as_str().unwrap().to_owned();
    worker::jobs::synthesize::process(&worker(&app), id.parse().unwrap()).await.unwrap();

    for res in [
        bob.get(&format!("/v1/jobs/{id}")).await,
        bob.get(&format!("/v1/jobs/{id}/audio")).await,
        bob.delete(&format!("/v1/jobs/{id}")).await,
    ] {
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
    let bobs: Value = bob.get("/v1/jobs").await.json().await.unwrap();
    assert_eq!(bobs["total"], 0);
    // Nor can Bob revoke Alice's key from his account.
    let alices_keys: Value = alice_web.get("/api/api-keys").await.json().await.unwrap();
    let alices_key = alices_keys[0]["id"].as_str().unwrap();
    assert_eq!(bob_web.delete(&format!("/api/api-keys/{alices_key}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(alice.get(&format!("/v1/jobs/{id}/audio")).await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_rate_limit_counts_per_key_and_answers_429_with_retry_after(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.api.requests_per_minute = 3).await;
    let (client, _, program) = user_with_key(&app, "limit@example.de").await;
    for remaining in ["2", "1", "0"] {
        let res = program.get("/v1/balance").await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["x-ratelimit-limit"], "3");
        assert_eq!(res.headers()["x-ratelimit-remaining"], remaining);
        assert!(res.headers()["x-ratelimit-reset"].to_str().unwrap().parse::<u64>().unwrap() <= 60);
    }
    let res = program.get("/v1/balance").await;
    let retry_after: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after));
    assert_eq!(res.headers()["x-ratelimit-remaining"], "0");
    let (status, error) = error_of(res).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")));
    // OpenAI's routes answer the same limit in OpenAI's shape.
    let res = program.get("/v1/models").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(res.json::<Value>().await.unwrap()["error"]["type"], "rate_limit_error");
    // Another key of the same user has its own window.
    let (_, other) = create_key(&client, "Zweiter").await;
    assert_eq!(Program::new(&app, &other).get("/v1/balance").await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn openai_speech_streams_audio_charges_once_and_keeps_the_job(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (_, user, program) = user_with_key(&app, "openai@example.de").await;
    app.top_up(user, 2_000).await;
    let text = "Erster Satz. ".to_owned() + &"Dann kommen noch viele weitere Sätze, die etwas dauern. ".repeat(12);

    let mut res =
        program.post("/v1/audio/speech", json!({ "model": "gpt-4o-mini-tts", "voice": VOICE, "input": text })).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/mpeg");
    assert!(res.headers().get("content-length").is_none(), "streamed in chunks");
    let job_id: Uuid = res.headers()["x-stimmwerk-job-id"].to_str().unwrap().parse().unwrap();
    let first = res.chunk().await.unwrap().unwrap();
    assert!(!first.is_empty());
    let status: String = sqlx::query_scalar("SELECT status FROM tts_jobs WHERE id = $1")
        .bind(job_id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(status, "processing", "the first bytes came before the whole text was synthesized");
    let mut mp3 = first.to_vec();
    while let Some(chunk) = res.chunk().await.unwrap() {
        mp3.extend_from_slice(&chunk);
    }
    let decoded = shared::audio::decode(&mp3, "mp3").unwrap();
    assert!(decoded.duration_seconds() > 10.0, "all sentences: {}", decoded.duration_seconds());

    let job: Value = program.get(&format!("/v1/jobs/{job_id}")).await.json().await.unwrap();
    assert_eq!((job["status"].as_str(), job["source"].as_str()), (Some("completed"), Some("api")));
    let cost = text.trim().chars().count().div_ceil(10) as i64;
    assert_eq!(app.balance(user).await, 100 + 2_000 - cost);
    let stored = program.get(&format!("/v1/jobs/{job_id}/audio")).await.bytes().await.unwrap();
    assert_eq!(stored.as_ref(), mp3.as_slice(), "the library keeps what was streamed");

    // WAV in one piece with its header; PCM at OpenAI's 24 kHz.
    let res = program
        .post(
            "/v1/audio/speech",
            json!({ "model": "tts-1", "voice": "Klara", "input": "Hallo.", "response_format": "wav" }),
        )
        .await;
    assert_eq!(res.headers()["content-type"], "audio/wav");
    let wav = res.bytes().await.unwrap();
    assert!(shared::audio::decode(&wav, "wav").unwrap().duration_seconds() > 0.3);
    let res = program
        .post(
            "/v1/audio/speech",
            json!({ "model": "tts-1", "voice": VOICE, "input": "Hallo.", "response_format": "pcm" }),
        )
        .await;
    assert_eq!(res.headers()["content-type"], "audio/pcm");
    let pcm = res.bytes().await.unwrap();
    assert_eq!(pcm.len() % 2, 0);
    assert!(pcm.len() > 24_000, "more than half a second at 24 kHz");

    let models: Value = program.get("/v1/models").await.json().await.unwrap();
    assert!(models["data"].as_array().unwrap().iter().any(|m| m["id"] == "tts-1"));
    assert_eq!(app.ledger_drift().await, Vec::<Uuid>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn openai_speech_errors_come_in_openai_shape_and_cost_nothing(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (_, user, program) = user_with_key(&app, "fehler@example.de").await;
    let cases = [
        (json!({ "model": "tts-1", "voice": VOICE, "input": "Hallo.", "response_format": "opus" }), "response_format"),
        (json!({ "model": "whisper-1", "voice": VOICE, "input": "Hallo." }), "model"),
        (json!({ "model": "tts-1", "voice": "fable", "input": "Hallo." }), "voice"),
        (json!({ "model": "tts-1", "voice": VOICE, "input": "Hallo.", "speed": 2.0 }), "speed"),
    ];
    for (body, param) in cases {
        let res = program.post("/v1/audio/speech", body).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        let error = &res.json::<Value>().await.unwrap()["error"];
        assert_eq!((error["type"].as_str(), error["param"].as_str()), (Some("invalid_request_error"), Some(param)));
        assert!(error["message"].as_str().unwrap().len() > 10);
    }
    // The field named is the field the caller sent (`input`, not the use case's `text`).
    let res = program.post("/v1/audio/speech", json!({ "model": "tts-1", "voice": VOICE, "input": "" })).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res =
        program.post("/v1/audio/speech", json!({ "model": "tts-1", "voice": VOICE, "input": "x".repeat(5001) })).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let error = &res.json::<Value>().await.unwrap()["error"];
    assert_eq!(error["param"], "input", "{error}");
    let res =
        program.post("/v1/audio/speech", json!({ "model": "tts-1", "voice": VOICE, "input": "x".repeat(1500) })).await;
    assert_eq!(res.status(), StatusCode::PAYMENT_REQUIRED);
    assert_eq!(res.json::<Value>().await.unwrap()["error"]["type"], "insufficient_quota");
    let res = reqwest::Client::new()
        .post(format!("{}/v1/audio/speech", app.base))
        .bearer_auth("sw_falsch")
        .json(&json!({ "model": "tts-1", "voice": VOICE, "input": "Hallo." }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(res.json::<Value>().await.unwrap()["error"]["type"], "authentication_error");
    assert_eq!(app.balance(user).await, 100, "nothing was charged");
    assert!(app.ledger_rows(user, "charge").await.is_empty());
}

/// Everything the process logs, at every level, for the log test.
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn keys_never_appear_in_the_logs(pool: PgPool) {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing_subscriber::filter::LevelFilter::TRACE)
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    // The only test of this binary that installs a subscriber.
    tracing_subscriber::util::SubscriberInitExt::init(subscriber);
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("logs@example.de").await;
    let (_, key) = create_key(&client, "Logs").await;
    let program = Program::new(&app, &key);
    program.get("/v1/balance").await;
    program.post("/v1/jobs", json!({ "text": "Protokoll.", "voice": VOICE })).await;
    Program::new(&app, &(key.clone() + "x")).get("/v1/balance").await;
    let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("/v1/balance"), "the requests were logged: {}", &logs[..logs.len().min(2000)]);
    assert!(!logs.contains(&key[3..]), "an API key reached the logs");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_streamed_answer_cannot_be_deleted_for_a_refund_while_it_is_delivered(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user, program) = user_with_key(&app, "stream@example.de").await;
    app.top_up(user, 2_000).await;
    let sentence = "Dieser Satz wird gestreamt, während der Rest noch entsteht. ";
    let text: String = sentence.repeat(5_000 / sentence.chars().count());
    let cost = text.trim().chars().count().div_ceil(10) as i64;
    let before = app.balance(user).await;

    let mut res = program.post("/v1/audio/speech", json!({ "model": "tts-1", "voice": VOICE, "input": text })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let job_id: Uuid = res.headers()["x-stimmwerk-job-id"].to_str().unwrap().parse().unwrap();
    let mut mp3 = res.chunk().await.unwrap().unwrap().to_vec();
    assert!(!mp3.is_empty(), "the first audio went out");

    // Delivered audio is not cancellable: neither over the API nor in the web app.
    let (status, body) = error_of(program.delete(&format!("/v1/jobs/{job_id}")).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, _) = error_of(client.delete(&format!("/api/jobs/{job_id}")).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(app.balance(user).await, before - cost, "nothing refunded while the audio streams");

    while let Some(chunk) = res.chunk().await.unwrap() {
        mp3.extend_from_slice(&chunk);
    }
    assert!(shared::audio::decode(&mp3, "mp3").unwrap().duration_seconds() > 60.0, "the whole text arrived");
    let job: Value = program.get(&format!("/v1/jobs/{job_id}")).await.json().await.unwrap();
    assert_eq!(job["status"], "completed");
    assert_eq!(app.ledger_rows(user, "refund").await, Vec::<i64>::new(), "no refund for delivered audio");
    // Once delivered, deleting it is the library's ordinary delete: gone, not refunded.
    assert_eq!(program.delete(&format!("/v1/jobs/{job_id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.balance(user).await, before - cost);
    assert_eq!(app.ledger_drift().await, Vec::<Uuid>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn thirty_parallel_key_creations_give_at_most_the_limit_of_active_keys(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("keys@example.de").await;
    let creations = (0..30).map(|i| {
        let client = &client;
        async move { client.post("/api/api-keys", json!({ "name": format!("Schlüssel {i}") })).await.status() }
    });
    let statuses = futures::future::join_all(creations).await;
    let limit = app.settings.api.max_keys_per_user;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count() as i64, limit, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT), "{statuses:?}");
    let active: i64 = sqlx::query_scalar("SELECT count(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL")
        .bind(user)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(active, limit);
}
