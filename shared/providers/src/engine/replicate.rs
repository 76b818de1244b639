//! Replicate: a voice-cloning speech model (XTTS v2 by default) that takes the speaker's
//! recording as its reference with every request. "Training" checks that the model can
//! speak with the reference: one prediction of a test sentence, polled until it ends.
//! Speech runs a prediction with `Prefer: wait` and polls when that is not enough.
//! Predictions: `POST /v1/predictions` (`{version, input}`) for a pinned `owner/name:version`,
//! `POST /v1/models/{owner}/{name}/predictions` otherwise; `GET /v1/predictions/{id}`;
//! `POST /v1/predictions/{id}/cancel`. Throttling (429, "resets in ~30s") is waited out.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use base64::Engine as _;
use serde::Deserialize;
use tokio::io::AsyncReadExt;

use super::cloner::{TrainingInput, TrainingStep, TrainingTarget, VoiceCloner};
use super::http::{Auth, ErrorBody, HttpClient, HttpEngineConfig, Provider};
use super::{EngineAudio, EngineError};
use audio::{self, Pcm};
use domain::clone_ref::CloneRef;
use domain::kinds::CloneEngineId;
use storage::files::AudioStorage;

const PROVIDER: Provider = Provider { name: "Replicate", auth: Auth::Bearer, parse_error };
/// XTTS v2, pinned (Replicate runs community models only by version).
pub const DEFAULT_MODEL: &str = "lucataco/xtts-v2:684bc3855b37866c0c65add2ff39c78f3dea3f4ff103a436465326e0f438d55e";
/// The reference recording sent with each request: the model needs a few seconds of the
/// voice, not minutes.
const REFERENCE_SECONDS: f64 = 30.0;
const TEST_SENTENCE: &str = "Guten Tag. So klingt meine Stimme bei Stimmwerk.";
/// Between two looks at a running prediction.
const POLL_EVERY: Duration = Duration::from_secs(2);
/// How long one spoken chunk may take in all.
const SPEECH_DEADLINE: Duration = Duration::from_secs(300);

pub struct Replicate {
    http: HttpClient,
    storage: Arc<dyn AudioStorage>,
}

#[derive(Debug, Deserialize)]
struct Prediction {
    id: String,
    status: String,
    #[serde(default)]
    output: serde_json::Value,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

/// Where the reference recording of a clone is kept.
pub fn reference_key(target: &TrainingTarget) -> String {
    format!("{}/voice-reference-{}.mp3", target.user_id, target.voice_id)
}

impl Replicate {
    pub fn new(config: HttpEngineConfig, storage: Arc<dyn AudioStorage>) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)?, storage })
    }

    fn model(&self) -> &str {
        let model = self.http.config().model.as_str();
        if model.is_empty() { DEFAULT_MODEL } else { model }
    }

    /// Starts a prediction; `wait` asks Replicate to hold the answer up to that many seconds.
    async fn create(&self, input: serde_json::Value, wait: Option<u8>) -> Result<Prediction, EngineError> {
        let prefer = wait.map(|s| format!("wait={s}"));
        let headers: Vec<(&'static str, &str)> = prefer.iter().map(|p| ("prefer", p.as_str())).collect();
        let body = match self.model().split_once(':') {
            Some((_, version)) => {
                self.http
                    .post_json_with(
                        "/v1/predictions",
                        &serde_json::json!({ "version": version, "input": input }),
                        &headers,
                    )
                    .await?
            }
            None => {
                let path = format!("/v1/models/{}/predictions", self.model());
                self.http.post_json_with(&path, &serde_json::json!({ "input": input }), &headers).await?
            }
        };
        parse_prediction(&body)
    }

    async fn fetch(&self, id: &str) -> Result<Prediction, EngineError> {
        if !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(EngineError::Permanent("Ungültige Replicate-Vorhersage.".into()));
        }
        parse_prediction(&self.http.get(&format!("/v1/predictions/{id}")).await?)
    }

    /// The audio a finished prediction made (its output is a URL, or a list of them).
    async fn output_audio(&self, prediction: &Prediction) -> Result<EngineAudio, EngineError> {
        let url = match &prediction.output {
            serde_json::Value::String(url) => Some(url.as_str()),
            serde_json::Value::Array(items) => items.last().and_then(|v| v.as_str()),
            _ => None,
        }
        .ok_or_else(|| EngineError::Permanent("Replicate lieferte keine Audiodatei.".into()))?;
        let bytes = self.http.download(url).await?;
        let extension = if url.ends_with(".mp3") { "mp3" } else { "wav" };
        audio::decode(&bytes, extension).map_err(|_| self.http.invalid_audio())?;
        Ok(EngineAudio::new(bytes, extension))
    }

    async fn reference_data_uri(&self, key: &str) -> Result<String, EngineError> {
        let (mut file, _) = self
            .storage
            .open(key)
            .await
            .map_err(|_| EngineError::Permanent("Die Referenzaufnahme der Stimme fehlt.".into()))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).await.map_err(|e| EngineError::Transient(format!("Referenzaufnahme: {e}")))?;
        Ok(format!("data:audio/mpeg;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes)))
    }

    /// Speaks `text` in the voice of the reference recording stored at `reference_key`.
    pub async fn speak(&self, reference_key: &str, text: &str, language: &str) -> Result<EngineAudio, EngineError> {
        let speaker = self.reference_data_uri(reference_key).await?;
        let input = speech_input(text, &speaker, language);
        let started = Instant::now();
        let mut prediction = self.create(input, Some(60)).await?;
        loop {
            match prediction.status.as_str() {
                "succeeded" => return self.output_audio(&prediction).await,
                "failed" | "canceled" | "aborted" => return Err(EngineError::Permanent(failure(&prediction))),
                _ if started.elapsed() > SPEECH_DEADLINE => {
                    self.cancel(&prediction.id).await.ok();
                    return Err(EngineError::Transient("Replicate hat nicht rechtzeitig geantwortet.".into()));
                }
                _ => {
                    tokio::time::sleep(POLL_EVERY).await;
                    prediction = self.fetch(&prediction.id).await?;
                }
            }
        }
    }
}

