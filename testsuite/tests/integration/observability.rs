//! What operators see: `/metrics` with the series the dashboards need, `/healthz` and
//! `/readyz` (with the reason a dependency is not ready), and logs that name the request.

use crate::common;

use std::time::Duration;

use common::TestApp;
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// Serves the API's metrics router on a port of its own, as `http.metrics_address` does.
async fn metrics_base(app: &TestApp) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let router = api::ops::metrics_router(app.state.clone());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

async fn wait_until_completed(app: &TestApp, job: Uuid) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let status: String = sqlx::query_scalar("SELECT status::text FROM tts_jobs WHERE id = $1")
            .bind(job)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if status == "completed" {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "the job did not complete ({status})");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_show_requests_jobs_engines_queues_and_the_pool(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let metrics = metrics_base(&app).await;
    let (client, _) = app.signed_in_user("metriken@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let (stop, running) = app.spawn_worker(app.worker_state(app.local_engines()));
    let body: Value = client.submit("Ein Auftrag für die Metriken.", voice).await.json().await.unwrap();
    wait_until_completed(&app, body["job"]["id"].as_str().unwrap().parse().unwrap()).await;
    stop.cancel();
    running.await.unwrap();
    // A job deleted before any worker took it is refunded.
    let second: Value = client.submit("Der wird gleich gelöscht.", voice).await.json().await.unwrap();
    let res = client.delete(&format!("/api/jobs/{}", second["job"]["id"].as_str().unwrap())).await;
    assert!(res.status().is_success(), "{}", res.status());

    let text = reqwest::get(format!("{metrics}/metrics")).await.unwrap().text().await.unwrap();
    for series in [
        r#"stimmwerk_http_requests_total{method="POST",route="/api/jobs",status="201"}"#,
        r#"stimmwerk_http_request_duration_seconds_bucket{method="POST",route="/api/jobs",le="0.005"}"#,
        r#"stimmwerk_jobs_submitted_total{kind="synthesize",channel="web"}"#,
        r#"stimmwerk_job_latency_seconds_bucket{kind="synthesize",le="0.1"}"#,
        r#"stimmwerk_job_duration_seconds_bucket{kind="synthesize",outcome="completed",le="10"}"#,
        r#"stimmwerk_engine_requests_total{provider="eSpeak NG",status="200"}"#,
        r#"stimmwerk_queue_depth{queue="tts:synthesize"}"#,
        r#"stimmwerk_db_pool_connections{state="used"}"#,
        "stimmwerk_refunds_total ",
        "stimmwerk_refunded_cents_total ",
    ] {
        assert!(text.contains(series), "missing {series} in\n{text}");
    }
    // Routes are patterns: no series per job id.
    assert!(!text.contains(&body["job"]["id"].as_str().unwrap()[..8]), "{text}");
}

#[sqlx::test(migrations = "../migrations")]
async fn readiness_names_the_dependency_that_is_down(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let res = app.client().get("/healthz").await;
    assert_eq!((res.status(), res.text().await.unwrap()), (StatusCode::OK, "ok".to_owned()));
    let res = app.client().get("/readyz").await;
    assert_eq!(res.status(), StatusCode::OK);
    let ready: Value = res.json().await.unwrap();
    assert_eq!(
        (ready["postgres"].as_str(), ready["redis"].as_str(), ready["storage"].as_str()),
        (Some("ok"), Some("ok"), Some("ok"))
    );

    // An audio store that cannot be written: not ready, and why.
    let file = tempfile::NamedTempFile::new().unwrap();
    let broken = TestApp::spawn_with(pool, |s| s.storage.dir = file.path().join("audio")).await;
    let res = broken.client().get("/readyz").await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let ready: Value = res.json().await.unwrap();
    assert_eq!(ready["ready"], false);
    assert!(ready["storage"].as_str().unwrap().starts_with("Speicher:"), "{ready}");
    assert_eq!(ready["postgres"], "ok");
}

/// Postgres gone: every answer that needs it is a 503 with a German message and a
/// Retry-After, never a 500, and /readyz says why.
#[sqlx::test(migrations = "../migrations")]
async fn without_postgres_the_api_answers_503_in_german(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("ohne-db@example.de").await;
    app.pool.close().await;
    for res in [client.get("/api/jobs").await, client.get("/api/voices").await] {
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(res.headers()["retry-after"], "5");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error"]["message"], shared::error::DATABASE_DOWN, "{body}");
    }
    let res = app.client().get("/readyz").await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let ready: Value = res.json().await.unwrap();
    assert!(ready["postgres"].as_str().unwrap().starts_with("Postgres:"), "{ready}");
}

/// Every answer names its request; an id the caller sent is kept only marked as theirs.
#[sqlx::test(migrations = "../migrations")]
async fn every_answer_carries_a_request_id(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let res = app.client().get("/api/voices").await;
    let id = res.headers().get("x-request-id").expect("a request id").to_str().unwrap().to_owned();
    assert_eq!(id.len(), 36, "{id}");
    let res = app.client().http.get(format!("{}/api/voices", app.base)).header("x-request-id", "abc-123").send().await;
    assert_eq!(res.unwrap().headers()["x-request-id"], "client-abc-123");
}

/// Finding: a client's `X-Request-Id` was logged (and answered) as sent. It is kept only
/// as `client-<id>` with at most 64 plain characters; anything else gets our own id.
#[sqlx::test(migrations = "../migrations")]
async fn a_client_request_id_is_kept_only_prefixed_short_and_plain(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let answered = |sent: reqwest::header::HeaderValue| {
        let request = app.client().http.get(format!("{}/api/voices", app.base)).header("x-request-id", sent);
        async move { request.send().await.unwrap().headers()["x-request-id"].to_str().unwrap().to_owned() }
    };
    let plain = "Bestellung_42.retry-1";
    assert_eq!(answered(plain.parse().unwrap()).await, format!("client-{plain}"));
    let another_request = Uuid::new_v4().to_string();
    assert_eq!(answered(another_request.parse().unwrap()).await, format!("client-{another_request}"));
    for hostile in [
        "x".repeat(65).into_bytes(),
        b"a b".to_vec(),
        b"id\tlevel=ERROR msg=forged".to_vec(),
        "\u{202E}4321".as_bytes().to_vec(),
        b"\xff\xfe".to_vec(),
        b"{\"json\":1}".to_vec(),
    ] {
        let id = answered(reqwest::header::HeaderValue::from_bytes(&hostile).unwrap()).await;
        assert!(id.parse::<Uuid>().is_ok(), "{:?} became {id}", String::from_utf8_lossy(&hostile));
    }
}
