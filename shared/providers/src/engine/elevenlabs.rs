//! ElevenLabs: instant voice cloning (`POST /v1/voices/add`, multipart with every sample
//! as a `files` part) and speech with the voice it returns (`POST
//! /v1/text-to-speech/{voice_id}`, MP3 bytes back). The key goes in `xi-api-key`.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::cloner::{TrainingInput, TrainingStep, TrainingTarget, VoiceCloner};
use super::http::{Auth, ErrorBody, HttpClient, HttpEngineConfig, Provider};
use super::{EngineAudio, EngineError};
use domain::clone_ref::CloneRef;
use domain::kinds::CloneEngineId;

const PROVIDER: Provider = Provider { name: "ElevenLabs", auth: Auth::Header("xi-api-key"), parse_error };
/// The multilingual model speaks German; it takes up to 10,000 characters.
pub const DEFAULT_MODEL: &str = "eleven_multilingual_v2";
const OUTPUT_FORMAT: &str = "mp3_44100_128";

pub struct ElevenLabs {
    http: HttpClient,
}

#[derive(Deserialize)]
struct AddedVoice {
    voice_id: String,
}

#[derive(Serialize)]
struct SpeechRequest<'a> {
    text: &'a str,
    model_id: &'a str,
}

impl ElevenLabs {
    pub fn new(config: HttpEngineConfig) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)? })
    }

    fn model(&self) -> &str {
        let model = self.http.config().model.as_str();
        if model.is_empty() { DEFAULT_MODEL } else { model }
    }

    /// Speaks `text` with a cloned voice.
    pub async fn speak(&self, voice_id: &str, text: &str) -> Result<EngineAudio, EngineError> {
        let path = format!("/v1/text-to-speech/{voice_id}?output_format={OUTPUT_FORMAT}");
        let bytes = self.http.post_json(&path, &SpeechRequest { text, model_id: self.model() }).await?;
        if bytes.is_empty() {
            return Err(self.http.invalid_audio());
        }
        Ok(EngineAudio::new(bytes, "mp3"))
    }
}

#[async_trait]
impl VoiceCloner for ElevenLabs {
    fn id(&self) -> CloneEngineId {
        CloneEngineId::Elevenlabs
    }

    async fn start(&self, input: &TrainingInput) -> Result<TrainingStep, EngineError> {
        let language = input.language.split('-').next().unwrap_or("de").to_owned();
        let labels = serde_json::json!({ "language": language }).to_string();
        let form = || {
            let mut form = reqwest::multipart::Form::new()
                .text("name", input.name.clone())
                .text("labels", labels.clone())
                .text("remove_background_noise", "true");
            if let Some(description) = &input.description {
                form = form.text("description", description.clone());
            }
            for (i, sample) in input.samples.iter().enumerate() {
                let part = reqwest::multipart::Part::bytes(sample.webm.clone())
                    .file_name(format!("sample-{}.webm", i + 1))
                    .mime_str("audio/webm")
                    .expect("a valid mime type");
                form = form.part("files", part);
            }
            form
        };
        let body = self.http.post_multipart("/v1/voices/add", form).await?;
        let added: AddedVoice = serde_json::from_slice(&body)
            .map_err(|_| EngineError::Permanent("ElevenLabs lieferte keine Stimmen-ID.".into()))?;
        let clone_ref = CloneRef::Elevenlabs { voice_id: added.voice_id.clone() };
        // Reject an id our reference could not carry (it ends up in a URL path).
        clone_ref
            .to_string()
            .parse::<CloneRef>()
            .map_err(|_| EngineError::Permanent("ElevenLabs lieferte eine ungültige Stimmen-ID.".into()))?;
        Ok(TrainingStep::Done { clone_ref, provider_voice_id: Some(added.voice_id) })
    }

    async fn poll(&self, _target: &TrainingTarget, _training_ref: &str) -> Result<TrainingStep, EngineError> {
        // Instant cloning finishes within `start`; nothing runs at ElevenLabs afterwards.
        Err(EngineError::Permanent("Bei ElevenLabs läuft kein Training.".into()))
    }

    async fn cancel(&self, _training_ref: &str) -> Result<(), EngineError> {
        Ok(())
    }

    async fn delete_voice(&self, provider_voice_id: &str) -> Result<(), EngineError> {
        match self.http.delete(&format!("/v1/voices/{provider_voice_id}")).await {
            // Gone already is what we want.
            Err(EngineError::Permanent(message)) if message.contains("(404)") => Ok(()),
            other => other.map(|_| ()),
        }
    }
}

