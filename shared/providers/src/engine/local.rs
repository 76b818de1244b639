//! The local engine: eSpeak NG, offline and always available. Voices are eSpeak voice
//! specs such as `de+m3` (language + variant), kept in the catalogue file. It speaks
//! through the library (`espeak`), which tells when each word and sentence starts.

use std::time::Duration;

use async_trait::async_trait;

use super::espeak::{self, Utterance, VoiceChoice};
use super::{EngineAudio, EngineError, EngineTiming, Markup, SpeechEngine, SynthesisRequest};

pub struct LocalEngine {
    timeout: Duration,
}

impl Default for LocalEngine {
    fn default() -> Self {
        Self { timeout: Duration::from_secs(120) }
    }
}

/// eSpeak's words per minute for a relative rate (1.0 = its default of 160).
fn words_per_minute(rate: Option<f32>) -> u32 {
    (160.0 * rate.unwrap_or(1.0).clamp(0.5, 2.0)).round() as u32
}

/// eSpeak's pitch parameter (0 - 100, 50 the voice's own) for a shift in semitones: about
/// four steps a semitone.
fn espeak_pitch(semitones: Option<i8>) -> u32 {
    (50 + 4 * semitones.unwrap_or(0) as i32).clamp(0, 100) as u32
}

fn valid_voice(voice: &str) -> bool {
    !voice.is_empty() && voice.chars().all(|c| c.is_ascii_alphanumeric() || "+-_".contains(c))
}

impl LocalEngine {
    /// Longest text one espeak-ng call takes (the provider table reads it).
    pub const MAX_CHUNK: usize = 2000;
}

#[async_trait]
impl SpeechEngine for LocalEngine {
    fn max_chunk(&self) -> usize {
        Self::MAX_CHUNK
    }

    fn markup(&self, _voice: &str) -> Markup {
        Markup::Espeak
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        if !valid_voice(&request.voice) {
            return Err(EngineError::Permanent(format!("Unbekannte lokale Stimme: {}", request.voice)));
        }
        let ssml = request.rendered(Markup::Espeak);
        let pitch = espeak_pitch(request.pitch);
        self.speak(&ssml, Voice::Spec(&request.voice), words_per_minute(request.rate), pitch).await
    }
}

