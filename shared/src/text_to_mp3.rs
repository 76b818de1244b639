//! Text to one MP3 with any engine: split within the engine's limit, synthesize the
//! chunks with bounded concurrency (order kept), decode, trim and level each chunk, join
//! with a fixed pause, encode, measure.
//! Used by the worker for paid jobs and by the API for the live demo.

use futures::{StreamExt, TryStreamExt};

use crate::audio::{self, Mp3, Pcm};
use crate::cpu::CpuPool;
use crate::domain::dictionary::{self, Entry};
use crate::domain::markup;
use crate::domain::spoken::{self, Inline, Spoken};
use crate::engine::{EngineError, Markup, SpeechEngine, SynthesisRequest};

/// Pause between the chunks of one long text.
pub const SENTENCE_PAUSE_MS: u32 = 250;
/// Shortest audio accepted for one chunk of text.
const MIN_CHUNK_SECONDS: f64 = 0.05;

pub struct Speech<'a> {
    pub text: &'a str,
    /// The provider's voice name.
    pub voice: &'a str,
    pub language: &'a str,
    pub rate: Option<f32>,
    pub instructions: Option<&'a str>,
    /// The pronunciation dictionary of whoever asked (own entries before global ones).
    pub dictionary: &'a [Entry],
}

pub async fn render(engine: &dyn SpeechEngine, speech: Speech<'_>, concurrency: usize) -> Result<Mp3, EngineError> {
    render_while(engine, speech, concurrency, || async { true }).await
}

/// The text as engines should read it, in parts within the engine's limit, each with the
/// pause after it: the dictionary's terms as their entries say (with their IPA), numbers,
/// dates, money, abbreviations and the like written out in the voice's language
/// (`domain::normalize`), `*emphasis*` marked, so "1.234,56 €" or "z. B." sound right
/// whichever voice speaks. A `[pause 500ms]` marker becomes a pause inside the request
/// where the engine takes one (SSML `<break>`, Murf's `[pause]`), else the pause after
/// the part before it, made as silence by the audio path.
pub fn spoken_parts(
    text: &str,
    language: &str,
    dictionary: &[Entry],
    engine: &dyn SpeechEngine,
    voice: &str,
    max_chunk: usize,
) -> (Vec<Spoken>, Vec<u32>) {
    parts_for(text, language, dictionary, engine.markup(voice), engine.measure(), max_chunk)
}

/// [`spoken_parts`] on the process's bounded CPU pool. The dictionary and the normaliser
/// take time that grows with the text and the user's entries; on the async threads they
/// would hold up every other request of the process.
pub async fn plan(
    engine: &dyn SpeechEngine,
    speech: &Speech<'_>,
    max_chunk: usize,
) -> Result<(Vec<Spoken>, Vec<u32>), EngineError> {
    let (markup, measure) = (engine.markup(speech.voice), engine.measure());
    let (text, language, dictionary) = (speech.text.to_owned(), speech.language.to_owned(), speech.dictionary.to_vec());
    CpuPool::global()
        .run(move || parts_for(&text, &language, &dictionary, markup, measure, max_chunk))
        .await
        .map_err(|e| EngineError::Transient(format!("Textaufbereitung abgebrochen: {e}")))
}

fn parts_for(
    text: &str,
    language: &str,
    dictionary: &[Entry],
    markup: Markup,
    measure: fn(&str) -> usize,
    max_chunk: usize,
) -> (Vec<Spoken>, Vec<u32>) {
    let size = |s: &Spoken| measure(&markup.render(s, language));
    // A sentence too long for one request is cut in plain words: leave room for the
    // markup's wrapper and for escaping.
    let words_limit = (max_chunk.saturating_sub(size(&Spoken::default())) * 9 / 10).max(8);
    let (mut parts, mut pauses): (Vec<Spoken>, Vec<u32>) = (Vec::new(), Vec::new());
    let mut marked_pause = None;
    for segment in markup::segments(text) {
        let spoken = dictionary::speak(&segment.text, dictionary, language);
        let pieces = spoken::split(&spoken, max_chunk, &size, words_limit, measure);
        let count = pieces.len();
        for (i, piece) in pieces.into_iter().enumerate() {
            let last = i + 1 == count;
            let pause = if last && segment.pause_after_ms > 0 { segment.pause_after_ms } else { SENTENCE_PAUSE_MS };
            let inline = marked_pause.take().filter(|&ms| ms <= markup.max_break_ms()).and_then(|ms| {
                let joined = parts.last()?.clone().join(Inline::Break(ms), piece.clone());
                (size(&joined) <= max_chunk).then_some(joined)
            });
            match inline {
                Some(joined) => {
                    *parts.last_mut().expect("a part before the pause") = joined;
                    *pauses.last_mut().expect("a pause per part") = pause;
                }
                None => {
                    parts.push(piece);
                    pauses.push(pause);
                }
            }
            marked_pause = (last && segment.pause_after_ms > 0).then_some(segment.pause_after_ms);
        }
    }
    (parts, pauses)
}

