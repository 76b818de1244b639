//! Timed text of every audio: a queued job and a streamed one both keep when each
//! sentence is spoken (and each word, on eSpeak), served as JSON and as subtitles that
//! ffmpeg reads back, to the owner only, in the web app and over `/v1`; on Google voices
//! the sentences are timed by Google's time points where it sends them.

use crate::common;
use crate::developer_api::user_with_key;

use base64::Engine as _;
use common::{TestApp, error_of};
use reqwest::StatusCode;
use serde_json::{Value, json};
use shared::providers::ProviderId;
use sqlx::PgPool;
use uuid::Uuid;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

const TEXT: &str = "Guten Morgen aus Berlin. Heute lesen wir die Zeitmarken mit! \
                    Der dritte Satz ist etwas länger als die ersten beiden und endet hier.";

/// ffmpeg reads a subtitle file and writes it as SubRip: the cues it found.
fn read_back_by_ffmpeg(subtitles: &str, extension: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("in.{extension}"));
    std::fs::write(&path, subtitles).unwrap();
    let out = std::process::Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(&path)
        .args(["-f", "srt", "-"])
        .output()
        .expect("ffmpeg runs");
    assert!(out.status.success(), "ffmpeg refused the {extension}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn every_job_keeps_its_timed_text_served_as_json_srt_and_vtt_to_its_owner_only(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (client, user, program) = user_with_key(&app, "mitlesen@example.de").await;
    app.top_up(user, 1_000).await;
    let voice = app.voice_id("local-de-klara").await;
    let job: Value = client.submit(TEXT, voice).await.json().await.unwrap();
    let id: Uuid = job["job"]["id"].as_str().unwrap().parse().unwrap();
    // Not finished yet: no timings to read.
    assert_eq!(client.get(&format!("/api/jobs/{id}/timestamps")).await.status(), StatusCode::NOT_FOUND);
    let state = app.worker_state(app.local_engines());
    assert_eq!(worker::jobs::synthesize::process(&state, id).await.unwrap(), worker::jobs::Outcome::Completed);

    let timed: Value = client.get(&format!("/api/jobs/{id}/timestamps")).await.json().await.unwrap();
    assert_eq!(timed["precision"], "measured");
    assert_eq!(timed["word_level"], true, "eSpeak tells its words");
    let sentences = timed["sentences"].as_array().unwrap();
    assert_eq!(sentences.len(), 3);
    assert_eq!(sentences[1]["text"], "Heute lesen wir die Zeitmarken mit!");
    let starts: Vec<u64> = sentences.iter().map(|s| s["start_ms"].as_u64().unwrap()).collect();
    assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
    let listed: Value = client.get("/api/jobs").await.json().await.unwrap();
    let duration_ms = listed["jobs"][0]["duration_seconds"].as_f64().unwrap() * 1000.0;
    assert!(sentences[2]["end_ms"].as_f64().unwrap() <= duration_ms + 100.0);

    let srt = client.get(&format!("/api/jobs/{id}/subtitles?format=srt")).await;
    assert_eq!(srt.headers()["content-type"], "application/x-subrip; charset=utf-8");
    assert_eq!(
        srt.headers()["content-disposition"],
        "attachment; filename=\"Guten Morgen aus Berlin. Heute.srt\"; filename*=UTF-8''Guten%20Morgen%20aus%20Berlin.%20Heute.srt"
    );
    let srt = srt.text().await.unwrap();
    assert!(read_back_by_ffmpeg(&srt, "srt").contains("Heute lesen wir die Zeitmarken mit!"));
    let vtt = program.get(&format!("/v1/jobs/{id}/subtitles?format=vtt")).await;
    assert_eq!(vtt.headers()["content-type"], "text/vtt; charset=utf-8");
    let vtt = vtt.text().await.unwrap();
    assert!(vtt.starts_with("WEBVTT"));
    assert_eq!(read_back_by_ffmpeg(&vtt, "vtt"), read_back_by_ffmpeg(&srt, "srt"), "both say the same");
    let over_v1: Value = program.get(&format!("/v1/jobs/{id}/timestamps")).await.json().await.unwrap();
    assert_eq!(over_v1, timed);

    let (status, error) = error_of(client.get(&format!("/api/jobs/{id}/subtitles?format=ass")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["message"], "Ungültige Parameter in der Adresse.");

    // Another user learns nothing, not even that the job exists.
    let (stranger, _) = app.signed_in_user("fremd@example.de").await;
    for path in [format!("/api/jobs/{id}/timestamps"), format!("/api/jobs/{id}/subtitles")] {
        let (status, error) = error_of(stranger.get(&path).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(error["message"], "Audio nicht gefunden.");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_streamed_speech_keeps_its_timed_text_too(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let (_, user, program) = user_with_key(&app, "strom@example.de").await;
    app.top_up(user, 1_000).await;
    let res =
        program.post("/v1/audio/speech", json!({ "model": "tts-1", "voice": "local-de-klara", "input": TEXT })).await;
    assert_eq!(res.status(), StatusCode::OK);
    let job_id: Uuid = res.headers()["x-stimmwerk-job-id"].to_str().unwrap().parse().unwrap();
    res.bytes().await.unwrap();
    let timed: Value = program.get(&format!("/v1/jobs/{job_id}/timestamps")).await.json().await.unwrap();
    assert_eq!(timed["sentences"].as_array().unwrap().len(), 3, "{timed}");
    assert_eq!(timed["word_level"], true);
}

/// A fake Google that answers every SSML request with a second of sound per sentence and,
/// when `timed`, a time point per `<mark name="n"/>` at the start of that sentence's second.
async fn google_fake(timed: bool) -> MockServer {
    let server = MockServer::start().await;
    let answer = move |request: &Request| {
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(body["enableTimePointing"], json!(["SSML_MARK"]));
        let ssml = body["input"]["ssml"].as_str().unwrap();
        let marks: Vec<&str> = ssml.split(r#"<mark name=""#).skip(1).map(|m| m.split('"').next().unwrap()).collect();
        let rate = 24_000;
        let samples = (0..rate * marks.len().max(1)).map(|i| ((i % 60) * 300) as i16).collect();
        let mp3 = shared::audio::encode_mp3(&shared::audio::Pcm { sample_rate: rate as u32, samples }).unwrap();
        let timepoints: Vec<Value> =
            marks.iter().enumerate().map(|(i, name)| json!({ "markName": name, "timeSeconds": i as f64 })).collect();
        let audio = base64::engine::general_purpose::STANDARD.encode(mp3);
        let mut answer = json!({ "audioContent": audio });
        if timed {
            answer["timepoints"] = json!(timepoints);
        }
        ResponseTemplate::new(200).set_body_json(answer)
    };
    Mock::given(method("POST")).and(path("/v1beta1/text:synthesize")).respond_with(answer).mount(&server).await;
    server
}

/// The timed text of a Google (Neural2) job against `fake`.
async fn google_job(pool: PgPool, fake: &MockServer) -> Value {
    let base = fake.uri();
    let app = TestApp::spawn_with(pool, move |s| {
        let section = shared::providers::of(ProviderId::CloudTts).section_mut(&mut s.providers).unwrap();
        section.base_url = base;
        section.api_key = Some("test-key".to_owned().into());
    })
    .await;
    let (client, user) = app.signed_in_user("google@example.de").await;
    app.top_up(user, 1_000).await;
    let voice = app.voice_id("google-de-neural2-g").await;
    let job: Value = client.submit(TEXT, voice).await.json().await.unwrap();
    let id: Uuid = job["job"]["id"].as_str().unwrap().parse().unwrap();
    let state = app.worker_state(app.engines("", &app.settings.providers));
    assert_eq!(worker::jobs::synthesize::process(&state, id).await.unwrap(), worker::jobs::Outcome::Completed);
    client.get(&format!("/api/jobs/{id}/timestamps")).await.json().await.unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn google_voices_get_measured_sentence_times_from_googles_time_points(pool: PgPool) {
    let fake = google_fake(true).await;
    let timed = google_job(pool, &fake).await;
    assert_eq!(timed["precision"], "measured", "{timed}");
    assert_eq!(timed["word_level"], false, "Google tells sentences, not words");
    // One request, a second per sentence: the second and third start where Google said,
    // a second apart (by length they would start at 0.6 s and 1.4 s).
    let starts: Vec<i64> =
        timed["sentences"].as_array().unwrap().iter().map(|s| s["start_ms"].as_i64().unwrap()).collect();
    assert_eq!(starts.len(), 3);
    assert!((900..=1100).contains(&starts[1]) && (starts[2] - starts[1] - 1000).abs() <= 5, "{starts:?}");
}

/// Timestamps are a bonus on paid audio: a Google answer without time points still
/// completes the job, its sentence times estimated (and said to be).
#[sqlx::test(migrations = "../migrations")]
async fn a_google_answer_without_time_points_completes_the_job_with_estimated_times(pool: PgPool) {
    let fake = google_fake(false).await;
    let timed = google_job(pool, &fake).await;
    assert_eq!(timed["precision"], "estimated", "{timed}");
    assert_eq!(timed["sentences"].as_array().unwrap().len(), 3);
}
