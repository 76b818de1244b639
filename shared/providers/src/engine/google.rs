//! Google Cloud Text-to-Speech (`POST …/text:synthesize`): JSON in, base64 MP3 out.
//!
//! SSML voices go to `v1beta1`, the version that documents time points: the request
//! carries `"enableTimePointing": ["SSML_MARK"]`, and the answer, beside `audioContent`,
//! `"timepoints": [{"markName": "1", "timeSeconds": 2.35}]`, one per `<mark>` of the SSML,
//! seconds from the answer's start. Our marks stand before each sentence and are named by
//! its number, so each sentence starts where Google says (protobuf's JSON leaves out a
//! value of 0, so a mark without `timeSeconds` is at 0 s). Missing or garbled time points
//! cost the sentences their measured starts, never the audio. Chirp 3 HD voices take
//! plain text, so no marks: they stay on `v1`, without time points.
//!
//! No marks before each word: a `<mark name="123"/>` is 18 bytes, counted against the
//! 5000-byte limit, next to a German word of about 7 bytes with its space. With word
//! marks a request would carry less than a third of the text, so a text would need over
//! three times the requests and joins (each a cut in the speech's flow).

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::http::{Auth, HttpClient, HttpEngineConfig, Provider, parse_google_error};
use super::{EngineAudio, EngineError, EngineTiming, Markup, SpeechEngine, SynthesisRequest};
use domain::spoken::Inline;

/// Google allows 5000 bytes of text per request and cannot raise it; the margin keeps
/// us clear of it should Google count a little differently (e.g. after normalising).
const MAX_BYTES: usize = 4800;

const PROVIDER: Provider =
    Provider { name: "Google Cloud TTS", auth: Auth::Header("x-goog-api-key"), parse_error: parse_google_error };

pub struct GoogleEngine {
    http: HttpClient,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SynthesizeRequest<'a> {
    input: Input,
    voice: Voice<'a>,
    audio_config: AudioConfig,
    /// `["SSML_MARK"]` for SSML (v1beta1 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    enable_time_pointing: Option<[&'static str; 1]>,
}

/// Exactly one of the two.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Input {
    Text(String),
    Ssml(String),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Voice<'a> {
    language_code: &'a str,
    name: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AudioConfig {
    audio_encoding: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    speaking_rate: Option<f32>,
    /// Semitones, -20 - +20.
    #[serde(skip_serializing_if = "Option::is_none")]
    pitch: Option<f32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SynthesizeResponse {
    audio_content: String,
    /// Read leniently (`timepoints`): see [`marks_of`].
    #[serde(default)]
    timepoints: Option<serde_json::Value>,
}

/// The time points of `sent` sentence marks in Google's answer. An entry that is not a
/// time point of one of them is left out; [`EngineTiming::checked`] drops the lot when
/// their times contradict each other.
fn marks_of(timepoints: Option<serde_json::Value>, sent: &[u32]) -> EngineTiming {
    let Some(serde_json::Value::Array(points)) = timepoints else {
        return EngineTiming::default();
    };
    let marks = points
        .iter()
        .filter_map(|point| {
            let n: u32 = point.get("markName")?.as_str()?.parse().ok()?;
            let at = match point.get("timeSeconds") {
                None => 0.0,
                Some(seconds) => seconds.as_f64()?,
            };
            sent.contains(&n).then_some((n, at))
        })
        .collect();
    EngineTiming { marks, words: Vec::new() }.checked()
}

impl GoogleEngine {
    /// Longest text one request may carry (the provider table reads it).
    pub const MAX_CHUNK: usize = MAX_BYTES;

    pub fn new(config: HttpEngineConfig) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)? })
    }
}

#[async_trait]
impl SpeechEngine for GoogleEngine {
    fn max_chunk(&self) -> usize {
        Self::MAX_CHUNK
    }

    fn measure(&self) -> fn(&str) -> usize {
        domain::chunks::bytes
    }

