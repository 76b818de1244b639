//! The pronunciation preview: what the engines will read, per voice language, for
//! signed-in users only, with every change located in the typed text.

use crate::common;

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

/// The three sentences a review in the browser heard wrong (issue "Read German text as
/// a German speaker would"), through the same endpoint the TTS screen's preview calls.
#[sqlx::test(migrations = "../migrations")]
async fn the_preview_reads_units_post_codes_and_rulers_in_their_case(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("lesung@example.com").await;
    let german = app.voice_id("local-de-klara").await;
    for (typed, spoken) in [
        ("Die Antwort kam nach 200 ms.", "Die Antwort kam nach zweihundert Millisekunden."),
        ("Wir sitzen in 80331 München.", "Wir sitzen in acht null drei drei eins München."),
        (
            "Das Bild zeigt eine Reise zu Wilhelm II. oder Ludwig XIV. im Schloss.",
            "Das Bild zeigt eine Reise zu Wilhelm dem Zweiten oder Ludwig dem Vierzehnten im Schloss.",
        ),
    ] {
        let res = client.post("/api/pronunciation/preview", json!({ "text": typed, "voice_id": german })).await;
        assert_eq!(res.status(), StatusCode::OK);
        let preview: Value = res.json().await.unwrap();
        assert_eq!(preview["text"], spoken, "{typed}");
    }
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
    let admin = app.fresh_admin().await;
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

/// Fills the user's dictionary with `n` entries straight in the database (the API would
/// take minutes for thousands).
async fn fill_dictionary(app: &TestApp, user: uuid::Uuid, n: usize) {
    sqlx::query(
        "INSERT INTO pronunciation_entries (user_id, term, spoken)
         SELECT $1, 'Wort' || i, 'Wort ' || i FROM generate_series(1, $2) AS i",
    )
    .bind(user)
    .bind(n as i32)
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn entries_of(app: &TestApp, user: uuid::Uuid) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM pronunciation_entries WHERE user_id = $1")
        .bind(user)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_dictionary_holds_at_most_two_thousand_entries_even_under_parallel_adds(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("viele-woerter@example.com").await;
    fill_dictionary(&app, user, 1_990).await;

    // Thirty parallel adds of new terms: the count and the insert cannot race past the cap.
    let adds = (0..30).map(|i| {
        let client = &client;
        async move {
            client.post("/api/pronunciation/dictionary", json!({ "term": format!("Neu{i}"), "spoken": "neu" })).await
        }
    });
    let answers = futures::future::join_all(adds).await;
    let created = answers.iter().filter(|r| r.status() == StatusCode::CREATED).count();
    assert_eq!(created, 10, "exactly up to the cap");
    assert_eq!(entries_of(&app, user).await, 2_000);

    let (status, error) =
        error_of(client.post("/api/pronunciation/dictionary", json!({ "term": "Zuviel", "spoken": "zu viel" })).await)
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["message"].as_str().unwrap().contains("Höchstzahl von 2.000 Einträgen"), "{error}");
    assert!(error["fields"]["term"].is_string());
    // A full dictionary can still change what it holds.
    let res = client.post("/api/pronunciation/dictionary", json!({ "term": "wort7", "spoken": "Wort sieben" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    // An import stops at the cap too, line by line.
    let res = client.post("/api/pronunciation/dictionary/import", json!({ "csv": "Eins,eins\nZwei,zwei\n" })).await;
    let result: Value = res.json().await.unwrap();
    assert_eq!(result["saved"], 0);
    assert_eq!(result["errors"].as_array().unwrap().len(), 2);
    assert_eq!(entries_of(&app, user).await, 2_000);

    // The full dictionary still previews (applied on the CPU pool, de-duplicated by hash).
    let text = "Wort1989 und Wort5. ".repeat(200);
    let res = client.post("/api/pronunciation/preview", json!({ "text": text })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let preview: Value = res.json().await.unwrap();
    assert!(preview["text"].as_str().unwrap().starts_with("Wort 1989 und Wort 5. Wort 1989"), "{}", preview["text"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_import_takes_at_most_a_thousand_rows_and_the_export_never_starts_a_formula(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("import@example.com").await;
    let csv: String = (1..=1_001).map(|i| format!("Begriff{i},gesprochen {i}\n")).collect();
    let res = client.post("/api/pronunciation/dictionary/import", json!({ "csv": csv })).await;
    let result: Value = res.json().await.unwrap();
    assert_eq!(result["saved"], 1_000, "{result}");
    assert_eq!(entries_of(&app, user).await, 1_000);

    let (other, other_id) = app.signed_in_user("formel@example.com").await;
    let res =
        other.post("/api/pronunciation/dictionary", json!({ "term": "=HYPERLINK(\"x\")", "spoken": "-2+3" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let exported = other.get("/api/pronunciation/dictionary/export").await.text().await.unwrap();
    let row = exported.lines().nth(1).unwrap();
    assert!(row.starts_with("\"'=HYPERLINK(") && row.contains(",'-2+3,"), "{row}");
    // What was exported imports back as it was.
    sqlx::query("DELETE FROM pronunciation_entries WHERE user_id = $1")
        .bind(other_id)
        .execute(&app.pool)
        .await
        .unwrap();
    let res = other.post("/api/pronunciation/dictionary/import", json!({ "csv": exported })).await;
    assert_eq!(res.json::<Value>().await.unwrap()["saved"], 1);
    let list: Value = other.get("/api/pronunciation/dictionary").await.json().await.unwrap();
    let entry = list.as_array().unwrap().iter().find(|e| e["global"] == false).unwrap();
    assert_eq!((entry["term"].as_str(), entry["spoken"].as_str()), (Some("=HYPERLINK(\"x\")"), Some("-2+3")));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_entry_is_edited_by_its_owner_only_and_never_onto_another_term(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("bearbeiten@example.com").await;
    let (other, _) = app.signed_in_user("fremd@example.com").await;
    let add = |term: &str, spoken: &str| json!({ "term": term, "spoken": spoken });
    let first: Value =
        client.post("/api/pronunciation/dictionary", add("Stimwerk", "Stimmwerk")).await.json().await.unwrap();
    client.post("/api/pronunciation/dictionary", add("Bahn", "Baan")).await;
    let path = format!("/api/pronunciation/dictionary/{}", first["id"].as_str().unwrap());

    // The owner corrects the term itself; the entry keeps its id.
    let res = client.put(&path, add("Stimmwerk", "Schtimmwerk")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let edited: Value = res.json().await.unwrap();
    assert_eq!((edited["id"].clone(), edited["term"].clone()), (first["id"].clone(), json!("Stimmwerk")));
    let preview: Value =
        client.post("/api/pronunciation/preview", json!({ "text": "Stimmwerk" })).await.json().await.unwrap();
    assert_eq!(preview["text"], "Schtimmwerk");

    // Onto a term another entry of hers has: 409, nothing changed.
    let (status, error) = error_of(client.put(&path, add("bahn", "x")).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["message"], "„bahn“ steht schon im Wörterbuch.");
    // Empty input: 422 with the field.
    let (status, error) = error_of(client.put(&path, add(" ", "x")).await).await;
    assert_eq!(
        (status, error["fields"]["term"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("Der Begriff ist erforderlich."))
    );

    // Someone else's entry does not exist for another user, nor as a global one.
    assert_eq!(other.put(&path, add("Stimmwerk", "gekapert")).await.status(), StatusCode::NOT_FOUND);
    let global = json!({ "term": "Stimmwerk", "spoken": "gekapert", "global": true });
    assert_eq!(other.put(&path, global).await.status(), StatusCode::FORBIDDEN);
    let mine: Vec<Value> = client.get("/api/pronunciation/dictionary").await.json().await.unwrap();
    assert!(mine.iter().any(|e| e["spoken"] == "Schtimmwerk"), "{mine:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_csv_header_row_in_german_or_english_is_not_imported(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("kopfzeile@example.com").await;
    for csv in ["\u{feff}Begriff;Aussprache\nkHz;Kilohertz\n", "term,spoken\nMHz,Megahertz\n"] {
        let result: Value =
            client.post("/api/pronunciation/dictionary/import", json!({ "csv": csv })).await.json().await.unwrap();
        assert_eq!((result["saved"].clone(), result["errors"].clone()), (json!(1), json!([])), "{csv}");
    }
    let entries: Vec<Value> = client.get("/api/pronunciation/dictionary").await.json().await.unwrap();
    let terms: Vec<&str> = entries.iter().map(|e| e["term"].as_str().unwrap()).collect();
    assert_eq!(terms, ["kHz", "MHz"]);
}

/// A PLS lexicon with alias and phoneme entries, imported into a project and exported
/// again, comes back byte for byte; a stranger can neither import into nor export that
/// project's dictionary.
#[sqlx::test(migrations = "../migrations")]
async fn a_pls_lexicon_with_aliases_and_phonemes_round_trips_unchanged(pool: PgPool) {
    use shared::domain::pls::{Lexeme, Lexicon, Phoneme};
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("pls@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let created: Value = client
        .post("/api/projects", json!({ "title": "Lexikon", "text": "Die KI liest.", "voice_id": voice }))
        .await
        .json()
        .await
        .unwrap();
    let project = created["id"].as_str().unwrap();
    let lexeme = |grapheme: &str, alias: Option<&str>, ipa: Option<&str>| Lexeme {
        graphemes: vec![grapheme.into()],
        aliases: alias.map(|a| vec![a.to_owned()]).unwrap_or_default(),
        phonemes: ipa.map(|p| vec![Phoneme { text: p.into(), alphabet: None }]).unwrap_or_default(),
    };
    let lexicon = Lexicon {
        xml_lang: "de-DE".into(),
        alphabet: "ipa".into(),
        lexemes: vec![
            lexeme("KI", Some("Künstliche Intelligenz"), None),
            lexeme("Müller", Some("Mühler"), Some("ˈmʏlɐ")),
            lexeme("Stimmwerk", None, Some("ˈʃtɪmvɛʁk")),
        ],
    };
    let xml = shared::domain::pls::write(&lexicon);
    let import = |who: &common::Client, body: String| {
        who.http
            .post(format!("{}/api/pronunciation/dictionary/import.pls?project_id={project}", who.base))
            .header("content-type", "application/pls+xml")
            .body(body)
            .send()
    };
    let (stranger, _) = app.signed_in_user("fremd-pls@example.de").await;
    assert_eq!(import(&stranger, xml.clone()).await.unwrap().status(), StatusCode::NOT_FOUND);
    let res = import(&client, xml.clone()).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let result: Value = res.json().await.unwrap();
    assert_eq!((result["saved"].as_u64(), result["errors"].as_array().unwrap().len()), (Some(3), 0), "{result}");
    let path = format!("/api/pronunciation/dictionary/export.pls?project_id={project}");
    assert_eq!(stranger.get(&path).await.status(), StatusCode::NOT_FOUND);
    let res = client.get(&path).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/pls+xml"));
    let exported = res.text().await.unwrap();
    assert_eq!(exported, xml, "imported and exported again, unchanged");
    // The project reads its entries; the user's own dictionary holds none of them.
    let own = client.get("/api/pronunciation/dictionary/export.pls").await.text().await.unwrap();
    assert!(shared::domain::pls::parse(own.as_bytes()).unwrap().lexemes.is_empty());
    let (status, error) = error_of(import(&client, "<lexicon>".into()).await.unwrap()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    assert!(error["message"].as_str().unwrap().contains("PLS"), "{error}");
}
