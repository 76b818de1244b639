//! Projects edited after their creation: chapters split and merged by hand (rendered
//! paragraphs move with their jobs, so nothing is charged again and only the joins are
//! redone), a retried create or export with the same Idempotency-Key makes nothing new,
//! and a project keeps only its last three exports per format, rows and files.

use std::time::Duration;

use crate::common;
use crate::developer_api::{Program, create_key};
use crate::projects::{all_joined, charges, render, wait_for};

use common::{Client, TestApp, error_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

/// Two chapters of short paragraphs (quick to speak on the local engine).
const MANUSCRIPT: &str = "# Am Hafen\n\n\
    Der Morgen begann grau und still am kleinen Hafen.\n\n\
    Marie stand am Ende der Mole und sah den Möwen zu.\n\n\
    Am Horizont tauchte endlich ein weißes Segel auf.\n\n\
    # Der Leuchtturm\n\n\
    Am Nachmittag wanderten die beiden hinauf zum Leuchtturm.\n\n\
    Von oben sahen sie weit hinaus auf die Ostsee.\n";

async fn chapter(client: &Client, project: &str, chapter: &str) -> Value {
    client.get(&format!("/api/projects/{project}/chapters/{chapter}")).await.json().await.unwrap()
}

fn ids(values: &Value) -> Vec<String> {
    values.as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap().to_owned()).collect()
}

fn field<'a>(values: &'a Value, name: &str) -> Vec<&'a Value> {
    values.as_array().unwrap().iter().map(|v| &v[name]).collect()
}

async fn job_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM tts_jobs").fetch_one(&app.pool).await.unwrap()
}

