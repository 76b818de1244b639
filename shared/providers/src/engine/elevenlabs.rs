//! ElevenLabs: instant voice cloning (`POST /v1/voices/add`, multipart with every sample
//! as a `files` part) and speech with the voice it returns (`POST
//! /v1/text-to-speech/{voice_id}/with-timestamps`: JSON with the MP3 as `audio_base64`
//! and when each character of the text is spoken). The key goes in `xi-api-key`.
//!
//! The answer's `alignment` (of the text as sent; `normalized_alignment` of ElevenLabs'
//! own normalised reading) is `{characters: [..], character_start_times_seconds: [..],
//! character_end_times_seconds: [..]}`, one entry per character, seconds from the
//! answer's first sample; either may be `null`. From it come the words (runs of
//! non-whitespace) and each sentence's start (its first word after the sentence mark,
//! whose place in the text the rendering keeps).

use async_trait::async_trait;
use serde::{Deserialize, Serialize};

use super::cloner::{TrainingInput, TrainingStep, TrainingTarget, VoiceCloner};
use super::http::{Auth, ErrorBody, HttpClient, HttpEngineConfig, Provider};
use super::{EngineAudio, EngineError, EngineTiming, Markup};
use domain::clone_ref::CloneRef;
use domain::kinds::CloneEngineId;
use domain::spoken::Spoken;

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

/// The answer of `with-timestamps`. The alignments are read leniently: speech whose
/// times are missing or garbled is still speech (the sentences then get estimated starts).
#[derive(Deserialize)]
struct SpeechWithTimestamps {
    audio_base64: String,
    #[serde(default)]
    alignment: Option<serde_json::Value>,
    #[serde(default)]
    normalized_alignment: Option<serde_json::Value>,
}

/// One alignment: a character (ElevenLabs sends strings; usually one character each) and
/// when it starts.
#[derive(Deserialize)]
struct Alignment {
    characters: Vec<String>,
    character_start_times_seconds: Vec<f64>,
}

impl ElevenLabs {
    pub fn new(config: HttpEngineConfig) -> anyhow::Result<Self> {
        Ok(Self { http: HttpClient::new(config, PROVIDER)? })
    }

    fn model(&self) -> &str {
        let model = self.http.config().model.as_str();
        if model.is_empty() { DEFAULT_MODEL } else { model }
    }

    /// Speaks `input` with a cloned voice, with when each word and sentence is spoken.
    pub async fn speak(&self, voice_id: &str, input: &Spoken, language: &str) -> Result<EngineAudio, EngineError> {
        let (text, marks) = Markup::ElevenLabs.render_with_marks(input, language);
        let path = format!("/v1/text-to-speech/{voice_id}/with-timestamps?output_format={OUTPUT_FORMAT}");
        let body = self.http.post_json(&path, &SpeechRequest { text: &text, model_id: self.model() }).await?;
        let answer: SpeechWithTimestamps = serde_json::from_slice(&body).map_err(|_| self.http.invalid_audio())?;
        let bytes = self.http.decode_audio(&answer.audio_base64)?;
        let alignment = [answer.alignment, answer.normalized_alignment]
            .into_iter()
            .flatten()
            .find_map(|value| serde_json::from_value::<Alignment>(value).ok());
        let timing = alignment.map(|a| timing_of(&text, &marks, &a)).unwrap_or_default();
        if timing.words.is_empty() {
            tracing::warn!("ElevenLabs answered without a usable alignment; sentence starts are estimated");
        }
        Ok(EngineAudio { timing, ..EngineAudio::new(bytes, "mp3") })
    }
}

/// The words of a text as ElevenLabs' alignment and our rendering both see them: runs of
/// non-whitespace, each with its byte offset. The break tags we write
/// (`<break time="0.7s" />`) are no words, whether or not the alignment lists their
/// characters.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        // A tag up to its own `/>`: a "<break " the user typed swallows nothing after it.
        let tag = rest.strip_prefix("<break ").and_then(|tag| {
            let end = tag.find('>')?;
            (tag[..end].ends_with('/') && !tag[..end].contains('<')).then_some("<break ".len() + end + 1)
        });
        let c = rest.chars().next().expect("inside the text");
        if tag.is_some() || c.is_whitespace() {
            if let Some(begin) = start.take() {
                out.push((begin, &text[begin..at]));
            }
            at += tag.unwrap_or(c.len_utf8());
            continue;
        }
        start.get_or_insert(at);
        at += c.len_utf8();
    }
    if let Some(begin) = start {
        out.push((begin, &text[begin..]));
    }
    out
}

