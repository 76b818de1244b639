//! The audio library: every filter and sort of the one list and their combinations,
//! keyset paging, the trash (soft delete, restore, empty with files), categories and
//! tags (bulk filing, tag reuse, the tree stays a tree), expiry, the permanent save
//! charged exactly once, and that one user can neither see nor change another's.

use crate::common;

use chrono::{Duration, Utc};
use common::{Client, TestApp, error_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

/// One audio as the seeder writes it.
struct Seed<'a> {
    text: &'a str,
    voice: &'a str,
    source: &'a str,
    voice_type: &'a str,
    status: &'a str,
    minutes_ago: i64,
}

impl Default for Seed<'_> {
    fn default() -> Self {
        Seed {
            text: "Ein Text",
            voice: "Klara",
            source: "manual",
            voice_type: "public",
            status: "completed",
            minutes_ago: 0,
        }
    }
}

/// Writes a job row (completed ones with an MP3 file in storage) and returns its id.
async fn seed(app: &TestApp, user: Uuid, s: Seed<'_>) -> Uuid {
    let id = Uuid::new_v4();
    let completed = s.status == "completed";
    let key = completed.then(|| format!("{user}/{id}.mp3"));
    if let Some(key) = &key {
        let path = app.settings.storage.dir.join(key);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, b"ID3 fake mp3").unwrap();
    }
    sqlx::query(
        "INSERT INTO tts_jobs (id, user_id, text, voice_name, voice_language, voice_type, voice_provider, status,
                               cost_cent, source_type, audio_key, duration_seconds, created_at, completed_at, expires_at)
         VALUES ($1, $2, $3, $4, 'de-DE', $5, 'local', $6, 1, $7, $8, CASE WHEN $9 THEN 1.5 END,
                 now() - make_interval(mins => $10), CASE WHEN $9 THEN now() END,
                 CASE WHEN $9 THEN now() + interval '30 days' END)",
    )
    .bind(id)
    .bind(user)
    .bind(s.text)
    .bind(s.voice)
    .bind(s.voice_type)
    .bind(s.status)
    .bind(s.source)
    .bind(key)
    .bind(completed)
    .bind(s.minutes_ago as i32)
    .execute(&app.pool)
    .await
    .unwrap();
    id
}

async fn list(client: &Client, query: &str) -> Value {
    let res = client.get(&format!("/api/jobs?{query}")).await;
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    res.json().await.unwrap()
}

fn texts(page: &Value) -> Vec<String> {
    page["jobs"].as_array().unwrap().iter().map(|j| j["text"].as_str().unwrap().to_owned()).collect()
}

