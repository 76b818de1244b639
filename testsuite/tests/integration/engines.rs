//! Every cloud engine through the whole job path (submit -> worker -> MP3 -> refund on
//! failure), against local fake servers that speak each provider's exact API.

use crate::common;

use base64::Engine as _;
use common::TestApp;
use serde_json::{Value, json};
use shared::audio::{self, Pcm};
use shared::config::Settings;
use shared::providers::{PROVIDERS, ProviderId};
use sqlx::PgPool;
use uuid::Uuid;
use wiremock::matchers::{header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};
use worker::jobs::Outcome;
use worker::jobs::synthesize::process;

const KEY: &str = "test-key-123";

#[derive(Clone, Copy, Debug)]
enum Provider {
    OpenAi,
    Google,
    Gemini,
    Murf,
}

/// The fake of each cloud provider in the provider table: a provider added to the table
/// without a fake here fails every test of this file.
fn cloud_providers() -> Vec<Provider> {
    PROVIDERS.iter().filter(|p| p.build.is_some()).map(|p| Provider::of(p.id)).collect()
}

impl Provider {
    fn of(id: ProviderId) -> Provider {
        match id {
            ProviderId::OpenaiTts => Provider::OpenAi,
            ProviderId::CloudTts => Provider::Google,
            ProviderId::GeminiTts => Provider::Gemini,
            ProviderId::MurfTts => Provider::Murf,
            other => panic!("no fake server for the cloud provider {other}: add one to this table"),
        }
    }

    fn id(self) -> ProviderId {
        match self {
            Provider::OpenAi => ProviderId::OpenaiTts,
            Provider::Google => ProviderId::CloudTts,
            Provider::Gemini => ProviderId::GeminiTts,
            Provider::Murf => ProviderId::MurfTts,
        }
    }

    fn voice(self) -> &'static str {
        match self {
            Provider::OpenAi => "openai-de-nova",
            Provider::Google => "google-de-neural2-g",
            Provider::Gemini => "gemini-de-kore",
            Provider::Murf => "murf-de-matthias",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Provider::OpenAi => "/v1/audio/speech",
            // Neural2 voices take SSML, on the version that reports the marks' times.
            Provider::Google => "/v1beta1/text:synthesize",
            Provider::Gemini => "/v1beta/models/gemini-2.5-flash-preview-tts:generateContent",
            Provider::Murf => "/v1/speech/generate",
        }
    }

    fn auth(self) -> (&'static str, String) {
        match self {
            Provider::OpenAi => ("authorization", format!("Bearer {KEY}")),
            Provider::Google => ("x-goog-api-key", KEY.to_owned()),
            Provider::Gemini => ("x-goog-api-key", KEY.to_owned()),
            Provider::Murf => ("api-key", KEY.to_owned()),
        }
    }

    /// One second of tone in the provider's success shape.
    fn success(self) -> ResponseTemplate {
        let pcm = Pcm { sample_rate: 24000, samples: (0..24000).map(|i| ((i % 60) * 300) as i16).collect() };
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let mp3 = audio::encode_mp3(&pcm).unwrap();
        match self {
            Provider::OpenAi => ResponseTemplate::new(200).set_body_bytes(mp3).insert_header("content-type", "audio/mpeg"),
            Provider::Google => ResponseTemplate::new(200).set_body_json(json!({ "audioContent": b64(&mp3) })),
            Provider::Gemini => {
                let raw: Vec<u8> = pcm.samples.iter().flat_map(|s| s.to_le_bytes()).collect();
                ResponseTemplate::new(200).set_body_json(json!({ "candidates": [{ "content": { "parts": [{ "inlineData": {
                    "mimeType": "audio/L16;codec=pcm;rate=24000", "data": b64(&raw) } }] }, "finishReason": "STOP" }] }))
            }
            Provider::Murf => ResponseTemplate::new(200).set_body_json(json!({
                "audioFile": "", "encodedAudio": b64(&mp3), "audioLengthInSeconds": 1.0, "remainingCharacterCount": 90000 })),
        }
    }

    /// A 2xx whose audio field is not audio.
    fn malformed(self) -> ResponseTemplate {
        let junk = base64::engine::general_purpose::STANDARD.encode(b"<html>Wartung</html>");
        match self {
            Provider::OpenAi => ResponseTemplate::new(200).set_body_string("<html>Wartung</html>"),
            Provider::Google => ResponseTemplate::new(200).set_body_json(json!({ "audioContent": junk })),
            Provider::Gemini => ResponseTemplate::new(200)
                .set_body_json(json!({ "candidates": [{ "content": { "parts": [{ "inlineData": {
                "mimeType": "audio/mpeg", "data": junk } }] } }] })),
            Provider::Murf => {
                ResponseTemplate::new(200).set_body_json(json!({ "audioFile": "", "encodedAudio": junk }))
            }
        }
    }

    fn server_error(self) -> ResponseTemplate {
        let body = match self {
            Provider::OpenAi => {
                json!({ "error": { "message": "The server had an error", "type": "server_error", "param": null, "code": null } })
            }
            Provider::Google | Provider::Gemini => {
                json!({ "error": { "code": 500, "message": "Internal error encountered.", "status": "INTERNAL" } })
            }
            Provider::Murf => json!({ "errorMessage": "Internal server error", "errorCode": 500 }),
        };
        ResponseTemplate::new(500).set_body_json(body)
    }

    fn configure(self, settings: &mut Settings, base: String) {
        let section =
            shared::providers::of(self.id()).section_mut(&mut settings.providers).expect("a configured provider");
        section.base_url = base;
        section.api_key = Some(KEY.to_owned().into());
    }
}