/// Like [`render`], asking `still_wanted` before each chunk goes to the engine: once it
/// says no (the job was deleted), no further paid request is made.
pub async fn render_while<F, Fut>(
    engine: &dyn SpeechEngine,
    speech: Speech<'_>,
    concurrency: usize,
    still_wanted: F,
) -> Result<Mp3, EngineError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    let (parts, pauses) = plan(engine, &speech, engine.max_chunk()).await?;
    let pcm: Vec<Pcm> = chunk_audio(engine, &speech, parts, concurrency, &still_wanted).try_collect().await?;
    let track = audio::join_with_pauses(pcm, &pauses).map_err(|e| EngineError::Permanent(e.to_string()))?;
    // The pieces have the target loudness each; one more pass makes the whole exact.
    // Loudness and LAME are CPU work: keep them off the async threads.
    tokio::task::spawn_blocking(move || audio::finish(&audio::loudness::normalize(&track)))
        .await
        .map_err(|e| EngineError::Transient(format!("Kodierung abgebrochen: {e}")))?
        .map_err(|e| EngineError::Permanent(e.to_string()))
}

/// The audio of each text part, in order, up to `concurrency` requests at once.
pub fn chunk_audio<'a, F, Fut>(
    engine: &'a dyn SpeechEngine,
    speech: &'a Speech<'a>,
    parts: Vec<Spoken>,
    concurrency: usize,
    still_wanted: &'a F,
) -> impl futures::Stream<Item = Result<Pcm, EngineError>> + 'a
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool> + 'a,
{
    futures::stream::iter(parts)
        .map(move |input| {
            let request = SynthesisRequest {
                input,
                voice: speech.voice.to_owned(),
                language: speech.language.to_owned(),
                rate: speech.rate,
                instructions: speech.instructions.map(str::to_owned),
            };
            async move {
                if !still_wanted().await {
                    return Err(EngineError::Cancelled);
                }
                let audio = engine.synthesize(&request).await?;
                let pcm =
                    audio::decode(&audio.bytes, audio.extension).map_err(|e| EngineError::Permanent(e.to_string()))?;
                // A sentence shorter than this is not speech but a broken answer.
                if pcm.duration_seconds() < MIN_CHUNK_SECONDS {
                    return Err(EngineError::Permanent(
                        "Die Audiodaten des Sprachdienstes enthalten keine Sprache.".into(),
                    ));
                }
                // Every voice and engine at one loudness, trimmed edges, soft joins.
                tokio::task::spawn_blocking(move || audio::prepare_piece(&pcm))
                    .await
                    .map_err(|e| EngineError::Transient(format!("Aufbereitung abgebrochen: {e}")))
            }
        })
        .buffered(concurrency.max(1))
}

#[cfg(test)]
mod tests {
    use async_trait::async_trait;

    use super::*;
    use crate::audio::loudness::{TARGET_LUFS, TRUE_PEAK_CEILING_DBTP, measure};
    use crate::engine::{EngineAudio, LocalEngine};

    /// An engine that answers every chunk with speech-like sound at its own level, with
    /// half a second of silence on both sides (as some providers do).
    struct Leveled(f64);

    #[async_trait]
    impl SpeechEngine for Leveled {
        fn max_chunk(&self) -> usize {
            60
        }

        async fn synthesize(&self, _request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
            let rate = 24_000u32;
            let mut samples = vec![0i16; rate as usize / 2];
            samples.extend((0..rate as usize * 2).map(|i| {
                let t = i as f64 / rate as f64;
                let envelope = 0.55 - 0.45 * (std::f64::consts::TAU * 4.0 * t).cos();
                let wave: f64 = (1..=5).map(|k| (std::f64::consts::TAU * 150.0 * k as f64 * t).sin() / k as f64).sum();
                (wave * envelope * self.0).clamp(-32767.0, 32767.0) as i16
            }));
            samples.extend(vec![0i16; rate as usize / 2]);
            Ok(EngineAudio { bytes: audio::wav_from_pcm16(&audio::pcm16_bytes(&samples), rate), extension: "wav" })
        }
    }