/// A project made from [`MANUSCRIPT`], every chapter rendered and joined.
async fn rendered_project(app: &TestApp, client: &Client) -> (String, Value) {
    let voice = app.voice_id("local-de-klara").await;
    let res = client.post("/api/projects", json!({ "title": "Rügen", "text": MANUSCRIPT, "voice_id": voice })).await;
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

#[sqlx::test(migrations = "../migrations")]
async fn splitting_and_merging_rendered_chapters_charges_nothing_and_only_joins_the_audio_again(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("teilen@example.de").await;
    let (id, done) = rendered_project(&app, &client).await;
    let (jobs, charged) = (job_count(&app).await, charges(&app, user).await);
    assert_eq!(jobs, 5);
    let whole_seconds = done["chapters"][0]["audio"]["duration_seconds"].as_f64().unwrap();
    let first_id = done["chapters"][0]["id"].as_str().unwrap().to_owned();
    let paragraphs = ids(&chapter(&client, &id, &first_id).await["paragraphs"]);

    // Nobody else splits or merges it.
    let (stranger, _) = app.signed_in_user("fremd-teilen@example.de").await;
    let split_path = format!("/api/projects/{id}/paragraphs/{}/split", paragraphs[1]);
    assert_eq!(stranger.post(&split_path, json!({})).await.status(), StatusCode::NOT_FOUND);
    let second_id = done["chapters"][1]["id"].as_str().unwrap();
    let res = stranger.post(&format!("/api/projects/{id}/chapters/{second_id}/merge"), json!({})).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let (status, error) = error_of(client.post(&split_path, json!({ "title": "  " })).await).await;
    assert_eq!(
        (status, error["message"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Bitte geben Sie einen Titel ein."))
    );

    // Split the first chapter before its second paragraph (no worker runs: the joins wait).
    let res = client.post(&split_path, json!({ "title": "Auf der Mole" })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let split: Value = res.json().await.unwrap();
    let chapters = &split["project"]["chapters"];
    assert_eq!(field(chapters, "title"), [&json!("Am Hafen"), &json!("Auf der Mole"), &json!("Der Leuchtturm")]);
    assert_eq!(field(chapters, "position"), [&json!(0), &json!(1), &json!(2)], "positions stay dense");
    let new_id = split["chapter_id"].as_str().unwrap().to_owned();
    assert_eq!(chapters[1]["id"], new_id.as_str());
    for half in &chapters.as_array().unwrap()[..2] {
        assert_eq!((half["state"].as_str(), half["stale_cost_cent"].as_i64()), (Some("done"), Some(0)), "{half}");
        // The first half keeps its last joined audio until it is joined anew; the new
        // chapter has none yet.
        let stale_or_none = half["audio"].is_null() || half["audio"]["current"] == false;
        assert!(stale_or_none, "the joined audio no longer matches its paragraphs: {half}");
    }
    assert!(!chapters[2]["audio"].is_null(), "an untouched chapter keeps its audio");
    assert_eq!(split["project"]["stale_cost_cent"], 0);
    assert_eq!(ids(&chapter(&client, &id, &first_id).await["paragraphs"]), paragraphs[..1]);
    let moved = chapter(&client, &id, &new_id).await;
    assert_eq!(ids(&moved["paragraphs"]), paragraphs[1..]);
    assert_eq!(field(&moved["paragraphs"], "position"), [&json!(0), &json!(1)]);

    // A paragraph that begins a chapter already: nothing changes, so a retry makes nothing.
    let res = client.post(&split_path, json!({ "title": "Auf der Mole" })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let again: Value = res.json().await.unwrap();
    assert_eq!(
        (again["chapter_id"].as_str(), again["project"]["chapters"].as_array().unwrap().len()),
        (Some(new_id.as_str()), 3)
    );

    // The worker joins both halves from the paragraphs' existing audio: no new job, no charge.
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    let joined = wait_for(&client, &id, Duration::from_secs(120), all_joined).await;
    assert_eq!((job_count(&app).await, charges(&app, user).await), (jobs, charged), "nothing synthesized or charged");
    let first_half = joined["chapters"][0]["audio"]["duration_seconds"].as_f64().unwrap();
    assert!(first_half < whole_seconds - 1.0, "the first half is shorter: {first_half} of {whole_seconds}");
    for c in &joined["chapters"].as_array().unwrap()[..2] {
        assert_eq!(render(&client, &id, c).await["charged_cent"], 0, "both halves need nothing rendered");
    }

    // The first chapter has none before it.
    let (status, error) =
        error_of(client.post(&format!("/api/projects/{id}/chapters/{first_id}/merge"), json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error["message"].as_str().unwrap().contains("erste Kapitel"), "{error}");

    // Merged back over /v1 (the same use case): the paragraphs in their order, still done.
    let (_, key) = create_key(&client, "Skript").await;
    let program = Program::new(&app, &key);
    let res = program.post(&format!("/v1/projects/{id}/chapters/{new_id}/merge"), json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let merged: Value = res.json().await.unwrap();
    assert_eq!(merged["chapter_id"], first_id.as_str());
    assert_eq!(
        merged["project"]["chapters"][1]["audio"]["url"].as_str().map(|u| u.starts_with("/v1/projects/")),
        Some(true)
    );
    let chapters = &merged["project"]["chapters"];
    assert_eq!(field(chapters, "title"), [&json!("Am Hafen"), &json!("Der Leuchtturm")]);
    assert_eq!(field(chapters, "position"), [&json!(0), &json!(1)]);
    assert_eq!(chapters[0]["stale_cost_cent"], 0);
    let whole = chapter(&client, &id, &first_id).await;
    assert_eq!(ids(&whole["paragraphs"]), paragraphs);
    assert_eq!(field(&whole["paragraphs"], "position"), [&json!(0), &json!(1), &json!(2)]);
    let (status, _) = error_of(program.get(&format!("/v1/projects/{id}/chapters/{new_id}")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the merged chapter is gone");
    let rejoined = wait_for(&client, &id, Duration::from_secs(120), all_joined).await;
    let seconds = rejoined["chapters"][0]["audio"]["duration_seconds"].as_f64().unwrap();
    assert!((seconds - whole_seconds).abs() < 0.5, "joined as before: {seconds} vs {whole_seconds}");

    // Split over /v1 without a title: "Kapitel N" after its place.
    let res = program.post(&format!("/v1/projects/{id}/paragraphs/{}/split", paragraphs[2]), json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let split: Value = res.json().await.unwrap();
    assert_eq!(
        field(&split["project"]["chapters"], "title"),
        [&json!("Am Hafen"), &json!("Kapitel 2"), &json!("Der Leuchtturm")]
    );
    assert_eq!((job_count(&app).await, charges(&app, user).await), (jobs, charged));
    assert!(app.ledger_drift().await.is_empty());
    stop.cancel();
    worker.await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_holds_at_most_500_chapters_when_split_by_hand_too(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("fuenfhundert@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let mut text = String::from("# Teil 1\n\nErster Absatz.\n\nZweiter Absatz.\n\n");
    for n in 2..=500 {
        text.push_str(&format!("# Teil {n}\n\nEin Satz.\n\n"));
    }
    let created: Value = client
        .post("/api/projects", json!({ "title": "Lang", "text": text, "voice_id": voice }))
        .await
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["chapters"].as_array().unwrap().len(), 500);
    let first = chapter(&client, &id, created["chapters"][0]["id"].as_str().unwrap()).await;
    let split_path = format!("/api/projects/{id}/paragraphs/{}/split", first["paragraphs"][1]["id"].as_str().unwrap());
    let (status, error) = error_of(client.post(&split_path, json!({})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        error["message"],
        "Ein Projekt hat höchstens 500 Kapitel. Bitte führen Sie zuerst zwei Kapitel zusammen."
    );

    // One merged away, one split off again: 500, in dense order.
    let last = created["chapters"][499]["id"].as_str().unwrap();
    assert_eq!(
        client.post(&format!("/api/projects/{id}/chapters/{last}/merge"), json!({})).await.status(),
        StatusCode::OK
    );
    let res = client.post(&split_path, json!({})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let split: Value = res.json().await.unwrap();
    let positions: Vec<i64> =
        split["project"]["chapters"].as_array().unwrap().iter().map(|c| c["position"].as_i64().unwrap()).collect();
    assert_eq!(positions, (0..500).collect::<Vec<i64>>());
    assert_eq!(split["project"]["chapters"][1]["title"], "Kapitel 2");
    assert_eq!(split["project"]["chapters"][2]["title"], "Teil 2");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_retried_create_with_the_same_idempotency_key_makes_one_project_and_uses_the_cap_once(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("wiederholt@example.de").await;
    let (_, key) = create_key(&client, "Skript").await;
    let program = Program::new(&app, &key);
    let voice = app.voice_id("local-de-klara").await;
    // 99 projects already: the next one is the last the cap allows.
    sqlx::query(
        "INSERT INTO projects (user_id, title, voice_id) SELECT $1, 'Alt ' || n, $2 FROM generate_series(1, 99) n",
    )
    .bind(user)
    .bind(voice)
    .execute(&app.pool)
    .await
    .unwrap();
    let count = || async {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM projects WHERE user_id = $1")
            .bind(user)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        n
    };
    let send = |title: &'static str| {
        program
            .request(Method::POST, "/v1/projects")
            .header("idempotency-key", "band-1")
            .json(&json!({ "title": title, "text": MANUSCRIPT, "voice_id": voice }))
            .send()
    };
    // Sent twice at once (a client that timed out and retried): one waits for the other.
    let (first, second) = tokio::join!(send("Band 1"), send("Band 1"));
    let (first, second) = (first.unwrap(), second.unwrap());
    assert_eq!((first.status(), second.status()), (StatusCode::CREATED, StatusCode::CREATED));
    let first: Value = first.json().await.unwrap();
    let second: Value = second.json().await.unwrap();
    assert_eq!(first, second, "the same project, answered alike");
    assert_eq!(count().await, 100);
    let again = send("Band 1").await.unwrap();
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    assert_eq!(count().await, 100, "a retry made nothing new");

    let (status, error) = error_of(send("Band 2").await.unwrap()).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error["message"], "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.");
    // The cap counts 100, the retries none: a new project without a key is refused.
    let (status, error) = error_of(
        program.post("/v1/projects", json!({ "title": "Band 3", "text": MANUSCRIPT, "voice_id": voice })).await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error["message"].as_str().unwrap().contains("bereits 100 Projekte"), "{error}");
    let (status, error) = error_of(
        program
            .request(Method::POST, "/v1/projects")
            .header("idempotency-key", "")
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, error["message"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("Der Idempotency-Key muss 1 bis 255 Zeichen lang sein."))
    );
    assert_eq!(count().await, 100);
}

/// The export files of the user's that are in the store, by extension.
fn stored_exports(app: &TestApp, user: Uuid, extension: &str) -> usize {
    let dir = app.settings.storage.dir.join(user.to_string()).join("exports");
    std::fs::read_dir(dir)
        .map(|entries| {
            entries.filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == extension)).count()
        })
        .unwrap_or(0)
}

async fn export_rows(app: &TestApp, project: &str, format: &str) -> Vec<Uuid> {
    sqlx::query_scalar("SELECT id FROM project_exports WHERE project_id = $1 AND format = $2 ORDER BY created_at")
        .bind(project.parse::<Uuid>().unwrap())
        .bind(format)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_project_keeps_its_last_three_exports_per_format_and_runs_one_per_format_at_a_time(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("exporte@example.de").await;
    let (id, _) = rendered_project(&app, &client).await;
    let (_, key) = create_key(&client, "Skript").await;
    let program = Program::new(&app, &key);
    let exports = format!("/v1/projects/{id}/exports");
    let export = |format: &'static str, key: Option<&'static str>| {
        let request = program.request(Method::POST, &exports).json(&json!({ "format": format }));
        match key {
            Some(key) => request.header("idempotency-key", key),
            None => request,
        }
        .send()
    };

    // No worker runs: the first ZIP stays pending.
    let res = export("zip", Some("zip-1")).await.unwrap();
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let first: Value = res.json().await.unwrap();
    let retried: Value = export("zip", Some("zip-1")).await.unwrap().json().await.unwrap();
    assert_eq!(retried["id"], first["id"], "a retry answers the export under way");
    let (status, error) = error_of(export("zip", None).await.unwrap()).await;
    assert_eq!(
        (status, error["message"].as_str()),
        (StatusCode::CONFLICT, Some("Ein Export in diesem Format läuft bereits."))
    );
    let (status, error) = error_of(export("mp3", Some("zip-1")).await.unwrap()).await;
    assert_eq!(
        (status, error["message"].as_str()),
        (StatusCode::CONFLICT, Some("Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet."))
    );
    assert_eq!(export("mp3", None).await.unwrap().status(), StatusCode::ACCEPTED, "another format may run beside it");
    let (stranger, _) = app.signed_in_user("fremd-export@example.de").await;
    let res = stranger.post(&format!("/api/projects/{id}/exports"), json!({ "format": "zip" })).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(export_rows(&app, &id, "zip").await.len(), 1);

    // Five ZIPs in a row, each waited for.
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    let all_done = |p: &Value| p["exports"].as_array().unwrap().iter().all(|e| e["status"] == "completed");
    let finished = wait_for(&client, &id, Duration::from_secs(120), all_done).await;
    let first_url =
        finished["exports"].as_array().unwrap().iter().find(|e| e["id"] == first["id"]).unwrap()["download_url"]
            .as_str()
            .unwrap()
            .to_owned();
    assert_eq!(client.get(&first_url).await.status(), StatusCode::OK);
    for _ in 2..=5 {
        assert_eq!(export("zip", None).await.unwrap().status(), StatusCode::ACCEPTED);
        wait_for(&client, &id, Duration::from_secs(120), all_done).await;
    }
    let zips = export_rows(&app, &id, "zip").await;
    assert_eq!(zips.len(), 3, "the last three ZIPs are kept");
    assert!(!zips.contains(&first["id"].as_str().unwrap().parse().unwrap()), "the oldest went first");
    assert_eq!(stored_exports(&app, user, "zip"), 3, "and their files only");
    assert_eq!(
        (export_rows(&app, &id, "mp3").await.len(), stored_exports(&app, user, "mp3")),
        (1, 1),
        "other formats are their own"
    );
    assert_eq!(client.get(&first_url).await.status(), StatusCode::NOT_FOUND, "a pruned export is gone");
    // Its key is free again once its export is gone: a new export starts.
    let res = export("zip", Some("zip-1")).await.unwrap();
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    assert_ne!(res.json::<Value>().await.unwrap()["id"], first["id"]);
    wait_for(&client, &id, Duration::from_secs(120), all_done).await;
    assert_eq!((export_rows(&app, &id, "zip").await.len(), stored_exports(&app, user, "zip")), (3, 3));
    stop.cancel();
    worker.await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_finished_export_is_an_audio_of_the_library_and_leaves_with_its_export_or_project(pool: PgPool) {
    let app = TestApp::spawn_with(pool, |s| s.webhooks.allow_private_addresses = true).await;
    let (client, user) = app.signed_in_user("export-bibliothek@example.de").await;
    // A webhook endpoint (nobody listens): what the project tells is recorded as deliveries.
    let res = client
        .http
        .put(format!("{}/api/webhook", client.base))
        .json(&json!({ "url": "http://127.0.0.1:9/hook" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let (id, done) = rendered_project(&app, &client).await;
    let spent = charges(&app, user).await;
    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    for format in ["m4b", "zip"] {
        let res = client.post(&format!("/api/projects/{id}/exports"), json!({ "format": format })).await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    let all_done = |p: &Value| p["exports"].as_array().unwrap().iter().all(|e| e["status"] == "completed");
    let finished = wait_for(&client, &id, Duration::from_secs(120), all_done).await;
    stop.cancel();
    worker.await.unwrap();

    // Both are audios of the library: source "export", nothing charged again.
    let listed: Value = client.get("/api/jobs?source=export").await.json().await.unwrap();
    assert_eq!(listed["total"], 2, "{listed}");
    let of =
        |format: &str| listed["jobs"].as_array().unwrap().iter().find(|j| j["file_format"] == format).unwrap().clone();
    let (m4b, zip) = (of("m4b"), of("zip"));
    assert_eq!(m4b["text"], "Rügen – M4B-Hörbuch");
    let export_of =
        |format: &str| finished["exports"].as_array().unwrap().iter().find(|e| e["format"] == format).unwrap();
    assert_eq!(
        (&export_of("m4b")["job_id"], &export_of("zip")["job_id"]),
        (&m4b["id"], &zip["id"]),
        "the export names its audio"
    );

    // The webhook heard of each joined chapter and each export (naming its audio), and of no
    // paragraph job.
    let events: Vec<(String, Value)> =
        sqlx::query_as("SELECT event, payload FROM webhook_deliveries WHERE user_id = $1 ORDER BY created_at")
            .bind(user)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    let count = |name: &str| events.iter().filter(|(event, _)| event == name).count();
    assert_eq!((count("project.rendered"), count("export.completed"), events.len()), (2, 2, 4), "{events:?}");
    let told = events.iter().find(|(e, p)| e == "export.completed" && p["data"]["export"]["format"] == "m4b").unwrap();
    assert_eq!(told.1["data"]["export"]["job_id"], m4b["id"]);
    assert_eq!((m4b["status"].as_str(), m4b["cost_cent"].as_i64()), (Some("completed"), Some(0)));
    assert_eq!(m4b["voice"]["name"], "Klara");
    let book: f64 =
        done["chapters"].as_array().unwrap().iter().map(|c| c["audio"]["duration_seconds"].as_f64().unwrap()).sum();
    assert!((m4b["duration_seconds"].as_f64().unwrap() - book).abs() < 0.01);
    assert!(m4b["expires_at"].is_null(), "an export is kept as long as its project keeps it");
    assert_eq!(charges(&app, user).await, spent);
    let stats: Value = client.get("/api/library/stats").await.json().await.unwrap();
    assert_eq!((stats["audios"].as_i64(), stats["cost_cent"].as_i64()), (Some(2), Some(spent)), "{stats}");

    // Served as what it is, under the audio's download name.
    let res = client.get(&format!("{}?download=1", m4b["audio_url"].as_str().unwrap())).await;
    assert_eq!(res.headers()["content-type"], "audio/mp4");
    assert!(res.headers()["content-disposition"].to_str().unwrap().ends_with(".m4b"));
    assert_eq!(&res.bytes().await.unwrap()[4..8], b"ftyp");
    let res = client.get(zip["audio_url"].as_str().unwrap()).await;
    assert_eq!(res.headers()["content-type"], "application/zip");
    assert_eq!(&res.bytes().await.unwrap()[..2], b"PK");

    // Filed like any audio; nobody else reaches it.
    let category: Value =
        client.post("/api/categories", json!({ "name": "Hörbücher", "parent_id": null })).await.json().await.unwrap();
    let res =
        client.post("/api/library/categories", json!({ "ids": [m4b["id"]], "category_id": category["id"] })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let filed: Value =
        client.get(&format!("/api/jobs?category={}", category["id"].as_str().unwrap())).await.json().await.unwrap();
    assert_eq!(filed["jobs"][0]["id"], m4b["id"]);
    let (stranger, _) = app.signed_in_user("fremd-bibliothek@example.de").await;
    let (status, _) = error_of(stranger.get(m4b["audio_url"].as_str().unwrap()).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let res = stranger.post("/api/library/trash", json!({ "ids": [m4b["id"]] })).await;
    assert!(res.status().is_client_error() || res.json::<Value>().await.unwrap()["changed"] == 0);
    let trashed: Value = client.get("/api/jobs?trash=deleted").await.json().await.unwrap();
    assert_eq!(trashed["total"], 0, "a stranger trashes nothing of mine");

    // The ZIP emptied from the trash takes its export (and file) along.
    let zip_file = |exists: bool| stored_exports(&app, user, "zip") == usize::from(exists);
    client.post("/api/library/trash", json!({ "ids": [zip["id"]] })).await;
    let res: Value = client.post("/api/library/trash/empty", json!({})).await.json().await.unwrap();
    assert_eq!(res["changed"], 1);
    assert!(zip_file(false));
    assert!(export_rows(&app, &id, "zip").await.is_empty(), "the project lists it no more");

    // Deleting the project takes the M4B's audio from the library.
    assert_eq!(client.delete(&format!("/api/projects/{id}")).await.status(), StatusCode::NO_CONTENT);
    let listed: Value = client.get("/api/jobs?source=export&trash=all").await.json().await.unwrap();
    assert_eq!(listed["total"], 0);
    assert_eq!(stored_exports(&app, user, "m4b"), 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn two_joins_of_one_chapter_at_once_record_one_file_that_exists_and_leave_no_other(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("zwei-joins@example.de").await;
    let (_, done) = rendered_project(&app, &client).await;
    let chapter: Uuid = done["chapters"][0]["id"].as_str().unwrap().parse().unwrap();
    let chapter_files = || {
        let dir = app.settings.storage.dir.join(user.to_string()).join("chapters");
        std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or_else(|e| panic!("{dir:?}: {e}"))
    };
    let before = chapter_files();
    // The chapter forgets that it is joined: both deliveries of its join go ahead.
    sqlx::query("UPDATE project_chapters SET audio_hash = NULL WHERE id = $1")
        .bind(chapter)
        .execute(&app.pool)
        .await
        .unwrap();
    let svc = app.worker_state(app.local_engines());
    let (a, b) = tokio::join!(
        shared::use_cases::projects::assemble::run(&svc, chapter),
        shared::use_cases::projects::assemble::run(&svc, chapter)
    );
    let outcomes = [a.unwrap(), b.unwrap()];
    assert!(outcomes.iter().any(|o| matches!(o, shared::run::Outcome::Completed)), "{outcomes:?}");
    let key: String = sqlx::query_scalar("SELECT audio_key FROM project_chapters WHERE id = $1")
        .bind(chapter)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(app.settings.storage.dir.join(&key).exists(), "the recorded file exists: {key}");
    assert_eq!(chapter_files(), before, "the same joins make the same file, and no second one");
    let listened = client.get(done["chapters"][0]["audio"]["url"].as_str().unwrap()).await;
    assert_eq!(listened.status(), StatusCode::OK);
}
