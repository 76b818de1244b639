//! Long-form editing as a producer expects it: a dictionary entry makes stale only the
//! paragraphs it reads differently, nothing heard is taken away by an edit, every
//! paragraph plays on its own, each render is kept as a take that can be chosen again
//! for free, one render is one named booking, and a worker killed while rendering takes
//! loses nothing and charges nothing twice.

use std::time::Duration;

use crate::common;
use crate::projects::{all_joined, charges, render, wait_for};

use common::{Client, TestApp};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

/// Three chapters; "Möwen" is in exactly two paragraphs (chapters 1 and 3).
const MANUSCRIPT: &str = "# Am Hafen\n\n\
    Der Morgen begann grau und still am kleinen Hafen.\n\n\
    Marie stand am Ende der Mole und sah den Möwen zu.\n\n\
    # Der Leuchtturm\n\n\
    Am Nachmittag wanderten die beiden hinauf zum Leuchtturm.\n\n\
    Von oben sahen sie weit hinaus auf die Ostsee.\n\n\
    # Abend\n\n\
    Am Abend kreisten die Möwen über dem Strand.\n\n\
    Dann wurde es still.\n";

async fn project(client: &Client, id: &str) -> Value {
    client.get(&format!("/api/projects/{id}")).await.json().await.unwrap()
}

async fn chapter(client: &Client, project: &str, chapter: &str) -> Value {
    client.get(&format!("/api/projects/{project}/chapters/{chapter}")).await.json().await.unwrap()
}