struct Case {
    app: TestApp,
    fake: MockServer,
    user: Uuid,
    client: common::Client,
}

async fn case(pool: PgPool, provider: Provider, answer: ResponseTemplate) -> Case {
    let fake = MockServer::start().await;
    let (name, value) = provider.auth();
    Mock::given(method("POST"))
        .and(path(provider.path()))
        .and(header(name, value.as_str()))
        .respond_with(answer)
        .mount(&fake)
        .await;
    let base = fake.uri();
    let app = TestApp::spawn_with(pool, move |s| provider.configure(s, base)).await;
    let (client, user) = app.signed_in_user(&format!("{provider:?}@example.de").to_lowercase()).await;
    // Enough credit for a 5000-character text.
    app.top_up(user, 1000).await;
    Case { app, fake, user, client }
}

impl Case {
    async fn run(&self, provider: Provider, text: &str) -> (Uuid, Outcome) {
        let voice = self.app.voice_id(provider.voice()).await;
        let res = self.client.submit(text, voice).await;
        assert_eq!(res.status(), reqwest::StatusCode::CREATED, "{provider:?}: {}", res.text().await.unwrap());
        let body: Value = res.json().await.unwrap();
        let job: Uuid = body["job"]["id"].as_str().unwrap().parse().unwrap();
        let state = self.app.worker_state(self.app.engines("", &self.app.settings.providers));
        let mut outcome = process(&state, job).await.unwrap();
        while outcome == Outcome::Retry {
            outcome = process(&state, job).await.unwrap();
        }
        (job, outcome)
    }

    async fn job(&self, id: Uuid) -> Value {
        let list: Value = self.client.get("/api/jobs").await.json().await.unwrap();
        list["jobs"].as_array().unwrap().iter().find(|j| j["id"] == id.to_string()).unwrap().clone()
    }
}

/// Whether an MP3 of `seconds` holds `speech` seconds of sound: the speech, the silent
/// tail every file ends with, and up to 0.2 s of the encoder's delay and last frame's
/// padding (every sample is kept, so a file is never shorter than its speech and tail).
fn holds(seconds: f64, speech: f64) -> bool {
    let least = speech + shared::text_to_mp3::TAIL_MS as f64 / 1000.0 - 0.02;
    (least..=least + 0.22).contains(&seconds)
}

fn german_text(chars: usize) -> String {
    let sentence = "Über die Brücke fährt ein Bäcker mit frischen Brötchen zum Markt. ";
    let text: String = sentence.repeat(chars / sentence.chars().count() + 1).chars().take(chars).collect();
    assert!(!text.ends_with(' '));
    text
}

