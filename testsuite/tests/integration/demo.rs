//! The anonymous live demo: limits enforced on the server, synthesis in the workers'
//! priority lane.

use crate::common;

use common::{TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

async fn demo_voice(app: &TestApp, key: &str) -> String {
    app.voice_id(key).await.to_string()
}

/// A worker with the local engines: the demo's lane runs there.
fn start_worker(app: &TestApp) -> tokio_util::sync::CancellationToken {
    app.spawn_worker(app.worker_state(app.local_engines())).0
}

#[sqlx::test(migrations = "../migrations")]
async fn the_demo_offers_only_demo_voices_that_can_speak_and_three_tries(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let res = app.client().get("/api/demo").await;
    assert!(res.headers()["set-cookie"].to_str().unwrap().contains("stimmwerk_demo="));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["tries_per_day"], 3);
    assert_eq!(body["remaining"], 3);
    assert_eq!(body["max_chars"], 100);
    let voices = body["voices"].as_array().unwrap();
    // Five demo voices; without cloud keys only the local ones can speak, and visitors
    // are shown only what they can try.
    let local_demo_voices = 3;
    assert_eq!(voices.len(), local_demo_voices);
    assert!(voices.iter().all(|v| v["is_demo"] == true && v["available"] == true && v["provider"] == "local"));
    assert!(voices.iter().all(|v| v["unavailable_reason"].is_null()));
    assert!(voices.iter().all(|v| v["avatar"].as_str().is_some_and(|a| a.starts_with("/avatars/"))));
    let jonas = voices.iter().find(|v| v["key"] == "local-de-jonas").unwrap();
    assert_eq!(jonas["api_name"], "de+m3");
    assert_eq!(jonas["gender"], "male");
    assert_eq!(jonas["language"], "de-DE");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_fourth_try_and_a_101_character_text_are_refused(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let _worker = start_worker(&app);
    let browser = app.client();
    browser.get("/api/demo").await;
    let voice = demo_voice(&app, "local-de-jonas").await;

    let (status, error) =
        error_of(browser.post("/api/demo/speech", json!({ "text": "x".repeat(101), "voice_id": voice })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Text zu lang");
    assert_eq!(error["message"], "Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.");

    for remaining in ["2", "1", "0"] {
        let res = browser.post("/api/demo/speech", json!({ "text": "Hallo aus der Demo.", "voice_id": voice })).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "audio/mpeg");
        assert_eq!(res.headers()["x-demo-remaining"], remaining, "the refused long text did not count");
        let audio = res.bytes().await.unwrap();
        assert!(shared::audio::decode(&audio, "mp3").unwrap().duration_seconds() > 0.5);
    }
    let (status, error) =
        error_of(browser.post("/api/demo/speech", json!({ "text": "Noch einmal?", "voice_id": voice })).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(error["title"], "Demo-Limit erreicht");
    assert_eq!(error["message"], "Sie haben bereits 3 Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung.");
    let overview: Value = browser.get("/api/demo").await.json().await.unwrap();
    assert_eq!(overview["remaining"], 0);

    // A new browser (no cookie) from the same address is limited by the IP counter.
    let (status, _) =
        error_of(app.client().post("/api/demo/speech", json!({ "text": "Neuer Browser.", "voice_id": voice })).await)
            .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_per_browser_limit_holds_when_the_address_allows_more(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.demo.tries_per_ip = 100).await;
    let _worker = start_worker(&app);
    let voice = demo_voice(&app, "local-de-klara").await;
    let browser = app.client();
    for _ in 0..3 {
        assert_eq!(
            browser.post("/api/demo/speech", json!({ "text": "Hallo.", "voice_id": voice })).await.status(),
            StatusCode::OK
        );
    }
    assert_eq!(
        browser.post("/api/demo/speech", json!({ "text": "Hallo.", "voice_id": voice })).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    let other = app.client();
    assert_eq!(
        other.post("/api/demo/speech", json!({ "text": "Hallo.", "voice_id": voice })).await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn only_available_demo_voices_can_be_used(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let browser = app.client();
    let paid_only = demo_voice(&app, "local-de-lukas").await;
    let (status, error) =
        error_of(browser.post("/api/demo/speech", json!({ "text": "Hallo.", "voice_id": paid_only })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["voice_id"], "Diese Stimme gibt es in der Demo nicht.");
    let cloud = demo_voice(&app, "openai-de-nova").await;
    let (status, error) =
        error_of(browser.post("/api/demo/speech", json!({ "text": "Hallo.", "voice_id": cloud })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["voice_id"], "Derzeit nicht verfügbar.", "visitors are not told about our keys");
    let (status, error) =
        error_of(browser.post("/api/demo/speech", json!({ "text": " ", "voice_id": cloud })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Eingabe unvollständig");
    let overview: Value = browser.get("/api/demo").await.json().await.unwrap();
    assert_eq!(overview["remaining"], 3, "refused requests cost no try");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_failed_synthesis_gives_the_try_back(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let _worker = start_worker(&app);
    // A voice name the local engine refuses makes synthesis fail.
    sqlx::query("UPDATE voices SET api_name = 'kaputt; rm' WHERE catalogue_key = 'local-de-jonas'")
        .execute(&app.pool)
        .await
        .unwrap();
    let browser = app.client();
    let voice = demo_voice(&app, "local-de-jonas").await;
    let (status, error) =
        error_of(browser.post("/api/demo/speech", json!({ "text": "Hallo.", "voice_id": voice })).await).await;
    assert_eq!(status, StatusCode::BAD_GATEWAY);
    assert_eq!(error["title"], "Fehler bei der Audio-Generierung");
    assert!(error["message"].as_str().unwrap().starts_with("Unbekannte lokale Stimme"));
    let overview: Value = browser.get("/api/demo").await.json().await.unwrap();
    assert_eq!(overview["remaining"], 3);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_burst_of_visitors_waits_in_the_lane_while_the_api_serves_everyone_else(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.demo.tries_per_ip = 100).await;
    let voice = demo_voice(&app, "local-de-klara").await;
    // No worker yet: every demo request is queued, and the API synthesizes nothing.
    let visitors: Vec<_> = (0..6)
        .map(|i| {
            let browser = app.client();
            let voice = voice.clone();
            tokio::spawn(async move {
                browser.post("/api/demo/speech", json!({ "text": format!("Besucher {i}."), "voice_id": voice })).await
            })
        })
        .collect();
    let mut waiting = 0;
    for _ in 0..200 {
        waiting = sqlx::query_scalar::<_, i64>("SELECT count(*) FROM demo_requests WHERE status = 'pending'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if waiting == 6 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(waiting, 6, "all six wait in the lane");
    for _ in 0..20 {
        assert_eq!(app.client().get("/api/demo").await.status(), StatusCode::OK, "the API answers meanwhile");
    }
    let _worker = start_worker(&app);
    for visitor in visitors {
        let res = visitor.await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert!(shared::audio::decode(&res.bytes().await.unwrap(), "mp3").unwrap().duration_seconds() > 0.3);
    }
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM demo_requests").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0, "answered requests leave nothing behind");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_visitor_is_served_before_a_backlog_of_paid_jobs(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.worker.concurrency = 1).await;
    let (user, user_id) = app.signed_in_user("vielschreiber@example.de").await;
    app.top_up(user_id, 10_000).await;
    let paid_voice = app.voice_id("local-de-jonas").await;
    let sentence = "Dies ist ein langer Satz für den Rückstau bezahlter Aufträge. ";
    for _ in 0..8 {
        assert_eq!(user.submit(&sentence.repeat(12), paid_voice).await.status(), StatusCode::CREATED);
    }
    let _worker = start_worker(&app);
    let browser = app.client();
    let voice = demo_voice(&app, "local-de-klara").await;
    let res = browser.post("/api/demo/speech", json!({ "text": "Ich bin sofort dran.", "voice_id": voice })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let unfinished: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE status IN ('pending', 'processing')")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(unfinished >= 5, "the visitor did not wait for the paid backlog ({unfinished} paid jobs still open)");
}
