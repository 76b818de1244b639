//! Generation jobs over HTTP: pricing, the concurrent-debit guarantee, idempotency,
//! validation, and that nobody reaches another user's jobs.

use crate::common;

use std::sync::Arc;

use common::{TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

const VOICE: &str = "local-de-jonas";

#[sqlx::test(migrations = "../migrations")]
async fn a_job_costs_one_cent_per_ten_characters_rounded_up(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("preis@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let mut expected = 100;
    for (text, cost) in [("Hallo", 1), ("Genau zehn", 1), ("Elf Zeichen", 2), (&"ä".repeat(101)[..], 11)] {
        let res = client.submit(text, voice).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let body: Value = res.json().await.unwrap();
        expected -= cost;
        assert_eq!(body["job"]["cost_cent"], cost, "{text}");
        assert_eq!(body["job"]["status"], "pending");
        assert_eq!(body["balance_cent"], expected);
    }
    assert_eq!(app.balance(user).await, expected);
    assert_eq!(app.ledger_rows(user, "charge").await, vec![-1, -1, -2, -11]);
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn fifty_concurrent_submissions_never_overdraw(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("rush@example.de").await;
    let voice = app.voice_id(VOICE).await;
    // 100 cents cover exactly 14 jobs of 7 cents (70 characters), with 2 cents left.
    let text: Arc<String> = Arc::new("x".repeat(70));
    let client = Arc::new(client);
    let tasks: Vec<_> = (0..50)
        .map(|_| {
            let (client, text) = (client.clone(), text.clone());
            tokio::spawn(async move { client.submit(&text, voice).await.status() })
        })
        .collect();
    let mut accepted = 0;
    let mut refused = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::CREATED => accepted += 1,
            StatusCode::PAYMENT_REQUIRED => refused += 1,
            other => panic!("unexpected status {other}"),
        }
    }
    assert_eq!((accepted, refused), (14, 36));
    assert_eq!(app.balance(user).await, 2);
    assert_eq!(app.ledger_rows(user, "charge").await.len(), 14);
    let jobs: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE user_id = $1")
        .bind(user)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(jobs, 14, "refused submissions leave no job behind");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn insufficient_balance_is_refused_with_the_spec_message(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("knapp@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let (status, error) = error_of(client.submit(&"a".repeat(1500), voice).await).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(error["title"], "Unzureichendes Guthaben");
    assert_eq!(error["message"], "Sie benötigen 150 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 100 Cent.");
    assert_eq!(app.balance(user).await, 100);
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_input_gets_german_4xx_answers(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("eingabe@example.de").await;
    let voice = app.voice_id(VOICE).await;

    let (status, error) = error_of(client.submit("   \n ", voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Eingabe unvollständig");
    assert_eq!(error["message"], "Bitte geben Sie Text ein und wählen Sie eine Stimme.");

    let (status, error) = error_of(client.post("/api/jobs", json!({ "text": "Hallo" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Eingabe unvollständig");

    let (status, error) = error_of(client.submit(&"b".repeat(5001), voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["message"], "Maximale Länge: 5000 Zeichen. Aktuell: 5001 Zeichen.");

    let (status, error) = error_of(client.submit("Hallo", uuid::Uuid::new_v4()).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["voice_id"], "Diese Stimme ist nicht verfügbar.");

    let (status, _) =
        error_of(client.post("/api/jobs", json!({ "text": "Hallo", "voice_id": voice, "rate": 1.0 })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "rate is for Murf voices only");

    let (status, _) = error_of(client.post("/api/jobs", json!({ "text": 5, "voice_id": voice })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    assert_eq!(app.balance(user).await, 100, "nothing was charged");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_idempotency_key_charges_once(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("idem@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let send = |text: &'static str| {
        client
            .http
            .post(format!("{}/api/jobs", app.base))
            .header("idempotency-key", "auftrag-42")
            .json(&json!({ "text": text, "voice_id": voice }))
            .send()
    };
    let (first, second) = tokio::join!(send("Einmal bitte."), send("Einmal bitte."));
    let (first, second) = (first.unwrap(), second.unwrap());
    let mut statuses = [first.status(), second.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CREATED]);
    let a: Value = first.json().await.unwrap();
    let b: Value = second.json().await.unwrap();
    assert_eq!(a["job"]["id"], b["job"]["id"]);
    assert_eq!(app.ledger_rows(user, "charge").await, vec![-2]);

    let (status, error) = error_of(send("Etwas anderes.").await.unwrap()).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error["message"].as_str().unwrap().contains("Idempotency-Key"));
    assert_eq!(app.balance(user).await, 98);
}

#[sqlx::test(migrations = "../migrations")]
async fn jobs_are_listed_newest_first_with_their_voice_and_an_etag(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("liste@example.de").await;
    let voice = app.voice_id(VOICE).await;
    for text in ["Erster", "Zweiter"] {
        client.submit(text, voice).await;
    }
    let res = client.get("/api/jobs").await;
    let etag = res.headers()["etag"].to_str().unwrap().to_owned();
    let body: Value = res.json().await.unwrap();
    let jobs = body["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 2);
    assert_eq!(jobs[0]["text"], "Zweiter");
    assert_eq!(jobs[0]["voice"]["name"], "Jonas");
    assert_eq!(jobs[0]["voice"]["language"], "de-DE");
    assert_eq!(jobs[0]["voice"]["type"], "public");
    assert!(jobs[0]["audio_url"].is_null());
    let cached = client.http.get(format!("{}/api/jobs", app.base)).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
}

#[sqlx::test(migrations = "../migrations")]
async fn another_user_gets_404_on_my_job_audio_and_delete(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (alice, _) = app.signed_in_user("alice@example.de").await;
    let (bob, _) = app.signed_in_user("bob@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let job: Value = alice.submit("Nur für Alice.", voice).await.json().await.unwrap();
    let id = job["job"]["id"].as_str().unwrap();
    // Complete it so there is audio to steal.
    let state = app.worker_state(app.local_engines());
    worker::jobs::synthesize::process(&state, id.parse().unwrap()).await.unwrap();

    for res in [
        bob.get(&format!("/api/jobs/{id}/audio")).await,
        bob.get(&format!("/api/jobs/{id}/audio?download=1")).await,
        bob.delete(&format!("/api/jobs/{id}")).await,
    ] {
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
    let bobs: Value = bob.get("/api/jobs").await.json().await.unwrap();
    assert!(bobs["jobs"].as_array().unwrap().is_empty());
    assert_eq!(bob.post("/api/jobs/cleanup", json!({})).await.status(), StatusCode::OK);

    assert_eq!(alice.get(&format!("/api/jobs/{id}/audio")).await.status(), StatusCode::OK);
    // Anonymous: 401.
    let anonymous = app.client();
    assert_eq!(anonymous.get(&format!("/api/jobs/{id}/audio")).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(anonymous.get("/api/jobs").await.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn deleting_removes_row_and_file_and_refunds_unfinished_jobs(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("weg@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let done: Value = client.submit("Fertig und weg.", voice).await.json().await.unwrap();
    let done_id: uuid::Uuid = done["job"]["id"].as_str().unwrap().parse().unwrap();
    let state = app.worker_state(app.local_engines());
    worker::jobs::synthesize::process(&state, done_id).await.unwrap();
    let file = app.settings.storage.dir.join(shared::files::audio_key(user, done_id));
    assert!(file.exists());

    assert_eq!(client.delete(&format!("/api/jobs/{done_id}")).await.status(), StatusCode::NO_CONTENT);
    assert!(!file.exists(), "audio file deleted");
    assert_eq!(client.delete(&format!("/api/jobs/{done_id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.balance(user).await, 98, "a delivered job is not refunded");

    let pending: Value = client.submit("Noch nicht dran.", voice).await.json().await.unwrap();
    let pending_id = pending["job"]["id"].as_str().unwrap();
    assert_eq!(app.balance(user).await, 96);
    assert_eq!(client.delete(&format!("/api/jobs/{pending_id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.balance(user).await, 98, "an unfinished job is refunded");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn completed_audio_plays_inline_and_downloads_under_its_text_as_written(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("hoeren@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let job: Value = client.submit("Grüße aus Köln! Das ist ein Test.", voice).await.json().await.unwrap();
    let id: uuid::Uuid = job["job"]["id"].as_str().unwrap().parse().unwrap();
    let state = app.worker_state(app.local_engines());
    assert_eq!(worker::jobs::synthesize::process(&state, id).await.unwrap(), worker::jobs::Outcome::Completed);

    let list: Value = client.get("/api/jobs").await.json().await.unwrap();
    let listed = &list["jobs"][0];
    assert_eq!(listed["status"], "completed");
    assert_eq!(listed["audio_url"], format!("/api/jobs/{id}/audio"));
    assert!(listed["duration_seconds"].as_f64().unwrap() > 1.0);

    let inline = client.get(&format!("/api/jobs/{id}/audio")).await;
    assert_eq!(inline.headers()["content-type"], "audio/mpeg");
    assert_eq!(inline.headers()["content-disposition"], "inline");
    let download = client.get(&format!("/api/jobs/{id}/audio?download=1")).await;
    // RFC 6266: the name as written in UTF-8, and an ASCII fallback with umlauts written out.
    let disposition = download.headers()["content-disposition"].to_str().unwrap().to_owned();
    let (fallback, encoded) = disposition.split_once("; filename*=UTF-8''").unwrap();
    assert_eq!(fallback, "attachment; filename=\"Gruesse aus Koeln! Das ist ein Te.mp3\"");
    let query = format!("n={encoded}");
    let (_, written) = url::form_urlencoded::parse(query.as_bytes()).next().unwrap();
    assert_eq!(written, "Grüße aus Köln! Das ist ein Te.mp3");
    let bytes = download.bytes().await.unwrap();
    let pcm = shared::audio::decode(&bytes, "mp3").unwrap();
    assert!((pcm.duration_seconds() - listed["duration_seconds"].as_f64().unwrap()).abs() < 0.1);
}
