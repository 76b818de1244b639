//! What one account can make a project hold and make the server do for it: at most
//! 10,000 paragraphs and 500,000 characters (also through edits), chapters read in pages
//! of bounded size, project reads counted per account, a pasted manuscript within the
//! documented 4 MB. The review's case: 250,000 one-character paragraphs (56 MB of rows),
//! whose 39 MB chapter view read 16 times at once slowed every other user to 11.5 s.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::common::{Client, TestApp, error_of};

async fn create(client: &Client, app: &TestApp, text: &str) -> Value {
    let voice = app.voice_id("local-de-klara").await;
    let res = client.post("/api/projects", json!({ "title": "Grenzen", "text": text, "voice_id": voice })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    res.json().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_manuscript_of_more_paragraphs_than_a_project_holds_is_refused(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("absaetze@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let text = "a\n\n".repeat(10_001);
    let (status, error) =
        error_of(client.post("/api/projects", json!({ "title": "Viele", "text": text, "voice_id": voice })).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["message"].as_str().unwrap().contains("zu viele Absätze: höchstens 10.000"), "{error}");
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM project_paragraphs").fetch_one(&app.pool).await.unwrap();
    assert_eq!(count, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chapter_is_read_in_pages_and_an_edit_answers_its_paragraph_on_any_page(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("seiten@example.de").await;
    let text: String = (1..=450).map(|n| format!("Absatz Nummer {n}.\n\n")).collect();
    let project = create(&client, &app, &text).await;
    let id = project["id"].as_str().unwrap();
    let chapter = project["chapters"][0]["id"].as_str().unwrap();
    let path = format!("/api/projects/{id}/chapters/{chapter}");
    let mut seen = Vec::new();
    let mut offset = Some(0);
    while let Some(at) = offset {
        let page: Value = client.get(&format!("{path}?offset={at}")).await.json().await.unwrap();
        assert_eq!(page["paragraph_count"], 450, "the summary counts every paragraph");
        let paragraphs = page["paragraphs"].as_array().unwrap();
        assert!(paragraphs.len() <= 200);
        seen.extend(paragraphs.iter().map(|p| p["text"].as_str().unwrap().to_owned()));
        offset = page["next_offset"].as_u64();
    }
    assert_eq!(seen.len(), 450);
    assert_eq!(seen[0], "Absatz Nummer 1.");
    assert_eq!(seen[449], "Absatz Nummer 450.");
    for (bad, expected) in [
        ("limit=0", StatusCode::UNPROCESSABLE_ENTITY),
        ("limit=201", StatusCode::UNPROCESSABLE_ENTITY),
        ("offset=-1", StatusCode::BAD_REQUEST),
        ("limit=x", StatusCode::BAD_REQUEST),
    ] {
        let (status, error) = error_of(client.get(&format!("{path}?{bad}")).await).await;
        assert_eq!(status, expected, "{bad}: {error}");
        assert!(!error["message"].as_str().unwrap().is_empty());
    }
    let small: Value = client.get(&format!("{path}?offset=10&limit=5")).await.json().await.unwrap();
    assert_eq!(small["paragraphs"].as_array().unwrap().len(), 5);
    assert_eq!(small["paragraphs"][0]["text"], "Absatz Nummer 11.");
    assert_eq!(small["next_offset"], 15);
    // Paragraph 301 lies beyond the first page; its edit still answers it.
    let page: Value = client.get(&format!("{path}?offset=300&limit=1")).await.json().await.unwrap();
    let paragraph = page["paragraphs"][0]["id"].as_str().unwrap();
    let res = client.patch(&format!("/api/projects/{id}/paragraphs/{paragraph}"), json!({ "text": "Neu." })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let edited: Value = res.json().await.unwrap();
    assert_eq!((edited["id"].as_str(), edited["text"].as_str()), (Some(paragraph), Some("Neu.")));
    // Someone else's chapter is a 404 on every page.
    let (stranger, _) = app.signed_in_user("fremd@example.de").await;
    assert_eq!(stranger.get(&format!("{path}?offset=200")).await.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn edits_never_grow_a_project_past_what_a_manuscript_may_hold(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("wachsen@example.de").await;
    let project = create(&client, &app, "Erster Absatz.\n\nZweiter Absatz.").await;
    let id = project["id"].as_str().unwrap();
    let chapter = project["chapters"][0]["id"].as_str().unwrap();
    let page: Value = client.get(&format!("/api/projects/{id}/chapters/{chapter}")).await.json().await.unwrap();
    let (first, second) =
        (page["paragraphs"][0]["id"].as_str().unwrap(), page["paragraphs"][1]["id"].as_str().unwrap());
    // The first paragraph stands for a book that is nearly full.
    sqlx::query("UPDATE project_paragraphs SET characters = 497000 WHERE id = $1::uuid")
        .bind(first)
        .execute(&app.pool)
        .await
        .unwrap();
    let path = format!("/api/projects/{id}/paragraphs/{second}");
    let edit = |text: String| client.patch(&path, json!({ "text": text }));
    let (status, error) = error_of(edit("x".repeat(3_001)).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["fields"]["text"].as_str().unwrap().contains("bleiben 3.000 Zeichen"), "{error}");
    assert_eq!(edit("x".repeat(3_000)).await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn project_reads_are_limited_per_account_and_not_across_accounts(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("leser@example.de").await;
    let project = create(&client, &app, "Ein Absatz.").await;
    let path = format!("/api/projects/{}", project["id"].as_str().unwrap());
    let limit = shared::rate_limit::PROJECT_READS_PER_MINUTE as usize;
    let statuses = futures::future::join_all((0..limit).map(|_| client.get(&path))).await;
    assert!(statuses.iter().all(|r| r.status() == StatusCode::OK));
    let (status, error) = error_of(client.get(&path).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{error}");
    let (other, _) = app.signed_in_user("andere@example.de").await;
    let theirs = create(&other, &app, "Noch ein Absatz.").await;
    let res = other.get(&format!("/api/projects/{}", theirs["id"].as_str().unwrap())).await;
    assert_eq!(res.status(), StatusCode::OK, "another account reads on");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_pasted_manuscript_over_the_documented_four_megabytes_is_refused(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("gross@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let text = "Wort ".repeat(900_000);
    let (status, error) =
        error_of(client.post("/api/projects", json!({ "title": "Groß", "text": text, "voice_id": voice })).await).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{error}");
    assert!(!error["message"].as_str().unwrap_or_default().is_empty());
}