/// The project from [`MANUSCRIPT`], every chapter rendered and joined.
async fn rendered_project(app: &TestApp, client: &Client, title: &str) -> (String, Value) {
    let voice = app.voice_id("local-de-klara").await;
    let res = client.post("/api/projects", json!({ "title": title, "text": MANUSCRIPT, "voice_id": voice })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    for chapter in created["chapters"].as_array().unwrap() {
        render(client, &id, chapter).await;
    }
    let done = wait_for(client, &id, Duration::from_secs(300), all_joined).await;
    stop.cancel();
    worker.await.unwrap();
    (id, done)
}

async fn bookings(app: &TestApp, user: Uuid) -> Vec<(i64, String)> {
    sqlx::query_as(
        "SELECT amount_cent, note FROM ledger_entries WHERE user_id = $1 AND kind = 'project_render' ORDER BY id",
    )
    .bind(user)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

fn stale_texts(chapter: &Value) -> Vec<String> {
    chapter["paragraphs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["state"] == "stale")
        .map(|p| p["text"].as_str().unwrap().to_owned())
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_dictionary_entry_makes_stale_only_the_paragraphs_it_reads_and_a_render_is_one_named_booking(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("woerterbuch@example.de").await;
    let (id, done) = rendered_project(&app, &client, "Rügen").await;
    let names: Vec<String> = bookings(&app, user).await.into_iter().map(|(_, name)| name).collect();
    assert_eq!(
        names,
        [
            "Projekt »Rügen« · Kapitel 1 · 2 Absätze",
            "Projekt »Rügen« · Kapitel 2 · 2 Absätze",
            "Projekt »Rügen« · Kapitel 3 · 2 Absätze"
        ],
        "one booking per render, named after project, chapter and paragraphs"
    );
    assert!(app.ledger_rows(user, "charge").await.is_empty(), "no line per paragraph");
    let charged = charges(&app, user).await;
    assert_eq!(done["spent_cent"].as_i64(), Some(charged), "the project shows what it cost");

    // An entry for a word that is not in the book changes nothing and charges nothing.
    let res = client.post("/api/pronunciation/dictionary", json!({ "term": "SaaS", "spoken": "Sass" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let after = project(&client, &id).await;
    assert_eq!((after["stale_paragraphs"].as_i64(), after["stale_cost_cent"].as_i64()), (Some(0), Some(0)));
    assert!(all_joined(&after), "every chapter still done and playing: {after}");
    for c in after["chapters"].as_array().unwrap() {
        assert_eq!(render(&client, &id, c).await["charged_cent"], 0);
    }
    assert_eq!(charges(&app, user).await, charged);

    // An entry for "Möwen" makes exactly its two paragraphs stale; the audio stays.
    let res = client.post("/api/pronunciation/dictionary", json!({ "term": "Möwen", "spoken": "Möhwen" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let after = project(&client, &id).await;
    assert_eq!(after["stale_paragraphs"], 2, "{after}");
    let chapters = after["chapters"].as_array().unwrap();
    assert_eq!(chapters.iter().map(|c| c["stale_paragraphs"].as_i64().unwrap()).collect::<Vec<_>>(), [1, 0, 1]);
    for c in chapters {
        assert!(!c["audio"].is_null(), "the last rendered audio stays: {c}");
        let res = client.get(c["audio"]["url"].as_str().unwrap()).await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let first = chapter(&client, &id, chapters[0]["id"].as_str().unwrap()).await;
    assert_eq!(stale_texts(&first), ["Marie stand am Ende der Mole und sah den Möwen zu."]);
    let expected: i64 = [&chapters[0], &chapters[2]].iter().map(|c| c["stale_cost_cent"].as_i64().unwrap()).sum();
    assert_eq!(expected, after["stale_cost_cent"].as_i64().unwrap());

    // Re-rendering charges exactly those two paragraphs, in one booking per chapter.
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    let mut charged_now = 0;
    for c in chapters {
        charged_now += render(&client, &id, c).await["charged_cent"].as_i64().unwrap();
    }
    assert_eq!(charged_now, expected);
    assert_eq!(charges(&app, user).await, charged + expected);
    let names: Vec<String> = bookings(&app, user).await.into_iter().skip(3).map(|(_, name)| name).collect();
    assert_eq!(names, ["Projekt »Rügen« · Kapitel 1 · 1 Absatz", "Projekt »Rügen« · Kapitel 3 · 1 Absatz"]);
    let joined = wait_for(&client, &id, Duration::from_secs(300), all_joined).await;
    assert_eq!(joined["spent_cent"].as_i64(), Some(charged + expected));
    let moved = |p: &Value| chrono::DateTime::parse_from_rfc3339(p["updated_at"].as_str().unwrap()).unwrap();
    assert!(moved(&joined) > moved(&done), "„Zuletzt geändert“ moves with a render");
    stop.cancel();
    worker.await.unwrap();
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn an_edit_keeps_the_chapter_playing_and_an_older_take_is_chosen_for_free(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("fassungen@example.de").await;
    let (id, done) = rendered_project(&app, &client, "Fassungen").await;
    let chapter_id = done["chapters"][0]["id"].as_str().unwrap().to_owned();
    let first = chapter(&client, &id, &chapter_id).await;
    let paragraph = first["paragraphs"][1].clone();
    let pid = paragraph["id"].as_str().unwrap().to_owned();
    let original = paragraph["text"].as_str().unwrap().to_owned();
    // Every paragraph plays on its own.
    let res = client.get(paragraph["audio_url"].as_str().unwrap()).await;
    assert_eq!((res.status(), res.headers()["content-type"].to_str().unwrap()), (StatusCode::OK, "audio/mpeg"));

    // Edited: the chapter keeps playing its last audio; the transcript marks the paragraph.
    let res = client
        .patch(&format!("/api/projects/{id}/paragraphs/{pid}"), json!({ "text": "Marie wartete auf der Mole." }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let edited = project(&client, &id).await;
    let audio = &edited["chapters"][0]["audio"];
    assert!(!audio.is_null(), "nothing heard is taken away: {edited}");
    assert_eq!(client.get(audio["url"].as_str().unwrap()).await.status(), StatusCode::OK);
    let timestamps = client.get(audio["timestamps_url"].as_str().unwrap()).await;
    assert_eq!(timestamps.status(), StatusCode::OK);
    let parts: Value =
        client.get(&format!("/api/projects/{id}/chapters/{chapter_id}/parts")).await.json().await.unwrap();
    let current: Vec<bool> =
        parts["parts"].as_array().unwrap().iter().map(|p| p["current"].as_bool().unwrap()).collect();
    assert_eq!(current, [true, false], "the edited paragraph is marked in the transcript");
    assert!(edited["updated_at"] != done["updated_at"], "„Zuletzt geändert“ moves with an edit");

    // Rendered again: a second take; the first stays and can be heard.
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    let before = charges(&app, user).await;
    assert!(render(&client, &id, &edited["chapters"][0]).await["charged_cent"].as_i64().unwrap() > 0);
    wait_for(&client, &id, Duration::from_secs(300), all_joined).await;
    let takes: Value = client.get(&format!("/api/projects/{id}/paragraphs/{pid}/takes")).await.json().await.unwrap();
    let takes = takes["takes"].as_array().unwrap().clone();
    assert_eq!(takes.len(), 2);
    assert_eq!((takes[0]["chosen"].as_bool(), takes[1]["chosen"].as_bool()), (Some(true), Some(false)));
    assert_eq!((takes[1]["text"].as_str(), takes[1]["other_text"].as_bool()), (Some(original.as_str()), Some(true)));
    assert_eq!(client.get(takes[1]["audio_url"].as_str().unwrap()).await.status(), StatusCode::OK);
    let charged = charges(&app, user).await;
    assert!(charged > before);

    // Nobody else lists, hears or chooses them.
    let (stranger, _) = app.signed_in_user("fremd-fassungen@example.de").await;
    let older = takes[1]["id"].as_str().unwrap();
    for path in [
        format!("/api/projects/{id}/paragraphs/{pid}/takes"),
        format!("/api/projects/{id}/paragraphs/{pid}/audio"),
        format!("/api/projects/{id}/paragraphs/{pid}/takes/{older}/audio"),
    ] {
        assert_eq!(stranger.get(&path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let choose = format!("/api/projects/{id}/paragraphs/{pid}/takes/{older}/choose");
    assert_eq!(stranger.post(&choose, json!({})).await.status(), StatusCode::NOT_FOUND);

    // Choosing the older take charges nothing, puts its text back, and the chapter plays it.
    let res = client.post(&choose, json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let chosen: Value = res.json().await.unwrap();
    assert_eq!((chosen["text"].as_str(), chosen["state"].as_str()), (Some(original.as_str()), Some("done")));
    let rejoined = wait_for(&client, &id, Duration::from_secs(120), all_joined).await;
    assert_eq!(charges(&app, user).await, charged, "a take is chosen free of charge");
    assert_eq!(rejoined["stale_paragraphs"], 0);
    let joined_job: Uuid = sqlx::query_scalar(
        "SELECT (p->>'job_id')::uuid FROM project_chapters, jsonb_array_elements(audio_parts) p
         WHERE id = $1 AND (p->>'paragraph_id')::uuid = $2",
    )
    .bind(Uuid::parse_str(&chapter_id).unwrap())
    .bind(Uuid::parse_str(&pid).unwrap())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let older_job: Uuid = sqlx::query_scalar("SELECT job_id FROM project_takes WHERE id = $1")
        .bind(Uuid::parse_str(older).unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(joined_job, older_job, "the chapter is joined from the chosen take");
    stop.cancel();
    worker.await.unwrap();
    assert!(app.ledger_drift().await.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_worker_killed_while_rendering_takes_loses_nothing_and_charges_nothing_twice(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("abbruch-fassungen@example.de").await;
    let (id, done) = rendered_project(&app, &client, "Abbruch").await;
    // Every paragraph edited: each gets a second take.
    for c in done["chapters"].as_array().unwrap() {
        let detail = chapter(&client, &id, c["id"].as_str().unwrap()).await;
        for p in detail["paragraphs"].as_array().unwrap() {
            let text = format!("{} Und noch ein Satz dazu.", p["text"].as_str().unwrap());
            let res = client
                .patch(&format!("/api/projects/{id}/paragraphs/{}", p["id"].as_str().unwrap()), json!({ "text": text }))
                .await;
            assert_eq!(res.status(), StatusCode::OK);
        }
    }
    let edited = project(&client, &id).await;
    let cost = edited["stale_cost_cent"].as_i64().unwrap();
    let before = charges(&app, user).await;
    let svc = app.worker_state(app.local_engines());
    let (_stop, worker) = app.spawn_worker(svc.clone());
    for c in edited["chapters"].as_array().unwrap() {
        render(&client, &id, c).await;
    }
    let completed = || async {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE status = 'completed'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
        n
    };
    while completed().await < 7 {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    worker.abort();
    assert!(worker.await.unwrap_err().is_cancelled());
    assert!(completed().await < 12, "killed while rendering takes");
    sqlx::query("UPDATE tts_jobs SET heartbeat_at = now() - interval '1 hour' WHERE status = 'processing'")
        .execute(&app.pool)
        .await
        .unwrap();
    shared::use_cases::generation::recover(&svc, None).await.unwrap();
    let (stop, worker) = app.spawn_worker(svc);
    for c in edited["chapters"].as_array().unwrap() {
        assert_eq!(render(&client, &id, c).await["charged_cent"], 0, "the takes are under way");
    }
    let joined = wait_for(&client, &id, Duration::from_secs(300), all_joined).await;
    assert_eq!(completed().await, 12, "nothing lost");
    assert_eq!(charges(&app, user).await, before + cost, "charged once");
    assert_eq!(joined["stale_paragraphs"], 0);
    let takes: Vec<i64> = sqlx::query_scalar("SELECT count(*) FROM project_takes GROUP BY paragraph_id")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(takes, [2; 6], "each paragraph has its first and its second take");
    assert!(app.ledger_rows(user, "refund").await.is_empty());
    assert!(app.ledger_drift().await.is_empty());
    stop.cancel();
    worker.await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_entry_applies_to_its_project_alone_and_only_its_owner_writes_it(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("projektwoerter@example.de").await;
    let (id, _) = rendered_project(&app, &client, "Eins").await;
    let (other, _) = rendered_project(&app, &client, "Zwei").await;
    let (stranger, _) = app.signed_in_user("fremd-woerter@example.de").await;
    let entry = json!({ "term": "Ostsee", "spoken": "Ohstsee", "project_id": id });
    let res = stranger.post("/api/pronunciation/dictionary", entry.clone()).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND, "nobody writes into another's project");
    let res = stranger.get(&format!("/api/pronunciation/dictionary?project_id={id}")).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    let res = client.post("/api/pronunciation/dictionary", entry).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let saved: Value = res.json().await.unwrap();
    assert_eq!(saved["project_id"].as_str(), Some(id.as_str()));
    assert_eq!(project(&client, &id).await["stale_paragraphs"], 1, "its own project reads it");
    assert_eq!(project(&client, &other).await["stale_paragraphs"], 0, "another project does not");
    let own: Vec<Value> = client.get("/api/pronunciation/dictionary").await.json().await.unwrap();
    assert!(own.iter().all(|e| e["term"] != "Ostsee"), "the user's own list holds no project entries");
    let scoped: Vec<Value> =
        client.get(&format!("/api/pronunciation/dictionary?project_id={id}")).await.json().await.unwrap();
    assert!(scoped.iter().any(|e| e["term"] == "Ostsee"));
    // Deleted again: the paragraph's audio fits it once more.
    let path = format!("/api/pronunciation/dictionary/{}?project_id={id}", saved["id"].as_str().unwrap());
    assert_eq!(stranger.delete(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(client.delete(&path).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(project(&client, &id).await["stale_paragraphs"], 0);
}

/// A quoted dialogue between two characters is read by the paragraph's one job, each
/// quotation in its character's voice and the narration in the narrator's; the timed text
/// says which voice spoke which sentence. Only the project's owner casts, and a casting
/// that names a character of another project is refused.
#[sqlx::test(migrations = "../migrations")]
async fn a_dialogue_is_read_with_each_quotation_in_its_characters_voice(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("dialog@example.de").await;
    let narrator = app.voice_id("local-de-klara").await;
    let (lukas, jonas) = (app.voice_id("local-de-lukas").await, app.voice_id("local-de-jonas").await);
    let text = "„Komm schnell her!“, rief Anna. „Ich komme gleich.“, sagte Ben.";
    let created: Value = client
        .post("/api/projects", json!({ "title": "Dialog", "text": text, "voice_id": narrator }))
        .await
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let characters = format!("/api/projects/{id}/characters");
    let add = |name: &str, voice: Uuid| json!({ "name": name, "voice_id": voice });
    let anna: Value = client.post(&characters, add("Anna", lukas)).await.json().await.unwrap();
    let ben: Value = client.post(&characters, add("Ben", jonas)).await.json().await.unwrap();
    let res = client.post(&characters, add("Anna", jonas)).await;
    assert_eq!(res.status(), StatusCode::CONFLICT, "a name once per project");
    let (stranger, _) = app.signed_in_user("fremd-dialog@example.de").await;
    assert_eq!(stranger.get(&format!("/api/projects/{id}/characters")).await.status(), StatusCode::NOT_FOUND);

    let chapter_id = created["chapters"][0]["id"].as_str().unwrap().to_owned();
    let detail = chapter(&client, &id, &chapter_id).await;
    let paragraph = &detail["paragraphs"][0];
    assert_eq!(paragraph["quotations"], json!(["„Komm schnell her!“", "„Ich komme gleich.“"]));
    let path = format!("/api/projects/{id}/paragraphs/{}", paragraph["id"].as_str().unwrap());
    let res = client.patch(&path, json!({ "casting": [Uuid::new_v4()] })).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "only the project's own characters");
    let res = stranger.patch(&path, json!({ "casting": [anna["id"], ben["id"]] })).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = client.patch(&path, json!({ "casting": [anna["id"], ben["id"]] })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cast: Value = res.json().await.unwrap();
    assert_eq!(cast["casting"], json!([anna["id"], ben["id"]]));

    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    let before = app.balance(user).await;
    let charged = render(&client, &id, &created["chapters"][0]).await["charged_cent"].as_i64().unwrap();
    assert_eq!(charged, paragraph["cost_cent"].as_i64().unwrap(), "one paragraph, whoever reads its parts");
    let done = wait_for(&client, &id, Duration::from_secs(300), all_joined).await;
    assert_eq!(app.balance(user).await, before - charged);
    let timed: Value =
        client.get(done["chapters"][0]["audio"]["timestamps_url"].as_str().unwrap()).await.json().await.unwrap();
    let spoken: Vec<(String, String)> = timed["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["text"].as_str().unwrap().to_owned(), s["voice_id"].as_str().unwrap_or("").to_owned()))
        .collect();
    let voice = |v: Uuid| v.to_string();
    let by_voice: Vec<&str> = spoken.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(
        by_voice,
        [voice(lukas), voice(narrator), voice(jonas), voice(narrator)].iter().map(String::as_str).collect::<Vec<_>>(),
        "each quotation in its character's voice: {spoken:?}"
    );
    assert!(spoken[0].0.contains("Komm schnell her!") && spoken[2].0.contains("Ich komme gleich."), "{spoken:?}");
    // Another voice for a character makes its paragraph stale.
    let res = client
        .patch(&format!("/api/projects/{id}/characters/{}", ben["id"].as_str().unwrap()), json!({ "voice_id": lukas }))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(project(&client, &id).await["stale_paragraphs"], 1);
    stop.cancel();
    worker.await.unwrap();
}
