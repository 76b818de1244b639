//! A project's publication details and cover: only the owner reads or changes them, a
//! cover is a JPEG or PNG by its bytes, a replaced or deleted cover leaves no file, and
//! an ACX export refuses a cover ACX would refuse.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::common::{Client, TestApp, error_of};
use crate::projects::cover_png;

async fn upload(client: &Client, project: &str, bytes: Vec<u8>, name: &str) -> reqwest::Response {
    let form =
        reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()));
    client.http.put(format!("{}/api/projects/{project}/cover", client.base)).multipart(form).send().await.unwrap()
}

async fn stored_files(app: &TestApp) -> usize {
    walk(&app.settings.storage.dir)
}

fn walk(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| if e.path().is_dir() { walk(&e.path()) } else { 1 }).sum())
        .unwrap_or(0)
}

#[sqlx::test(migrations = "../migrations")]
async fn publication_details_and_cover_belong_to_the_owner_and_leave_no_file_behind(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("verlag@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let created: Value = client
        .post("/api/projects", json!({ "title": "Effi", "text": "Ein Absatz.", "voice_id": voice }))
        .await
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let path = format!("/api/projects/{id}/publication");

    let empty: Value = client.get(&path).await.json().await.unwrap();
    assert_eq!((empty["author"].as_str(), empty["narrator"].as_str()), (Some(""), Some("Klara")));
    assert!(empty["cover"].is_null());
    let (status, error) = error_of(client.put(&path, json!({ "author": "x".repeat(201) })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["author"].as_str().unwrap().contains("höchstens 200"), "{error}");
    let saved: Value =
        client.put(&path, json!({ "author": "Theodor Fontane", "year": 1896 })).await.json().await.unwrap();
    assert_eq!((saved["author"].as_str(), saved["year"].as_i64()), (Some("Theodor Fontane"), Some(1896)));

    // A cover is what its bytes say, whatever its name.
    let res = upload(&client, id, b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(), "cover.png").await;
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["fields"]["file"].as_str().unwrap().contains("JPEG- oder PNG"), "{error}");
    let before = stored_files(&app).await;
    let small = upload(&client, id, cover_png(1600), "cover.png").await;
    assert_eq!(small.status(), StatusCode::OK);
    let view: Value = small.json().await.unwrap();
    assert!(view["cover"]["acx_refusal"].as_str().unwrap().contains("2400"), "{view}");
    let picture = client.get(view["cover"]["url"].as_str().unwrap()).await;
    assert_eq!(picture.headers()["content-type"], "image/png");
    assert_eq!(stored_files(&app).await, before + 1);
    // Replaced: the old file goes.
    assert_eq!(upload(&client, id, cover_png(2400), "neu.png").await.status(), StatusCode::OK);
    assert_eq!(stored_files(&app).await, before + 1);

    // Nobody else reads or changes any of it.
    let (stranger, _) = app.signed_in_user("fremd-verlag@example.de").await;
    assert_eq!(stranger.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stranger.put(&path, json!({ "author": "Fremd" })).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stranger.get(&format!("/api/projects/{id}/cover")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(upload(&stranger, id, cover_png(2400), "x.png").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stranger.delete(&format!("/api/projects/{id}/cover")).await.status(), StatusCode::NOT_FOUND);
    let mine: Value = client.get(&path).await.json().await.unwrap();
    assert_eq!((mine["author"].as_str(), mine["cover"]["width"].as_i64()), (Some("Theodor Fontane"), Some(2400)));

    // Deleting the project deletes the cover's file.
    assert_eq!(client.delete(&format!("/api/projects/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(stored_files(&app).await, before);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_acx_export_refuses_a_cover_acx_would_refuse(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("acx@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let created: Value = client
        .post("/api/projects", json!({ "title": "Klein", "text": "Ein Absatz.", "voice_id": voice }))
        .await
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    crate::projects::render(&client, &id, &created["chapters"][0]).await;
    crate::projects::wait_for(&client, &id, std::time::Duration::from_secs(120), crate::projects::all_joined).await;
    assert_eq!(upload(&client, &id, cover_png(1600), "klein.png").await.status(), StatusCode::OK);
    let (status, error) = error_of(
        client.post(&format!("/api/projects/{id}/exports"), json!({ "format": "zip", "profile": "acx" })).await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{error}");
    assert!(error["message"].as_str().unwrap().contains("mindestens 2400 × 2400"), "{error}");
    // The standard profile takes it.
    let res = client.post(&format!("/api/projects/{id}/exports"), json!({ "format": "zip" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    stop.cancel();
    worker.await.unwrap();
}
