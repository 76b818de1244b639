//! Voice cloning end to end on the server: recordings checked before they are kept, the
//! training on the local engine and on both cloud engines (against fakes of their APIs)
//! with failure, cancel, a provider timeout and a worker that dies mid-training, speech
//! with the clone, privacy of clones, the admin's delete of everything hanging on a clone,
//! and the monthly fee: once per period, never below zero, paused and resumed.

use crate::common;

use std::time::Duration;

use common::{Client, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use shared::audio::Pcm;
use shared::config::{ProviderSection, Settings};
use shared::use_cases::cloning::recording::testing::{speech_like, webm};
use sqlx::PgPool;
use uuid::Uuid;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use worker::jobs::Outcome;
use worker::jobs::train_voice;

async fn good_recording() -> Vec<u8> {
    webm(&speech_like(140.0, 8.0, 6000.0), "libopus").await
}

async fn upload(client: &Client, voice: Uuid, kind: &str, step: i32, file: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(file).file_name("aufnahme.webm").mime_str("audio/webm").unwrap();
    let form = reqwest::multipart::Form::new()
        .part("file", part)
        .text("kind", kind.to_owned())
        .text("step", step.to_string())
        .text("transcript", "Ich, Test Person, bin einverstanden.");
    client.http.post(format!("{}/api/voice-clones/{voice}/samples", client.base)).multipart(form).send().await.unwrap()
}

async fn check(client: &Client, file: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(file).file_name("aufnahme.webm");
    let form = reqwest::multipart::Form::new().part("file", part);
    client.http.post(format!("{}/api/voice-clones/check-recording", client.base)).multipart(form).send().await.unwrap()
}

async fn create(client: &Client, name: &str) -> Uuid {
    let res = client
        .post(
            "/api/voice-clones",
            json!({
                "name": name, "cloned_from": "Meine eigene Stimme", "description": "Ruhig",
                "teleprompter_text_size": 18, "teleprompter_scroll_speed": 55,
                "consents": { "own_voice": true, "usage": true, "terms": true }
            }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED, "{}", res.text().await.unwrap());
    let voice: Value = res.json().await.unwrap();
    assert_eq!(voice["status"], "training_needed");
    voice["id"].as_str().unwrap().parse().unwrap()
}

/// A clone with its training recording and spoken consent, training started.
async fn started_clone(client: &Client, name: &str) -> Uuid {
    let voice = create(client, name).await;
    assert_eq!(upload(client, voice, "training", 1, good_recording().await).await.status(), StatusCode::CREATED);
    assert_eq!(upload(client, voice, "consent", 0, good_recording().await).await.status(), StatusCode::CREATED);
    let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({ "action": "start" })).await;
    assert_eq!(res.status(), StatusCode::OK, "{}", res.text().await.unwrap());
    voice
}

async fn clone_of(client: &Client, voice: Uuid) -> Value {
    client.get(&format!("/api/voice-clones/{voice}")).await.json().await.unwrap()
}

fn section(server: &MockServer, model: &str) -> ProviderSection {
    ProviderSection {
        api_key: Some("test-key".to_owned().into()),
        base_url: server.uri(),
        model: model.into(),
        timeout_secs: 5,
    }
}

/// The owner activates the trained clone ("Aktivieren"): the first month is charged now.
async fn activate(client: &Client, voice: Uuid) {
    let res = client.post(&format!("/api/voice-clones/{voice}/pay"), json!({})).await;
    assert_eq!(res.status(), StatusCode::OK, "{}", res.text().await.unwrap());
}

async fn app_with(pool: PgPool, adjust: impl FnOnce(&mut Settings)) -> TestApp {
    TestApp::spawn_with(pool, |s| {
        s.cloning.poll_every_secs = 0;
        adjust(s)
    })
    .await
}

#[sqlx::test(migrations = "../migrations")]
async fn recordings_are_checked_before_they_are_kept(pool: PgPool) {
    let app = app_with(pool, |s| s.cloning.max_upload_bytes = 200_000).await;
    let (client, user) = app.signed_in_user("sprecher@example.com").await;

    let res = check(&client, good_recording().await).await;
    assert_eq!(res.status(), StatusCode::OK);
    let facts: Value = res.json().await.unwrap();
    assert!((facts["duration_seconds"].as_f64().unwrap() - 8.0).abs() < 0.3, "{facts}");

    let refusals = [
        (webm(&speech_like(140.0, 2.0, 6000.0), "libopus").await, "zu kurz"),
        (webm(&Pcm { sample_rate: 48_000, samples: vec![0; 48_000 * 8] }, "libopus").await, "stumm"),
        (webm(&speech_like(140.0, 8.0, 6000.0), "libvorbis").await, "WebM-Datei mit Opus"),
        (b"RIFF....WAVEfmt not a webm".to_vec(), "WebM-Datei mit Opus"),
        (webm(&speech_like(140.0, 8.0, 90_000.0), "libopus").await, "übersteuert"),
        (webm(&speech_like(140.0, 60.0, 6000.0), "libopus").await, "zu groß"),
    ];
    let voice = create(&client, "Geprüft").await;
    for (file, reason) in refusals {
        let (status, error) = error_of(check(&client, file.clone()).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reason}: {error}");
        assert!(error["message"].as_str().unwrap().contains(reason), "{reason}: {error}");
        let (status, _) = error_of(upload(&client, voice, "training", 1, file).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reason}");
    }
    let samples: Vec<Value> = client.get(&format!("/api/voice-clones/{voice}/samples")).await.json().await.unwrap();
    assert!(samples.is_empty(), "nothing refused is kept");

    // A good one is kept where the spec says, and plays back as it was sent.
    let file = good_recording().await;
    let res = upload(&client, voice, "training", 1, file.clone()).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let sample: Value = res.json().await.unwrap();
    let key = format!("{user}/voice-training-{voice}-step-1.webm");
    assert_eq!(std::fs::read(app.settings.storage.dir.join(&key)).unwrap(), file);
    let res = client.get(&format!("/api/voice-clones/{voice}/samples/{}/audio", sample["id"].as_str().unwrap())).await;
    assert_eq!(res.headers()["content-type"], "audio/webm");
    assert_eq!(res.bytes().await.unwrap().to_vec(), file);
    // The training text of the step is the transcript.
    assert!(sample["transcript"].as_str().unwrap().starts_with("Guten Tag"));
    // Without a recording and the consent statement, training does not start.
    let other = create(&client, "Ohne Aufnahmen").await;
    let (status, error) =
        error_of(client.post(&format!("/api/voice-clones/{other}/training"), json!({"action": "start"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["message"].as_str().unwrap().contains("Trainingsaufnahme"));
    // Consent is required to create a clone at all.
    let res = client
        .post(
            "/api/voice-clones",
            json!({ "name": "X", "cloned_from": "Y", "teleprompter_text_size": 16, "teleprompter_scroll_speed": 50,
                    "consents": { "own_voice": true, "usage": false, "terms": true } }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_local_clone_trains_speaks_and_counts_its_uses(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (client, user) = app.signed_in_user("lokal@example.com").await;
    app.top_up(user, 1000).await;
    let voice = started_clone(&client, "Meine Stimme").await;
    let svc = app.worker_state(app.local_engines());
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    let clone = clone_of(&client, voice).await;
    assert_eq!(clone["status"], "awaiting_activation");
    assert_eq!((clone["engine"].as_str(), clone["approximation"].as_bool()), (Some("local"), Some(true)));
    assert_eq!(clone["training_progress"], 100);
    // A repeated delivery does nothing.
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Skipped);
    // Trained is not yet charged: the owner hears it first (its preview), and nobody can
    // use it until activated; the daily job leaves it alone.
    assert!(app.ledger_rows(user, "clone_fee").await.is_empty());
    assert_eq!(shared::use_cases::cloning::fees::charge_due(&app.pool).await.unwrap().charged, 0);
    let voices: Value = client.get("/api/voices").await.json().await.unwrap();
    assert!(!voices["voices"].as_array().unwrap().iter().any(|v| v["id"] == voice.to_string()));
    let (stop, running) = app.spawn_worker(svc.clone());
    let preview = client.get(&format!("/api/voices/{voice}/preview")).await;
    assert_eq!(preview.status(), StatusCode::OK, "the owner hears the clone before paying");
    assert!(preview.bytes().await.unwrap().len() > 1000);
    stop.cancel();
    running.await.unwrap();
    assert!(app.ledger_rows(user, "clone_fee").await.is_empty(), "hearing it costs nothing");
    // Activated: the first month is charged now.
    activate(&client, voice).await;
    assert_eq!(clone_of(&client, voice).await["status"], "completed");
    assert_eq!(app.ledger_rows(user, "clone_fee").await, [-100]);
    let (status, _) = error_of(client.post(&format!("/api/voice-clones/{voice}/pay"), json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "activated once");

    // It is offered under "Eigene Stimmen" and speaks.
    let voices: Value = client.get("/api/voices").await.json().await.unwrap();
    let listed = voices["voices"].as_array().unwrap().iter().find(|v| v["id"] == voice.to_string()).unwrap();
    assert_eq!((listed["provider"].as_str(), listed["available"].as_bool()), (Some("clone"), Some(true)));
    let res = client.submit("Guten Tag, so klinge ich als Klon.", voice).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{}", res.text().await.unwrap());
    let job: Value = res.json().await.unwrap();
    let job_id: Uuid = job["job"]["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(worker::jobs::synthesize::process(&svc, job_id).await.unwrap(), Outcome::Completed);
    let audio = client.get(&format!("/api/jobs/{job_id}/audio")).await;
    assert_eq!(audio.status(), StatusCode::OK);
    assert!(audio.bytes().await.unwrap().len() > 1000);
    let clone = clone_of(&client, voice).await;
    assert_eq!(clone["times_used"], 1);
    assert!(clone["last_used_at"].is_string());
    let list: Value = client.get("/api/voice-clones").await.json().await.unwrap();
    assert_eq!(list["stats"]["audios"], 1);
    assert_eq!(list["stats"]["monthly_cost_cent"], 100);
    assert_eq!(list["stats"]["most_used"]["name"], "Meine Stimme");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn elevenlabs_training_completes_or_fails_with_the_providers_reason(pool: PgPool) {
    let server = MockServer::start().await;
    let app = app_with(pool, |s| {
        s.providers.insert("elevenlabs".into(), section(&server, "eleven_multilingual_v2"));
    })
    .await;
    let (client, _) = app.signed_in_user("eleven@example.com").await;
    let svc = app.worker_state(app.engines("", &app.settings.providers));

    Mock::given(method("POST"))
        .and(path("/v1/voices/add"))
        .respond_with(ResponseTemplate::new(422).set_body_json(json!({
            "detail": [{"loc": ["body", "files"], "msg": "Audio quality too low", "type": "value_error"}]
        })))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    let voice = started_clone(&client, "Elf").await;
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Failed);
    let clone = clone_of(&client, voice).await;
    assert_eq!((clone["status"].as_str(), clone["engine"].as_str()), (Some("failed"), Some("elevenlabs")));
    assert!(clone["training_error"].as_str().unwrap().contains("Audio quality too low"), "{clone}");

    // After a failure the user starts again; this time ElevenLabs makes the voice.
    Mock::given(method("POST"))
        .and(path("/v1/voices/add"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"voice_id": "xi123", "requires_verification": false})),
        )
        .mount(&server)
        .await;
    let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({"action": "start"})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    let clone = clone_of(&client, voice).await;
    assert_eq!(
        (clone["status"].as_str(), clone["provider_voice_id"].as_str()),
        (Some("awaiting_activation"), Some("xi123"))
    );
    assert_eq!(clone["approximation"], false);

    // Deleting the clone deletes the provider's voice too.
    Mock::given(method("DELETE"))
        .and(path("/v1/voices/xi123"))
        .respond_with(ResponseTemplate::new(200))
        .expect(1)
        .mount(&server)
        .await;
    assert_eq!(client.delete(&format!("/api/voice-clones/{voice}")).await.status(), StatusCode::NO_CONTENT);
}

fn prediction(id: &str, status: &str, output: Option<String>) -> Value {
    json!({ "id": id, "status": status, "output": output, "error": null, "input": {}, "urls": {} })
}

/// A Replicate training under way: the fake answers the start once (`expect(1)`: a
/// second prediction would be paid twice) and "processing" for every look until
/// [`prediction_succeeds`]. Returns the app, the owner, a worker's services and the clone.
async fn replicate_training(
    pool: PgPool,
    server: &MockServer,
    email: &str,
    id: &str,
) -> (TestApp, Client, shared::Services, Uuid) {
    let app = app_with(pool, |s| {
        s.providers.insert("replicate".into(), section(server, "lucataco/xtts-v2:abc"));
    })
    .await;
    let (client, _) = app.signed_in_user(email).await;
    let svc = app.worker_state(app.engines("", &app.settings.providers));
    Mock::given(method("POST"))
        .and(path("/v1/predictions"))
        .respond_with(ResponseTemplate::new(201).set_body_json(prediction(id, "starting", None)))
        .expect(1)
        .mount(server)
        .await;
    Mock::given(method("GET"))
        .and(path(format!("/v1/predictions/{id}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(prediction(id, "processing", None)))
        .mount(server)
        .await;
    let voice = started_clone(&client, "Replik").await;
    (app, client, svc, voice)
}

/// From now on the prediction `id` has succeeded with a voice sample to fetch.
async fn prediction_succeeds(server: &MockServer, id: &str) {
    let output = format!("{}/out.wav", server.uri());
    Mock::given(method("GET"))
        .and(path(format!("/v1/predictions/{id}")))
        .respond_with(ResponseTemplate::new(200).set_body_json(prediction(id, "succeeded", Some(output))))
        .with_priority(1)
        .mount(server)
        .await;
    let wav =
        shared::audio::wav_from_pcm16(&shared::audio::pcm16_bytes(&speech_like(150.0, 1.0, 6000.0).samples), 48_000);
    Mock::given(method("GET"))
        .and(path("/out.wav"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(wav))
        .mount(server)
        .await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_replicate_training_survives_a_worker_death_and_is_not_started_twice(pool: PgPool) {
    let server = MockServer::start().await;
    let (app, client, svc, voice) = replicate_training(pool, &server, "replicate@example.com", "pr1").await;

    // The worker dies while Replicate trains.
    let run = tokio::spawn({
        let svc = svc.clone();
        async move { train_voice::process(&svc, voice).await }
    });
    tokio::time::sleep(Duration::from_millis(800)).await;
    run.abort();
    let clone = clone_of(&client, voice).await;
    assert_eq!(clone["status"], "training_in_progress");
    assert!(clone["training_progress"].as_i64().unwrap() >= 30, "{clone}");
    // A second delivery while the first one's heartbeat is fresh does nothing.
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Skipped);

    // Its heartbeat goes stale; the sweep pushes the training again and a new worker
    // polls the same prediction to the end.
    sqlx::query("UPDATE clone_trainings SET heartbeat_at = now() - interval '5 minutes' WHERE voice_id = $1")
        .bind(voice)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(shared::use_cases::cloning::training::recover(&svc).await.unwrap(), 1);
    prediction_succeeds(&server, "pr1").await;
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    assert_eq!(clone_of(&client, voice).await["status"], "awaiting_activation");
    // The POST mock's `expect(1)` holds when the server drops: one prediction paid for.
}

/// The worker stops while Replicate trains: after the grace, its run is handed back at
/// once (no wait for a stale heartbeat), the attempt not counted, and the next worker
/// polls the same prediction instead of paying for a second.
#[sqlx::test(migrations = "../migrations")]
async fn a_training_held_at_shutdown_is_handed_back_at_once_without_counting_the_attempt(pool: PgPool) {
    let server = MockServer::start().await;
    let (app, _client, svc, voice) = replicate_training(pool, &server, "feierabend@example.com", "pr9").await;
    let run = tokio::spawn({
        let svc = svc.clone();
        async move { train_voice::process(&svc, voice).await }
    });
    tokio::time::sleep(Duration::from_millis(800)).await;
    // The end of the shutdown's grace: the run's future is dropped while it polls.
    run.abort();
    assert!(run.await.unwrap_err().is_cancelled());
    let queued_before = svc.queue.depth::<shared::queue::TrainVoice>().await.unwrap();

    assert_eq!(shared::run::hand_back_held(&svc).await, 1);
    let (heartbeat, attempts): (Option<chrono::DateTime<chrono::Utc>>, i32) =
        sqlx::query_as("SELECT heartbeat_at, attempts FROM clone_trainings WHERE voice_id = $1")
            .bind(voice)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((heartbeat, attempts), (None, 0), "free to take at once, the attempt not counted");
    assert_eq!(svc.queue.depth::<shared::queue::TrainVoice>().await.unwrap(), queued_before + 1, "pushed again");
    assert_eq!(shared::run::hand_back_held(&svc).await, 0, "handed back once");

    prediction_succeeds(&server, "pr9").await;
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    let attempts: i32 = sqlx::query_scalar("SELECT attempts FROM clone_trainings WHERE voice_id = $1")
        .bind(voice)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(attempts, 1);
    // The POST mock's `expect(1)` holds when the server drops: one prediction paid for.
}

#[sqlx::test(migrations = "../migrations")]
async fn a_training_can_be_cancelled_and_a_slow_provider_times_out(pool: PgPool) {
    let server = MockServer::start().await;
    let app = app_with(pool, |s| {
        s.providers.insert("replicate".into(), section(&server, "lucataco/xtts-v2:abc"));
    })
    .await;
    let (client, _) = app.signed_in_user("abbruch@example.com").await;
    let svc = app.worker_state(app.engines("", &app.settings.providers));
    Mock::given(method("POST"))
        .and(path("/v1/predictions"))
        .respond_with(ResponseTemplate::new(201).set_body_json(prediction("slow", "starting", None)))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/predictions/slow"))
        .respond_with(ResponseTemplate::new(200).set_body_json(prediction("slow", "processing", None)))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/predictions/slow/cancel"))
        .respond_with(ResponseTemplate::new(200).set_body_json(prediction("slow", "canceled", None)))
        // The cancelled run, the cancel request itself, and the timed-out run.
        .expect(3)
        .mount(&server)
        .await;

    // Cancel while the worker polls: the run stops and the provider is told.
    let voice = started_clone(&client, "Abbruch").await;
    let run = tokio::spawn({
        let svc = svc.clone();
        async move { train_voice::process(&svc, voice).await }
    });
    // Once the provider trains (step 3 of 4), the user cancels.
    for _ in 0..100 {
        if clone_of(&client, voice).await["current_training_step"] == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({"action": "cancel"})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let outcome = tokio::time::timeout(Duration::from_secs(10), run).await.unwrap().unwrap().unwrap();
    assert_eq!(outcome, Outcome::Skipped);
    assert_eq!(clone_of(&client, voice).await["status"], "training_needed");

    // A provider that never finishes: the run fails after the training timeout (the
    // cancelled run's age does not carry over to the next).
    sqlx::query("UPDATE clone_trainings SET started_at = now() - interval '2 hours' WHERE voice_id = $1")
        .bind(voice)
        .execute(&app.pool)
        .await
        .unwrap();
    let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({"action": "start"})).await;
    assert_eq!(res.status(), StatusCode::OK);
    sqlx::query(
        "UPDATE clone_trainings SET started_at = now() - interval '2 hours' WHERE voice_id = $1 AND status = 'running'",
    )
    .bind(voice)
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Failed);
    let clone = clone_of(&client, voice).await;
    assert_eq!(clone["status"], "failed");
    assert!(clone["training_error"].as_str().unwrap().contains("nicht innerhalb von 60 Minuten"), "{clone}");
    // A failed training can be reset to start over.
    let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({"action": "reset"})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let clone = clone_of(&client, voice).await;
    assert_eq!(clone["status"], "training_needed");
    assert_eq!(clone["training_error"], serde_json::Value::Null, "a reset clone shows no old error");
    // Each run keeps its own row as it ended.
    let runs: Vec<(i32, String)> =
        sqlx::query_as("SELECT run, status FROM clone_trainings WHERE voice_id = $1 ORDER BY run")
            .bind(voice)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(runs, [(1, "cancelled".to_owned()), (2, "failed".to_owned())]);
}

/// A free account that starts and cancels a training in a loop keeps a bounded history:
/// each start drops the runs older than the last ten.
#[sqlx::test(migrations = "../migrations")]
async fn starting_and_cancelling_a_training_over_and_over_keeps_ten_runs(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (client, _) = app.signed_in_user("schleife@example.com").await;
    let voice = started_clone(&client, "Schleife").await;
    for _ in 0..14 {
        let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({"action": "cancel"})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let res = client.post(&format!("/api/voice-clones/{voice}/training"), json!({"action": "start"})).await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let runs: Vec<(i32, String)> =
        sqlx::query_as("SELECT run, status FROM clone_trainings WHERE voice_id = $1 ORDER BY run")
            .bind(voice)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(runs.len(), shared::db::trainings::KEPT_RUNS as usize);
    assert_eq!(runs.first().unwrap().0, 6, "the oldest runs went");
    assert_eq!(runs.last().unwrap(), &(15, "running".to_owned()), "the current run stays");
}

#[sqlx::test(migrations = "../migrations")]
async fn another_user_cannot_use_see_play_change_or_delete_a_private_clone(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (owner, owner_id) = app.signed_in_user("besitzer@example.com").await;
    let (other, other_id) = app.signed_in_user("fremder@example.com").await;
    app.top_up(owner_id, 500).await;
    app.top_up(other_id, 500).await;
    let voice = started_clone(&owner, "Privat").await;
    let svc = app.worker_state(app.local_engines());
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    activate(&owner, voice).await;
    let samples: Vec<Value> = owner.get(&format!("/api/voice-clones/{voice}/samples")).await.json().await.unwrap();
    let sample = samples[0]["id"].as_str().unwrap();

    for path in [
        format!("/api/voice-clones/{voice}"),
        format!("/api/voice-clones/{voice}/samples"),
        format!("/api/voice-clones/{voice}/samples/{sample}/audio"),
        format!("/api/voices/{voice}/preview"),
    ] {
        assert_eq!(other.get(&path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let list: Value = other.get("/api/voice-clones").await.json().await.unwrap();
    assert!(list["voices"].as_array().unwrap().is_empty());
    let voices: Value = other.get("/api/voices").await.json().await.unwrap();
    assert!(!voices["voices"].as_array().unwrap().iter().any(|v| v["id"] == voice.to_string()));
    assert_eq!(other.submit("Fremde Stimme", voice).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = other
        .http
        .patch(format!("{}/api/voice-clones/{voice}", other.base))
        .json(&json!({"name": "Meins"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    for action in ["start", "cancel", "reset"] {
        let res = other.post(&format!("/api/voice-clones/{voice}/training"), json!({ "action": action })).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{action}");
    }
    assert_eq!(upload(&other, voice, "training", 1, good_recording().await).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.delete(&format!("/api/voice-clones/{voice}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.get("/api/admin/voices").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(clone_of(&owner, voice).await["name"], "Privat");

    // Made global by an admin, everyone may use it, but only the owner may change it.
    let admin = app.fresh_admin().await;
    let res = admin
        .http
        .patch(format!("{}/api/admin/voices/{voice}", admin.base))
        .json(&json!({"is_global": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let shared_clone = clone_of(&other, voice).await;
    assert_eq!((shared_clone["own"].as_bool(), shared_clone["provider_voice_id"].is_null()), (Some(false), true));
    assert_eq!(other.submit("Jetzt darf ich", voice).await.status(), StatusCode::CREATED);
    assert_eq!(other.delete(&format!("/api/voice-clones/{voice}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.get(&format!("/api/voice-clones/{voice}/samples")).await.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_admin_delete_removes_every_dependent_row_and_file(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (owner, owner_id) = app.signed_in_user("geloescht@example.com").await;
    app.top_up(owner_id, 500).await;
    let voice = started_clone(&owner, "Wird gelöscht").await;
    let svc = app.worker_state(app.local_engines());
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    activate(&owner, voice).await;
    let job: Value = owner.submit("Ein Audio mit dem Klon.", voice).await.json().await.unwrap();
    let job_id: Uuid = job["job"]["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(worker::jobs::synthesize::process(&svc, job_id).await.unwrap(), Outcome::Completed);
    for sql in [
        "INSERT INTO voice_shares (voice_id, shared_with_org) VALUES ($1, 'Testfirma')",
        "INSERT INTO voice_quality_metrics (voice_id, metric, value) VALUES ($1, 'similarity', 0.8)",
    ] {
        sqlx::query(sql).bind(voice).execute(&app.pool).await.unwrap();
    }
    let files = [
        format!("{owner_id}/voice-training-{voice}-step-1.webm"),
        format!("{owner_id}/voice-training-{voice}-consent.webm"),
    ];
    for file in &files {
        assert!(app.settings.storage.dir.join(file).exists(), "{file}");
    }

    let admin = app.fresh_admin().await;
    let list: Value = admin.get("/api/admin/voices?type=clone").await.json().await.unwrap();
    let row = list["voices"].as_array().unwrap().iter().find(|v| v["id"] == voice.to_string()).unwrap();
    assert_eq!(row["owner"]["email"], "geloescht@example.com");
    assert_eq!(row["sample_count"], 2);
    // The admin hears the consent statement (the evidence).
    let samples: Vec<Value> = admin.get(&format!("/api/voice-clones/{voice}/samples")).await.json().await.unwrap();
    assert!(samples.iter().any(|s| s["kind"] == "consent"));
    // Stock voices are only switched off.
    let stock = app.voice_id("local-de-klara").await;
    let (status, error) = error_of(admin.delete(&format!("/api/admin/voices/{stock}")).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error["message"].as_str().unwrap().contains("nur deaktiviert"));

    assert_eq!(admin.delete(&format!("/api/admin/voices/{voice}")).await.status(), StatusCode::NO_CONTENT);
    let log: Vec<Value> = admin.get("/api/admin/audit?action=voice_deleted").await.json().await.unwrap();
    assert_eq!(log.len(), 1, "the deletion is audited");
    assert_eq!(
        (log[0]["subject"].as_str(), log[0]["target_email"].as_str()),
        (Some("Wird gelöscht"), Some("geloescht@example.com"))
    );
    let left: (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM voice_training_samples WHERE voice_id = $1),
                (SELECT count(*) FROM voice_usage_analytics WHERE voice_id = $1),
                (SELECT count(*) FROM voice_shares WHERE voice_id = $1),
                (SELECT count(*) FROM voice_quality_metrics WHERE voice_id = $1)",
    )
    .bind(voice)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(left, (0, 0, 0, 0), "samples, usage records, shares, quality metrics");
    for file in &files {
        assert!(!app.settings.storage.dir.join(file).exists(), "{file}");
    }
    // The audio made with it stays the owner's, with the voice's name kept.
    let audio = owner.get(&format!("/api/jobs/{job_id}/audio")).await;
    assert_eq!(audio.status(), StatusCode::OK);
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_only_admin_session_cannot_hear_another_users_recordings(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (owner, _) = app.signed_in_user("stimme@example.com").await;
    let voice = create(&owner, "Meine Stimme").await;
    assert_eq!(upload(&owner, voice, "consent", 0, good_recording().await).await.status(), StatusCode::CREATED);
    let samples: Vec<Value> = owner.get(&format!("/api/voice-clones/{voice}/samples")).await.json().await.unwrap();
    let sample = samples[0]["id"].as_str().unwrap().to_owned();
    let list = format!("/api/voice-clones/{voice}/samples");
    let audio = format!("/api/voice-clones/{voice}/samples/{sample}/audio");

    let password_only = app.password_only_admin().await;
    for path in [&list, &audio] {
        assert_eq!(password_only.get(path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    // An admin whose session proved the second factor checks the consent evidence.
    let (admin, _) = app.another_fresh_admin("pruefer@example.com").await;
    let heard: Vec<Value> = admin.get(&list).await.json().await.unwrap();
    assert_eq!(heard.len(), 1);
    let res = admin.get(&audio).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(!res.bytes().await.unwrap().is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn sharing_a_clone_with_everyone_needs_a_reentry_and_is_audited(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (owner, _) = app.signed_in_user("teilen@example.com").await;
    let voice = create(&owner, "Geteilt").await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let patch = |body: Value| admin.http.patch(format!("{}/api/admin/voices/{voice}", admin.base)).json(&body).send();

    for change in [json!({ "is_global": true }), json!({ "is_active": false })] {
        let (status, error) = error_of(patch(change.clone()).await.unwrap()).await;
        assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("reauth_required")), "{change}");
    }
    let (status, error) = error_of(admin.delete(&format!("/api/admin/voices/{voice}")).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("reauth_required")));
    let state: (bool, bool) = sqlx::query_as("SELECT is_global, is_active FROM voices WHERE id = $1")
        .bind(voice)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(state, (false, true), "nothing changed");

    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    assert_eq!(patch(json!({ "is_global": true })).await.unwrap().status(), StatusCode::OK);
    assert_eq!(patch(json!({ "is_global": false, "is_active": false })).await.unwrap().status(), StatusCode::OK);
    let log: Vec<Value> = admin.get("/api/admin/audit?action=voice_updated").await.json().await.unwrap();
    assert_eq!(log.len(), 2);
    assert!(log.iter().all(|e| e["subject"] == "Geteilt" && e["target_email"] == "teilen@example.com"));
    assert_eq!(
        (log[1]["before"]["is_global"].as_bool(), log[1]["after"]["is_global"].as_bool()),
        (Some(false), Some(true)),
        "shared"
    );
    assert_eq!(log[0]["after"], json!({ "is_global": false, "is_active": false }), "unshared and switched off");
    // The owner finds the entries about their voice under their account.
    let owner_id = log[0]["target_user_id"].as_str().unwrap();
    let about_owner: Vec<Value> =
        admin.get(&format!("/api/admin/audit?user_id={owner_id}")).await.json().await.unwrap();
    assert_eq!(about_owner.len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_monthly_fee_is_charged_once_per_period_and_never_below_zero(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (client, user) = app.signed_in_user("gebuehr@example.com").await;
    app.top_up(user, 150).await; // 100 bonus + 150
    let voice = started_clone(&client, "Abo").await;
    let svc = app.worker_state(app.local_engines());
    assert_eq!(train_voice::process(&svc, voice).await.unwrap(), Outcome::Completed);
    assert_eq!(app.balance(user).await, 250, "nothing before the owner activates it");
    activate(&client, voice).await;
    assert_eq!(app.balance(user).await, 150);

    // The daily job runs twice at once, and again: the paid period is not charged again.
    let (a, b) = tokio::join!(
        shared::use_cases::cloning::fees::charge_due(&app.pool),
        shared::use_cases::cloning::fees::charge_due(&app.pool)
    );
    assert_eq!(a.unwrap().charged + b.unwrap().charged, 0);
    assert_eq!(app.ledger_rows(user, "clone_fee").await, [-100]);

    // The next period is due: charged once, even by two runs at once.
    sqlx::query("UPDATE voices SET paid_until = now() - interval '1 minute' WHERE id = $1")
        .bind(voice)
        .execute(&app.pool)
        .await
        .unwrap();
    let (a, b) = tokio::join!(
        shared::use_cases::cloning::fees::charge_due(&app.pool),
        shared::use_cases::cloning::fees::charge_due(&app.pool)
    );
    assert_eq!(a.unwrap().charged + b.unwrap().charged, 1);
    assert_eq!(app.ledger_rows(user, "clone_fee").await, [-100, -100]);
    assert_eq!(app.balance(user).await, 50);

    // The one after that finds 50 cents: the clone is paused, the balance stays.
    sqlx::query("UPDATE voices SET paid_until = now() - interval '1 minute' WHERE id = $1")
        .bind(voice)
        .execute(&app.pool)
        .await
        .unwrap();
    let run = shared::use_cases::cloning::fees::charge_due(&app.pool).await.unwrap();
    assert_eq!((run.charged, run.paused), (0, 1));
    assert_eq!(app.balance(user).await, 50);
    assert_eq!(clone_of(&client, voice).await["status"], "paused");
    assert_eq!(client.submit("Pausiert", voice).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let (status, error) = error_of(client.post(&format!("/api/voice-clones/{voice}/pay"), json!({})).await).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert!(error["message"].as_str().unwrap().contains("Guthaben: 50 Cent"), "{error}");

    // Paid: usable again, with a fresh period from now.
    app.top_up(user, 100).await;
    let res = client.post(&format!("/api/voice-clones/{voice}/pay"), json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let clone: Value = res.json().await.unwrap();
    assert_eq!(clone["status"], "completed");
    assert_eq!(app.balance(user).await, 50);
    assert_eq!(client.submit("Wieder da", voice).await.status(), StatusCode::CREATED);
    assert!(app.ledger_drift().await.is_empty());
    let negative: i64 =
        sqlx::query_scalar("SELECT count(*) FROM users WHERE balance_cent < 0").fetch_one(&app.pool).await.unwrap();
    assert_eq!(negative, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn deleting_the_account_removes_the_voice_recordings(pool: PgPool) {
    let app = app_with(pool, |_| {}).await;
    let (client, user) = app.signed_in_user("stimme-weg@example.com").await;
    let voice = create(&client, "Persönlich").await;
    assert_eq!(upload(&client, voice, "training", 1, good_recording().await).await.status(), StatusCode::CREATED);
    let file = app.settings.storage.dir.join(format!("{user}/voice-training-{voice}-step-1.webm"));
    assert!(file.exists());
    let res = client
        .http
        .delete(format!("{}/api/account", client.base))
        .json(&json!({ "password": common::PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert!(!file.exists(), "a deleted account leaves no recording of its voice");
    let voices: i64 =
        sqlx::query_scalar("SELECT count(*) FROM voices WHERE id = $1").bind(voice).fetch_one(&app.pool).await.unwrap();
    assert_eq!(voices, 0);
}
