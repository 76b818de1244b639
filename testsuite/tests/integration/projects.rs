//! Long-form projects: a manuscript becomes chapters rendered on the local engine, charged
//! once per paragraph through the ledger, joined with timed text, exported as an M4B whose
//! chapter marks ffprobe reads back; an edit re-renders and charges only its paragraph; a
//! worker killed mid-project loses nothing and charges nothing twice; nobody else sees it.

use std::time::Duration;

use crate::common;

use common::{Client, TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

const SENTENCES: [&str; 8] = [
    "Am Morgen lag Nebel über dem Fluss, und die Stadt war noch still.",
    "Die Händlerin öffnete ihren Laden um sieben Uhr und stellte die Körbe vor die Tür.",
    "Ein Junge lief mit einer Zeitung unter dem Arm über die nasse Brücke.",
    "Niemand ahnte, dass an diesem Tag alles anders werden würde.",
    "Im Rathaus brannte schon Licht, denn der Bürgermeister hatte schlecht geschlafen.",
    "Er las den Brief ein drittes Mal und legte ihn dann in die Schublade.",
    "Draußen rief jemand seinen Namen, aber er drehte sich nicht um.",
    "Erst gegen Mittag kam die Sonne durch die Wolken.",
];

/// A manuscript of `chapters` chapters ("Kapitel N: …") of about `chars` characters each,
/// in paragraphs of about 900 characters.
fn manuscript(chapters: usize, chars: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in 1..=chapters {
        out.push_str(&format!("Kapitel {c}: Der {c}. Tag\n\n"));
        let mut written = 0;
        while written < chars {
            let mut paragraph = String::new();
            while paragraph.chars().count() < 900 {
                paragraph.push_str(SENTENCES[n % SENTENCES.len()]);
                paragraph.push(' ');
                n += 1;
            }
            written += paragraph.chars().count();
            out.push_str(paragraph.trim_end());
            out.push_str("\n\n");
        }
    }
    out
}

async fn project(client: &Client, id: &str) -> Value {
    client.get(&format!("/api/projects/{id}")).await.json().await.unwrap()
}

/// Polls the project until `done` says so (the worker runs meanwhile).
pub(crate) async fn wait_for(client: &Client, id: &str, limit: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let p = project(client, id).await;
        if done(&p) {
            return p;
        }
        assert!(start.elapsed() < limit, "not done after {limit:?}: {p}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

pub(crate) fn all_joined(p: &Value) -> bool {
    p["chapters"].as_array().unwrap().iter().all(|c| c["state"] == "done" && c["audio"]["current"] == true)
}

pub(crate) async fn render(client: &Client, project: &str, chapter: &Value) -> Value {
    let res = client
        .post(&format!("/api/projects/{project}/chapters/{}/render", chapter["id"].as_str().unwrap()), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    res.json().await.unwrap()
}

fn field_of<'a>(values: &'a Value, name: &str) -> Vec<&'a str> {
    values.as_array().unwrap().iter().map(|v| v[name].as_str().unwrap()).collect()
}

/// A square PNG cover of `size` pixels, made by ffmpeg.
pub(crate) fn cover_png(size: u32) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cover.png");
    let made = std::process::Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-f", "lavfi", "-i", &format!("color=c=steelblue:s={size}x{size}")])
        .args(["-frames:v", "1"])
        .arg(&file)
        .status()
        .unwrap();
    assert!(made.success());
    std::fs::read(file).unwrap()
}

/// What the user was charged for audio: single jobs and project renders.
pub(crate) async fn charges(app: &TestApp, user: Uuid) -> i64 {
    let jobs: i64 = app.ledger_rows(user, "charge").await.iter().map(|c| -c).sum();
    let renders: i64 = app.ledger_rows(user, "project_render").await.iter().map(|c| -c).sum();
    jobs + renders
}

/// A book as a PDF with bookmarks: each page a heading (18 pt) and a paragraph of two lines
/// (11 pt, Helvetica in WinAnsiEncoding), each bookmark leading to its page.
fn book_pdf(chapters: &[(&str, [&str; 2])]) -> Vec<u8> {
    use lopdf::content::{Content, Operation};
    use lopdf::{Bookmark, Document, Object, Stream, dictionary};

    let latin1 = |text: &str| Object::string_literal(text.chars().map(|c| c as u8).collect::<Vec<u8>>());
    let line = |text: &str, y: i64, size: i64| {
        let at = vec![72.into(), y.into()];
        vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["F1".into(), size.into()]),
            Operation::new("Td", at),
            Operation::new("Tj", vec![latin1(text)]),
            Operation::new("ET", vec![]),
        ]
    };
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
    });
    let mut kids = Vec::new();
    for (heading, [first, second]) in chapters {
        let operations = [line(heading, 760, 18), line(first, 720, 11), line(second, 706, 11)].concat();
        let content = doc.add_object(Stream::new(dictionary! {}, Content { operations }.encode().unwrap()));
        let page = doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "Contents" => content });
        doc.add_bookmark(Bookmark::new((*heading).to_owned(), [0.0; 3], 0, page), None);
        kids.push(Object::Reference(page));
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => kids, "Count" => count,
            "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let outline = doc.build_outline().unwrap();
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id, "Outlines" => outline });
    doc.trailer.set("Root", catalog);
    doc.compress();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