    /// SSML for Neural2, WaveNet and Standard voices; whether Chirp 3 HD voices honour it
    /// is not documented, so they get plain words (and pauses as silence).
    fn markup(&self, voice: &str) -> Markup {
        if voice.contains("Chirp") { Markup::Plain } else { Markup::GoogleSsml }
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        let markup = self.markup(&request.voice);
        let text = request.rendered(markup);
        let ssml = markup == Markup::GoogleSsml;
        let body = SynthesizeRequest {
            input: if ssml { Input::Ssml(text) } else { Input::Text(text) },
            voice: Voice { language_code: &request.language, name: &request.voice },
            audio_config: AudioConfig {
                audio_encoding: "MP3",
                speaking_rate: request.rate,
                pitch: request.pitch.map(f32::from),
            },
            enable_time_pointing: ssml.then_some(["SSML_MARK"]),
        };
        let path = if ssml { "/v1beta1/text:synthesize" } else { "/v1/text:synthesize" };
        let response = self.http.post_json(path, &body).await?;
        let response: SynthesizeResponse = serde_json::from_slice(&response).map_err(|_| self.http.invalid_audio())?;
        let bytes = self.http.decode_audio(&response.audio_content)?;
        let sent: Vec<u32> = request
            .input
            .inlines()
            .iter()
            .filter_map(|inline| if let Inline::Mark(n) = inline { Some(*n) } else { None })
            .collect();
        let timing = if ssml { marks_of(response.timepoints, &sent) } else { EngineTiming::default() };
        if ssml && timing.marks.len() < sent.len() {
            tracing::warn!(sent = sent.len(), told = timing.marks.len(), "Google left sentence marks untimed");
        }
        Ok(EngineAudio { timing, ..EngineAudio::new(bytes, "mp3") })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use wiremock::matchers::{body_partial_json, header, method, path};
    use wiremock::{Mock, MockBuilder, MockServer, ResponseTemplate};

    use super::*;
    use crate::engine::http::testing::*;
    use domain::spoken::{self, Spoken};

    /// The fake only answers requests in Google's exact shape: SSML voices on v1beta1,
    /// asking for the time points of the marks.
    fn synthesize_call(text: &str) -> MockBuilder {
        Mock::given(method("POST")).and(path("/v1beta1/text:synthesize")).and(header("x-goog-api-key", KEY)).and(
            body_partial_json(json!({
                "input": { "ssml": format!("<speak>{text}</speak>") },
                "voice": { "languageCode": "de-DE", "name": "test-voice" },
                "audioConfig": { "audioEncoding": "MP3" },
                "enableTimePointing": ["SSML_MARK"]
            })),
        )
    }

    /// SSML with the break, the emphasis and the IPA of a dictionary entry.
    #[tokio::test]
    async fn sends_ssml_with_pauses_emphasis_and_ipa() {
        let server = MockServer::start().await;
        synthesize_call(r#"Die <emphasis level="strong">neue</emphasis> <phoneme alphabet="ipa" ph="ˈʃtɪmvɛʁk">Schtimmwerk</phoneme>-App.<break time="700ms"/>Jetzt &amp; hier."#)
            .respond_with(audio(&mp3_tone(0.5)))
            .expect(1)
            .mount(&server)
            .await;
        engine(&server).await.synthesize(&marked_request()).await.unwrap();
    }

    /// Chirp 3 HD voices get plain words (no marks), the pause left to the audio path, on
    /// the stable v1 without time points.
    #[tokio::test]
    async fn chirp_voices_get_plain_text_without_time_points() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/text:synthesize"))
            .and(body_partial_json(json!({ "input": { "text": "Die neue Schtimmwerk-App. Jetzt & hier." } })))
            .respond_with(audio(&mp3_tone(0.5)))
            .expect(1)
            .mount(&server)
            .await;
        let request = SynthesisRequest { voice: "de-DE-Chirp3-HD-Kore".into(), ..two_sentences() };
        let audio = engine(&server).await.synthesize(&request).await.unwrap();
        assert_eq!(audio.timing, EngineTiming::default());
        assert!(bodies(&server).await[0].get("enableTimePointing").is_none());
    }

    /// "Die neue Schtimmwerk-App. [pause 700ms] Jetzt & hier." as the planner hands it
    /// over: each sentence after its mark.
    fn two_sentences() -> SynthesisRequest {
        let request = marked_request();
        let mut inlines = vec![Inline::Mark(0)];
        for inline in request.input.inlines() {
            inlines.push(inline.clone());
            if matches!(inline, Inline::Break(_)) {
                inlines.push(Inline::Mark(1));
            }
        }
        let mut input = Spoken::default();
        inlines.into_iter().for_each(|inline| input.push(inline));
        SynthesisRequest { input, ..request }
    }

    fn timed_audio(bytes: &[u8], timepoints: serde_json::Value) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(json!({ "audioContent": base64(bytes), "timepoints": timepoints }))
    }

