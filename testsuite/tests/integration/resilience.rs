//! The worker outlives its Redis: a private redis-server is restarted twice during a
//! burst of 200 paid jobs, and every job still finishes, charged once, no ledger drift.

use crate::common;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::TestApp;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// A redis-server of this test's own, on a free port, that can be killed and restarted
/// (the machine's shared Redis must not be touched).
struct PrivateRedis {
    port: u16,
    child: Option<Child>,
}

impl PrivateRedis {
    fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut redis = PrivateRedis { port, child: None };
        redis.spawn();
        redis
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn spawn(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .spawn()
            .expect("redis-server is installed (scripts/lib.sh installs it)");
        self.child = Some(child);
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("redis-server did not start");
    }

    /// Kills the server (everything it held is lost) and starts a new one.
    fn restart(&mut self) {
        self.kill();
        std::thread::sleep(Duration::from_millis(300));
        self.spawn();
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }
}

impl Drop for PrivateRedis {
    fn drop(&mut self) {
        self.kill();
    }
}

const VOICE: &str = "local-de-klara";
const JOBS: usize = 200;

#[sqlx::test(migrations = "../migrations")]
async fn every_job_finishes_when_redis_restarts_twice_during_a_burst(pool: PgPool) {
    let mut redis = PrivateRedis::start();
    let url = redis.url();
    let app = TestApp::spawn_with(pool, move |s| {
        s.redis.url = url;
        s.worker.sweep_every_secs = 1;
        s.worker.requeue_after_secs = 3;
        s.worker.stuck_after_secs = 5;
        s.worker.engine_override = "bench".into();
    })
    .await;
    let (client, user) = app.signed_in_user("burst@example.de").await;
    app.top_up(user, 1000).await;
    let voice = app.voice_id(VOICE).await;
    let (stop, running) = app.spawn_worker(app.worker_state(app.engines("bench", &Default::default())));

    let mut ids = Vec::new();
    for round in 0..JOBS {
        if round == JOBS / 3 || round == 2 * JOBS / 3 {
            redis.restart();
        }
        let res = client.submit(&format!("Satz Nummer {round}."), voice).await;
        assert_eq!(
            res.status(),
            reqwest::StatusCode::CREATED,
            "submission {round}: a paid job is accepted even while Redis is away"
        );
        let body: Value = res.json().await.unwrap();
        ids.push(body["job"]["id"].as_str().unwrap().parse::<Uuid>().unwrap());
    }

    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let done: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE user_id = $1 AND status = 'completed'")
            .bind(user)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if done == JOBS as i64 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "only {done} of {JOBS} jobs finished after two Redis restarts");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    stop.cancel();
    tokio::time::timeout(Duration::from_secs(60), running).await.expect("worker stops").unwrap();

    let charges = app.ledger_rows(user, "charge").await;
    assert_eq!(charges.len(), JOBS, "each job charged exactly once");
    assert!(app.ledger_rows(user, "refund").await.is_empty(), "nothing failed, nothing refunded");
    assert!(app.ledger_drift().await.is_empty());
}

/// Connections that Postgres ends under the API's feet (SQLSTATE 57P01 "terminating
/// connection due to administrator command", then broken sockets) are what a stopping
/// or restarting Postgres does to the requests in flight.
#[sqlx::test(migrations = "../migrations")]
async fn requests_that_lose_the_database_mid_flight_get_a_german_503_never_a_500(pool: PgPool) {
    // The API's pool as in production: no ping before a checkout, so a cut connection
    // fails its next query instead of being replaced quietly.
    let api_pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(8)
        .test_before_acquire(false)
        .connect_with((*pool.connect_options()).clone())
        .await
        .unwrap();
    let mut app = TestApp::spawn(api_pool).await;
    let voice = app.voice_id(VOICE).await;
    let mut clients = Vec::new();
    for i in 0..4 {
        let (client, user) = app.signed_in_user(&format!("ausfall{i}@example.de")).await;
        app.top_up(user, 1000).await;
        clients.push(client);
    }
    let mut killer = pool.acquire().await.unwrap().detach();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let terminator = {
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut rounds = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                sqlx::query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                     WHERE datname = current_database() AND pid <> pg_backend_pid()",
                )
                .execute(&mut killer)
                .await
                .unwrap();
                rounds += 1;
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
            rounds
        })
    };
    let bursts = clients.iter().enumerate().map(|(k, client)| async move {
        let mut answers = Vec::new();
        for i in 0..25 {
            let res = client.submit(&format!("Auftrag {k}-{i}."), voice).await;
            let status = res.status();
            let retry_after = res.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
            let body: Value = res.json().await.unwrap_or(Value::Null);
            answers.push((status, retry_after, body));
        }
        answers
    });
    let answers: Vec<_> = futures::future::join_all(bursts).await.into_iter().flatten().collect();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(terminator.await.unwrap() > 5, "the connections were cut again and again");

    let lost: Vec<_> = answers.iter().filter(|(s, ..)| *s == reqwest::StatusCode::SERVICE_UNAVAILABLE).collect();
    for (status, retry_after, body) in &answers {
        assert!(
            *status == reqwest::StatusCode::CREATED || *status == reqwest::StatusCode::SERVICE_UNAVAILABLE,
            "{status}: {body}"
        );
        if *status == reqwest::StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(retry_after.as_deref(), Some("5"));
            assert!(body["error"]["message"].as_str().unwrap().contains("Datenbank"), "{body}");
        }
    }
    assert!(!lost.is_empty(), "some requests were in flight when their connection was cut");
    // Checked through a pool that replaces cut connections.
    app.pool = pool;
    // Nothing half-done: every accepted job is charged once, the rest nothing.
    assert!(app.ledger_drift().await.is_empty());
    let unpaid: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM tts_jobs j WHERE NOT EXISTS
           (SELECT 1 FROM ledger_entries l WHERE l.job_id = j.id AND l.kind = 'charge')",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(unpaid, 0);
}
