//! Admin engine settings: role and re-authentication enforced on the server, keys
//! stored encrypted and never readable back, and stored keys switching engines on.

use crate::common;

use base64::Engine;
use common::{PASSWORD, TestApp, error_of};
use reqwest::{Method, StatusCode};
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

/// A fake OpenAI that speaks for [`FAKE_KEY`] (other keys find no mock: 404, or whatever
/// the test mounts after it).
async fn openai_accepting_the_fake_key() -> MockServer {
    let fake = MockServer::start().await;
    let mp3 =
        shared::audio::encode_mp3(&shared::audio::Pcm { sample_rate: 24000, samples: vec![1000; 24000] }).unwrap();
    Mock::given(method("POST"))
        .and(path("/v1/audio/speech"))
        .and(header("authorization", format!("Bearer {FAKE_KEY}").as_str()))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3))
        .mount(&fake)
        .await;
    fake
}

#[sqlx::test(migrations = "../migrations")]
async fn a_saved_key_is_encrypted_never_readable_and_enables_the_engine(pool: PgPool) {
    let fake = openai_accepting_the_fake_key().await;
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
async fn a_key_goes_live_only_after_its_connection_test_or_the_admins_confirmation(pool: PgPool) {
    let fake = openai_accepting_the_fake_key().await;
    Mock::given(method("POST"))
        .and(path("/v1/audio/speech"))
        .respond_with(
            ResponseTemplate::new(401).set_body_json(json!({ "error": { "message": "Incorrect API key provided" } })),
        )
        .mount(&fake)
        .await;
    let base = fake.uri();
    let app = TestApp::spawn_with(pool, move |s| {
        with_master_key(s);
        s.providers.get_mut("openai").unwrap().base_url = base;
    })
    .await;
    let admin = admin_client(&app).await;
    let put = |key: &str, confirm: bool| {
        admin
            .http
            .put(format!("{}/api/admin/services/openai_tts/key", app.base))
            .json(&json!({ "key": key, "confirm_untested": confirm }))
            .send()
    };
    let stored_keys = || async {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM provider_keys").fetch_one(&app.pool).await.unwrap()
    };

    // A wrong key fails its test: refused, nothing stored, no customer sees the voices.
    let (status, error) = error_of(put("sk-falsch-1234", false).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Verbindungstest fehlgeschlagen");
    let message = error["message"].as_str().unwrap();
    assert!(message.starts_with("Der Schlüssel wurde nicht gespeichert: "), "{message}");
    assert!(message.contains("(401)"), "{message}");
    assert_eq!(stored_keys().await, 0);
    let (user, _) = app.signed_in_user("kunde@example.de").await;
    let voices: Value = user.get("/api/voices").await.json().await.unwrap();
    assert!(voices["voices"].as_array().unwrap().iter().all(|v| v["provider"] != "openai"));

    // On the admin's confirmation it is stored, and the audit log says it was untested.
    assert_eq!(put("sk-falsch-1234", true).await.unwrap().status(), StatusCode::OK);
    // A key that passes needs no confirmation.
    assert_eq!(put(FAKE_KEY, false).await.unwrap().status(), StatusCode::OK);
    assert_eq!(stored_keys().await, 1);
    let log = audit(&admin, "provider_key_stored").await;
    let tested: Vec<_> = log.iter().map(|e| e["after"]["tested"].as_bool().unwrap()).collect();
    assert_eq!(tested.len(), 2);
    assert!(tested.contains(&true) && tested.contains(&false), "{tested:?}");
    let voices: Value = user.get("/api/voices").await.json().await.unwrap();
    assert!(
        voices["voices"].as_array().unwrap().iter().any(|v| v["key"] == "openai-de-nova" && v["available"] == true)
    );
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

// Admin power outside /api/admin, and the audit log of every use of it.

async fn audit(admin: &common::Client, action: &str) -> Vec<Value> {
    let res = admin.get(&format!("/api/admin/audit?action={action}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

async fn audit_rows(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM audit_log").fetch_one(&app.pool).await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_only_admin_session_cannot_keep_global_dictionary_entries(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (user, _) = app.signed_in_user("woerterbuch@example.de").await;
    let entry = json!({ "term": "ACME", "spoken": "Äkmi", "global": true });

    let password_only = app.password_only_admin().await;
    let (status, error) = error_of(password_only.post("/api/pronunciation/dictionary", entry.clone()).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("second_factor_required")));
    let (status, error) = error_of(user.post("/api/pronunciation/dictionary", entry.clone()).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden")));
    let global: i64 = sqlx::query_scalar("SELECT count(*) FROM pronunciation_entries WHERE user_id IS NULL")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(global, 0, "nothing was stored");

    // A proven admin keeps them.
    let (admin, _) = app.another_fresh_admin("bewiesen@example.de").await;
    let res = admin.post("/api/pronunciation/dictionary", entry).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let saved: Value = res.json().await.unwrap();
    let path = format!("/api/pronunciation/dictionary/{}?global=true", saved["id"].as_str().unwrap());
    let (status, error) = error_of(password_only.delete(&path).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("second_factor_required")));
    assert_eq!(admin.delete(&path).await.status(), StatusCode::NO_CONTENT);
}

/// Every global write (dictionary entries, categories, tags: created, changed, deleted)
/// changes what every customer hears or sees, so a stolen admin session with the second
/// factor must not do it without the password: each answers `reauth_required` and changes
/// nothing until the password was re-entered; the admin's own entries need no re-entry.
#[sqlx::test(migrations = "../migrations")]
async fn global_dictionary_entries_categories_and_tags_change_only_after_a_password_reentry(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (fresh, _) = app.another_fresh_admin("bewiesen@example.de").await;
    let entry: Value = fresh
        .post("/api/pronunciation/dictionary", json!({ "term": "ACME", "spoken": "Äkmi", "global": true }))
        .await
        .json()
        .await
        .unwrap();
    let category: Value =
        fresh.post("/api/categories", json!({ "name": "Allgemein", "global": true })).await.json().await.unwrap();
    let tag: Value = fresh.post("/api/tags", json!({ "name": "Projekt", "global": true })).await.json().await.unwrap();
    let entry_path = format!("/api/pronunciation/dictionary/{}", entry["id"].as_str().unwrap());
    let category_path = format!("/api/categories/{}", category["id"].as_str().unwrap());
    let tag_path = format!("/api/tags/{}", tag["id"].as_str().unwrap());
    let global_state = || async {
        sqlx::query_scalar::<_, String>(
            "SELECT concat_ws('|',
                (SELECT string_agg(term || '=' || spoken, ',' ORDER BY term) FROM pronunciation_entries WHERE user_id IS NULL),
                (SELECT string_agg(name, ',' ORDER BY name) FROM categories WHERE user_id IS NULL),
                (SELECT string_agg(name, ',' ORDER BY name) FROM tags WHERE user_id IS NULL))",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap()
    };
    let before = global_state().await;
    assert_eq!(before, "ACME=Äkmi|Allgemein|Projekt");

    // The seeded admin: second factor proven, password not re-entered.
    let (admin, password) = app.signed_in_admin_with_password().await;
    let writes = [
        (
            Method::POST,
            "/api/pronunciation/dictionary".to_owned(),
            json!({ "term": "Bahn", "spoken": "Baan", "global": true }),
        ),
        (Method::PUT, entry_path.clone(), json!({ "term": "ACME", "spoken": "gekapert", "global": true })),
        (Method::DELETE, format!("{entry_path}?global=true"), json!({})),
        (Method::POST, "/api/categories".to_owned(), json!({ "name": "Neu", "global": true })),
        (Method::PATCH, category_path.clone(), json!({ "name": "Gekapert" })),
        (Method::DELETE, category_path.clone(), json!({})),
        (Method::POST, "/api/tags".to_owned(), json!({ "name": "neu", "global": true })),
        (Method::PATCH, tag_path.clone(), json!({ "name": "gekapert" })),
        (Method::DELETE, tag_path.clone(), json!({})),
    ];
    let send = |method: Method, path: &str, body: &Value| {
        admin.http.request(method, format!("{}{path}", app.base)).json(body).send()
    };
    for (method, path, body) in &writes {
        let (status, error) = error_of(send(method.clone(), path, body).await.unwrap()).await;
        assert_eq!(
            (status, error["code"].as_str(), error["message"].as_str()),
            (StatusCode::FORBIDDEN, Some("reauth_required"), Some("Bitte bestätigen Sie Ihr Passwort.")),
            "{method} {path}"
        );
    }
    assert_eq!(global_state().await, before, "nothing global changed");
    // Its own entries and labels it keeps like any user, without a re-entry.
    let own = admin.post("/api/pronunciation/dictionary", json!({ "term": "Kfz", "spoken": "Kah-eff-zett" })).await;
    assert_eq!(own.status(), StatusCode::CREATED);
    assert_eq!(admin.post("/api/categories", json!({ "name": "Meine" })).await.status(), StatusCode::CREATED);
    assert_eq!(admin.post("/api/tags", json!({ "name": "privat" })).await.status(), StatusCode::CREATED);
    // The lists still show the global ones as editable: the web app asks for the password
    // when the change answers `reauth_required`.
    let categories: Vec<Value> = admin.get("/api/categories").await.json().await.unwrap();
    assert_eq!(categories.iter().find(|c| c["name"] == "Allgemein").unwrap()["editable"], true);

    // After the re-entry every one of them goes through.
    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    for (method, path, body) in &writes {
        let res = send(method.clone(), path, body).await.unwrap();
        assert!(res.status().is_success(), "{method} {path}: {}", res.text().await.unwrap());
    }
    assert_eq!(global_state().await, "Bahn=Baan|Neu|neu");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_password_reentry_is_audited(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let wrong = admin.post("/api/admin/reauth", json!({ "password": "falsch-falsch" })).await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let reentries: i64 = sqlx::query_scalar("SELECT count(*) FROM audit_log WHERE action = 'reauthenticated'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(reentries, 0, "a wrong password unlocks nothing to record");
    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    let log = audit(&admin, "reauthenticated").await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["actor_email"], "admin@stimmwerk.local");
    assert_eq!(log[0]["target_email"], "admin@stimmwerk.local");
}

#[sqlx::test(migrations = "../migrations")]
async fn storing_testing_and_removing_a_provider_key_is_audited_without_the_key(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let admin = admin_client(&app).await;
    let put = admin
        .http
        .put(format!("{}/api/admin/services/openai_tts/key", app.base))
        .json(&json!({ "key": FAKE_KEY, "confirm_untested": true }))
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), StatusCode::OK);
    assert_eq!(admin.post("/api/admin/services/murf_tts/test", json!({})).await.status(), StatusCode::OK);
    assert_eq!(admin.delete("/api/admin/services/openai_tts/key").await.status(), StatusCode::OK);

    let stored = audit(&admin, "provider_key_stored").await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0]["after"]["tested"], false, "stored on the admin's confirmation, untested");
    assert_eq!(
        (stored[0]["subject"].as_str(), stored[0]["after"]["key_last4"].as_str()),
        (Some("openai_tts"), Some("9876"))
    );
    let tested = audit(&admin, "provider_key_tested").await;
    assert_eq!((tested.len(), tested[0]["subject"].as_str()), (1, Some("murf_tts")));
    assert_eq!(tested[0]["after"]["ok"], false);
    let removed = audit(&admin, "provider_key_removed").await;
    assert_eq!((removed.len(), removed[0]["subject"].as_str()), (1, Some("openai_tts")));
    assert_eq!(removed[0]["actor_email"], "admin@stimmwerk.local");
    let everything = admin.get("/api/admin/audit").await.text().await.unwrap();
    assert!(!everything.contains(FAKE_KEY), "the key itself is never recorded");
    let at_rest: String = sqlx::query_scalar("SELECT string_agg(coalesce(after::text, ''), ' ') FROM audit_log")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(!at_rest.contains(FAKE_KEY));
}

#[sqlx::test(migrations = "../migrations")]
async fn global_labels_and_dictionary_entries_are_audited_and_own_ones_are_not(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.fresh_admin().await;
    let baseline = audit_rows(&app).await;
    // The admin's own labels and entries are nobody else's business.
    let own = admin.post("/api/categories", json!({ "name": "Meine" })).await;
    assert_eq!(own.status(), StatusCode::CREATED);
    assert_eq!(admin.post("/api/tags", json!({ "name": "privat" })).await.status(), StatusCode::CREATED);
    let res = admin.post("/api/pronunciation/dictionary", json!({ "term": "Kfz", "spoken": "Kah-eff-zett" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(audit_rows(&app).await, baseline);

    let category: Value =
        admin.post("/api/categories", json!({ "name": "Allgemein", "global": true })).await.json().await.unwrap();
    let category_path = format!("/api/categories/{}", category["id"].as_str().unwrap());
    let renamed = admin.http.patch(format!("{}{category_path}", app.base)).json(&json!({ "name": "Alle" })).send();
    assert_eq!(renamed.await.unwrap().status(), StatusCode::OK);
    assert_eq!(admin.delete(&category_path).await.status(), StatusCode::OK);
    let tag: Value = admin.post("/api/tags", json!({ "name": "Projekt", "global": true })).await.json().await.unwrap();
    let tag_path = format!("/api/tags/{}", tag["id"].as_str().unwrap());
    let renamed = admin.http.patch(format!("{}{tag_path}", app.base)).json(&json!({ "name": "Projekte" })).send();
    assert_eq!(renamed.await.unwrap().status(), StatusCode::OK);
    assert_eq!(admin.delete(&tag_path).await.status(), StatusCode::NO_CONTENT);
    let entry: Value = admin
        .post("/api/pronunciation/dictionary", json!({ "term": "ACME", "spoken": "Äkmi", "global": true }))
        .await
        .json()
        .await
        .unwrap();
    let entry_path = format!("/api/pronunciation/dictionary/{}?global=true", entry["id"].as_str().unwrap());
    assert_eq!(admin.delete(&entry_path).await.status(), StatusCode::NO_CONTENT);

    let subjects = |log: Vec<Value>| -> Vec<(String, String)> {
        log.iter()
            .map(|e| {
                let state = if e["after"].is_null() { &e["before"] } else { &e["after"] };
                (e["subject"].as_str().unwrap().to_owned(), state["kind"].as_str().unwrap_or("").to_owned())
            })
            .collect()
    };
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    };
    assert_eq!(subjects(audit(&admin, "label_created").await), pairs(&[("Projekt", "tag"), ("Allgemein", "category")]));
    let updated = audit(&admin, "label_updated").await;
    assert_eq!(subjects(updated.clone()), pairs(&[("Projekte", "tag"), ("Alle", "category")]));
    assert_eq!(
        (updated[1]["before"]["name"].as_str(), updated[1]["after"]["name"].as_str()),
        (Some("Allgemein"), Some("Alle"))
    );
    assert_eq!(subjects(audit(&admin, "label_deleted").await), pairs(&[("Projekte", "tag"), ("Alle", "category")]));
    let saved = audit(&admin, "dictionary_entry_saved").await;
    assert_eq!(
        (saved.len(), saved[0]["subject"].as_str(), saved[0]["after"]["spoken"].as_str()),
        (1, Some("ACME"), Some("Äkmi"))
    );
    let deleted = audit(&admin, "dictionary_entry_deleted").await;
    assert_eq!((deleted.len(), deleted[0]["before"]["term"].as_str()), (1, Some("ACME")));
    assert_eq!(audit_rows(&app).await, baseline + 8);
}

#[sqlx::test(migrations = "../migrations")]
async fn switching_a_stock_voice_off_needs_a_reentry_and_is_audited(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (admin, password) = app.signed_in_admin_with_password().await;
    let stock = app.voice_id("local-de-klara").await;
    let path = format!("{}/api/admin/voices/{stock}", app.base);
    let off = || admin.http.patch(&path).json(&json!({ "is_active": false })).send();
    let (status, error) = error_of(off().await.unwrap()).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("reauth_required")));
    let active: bool = sqlx::query_scalar("SELECT is_active FROM voices WHERE id = $1")
        .bind(stock)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(active, "unchanged");

    assert_eq!(admin.post("/api/admin/reauth", json!({ "password": password })).await.status(), StatusCode::OK);
    assert_eq!(off().await.unwrap().status(), StatusCode::OK);
    let log = audit(&admin, "voice_updated").await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["before"], json!({ "is_global": true, "is_active": true }));
    assert_eq!(log[0]["after"], json!({ "is_global": true, "is_active": false }));
    assert!(log[0]["subject"].is_string());
    assert!(log[0]["target_user_id"].is_null(), "a stock voice belongs to nobody");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_key_can_be_stored_for_every_service_the_page_offers(pool: PgPool) {
    let app = TestApp::spawn_with(pool, with_master_key).await;
    let admin = admin_client(&app).await;
    let list: Value = admin.get("/api/admin/services").await.json().await.unwrap();
    let storable: Vec<String> = list["services"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["can_store_key"] == true)
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    for id in ["openai_tts", "murf_tts", "elevenlabs", "replicate", "stripe"] {
        assert!(storable.iter().any(|s| s == id), "{id} is offered: {storable:?}");
    }
    for id in &storable {
        // No provider answers here: each key is stored on the admin's confirmation.
        let put = admin
            .http
            .put(format!("{}/api/admin/services/{id}/key", app.base))
            .json(&json!({ "key": FAKE_KEY, "confirm_untested": true }))
            .send()
            .await
            .unwrap();
        assert_eq!(put.status(), StatusCode::OK, "storing the key of {id}: {}", put.text().await.unwrap());
    }
    let after: Value = admin.get("/api/admin/services").await.json().await.unwrap();
    for service in after["services"].as_array().unwrap().iter().filter(|s| s["can_store_key"] == true) {
        assert_eq!(service["key_last4"], "9876", "{service}");
    }
    // The database accepts what the code declares, and nothing else.
    let refused = sqlx::query(
        "INSERT INTO provider_keys (service, nonce, ciphertext, last4) VALUES ('unbekannt', '\\x000000000000000000000000', '\\x00', '0000')",
    )
    .execute(&app.pool)
    .await;
    assert!(refused.is_err());
}

/// The audit actions the database accepts are the ones the code declares (registered
/// from `AuditAction` by the seeding every start runs), and nothing else.
#[sqlx::test(migrations = "../migrations")]
async fn every_audit_action_the_code_declares_can_be_logged_and_no_other(pool: PgPool) {
    use shared::db::audit::{self, NewEntry};
    use shared::domain::kinds::AuditAction;
    let app = TestApp::spawn(pool).await;
    let (_, actor) = app.signed_in_user("protokoll@example.de").await;
    for &action in AuditAction::ALL {
        let entry = NewEntry {
            actor_id: actor,
            actor_email: "admin@example.de",
            action,
            target_user_id: None,
            target_email: None,
            subject: Some("Test"),
            before: None,
            after: None,
            reason: None,
        };
        audit::insert(&app.pool, &entry).await.unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    let refused =
        sqlx::query("INSERT INTO audit_log (actor_id, actor_email, action) VALUES (NULL, 'a@example.de', 'erfunden')")
            .execute(&app.pool)
            .await;
    assert!(refused.is_err(), "an action the code does not declare");
}