    /// Each sentence's mark goes out as `<mark name="n"/>`, and the time Google reports for
    /// it comes back as that sentence's start (a mark at 0 s comes without `timeSeconds`).
    #[tokio::test]
    async fn sentence_marks_go_out_in_the_ssml_and_their_time_points_come_back() {
        let server = MockServer::start().await;
        synthesize_call(r#"<mark name="0"/>Die <emphasis level="strong">neue</emphasis> <phoneme alphabet="ipa" ph="ˈʃtɪmvɛʁk">Schtimmwerk</phoneme>-App.<break time="700ms"/><mark name="1"/>Jetzt &amp; hier."#)
            .respond_with(timed_audio(&mp3_tone(2.0), json!([{ "markName": "0" }, { "markName": "1", "timeSeconds": 1.35 }])))
            .expect(1)
            .mount(&server)
            .await;
        let audio = engine(&server).await.synthesize(&two_sentences()).await.unwrap();
        assert_eq!(audio.timing, EngineTiming { marks: vec![(0, 0.0), (1, 1.35)], words: vec![] });
    }

    /// Time points are a bonus on paid audio: missing, garbled or self-contradicting ones
    /// leave the audio as it is and the sentences untimed (estimated later), never fail it.
    #[tokio::test]
    async fn missing_or_garbled_time_points_keep_the_audio_and_drop_only_the_times() {
        let cases = [
            (json!(null), vec![]),
            (json!("kaputt"), vec![]),
            (
                json!([{ "markName": "1", "timeSeconds": "bald" }, { "markName": "0", "timeSeconds": 0.1 }]),
                vec![(0, 0.1)],
            ),
            // Names we did not send, and sentence 1 before sentence 0: no times at all.
            (json!([{ "markName": "w7", "timeSeconds": 0.5 }, { "markName": "9", "timeSeconds": 0.5 }]), vec![]),
            (json!([{ "markName": "0", "timeSeconds": 1.5 }, { "markName": "1", "timeSeconds": 0.2 }]), vec![]),
            (json!([{ "markName": "0", "timeSeconds": -1.0 }, { "markName": "1", "timeSeconds": 0.2 }]), vec![]),
        ];
        for (timepoints, marks) in cases {
            let server = MockServer::start().await;
            let mp3 = mp3_tone(1.0);
            Mock::given(method("POST")).respond_with(timed_audio(&mp3, timepoints.clone())).mount(&server).await;
            let audio = engine(&server).await.synthesize(&two_sentences()).await.unwrap();
            assert_eq!(audio.bytes, mp3, "{timepoints}");
            assert_eq!(audio.timing.marks, marks, "{timepoints}");
        }
    }

    fn audio(bytes: &[u8]) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(json!({ "audioContent": base64(bytes) }))
    }