/// `{"detail":{"status","message"}}`, or FastAPI's 422 `{"detail":[{"loc","msg","type"}]}`.
fn parse_error(body: &str) -> ErrorBody {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(body) else {
        return ErrorBody::default();
    };
    let detail = &json["detail"];
    let message = detail["message"]
        .as_str()
        .map(str::to_owned)
        .or_else(|| detail.as_array().and_then(|items| items.first()?["msg"].as_str().map(str::to_owned)))
        .or_else(|| detail.as_str().map(str::to_owned));
    ErrorBody { message, retry_after: None, quota_exhausted: detail["status"].as_str() == Some("quota_exceeded") }
}

#[cfg(test)]
mod tests {
    use wiremock::matchers::{body_partial_json, header, method, path, query_param};
    use wiremock::{Mock, MockServer, Request, ResponseTemplate};

    use super::*;
    use crate::engine::cloner::TrainingSample;
    use crate::engine::http::testing::{KEY, config, mp3_tone, tone};

    fn input(samples: usize) -> TrainingInput {
        TrainingInput {
            target: TrainingTarget { voice_id: uuid::Uuid::new_v4(), user_id: uuid::Uuid::new_v4() },
            name: "Meine Stimme".into(),
            description: Some("Warm".into()),
            language: "de-DE".into(),
            samples: (0..samples)
                .map(|i| TrainingSample { webm: format!("webm-{i}").into_bytes(), pcm: tone(6.0, 16_000) })
                .collect(),
        }
    }

    #[tokio::test]
    async fn instant_cloning_uploads_every_sample_as_files_and_keeps_the_voice_id() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/voices/add"))
            .and(header("xi-api-key", KEY))
            .and(|request: &Request| {
                let body = String::from_utf8_lossy(&request.body);
                body.matches("name=\"files\"; filename=\"sample-").count() == 2
                    && body.contains("name=\"name\"\r\n\r\nMeine Stimme")
                    && body.contains("{\"language\":\"de\"}")
                    && body.contains("Content-Type: audio/webm")
            })
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(serde_json::json!({"voice_id": "abc123", "requires_verification": false})),
            )
            .expect(1)
            .mount(&server)
            .await;
        let engine = ElevenLabs::new(config(&server)).unwrap();
        let step = engine.start(&input(2)).await.unwrap();
        assert_eq!(
            step,
            TrainingStep::Done {
                clone_ref: CloneRef::Elevenlabs { voice_id: "abc123".into() },
                provider_voice_id: Some("abc123".into())
            }
        );
    }

    #[tokio::test]
    async fn a_validation_error_is_permanent_and_quotes_the_provider() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/voices/add"))
            .respond_with(ResponseTemplate::new(422).set_body_json(serde_json::json!({
                "detail": [{"loc": ["body", "files"], "msg": "Audio too short", "type": "value_error"}]
            })))
            .mount(&server)
            .await;
        let error = ElevenLabs::new(config(&server)).unwrap().start(&input(1)).await.unwrap_err();
        assert!(matches!(&error, EngineError::Permanent(m) if m.contains("Audio too short")), "{error:?}");
    }

    #[tokio::test]
    async fn speech_with_a_clone_posts_text_and_model_and_returns_mp3() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/text-to-speech/abc123"))
            .and(query_param("output_format", "mp3_44100_128"))
            .and(body_partial_json(serde_json::json!({"text": "Hallo Welt.", "model_id": "test-model"})))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3_tone(0.5)))
            .mount(&server)
            .await;
        let audio = ElevenLabs::new(config(&server)).unwrap().speak("abc123", "Hallo Welt.").await.unwrap();
        assert_eq!(audio.extension, "mp3");
        assert!(audio::decode(&audio.bytes, "mp3").unwrap().duration_seconds() > 0.3);
    }

    #[tokio::test]
    async fn deleting_a_voice_that_is_gone_already_is_fine() {
        let server = MockServer::start().await;
        Mock::given(method("DELETE"))
            .and(path("/v1/voices/gone"))
            .respond_with(ResponseTemplate::new(404).set_body_json(serde_json::json!({
                "detail": {"status": "voice_not_found", "message": "Voice not found"}
            })))
            .mount(&server)
            .await;
        ElevenLabs::new(config(&server)).unwrap().delete_voice("gone").await.unwrap();
    }
}
