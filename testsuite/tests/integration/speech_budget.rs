//! What is spoken is what is paid (`shared::domain::speech_budget`): a text is charged for
//! what the engines will speak (the dictionary applied, numbers written out), its pauses
//! and its spoken length are capped, the worker speaks no more than was paid even when
//! the dictionary grew after payment, and audio longer than a text can make is stopped
//! and refunded. The review's cases: a 2-character entry spoken as 200 characters made 99
//! typed characters into 450 s of audio for 10 cents; 5,000 characters of `[pause 10]`
//! made 83 minutes of silence.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use async_trait::async_trait;
use reqwest::StatusCode;
use serde_json::{Value, json};
use shared::engine::{EngineAudio, EngineError, Engines, SpeechEngine, SynthesisRequest};
use sqlx::PgPool;
use uuid::Uuid;

use crate::common::{TestApp, error_of};

const VOICE: &str = "local-de-jonas";

/// An entry as one saved before spellings were capped: a short term spoken very long.
async fn legacy_entry(app: &TestApp, user: Uuid, term: &str, spoken: &str) {
    sqlx::query("INSERT INTO pronunciation_entries (user_id, term, spoken) VALUES ($1, $2, $3)")
        .bind(user)
        .bind(term)
        .bind(spoken)
        .execute(&app.pool)
        .await
        .unwrap();
}

fn job_of(body: &Value) -> Uuid {
    body["job"]["id"].as_str().unwrap().parse().unwrap()
}

