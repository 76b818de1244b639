//! Gemini TTS (`POST /v1beta/models/{model}:generateContent` with an audio response):
//! JSON in, base64 raw PCM out, which we wrap in a WAV header.

use async_trait::async_trait;
use serde_json::{Value, json};

use super::http::{Auth, HttpClient, HttpEngineConfig, Provider, parse_google_error};
use super::{EngineAudio, EngineError, SpeechEngine, SynthesisRequest};

/// Gemini has no documented text limit per request, but its audio output ends after
/// roughly 8 minutes; 4000 characters stay well below that.
const MAX_CHARS: usize = 4000;
/// The rate Gemini speaks at, should the mime type not say.
const DEFAULT_SAMPLE_RATE: u32 = 24_000;

const PROVIDER: Provider =
    Provider { name: "Gemini", auth: Auth::Header("x-goog-api-key"), parse_error: parse_google_error };

pub struct GeminiEngine {
    http: HttpClient,
}

impl GeminiEngine {
    /// Longest text one request may carry (the provider table reads it).
    pub const MAX_CHUNK: usize = MAX_CHARS;

    pub fn new(config: HttpEngineConfig) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)? })
    }
}

#[async_trait]
impl SpeechEngine for GeminiEngine {
    fn max_chunk(&self) -> usize {
        Self::MAX_CHUNK
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        let body = json!({
            "contents": [{ "parts": [{ "text": request.rendered(self.markup(&request.voice)) }] }],
            "generationConfig": {
                "responseModalities": ["AUDIO"],
                "speechConfig": { "voiceConfig": { "prebuiltVoiceConfig": { "voiceName": request.voice } } }
            }
        });
        let path = format!("/v1beta/models/{}:generateContent", self.http.config().model);
        let response = self.http.post_json(&path, &body).await?;
        let response: Value = serde_json::from_slice(&response).map_err(|_| self.http.invalid_audio())?;
        let (data, mime_type) = inline_audio(&response).ok_or_else(|| self.http.invalid_audio())?;
        // Raw PCM has no header to check, so the announced type is all there is: anything
        // but 16-bit linear PCM would be turned into noise.
        if !is_pcm16(mime_type) {
            return Err(self.http.invalid_audio());
        }
        let pcm = self.http.decode_audio(data)?;
        let bytes = audio::wav_from_pcm16(&pcm, sample_rate(mime_type));
        Ok(EngineAudio::new(bytes, "wav"))
    }
}

/// The base64 data and mime type of the first inline audio part of the first candidate
/// (`candidates[0].content.parts[0].inlineData` in practice).
fn inline_audio(response: &Value) -> Option<(&str, &str)> {
    response["candidates"][0]["content"]["parts"].as_array()?.iter().find_map(|part| {
        let inline = &part["inlineData"];
        Some((inline["data"].as_str()?, inline["mimeType"].as_str().unwrap_or_default()))
    })
}

/// `audio/L16…` or `audio/pcm…`; a missing type is taken as Gemini's documented PCM.
fn is_pcm16(mime_type: &str) -> bool {
    let essence = mime_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence.is_empty() || essence == "audio/l16" || essence == "audio/pcm"
}

/// The `rate=` parameter of a mime type such as `audio/L16;codec=pcm;rate=24000`.
fn sample_rate(mime_type: &str) -> u32 {
    mime_type
        .split(';')
        .filter_map(|param| param.trim().strip_prefix("rate="))
        .find_map(|rate| rate.trim().parse().ok())
        .filter(|&rate| rate > 0)
        .unwrap_or(DEFAULT_SAMPLE_RATE)
}

#[cfg(test)]
mod tests {
    use wiremock::matchers::{body_partial_json, header, method, path};
    use wiremock::{Mock, MockBuilder, MockServer, ResponseTemplate};

    use super::*;
    use crate::engine::http::testing::*;
    use domain::chunks;

    /// The fake only answers requests in Gemini's exact shape.
    fn generate_call(text: &str) -> MockBuilder {
        Mock::given(method("POST"))
            .and(path("/v1beta/models/test-model:generateContent"))
            .and(header("x-goog-api-key", KEY))
            .and(body_partial_json(json!({
                "contents": [{ "parts": [{ "text": text }] }],
                "generationConfig": {
                    "responseModalities": ["AUDIO"],
                    "speechConfig": { "voiceConfig": { "prebuiltVoiceConfig": { "voiceName": "test-voice" } } }
                }
            })))
    }