#[sqlx::test(migrations = "../migrations")]
async fn each_engine_completes_a_job_with_a_valid_mp3(pool: PgPool) {
    for provider in cloud_providers() {
        let c = case(pool.clone(), provider, provider.success()).await;
        let (job, outcome) = c.run(provider, "Guten Tag, das ist ein Test.").await;
        assert_eq!(outcome, Outcome::Completed, "{provider:?}");
        let listed = c.job(job).await;
        assert!(holds(listed["duration_seconds"].as_f64().unwrap(), 1.0), "{provider:?}: {listed}");
        let mp3 = c.client.get(&format!("/api/jobs/{job}/audio")).await.bytes().await.unwrap();
        let decoded = audio::decode(&mp3, "mp3").unwrap().duration_seconds();
        assert!(holds(decoded, 1.0), "{provider:?}: decodes to {decoded} s");
        assert_eq!(c.fake.received_requests().await.unwrap().len(), 1);
    }
}

/// Every engine reads German as it is spoken: what reaches the provider is the text with
/// the user's dictionary applied and normalised (the job keeps and is charged for the
/// text as typed).
#[sqlx::test(migrations = "../migrations")]
async fn each_engine_receives_the_text_as_it_is_spoken(pool: PgPool) {
    let typed = "Am 3. Mai kostet es bei ACME z. B. 12,50 €.";
    for provider in cloud_providers() {
        let c = case(pool.clone(), provider, provider.success()).await;
        // The user's pronunciation dictionary applies too.
        let res = c.client.post("/api/pronunciation/dictionary", json!({ "term": "ACME", "spoken": "Äkmi" })).await;
        assert_eq!(res.status(), reqwest::StatusCode::CREATED);
        let (job, outcome) = c.run(provider, typed).await;
        assert_eq!(outcome, Outcome::Completed, "{provider:?}");
        let requests = c.fake.received_requests().await.unwrap();
        let body = String::from_utf8_lossy(&requests[0].body).to_string();
        assert!(
            body.contains("Am dritten Mai kostet es bei Äkmi zum Beispiel zwölf Euro fünfzig."),
            "{provider:?}: {body}"
        );
        assert!(!body.contains("12,50"), "{provider:?}: {body}");
        assert_eq!(c.job(job).await["text"], typed);
    }
}