async fn create_category(client: &Client, name: &str, parent: Option<&str>) -> String {
    let res = client.post("/api/categories", json!({ "name": name, "parent_id": parent })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    res.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned()
}

async fn patch(client: &Client, path: &str, body: Value) -> reqwest::Response {
    client.http.request(Method::PATCH, format!("{}{path}", client.base)).json(&body).send().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn every_filter_and_sort_narrows_the_one_list(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("liste@example.de").await;
    let a =
        seed(&app, user, Seed { text: "Willkommen im Podcast", voice: "Klara", minutes_ago: 50, ..Default::default() })
            .await;
    let b = seed(
        &app,
        user,
        Seed { text: "Rabatt 50% nur heute", voice: "Jonas", source: "api", minutes_ago: 40, ..Default::default() },
    )
    .await;
    let c = seed(
        &app,
        user,
        Seed {
            text: "Mein Klon spricht",
            voice: "Meine Stimme",
            voice_type: "clone",
            minutes_ago: 30,
            ..Default::default()
        },
    )
    .await;
    seed(&app, user, Seed { text: "Noch in Arbeit", status: "pending", minutes_ago: 20, ..Default::default() }).await;
    seed(&app, user, Seed { text: "Gestern gesprochen", minutes_ago: 60 * 30, ..Default::default() }).await;

    assert_eq!(list(&client, "").await["total"], 5);
    assert_eq!(texts(&list(&client, "q=podCAST").await), ["Willkommen im Podcast"]);
    assert_eq!(texts(&list(&client, "q=50%25").await), ["Rabatt 50% nur heute"], "% matches itself");
    assert_eq!(texts(&list(&client, "q=_").await), Vec::<String>::new(), "_ matches itself");
    assert_eq!(texts(&list(&client, "speaker=jon").await), ["Rabatt 50% nur heute"]);
    assert_eq!(texts(&list(&client, "source=api").await), ["Rabatt 50% nur heute"]);
    assert_eq!(list(&client, "source=manual").await["total"], 4);
    assert_eq!(texts(&list(&client, "voice_type=clone").await), ["Mein Klon spricht"]);
    assert_eq!(texts(&list(&client, "status=pending").await), ["Noch in Arbeit"]);
    let today = Utc::now().with_timezone(&chrono_tz::Europe::Berlin).date_naive();
    let yesterday = (Utc::now() - Duration::minutes(60 * 30)).with_timezone(&chrono_tz::Europe::Berlin).date_naive();
    assert_eq!(texts(&list(&client, &format!("date={yesterday}")).await), ["Gestern gesprochen"]);
    assert!(!texts(&list(&client, &format!("date={today}")).await).contains(&"Gestern gesprochen".to_owned()));
    assert_eq!(texts(&list(&client, "sort=oldest&limit=2").await), ["Gestern gesprochen", "Willkommen im Podcast"]);
    assert_eq!(texts(&list(&client, "sort=newest&limit=1").await), ["Noch in Arbeit"]);

    // Categories (with sub-categories) and tags, alone and combined with the rest.
    let parent = create_category(&client, "Marketing", None).await;
    let child = create_category(&client, "Social Media", Some(&parent)).await;
    let res = client.post("/api/library/categories", json!({ "ids": [a], "category_id": parent })).await;
    assert_eq!(res.status(), StatusCode::OK);
    client.post("/api/library/categories", json!({ "ids": [b, c], "category_id": child })).await;
    let res = client.post("/api/library/tags", json!({ "ids": [a, b], "tags": ["wichtig, kunde"] })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let tags: Value = client.get("/api/tags").await.json().await.unwrap();
    let wichtig = tags.as_array().unwrap().iter().find(|t| t["name"] == "wichtig").unwrap()["id"].clone();
    let wichtig = wichtig.as_str().unwrap();

    assert_eq!(list(&client, &format!("category={parent}")).await["total"], 3, "a category includes its children");
    assert_eq!(list(&client, &format!("category={child}")).await["total"], 2);
    assert_eq!(list(&client, &format!("tag={wichtig}")).await["total"], 2);
    assert_eq!(texts(&list(&client, &format!("tag={wichtig}&source=api")).await), ["Rabatt 50% nur heute"]);
    assert_eq!(
        texts(&list(&client, &format!("category={child}&voice_type=clone&q=klon")).await),
        ["Mein Klon spricht"]
    );
    assert_eq!(list(&client, &format!("category={child}&tag={wichtig}&speaker=klara")).await["total"], 0);

    let listed = list(&client, &format!("tag={wichtig}&speaker=klara")).await;
    let item = &listed["jobs"][0];
    assert_eq!(item["categories"][0]["name"], "Marketing");
    let tag_names: Vec<&str> = item["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(tag_names, ["kunde", "wichtig"]);
    assert!(item["expires_at"].is_string() && item["audio_url"].is_string());

    // Bad parameters are 4xx with German messages.
    for bad in ["limit=0", "limit=201", "date=13.01.2026", "cursor=kaputt", "source=fax", "trash=bin"] {
        let status = client.get(&format!("/api/jobs?{bad}")).await.status();
        assert!(status.is_client_error(), "{bad}: {status}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn keyset_pages_cover_every_audio_once_in_both_orders(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("seiten@example.de").await;
    for i in 0..23 {
        // Several share a creation time: the id breaks the tie.
        seed(&app, user, Seed { text: &format!("Audio {i:02}"), minutes_ago: i / 3, ..Default::default() }).await;
    }
    for sort in ["newest", "oldest"] {
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let query = match &cursor {
                Some(c) => format!("sort={sort}&limit=5&cursor={c}"),
                None => format!("sort={sort}&limit=5"),
            };
            let page = list(&client, &query).await;
            assert_eq!(page["total"], 23);
            seen.extend(texts(&page));
            match page["next_cursor"].as_str() {
                Some(next) => cursor = Some(next.to_owned()),
                None => break,
            }
        }
        assert_eq!(seen.len(), 23, "{sort}");
        let mut unique = seen.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 23, "{sort}: no audio twice");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_trash_keeps_audios_until_emptied_and_then_their_files_are_gone(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("papierkorb@example.de").await;
    let keep = seed(&app, user, Seed { text: "Bleibt", ..Default::default() }).await;
    let gone = seed(&app, user, Seed { text: "Geht", ..Default::default() }).await;
    let file = app.settings.storage.dir.join(format!("{user}/{gone}.mp3"));

    let res: Value = client.post("/api/library/trash", json!({ "ids": [gone] })).await.json().await.unwrap();
    assert_eq!(res["changed"], 1);
    assert_eq!(texts(&list(&client, "").await), ["Bleibt"]);
    let deleted = list(&client, "trash=deleted").await;
    assert_eq!(texts(&deleted), ["Geht"]);
    assert!(deleted["jobs"][0]["deleted_at"].is_string());
    assert_eq!(list(&client, "trash=all").await["total"], 2);

    let res: Value = client.post("/api/library/restore", json!({ "ids": [gone] })).await.json().await.unwrap();
    assert_eq!(res["changed"], 1);
    assert_eq!(list(&client, "").await["total"], 2);

    client.post("/api/library/trash", json!({ "ids": [gone] })).await;
    let res: Value = client.post("/api/library/trash/empty", json!({})).await.json().await.unwrap();
    assert_eq!(res["changed"], 1);
    assert!(!file.exists(), "the file went with the audio");
    assert_eq!(list(&client, "trash=all").await["total"], 1);
    assert!(app.settings.storage.dir.join(format!("{user}/{keep}.mp3")).exists());

    let (status, _) = error_of(client.post("/api/library/trash", json!({ "ids": [] })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[sqlx::test(migrations = "../migrations")]
async fn tags_are_reused_in_any_case_and_global_ones_serve_everybody(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("tags@example.de").await;
    let a = seed(&app, user, Seed::default()).await;
    let b = seed(&app, user, Seed::default()).await;
    let admin = app.fresh_admin().await;
    let res = admin.post("/api/tags", json!({ "name": "Projekt", "global": true })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let (status, _) = error_of(client.post("/api/tags", json!({ "name": "Global", "global": true })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only admins make global tags");

    client.post("/api/library/tags", json!({ "ids": [a], "tags": ["Entwurf"] })).await;
    let res = client.post("/api/library/tags", json!({ "ids": [a, b], "tags": ["entwurf, PROJEKT, neu"] })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let tags: Vec<Value> = client.get("/api/tags").await.json().await.unwrap();
    let names: Vec<&str> = tags.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Entwurf", "neu", "Projekt"], "no second 'entwurf', the global 'Projekt' reused");
    let projekt = tags.iter().find(|t| t["name"] == "Projekt").unwrap();
    assert_eq!((projekt["is_global"].as_bool(), projekt["editable"].as_bool()), (Some(true), Some(false)));
    assert_eq!(projekt["audio_count"], 2);

    let (status, error) =
        error_of(client.post("/api/library/tags", json!({ "ids": [a], "tags": [" , "] })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["title"], "Tags erforderlich");
    let (status, error) =
        error_of(client.post("/api/library/categories", json!({ "ids": [a], "new_category": { "name": "  " } })).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["message"], "Bitte geben Sie einen Kategorienamen ein.");

    // Taking one off.
    let tag_id = tags.iter().find(|t| t["name"] == "neu").unwrap()["id"].as_str().unwrap().to_owned();
    assert_eq!(client.delete(&format!("/api/library/audios/{a}/tags/{tag_id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(client.delete(&format!("/api/library/audios/{a}/tags/{tag_id}")).await.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_category_tree_stays_a_tree_and_a_deleted_parent_hands_its_children_up(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("baum@example.de").await;
    let top = create_category(&client, "Audio", None).await;
    let mid = create_category(&client, "Hörbuch", Some(&top)).await;
    let leaf = create_category(&client, "Kapitel", Some(&mid)).await;
    let audio = seed(&app, user, Seed::default()).await;
    client.post("/api/library/categories", json!({ "ids": [audio], "category_id": leaf })).await;

    let (status, error) =
        error_of(patch(&client, &format!("/api/categories/{top}"), json!({ "parent_id": leaf })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "no cycle");
    assert!(error["fields"]["parent_id"].is_string());
    let (status, _) =
        error_of(patch(&client, &format!("/api/categories/{top}"), json!({ "parent_id": top })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) =
        error_of(client.post("/api/categories", json!({ "name": "hörbuch", "parent_id": top })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a name once per parent");

    let res =
        patch(&client, &format!("/api/categories/{mid}"), json!({ "name": "Hörbücher", "parent_id": null })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let moved = patch(&client, &format!("/api/categories/{mid}"), json!({ "parent_id": top })).await;
    assert_eq!(moved.status(), StatusCode::OK);

    let deleted: Value = client.delete(&format!("/api/categories/{mid}")).await.json().await.unwrap();
    assert_eq!(deleted["moved_children"], 1);
    let tree: Vec<Value> = client.get("/api/categories").await.json().await.unwrap();
    let kapitel = tree.iter().find(|c| c["name"] == "Kapitel").unwrap();
    assert_eq!(kapitel["parent_id"].as_str(), Some(top.as_str()), "moved up to the deleted one's parent");
    assert_eq!(kapitel["audio_count"], 1, "the audio stays filed");
    assert_eq!(list(&client, &format!("category={top}")).await["total"], 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn expired_audios_lose_their_files_and_saved_ones_never_expire(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("ablauf@example.de").await;
    let old = seed(&app, user, Seed { text: "Alt", ..Default::default() }).await;
    let saved = seed(&app, user, Seed { text: "Gespeichert", ..Default::default() }).await;
    let fresh = seed(&app, user, Seed { text: "Frisch", ..Default::default() }).await;
    let res = client.post(&format!("/api/library/audios/{saved}/save"), json!({ "category": "podcast" })).await;
    assert_eq!(res.status(), StatusCode::OK);
    sqlx::query("UPDATE tts_jobs SET expires_at = now() - interval '1 minute' WHERE id = ANY($1)")
        .bind(vec![old, fresh])
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE tts_jobs SET expires_at = now() + interval '1 day' WHERE id = $1")
        .bind(fresh)
        .execute(&app.pool)
        .await
        .unwrap();
    let svc = app.worker_state(app.local_engines());
    assert_eq!(shared::use_cases::library::expire(&svc, 500).await.unwrap(), (1, 1));
    assert_eq!(shared::use_cases::library::expire(&svc, 500).await.unwrap(), (0, 0), "idempotent");

    assert!(!app.settings.storage.dir.join(format!("{user}/{old}.mp3")).exists());
    assert!(app.settings.storage.dir.join(format!("{user}/{saved}.mp3")).exists());
    let all = list(&client, "sort=oldest").await;
    let old_item = all["jobs"].as_array().unwrap().iter().find(|j| j["text"] == "Alt").unwrap();
    assert_eq!(old_item["is_expired"], true);
    assert!(old_item["audio_url"].is_null(), "expired audios cannot be played");
    let saved_item = all["jobs"].as_array().unwrap().iter().find(|j| j["text"] == "Gespeichert").unwrap();
    assert!(saved_item["expires_at"].is_null() && saved_item["saved_at"].is_string());
    assert_eq!(saved_item["save_category"], "podcast");
    let (status, error) = error_of(client.get(&format!("/api/jobs/{old}/audio")).await).await;
    assert_eq!((status, error["code"].as_str()), (StatusCode::GONE, Some("expired")));
    let (status, _) =
        error_of(client.post(&format!("/api/library/audios/{old}/save"), json!({ "category": "audio" })).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "too late to save");

    // A file already gone does not stop the job (it counts as deleted).
    sqlx::query("UPDATE tts_jobs SET expires_at = now() - interval '1 minute' WHERE id = $1")
        .bind(fresh)
        .execute(&app.pool)
        .await
        .unwrap();
    std::fs::remove_file(app.settings.storage.dir.join(format!("{user}/{fresh}.mp3"))).unwrap();
    assert_eq!(shared::use_cases::library::expire(&svc, 500).await.unwrap(), (1, 1));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_permanent_save_is_charged_exactly_once_under_concurrent_clicks(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("sichern@example.de").await;
    let audio = seed(&app, user, Seed::default()).await;
    let before = app.balance(user).await;
    let path = format!("/api/library/audios/{audio}/save");
    let clicks = (0..8).map(|_| client.post(&path, json!({ "category": "voiceover" })));
    let statuses: Vec<StatusCode> = futures::future::join_all(clicks).await.iter().map(|r| r.status()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 7, "{statuses:?}");
    assert_eq!(app.balance(user).await, before - 25);
    assert_eq!(app.ledger_rows(user, "permanent_save").await, [-25]);
    assert!(app.ledger_drift().await.is_empty());

    // Short balance: refused in German, nothing booked.
    let other = seed(&app, user, Seed::default()).await;
    let mut tx = app.pool.begin().await.unwrap();
    shared::db::ledger::adjust(&mut tx, user, 10 - (before - 25), "Test").await.unwrap().unwrap();
    tx.commit().await.unwrap();
    let (status, error) =
        error_of(client.post(&format!("/api/library/audios/{other}/save"), json!({ "category": "demo" })).await).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(error["message"], "Sie benötigen 25 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 10 Cent.");
    assert_eq!(app.balance(user).await, 10);
    let listed = list(&client, "").await;
    assert!(listed["jobs"].as_array().unwrap().iter().any(|j| j["id"] == other.to_string() && j["saved_at"].is_null()));
    assert!(app.ledger_drift().await.is_empty());
    let (status, _) =
        error_of(client.post(&format!("/api/library/audios/{other}/save"), json!({ "category": "nix" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "an unknown save category");
}

#[sqlx::test(migrations = "../migrations")]
async fn another_user_can_neither_see_nor_change_what_is_not_theirs(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (anna, anna_id) = app.signed_in_user("anna@example.de").await;
    let (bert, _) = app.signed_in_user("bert@example.de").await;
    let audio = seed(&app, anna_id, Seed { text: "Annas Geheimnis", ..Default::default() }).await;
    let category = create_category(&anna, "Privat", None).await;
    anna.post("/api/library/tags", json!({ "ids": [audio], "tags": ["intern"] })).await;
    let tags: Vec<Value> = anna.get("/api/tags").await.json().await.unwrap();
    let tag = tags[0]["id"].as_str().unwrap().to_owned();
    let admin = app.fresh_admin().await;
    let global: Value =
        admin.post("/api/categories", json!({ "name": "Allgemein", "global": true })).await.json().await.unwrap();
    let global = global["id"].as_str().unwrap().to_owned();

    assert_eq!(list(&bert, "trash=all").await["total"], 0);
    assert_eq!(list(&bert, "q=Geheimnis").await["total"], 0);
    let bert_categories: Vec<Value> = bert.get("/api/categories").await.json().await.unwrap();
    assert_eq!(bert_categories.iter().map(|c| c["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Allgemein"]);
    let bert_tags: Vec<Value> = bert.get("/api/tags").await.json().await.unwrap();
    assert!(bert_tags.is_empty());
    let anna_categories: Vec<Value> = anna.get("/api/categories").await.json().await.unwrap();
    assert_eq!(anna_categories.len(), 2, "global ones are visible to both");

    let not_found = [
        bert.get(&format!("/api/jobs?category={category}")).await,
        bert.get(&format!("/api/jobs?tag={tag}")).await,
        bert.get(&format!("/api/jobs/{audio}/audio")).await,
        bert.post("/api/library/trash", json!({ "ids": [audio] })).await,
        bert.post("/api/library/restore", json!({ "ids": [audio] })).await,
        bert.post(&format!("/api/library/audios/{audio}/save"), json!({ "category": "audio" })).await,
        bert.post("/api/library/categories", json!({ "ids": [audio], "category_id": global })).await,
        bert.post("/api/library/tags", json!({ "ids": [audio], "tags": ["fremd"] })).await,
        bert.delete(&format!("/api/library/audios/{audio}/tags/{tag}")).await,
        patch(&bert, &format!("/api/categories/{category}"), json!({ "name": "Meins" })).await,
        bert.delete(&format!("/api/categories/{category}")).await,
        patch(&bert, &format!("/api/tags/{tag}"), json!({ "name": "meins" })).await,
        bert.delete(&format!("/api/tags/{tag}")).await,
        bert.delete(&format!("/api/jobs/{audio}")).await,
    ];
    for res in not_found {
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{}", res.url());
    }
    // Bert's own audio cannot be filed under Anna's category either.
    let (bert_client, bert_id) = (bert, app.pool.clone());
    let bert_user: Uuid =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'bert@example.de'").fetch_one(&bert_id).await.unwrap();
    let own = seed(&app, bert_user, Seed::default()).await;
    let (status, _) =
        error_of(bert_client.post("/api/library/categories", json!({ "ids": [own], "category_id": category })).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Global ones: usable by both, changeable by neither.
    let res = bert_client.post("/api/library/categories", json!({ "ids": [own], "category_id": global })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let (status, _) = error_of(patch(&anna, &format!("/api/categories/{global}"), json!({ "name": "X" })).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = error_of(anna.delete(&format!("/api/categories/{global}")).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let stats: Value = anna.get("/api/library/stats").await.json().await.unwrap();
    assert_eq!(
        (stats["audios"].as_i64(), stats["categories"].as_i64(), stats["tags"].as_i64()),
        (Some(1), Some(2), Some(1))
    );
    assert_eq!(stats["daily"].as_array().unwrap().len(), 30);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_new_job_can_be_filed_and_tagged_when_it_is_created(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("gleich@example.de").await;
    let category = create_category(&client, "Ansagen", None).await;
    let voice = app.voice_id("local-de-klara").await;
    let res = client
        .post(
            "/api/jobs",
            json!({ "text": "Guten Morgen.", "voice_id": voice, "category_id": category, "tags": ["morgens, Intern"] }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    assert_eq!(created["job"]["categories"][0]["name"], "Ansagen");
    assert_eq!(created["job"]["tags"].as_array().unwrap().len(), 2);
    let (status, error) = error_of(
        client.post("/api/jobs", json!({ "text": "Hallo.", "voice_id": voice, "category_id": Uuid::new_v4() })).await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["category_id"].is_string());
    assert_eq!(list(&client, "").await["total"], 1, "a refused job is not created");

    let stats: Value = client.get("/api/library/stats").await.json().await.unwrap();
    let today = stats["daily"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(today["characters"], "Guten Morgen.".chars().count());
}

/// Days on which the trigger-kept counters differ from a count of the audios themselves
/// (days whose counters are all zero count as absent).
async fn counter_drift(pool: &PgPool, user: Uuid) -> Vec<String> {
    sqlx::query_scalar(
        "WITH kept AS (
             SELECT day, audios, active_audios, completed_audios, api_requests, clone_audios, cost_cent, characters
             FROM library_counts
             WHERE user_id = $1 AND (audios, active_audios, completed_audios, api_requests, clone_audios, cost_cent,
                                     characters) <> (0, 0, 0, 0, 0, 0, 0)
         ), counted AS (
             SELECT (created_at AT TIME ZONE 'Europe/Berlin')::date AS day, count(*) AS audios,
                    count(*) FILTER (WHERE deleted_at IS NULL) AS active_audios,
                    count(*) FILTER (WHERE status = 'completed') AS completed_audios,
                    count(*) FILTER (WHERE source_type = 'api') AS api_requests,
                    count(*) FILTER (WHERE voice_type = 'clone' AND deleted_at IS NULL) AS clone_audios,
                    coalesce(sum(cost_cent) FILTER (WHERE status <> 'failed'), 0)::bigint AS cost_cent,
                    coalesce(sum(char_length(text)) FILTER (WHERE status <> 'failed'), 0)::bigint AS characters
             FROM tts_jobs WHERE user_id = $1 GROUP BY 1
         )
         SELECT format('%s: kept %s, counted %s', coalesce(k.day, c.day), k, c)
         FROM kept k FULL JOIN counted c ON c.day = k.day
         WHERE k IS DISTINCT FROM c",
    )
    .bind(user)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_stats_counters_always_equal_a_count_of_the_audios(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("zaehler@example.de").await;
    let mut ids = Vec::new();
    for n in 0..40 {
        // n = 1 is an api audio of today that stays.
        let seed_of = Seed {
            text: ["Kurz", "Ein etwas längerer Text", "Mittel lang"][n % 3],
            source: if n % 4 == 1 { "api" } else { "manual" },
            voice_type: if n % 5 == 0 { "clone" } else { "public" },
            status: ["completed", "pending", "failed", "processing"][n % 4],
            // Spread over 50 days, so some lie before the chart's 30.
            minutes_ago: if n == 1 { 0 } else { n as i64 * 29 * 60 },
            ..Default::default()
        };
        ids.push(seed(&app, user, seed_of).await);
    }
    assert_eq!(counter_drift(&app.pool, user).await, Vec::<String>::new(), "after seeding");

    let steps: Vec<(&str, Value)> = vec![
        ("/api/library/trash", json!({ "ids": ids[2..15] })),
        ("/api/library/restore", json!({ "ids": ids[5..10] })),
        ("/api/library/trash/empty", json!({})),
    ];
    for (path, body) in steps {
        assert_eq!(client.post(path, body).await.status(), StatusCode::OK, "{path}");
        assert_eq!(counter_drift(&app.pool, user).await, Vec::<String>::new(), "after {path}");
    }
    // The worker's changes: a claim, heartbeats, completion, a failure; the expiry.
    sqlx::query(
        "UPDATE tts_jobs SET status = 'processing', heartbeat_at = now() WHERE user_id = $1 AND status = 'pending'",
    )
    .bind(user)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "UPDATE tts_jobs SET status = 'completed', audio_key = 'x', duration_seconds = 1
         WHERE user_id = $1 AND status = 'processing' AND id = ANY($2)",
    )
    .bind(user)
    .bind(&ids[15..25])
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query("UPDATE tts_jobs SET status = 'failed' WHERE user_id = $1 AND status = 'processing'")
        .bind(user)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(client.delete(&format!("/api/jobs/{}", ids[20])).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(counter_drift(&app.pool, user).await, Vec::<String>::new(), "after the worker's changes");

    // What the stats answer is the count.
    let stats: Value = client.get("/api/library/stats").await.json().await.unwrap();
    let (audios, active, api, cost, api_today): (i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE source_type = 'api'),
                coalesce(sum(cost_cent) FILTER (WHERE status <> 'failed'), 0)::bigint,
                count(*) FILTER (WHERE source_type = 'api' AND (created_at AT TIME ZONE 'Europe/Berlin')::date
                                       = (now() AT TIME ZONE 'Europe/Berlin')::date)
         FROM tts_jobs WHERE user_id = $1",
    )
    .bind(user)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        (stats["audios"].as_i64(), stats["active_audios"].as_i64(), stats["api_requests"].as_i64()),
        (Some(audios), Some(active), Some(api))
    );
    assert_eq!(stats["cost_cent"].as_i64(), Some(cost));
    assert_eq!(stats["api_requests_today"].as_i64(), Some(api_today));
}

#[sqlx::test(migrations = "../migrations")]
async fn concurrent_bulk_changes_of_one_user_never_deadlock_and_keep_the_counters(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("parallel-zaehler@example.de").await;
    let mut ids = Vec::new();
    for n in 0..60 {
        ids.push(seed(&app, user, Seed { minutes_ago: n * 13 * 60, ..Default::default() }).await);
    }
    let voice = app.voice_id("local-de-klara").await;
    app.top_up(user, 10_000).await;
    // Overlapping sets over the same days in opposite orders, beside new jobs: with one
    // lock per counter row taken in row order, two of these would deadlock.
    let mut forward = ids.clone();
    let mut backward = ids.clone();
    backward.reverse();
    forward.truncate(45);
    backward.truncate(45);
    let requests = (0..16).map(|n| {
        let client = &client;
        let (path, body) = match n % 4 {
            0 => ("/api/library/trash", json!({ "ids": forward })),
            1 => ("/api/library/trash", json!({ "ids": backward })),
            2 => ("/api/library/restore", json!({ "ids": backward })),
            _ => ("/api/jobs", json!({ "text": format!("Neu {n}"), "voice_id": voice })),
        };
        async move { (path, client.post(path, body).await.status()) }
    });
    for (path, status) in futures::future::join_all(requests).await {
        assert!(status.is_success(), "{path}: {status}");
    }
    assert_eq!(counter_drift(&app.pool, user).await, Vec::<String>::new());
    assert_eq!(app.ledger_drift().await, Vec::<Uuid>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_password_only_admin_session_cannot_create_or_change_global_categories_and_tags(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let password_only = app.password_only_admin().await;
    let second_factor_required = |(status, error): (StatusCode, Value)| {
        assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("second_factor_required")));
    };
    second_factor_required(
        error_of(password_only.post("/api/categories", json!({ "name": "Allgemein", "global": true })).await).await,
    );
    second_factor_required(
        error_of(password_only.post("/api/tags", json!({ "name": "Projekt", "global": true })).await).await,
    );
    let global: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM categories WHERE user_id IS NULL) + (SELECT count(*) FROM tags WHERE user_id IS NULL)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(global, 0, "nothing global was made");
    // Its own ones it keeps like any user.
    assert_eq!(password_only.post("/api/categories", json!({ "name": "Meine" })).await.status(), StatusCode::CREATED);

    // The proven admin makes them; the password-only session may neither change nor
    // delete them, and does not see them as editable.
    let (admin, _) = app.another_fresh_admin("bewiesen@example.de").await;
    let category: Value =
        admin.post("/api/categories", json!({ "name": "Allgemein", "global": true })).await.json().await.unwrap();
    let tag: Value = admin.post("/api/tags", json!({ "name": "Projekt", "global": true })).await.json().await.unwrap();
    assert_eq!((category["is_global"].as_bool(), tag["is_global"].as_bool()), (Some(true), Some(true)));
    let category_path = format!("/api/categories/{}", category["id"].as_str().unwrap());
    let tag_path = format!("/api/tags/{}", tag["id"].as_str().unwrap());
    for (method, path) in [
        (Method::PATCH, &category_path),
        (Method::DELETE, &category_path),
        (Method::PATCH, &tag_path),
        (Method::DELETE, &tag_path),
    ] {
        let res = password_only
            .http
            .request(method, format!("{}{path}", app.base))
            .json(&json!({ "name": "Übernommen" }))
            .send()
            .await
            .unwrap();
        second_factor_required(error_of(res).await);
    }
    let seen: Vec<Value> = password_only.get("/api/categories").await.json().await.unwrap();
    let allgemein = seen.iter().find(|c| c["name"] == "Allgemein").unwrap();
    assert_eq!(allgemein["editable"], false);
    let seen: Vec<Value> = admin.get("/api/categories").await.json().await.unwrap();
    assert_eq!(seen.iter().find(|c| c["name"] == "Allgemein").unwrap()["editable"], true);
    assert_eq!(admin.delete(&tag_path).await.status(), StatusCode::NO_CONTENT);
}