    fn audio(data: &str, mime_type: &str) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(json!({
            "candidates": [{
                "content": { "role": "model", "parts": [{ "inlineData": { "mimeType": mime_type, "data": data } }] },
                "finishReason": "STOP",
                "index": 0
            }],
            "usageMetadata": { "promptTokenCount": 5, "candidatesTokenCount": 40, "totalTokenCount": 45 }
        }))
    }

    fn tone_response(seconds: f64) -> ResponseTemplate {
        audio(&base64(&pcm16_bytes(&tone(seconds, 24_000))), "audio/L16;codec=pcm;rate=24000")
    }

    fn error(code: u16, status: &str, message: &str, details: Value) -> ResponseTemplate {
        ResponseTemplate::new(code).set_body_json(json!({
            "error": { "code": code, "message": message, "status": status, "details": details }
        }))
    }

    async fn engine(server: &MockServer) -> GeminiEngine {
        GeminiEngine::new(config(server)).unwrap()
    }

    #[test]
    fn only_linear_pcm_is_accepted() {
        assert!(is_pcm16("audio/L16;codec=pcm;rate=24000"));
        assert!(is_pcm16("audio/l16; rate=24000; channels=1"));
        assert!(is_pcm16(""));
        assert!(!is_pcm16("audio/mpeg"));
        assert!(!is_pcm16("text/html"));
    }

    #[test]
    fn the_sample_rate_comes_from_the_mime_type() {
        assert_eq!(sample_rate("audio/L16;codec=pcm;rate=24000"), 24_000);
        assert_eq!(sample_rate("audio/l16; rate=16000; channels=1"), 16_000);
        assert_eq!(sample_rate("audio/L16;codec=pcm"), 24_000);
        assert_eq!(sample_rate("audio/L16;rate=abc"), 24_000);
    }

    #[tokio::test]
    async fn wraps_the_pcm_at_the_announced_rate() {
        let server = MockServer::start().await;
        // 16 kHz, not the usual 24 kHz: only a parsed rate gives the right duration.
        let pcm = pcm16_bytes(&tone(1.5, 16_000));
        generate_call("Guten Morgen!")
            .respond_with(audio(&base64(&pcm), "audio/L16;codec=pcm;rate=16000"))
            .expect(1)
            .mount(&server)
            .await;

        let audio = engine(&server).await.synthesize(&request("Guten Morgen!")).await.unwrap();

        assert_eq!(audio.extension, "wav");
        assert_eq!(&audio.bytes[44..], pcm.as_slice(), "the PCM as sent, after a 44-byte header");
        let decoded = audio::decode(&audio.bytes, audio.extension).unwrap();
        assert_eq!(decoded.sample_rate, 16_000);
        assert!((decoded.duration_seconds() - 1.5).abs() < 0.1, "duration {}", decoded.duration_seconds());
    }

    #[tokio::test]
    async fn retries_after_429_as_retry_info_says() {
        let server = MockServer::start().await;
        let details = json!([
            { "@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [] },
            { "@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "0s" }
        ]);
        generate_call("Hallo.")
            .respond_with(error(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota.", details))
            .up_to_n_times(1)
            .expect(1)
            .mount(&server)
            .await;
        generate_call("Hallo.").respond_with(tone_response(0.5)).expect(1).mount(&server).await;

        let engine = GeminiEngine::new(config_trusting_hints(&server)).unwrap();
        let audio = synthesize_following_hint(&engine).await;
        assert!(audio.bytes.len() > 44);
    }

    #[tokio::test]
    async fn long_texts_go_out_in_several_requests() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(tone_response(0.2)).mount(&server).await;
        let engine = engine(&server).await;
        let text = german_text(5000);

        for chunk in chunks::split(&text, engine.max_chunk(), engine.measure()) {
            engine.synthesize(&request(&chunk)).await.unwrap();
        }

        let texts: Vec<String> = bodies(&server)
            .await
            .iter()
            .map(|b| b["contents"][0]["parts"][0]["text"].as_str().unwrap().to_owned())
            .collect();
        assert!(texts.len() >= 2, "{} requests", texts.len());
        assert!(texts.iter().all(|t| t.chars().count() <= 4000));
        assert_eq!(texts.join(" ").split_whitespace().count(), text.split_whitespace().count());
    }

    /// Gemini's error shape and its answers without audio, through the table every HTTP
    /// engine meets.
    #[tokio::test]
    async fn failures_are_transient_after_the_retries_or_permanent_at_once() {
        let text_answer = json!({
            "candidates": [{ "content": { "parts": [{ "text": "Hallo!" }] }, "finishReason": "OTHER" }]
        });
        let rows = vec![
            Failure {
                answer: error(500, "INTERNAL", "An internal error has occurred.", json!([])),
                expect: Expect::Transient("Gemini meldet einen Serverfehler (500): An internal error has occurred."),
            },
            Failure {
                answer: error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", json!([])),
                expect: Expect::Permanent(
                    "Gemini hat die Anfrage abgelehnt (400): API key not valid. Please pass a valid API key.",
                ),
            },
            Failure {
                answer: audio("%%%", "audio/L16;rate=24000"),
                expect: Expect::Permanent("Gemini lieferte keine gültigen Audiodaten."),
            },
            Failure { answer: ResponseTemplate::new(200).set_body_json(text_answer), expect: Expect::NotAudio },
        ];
        assert_failures(generate_call, |server| GeminiEngine::new(config(server)).unwrap(), rows).await;
    }
}
