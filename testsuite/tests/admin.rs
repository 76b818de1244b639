//! Admin engine settings: role and re-authentication enforced on the server, keys
//! stored encrypted and never readable back, and stored keys switching engines on.

mod common;

use base64::Engine;
use common::{PASSWORD, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const FAKE_KEY: &str = "sk-test-geheim-9876";

async fn admin_client(app: &TestApp) -> common::Client {
    let (client, password) = app.signed_in_admin_with_password().await;
    let res = client.post("/api/admin/reauth", json!({ "password": password })).await;
    assert_eq!(res.status(), StatusCode::OK);
    client
}

fn with_master_key(s: &mut shared::config::Settings) {
    s.secrets.encryption_key = base64::engine::general_purpose::STANDARD.encode([42u8; 32]).into();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_non_admin_gets_403_on_every_admin_endpoint(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let (user, _) = app.signed_in_user("normal@example.de").await;
    let calls = [
        user.post("/api/admin/reauth", json!({ "password": PASSWORD })).await,
        user.get("/api/admin/services").await,
        user.http
            .put(format!("{}/api/admin/services/openai_tts/key", app.base))
            .json(&json!({ "key": FAKE_KEY }))
            .send()
            .await
            .unwrap(),
        user.delete("/api/admin/services/openai_tts/key").await,
        user.post("/api/admin/services/postgres/test", json!({})).await,
    ];
    for res in calls {
        let (status, error) = error_of(res).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(error["code"], "forbidden");
    }
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM provider_keys").fetch_one(&app.pool).await.unwrap();
    assert_eq!(stored, 0);
    assert_eq!(app.client().get("/api/admin/services").await.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn admins_must_reenter_their_password_first(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let (status, error) = error_of(admin.get("/api/admin/services").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error["code"], "reauth_required");
    let (status, error) = error_of(admin.post("/api/admin/reauth", json!({ "password": "falsch-falsch" })).await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error["message"], "Das Passwort ist falsch.");
    let res = admin.post("/api/admin/reauth", json!({ "password": password })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = admin.get("/api/admin/services").await.json().await.unwrap();
    assert_eq!(body["total"], 9, "4 cloud speech providers, 2 clone engines, Stripe, Postgres, Redis");
    assert_eq!(body["configured"], 2, "postgres and redis only");
    let openai = body["services"].as_array().unwrap().iter().find(|s| s["id"] == "openai_tts").unwrap().clone();
    assert_eq!(openai["status"], "missing");
    assert_eq!(openai["category"], "AI/ML");
    assert_eq!(openai["secret_name"], "APP__PROVIDERS__OPENAI__API_KEY");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_saved_key_is_encrypted_never_readable_and_enables_the_engine(pool: PgPool) {
    let fake = MockServer::start().await;
    let mp3 =
        shared::audio::encode_mp3(&shared::audio::Pcm { sample_rate: 24000, samples: vec![1000; 24000] }).unwrap();
    Mock::given(method("POST"))
        .and(path("/v1/audio/speech"))
        .and(header("authorization", format!("Bearer {FAKE_KEY}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3))
        .mount(&fake)
        .await;
    let base = fake.uri();
    let app = TestApp::spawn_with(pool, move |s| {
        with_master_key(s);
        s.providers.get_mut("openai").unwrap().base_url = base;
    })
    .await;
    let admin = admin_client(&app).await;
    let voices: Value = admin.get("/api/voices").await.json().await.unwrap();
    let nova =
        |v: &Value| v["voices"].as_array().unwrap().iter().find(|x| x["key"] == "openai-de-nova").unwrap().clone();
    assert_eq!(nova(&voices)["available"], false);

    let res = admin
        .http
        .put(format!("{}/api/admin/services/openai_tts/key", app.base))
        .json(&json!({ "key": FAKE_KEY }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.unwrap();
    assert!(!text.contains(FAKE_KEY));
    let saved: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["status"], "configured");
    assert_eq!(saved["source"], "database");
    assert_eq!(saved["key_last4"], "9876");

    let listing = admin.get("/api/admin/services").await.text().await.unwrap();
    assert!(!listing.contains(FAKE_KEY), "the key is never sent back");
    let ciphertext: Vec<u8> = sqlx::query_scalar("SELECT ciphertext FROM provider_keys WHERE service = 'openai_tts'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(!ciphertext.windows(FAKE_KEY.len()).any(|w| w == FAKE_KEY.as_bytes()), "encrypted at rest");

    let voices: Value = admin.get("/api/voices").await.json().await.unwrap();
    assert_eq!(nova(&voices)["available"], true, "the stored key switched the engine on");
    let tested: Value = admin.post("/api/admin/services/openai_tts/test", json!({})).await.json().await.unwrap();
    assert_eq!(tested, json!({ "ok": true, "message": "Verbindung erfolgreich." }));

    let removed: Value = admin.delete("/api/admin/services/openai_tts/key").await.json().await.unwrap();
    assert_eq!(removed["status"], "missing");
    let voices: Value = admin.get("/api/voices").await.json().await.unwrap();
    assert_eq!(nova(&voices)["available"], false);
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_key_input_is_422_and_connection_tests_answer_in_german(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = admin_client(&app).await;
    let put = |id: &str, key: &str| {
        admin.http.put(format!("{}/api/admin/services/{id}/key", app.base)).json(&json!({ "key": key })).send()
    };
    let (status, _) = error_of(put("openai_tts", "   ").await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = error_of(put("postgres", FAKE_KEY).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = error_of(put("gibtsnicht", FAKE_KEY).await.unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let tested: Value = admin.post("/api/admin/services/postgres/test", json!({})).await.json().await.unwrap();
    assert_eq!(tested["ok"], true);
    let tested: Value = admin.post("/api/admin/services/murf_tts/test", json!({})).await.json().await.unwrap();
    assert_eq!(tested["ok"], false);
    assert_eq!(tested["message"], "Für diesen Anbieter ist kein API-Schlüssel hinterlegt.");
}