    fn speech<'a>(text: &'a str, voice: &'a str) -> Speech<'a> {
        Speech { text, voice, language: "de-DE", rate: None, instructions: None, dictionary: &[] }
    }

    async fn loudness_of(engine: &dyn SpeechEngine, text: &str, voice: &str) -> (f64, f64) {
        let mp3 = render(engine, speech(text, voice), 2).await.unwrap();
        let m = measure(&audio::decode(&mp3.bytes, "mp3").unwrap()).unwrap();
        (m.integrated_lufs, m.true_peak_dbtp)
    }

    /// Quiet and loud engines and two eSpeak voices: every file ends within 1 LU of the
    /// target, and no sample (between samples included) above the ceiling, after MP3.
    #[tokio::test]
    async fn every_engine_and_voice_ends_at_one_loudness_under_the_ceiling() {
        let text = "Erster Satz für den Test. Zweiter Satz für den Test. Dritter Satz für den Test.";
        for level in [400.0, 4000.0, 30000.0] {
            let (lufs, peak) = loudness_of(&Leveled(level), text, "x").await;
            assert!((lufs - TARGET_LUFS).abs() <= 1.0, "level {level}: {lufs:.2} LUFS");
            assert!(peak <= TRUE_PEAK_CEILING_DBTP, "level {level}: {peak:.2} dBTP");
        }
        for voice in ["de+m3", "de+f2"] {
            let (lufs, peak) = loudness_of(&LocalEngine::default(), text, voice).await;
            assert!((lufs - TARGET_LUFS).abs() <= 1.0, "{voice}: {lufs:.2} LUFS");
            assert!(peak <= TRUE_PEAK_CEILING_DBTP, "{voice}: {peak:.2} dBTP");
        }
    }

    /// Engines that take a pause inline get it inside one request; the others get two
    /// requests and the pause as silence between them.
    #[test]
    fn a_pause_goes_inside_the_request_where_the_engine_takes_one() {
        let text = "Eins. [pause 700ms] Zwei. [pause 10s] [pause 2s] Drei.";
        let (parts, pauses) = spoken_parts(text, "de-DE", &[], &LocalEngine::default(), "de+m3", 2000);
        let plain: Vec<String> = parts.iter().map(Spoken::plain).collect();
        assert_eq!(plain, ["Eins. Zwei.", "Drei."], "a pause over eSpeak's 10 s is silence");
        assert_eq!(parts[0].inlines().iter().filter(|i| **i == Inline::Break(700)).count(), 1);
        assert_eq!(pauses[0], 12_000);

        let (parts, pauses) = spoken_parts(text, "de-DE", &[], &Leveled(1.0), "x", 60);
        let plain: Vec<String> = parts.iter().map(Spoken::plain).collect();
        assert_eq!(plain, ["Eins.", "Zwei.", "Drei."]);
        assert_eq!(pauses[..2], [700, 12_000]);
    }

    /// `[pause 1500ms]` is silence of that length, on every engine (the audio path makes it).
    #[tokio::test]
    async fn a_pause_marker_becomes_silence_of_its_length() {
        let mp3 = render(&Leveled(5000.0), speech("Eins. [pause 1500ms] Zwei.", "x"), 2).await.unwrap();
        let gap = audio::longest_quiet_seconds(&audio::decode(&mp3.bytes, "mp3").unwrap());
        assert!((1.5..1.6).contains(&gap), "gap {gap:.3} s");
    }

    /// A 5000-character text in many chunks: the engines' silence around each chunk is
    /// gone, so no quiet stretch is longer than the pause between sentences plus margins.
    #[tokio::test]
    async fn a_long_text_has_no_gap_longer_than_the_pause_at_its_joins() {
        let sentence = "Das ist ein Satz, der sich wiederholt. ";
        let text: String = sentence.repeat(5000 / sentence.len() + 1).chars().take(5000).collect();
        let mp3 = render(&Leveled(5000.0), speech(&text, "x"), 2).await.unwrap();
        let pcm = audio::decode(&mp3.bytes, "mp3").unwrap();
        let gap = audio::longest_quiet_seconds(&pcm);
        assert!(gap <= SENTENCE_PAUSE_MS as f64 / 1000.0 + 0.08, "longest quiet stretch {gap:.3} s");
        assert!(pcm.duration_seconds() > 100.0, "{}", pcm.duration_seconds());
    }
}