    fn error(code: u16, status: &str, message: &str) -> ResponseTemplate {
        ResponseTemplate::new(code).set_body_json(json!({
            "error": { "code": code, "message": message, "status": status, "details": [] }
        }))
    }

    async fn engine(server: &MockServer) -> GoogleEngine {
        GoogleEngine::new(config(server)).unwrap()
    }

    #[tokio::test]
    async fn returns_the_decoded_mp3() {
        let server = MockServer::start().await;
        let mp3 = mp3_tone(1.5);
        synthesize_call("Grüß Gott.").respond_with(audio(&mp3)).expect(1).mount(&server).await;

        let audio = engine(&server).await.synthesize(&request("Grüß Gott.")).await.unwrap();

        assert_eq!(audio.bytes, mp3);
        let duration = audio::decode(&audio.bytes, audio.extension).unwrap().duration_seconds();
        assert!((duration - 1.5).abs() < 0.1, "duration {duration}");
        assert!(bodies(&server).await[0]["audioConfig"].get("speakingRate").is_none());
    }

    #[tokio::test]
    async fn long_texts_go_out_in_requests_within_the_byte_limit() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(audio(&mp3_tone(0.2))).mount(&server).await;
        let engine = engine(&server).await;
        // 5000 characters of umlauts are well over 5000 bytes.
        let text = german_text(5000);
        assert!(text.len() > 5400);

        let markup = engine.markup("test-voice");
        let size = |s: &Spoken| (engine.measure())(&markup.render(s, "de-DE"));
        let (limit, measure) = (engine.max_chunk(), engine.measure());
        for input in spoken::split(&Spoken::text(text.clone()), limit, &size, limit * 9 / 10, measure) {
            engine.synthesize(&SynthesisRequest { input, ..request("") }).await.unwrap();
        }

        let ssml: Vec<String> =
            bodies(&server).await.iter().map(|b| b["input"]["ssml"].as_str().unwrap().to_owned()).collect();
        assert!(ssml.len() >= 2, "{} requests", ssml.len());
        assert!(ssml.iter().all(|t| t.len() <= 5000), "a request over 5000 bytes");
        let words: Vec<&str> = ssml.iter().map(|t| &t["<speak>".len()..t.len() - "</speak>".len()]).collect();
        assert_eq!(words.join(" ").split_whitespace().count(), text.split_whitespace().count());
    }

    #[tokio::test]
    async fn retries_after_429_as_retry_after_says() {
        let build = |config| GoogleEngine::new(config).unwrap();
        let too_many = error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.");
        assert_retries_after_429(synthesize_call, build, too_many, audio(&mp3_tone(0.5))).await;
    }

    /// Google's error shape (`{"error": {"code", "status", "message"}}`) and its answers
    /// without audio, through the table every HTTP engine meets.
    #[tokio::test]
    async fn failures_are_transient_after_the_retries_or_permanent_at_once() {
        let rows = vec![
            Failure {
                answer: error(500, "INTERNAL", "Internal error encountered."),
                expect: Expect::Transient(
                    "Google Cloud TTS meldet einen Serverfehler (500): Internal error encountered.",
                ),
            },
            Failure {
                answer: error(400, "INVALID_ARGUMENT", "Voice 'test-voice' does not exist."),
                expect: Expect::Permanent(
                    "Google Cloud TTS hat die Anfrage abgelehnt (400): Voice 'test-voice' does not exist.",
                ),
            },
            Failure {
                answer: ResponseTemplate::new(200).set_body_json(json!({ "audioContent": "kein base64!" })),
                expect: Expect::Permanent("Google Cloud TTS lieferte keine gültigen Audiodaten."),
            },
            Failure { answer: ResponseTemplate::new(200).set_body_json(json!({})), expect: Expect::NotAudio },
        ];
        assert_failures(synthesize_call, |server| GoogleEngine::new(config(server)).unwrap(), rows).await;
    }
}
