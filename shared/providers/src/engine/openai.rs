//! OpenAI text-to-speech (`POST /v1/audio/speech`): JSON in, raw MP3 bytes out.

use async_trait::async_trait;
use serde::Serialize;

use super::http::{Auth, ErrorBody, HttpClient, HttpEngineConfig, Provider};
use super::{EngineAudio, EngineError, SpeechEngine, SynthesisRequest};

/// `input` may hold at most 4096 characters.
const MAX_CHARS: usize = 4096;

const PROVIDER: Provider = Provider { name: "OpenAI", auth: Auth::Bearer, parse_error };

pub struct OpenAiEngine {
    http: HttpClient,
}

#[derive(Serialize)]
struct SpeechRequest<'a> {
    model: &'a str,
    input: &'a str,
    voice: &'a str,
    response_format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    speed: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    instructions: Option<&'a str>,
}

impl OpenAiEngine {
    /// Longest text one request may carry (the provider table reads it).
    pub const MAX_CHUNK: usize = MAX_CHARS;

    pub fn new(config: HttpEngineConfig) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)? })
    }
}

#[async_trait]
impl SpeechEngine for OpenAiEngine {
    fn max_chunk(&self) -> usize {
        Self::MAX_CHUNK
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        let body = SpeechRequest {
            model: &self.http.config().model,
            input: &request.rendered(self.markup(&request.voice)),
            voice: &request.voice,
            response_format: "mp3",
            speed: request.rate,
            instructions: request.instructions.as_deref(),
        };
        let bytes = self.http.post_json("/v1/audio/speech", &body).await?;
        if bytes.is_empty() {
            return Err(self.http.invalid_audio());
        }
        Ok(EngineAudio::new(bytes, "mp3"))
    }
}

/// `{"error":{"message","type","param","code"}}`; a 429 with code `insufficient_quota`
/// means the account has no credit left, which no retry fixes.
fn parse_error(body: &str) -> ErrorBody {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(body) else {
        return ErrorBody::default();
    };
    let error = &json["error"];
    ErrorBody {
        message: error["message"].as_str().map(str::to_owned),
        retry_after: None,
        quota_exhausted: error["code"].as_str() == Some("insufficient_quota"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use wiremock::matchers::{body_partial_json, header, method, path};
    use wiremock::{Mock, MockBuilder, MockServer, ResponseTemplate};

    use super::*;
    use crate::engine::http::testing::*;
    use domain::chunks;

    /// The fake only answers requests in OpenAI's exact shape.
    fn speech_call(input: &str) -> MockBuilder {
        Mock::given(method("POST"))
            .and(path("/v1/audio/speech"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(body_partial_json(json!({
                "model": "test-model", "input": input, "voice": "test-voice", "response_format": "mp3"
            })))
    }

    fn error(status: u16, message: &str, code: &str) -> ResponseTemplate {
        ResponseTemplate::new(status).set_body_json(json!({
            "error": { "message": message, "type": "invalid_request_error", "param": null, "code": code }
        }))
    }

    async fn engine(server: &MockServer) -> OpenAiEngine {
        OpenAiEngine::new(config(server)).unwrap()
    }

    #[tokio::test]
    async fn returns_the_mp3_the_provider_sent() {
        let server = MockServer::start().await;
        let mp3 = mp3_tone(1.5);
        speech_call("Hallo Welt.")
            .respond_with(
                ResponseTemplate::new(200).insert_header("content-type", "audio/mpeg").set_body_bytes(mp3.clone()),
            )
            .expect(1)
            .mount(&server)
            .await;

        let audio = engine(&server).await.synthesize(&request("Hallo Welt.")).await.unwrap();

        assert_eq!(audio.bytes, mp3);
        assert_eq!(audio.extension, "mp3");
        let duration = audio::decode(&audio.bytes, audio.extension).unwrap().duration_seconds();
        assert!((duration - 1.5).abs() < 0.1, "duration {duration}");
        assert!(bodies(&server).await[0].get("speed").is_none(), "no rate, no speed");
    }

    #[tokio::test]
    async fn sends_the_rate_as_speed() {
        let server = MockServer::start().await;
        speech_call("Schnell.")
            .and(body_partial_json(json!({ "speed": 1.2 })))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3_tone(0.5)))
            .expect(1)
            .mount(&server)
            .await;
        let request = SynthesisRequest { rate: Some(1.2), ..request("Schnell.") };
        engine(&server).await.synthesize(&request).await.unwrap();
    }

    #[tokio::test]
    async fn long_texts_go_out_in_requests_within_the_limit() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3_tone(0.2)))
            .mount(&server)
            .await;
        let engine = engine(&server).await;
        let text = german_text(5000);

        for chunk in chunks::split(&text, engine.max_chunk(), engine.measure()) {
            engine.synthesize(&request(&chunk)).await.unwrap();
        }

        let inputs: Vec<String> =
            bodies(&server).await.iter().map(|b| b["input"].as_str().unwrap().to_owned()).collect();
        assert!(inputs.len() >= 2, "{} requests", inputs.len());
        assert!(inputs.iter().all(|i| i.chars().count() <= 4096));
        assert_eq!(inputs.join(" ").split_whitespace().count(), text.split_whitespace().count());
    }

    #[tokio::test]
    async fn retries_after_429_as_retry_after_says() {
        let too_many = error(429, "Rate limit reached", "rate_limit_exceeded");
        let audio = ResponseTemplate::new(200).set_body_bytes(mp3_tone(0.5));
        assert_retries_after_429(speech_call, |config| OpenAiEngine::new(config).unwrap(), too_many, audio).await;
    }

    /// OpenAI's error shape (`{"error": {"message", "code"}}`; a 429 is a rate limit
    /// unless its code says the quota is gone) and an empty answer, through the table
    /// every HTTP engine meets.
    #[tokio::test]
    async fn failures_are_transient_after_the_retries_or_permanent_at_once() {
        let rows = vec![
            Failure {
                answer: error(500, "The server had an error.", "server_error"),
                expect: Expect::Transient("OpenAI meldet einen Serverfehler (500): The server had an error."),
            },
            Failure {
                answer: error(401, "Incorrect API key provided: sk-xx.", "invalid_api_key"),
                expect: Expect::Permanent("OpenAI hat die Anfrage abgelehnt (401): Incorrect API key provided: sk-xx."),
            },
            Failure {
                answer: error(429, "You exceeded your current quota.", "insufficient_quota"),
                expect: Expect::Permanent(
                    "OpenAI: Das Kontingent ist aufgebraucht (429): You exceeded your current quota.",
                ),
            },
            Failure {
                answer: ResponseTemplate::new(200),
                expect: Expect::Permanent("OpenAI lieferte keine gültigen Audiodaten."),
            },
        ];
        assert_failures(speech_call, |server| OpenAiEngine::new(config(server)).unwrap(), rows).await;
    }
}