/// Pauses, emphasis and a dictionary entry's IPA reach each provider in its own syntax:
/// SSML for Google (with a mark before each sentence, whose time Google reports), Murf's
/// pause and pronunciation dictionary; the engines that take
/// neither get plain words in two requests, the pause made as silence between them. ("&"
/// is said "und" by the German rules.)
#[sqlx::test(migrations = "../migrations")]
async fn each_engine_gets_pauses_emphasis_and_ipa_in_its_own_syntax(pool: PgPool) {
    let typed = "Die *neue* Stimmwerk-App. [pause 700ms] Jetzt & hier.";
    for provider in cloud_providers() {
        let c = case(pool.clone(), provider, provider.success()).await;
        let entry = json!({ "term": "Stimmwerk", "spoken": "Schtimmwerk", "ipa": "ˈʃtɪmvɛʁk" });
        let res = c.client.post("/api/pronunciation/dictionary", entry).await;
        assert_eq!(res.status(), reqwest::StatusCode::CREATED);
        let (job, outcome) = c.run(provider, typed).await;
        assert_eq!(outcome, Outcome::Completed, "{provider:?}");
        let bodies: Vec<serde_json::Value> = c
            .fake
            .received_requests()
            .await
            .unwrap()
            .iter()
            .map(|r| serde_json::from_slice(&r.body).unwrap())
            .collect();
        let duration = c.job(job).await["duration_seconds"].as_f64().unwrap();
        match provider {
            Provider::Google => {
                assert_eq!(bodies.len(), 1);
                assert_eq!(
                    bodies[0]["input"]["ssml"],
                    r#"<speak><mark name="0"/>Die <emphasis level="strong">neue</emphasis> <phoneme alphabet="ipa" ph="ˈʃtɪmvɛʁk">Schtimmwerk</phoneme>-App.<break time="700ms"/><mark name="1"/>Jetzt und hier.</speak>"#
                );
                assert_eq!(bodies[0]["enableTimePointing"], json!(["SSML_MARK"]));
            }
            Provider::Murf => {
                assert_eq!(bodies.len(), 1);
                assert_eq!(bodies[0]["text"], "Die neue Schtimmwerk-App. [pause 0.7s] Jetzt und hier.");
                assert_eq!(
                    bodies[0]["pronunciationDictionary"],
                    json!({ "Schtimmwerk": { "type": "IPA", "pronunciation": "ˈʃtɪmvɛʁk" } })
                );
            }
            Provider::OpenAi | Provider::Gemini => {
                let texts: Vec<String> = bodies.iter().map(|b| b.to_string()).collect();
                assert_eq!(texts.len(), 2, "{provider:?}");
                // Sent side by side, so in either order.
                let first = texts.iter().position(|t| t.contains("Die neue Schtimmwerk-App.")).expect("the first part");
                assert!(texts[1 - first].contains("Jetzt und hier.") && !texts[first].contains("Jetzt"), "{texts:?}");
                // Two seconds of speech and the pause between them.
                assert!(holds(duration, 2.7), "{provider:?}: {duration} s");
            }
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_5000_character_text_becomes_several_requests_and_one_file(pool: PgPool) {
    for provider in cloud_providers() {
        let c = case(pool.clone(), provider, provider.success()).await;
        let text = german_text(5000);
        assert_eq!(text.chars().count(), 5000);
        let (job, outcome) = c.run(provider, &text).await;
        assert_eq!(outcome, Outcome::Completed, "{provider:?}");
        let requests = c.fake.received_requests().await.unwrap();
        assert!(requests.len() >= 2, "{provider:?} sent {} requests", requests.len());
        if let Provider::Google = provider {
            // The sentence marks count against Google's 5000 bytes like the words.
            for request in &requests {
                let body: Value = serde_json::from_slice(&request.body).unwrap();
                let ssml = body["input"]["ssml"].as_str().unwrap();
                assert!(ssml.len() <= 5000 && ssml.contains(r#"<mark name=""#), "{} bytes", ssml.len());
            }
        }
        let duration = c.job(job).await["duration_seconds"].as_f64().unwrap();
        // One second per chunk plus a 0.25 s pause between chunks.
        let expected = requests.len() as f64 * 1.0 + (requests.len() - 1) as f64 * 0.25;
        assert!(holds(duration, expected), "{provider:?}: {duration} vs {expected}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn server_errors_until_retries_run_out_fail_the_job_and_refund_exactly(pool: PgPool) {
    let runs = cloud_providers().into_iter().map(|provider| {
        let pool = pool.clone();
        async move {
            let c = case(pool, provider, provider.server_error()).await;
            let before = c.app.balance(c.user).await;
            let (job, outcome) = c.run(provider, "Das wird leider nichts.").await;
            assert_eq!(outcome, Outcome::Failed, "{provider:?}");
            let listed = c.job(job).await;
            assert_eq!(listed["status"], "failed");
            let message = listed["error_message"].as_str().unwrap();
            assert!(
                message.contains("(500)") && message.ends_with("; der Betrag wurde erstattet."),
                "{provider:?}: {message}"
            );
            // 3 job attempts x (1 + 3 HTTP retries).
            assert_eq!(c.fake.received_requests().await.unwrap().len(), 12, "{provider:?}");
            assert_eq!(c.app.balance(c.user).await, before, "{provider:?}: the 3 cents charged came back");
            assert_eq!(c.app.ledger_rows(c.user, "refund").await, vec![3]);
            assert!(c.app.ledger_drift().await.is_empty());
        }
    });
    futures::future::join_all(runs).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn malformed_audio_fails_clearly_and_refunds(pool: PgPool) {
    for provider in cloud_providers() {
        let c = case(pool.clone(), provider, provider.malformed()).await;
        let before = c.app.balance(c.user).await;
        let (job, outcome) = c.run(provider, "Kaputte Antwort.").await;
        assert_eq!(outcome, Outcome::Failed, "{provider:?}");
        let message = c.job(job).await["error_message"].as_str().unwrap().to_owned();
        assert!(message.contains("Audiodaten") || message.contains("Audio"), "{provider:?}: {message}");
        assert_eq!(c.app.balance(c.user).await, before, "{provider:?}: charged and refunded");
        assert_eq!(c.app.ledger_rows(c.user, "refund").await, vec![2]);
        assert_eq!(c.fake.received_requests().await.unwrap().len(), 1, "{provider:?}: not retried");
    }
}