fn speech_input(text: &str, speaker: &str, language: &str) -> serde_json::Value {
    let language = language.split('-').next().unwrap_or("de");
    serde_json::json!({ "text": text, "speaker": speaker, "language": language, "cleanup_voice": false })
}

fn parse_prediction(body: &[u8]) -> Result<Prediction, EngineError> {
    serde_json::from_slice(body)
        .map_err(|_| EngineError::Permanent("Replicate lieferte eine unverständliche Antwort.".into()))
}

fn failure(prediction: &Prediction) -> String {
    match (prediction.status.as_str(), &prediction.error) {
        ("canceled" | "aborted", _) => "Das Training wurde bei Replicate abgebrochen.".into(),
        (_, Some(serde_json::Value::String(error))) => {
            format!("Replicate konnte mit der Aufnahme nicht sprechen: {}", error.chars().take(300).collect::<String>())
        }
        _ => "Replicate konnte mit der Aufnahme nicht sprechen.".into(),
    }
}

/// The first seconds of the recording, as MP3 (small enough to send with every request).
fn reference_mp3(pcm: &Pcm) -> Result<Vec<u8>, EngineError> {
    let take = ((REFERENCE_SECONDS * pcm.sample_rate as f64) as usize).min(pcm.samples.len());
    let clip = Pcm { sample_rate: pcm.sample_rate, samples: pcm.samples[..take].to_vec() };
    audio::encode_mp3(&clip).map_err(|e| EngineError::Permanent(e.to_string()))
}

#[async_trait]
impl VoiceCloner for Replicate {
    fn id(&self) -> CloneEngineId {
        CloneEngineId::Replicate
    }

    async fn start(&self, input: &TrainingInput) -> Result<TrainingStep, EngineError> {
        let sample =
            input.samples.first().ok_or_else(|| EngineError::Permanent("Es fehlt eine Trainingsaufnahme.".into()))?;
        let key = reference_key(&input.target);
        let mp3 = reference_mp3(&sample.pcm)?;
        self.storage
            .put(&key, &mp3)
            .await
            .map_err(|e| EngineError::Transient(format!("Referenzaufnahme nicht gespeichert: {e}")))?;
        let speaker = self.reference_data_uri(&key).await?;
        let prediction = self.create(speech_input(TEST_SENTENCE, &speaker, &input.language), None).await?;
        self.step(&input.target, prediction).await
    }

    async fn poll(&self, target: &TrainingTarget, training_ref: &str) -> Result<TrainingStep, EngineError> {
        let prediction = self.fetch(training_ref).await?;
        self.step(target, prediction).await
    }

