//! The worker's guarantees: exactly-once refunds, no double synthesis on redelivery,
//! recovery of lost and stuck jobs, and the real queue path through Redis.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use common::TestApp;
use redis::AsyncCommands;
use serde_json::Value;
use shared::engine::{EngineAudio, EngineError, Engines, SpeechEngine, SynthesisRequest};
use sqlx::PgPool;
use uuid::Uuid;
use worker::jobs::Outcome;
use worker::jobs::synthesize::process;

const VOICE: &str = "local-de-klara";

/// Answers every request the same way and counts the calls.
struct ScriptedEngine {
    calls: AtomicUsize,
    answer: Result<EngineAudio, EngineError>,
    delay: Duration,
}

impl ScriptedEngine {
    fn engines(answer: Result<EngineAudio, EngineError>, delay: Duration) -> (Engines, Arc<ScriptedEngine>) {
        let engine = Arc::new(ScriptedEngine { calls: AtomicUsize::new(0), answer, delay });
        let mut engines = Engines::default();
        engines.insert(shared::providers::ProviderId::Local, engine.clone());
        (engines, engine)
    }
}

#[async_trait]
impl SpeechEngine for ScriptedEngine {
    fn max_chunk(&self) -> usize {
        1000
    }

    async fn synthesize(&self, _: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(self.delay).await;
        self.answer.clone()
    }
}

fn clip() -> EngineAudio {
    let samples: Vec<u8> = (0..8000i16).flat_map(|i| ((i % 50) * 200).to_le_bytes()).collect();
    EngineAudio::new(shared::audio::wav_from_pcm16(&samples, 16000), "wav")
}

async fn submitted_job(app: &TestApp, email: &str, text: &str) -> (Uuid, Uuid) {
    let (client, user) = app.signed_in_user(email).await;
    let body: Value = client.submit(text, app.voice_id(VOICE).await).await.json().await.unwrap();
    (user, body["job"]["id"].as_str().unwrap().parse().unwrap())
}

