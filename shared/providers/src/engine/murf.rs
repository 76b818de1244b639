//! Murf AI (`POST /v1/speech/generate`): JSON in, base64 MP3 out, or a link to the file.

use std::collections::BTreeMap;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::http::{Auth, ErrorBody, HttpClient, HttpEngineConfig, Provider};
use super::{EngineAudio, EngineError, Markup, SpeechEngine, SynthesisRequest};
use domain::spoken::{Inline, Spoken};

/// Murf allows 3000 characters per request.
const MAX_CHARS: usize = 3000;
/// The product's speech rate when the user picked none.
const DEFAULT_RATE: f32 = 0.9;

const PROVIDER: Provider = Provider { name: "Murf", auth: Auth::Header("api-key"), parse_error };

pub struct MurfEngine {
    http: HttpClient,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GenerateRequest<'a> {
    text: &'a str,
    voice_id: &'a str,
    style: &'static str,
    rate: i32,
    format: &'static str,
    model_version: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    locale: Option<&'a str>,
    /// Audio inline instead of a link, and no copy kept at Murf.
    encode_as_base64: bool,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pronunciation_dictionary: BTreeMap<String, Pronunciation>,
}

/// How Murf says one word of the text: `{"type": "IPA", "pronunciation": "…"}`.
#[derive(Serialize, Debug, PartialEq, Eq)]
struct Pronunciation {
    r#type: &'static str,
    pronunciation: String,
}