    async fn cancel(&self, training_ref: &str) -> Result<(), EngineError> {
        if !training_ref.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Ok(());
        }
        self.http.post_json(&format!("/v1/predictions/{training_ref}/cancel"), &serde_json::json!({})).await.map(|_| ())
    }

    async fn delete_voice(&self, _provider_voice_id: &str) -> Result<(), EngineError> {
        // Replicate keeps no voice: the reference recording lives in our storage.
        Ok(())
    }
}

impl Replicate {
    async fn step(&self, target: &TrainingTarget, prediction: Prediction) -> Result<TrainingStep, EngineError> {
        Ok(match prediction.status.as_str() {
            "succeeded" => {
                // The model spoke the test sentence with the reference: the clone works.
                self.output_audio(&prediction).await?;
                TrainingStep::Done {
                    clone_ref: CloneRef::Replicate { reference_key: reference_key(target) },
                    provider_voice_id: None,
                }
            }
            "failed" | "canceled" | "aborted" => TrainingStep::Failed(failure(&prediction)),
            "processing" => TrainingStep::Running { training_ref: prediction.id, progress: 60 },
            _ => TrainingStep::Running { training_ref: prediction.id, progress: 20 },
        })
    }
}

/// RFC 7807 problem JSON `{type,title,status,detail}`; a throttled request says when its
/// limit resets ("Your rate limit resets in ~30s.").
fn parse_error(body: &str) -> ErrorBody {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(body) else {
        return ErrorBody::default();
    };
    let detail = json["detail"].as_str().or_else(|| json["title"].as_str()).map(str::to_owned);
    let retry_after = detail.as_deref().and_then(|d| {
        let after = d.split("resets in ~").nth(1)?;
        let seconds: u64 = after.split('s').next()?.trim().parse().ok()?;
        Some(Duration::from_secs(seconds))
    });
    ErrorBody { message: detail, retry_after, quota_exhausted: false }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use wiremock::matchers::{body_partial_json, header, method, path};
    use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

    use super::*;
    use crate::engine::cloner::TrainingSample;
    use crate::engine::http::testing::{KEY, config, mp3_tone, tone};
    use storage::files::FsStorage;

    fn engine(server: &MockServer, dir: &tempfile::TempDir) -> Replicate {
        let config = HttpEngineConfig { model: "lucataco/xtts-v2:abc123".into(), ..config(server) };
        Replicate::new(config, Arc::new(FsStorage::new(dir.path()))).unwrap()
    }

    fn input() -> TrainingInput {
        TrainingInput {
            target: TrainingTarget { voice_id: uuid::Uuid::new_v4(), user_id: uuid::Uuid::new_v4() },
            name: "Stimme".into(),
            description: None,
            language: "de-DE".into(),
            samples: vec![TrainingSample { webm: vec![1, 2, 3], pcm: tone(40.0, 16_000) }],
        }
    }

    fn prediction(id: &str, status: &str, output: Option<String>) -> serde_json::Value {
        serde_json::json!({
            "id": id, "model": "lucataco/xtts-v2", "version": "abc123", "status": status,
            "input": {}, "output": output, "error": null, "logs": "",
            "urls": { "get": format!("https://api.replicate.com/v1/predictions/{id}"),
                      "cancel": format!("https://api.replicate.com/v1/predictions/{id}/cancel") }
        })
    }

    #[tokio::test]
    async fn training_sends_the_reference_then_polls_until_the_test_sentence_is_spoken() {
        let server = MockServer::start().await;
        let dir = tempfile::tempdir().unwrap();
        Mock::given(method("POST"))
            .and(path("/v1/predictions"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(body_partial_json(serde_json::json!({"version": "abc123", "input": {"language": "de"}})))
            .and(|request: &Request| {
                let body: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
                body["input"]["speaker"].as_str().is_some_and(|s| s.starts_with("data:audio/mpeg;base64,"))
            })
            .respond_with(ResponseTemplate::new(201).set_body_json(prediction("p1", "starting", None)))
            .expect(1)
            .mount(&server)
            .await;
        let calls = Arc::new(AtomicUsize::new(0));
        let output = format!("{}/files/out.wav", server.uri());
        struct Progress(Arc<AtomicUsize>, String);
        impl Respond for Progress {
            fn respond(&self, _: &Request) -> ResponseTemplate {
                let n = self.0.fetch_add(1, Ordering::SeqCst);
                let body = if n == 0 {
                    prediction("p1", "processing", None)
                } else {
                    prediction("p1", "succeeded", Some(self.1.clone()))
                };
                ResponseTemplate::new(200).set_body_json(body)
            }
        }
        Mock::given(method("GET"))
            .and(path("/v1/predictions/p1"))
            .respond_with(Progress(calls, output))
            .mount(&server)
            .await;
        let wav = audio::wav_from_pcm16(&audio::pcm16_bytes(&tone(1.0, 24_000).samples), 24_000);
        Mock::given(method("GET"))
            .and(path("/files/out.wav"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(wav))
            .mount(&server)
            .await;

        let engine = engine(&server, &dir);
        let input = input();
        let step = engine.start(&input).await.unwrap();
        assert_eq!(step, TrainingStep::Running { training_ref: "p1".into(), progress: 20 });
        assert!(matches!(engine.poll(&input.target, "p1").await.unwrap(), TrainingStep::Running { progress: 60, .. }));
        let done = engine.poll(&input.target, "p1").await.unwrap();
        let key = reference_key(&input.target);
        assert_eq!(
            done,
            TrainingStep::Done {
                clone_ref: CloneRef::Replicate { reference_key: key.clone() },
                provider_voice_id: None
            }
        );
        // The reference kept for speech is the first 30 s of the recording.
        let (mut file, _) = engine.storage.open(&key).await.unwrap();
        let mut mp3 = Vec::new();
        file.read_to_end(&mut mp3).await.unwrap();
        let seconds = audio::decode(&mp3, "mp3").unwrap().duration_seconds();
        assert!((29.0..31.5).contains(&seconds), "{seconds}");
    }

    #[tokio::test]
    async fn a_failed_prediction_fails_the_training_with_the_providers_reason() {
        let server = MockServer::start().await;
        let dir = tempfile::tempdir().unwrap();
        let mut failed = prediction("p2", "failed", None);
        failed["error"] = "reference audio too noisy".into();
        Mock::given(method("GET"))
            .and(path("/v1/predictions/p2"))
            .respond_with(ResponseTemplate::new(200).set_body_json(failed))
            .mount(&server)
            .await;
        let step = engine(&server, &dir).poll(&input().target, "p2").await.unwrap();
        assert!(matches!(&step, TrainingStep::Failed(m) if m.contains("too noisy")), "{step:?}");
    }

    #[tokio::test]
    async fn throttling_is_waited_out_as_the_provider_says() {
        let server = MockServer::start().await;
        let dir = tempfile::tempdir().unwrap();
        let calls = Arc::new(AtomicUsize::new(0));
        struct Throttled(Arc<AtomicUsize>);
        impl Respond for Throttled {
            fn respond(&self, _: &Request) -> ResponseTemplate {
                if self.0.fetch_add(1, Ordering::SeqCst) == 0 {
                    ResponseTemplate::new(429).set_body_json(serde_json::json!({
                        "detail": "Request was throttled. Your rate limit resets in ~1s.", "status": 429
                    }))
                } else {
                    ResponseTemplate::new(200).set_body_json(prediction("p3", "processing", None))
                }
            }
        }
        Mock::given(method("GET"))
            .and(path("/v1/predictions/p3"))
            .respond_with(Throttled(calls.clone()))
            .mount(&server)
            .await;
        // Our own backoff would wait a minute: finishing in time means the hint was used.
        let config =
            HttpEngineConfig { base_backoff: Duration::from_secs(60), model: "a/b:c".into(), ..config(&server) };
        let engine = Replicate::new(config, Arc::new(FsStorage::new(dir.path()))).unwrap();
        let step =
            tokio::time::timeout(Duration::from_secs(5), engine.poll(&input().target, "p3")).await.unwrap().unwrap();
        assert!(matches!(step, TrainingStep::Running { .. }));
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn speech_waits_with_prefer_and_reads_the_output() {
        let server = MockServer::start().await;
        let dir = tempfile::tempdir().unwrap();
        let storage = FsStorage::new(dir.path());
        storage.put("u/ref.mp3", &mp3_tone(6.0)).await.unwrap();
        let output = format!("{}/files/speech.mp3", server.uri());
        Mock::given(method("POST"))
            .and(path("/v1/predictions"))
            .and(header("prefer", "wait=60"))
            .and(body_partial_json(serde_json::json!({"input": {"text": "Hallo.", "language": "de"}})))
            .respond_with(ResponseTemplate::new(201).set_body_json(prediction("p4", "succeeded", Some(output))))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/files/speech.mp3"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3_tone(0.8)))
            .mount(&server)
            .await;
        let audio = engine(&server, &dir).speak("u/ref.mp3", "Hallo.", "de-DE").await.unwrap();
        assert_eq!(audio.extension, "mp3");
    }
}