async fn job_field(app: &TestApp, id: Uuid, field: &str) -> Option<String> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT {field}::text FROM tts_jobs WHERE id = $1")))
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failing_engine_is_retried_then_refunded_exactly_once(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, job) = submitted_job(&app, "fail@example.de", &"Fehler. ".repeat(20)).await;
    assert_eq!(app.balance(user).await, 84);
    let (engines, engine) =
        ScriptedEngine::engines(Err(EngineError::Transient("Dienst überlastet.".into())), Duration::ZERO);
    let state = app.worker_state(engines);

    assert_eq!(process(&state, job).await.unwrap(), Outcome::Retry);
    assert_eq!(process(&state, job).await.unwrap(), Outcome::Retry);
    assert_eq!(app.balance(user).await, 84, "no refund while retries remain");
    assert_eq!(process(&state, job).await.unwrap(), Outcome::Failed);
    assert_eq!(engine.calls.load(Ordering::SeqCst), 3);

    // Redelivery, a racing sweep and a second failure report change nothing.
    assert_eq!(process(&state, job).await.unwrap(), Outcome::Skipped);
    assert!(!shared::use_cases::generation::fail_and_refund(&app.pool, job, "nochmal").await.unwrap());

    assert_eq!(app.balance(user).await, 100);
    assert_eq!(app.ledger_rows(user, "refund").await, vec![16]);
    assert_eq!(job_field(&app, job, "status").await.unwrap(), "failed");
    let message = job_field(&app, job, "error_message").await.unwrap();
    assert_eq!(message, "Dienst überlastet, auch nach 3 Versuchen; der Betrag wurde erstattet.");
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn permanent_errors_and_malformed_audio_fail_at_once_with_a_refund(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let cases = [
        (Err(EngineError::Permanent("Unbekannte Stimme.".into())), "Unbekannte Stimme; der Betrag wurde erstattet."),
        (
            Ok(EngineAudio::new(b"<html>kein Audio</html>".to_vec(), "mp3")),
            "Die Audiodaten des Sprachdienstes sind ungültig",
        ),
    ];
    for (i, (answer, expected)) in cases.into_iter().enumerate() {
        let (user, job) = submitted_job(&app, &format!("kaputt{i}@example.de"), "Kurzer Text.").await;
        let (engines, _) = ScriptedEngine::engines(answer, Duration::ZERO);
        assert_eq!(process(&app.worker_state(engines), job).await.unwrap(), Outcome::Failed);
        assert!(job_field(&app, job, "error_message").await.unwrap().starts_with(expected));
        assert_eq!(app.balance(user).await, 100);
        assert_eq!(app.ledger_rows(user, "refund").await, vec![2]);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_job_delivered_twice_is_synthesized_once(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, job) = submitted_job(&app, "doppelt@example.de", "Nur einmal sprechen.").await;
    let (engines, engine) = ScriptedEngine::engines(Ok(clip()), Duration::from_millis(200));
    let state = app.worker_state(engines);
    let (a, b) = tokio::join!(process(&state, job), process(&state, job));
    let mut outcomes = [a.unwrap(), b.unwrap()];
    outcomes.sort_by_key(|o| format!("{o:?}"));
    assert_eq!(outcomes, [Outcome::Completed, Outcome::Skipped]);
    assert_eq!(process(&state, job).await.unwrap(), Outcome::Skipped);
    assert_eq!(engine.calls.load(Ordering::SeqCst), 1);
    assert_eq!(job_field(&app, job, "status").await.unwrap(), "completed");
    assert_eq!(app.balance(user).await, 98);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_sweep_recovers_lost_and_stuck_jobs(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, lost) = submitted_job(&app, "sweep@example.de", "Verloren gegangen.").await;
    let (_, stuck) = submitted_job(&app, "sweep2@example.de", "Hängt fest.").await;
    let (victim, dead) = submitted_job(&app, "sweep3@example.de", "Immer wieder abgestürzt.").await;
    // lost: committed but never reached Redis; stuck: a worker died mid-job;
    // dead: died on its last attempt.
    sqlx::query("UPDATE tts_jobs SET enqueued_at = NULL, created_at = now() - interval '1 minute' WHERE id = $1")
        .bind(lost)
        .execute(&app.pool)
        .await
        .unwrap();
    for (id, attempts) in [(stuck, 1), (dead, 3)] {
        sqlx::query("UPDATE tts_jobs SET status = 'processing', attempts = $2, heartbeat_at = now() - interval '10 minutes' WHERE id = $1")
            .bind(id).bind(attempts).execute(&app.pool).await.unwrap();
    }
    let recovered = shared::use_cases::generation::recover(&app.state.svc, None).await.unwrap();
    assert_eq!(recovered, 3);
    assert_eq!(job_field(&app, lost, "status").await.unwrap(), "pending");
    assert!(job_field(&app, lost, "enqueued_at").await.is_some(), "pushed again");
    assert_eq!(job_field(&app, stuck, "status").await.unwrap(), "pending");
    assert_eq!(job_field(&app, dead, "status").await.unwrap(), "failed");
    assert_eq!(app.balance(victim).await, 100, "refunded");
    assert_eq!(app.balance(user).await, 98, "the lost job is still paid and will run");
    let again = shared::use_cases::generation::recover(&app.state.svc, None).await.unwrap();
    assert_eq!(again, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_cleanup_button_only_touches_my_jobs(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("mine@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let mine: Value = client.submit("Meiner hängt.", voice).await.json().await.unwrap();
    let (_, theirs) = submitted_job(&app, "theirs@example.de", "Deiner hängt.").await;
    for id in [mine["job"]["id"].as_str().unwrap().parse::<Uuid>().unwrap(), theirs] {
        sqlx::query("UPDATE tts_jobs SET status = 'processing', attempts = 1, heartbeat_at = now() - interval '1 hour' WHERE id = $1")
            .bind(id).execute(&app.pool).await.unwrap();
    }
    let res: Value = client.post("/api/jobs/cleanup", serde_json::json!({})).await.json().await.unwrap();
    assert_eq!(res["cleaned_jobs"], 1);
    assert_eq!(job_field(&app, theirs, "status").await.unwrap(), "processing");
}

#[sqlx::test(migrations = "../migrations")]
async fn jobs_flow_through_redis_to_a_running_worker(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("queue@example.de").await;
    let voice = app.voice_id(VOICE).await;
    let (stop, running) = app.spawn_worker(app.worker_state(app.local_engines()));
    let mut ids = Vec::new();
    for text in ["Erster Satz über Redis.", "Zweiter Satz über Redis."] {
        let body: Value = client.submit(text, voice).await.json().await.unwrap();
        ids.push(body["job"]["id"].as_str().unwrap().parse::<Uuid>().unwrap());
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let done: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE user_id = $1 AND status = 'completed'")
            .bind(user)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if done == 2 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "jobs did not complete through the queue");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The sweep forgets finished tasks: Redis keeps no payload, metadata or id of them.
    let config = app.state.svc.queue.keys::<shared::queue::Synthesize>();
    let mut redis = app.state.svc.queue.connection();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let payloads: u64 = redis.hlen(config.job_data_hash()).await.unwrap();
        let done: u64 = redis.scard(config.done_jobs_set()).await.unwrap();
        let metadata: Vec<String> = redis.keys(format!("{}:*", config.job_meta_hash())).await.unwrap();
        if payloads == 0 && done == 0 && metadata.is_empty() {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "finished tasks stay in Redis: {payloads} {done} {metadata:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    stop.cancel();
    tokio::time::timeout(Duration::from_secs(30), running).await.expect("worker stops on signal").unwrap();
    for id in ids {
        let res = client.get(&format!("/api/jobs/{id}/audio")).await;
        assert!(shared::audio::decode(&res.bytes().await.unwrap(), "mp3").unwrap().duration_seconds() > 0.5);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn shutdown_finishes_the_job_in_flight(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, job) = submitted_job(&app, "sigterm@example.de", "Bitte zu Ende sprechen.").await;
    let (engines, engine) = ScriptedEngine::engines(Ok(clip()), Duration::from_secs(2));
    let (stop, running) = app.spawn_worker(app.worker_state(engines));
    // The job was pushed before the worker started; wait until it is being synthesized.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while engine.calls.load(Ordering::SeqCst) == 0 {
        assert!(tokio::time::Instant::now() < deadline, "job never started");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(job_field(&app, job, "status").await.unwrap(), "processing");
    stop.cancel();
    tokio::time::timeout(Duration::from_secs(30), running).await.expect("worker exits").unwrap();
    assert_eq!(job_field(&app, job, "status").await.unwrap(), "completed", "in-flight job finished before exit");
    assert_eq!(app.balance(user).await, 97, "23 characters cost 3 cents, not refunded");
}

/// Runs a worker on the local engine until `job` is completed (failing with `never` after
/// 120 s), stops it, and checks that `user` paid for the job once.
async fn work_until_completed(app: &TestApp, user: Uuid, job: Uuid, never: &str) {
    let (stop, running) = app.spawn_worker(app.worker_state(app.local_engines()));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    while job_field(app, job, "status").await.unwrap() != "completed" {
        assert!(tokio::time::Instant::now() < deadline, "{never}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    stop.cancel();
    tokio::time::timeout(Duration::from_secs(30), running).await.expect("worker exits").unwrap();
    let cost: i64 = job_field(app, job, "cost_cent").await.unwrap().parse().unwrap();
    assert_eq!(app.balance(user).await, 100 - cost, "charged once");
}

/// apalis' fetch moves all due jobs of a kind with one Lua `unpack`, which fails beyond
/// about 8,000 values and stops the kind's workers for good. A backlog that grew while
/// no worker fetched must still be worked off (`Queue::promote_due`).
#[sqlx::test(migrations = "../migrations")]
async fn a_backlog_of_more_than_eight_thousand_jobs_is_still_fetched(pool: PgPool) {
    use futures::StreamExt;
    let app = TestApp::spawn(pool).await;
    let queue = &app.state.svc.queue;
    // Ids without a row: the worker skips them after one look.
    futures::stream::iter(0..9_000)
        .for_each_concurrent(64, |_| async { queue.push::<shared::queue::Synthesize>(Uuid::new_v4()).await.unwrap() })
        .await;
    let (user, job) = submitted_job(&app, "backlog@example.de", "Ganz hinten in der Schlange.").await;
    assert_eq!(queue.depth::<shared::queue::Synthesize>().await.unwrap(), 9_001, "all due jobs are in the active list");
    work_until_completed(&app, user, job, "the job behind the backlog was never fetched").await;
}

/// Due jobs that no push promoted (left by an older version, or by a crash between
/// apalis' push and the promotion) would make every fetch fail; a starting worker
/// promotes them first (`Queue::promote_due` in the runner).
#[sqlx::test(migrations = "../migrations")]
async fn a_starting_worker_promotes_the_due_jobs_a_push_left_behind(pool: PgPool) {
    use apalis::prelude::TaskSink;
    use futures::StreamExt;
    use shared::queue::{Job, Synthesize};
    let app = TestApp::spawn(pool).await;
    let queue = &app.state.svc.queue;
    let (user, job) = submitted_job(&app, "left-behind@example.de", "Wartet hinter alten Einträgen.").await;
    // apalis' own push, without the promotion `Queue::push` adds; ids without a row.
    futures::stream::iter(0..9_000)
        .for_each_concurrent(64, |_| async {
            queue.storage::<Synthesize>().push(Synthesize::new(Uuid::new_v4())).await.unwrap()
        })
        .await;
    let scheduled = queue.keys::<Synthesize>().scheduled_jobs_set();
    let left: u64 = queue.connection().zcard(&scheduled).await.unwrap();
    assert_eq!(left, 9_000, "left in the scheduled set");
    work_until_completed(&app, user, job, "the worker never fetched the job").await;
    let left: u64 = queue.connection().zcard(&scheduled).await.unwrap();
    assert_eq!(left, 0, "all promoted");
}

/// A pending job whose push is old was lost by Redis only if nothing waits in the queue.
/// While a backlog is worked off its old pushes are still in line: pushing them again
/// made the queue grow faster than the workers skipped the duplicates.
#[sqlx::test(migrations = "../migrations")]
async fn the_sweep_pushes_an_old_job_again_only_when_the_queue_lost_it(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let queue = &app.state.svc.queue;
    let mut waiting = Vec::new();
    for n in 0..3 {
        waiting.push(submitted_job(&app, &format!("backlog{n}@example.de"), "Wartet in der Schlange.").await.1);
    }
    sqlx::query("UPDATE tts_jobs SET enqueued_at = now() - interval '10 minutes'").execute(&app.pool).await.unwrap();
    assert_eq!(
        shared::use_cases::generation::recover(&app.state.svc, None).await.unwrap(),
        0,
        "still in line: not pushed again"
    );
    assert_eq!(queue.depth::<shared::queue::Synthesize>().await.unwrap(), 3);

    // Redis loses the queue (a restart without persistence).
    let config = queue.keys::<shared::queue::Synthesize>();
    let _: () = queue.connection().del(config.active_jobs_list()).await.unwrap();
    assert_eq!(shared::use_cases::generation::recover(&app.state.svc, None).await.unwrap(), 3, "lost: pushed again");
    assert_eq!(queue.depth::<shared::queue::Synthesize>().await.unwrap(), 3);
    for id in waiting {
        assert_eq!(job_field(&app, id, "status").await.unwrap(), "pending");
    }
}
