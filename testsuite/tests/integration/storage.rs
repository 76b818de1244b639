//! Audio in an S3 bucket (a real S3-compatible server, moto, started by the harness):
//! stored, read, deleted, handed to browsers as presigned links after the ownership
//! check; a store that is down fails the job with a refund and leaves nothing behind.

use crate::common;

use std::sync::Arc;

use common::TestApp;
use reqwest::StatusCode;
use serde_json::Value;
use shared::Services;
use shared::config::StorageBackend;
use shared::files::{AudioStorage, S3Storage};
use sqlx::PgPool;
use uuid::Uuid;
use worker::jobs::Outcome;
use worker::jobs::synthesize::process;

const VOICE: &str = "local-de-klara";

#[tokio::test]
async fn objects_round_trip_and_links_serve_them_with_their_type() {
    let settings = common::s3::bucket();
    let store = S3Storage::new(&settings);
    store.prepare("http://127.0.0.1:8080").await.unwrap();
    store.check().await.unwrap();
    store.put("u/j.mp3", b"ID3 abc").await.unwrap();
    store.put("u/j.mp3", b"ID3 neu").await.unwrap();
    assert_eq!(store.read("u/j.mp3").await.unwrap(), b"ID3 neu", "a put replaces the object");

    let link = store.link("u/j.mp3", "audio/mpeg", "attachment; filename=\"a.mp3\"").await.unwrap().unwrap();
    assert!(link.contains("X-Amz-Expires=3600"), "{link}");
    let res = reqwest::get(&link).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/mpeg");
    assert_eq!(res.headers()["content-disposition"], "attachment; filename=\"a.mp3\"");
    assert_eq!(res.bytes().await.unwrap().as_ref(), b"ID3 neu");

    store.delete("u/j.mp3").await.unwrap();
    store.delete("u/j.mp3").await.unwrap();
    let missing = store.read("u/j.mp3").await.unwrap_err();
    assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
}

async fn s3_app(pool: PgPool, settings: shared::config::S3Settings) -> TestApp {
    let app = TestApp::spawn_with(pool, move |s| {
        s.storage.backend = StorageBackend::S3;
        s.storage.s3 = settings;
    })
    .await;
    S3Storage::new(&app.settings.storage.s3).prepare(&app.base).await.unwrap();
    app
}

fn worker(app: &TestApp) -> Services {
    app.worker_state(app.local_engines())
}

#[sqlx::test(migrations = "../migrations")]
async fn a_job_stored_in_s3_is_played_through_a_presigned_link_for_its_owner_only(pool: PgPool) {
    let app = s3_app(pool, common::s3::bucket()).await;
    let (client, owner) = app.signed_in_user("s3@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let body: Value = client.submit("Gespeichert im Eimer.", voice).await.json().await.unwrap();
    let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(process(&worker(&app), job).await.unwrap(), Outcome::Completed);

    let res = client.get(&format!("/api/jobs/{job}/audio?download=1")).await;
    assert_eq!(res.status(), StatusCode::FOUND);
    let link = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(link.starts_with(&app.settings.storage.s3.endpoint), "{link}");
    let mp3 = reqwest::get(&link).await.unwrap();
    assert!(mp3.headers()["content-disposition"].to_str().unwrap().starts_with("attachment"));
    let pcm = shared::audio::decode(&mp3.bytes().await.unwrap(), "mp3").unwrap();
    assert!(pcm.duration_seconds() > 0.5);

    // Another user gets no link; the page may load audio from the store (CSP).
    let (other, _) = app.signed_in_user("fremd@example.de").await;
    assert_eq!(other.get(&format!("/api/jobs/{job}/audio")).await.status(), StatusCode::NOT_FOUND);
    let csp = res.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains(&format!("media-src 'self' blob: {}", app.settings.storage.s3.endpoint)), "{csp}");

    // Deleting the audio removes the object.
    let key = shared::files::audio_key(owner, job);
    let store = S3Storage::new(&app.settings.storage.s3);
    assert!(store.read(&key).await.is_ok());
    assert!(client.delete(&format!("/api/jobs/{job}")).await.status().is_success());
    assert_eq!(store.read(&key).await.unwrap_err().kind(), std::io::ErrorKind::NotFound);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_store_that_is_down_fails_the_job_with_a_refund_after_its_attempts(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("speicher@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let before = app.balance(user).await;
    let body: Value = client.submit("Der Speicher ist weg.", voice).await.json().await.unwrap();
    let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();

    let down = Services { storage: Arc::new(S3Storage::new(&common::s3::unreachable())), ..worker(&app) };
    let mut outcomes = Vec::new();
    for _ in 0..app.settings.worker.max_attempts {
        outcomes.push(process(&down, job).await.unwrap());
    }
    let (last, earlier) = outcomes.split_last().unwrap();
    assert!(earlier.iter().all(|o| *o == Outcome::Retry), "{outcomes:?}");
    assert_eq!(*last, Outcome::Failed);
    let (status, message): (String, String) =
        sqlx::query_as("SELECT status::text, error_message FROM tts_jobs WHERE id = $1")
            .bind(job)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(status, "failed");
    assert!(message.starts_with("Der Audiospeicher war nicht erreichbar, auch nach 3 Versuchen"), "{message}");
    assert_eq!(app.balance(user).await, before, "charged once, refunded once");
    assert!(app.ledger_drift().await.is_empty());
    let audio_key: Option<String> = sqlx::query_scalar("SELECT audio_key FROM tts_jobs WHERE id = $1")
        .bind(job)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(audio_key, None, "nothing half-written");
}

#[sqlx::test(migrations = "../migrations")]
async fn readiness_says_when_the_store_is_down(pool: PgPool) {
    let app = s3_app(pool.clone(), common::s3::bucket()).await;
    let res = app.client().get("/readyz").await;
    assert_eq!(res.status(), StatusCode::OK);

    let app = TestApp::spawn_with(pool, |s| {
        s.storage.backend = StorageBackend::S3;
        s.storage.s3 = common::s3::unreachable();
    })
    .await;
    let res = app.client().get("/readyz").await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let ready: Value = res.json().await.unwrap();
    assert!(ready["storage"].as_str().unwrap().starts_with("Speicher: "), "{ready}");
}