/// The dictionary terms with an IPA spelling, keyed by the word as it stands in the text
/// (Murf matches single words, so terms spoken as several words keep their spelling).
fn pronunciations(spoken: &Spoken) -> BTreeMap<String, Pronunciation> {
    spoken
        .inlines()
        .iter()
        .filter_map(|inline| match inline {
            Inline::Term { spoken, ipa: Some(ipa) } if !spoken.contains(char::is_whitespace) => {
                Some((spoken.clone(), Pronunciation { r#type: "IPA", pronunciation: ipa.clone() }))
            }
            _ => None,
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GenerateResponse {
    encoded_audio: Option<String>,
    audio_file: Option<String>,
}

impl MurfEngine {
    /// Longest text one request may carry (the provider table reads it).
    pub const MAX_CHUNK: usize = MAX_CHARS;

    pub fn new(config: HttpEngineConfig) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)? })
    }

    /// The audio of a 2xx answer: inline if Murf sent it so, else downloaded from its link.
    async fn audio(&self, response: GenerateResponse) -> Result<Vec<u8>, EngineError> {
        if let Some(encoded) = response.encoded_audio.filter(|a| !a.trim().is_empty()) {
            return self.http.decode_audio(&encoded);
        }
        let url = response.audio_file.filter(|url| !url.trim().is_empty()).ok_or_else(|| self.http.invalid_audio())?;
        let bytes = self.http.download(&url).await?;
        if bytes.is_empty() {
            return Err(self.http.invalid_audio());
        }
        Ok(bytes)
    }
}

/// Murf's integer rate for the product's rate: the product offers 0.7-1.3 (1.0 = natural
/// speed, default 0.9), Murf takes a percentage change around 0 (-50..50), so
/// 0.9 -> -10 and 1.3 -> 30; anything beyond Murf's range is clamped.
fn murf_rate(rate: Option<f32>) -> i32 {
    ((rate.unwrap_or(DEFAULT_RATE) - 1.0) * 100.0).round().clamp(-50.0, 50.0) as i32
}

#[async_trait]
impl SpeechEngine for MurfEngine {
    fn max_chunk(&self) -> usize {
        Self::MAX_CHUNK
    }

    fn markup(&self, _voice: &str) -> Markup {
        Markup::Murf
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        let text = request.rendered(self.markup(&request.voice));
        let body = GenerateRequest {
            text: &text,
            voice_id: &request.voice,
            style: "Conversational",
            rate: murf_rate(request.rate),
            format: "MP3",
            model_version: &self.http.config().model,
            locale: Some(request.language.as_str()).filter(|l| !l.is_empty()),
            encode_as_base64: true,
            pronunciation_dictionary: pronunciations(&request.input),
        };
        let response = self.http.post_json("/v1/speech/generate", &body).await?;
        let response: GenerateResponse = serde_json::from_slice(&response).map_err(|_| self.http.invalid_audio())?;
        let bytes = self.audio(response).await?;
        Ok(EngineAudio::new(bytes, "mp3"))
    }
}

/// Murf's error bodies have no documented shape; a `message` or `errorMessage` string
/// is used when there is one, otherwise the caller quotes the raw text.
fn parse_error(body: &str) -> ErrorBody {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(body) else {
        return ErrorBody::default();
    };
    let message = ["message", "errorMessage"].iter().find_map(|field| json[field].as_str()).map(str::to_owned);
    ErrorBody { message, ..ErrorBody::default() }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use wiremock::matchers::{body_partial_json, header, method, path};
    use wiremock::{Mock, MockBuilder, MockServer, ResponseTemplate};

    use super::*;
    use crate::engine::http::testing::*;
    use domain::chunks;

    /// The fake only answers requests in Murf's exact shape (rate -10: the default 0.9).
    fn generate_call(text: &str) -> MockBuilder {
        Mock::given(method("POST")).and(path("/v1/speech/generate")).and(header("api-key", KEY)).and(body_partial_json(
            json!({
                "text": text, "voiceId": "test-voice", "style": "Conversational", "rate": -10,
                "format": "MP3", "modelVersion": "test-model", "locale": "de-DE", "encodeAsBase64": true
            }),
        ))
    }

    fn audio(bytes: &[u8]) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(json!({
            "audioFile": "", "encodedAudio": base64(bytes), "audioLengthInSeconds": 1.5,
            "consumedCharacterCount": 11, "remainingCharacterCount": 99989, "wordDurations": []
        }))
    }

    async fn engine(server: &MockServer) -> MurfEngine {
        MurfEngine::new(config(server)).unwrap()
    }

    #[test]
    fn rates_map_to_murf_percentages() {
        assert_eq!(murf_rate(None), -10);
        assert_eq!(murf_rate(Some(0.7)), -30);
        assert_eq!(murf_rate(Some(1.0)), 0);
        assert_eq!(murf_rate(Some(1.3)), 30);
        assert_eq!(murf_rate(Some(3.0)), 50);
        assert_eq!(murf_rate(Some(0.1)), -50);
    }

    #[test]
    fn error_messages_are_taken_from_either_field() {
        assert_eq!(parse_error(r#"{"errorMessage":"Invalid voice"}"#).message.as_deref(), Some("Invalid voice"));
        assert_eq!(parse_error(r#"{"message":"Bad"}"#).message.as_deref(), Some("Bad"));
        assert_eq!(parse_error("Bad Gateway").message, None);
    }

    #[tokio::test]
    async fn returns_the_decoded_mp3() {
        let server = MockServer::start().await;
        let mp3 = mp3_tone(1.5);
        generate_call("Hallo Welt.").respond_with(audio(&mp3)).expect(1).mount(&server).await;

        let audio = engine(&server).await.synthesize(&request("Hallo Welt.")).await.unwrap();

        assert_eq!(audio.bytes, mp3);
        let duration = audio::decode(&audio.bytes, audio.extension).unwrap().duration_seconds();
        assert!((duration - 1.5).abs() < 0.1, "duration {duration}");
    }

    #[tokio::test]
    async fn sends_the_chosen_rate() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/speech/generate"))
            .and(body_partial_json(json!({ "text": "Langsam.", "rate": -30 })))
            .respond_with(audio(&mp3_tone(0.5)))
            .expect(1)
            .mount(&server)
            .await;

        let request = SynthesisRequest { rate: Some(0.7), ..request("Langsam.") };
        engine(&server).await.synthesize(&request).await.unwrap();
    }

    /// Pauses in Murf's own syntax, phonetic spellings in its pronunciation dictionary.
    #[tokio::test]
    async fn sends_pauses_and_ipa_as_murf_takes_them() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/speech/generate"))
            .and(body_partial_json(json!({
                "text": "Die neue Schtimmwerk-App. [pause 0.7s] Jetzt & hier.",
                "pronunciationDictionary": { "Schtimmwerk": { "type": "IPA", "pronunciation": "ˈʃtɪmvɛʁk" } }
            })))
            .respond_with(audio(&mp3_tone(0.5)))
            .expect(1)
            .mount(&server)
            .await;

        engine(&server).await.synthesize(&marked_request()).await.unwrap();
    }

    #[tokio::test]
    async fn downloads_the_file_when_no_audio_is_inline() {
        let server = MockServer::start().await;
        let mp3 = mp3_tone(1.0);
        generate_call("Hallo.")
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "audioFile": format!("{}/files/speech.mp3", server.uri()), "audioLengthInSeconds": 1.0
            })))
            .expect(1)
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/files/speech.mp3"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3.clone()))
            .expect(1)
            .mount(&server)
            .await;

        let audio = engine(&server).await.synthesize(&request("Hallo.")).await.unwrap();

        assert_eq!(audio.bytes, mp3);
        let download = &server.received_requests().await.unwrap()[1];
        assert!(download.headers.get("api-key").is_none(), "the key stays with Murf's API");
    }

    #[tokio::test]
    async fn long_texts_go_out_in_requests_within_the_limit() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(audio(&mp3_tone(0.2))).mount(&server).await;
        let engine = engine(&server).await;
        let text = german_text(5000);

        for chunk in chunks::split(&text, engine.max_chunk(), engine.measure()) {
            engine.synthesize(&request(&chunk)).await.unwrap();
        }

        let texts: Vec<String> = bodies(&server).await.iter().map(|b| b["text"].as_str().unwrap().to_owned()).collect();
        assert!(texts.len() >= 2, "{} requests", texts.len());
        assert!(texts.iter().all(|t| t.chars().count() <= 3000));
        assert_eq!(texts.join(" ").split_whitespace().count(), text.split_whitespace().count());
    }

    #[tokio::test]
    async fn retries_after_429_as_retry_after_says() {
        let too_many =
            ResponseTemplate::new(429).set_body_json(json!({ "errorMessage": "Too many requests", "errorCode": 429 }));
        let build = |config| MurfEngine::new(config).unwrap();
        assert_retries_after_429(generate_call, build, too_many, audio(&mp3_tone(0.5))).await;
    }

    /// Murf's error shape (`errorMessage`, `errorCode`) and its answers without audio,
    /// through the table every HTTP engine meets.
    #[tokio::test]
    async fn failures_are_transient_after_the_retries_or_permanent_at_once() {
        let json = |status: u16, body: serde_json::Value| ResponseTemplate::new(status).set_body_json(body);
        let rows = vec![
            Failure {
                answer: json(503, json!({ "errorMessage": "Service temporarily unavailable" })),
                expect: Expect::Transient("Murf ist überlastet (503): Service temporarily unavailable"),
            },
            Failure {
                answer: json(401, json!({ "errorMessage": "Invalid api key", "errorCode": 401 })),
                expect: Expect::Permanent("Murf hat die Anfrage abgelehnt (401): Invalid api key"),
            },
            Failure {
                answer: ResponseTemplate::new(402).set_body_string("Payment Required"),
                expect: Expect::Permanent("Murf: Das Kontingent ist aufgebraucht (402): Payment Required"),
            },
            Failure {
                answer: json(200, json!({ "audioFile": "", "encodedAudio": "ä-kaputt" })),
                expect: Expect::Permanent("Murf lieferte keine gültigen Audiodaten."),
            },
            Failure {
                // Neither inline audio nor a link.
                answer: json(200, json!({ "audioFile": "", "encodedAudio": "" })),
                expect: Expect::Permanent("Murf lieferte keine gültigen Audiodaten."),
            },
        ];
        assert_failures(generate_call, |server| MurfEngine::new(config(server)).unwrap(), rows).await;
    }
}