async fn import(client: &Client, file: Vec<u8>, name: &str, voice: Uuid) -> reqwest::Response {
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(file).file_name(name.to_owned()))
        .text("voice_id", voice.to_string());
    client.http.post(format!("{}/api/projects/import", client.base)).multipart(form).send().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn an_uploaded_pdf_becomes_a_project_of_its_bookmarked_chapters(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, _) = app.signed_in_user("pdf@example.de").await;
    let voice = app.voice_id("local-de-klara").await;
    let pdf = book_pdf(&[
        (
            "Der Anfang",
            [
                "Am Morgen lag Nebel über dem Fluss, und die Stadt war noch still, als die",
                "Händlerin ihren Laden öffnete.",
            ],
        ),
        ("Das Ende", ["Erst gegen Mittag kam die Sonne durch die Wolken, und niemand dachte mehr", "an den Brief."]),
    ]);

    let res = import(&client, pdf, "Nebel.pdf", voice).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    assert_eq!(created["title"], "Nebel", "no title in the document: the file's name");
    let chapters = created["chapters"].as_array().unwrap();
    let titles: Vec<&str> = chapters.iter().map(|c| c["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Der Anfang", "Das Ende"]);
    let id = created["id"].as_str().unwrap();
    let last: Value = client
        .get(&format!("/api/projects/{id}/chapters/{}", chapters[1]["id"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    let paragraphs: Vec<&str> =
        last["paragraphs"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(
        paragraphs,
        ["Erst gegen Mittag kam die Sonne durch die Wolken, und niemand dachte mehr an den Brief."],
        "the heading is the chapter's title, not its text"
    );

    let (status, error) = error_of(import(&client, b"%PDF-1.7 kaputt".to_vec(), "Kaputt.pdf", voice).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["fields"]["file"], "Die Datei ist kein gültiges PDF-Dokument.");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_120000_character_manuscript_becomes_chapters_and_an_m4b_and_an_edit_charges_only_its_paragraph(
    pool: PgPool,
) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("hoerbuch@example.de").await;
    app.top_up(user, 20_000).await;
    let start_balance = app.balance(user).await;
    let voice = app.voice_id("local-de-klara").await;
    let text = manuscript(12, 10_000);
    assert!(text.chars().count() >= 120_000);

    let res = client.post("/api/projects", json!({ "title": "Zwölf Tage", "text": text, "voice_id": voice })).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let chapters = created["chapters"].as_array().unwrap().clone();
    assert_eq!(chapters.len(), 12);
    assert_eq!(chapters[2]["title"], "Kapitel 3: Der 3. Tag");
    let cost = created["cost_cent"].as_i64().unwrap();
    assert_eq!(created["stale_cost_cent"].as_i64().unwrap(), cost, "everything to render, shown before any charge");
    assert_eq!(app.balance(user).await, start_balance, "creating costs nothing");
    let fresh: Value = client
        .get(&format!("/api/projects/{id}/chapters/{}", chapters[0]["id"].as_str().unwrap()))
        .await
        .json()
        .await
        .unwrap();
    let first = &fresh["paragraphs"][0];
    assert_eq!((first["state"].as_str(), first["changed"].as_bool()), (Some("stale"), Some(false)), "never rendered");
    let list: Value = client.get("/api/projects").await.json().await.unwrap();
    assert_eq!(list["projects"][0]["cost_cent"], cost, "the list shows what the project's page shows");

    let (stop, worker) = app.spawn_worker(app.worker_state(app.local_engines()));
    for chapter in &chapters {
        let answer = render(&client, &id, chapter).await;
        assert_eq!(answer["charged_cent"], chapter["stale_cost_cent"], "a chapter charges exactly itself");
    }
    // A double click: nothing is stale any more, nothing is charged.
    assert_eq!(render(&client, &id, &chapters[0]).await["charged_cent"], 0);
    let done = wait_for(&client, &id, Duration::from_secs(1500), all_joined).await;
    assert_eq!(charges(&app, user).await, cost, "the ledger equals what was rendered");
    assert_eq!(app.balance(user).await, start_balance - cost);
    assert!(app.ledger_drift().await.is_empty());
    let library: Value = client.get("/api/jobs").await.json().await.unwrap();
    assert_eq!(library["total"], 0, "paragraphs are not audios of the library");

    // A chapter plays with its timed text.
    let first = &done["chapters"][0]["audio"];
    let timed: Value = client.get(first["timestamps_url"].as_str().unwrap()).await.json().await.unwrap();
    let sentences = timed["sentences"].as_array().unwrap();
    assert!(sentences.len() > 50);
    assert!(sentences.windows(2).all(|w| w[0]["start_ms"].as_u64() < w[1]["start_ms"].as_u64()));
    let last_end = sentences.last().unwrap()["end_ms"].as_f64().unwrap() / 1000.0;
    assert!((last_end - first["duration_seconds"].as_f64().unwrap()).abs() < 1.0, "{last_end}");

    // Subtitles of every chapter, read by a SubRip parser that is not ours: two lines of at
    // most 42 characters, each cue shown 1 to 7 seconds and read at most 17 characters a
    // second, every written word in order.
    let (mut cues, mut fast) = (0, Vec::new());
    for chapter in done["chapters"].as_array().unwrap() {
        let base = chapter["audio"]["timestamps_url"].as_str().unwrap().replace("/timestamps", "/subtitles");
        let srt = client.get(&format!("{base}?format=srt")).await.text().await.unwrap();
        let parsed = srtparse::from_str(&srt).expect("valid SubRip");
        let timed: Value = client.get(chapter["audio"]["timestamps_url"].as_str().unwrap()).await.json().await.unwrap();
        let written: Vec<&str> = timed["sentences"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["text"].as_str().unwrap().split_whitespace())
            .collect();
        let shown: Vec<&str> = parsed.iter().flat_map(|c| c.text.split_whitespace()).collect();
        assert_eq!(shown, written, "every sentence in order with its own text");
        for cue in &parsed {
            assert!(cue.text.lines().count() <= 2 && cue.text.lines().all(|l| l.chars().count() <= 42), "{cue:?}");
            let ms = (std::time::Duration::from(cue.end_time) - std::time::Duration::from(cue.start_time)).as_millis();
            assert!((1_000..=7_000).contains(&ms), "{ms} ms: {cue:?}");
            let chars = cue.text.chars().filter(|c| *c != '\n').count() as f64;
            if chars * 1000.0 / ms as f64 > 17.0 {
                fast.push(format!("{:.1}/s {:?}", chars * 1000.0 / ms as f64, cue.text));
            }
            cues += 1;
        }
    }
    assert!(fast.is_empty(), "of {cues} cues, {} read faster than 17 characters a second: {fast:?}", fast.len());

    // What a store lists: the publication details and a cover (a 2400 x 2400 PNG, as
    // ACX asks), set once for every export.
    let details = json!({ "author": "Theodor Fontane", "publisher": "Stimmwerk Verlag", "genre": "Roman",
                          "year": 1896, "comment": "Zwölf Tage in einer kleinen Stadt." });
    assert_eq!(client.put(&format!("/api/projects/{id}/publication"), details).await.status(), StatusCode::OK);
    let cover = cover_png(2400);
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(cover.clone()).file_name("cover.png"));
    let res = client.http.put(format!("{}/api/projects/{id}/cover", client.base)).multipart(form).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let publication: Value = res.json().await.unwrap();
    assert_eq!((publication["cover"]["width"].as_i64(), publication["narrator"].as_str()), (Some(2400), Some("Klara")));
    assert!(publication["cover"]["acx_refusal"].is_null());

    // The M4B: one chapter mark per chapter, read back by ffprobe, with its tags and cover.
    let res = client.post(&format!("/api/projects/{id}/exports"), json!({ "format": "m4b" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let finished = wait_for(&client, &id, Duration::from_secs(600), |p| p["exports"][0]["status"] == "completed").await;
    let url = finished["exports"][0]["download_url"].as_str().unwrap().to_owned();
    let m4b = client.get(&url).await.bytes().await.unwrap();
    assert_eq!(&m4b[4..8], b"ftyp");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("buch.m4b");
    std::fs::write(&file, &m4b).unwrap();
    let probe = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-show_chapters", "-of", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let marks: Value = serde_json::from_slice(&probe.stdout).unwrap();
    let marks = marks["chapters"].as_array().unwrap();
    assert_eq!(marks.len(), 12);
    assert_eq!(marks[2]["tags"]["title"], "Kapitel 3: Der 3. Tag");
    let mut expected_start = 0.0;
    for (mark, chapter) in marks.iter().zip(done["chapters"].as_array().unwrap()) {
        let start: f64 = mark["start_time"].as_str().unwrap().parse().unwrap();
        assert!((start - expected_start).abs() < 0.1, "chapter mark at {start}, chapter starts at {expected_start}");
        expected_start += chapter["audio"]["duration_seconds"].as_f64().unwrap();
    }
    let probe = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-show_format", "-show_streams", "-of", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let probed: Value = serde_json::from_slice(&probe.stdout).unwrap();
    let tags = &probed["format"]["tags"];
    assert_eq!(tags["title"], "Zwölf Tage", "{tags}");
    assert_eq!(tags["album"], "Zwölf Tage", "{tags}");
    assert_eq!(tags["artist"], "Theodor Fontane", "the author: {tags}");
    assert_eq!(tags["composer"], "Klara", "the narrator: {tags}");
    assert_eq!((tags["genre"].as_str(), tags["date"].as_str()), (Some("Roman"), Some("1896")), "{tags}");
    assert_eq!(tags["comment"], "Zwölf Tage in einer kleinen Stadt.", "{tags}");
    let picture = probed["streams"].as_array().unwrap().iter().find(|s| s["disposition"]["attached_pic"] == 1);
    let picture = picture.unwrap_or_else(|| panic!("no cover in {probed}"));
    assert_eq!((picture["width"].as_i64(), picture["height"].as_i64()), (Some(2400), Some(2400)));

    // "Hörbuch (ACX)" as ACX takes it: one file per chapter, each passing every ACX figure
    // as ffmpeg measures it (scripts/check-audio.sh), the cover beside them.
    let res = client.post(&format!("/api/projects/{id}/exports"), json!({ "format": "zip", "profile": "acx" })).await;
    assert_eq!(res.status(), StatusCode::ACCEPTED, "{}", res.text().await.unwrap());
    let finished = wait_for(&client, &id, Duration::from_secs(900), |p| {
        p["exports"].as_array().unwrap().iter().any(|e| e["profile"] == "acx" && e["status"] == "completed")
    })
    .await;
    let acx = finished["exports"].as_array().unwrap().iter().find(|e| e["profile"] == "acx").unwrap().clone();
    let zip = client.get(acx["download_url"].as_str().unwrap()).await.bytes().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip.to_vec())).unwrap();
    let mut checked = 0;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let name = entry.name().unwrap().to_string();
        let path = dir.path().join(format!("acx-{i}"));
        std::io::copy(&mut entry, &mut std::fs::File::create(&path).unwrap()).unwrap();
        if name.ends_with(".png") {
            assert_eq!(std::fs::read(&path).unwrap(), cover, "the cover as uploaded");
            continue;
        }
        let check = std::process::Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/check-audio.sh"))
            .arg(&path)
            .args(["--profile", "acx"])
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success(), "{name} fails ACX: {report}");
        checked += 1;
    }
    assert_eq!(checked, 12, "one file per chapter");

    // Edit one paragraph: only it is stale, only it is charged.
    let chapter = done["chapters"][2].clone();
    let chapter_id = chapter["id"].as_str().unwrap();
    let detail: Value = client.get(&format!("/api/projects/{id}/chapters/{chapter_id}")).await.json().await.unwrap();
    let paragraph = &detail["paragraphs"][1];
    assert_eq!((paragraph["state"].as_str(), paragraph["changed"].as_bool()), (Some("done"), Some(false)));
    let new_text = "Dieser Absatz wurde geändert und wird als einziger neu gesprochen.";
    let res = client
        .patch(
            &format!("/api/projects/{id}/paragraphs/{}", paragraph["id"].as_str().unwrap()),
            json!({ "text": new_text }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let edited: Value = res.json().await.unwrap();
    assert_eq!((edited["state"].as_str(), edited["cost_cent"].as_i64()), (Some("stale"), Some(7)));
    assert_eq!(edited["changed"], true, "rendered before, changed since: its audio is out of date");
    let p = project(&client, &id).await;
    assert_eq!(p["stale_cost_cent"], 7, "the rest is reused");
    let before = charges(&app, user).await;
    assert_eq!(render(&client, &id, &chapter).await["charged_cent"], 7);
    wait_for(&client, &id, Duration::from_secs(300), all_joined).await;
    assert_eq!(charges(&app, user).await, before + 7);
    assert!(app.ledger_drift().await.is_empty());

    // The paragraphs are not audios of the library, but what they cost is spent; each
    // export is one.
    let stats: Value = client.get("/api/library/stats").await.json().await.unwrap();
    let listed: Value = client.get("/api/jobs").await.json().await.unwrap();
    assert_eq!(field_of(&listed["jobs"], "source"), ["export", "export"]);
    assert_eq!((stats["audios"].as_i64(), stats["active_audios"].as_i64()), (Some(2), Some(2)), "{stats}");
    assert_eq!(stats["cost_cent"].as_i64(), Some(charges(&app, user).await), "{stats}");

    // Another user finds nothing of it.
    let (stranger, _) = app.signed_in_user("fremd-projekt@example.de").await;
    assert_eq!(stranger.get(&format!("/api/projects/{id}")).await.status(), StatusCode::NOT_FOUND);
    let res = stranger.post(&format!("/api/projects/{id}/chapters/{chapter_id}/render"), json!({})).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let (status, _) = error_of(stranger.get(&url).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let listed: Value = stranger.get("/api/projects").await.json().await.unwrap();
    assert_eq!(listed["projects"].as_array().unwrap().len(), 0);
    stop.cancel();
    worker.await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_worker_killed_mid_project_loses_nothing_and_charges_nothing_twice(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user) = app.signed_in_user("abbruch@example.de").await;
    app.top_up(user, 5_000).await;
    let voice = app.voice_id("local-de-klara").await;
    let created: Value = client
        .post("/api/projects", json!({ "title": "Abbruch", "text": manuscript(3, 4_000), "voice_id": voice }))
        .await
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    let cost = created["cost_cent"].as_i64().unwrap();
    let svc = app.worker_state(app.local_engines());
    let (_stop, worker) = app.spawn_worker(svc.clone());
    for chapter in created["chapters"].as_array().unwrap() {
        render(&client, &id, chapter).await;
    }
    // Killed while some paragraphs are done and others are not.
    let completed = || async {
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE status = 'completed'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
        n
    };
    while completed().await < 2 {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    worker.abort();
    assert!(worker.await.unwrap_err().is_cancelled());
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM tts_jobs").fetch_one(&app.pool).await.unwrap();
    assert!(completed().await < total, "killed mid-project");

    // Its claims go stale; the sweep hands them to a new worker.
    sqlx::query("UPDATE tts_jobs SET heartbeat_at = now() - interval '1 hour' WHERE status = 'processing'")
        .execute(&app.pool)
        .await
        .unwrap();
    shared::use_cases::generation::recover(&svc, None).await.unwrap();
    let (stop, worker) = app.spawn_worker(svc);
    for chapter in created["chapters"].as_array().unwrap() {
        // Rendering again after the crash charges nothing: the paragraphs are under way.
        assert_eq!(render(&client, &id, chapter).await["charged_cent"], 0);
    }
    wait_for(&client, &id, Duration::from_secs(600), all_joined).await;
    assert_eq!(completed().await, total, "nothing lost");
    assert_eq!(charges(&app, user).await, cost, "charged once");
    assert!(app.ledger_rows(user, "refund").await.is_empty());
    assert!(app.ledger_drift().await.is_empty());
    stop.cancel();
    worker.await.unwrap();
}