/// The words and sentence starts of `text` (sent with its sentence `marks` at these byte
/// offsets) from ElevenLabs' character alignment. The words are ours, timed by the
/// alignment's word at the same place; when the alignment has a different number of
/// words, nothing is paired (wrong times are worse than estimated ones). So a provider's
/// answer never adds a word we did not send.
fn timing_of(text: &str, marks: &[(u32, usize)], alignment: &Alignment) -> EngineTiming {
    let Alignment { characters, character_start_times_seconds: starts } = alignment;
    if characters.len() != starts.len() {
        return EngineTiming::default();
    }
    // The alignment's characters as one text, with where each one begins in it.
    let mut heard = String::new();
    let mut begins = Vec::with_capacity(characters.len());
    for character in characters {
        begins.push(heard.len());
        heard.push_str(character);
    }
    let heard_words = words(&heard);
    let sent_words = words(text);
    if heard_words.len() != sent_words.len() {
        return EngineTiming::default();
    }
    let time_at = |byte: usize| starts[begins.partition_point(|&b| b <= byte).saturating_sub(1)];
    let times: Vec<f64> = heard_words.iter().map(|&(at, _)| time_at(at)).collect();
    let marks = marks
        .iter()
        .filter_map(|&(n, offset)| {
            let first = sent_words.iter().position(|&(at, _)| at >= offset)?;
            Some((n, times[first]))
        })
        .collect();
    // The word as a reader finds it in the sentence: without the punctuation around it.
    let words = sent_words
        .iter()
        .zip(&times)
        .map(|(&(_, word), &at)| (word.trim_matches(|c: char| !c.is_alphanumeric()).to_owned(), at))
        .filter(|(word, _)| !word.is_empty())
        .collect();
    EngineTiming { marks, words }.checked()
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
    use crate::engine::http::testing::{KEY, base64, config, mp3_tone, tone};
    use domain::spoken::Inline;

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

    /// ElevenLabs' alignment of `text`: one entry per character, each `step` seconds after
    /// the one before.
    fn alignment(text: &str, step: f64) -> serde_json::Value {
        let characters: Vec<String> = text.chars().map(String::from).collect();
        let starts: Vec<f64> = (0..characters.len()).map(|i| i as f64 * step).collect();
        let ends: Vec<f64> = starts.iter().map(|s| s + step).collect();
        serde_json::json!({
            "characters": characters,
            "character_start_times_seconds": starts,
            "character_end_times_seconds": ends
        })
    }

    fn timed(mp3: &[u8], alignment: serde_json::Value, normalized: serde_json::Value) -> ResponseTemplate {
        ResponseTemplate::new(200).set_body_json(serde_json::json!({
            "audio_base64": base64(mp3), "alignment": alignment, "normalized_alignment": normalized
        }))
    }

    /// "Guten Tag. [pause 700ms] Wie geht's?" as the planner hands it over: each sentence
    /// after its mark.
    fn two_sentences() -> Spoken {
        let mut first = Spoken::default();
        first.push(Inline::Mark(0));
        first.push(Inline::Text("Guten Tag.".into()));
        let mut second = Spoken::default();
        second.push(Inline::Mark(1));
        second.push(Inline::Text("Wie geht's?".into()));
        first.join(Inline::Break(700), second)
    }

    const SENT: &str = r#"Guten Tag. <break time="0.7s" /> Wie geht's?"#;

    /// Our break tags are no words; a "<break" the user typed is one, and takes no
    /// words after it along.
    #[test]
    fn words_are_runs_of_non_whitespace_without_our_break_tags() {
        let text = r#"Eins <break time="0.7s" /> zwei <break drei. vier<break time="1s" />fünf"#;
        let found: Vec<&str> = words(text).into_iter().map(|(_, word)| word).collect();
        assert_eq!(found, ["Eins", "zwei", "<break", "drei.", "vier", "fünf"]);
    }

    #[tokio::test]
    async fn speech_with_a_clone_asks_for_timestamps_with_text_and_model_and_returns_mp3() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(path("/v1/text-to-speech/abc123/with-timestamps"))
            .and(query_param("output_format", "mp3_44100_128"))
            .and(body_partial_json(serde_json::json!({"text": "Hallo Welt.", "model_id": "test-model"})))
            .respond_with(timed(&mp3_tone(0.5), alignment("Hallo Welt.", 0.04), serde_json::Value::Null))
            .expect(1)
            .mount(&server)
            .await;
        let engine = ElevenLabs::new(config(&server)).unwrap();
        let audio = engine.speak("abc123", &Spoken::text("Hallo Welt."), "de-DE").await.unwrap();
        assert_eq!(audio.extension, "mp3");
        assert!(audio::decode(&audio.bytes, "mp3").unwrap().duration_seconds() > 0.3);
        assert_eq!(audio.timing.words, [("Hallo".to_owned(), 0.0), ("Welt".to_owned(), 0.24)]);
    }

    /// Words come from the character alignment (their first character's start), and each
    /// sentence starts with its first word, whether or not ElevenLabs lists the characters
    /// of the break tag in its alignment.
    #[tokio::test]
    async fn words_and_sentence_starts_come_from_the_character_alignment() {
        let without_tag = SENT.replace(r#"<break time="0.7s" /> "#, "");
        for (heard, wie) in [(SENT.to_owned(), 1.65), (without_tag, 0.55)] {
            let server = MockServer::start().await;
            Mock::given(method("POST"))
                .and(path("/v1/text-to-speech/abc123/with-timestamps"))
                .and(body_partial_json(serde_json::json!({ "text": SENT })))
                .respond_with(timed(&mp3_tone(1.0), alignment(&heard, 0.05), serde_json::Value::Null))
                .expect(1)
                .mount(&server)
                .await;
            let engine = ElevenLabs::new(config(&server)).unwrap();
            let timing = engine.speak("abc123", &two_sentences(), "de-DE").await.unwrap().timing;
            let words: Vec<(&str, f64)> = timing.words.iter().map(|(w, at)| (w.as_str(), *at)).collect();
            let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
            let expected = [("Guten", 0.0), ("Tag", 0.3), ("Wie", wie), ("geht's", wie + 0.2)];
            assert_eq!(words.len(), 4, "{heard}: {words:?}");
            assert!(words.iter().zip(expected).all(|(a, b)| a.0 == b.0 && close(a.1, b.1)), "{heard}: {words:?}");
            assert_eq!(timing.marks.len(), 2);
            assert!(close(timing.marks[0].1, 0.0) && close(timing.marks[1].1, wie), "{:?}", timing.marks);
        }
    }

    /// Timestamps are a bonus on paid audio: an alignment that is missing, does not fit the
    /// text or runs backwards leaves the audio as it is, without times (the sentences get
    /// estimated starts later); `normalized_alignment` stands in when `alignment` is unusable.
    #[tokio::test]
    async fn an_alignment_that_is_missing_or_does_not_fit_keeps_the_audio_without_times() {
        let null = serde_json::Value::Null;
        let mut backwards = alignment(SENT, 0.05);
        backwards["character_start_times_seconds"][33] = serde_json::json!(0.01);
        let mut short = alignment(SENT, 0.05);
        short["character_start_times_seconds"].as_array_mut().unwrap().pop();
        let cases = [
            (null.clone(), null.clone(), false),
            (serde_json::json!("kaputt"), null.clone(), false),
            (short, null.clone(), false),
            (alignment("Guten Tag. Wie geht es Ihnen?", 0.05), null.clone(), false),
            (backwards, null.clone(), false),
            (serde_json::json!({"characters": []}), alignment(SENT, 0.05), true),
        ];
        for (given, normalized, timed_words) in cases {
            let server = MockServer::start().await;
            let mp3 = mp3_tone(1.0);
            Mock::given(method("POST")).respond_with(timed(&mp3, given.clone(), normalized)).mount(&server).await;
            let engine = ElevenLabs::new(config(&server)).unwrap();
            let audio = engine.speak("abc123", &two_sentences(), "de-DE").await.unwrap();
            assert_eq!(audio.bytes, mp3, "{given}");
            assert_eq!(!audio.timing.words.is_empty(), timed_words, "{given}: {:?}", audio.timing);
            assert_eq!(!audio.timing.marks.is_empty(), timed_words, "{given}: {:?}", audio.timing);
        }
    }

    /// An answer that is not the JSON of `with-timestamps` (say, bare MP3 bytes) carries no
    /// audio we can trust: the request failed, and retrying brings the same.
    #[tokio::test]
    async fn an_answer_without_base64_audio_is_a_permanent_failure() {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(mp3_tone(0.5)))
            .mount(&server)
            .await;
        let error = ElevenLabs::new(config(&server)).unwrap().speak("abc123", &two_sentences(), "de-DE").await;
        assert!(
            matches!(&error, Err(EngineError::Permanent(m)) if m == "ElevenLabs lieferte keine gültigen Audiodaten.")
        );
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