/// Which eSpeak voice speaks: a stock spec (`de+m3`), or a voice file of our own (the
/// local clones), which eSpeak loads from the working directory.
pub(super) enum Voice<'a> {
    Spec(&'a str),
    File(&'a str),
}

impl LocalEngine {
    /// Speaks `ssml` (eSpeak's SSML input, `Markup::Espeak`) with the library, which also
    /// tells when each word and each sentence mark is spoken.
    pub(super) async fn speak(
        &self,
        ssml: &str,
        voice: Voice<'_>,
        words_per_minute: u32,
        pitch: u32,
    ) -> Result<EngineAudio, EngineError> {
        let voice = match voice {
            Voice::Spec(spec) => VoiceChoice::Spec(spec.to_owned()),
            Voice::File(definition) => VoiceChoice::File(voice_file(definition)?),
        };
        let utterance = Utterance { ssml: ssml.to_owned(), voice, words_per_minute, pitch };
        let spoken = tokio::time::timeout(self.timeout, espeak::speak(utterance))
            .await
            .map_err(|_| EngineError::Transient("eSpeak NG hat nicht rechtzeitig geantwortet.".into()))?;
        crate::engine::count_request("eSpeak NG", if spoken.is_ok() { "200" } else { "error" });
        let spoken = spoken.map_err(EngineError::Permanent)?;
        let timing = timing_of(ssml, &spoken);
        let bytes = audio::wav_from_pcm16(&audio::pcm16_bytes(&spoken.samples), spoken.sample_rate);
        Ok(EngineAudio { timing, ..EngineAudio::new(bytes, "wav") })
    }
}

/// Where a local clone's voice definition is kept for the library: named by its content,
/// so a voice is written once and never changes under a running request. eSpeak lowercases
/// the path and takes at most 59 bytes of it, so the folder is a short lowercase one.
fn voice_file(definition: &str) -> Result<std::path::PathBuf, EngineError> {
    use sha2::Digest;
    let failed = |e: std::io::Error| EngineError::Transient(format!("Stimmdatei nicht schreibbar: {e}"));
    let dir = std::path::Path::new("/tmp/stimmwerk-voices");
    let name = hex::encode(&sha2::Sha256::digest(definition.as_bytes())[..8]);
    let path = dir.join(&name);
    if !path.exists() {
        std::fs::create_dir_all(dir).map_err(failed)?;
        let partial = dir.join(format!("{name}.{}", std::process::id()));
        std::fs::write(&partial, definition).map_err(failed)?;
        std::fs::rename(&partial, &path).map_err(failed)?;
    }
    Ok(path)
}

/// The library's events as seconds: each word with its text (as the input spells it,
/// numbers already written out) and when it starts, and each sentence mark with the time
/// of the first word after it. eSpeak reports a `<mark>` only now and then (not after a
/// sentence's end), so marks are found by where their tags stand in the input instead.
fn timing_of(ssml: &str, spoken: &espeak::Spoken) -> EngineTiming {
    let seconds = |ms: u32| ms as f64 / 1000.0;
    let chars: Vec<char> = ssml.chars().collect();
    // (position in the input, text, seconds) of every word eSpeak spoke.
    let words: Vec<(usize, String, f64)> =
        spoken.words.iter().filter_map(|&(at, _, ms)| Some((at, word_at(&chars, at)?, seconds(ms)))).collect();
    let marks = mark_positions(ssml)
        .into_iter()
        .filter_map(|(n, at)| {
            // eSpeak may count the first word after a tag one character late.
            let word = words.iter().find(|(position, _, _)| *position + 2 >= at)?;
            Some((n, word.2))
        })
        .collect();
    EngineTiming { marks, words: words.into_iter().map(|(_, text, at)| (text, at)).collect() }
}

/// The whole word around character `at` (eSpeak's positions may land inside it).
fn word_at(chars: &[char], at: usize) -> Option<String> {
    let is_word = |c: &char| c.is_alphanumeric();
    let mut start = at.min(chars.len().checked_sub(1)?);
    while !is_word(&chars[start]) && start + 1 < chars.len() && chars[start] != '<' {
        start += 1;
    }
    while start > 0 && is_word(&chars[start - 1]) {
        start -= 1;
    }
    let end = start + chars[start..].iter().take_while(|c| is_word(c)).count();
    (end > start).then(|| chars[start..end].iter().collect())
}

/// Each `<mark name="n"/>` of the input: n, and the character position just after the tag.
fn mark_positions(ssml: &str) -> Vec<(u32, usize)> {
    let mut out = Vec::new();
    let mut rest = ssml;
    let mut offset = 0;
    while let Some(found) = rest.find("<mark name=\"") {
        let after_name = &rest[found + 12..];
        let Some(tag_end) = after_name.find("/>") else { break };
        let name = after_name[..tag_end].trim_end().trim_end_matches('"');
        let end_byte = found + 12 + tag_end + 2;
        if let Ok(n) = name.parse() {
            out.push((n, offset + rest[..end_byte].chars().count()));
        }
        offset += rest[..end_byte].chars().count();
        rest = &rest[end_byte..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::spoken::{Inline, Spoken};

    #[test]
    fn rate_maps_to_words_per_minute() {
        assert_eq!(words_per_minute(None), 160);
        assert_eq!(words_per_minute(Some(0.9)), 144);
        assert_eq!(words_per_minute(Some(10.0)), 320);
    }

    #[test]
    fn voice_specs_cannot_smuggle_arguments() {
        assert!(valid_voice("de+m3"));
        assert!(valid_voice("es-419+f2"));
        assert!(!valid_voice("-w /etc/passwd"));
        assert!(!valid_voice(""));
    }

    #[tokio::test]
    async fn speaks_german_to_decodable_audio() {
        let audio = LocalEngine::default()
            .synthesize(&SynthesisRequest::plain("Guten Tag, das ist ein Test.", "de+m3", "de-DE"))
            .await
            .unwrap();
        let pcm = audio::decode(&audio.bytes, audio.extension).unwrap();
        assert!(pcm.duration_seconds() > 0.5);
    }

    /// The recording analysis of the local clone engine, on real speech: eSpeak's male
    /// variant speaks lower than its female one.
    #[tokio::test]
    async fn the_voice_profile_tells_a_low_voice_from_a_high_one() {
        let text = "Guten Morgen. Heute sprechen wir über das Wetter in Berlin und die Pläne für das Wochenende.";
        let mut medians = Vec::new();
        for voice in ["de+m3", "de+f2"] {
            let request = SynthesisRequest::plain(text, voice, "de-DE");
            let audio = LocalEngine::default().synthesize(&request).await.unwrap();
            let pcm = audio::decode(&audio.bytes, audio.extension).unwrap();
            let profile = domain::voice_sample::profile(&pcm).unwrap();
            assert!((2.0..9.0).contains(&profile.syllables_per_second), "{voice}: {profile:?}");
            medians.push(profile.median_pitch_hz);
        }
        assert!(medians[0] < 150.0 && medians[1] > medians[0] * 1.3, "{medians:?}");
    }

    async fn speak(input: Spoken) -> audio::Pcm {
        let request = SynthesisRequest { input, ..SynthesisRequest::plain("", "de+m3", "de-DE") };
        let audio = LocalEngine::default().synthesize(&request).await.unwrap();
        audio::decode(&audio.bytes, audio.extension).unwrap()
    }

    /// Seconds of speech, eSpeak's silence at the edges left out.
    async fn seconds_of(input: Spoken) -> f64 {
        audio::trim_silence(&speak(input).await).duration_seconds()
    }

    /// eSpeak takes the pause inside the request and says a term by its phonemes.
    #[tokio::test]
    async fn espeak_honours_breaks_and_phonetic_spellings() {
        let words = || Spoken::text("Eins");
        let gap = audio::longest_quiet_seconds(&speak(words().join(Inline::Break(1500), words())).await);
        assert!((1.4..1.8).contains(&gap), "a 1.5 s break left {gap:.2} s of quiet");

        let term = |ipa: Option<&str>| {
            let mut spoken = Spoken::default();
            spoken.push(Inline::Term { spoken: "Donaudampfschifffahrtsgesellschaft".into(), ipa: ipa.map(Into::into) });
            spoken
        };
        let written = seconds_of(term(None)).await;
        let phonemes = seconds_of(term(Some("ʔa"))).await;
        assert!(phonemes < written / 4.0, "IPA 'ʔa' took {phonemes:.2} s, the written word {written:.2} s");
    }

    /// The library tells when each word is spoken, and each sentence mark is placed at the
    /// first word after it, in order.
    #[tokio::test]
    async fn words_and_sentence_marks_come_with_their_times() {
        let ssml = r#"<speak><mark name="0"/>Guten Morgen und willkommen. <mark name="1"/>Heute sprechen wir über Zeitmarken!</speak>"#;
        let audio = LocalEngine::default().speak(ssml, Voice::Spec("de+m3"), 160, 50).await.unwrap();
        let words: Vec<&str> = audio.timing.words.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(words, ["Guten", "Morgen", "und", "willkommen", "Heute", "sprechen", "wir", "über", "Zeitmarken"]);
        assert!(audio.timing.words.windows(2).all(|w| w[0].1 < w[1].1), "{:?}", audio.timing.words);
        let heute = audio.timing.words[4].1;
        assert_eq!(audio.timing.marks, vec![(0, 0.0), (1, heute)]);
    }
}
