//! Outgoing webhooks against a local receiver: one signed event per completed and per
//! failed job, retries with backoff until the receiver answers and no longer than 24
//! hours, resend, secret rotation, the address rule at saving and at delivery, and that
//! nobody reads or resends another user's deliveries.

use crate::common;

use std::sync::Arc;

use common::{Client, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const VOICE: &str = "local-de-klara";

async fn local_app(pool: PgPool) -> TestApp {
    TestApp::spawn_with(pool, |s| s.webhooks.allow_private_addresses = true).await
}

async fn put_endpoint(client: &Client, url: &str) -> reqwest::Response {
    client.http.put(format!("{}/api/webhook", client.base)).json(&json!({ "url": url })).send().await.unwrap()
}

/// Sets the endpoint and returns its secret.
async fn endpoint(client: &Client, url: &str) -> String {
    let res = put_endpoint(client, url).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json::<Value>().await.unwrap()["secret"].as_str().unwrap().to_owned()
}

fn verifies(request: &wiremock::Request, secret: &str) -> bool {
    let timestamp: i64 = request.headers["stimmwerk-timestamp"].to_str().unwrap().parse().unwrap();
    let signature = request.headers["stimmwerk-signature"].to_str().unwrap();
    signature == format!("v1={}", shared::use_cases::webhooks::sign(secret, timestamp, &request.body))
}

async fn deliveries(client: &Client) -> Vec<Value> {
    client.get("/api/webhook/deliveries").await.json::<Vec<Value>>().await.unwrap()
}

/// A completed job of the user (synthesized by the worker's handler).
async fn completed_job(app: &TestApp, client: &Client) -> Uuid {
    let voice = app.voice_id(VOICE).await;
    let created: Value = client.submit("Fertig für den Webhook.", voice).await.json().await.unwrap();
    let id: Uuid = created["job"]["id"].as_str().unwrap().parse().unwrap();
    let worker = app.worker_state(app.local_engines());
    worker::jobs::synthesize::process(&worker, id).await.unwrap();
    id
}

#[sqlx::test(migrations = "../migrations")]
async fn completed_and_failed_jobs_each_send_one_signed_event(pool: PgPool) {
    let app = local_app(pool).await;
    let receiver = MockServer::start().await;
    Mock::given(method("POST")).and(path("/hook")).respond_with(ResponseTemplate::new(200)).mount(&receiver).await;
    let (client, _) = app.signed_in_user("haken@example.de").await;
    let secret = endpoint(&client, &format!("{}/hook", receiver.uri())).await;
    assert!(secret.starts_with("whsec_"));
    let shown: Value = client.get("/api/webhook").await.json().await.unwrap();
    assert!(!shown.to_string().contains(&secret), "the secret is shown only once");

    let done = completed_job(&app, &client).await;
    let voice = app.voice_id(VOICE).await;
    let created: Value = client.submit("Das wird scheitern.", voice).await.json().await.unwrap();
    let failing: Uuid = created["job"]["id"].as_str().unwrap().parse().unwrap();
    shared::use_cases::generation::fail_and_refund(&app.pool, failing, "Testfehler.").await.unwrap();
    // Written with the status change, before anything was sent.
    assert_eq!(deliveries(&client).await.len(), 2);

    assert_eq!(shared::use_cases::webhooks::deliver_due(&app.state.svc).await.unwrap(), 2);
    assert_eq!(shared::use_cases::webhooks::deliver_due(&app.state.svc).await.unwrap(), 0, "each is sent once");
    let received = receiver.received_requests().await.unwrap();
    assert_eq!(received.len(), 2);
    let mut kinds = Vec::new();
    for request in &received {
        assert!(verifies(request, &secret), "signature over timestamp.body with the shown secret");
        assert_eq!(request.headers["content-type"], "application/json");
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(request.headers["stimmwerk-webhook-id"].to_str().unwrap(), body["id"].as_str().unwrap());
        kinds.push((body["type"].as_str().unwrap().to_owned(), body["data"]["job"]["id"].as_str().unwrap().to_owned()));
        if body["type"] == "job.completed" {
            assert_eq!(body["data"]["job"]["audio_url"], format!("/v1/jobs/{done}/audio"));
        }
    }
    kinds.sort();
    assert_eq!(kinds, [("job.completed".to_owned(), done.to_string()), ("job.failed".to_owned(), failing.to_string())]);
    let log = deliveries(&client).await;
    assert!(log.iter().all(|d| d["status"] == "delivered" && d["last_status_code"] == 200 && d["attempts"] == 1));

    // The test ping answers what the receiver said.
    let ping: Value = client.post("/api/webhook/test", json!({})).await.json().await.unwrap();
    assert_eq!((ping["delivered"].as_bool(), ping["status_code"].as_i64()), (Some(true), Some(200)));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failing_receiver_is_retried_with_backoff_and_given_up_after_24_hours(pool: PgPool) {
    let app = local_app(pool).await;
    let receiver = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(500).set_body_string("kaputt"))
        .up_to_n_times(2)
        .mount(&receiver)
        .await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200)).mount(&receiver).await;
    let (client, _) = app.signed_in_user("wieder@example.de").await;
    endpoint(&client, &receiver.uri()).await;
    completed_job(&app, &client).await;
    let svc = &app.state.svc;

    shared::use_cases::webhooks::deliver_due(svc).await.unwrap();
    let first = &deliveries(&client).await[0];
    assert_eq!(
        (first["status"].as_str(), first["attempts"].as_i64(), first["last_status_code"].as_i64()),
        (Some("pending"), Some(1), Some(500))
    );
    assert!(first["last_error"].as_str().unwrap().contains("kaputt"));
    let wait: f64 =
        sqlx::query_scalar("SELECT extract(epoch FROM next_attempt_at - now())::float8 FROM webhook_deliveries")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!((25.0..=31.0).contains(&wait), "first retry after 30 s, got {wait}");
    assert_eq!(shared::use_cases::webhooks::deliver_due(svc).await.unwrap(), 0, "not before its time");

    for expected in ["pending", "delivered"] {
        sqlx::query("UPDATE webhook_deliveries SET next_attempt_at = now()").execute(&app.pool).await.unwrap();
        shared::use_cases::webhooks::deliver_due(svc).await.unwrap();
        assert_eq!(deliveries(&client).await[0]["status"], expected);
    }
    let done = &deliveries(&client).await[0];
    assert_eq!((done["attempts"].as_i64(), done["last_status_code"].as_i64()), (Some(3), Some(200)));
    assert_eq!(receiver.received_requests().await.unwrap().len(), 3);

    // A receiver that never answers: the delivery fails once its 24 hours are over.
    let dead = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(503)).mount(&dead).await;
    assert_eq!(put_endpoint(&client, &dead.uri()).await.status(), StatusCode::OK);
    completed_job(&app, &client).await;
    sqlx::query("UPDATE webhook_deliveries SET give_up_at = now() + interval '10 seconds' WHERE status = 'pending'")
        .execute(&app.pool)
        .await
        .unwrap();
    shared::use_cases::webhooks::deliver_due(svc).await.unwrap();
    assert_eq!(deliveries(&client).await[0]["status"], "failed", "the next try would be after its 24 hours");

    // "Erneut senden" gives it another go (and 24 new hours).
    let id = deliveries(&client).await[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        client.post(&format!("/api/webhook/deliveries/{id}/resend"), json!({})).await.status(),
        StatusCode::NO_CONTENT
    );
    shared::use_cases::webhooks::deliver_due(svc).await.unwrap();
    assert_eq!(dead.received_requests().await.unwrap().len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn internal_addresses_are_refused_when_saved(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("intern@example.de").await;
    for url in [
        "http://127.0.0.1:8080/hook",
        "http://localhost/hook",
        "http://10.0.0.1/hook",
        "http://[::1]/hook",
        "http://169.254.169.254/latest/meta-data",
        "ftp://example.com/hook",
        "https://nutzer:pw@example.com/",
        "kein-link",
    ] {
        let (status, error) = error_of(put_endpoint(&client, url).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{url}");
        assert!(error["fields"]["url"].is_string(), "{url}: {error}");
    }
    assert_eq!(client.get("/api/webhook").await.json::<Value>().await.unwrap(), Value::Null);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_endpoint_that_resolves_internally_is_refused_at_delivery(pool: PgPool) {
    // Saved while allowed (a test receiver on 127.0.0.1), delivered under the real rule:
    // DNS may point a saved host elsewhere later, so every delivery checks again.
    let app = local_app(pool).await;
    let receiver = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200)).mount(&receiver).await;
    let (client, _) = app.signed_in_user("spaeter-intern@example.de").await;
    endpoint(&client, &receiver.uri()).await;
    completed_job(&app, &client).await;
    let strict = shared::Services {
        settings: Arc::new({
            let mut s = (*app.state.svc.settings).clone();
            s.webhooks.allow_private_addresses = false;
            s
        }),
        ..app.state.svc.clone()
    };
    shared::use_cases::webhooks::deliver_due(&strict).await.unwrap();
    assert!(receiver.received_requests().await.unwrap().is_empty(), "no request reached the internal address");
    let log = deliveries(&client).await;
    assert!(log[0]["last_error"].as_str().unwrap().contains("internes oder privates Netz"), "{}", log[0]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_rotated_secret_signs_from_then_on_and_others_cannot_touch_my_webhook(pool: PgPool) {
    let app = local_app(pool).await;
    let receiver = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(204)).mount(&receiver).await;
    let (anna, _) = app.signed_in_user("anna-haken@example.de").await;
    let (bert, _) = app.signed_in_user("bert-haken@example.de").await;
    let old = endpoint(&anna, &receiver.uri()).await;
    let changed = put_endpoint(&anna, &format!("{}/neu", receiver.uri())).await.json::<Value>().await.unwrap();
    assert_eq!(changed["secret"], Value::Null, "changing the URL keeps the secret");
    let rotated: Value = anna.post("/api/webhook/secret", json!({})).await.json().await.unwrap();
    let new = rotated["secret"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    completed_job(&app, &anna).await;
    shared::use_cases::webhooks::deliver_due(&app.state.svc).await.unwrap();
    let received = receiver.received_requests().await.unwrap();
    assert_eq!(received[0].url.path(), "/neu");
    assert!(verifies(&received[0], &new) && !verifies(&received[0], &old));

    let id = deliveries(&anna).await[0]["id"].as_str().unwrap().to_owned();
    assert!(deliveries(&bert).await.is_empty());
    assert_eq!(
        bert.post(&format!("/api/webhook/deliveries/{id}/resend"), json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(bert.delete("/api/webhook").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(bert.post("/api/webhook/secret", json!({})).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(bert.get("/api/webhook").await.json::<Value>().await.unwrap(), Value::Null);
    // Bert's own endpoint does not receive Anna's events.
    let his = MockServer::start().await;
    endpoint(&bert, &his.uri()).await;
    completed_job(&app, &anna).await;
    shared::use_cases::webhooks::deliver_due(&app.state.svc).await.unwrap();
    assert!(his.received_requests().await.unwrap().is_empty());
    assert_eq!(anna.delete("/api/webhook").await.status(), StatusCode::NO_CONTENT);
}

/// A receiver on 127.0.0.1 that answers every request with `head` and then body bytes
/// without end, until the other side hangs up; counts the body bytes it got out.
fn endless_receiver(head: &'static str) -> (String, Arc<std::sync::atomic::AtomicUsize>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let written = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = written.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let counter = counter.clone();
            std::thread::spawn(move || {
                let mut request = [0u8; 64 * 1024];
                let _ = stream.read(&mut request);
                if stream.write_all(head.as_bytes()).is_err() {
                    return;
                }
                let block = vec![b'x'; 64 * 1024];
                while stream.write_all(&block).is_ok() {
                    counter.fetch_add(block.len(), std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    (url, written)
}

/// Finding: a receiver answering 400 MB took the API from 33 MB to 850 MB, as the whole
/// answer was read. Now at most 4 KiB of it are, for deliveries and the test ping alike.
#[sqlx::test(migrations = "../migrations")]
async fn answers_from_outside_are_never_read_whole_an_endless_webhook_answer_is_cut(pool: PgPool) {
    let app = local_app(pool).await;
    let (failing, failing_written) =
        endless_receiver("HTTP/1.1 500 Internal Server Error\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n");
    let (client, _) = app.signed_in_user("endlos@example.de").await;
    endpoint(&client, &format!("{failing}/hook")).await;
    completed_job(&app, &client).await;

    let started = std::time::Instant::now();
    assert_eq!(shared::use_cases::webhooks::deliver_due(&app.state.svc).await.unwrap(), 1);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    let log = deliveries(&client).await;
    assert_eq!((log[0]["status"].as_str(), log[0]["last_status_code"].as_i64()), (Some("pending"), Some(500)));
    let error = log[0]["last_error"].as_str().unwrap();
    assert_eq!(error, format!("HTTP 500: {}…", "x".repeat(300)), "the start of the answer, marked as cut");

    // The test ping, answered without end too.
    let started = std::time::Instant::now();
    let ping: Value = client.post("/api/webhook/test", json!({})).await.json().await.unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    assert_eq!((ping["delivered"].as_bool(), ping["status_code"].as_i64()), (Some(false), Some(500)));
    assert!(ping["error"].as_str().unwrap().ends_with('…'), "{ping}");

    // A success answered without end is not read at all.
    let (accepting, _) = endless_receiver("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n");
    assert_eq!(put_endpoint(&client, &format!("{accepting}/hook")).await.status(), StatusCode::OK);
    let started = std::time::Instant::now();
    let ping: Value = client.post("/api/webhook/test", json!({})).await.json().await.unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    assert_eq!((ping["delivered"].as_bool(), ping["status_code"].as_i64()), (Some(true), Some(200)));

    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let written = failing_written.load(std::sync::atomic::Ordering::Relaxed);
    assert!(written < 32 * 1024 * 1024, "the receiver got {written} bytes out: the rest was never read");
}
