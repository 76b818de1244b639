//! The pronunciation preview: what the engines will read, per voice language, for
//! signed-in users only, with every change located in the typed text.

mod common;

use common::{TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn the_preview_shows_the_text_as_the_voice_will_speak_it(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("vorschau@example.com").await;
    let typed = "Am 3. Mai kostet es 12,50 €.";
    let german = app.voice_id("local-de-klara").await;
    let res = client.post("/api/pronunciation/preview", json!({ "text": typed, "voice_id": german })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let preview: Value = res.json().await.unwrap();
    assert_eq!(preview["text"], "Am dritten Mai kostet es zwölf Euro fünfzig.");
    let changes = preview["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 2);
    let (start, end) = (changes[1]["start"].as_u64().unwrap() as usize, changes[1]["end"].as_u64().unwrap() as usize);
    assert_eq!(&typed[start..end], "12,50 €");

    // The voice's language decides: English rules for an English text.
    let res =
        client.post("/api/pronunciation/preview", json!({ "text": "It costs $12.50.", "language": "en-US" })).await;
    let preview: Value = res.json().await.unwrap();
    assert_eq!(preview["text"], "It costs twelve dollars and fifty cents.");

    let (status, _) =
        error_of(client.post("/api/pronunciation/preview", json!({ "text": "x".repeat(5001) })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let anonymous = app.client().post("/api/pronunciation/preview", json!({ "text": "5 €" })).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_dictionary_is_private_global_entries_are_for_admins_and_csv_round_trips(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("woerter@example.com").await;
    let (other, _) = app.signed_in_user("andere@example.com").await;
    let res =
        client.post("/api/pronunciation/dictionary", json!({ "term": "Stimmwerk", "spoken": "Schtimmwerk" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let mine: Value = res.json().await.unwrap();
    // The same term again changes the entry instead of adding one.
    let again: Value = client
        .post(
            "/api/pronunciation/dictionary",
            json!({ "term": "stimmwerk", "spoken": "Stimm-Werk", "case_sensitive": false }),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((again["id"].clone(), again["spoken"].clone()), (mine["id"].clone(), json!("Stimm-Werk")));
    let (status, error) =
        error_of(client.post("/api/pronunciation/dictionary", json!({ "term": " ", "spoken": "x" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["term"], "Der Begriff ist erforderlich.");
    // A phonetic spelling is IPA or nothing.
    let (status, error) = error_of(
        client
            .post("/api/pronunciation/dictionary", json!({ "term": "Bahn", "spoken": "Baan", "ipa": "/baːn/" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["ipa"].as_str().unwrap().contains("ohne Schrägstriche"), "{error}");

    // Another user neither sees nor deletes it, and cannot make global entries.
    let theirs: Vec<Value> = other.get("/api/pronunciation/dictionary").await.json().await.unwrap();
    assert!(theirs.is_empty());
    assert_eq!(
        other.delete(&format!("/api/pronunciation/dictionary/{}", mine["id"].as_str().unwrap())).await.status(),
        StatusCode::NOT_FOUND
    );
    let res =
        other.post("/api/pronunciation/dictionary", json!({ "term": "Bahn", "spoken": "Baan", "global": true })).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);

    // An admin's global entry reaches everyone; the user's own one wins over it.
    let admin = app.signed_in_admin().await;
    let res =
        admin.post("/api/pronunciation/dictionary", json!({ "term": "ACME", "spoken": "Äkmi", "global": true })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    admin
        .post("/api/pronunciation/dictionary", json!({ "term": "Stimmwerk", "spoken": "Global-Werk", "global": true }))
        .await;
    let preview: Value =
        other.post("/api/pronunciation/preview", json!({ "text": "ACME und Stimmwerk" })).await.json().await.unwrap();
    assert_eq!(preview["text"], "Äkmi und Global-Werk");
    let preview: Value = client
        .post("/api/pronunciation/preview", json!({ "text": "ACME und Stimmwerk, 5 €" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(preview["text"], "Äkmi und Stimm-Werk, fünf Euro");

    // CSV: import reports bad lines, export gives the own entries back.
    let csv =
        "term;spoken;ipa;whole_word;case_sensitive\nkHz;Kilohertz;;nein;ja\n;leer;;;\nSQL;Sequel;;vielleicht;ja\n";
    let result: Value =
        client.post("/api/pronunciation/dictionary/import", json!({ "csv": csv })).await.json().await.unwrap();
    assert_eq!(result["saved"], 1, "{result}");
    assert_eq!(result["errors"].as_array().unwrap().len(), 2, "{result}");
    let exported = client.get("/api/pronunciation/dictionary/export").await;
    assert!(exported.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let exported = exported.text().await.unwrap();
    assert_eq!(
        exported,
        "term,spoken,ipa,whole_word,case_sensitive\nkHz,Kilohertz,,nein,ja\nstimmwerk,Stimm-Werk,,ja,nein\n"
    );
    assert!(!exported.contains("ACME"), "global entries are not exported as own ones");
}