async fn status_of(app: &TestApp, job: Uuid) -> (String, Option<String>) {
    sqlx::query_as("SELECT status::text, error_message FROM tts_jobs WHERE id = $1")
        .bind(job)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_spelling_much_longer_than_its_term_is_refused_when_saved(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("lang@example.de").await;
    let long = json!({ "term": "ab", "spoken": "x".repeat(200), "whole_word": true, "case_sensitive": false });
    let (status, error) = error_of(client.post("/api/pronunciation/dictionary", long).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["fields"]["spoken"].as_str().unwrap().contains("höchstens 32 Zeichen"), "{error}");
    let fair = json!({ "term": "KI", "spoken": "Künstliche Intelligenz", "whole_word": true, "case_sensitive": false });
    assert_eq!(client.post("/api/pronunciation/dictionary", fair).await.status(), StatusCode::CREATED);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_text_is_charged_for_what_it_will_be_spoken_as(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("spelling@example.de").await;
    app.top_up(user, 2_000).await;
    legacy_entry(&app, user, "ab", &"lange Aussprache ".repeat(11)).await;
    let text = vec!["ab"; 33].join(" ");
    assert_eq!(text.chars().count(), 98);
    let res = client.submit(&text, app.voice_id(VOICE).await).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body: Value = res.json().await.unwrap();
    // 33 spellings of 186 spoken characters: about 6,200 spoken, charged as 3,100.
    let cost = body["job"]["cost_cent"].as_i64().unwrap();
    assert!(cost >= 300, "charged {cost} cent for {} spoken characters", 33 * 187);
    assert_eq!(app.ledger_rows(user, "charge").await, vec![-cost]);
    // An ordinary text still costs what it is typed as.
    let plain = client.submit("Am 3. Mai kostet es 12,50 €.", app.voice_id(VOICE).await).await;
    assert_eq!(plain.json::<Value>().await.unwrap()["job"]["cost_cent"], 3);
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn pauses_and_spellings_beyond_what_one_text_may_make_are_refused_before_any_charge(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("pausen@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let pauses = format!("Hallo {}Ende", "[pause 10] ".repeat(450));
    let (status, error) = error_of(client.submit(&pauses, voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["message"].as_str().unwrap().contains("höchstens 60 Sekunden"), "{error}");
    legacy_entry(&app, user, "ab", &"y".repeat(200)).await;
    let (status, error) = error_of(client.submit(&vec!["ab"; 60].join(" "), voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["message"].as_str().unwrap().contains("höchstens 10.000"), "{error}");
    assert_eq!(app.balance(user).await, 100, "nothing charged");
    assert!(app.ledger_rows(user, "charge").await.is_empty());
}

/// Counts the requests it was sent.
struct Counting<E> {
    inner: E,
    calls: AtomicUsize,
}

#[async_trait]
impl<E: SpeechEngine> SpeechEngine for Counting<E> {
    fn max_chunk(&self) -> usize {
        self.inner.max_chunk()
    }

    fn measure(&self) -> fn(&str) -> usize {
        self.inner.measure()
    }

    fn markup(&self, voice: &str) -> shared::engine::Markup {
        self.inner.markup(voice)
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.synthesize(request).await
    }
}

fn engines_of(engine: Arc<dyn SpeechEngine>) -> Engines {
    let mut engines = Engines::default();
    engines.insert(shared::providers::ProviderId::Local, engine);
    engines
}

/// The price is set when the job is submitted; a spelling added before the worker takes
/// the job would make it speak more than was paid. The worker refuses: no request goes
/// to the engine, the job fails with a German reason and is refunded in full.
#[sqlx::test(migrations = "../migrations")]
async fn a_dictionary_grown_after_payment_never_makes_the_worker_speak_more_than_was_paid(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("spaeter@example.de").await;
    let body: Value = client.submit(&vec!["ab"; 33].join(" "), app.voice_id(VOICE).await).await.json().await.unwrap();
    assert_eq!(body["job"]["cost_cent"], 10);
    let job = job_of(&body);
    legacy_entry(&app, user, "ab", &"z".repeat(200)).await;
    let engine = Arc::new(Counting { inner: shared::engine::LocalEngine::default(), calls: AtomicUsize::new(0) });
    let svc = app.worker_state(engines_of(engine.clone()));
    let outcome = worker::jobs::synthesize::process(&svc, job).await.unwrap();
    assert_eq!(outcome, worker::jobs::Outcome::Failed);
    assert_eq!(engine.calls.load(Ordering::SeqCst), 0, "no paid request went out");
    let (status, message) = status_of(&app, job).await;
    assert_eq!(status, "failed");
    assert!(message.unwrap().contains("bezahlt sind höchstens 200"));
    assert_eq!(app.balance(user).await, 100, "refunded in full");
    assert!(app.ledger_drift().await.is_empty());
}

/// An engine that answers every request with a minute of sound.
struct Endless;

#[async_trait]
impl SpeechEngine for Endless {
    fn max_chunk(&self) -> usize {
        200
    }

    async fn synthesize(&self, _: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        let rate = 16_000;
        let samples: Vec<i16> = (0..rate * 60)
            .map(|i| ((i as f64 * 0.07).sin() * 8000.0 * (1.0 + (i as f64 * 0.0005).sin())) as i16)
            .collect();
        Ok(EngineAudio::new(shared::audio::wav_from_pcm16(&shared::audio::pcm16_bytes(&samples), rate as u32), "wav"))
    }
}

/// However an engine misbehaves, a job's audio is bounded by its text: audio running
/// past what the spoken characters can take stops the job, and it is refunded.
#[sqlx::test(migrations = "../migrations")]
async fn audio_far_longer_than_its_text_can_make_is_stopped_and_refunded(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("endlos@example.de").await;
    let body: Value = client.submit("Hallo Welt.", app.voice_id(VOICE).await).await.json().await.unwrap();
    let job = job_of(&body);
    let svc = app.worker_state(engines_of(Arc::new(Endless)));
    assert_eq!(worker::jobs::synthesize::process(&svc, job).await.unwrap(), worker::jobs::Outcome::Failed);
    let (status, message) = status_of(&app, job).await;
    assert_eq!(status, "failed");
    assert!(message.unwrap().contains("mehr Audio, als der Text ergeben kann"));
    assert_eq!(app.balance(user).await, 100);
    let audio: Option<String> = sqlx::query_scalar("SELECT audio_key FROM tts_jobs WHERE id = $1")
        .bind(job)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(audio.is_none(), "nothing stored");
}

/// A project paragraph is charged like a job: for what it will be spoken as.
#[sqlx::test(migrations = "../migrations")]
async fn a_project_paragraph_is_charged_for_what_it_will_be_spoken_as(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("buchpreis@example.de").await;
    app.top_up(user, 2_000).await;
    legacy_entry(&app, user, "ab", &"lange Aussprache ".repeat(11)).await;
    let text = format!("{}\n\nEin gewöhnlicher Absatz ohne Besonderheiten.", vec!["ab"; 33].join(" "));
    let voice = app.voice_id("local-de-klara").await;
    let res = client.post("/api/projects", json!({ "title": "Teuer", "text": text, "voice_id": voice })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    let id = created["id"].as_str().unwrap();
    let rendered = crate::projects::render(&client, id, &created["chapters"][0]).await;
    let charged = rendered["charged_cent"].as_i64().unwrap();
    assert!(charged >= 300 + 5, "charged {charged}");
    assert_eq!(app.ledger_rows(user, "project_render").await, [-charged], "one booking for the render");
    let mut shares: Vec<i64> = sqlx::query_scalar("SELECT cost_cent FROM tts_jobs WHERE user_id = $1")
        .bind(user)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    shares.sort();
    assert_eq!(shares, vec![5, charged - 5], "each paragraph's share is its spoken length");
    // A paragraph with more pauses than one text may have is refused by its number.
    let pauses = format!("Erster Absatz.\n\nZweiter {}Ende.", "[pause 10] ".repeat(7));
    let created: Value = client
        .post("/api/projects", json!({ "title": "Still", "text": pauses, "voice_id": voice }))
        .await
        .json()
        .await
        .unwrap();
    let chapter = created["chapters"][0]["id"].as_str().unwrap();
    let (status, error) = error_of(
        client
            .post(&format!("/api/projects/{}/chapters/{chapter}/render", created["id"].as_str().unwrap()), json!({}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["message"].as_str().unwrap().starts_with("Absatz 2: "), "{error}");
    assert!(app.ledger_drift().await.is_empty());
}
