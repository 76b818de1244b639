//! Text to one MP3 with any engine: split within the engine's limit, synthesize the
//! chunks with bounded concurrency (order kept), decode, trim and level each chunk, join
//! with a fixed pause, encode, measure; and when each sentence is spoken (`timeline`).
//! Used by the worker for paid jobs and by the API for the live demo.

use futures::StreamExt;

use crate::audio::{self, Mp3, Mp3Stream};
use crate::cpu::CpuPool;
use crate::domain::dictionary::{self, Entry};
use crate::domain::spoken::{self, Inline, Spoken};
use crate::domain::timed_text::TimedText;
use crate::domain::{chunks, markup, sentences, speech_budget};
use crate::engine::{EngineError, Markup, SpeechEngine, SynthesisRequest};
pub use crate::timeline::{Part, Piece, Plan, Timeline};

/// Pause between the chunks of one long text.
pub const SENTENCE_PAUSE_MS: u32 = 250;
/// Silence after the last sound of every file: it never ends mid-sound, and a player's
/// last buffer holds no speech.
pub const TAIL_MS: u32 = 100;
/// Shortest audio accepted for one chunk of text.
const MIN_CHUNK_SECONDS: f64 = 0.05;

pub struct Speech<'a> {
    pub text: &'a str,
    /// The provider's voice name.
    pub voice: &'a str,
    pub language: &'a str,
    pub rate: Option<f32>,
    /// Semitones, where the engine takes a pitch (a project paragraph's delivery).
    pub pitch: Option<i8>,
    pub instructions: Option<&'a str>,
    /// The pronunciation dictionary of whoever asked (own entries before global ones).
    pub dictionary: &'a [Entry],
}

/// One finished audio and when each of its sentences is spoken.
pub struct Rendered {
    pub mp3: Mp3,
    pub timed_text: TimedText,
}

pub async fn render(
    engine: &dyn SpeechEngine,
    speech: Speech<'_>,
    concurrency: usize,
) -> Result<Rendered, EngineError> {
    render_while(engine, speech, concurrency, || async { true }).await
}

/// The text as engines should read it: its sentences as written (for the timed text),
/// and the requests that speak them, each within the engine's limit with the pause after
/// it. The dictionary's terms as their entries say (with their IPA), numbers, dates,
/// money, abbreviations and the like written out in the voice's language
/// (`domain::normalize`), `*emphasis*` marked, so "1.234,56 €" or "z. B." sound right
/// whichever voice speaks. A `[pause 500ms]` marker becomes a pause inside the request
/// where the engine takes one (SSML `<break>`, Murf's `[pause]`), else the pause after
/// the part before it, made as silence by the audio path. Each sentence starts with a
/// mark, so engines that report marks tell when it is spoken.
pub fn spoken_parts(
    text: &str,
    language: &str,
    dictionary: &[Entry],
    engine: &dyn SpeechEngine,
    voice: &str,
    max_chunk: usize,
) -> Plan {
    parts_for(text, language, dictionary, engine.markup(voice), engine.measure(), max_chunk)
}

/// [`spoken_parts`] on the process's bounded CPU pool. The dictionary and the normaliser
/// take time that grows with the text and the user's entries; on the async threads they
/// would hold up every other request of the process.
pub async fn plan(engine: &dyn SpeechEngine, speech: &Speech<'_>, max_chunk: usize) -> Result<Plan, EngineError> {
    let (markup, measure) = (engine.markup(speech.voice), engine.measure());
    let (text, language, dictionary) = (speech.text.to_owned(), speech.language.to_owned(), speech.dictionary.to_vec());
    CpuPool::global()
        .run(move || parts_for(&text, &language, &dictionary, markup, measure, max_chunk))
        .await
        .map_err(|e| EngineError::Transient(format!("Textaufbereitung abgebrochen: {e}")))
}

/// Builds the plan one written sentence at a time, packing whole sentences into a
/// request while they fit.
struct Packer<'a> {
    plan: Plan,
    current: Option<Part>,
    size: &'a dyn Fn(&Spoken) -> usize,
    max_chunk: usize,
}

impl Packer<'_> {
    fn add_sentence(&mut self, index: usize, spoken: Spoken, words_limit: usize, measure: fn(&str) -> usize) {
        let mut marked = Spoken::default();
        marked.push(Inline::Mark(index as u32));
        let marked = marked.join(Inline::Text(String::new()), spoken.clone());
        let weight = spoken.plain().chars().count().max(1);
        if (self.size)(&marked) > self.max_chunk {
            // Too long for one request: cut in words, each piece its own part.
            self.flush(SENTENCE_PAUSE_MS);
            for (i, words) in chunks::split(&spoken.plain(), words_limit, measure).into_iter().enumerate() {
                let mut piece = Spoken::default();
                if i == 0 {
                    piece.push(Inline::Mark(index as u32));
                }
                piece.push(Inline::Text(words.clone()));
                let part = Part::new(piece, index, i == 0, words.chars().count());
                self.plan.parts.push(Part { pause_after_ms: SENTENCE_PAUSE_MS, ..part });
            }
            return;
        }
        if let Some(current) = self.current.as_mut() {
            let joined = current.spoken.clone().join(Inline::Text(" ".into()), marked.clone());
            if (self.size)(&joined) <= self.max_chunk {
                current.spoken = joined;
                current.sentences.end = index + 1;
                current.weights.push(weight);
                return;
            }
            self.flush(SENTENCE_PAUSE_MS);
        }
        self.current = Some(Part::new(marked, index, true, weight));
    }

    fn flush(&mut self, pause_after_ms: u32) {
        if let Some(part) = self.current.take() {
            self.plan.parts.push(Part { pause_after_ms, ..part });
        }
    }

    /// A marked pause the engine takes inline: the next request goes into the one before,
    /// after a break, when both fit one request.
    fn join_after_break(&mut self, ms: u32) -> bool {
        let (Some(last), Some(next)) = (self.plan.parts.last(), self.current.as_ref()) else { return false };
        let joined = last.spoken.clone().join(Inline::Break(ms), next.spoken.clone());
        if (self.size)(&joined) > self.max_chunk || last.sentences.end != next.sentences.start {
            return false;
        }
        let next = self.current.take().expect("checked above");
        let last = self.plan.parts.last_mut().expect("checked above");
        last.spoken = joined;
        last.sentences.end = next.sentences.end;
        last.weights.extend(next.weights);
        self.current = Some(self.plan.parts.pop().expect("checked above"));
        true
    }
}

fn parts_for(
    text: &str,
    language: &str,
    dictionary: &[Entry],
    markup: Markup,
    measure: fn(&str) -> usize,
    max_chunk: usize,
) -> Plan {
    let size = |s: &Spoken| measure(&markup.render(s, language));
    // A sentence too long for one request is cut in plain words: leave room for the
    // markup's wrapper and for escaping.
    let words_limit = (max_chunk.saturating_sub(size(&Spoken::default())) * 9 / 10).max(8);
    let mut packer = Packer { plan: Plan::default(), current: None, size: &size, max_chunk };
    let mut marked_pause: Option<u32> = None;
    for segment in markup::segments(text) {
        let mut first = true;
        for sentence in written_sentences(&segment.text, dictionary, language) {
            let index = packer.plan.sentences.len();
            packer.plan.sentences.push(written(sentence));
            packer.add_sentence(index, dictionary::speak(sentence, dictionary, language), words_limit, measure);
            if std::mem::take(&mut first)
                && let Some(ms) = marked_pause.take().filter(|&ms| ms <= markup.max_break_ms())
            {
                packer.join_after_break(ms);
            }
        }
        let pause = if segment.pause_after_ms > 0 { segment.pause_after_ms } else { SENTENCE_PAUSE_MS };
        packer.flush(pause);
        if let Some(last) = packer.plan.parts.last_mut() {
            last.pause_after_ms = pause;
        }
        marked_pause = (segment.pause_after_ms > 0).then_some(segment.pause_after_ms);
    }
    packer.plan
}

/// The written sentences of a segment, cut where the reading ends them
/// (`domain::sentences`). Each sentence is then read on its own, with its context.
fn written_sentences<'t>(text: &'t str, dictionary: &[Entry], language: &str) -> Vec<&'t str> {
    sentences::written(text, &dictionary::apply(text, dictionary, language).changes)
}

/// A sentence as subtitles show it: without the stars of `*emphasis*`.
fn written(sentence: &str) -> String {
    let mut out = String::with_capacity(sentence.len());
    let mut at = 0;
    for (whole, inner) in spoken::emphases(sentence) {
        out.push_str(&sentence[at..whole.start]);
        out.push_str(&sentence[inner]);
        at = whole.end;
    }
    out.push_str(&sentence[at..]);
    out
}

/// Like [`render`], asking `still_wanted` before each chunk goes to the engine: once it
/// says no (the job was deleted), no further paid request is made.
pub async fn render_while<F, Fut>(
    engine: &dyn SpeechEngine,
    speech: Speech<'_>,
    concurrency: usize,
    still_wanted: F,
) -> Result<Rendered, EngineError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    let plan = plan(engine, &speech, engine.max_chunk()).await?;
    render_plan(engine, &speech, &plan, concurrency, still_wanted).await
}

/// Speaks a plan made by [`plan`]: each part's audio is placed, encoded and dropped as
/// it arrives ([`Assembly`]), so no whole track is ever held as PCM.
pub async fn render_plan<F, Fut>(
    engine: &dyn SpeechEngine,
    speech: &Speech<'_>,
    plan: &Plan,
    concurrency: usize,
    still_wanted: F,
) -> Result<Rendered, EngineError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    let mut assembly = Assembly::new(plan);
    let mut pieces = std::pin::pin!(chunk_audio(engine, speech, plan.parts.clone(), concurrency, &still_wanted));
    while let Some(piece) = pieces.next().await {
        assembly.add(piece?).await?;
    }
    let finished = assembly.finish().await?;
    Ok(Rendered {
        mp3: Mp3 { bytes: finished.mp3, duration_seconds: finished.duration_seconds },
        timed_text: finished.timed_text,
    })
}

/// Refuses to speak a plan longer than what was charged allows (`cost_cent`): the
/// dictionary may have grown since the price was set, and a paid character is never
/// spoken as more than `speech_budget::SPOKEN_PER_PAID_CHAR`.
pub fn check_paid(plan: &Plan, cost_cent: i64) -> Result<(), EngineError> {
    let allowed = speech_budget::spoken_allowance(cost_cent);
    let spoken = plan.spoken_chars();
    if spoken > allowed {
        return Err(EngineError::Permanent(format!(
            "Mit dem aktuellen Aussprache-Wörterbuch würde der Text {spoken} Zeichen lang gesprochen, bezahlt sind höchstens {allowed}. Bitte senden Sie ihn neu"
        )));
    }
    Ok(())
}

/// [`check_paid`] for the plans of one job's parts together (a paragraph read by several
/// voices): their spoken characters count against one payment.
pub fn check_paid_all<'p>(plans: impl IntoIterator<Item = &'p Plan>, cost_cent: i64) -> Result<(), EngineError> {
    let merged = Plan { sentences: Vec::new(), parts: plans.into_iter().flat_map(|p| p.parts.clone()).collect() };
    check_paid(&merged, cost_cent)
}

/// The audios of one text's parts, each read by its voice, as one MP3: their frames
/// copied one after another (each part ends in its silent tail), the later ones brought
/// to the first one's sample rate, and their sentences moved to where they now start,
/// each marked with the voice that speaks it.
pub async fn join_voices(parts: Vec<(Rendered, uuid::Uuid)>) -> Result<Rendered, EngineError> {
    CpuPool::global()
        .run(move || {
            let failed =
                |e: audio::AudioError| EngineError::Permanent(format!("Die Teile ließen sich nicht verbinden: {e}"));
            let (mut bytes, mut samples, mut rate) = (Vec::new(), 0u64, None::<u32>);
            let mut timed = Vec::with_capacity(parts.len());
            for (part, voice_id) in parts {
                let (frames, later) = match rate {
                    Some(rate) => audio::frames::at_rate(&part.mp3.bytes, rate).map_err(failed)?,
                    None => (audio::frames::of(&part.mp3.bytes).map_err(failed)?, 0.0),
                };
                let rate = *rate.get_or_insert(frames.sample_rate);
                let offset_ms = (samples * 1000 / rate as u64) as u32 + (later * 1000.0).round() as u32;
                timed.push((offset_ms, part.timed_text.spoken_by(voice_id)));
                bytes.extend_from_slice(&frames.bytes);
                samples += frames.samples;
            }
            let rate = rate.ok_or_else(|| EngineError::Permanent("Der Absatz hat keine Teile.".into()))?;
            let duration_seconds = samples as f64 / rate as f64;
            Ok(Rendered { mp3: Mp3 { bytes, duration_seconds }, timed_text: TimedText::concat(timed) })
        })
        .await
        .map_err(|e| EngineError::Transient(e.to_string()))?
}

/// One track made part by part in text order: each piece placed after its pause on the
/// timeline, encoded into one MP3 stream, and dropped. What it holds is the MP3 so far,
/// never the PCM of the whole. It stops a track that grows longer than its plan can
/// take (`speech_budget::max_audio_seconds`): an engine answering with minutes of sound
/// for a sentence is broken, and its audio is neither stored nor paid for.
pub struct Assembly<'p> {
    plan: &'p Plan,
    timeline: Timeline,
    encoder: Option<Mp3Stream>,
    sample_rate: u32,
    samples: u64,
    mp3: Vec<u8>,
    next: usize,
    max_seconds: f64,
}

/// What one part added: its samples (the pause before it and its sound) and the MP3
/// frames they completed.
pub struct Added {
    pub samples: Vec<i16>,
    pub mp3: Vec<u8>,
}

/// A finished track.
pub struct Finished {
    pub mp3: Vec<u8>,
    pub duration_seconds: f64,
    pub timed_text: TimedText,
    pub sample_rate: u32,
    /// The last frames (the tail of silence and what the encoder held back), which
    /// [`Assembly::finish`] added to `mp3`.
    pub tail: Vec<u8>,
}

impl<'p> Assembly<'p> {
    pub fn new(plan: &'p Plan) -> Self {
        let max_seconds = speech_budget::max_audio_seconds(plan.spoken_chars(), plan.parts.len(), plan.pauses_ms());
        Assembly {
            plan,
            timeline: Timeline::new(plan),
            encoder: None,
            sample_rate: 0,
            samples: 0,
            mp3: Vec::new(),
            next: 0,
            max_seconds,
        }
    }

    /// Parts placed so far.
    pub fn parts_added(&self) -> usize {
        self.next
    }

    /// Places and encodes the next part's audio.
    pub async fn add(&mut self, piece: Piece) -> Result<Added, EngineError> {
        let index = self.next;
        let part =
            self.plan.parts.get(index).ok_or_else(|| EngineError::Permanent("Mehr Audio als Textteile.".into()))?;
        // The pause before this piece is the one after the piece before it.
        let pause_ms = if index == 0 { 0 } else { self.plan.parts[index - 1].pause_after_ms };
        self.timeline.add(part, &piece, pause_ms);
        self.next += 1;
        let pcm = piece.pcm;
        if self.encoder.is_none() {
            self.sample_rate = pcm.sample_rate;
        } else if pcm.sample_rate != self.sample_rate {
            return Err(EngineError::Permanent(format!(
                "uneinheitliche Abtastraten ({} und {} Hz)",
                self.sample_rate, pcm.sample_rate
            )));
        }
        let rate = self.sample_rate;
        let mut samples = vec![0i16; (rate as u64 * pause_ms as u64 / 1000) as usize];
        samples.extend_from_slice(&pcm.samples);
        drop(pcm);
        self.samples += samples.len() as u64;
        let seconds = self.samples as f64 / rate.max(1) as f64;
        if seconds > self.max_seconds {
            return Err(EngineError::Permanent(format!(
                "Der Sprachdienst lieferte mehr Audio, als der Text ergeben kann ({seconds:.0} s statt höchstens {:.0} s)",
                self.max_seconds
            )));
        }
        // LAME is CPU work: off the async threads, the encoder travels along.
        let current = self.encoder.take();
        let (next, mp3, samples) = tokio::task::spawn_blocking(move || {
            let mut stream = match current {
                Some(stream) => stream,
                None => Mp3Stream::new(rate)?,
            };
            let encoded = stream.encode(&samples)?;
            Ok::<_, audio::AudioError>((stream, encoded, samples))
        })
        .await
        .map_err(|e| EngineError::Transient(format!("Kodierung abgebrochen: {e}")))?
        .map_err(|e| EngineError::Permanent(e.to_string()))?;
        self.encoder = Some(next);
        self.mp3.extend_from_slice(&mp3);
        Ok(Added { samples, mp3 })
    }

    /// The last frames, the duration as players hear it (counted from the frames), and
    /// when each sentence is spoken.
    pub async fn finish(self) -> Result<Finished, EngineError> {
        let mut encoder =
            self.encoder.ok_or_else(|| EngineError::Permanent("Der Text ergab keine Audiodaten.".into()))?;
        let silence = vec![0i16; (self.sample_rate as u64 * TAIL_MS as u64 / 1000) as usize];
        let tail = tokio::task::spawn_blocking(move || {
            let mut tail = encoder.encode(&silence)?;
            tail.extend(encoder.finish()?);
            Ok::<_, audio::AudioError>(tail)
        })
        .await
        .map_err(|e| EngineError::Transient(format!("Kodierung abgebrochen: {e}")))?
        .map_err(|e| EngineError::Permanent(e.to_string()))?;
        let mut mp3 = self.mp3;
        mp3.extend_from_slice(&tail);
        let duration_seconds =
            audio::frames::of(&mp3).map_err(|e| EngineError::Permanent(e.to_string()))?.duration_seconds();
        let timed_text = self.timeline.finish(audio::mp3_delay_seconds(self.sample_rate));
        Ok(Finished { mp3, duration_seconds, timed_text, sample_rate: self.sample_rate, tail })
    }
}

/// The audio of each text part, in order, up to `concurrency` requests at once.
pub fn chunk_audio<'a, F, Fut>(
    engine: &'a dyn SpeechEngine,
    speech: &'a Speech<'a>,
    parts: Vec<Part>,
    concurrency: usize,
    still_wanted: &'a F,
) -> impl futures::Stream<Item = Result<Piece, EngineError>> + 'a
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool> + 'a,
{
    futures::stream::iter(parts)
        .map(move |part| {
            let request = SynthesisRequest {
                input: part.spoken,
                voice: speech.voice.to_owned(),
                language: speech.language.to_owned(),
                rate: speech.rate,
                pitch: speech.pitch,
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
                let (pcm, trimmed) = tokio::task::spawn_blocking(move || audio::prepare_piece_trimmed(&pcm))
                    .await
                    .map_err(|e| EngineError::Transient(format!("Aufbereitung abgebrochen: {e}")))?;
                Ok(Piece { pcm, timing: audio.timing.earlier_by(trimmed) })
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
            Ok(EngineAudio::new(audio::wav_from_pcm16(&audio::pcm16_bytes(&samples), rate), "wav"))
        }
    }

    fn split(plan: &Plan) -> (Vec<Spoken>, Vec<u32>) {
        plan.parts.iter().map(|p| (p.spoken.clone(), p.pause_after_ms)).unzip()
    }

    fn speech<'a>(text: &'a str, voice: &'a str) -> Speech<'a> {
        Speech { text, voice, language: "de-DE", rate: None, pitch: None, instructions: None, dictionary: &[] }
    }

    async fn loudness_of(engine: &dyn SpeechEngine, text: &str, voice: &str) -> (f64, f64) {
        let mp3 = render(engine, speech(text, voice), 2).await.unwrap().mp3;
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

    /// Every file keeps all of its speech (the review found each one cut 64-89 ms short,
    /// mid-sound): the decoded audio lasts past the end of the last timed sentence by the
    /// silent tail, and its last 50 ms are below -50 dBFS. For an engine that tells when
    /// its words end (eSpeak) and one whose times are estimated.
    #[tokio::test]
    async fn a_file_keeps_its_speech_to_the_end_and_ends_in_silence() {
        let text = "Der erste Satz ist kurz. Der letzte Satz endet mit einem langen Wort: Donaudampfschifffahrt.";
        let engines: [(&dyn SpeechEngine, &str); 2] = [(&LocalEngine::default(), "de+m3"), (&Leveled(5000.0), "x")];
        for (engine, voice) in engines {
            let rendered = render(engine, speech(text, voice), 2).await.unwrap();
            let pcm = audio::decode(&rendered.mp3.bytes, "mp3").unwrap();
            let last_sentence_ends = rendered.timed_text.sentences.last().unwrap().end_ms as f64 / 1000.0;
            let tail = TAIL_MS as f64 / 1000.0;
            assert!(
                pcm.duration_seconds() >= last_sentence_ends + tail - 0.005,
                "{voice}: {:.3} s of audio, the last sentence ends at {last_sentence_ends:.3} s",
                pcm.duration_seconds()
            );
            let last = &pcm.samples[pcm.samples.len() - pcm.sample_rate as usize / 20..];
            let peak = last.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0).max(1) as f64 / 32768.0;
            assert!(20.0 * peak.log10() < -50.0, "{voice}: the last 50 ms peak at {:.1} dBFS", 20.0 * peak.log10());
        }
    }

    /// Subtitles of a rendered text (eSpeak NG, measured word times): at most two lines of
    /// 42 characters, every cue shown 1 to 7 seconds and read at most 17 characters a
    /// second, every sentence covered in order.
    #[tokio::test]
    async fn subtitles_of_a_rendered_text_keep_their_line_and_time_limits() {
        let text = "Der Katalog wurde zur wichtigsten Einnahmequelle, und der Verlag druckte ihn jedes Jahr neu. \
                    In der Nacht vom 27. auf den 28. November 1944 fiel der erste Schnee. Ja. \
                    Als der Winter kam, zogen die Vögel nach Süden, die Bauern holten das Vieh in die Ställe \
                    und die Kinder warteten auf den ersten Schnee, der in diesem Jahr sehr spät fiel.";
        let rendered = render(&LocalEngine::default(), speech(text, "de+m3"), 2).await.unwrap();
        let cues = rendered.timed_text.cues();
        let mut cps = Vec::new();
        for cue in &cues {
            assert!(cue.text.lines().count() <= 2 && cue.text.lines().all(|l| l.chars().count() <= 42), "{cue:?}");
            let ms = cue.end_ms - cue.start_ms;
            assert!((1_000..=7_000).contains(&ms), "{ms} ms: {cue:?}");
            cps.push(cue.text.chars().filter(|c| *c != '\n').count() as f64 * 1000.0 / ms as f64);
        }
        let words: Vec<String> = cues.iter().flat_map(|c| c.text.split_whitespace().map(str::to_owned)).collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
        assert!(cps.iter().all(|&c| c <= 17.0), "characters per second of each cue: {cps:.1?}");
    }

    /// Engines that take a pause inline get it inside one request; the others get two
    /// requests and the pause as silence between them.
    #[test]
    fn a_pause_goes_inside_the_request_where_the_engine_takes_one() {
        let text = "Eins. [pause 700ms] Zwei. [pause 10s] [pause 2s] Drei.";
        let plan = spoken_parts(text, "de-DE", &[], &LocalEngine::default(), "de+m3", 2000);
        let (parts, pauses) = split(&plan);
        let plain: Vec<String> = parts.iter().map(Spoken::plain).collect();
        assert_eq!(plain, ["Eins. Zwei.", "Drei."], "a pause over eSpeak's 10 s is silence");
        assert_eq!(parts[0].inlines().iter().filter(|i| **i == Inline::Break(700)).count(), 1);
        assert_eq!(pauses[0], 12_000);

        let (parts, pauses) = split(&spoken_parts(text, "de-DE", &[], &Leveled(1.0), "x", 60));
        let plain: Vec<String> = parts.iter().map(Spoken::plain).collect();
        assert_eq!(plain, ["Eins.", "Zwei.", "Drei."]);
        assert_eq!(pauses[..2], [700, 12_000]);
    }

    /// `[pause 1500ms]` is silence of that length, on every engine (the audio path makes it).
    #[tokio::test]
    async fn a_pause_marker_becomes_silence_of_its_length() {
        let mp3 = render(&Leveled(5000.0), speech("Eins. [pause 1500ms] Zwei.", "x"), 2).await.unwrap().mp3;
        let gap = audio::longest_quiet_seconds(&audio::decode(&mp3.bytes, "mp3").unwrap());
        assert!((1.5..1.6).contains(&gap), "gap {gap:.3} s");
    }

    /// A 5000-character text in many chunks: the engines' silence around each chunk is
    /// gone, so no quiet stretch is longer than the pause between sentences plus margins.
    #[tokio::test]
    async fn a_long_text_has_no_gap_longer_than_the_pause_at_its_joins() {
        let sentence = "Das ist ein Satz, der sich wiederholt. ";
        let text: String = sentence.repeat(5000 / sentence.len() + 1).chars().take(5000).collect();
        let mp3 = render(&Leveled(5000.0), speech(&text, "x"), 2).await.unwrap().mp3;
        let pcm = audio::decode(&mp3.bytes, "mp3").unwrap();
        let gap = audio::longest_quiet_seconds(&pcm);
        assert!(gap <= SENTENCE_PAUSE_MS as f64 / 1000.0 + 0.08, "longest quiet stretch {gap:.3} s");
        assert!(pcm.duration_seconds() > 100.0, "{}", pcm.duration_seconds());
    }

    /// Where speech starts after a quiet stretch of at least `gap` seconds, in the
    /// decoded audio (the "ground truth" the timed text is checked against).
    fn onsets(pcm: &audio::Pcm, gap: f64) -> Vec<f64> {
        let frame = (pcm.sample_rate as f64 * 0.005) as usize;
        let levels: Vec<f64> = pcm
            .samples
            .chunks(frame)
            .map(|c| (c.iter().map(|&s| (s as f64).powi(2)).sum::<f64>() / c.len() as f64).sqrt())
            .collect();
        let loud = levels.iter().copied().fold(0.0, f64::max) * 0.02;
        let (mut out, mut quiet) = (Vec::new(), f64::MAX);
        for (i, &level) in levels.iter().enumerate() {
            if level > loud {
                if quiet >= gap {
                    out.push(i as f64 * 0.005);
                }
                quiet = 0.0;
            } else {
                quiet += 0.005;
            }
        }
        out
    }

    /// Sentences of one eSpeak request and of several: every sentence's cue starts within
    /// 50 ms of where its speech starts in the finished MP3, and eSpeak's word times rise
    /// and stay inside their sentence.
    #[tokio::test]
    async fn sentence_times_match_where_speech_starts_and_espeak_words_stay_inside() {
        let text = "Guten Morgen und willkommen. Heute sprechen wir über Zeitmarken! Wie genau sind sie? \
                    Der vierte Satz kommt nach einer Pause. [pause 800ms] Und der fünfte Satz beendet den Test.";
        let rendered = render(&LocalEngine::default(), speech(text, "de+m3"), 2).await.unwrap();
        let timed = &rendered.timed_text;
        assert_eq!(timed.sentences.len(), 5, "{timed:?}");
        assert_eq!(timed.precision, crate::domain::timed_text::Precision::Measured);
        assert!(timed.word_level);
        let pcm = audio::decode(&rendered.mp3.bytes, "mp3").unwrap();
        let onsets = onsets(&pcm, 0.15);
        for sentence in &timed.sentences {
            let start = sentence.start_ms as f64 / 1000.0;
            let nearest = onsets.iter().map(|o| (o - start).abs()).fold(f64::MAX, f64::min);
            assert!(nearest <= 0.05, "{:?} starts at {start:.3} s, speech at {onsets:?}", sentence.text);
            let words = &sentence.words;
            assert!(words.windows(2).all(|w| w[0].start_ms <= w[1].start_ms), "{words:?}");
            assert!(words.iter().all(|w| w.start_ms >= sentence.start_ms && w.end_ms <= sentence.end_ms));
        }
        assert!(timed.sentences.windows(2).all(|s| s[0].end_ms <= s[1].start_ms));
        assert_eq!(timed.sentences[1].text, "Heute sprechen wir über Zeitmarken!");
    }

    /// An engine that tells no times: sentences packed into one request start at their
    /// share of it, and the timed text says the times are estimated.
    #[tokio::test]
    async fn without_marks_sentence_starts_are_estimated_within_their_part() {
        let rendered = render(&Leveled(5000.0), speech("Eins zwei drei. Vier fünf sechs.", "x"), 1).await.unwrap();
        let timed = rendered.timed_text;
        assert_eq!(timed.precision, crate::domain::timed_text::Precision::Estimated);
        assert_eq!(timed.sentences.len(), 2);
        let delay_ms = (audio::mp3_delay_seconds(24_000) * 1000.0).round() as u32;
        assert_eq!(timed.sentences[0].start_ms, delay_ms, "the codec's delay, nothing more");
        assert!(timed.sentences[1].start_ms > 500 && timed.sentences[1].start_ms < timed.sentences[1].end_ms);
    }

    /// A period that the reading writes out (a date's ordinal, an abbreviation) ends no
    /// sentence: "3. Mai" is read as one date, and the subtitle keeps the sentence whole.
    #[test]
    fn ordinals_and_abbreviations_end_no_sentence() {
        let text = "Am 3. Mai kostet es bei ACME z. B. 12,50 €. Danach nicht mehr.";
        let plan = spoken_parts(text, "de-DE", &[], &LocalEngine::default(), "de+m3", 2000);
        assert_eq!(plan.sentences, ["Am 3. Mai kostet es bei ACME z. B. 12,50 €.", "Danach nicht mehr."]);
        let spoken = plan.parts[0].spoken.plain();
        assert!(spoken.contains("dritten Mai") && spoken.contains("zum Beispiel"), "{spoken}");
    }
    /// Speech as the fake providers below make it: each word a 250 ms burst, 80 ms after
    /// the word before and 350 ms after a sentence's end, 400 ms of silence on both sides,
    /// as MP3; and when each word starts in the decoded answer (the fake's encoder delays
    /// the audio by `mp3_delay_seconds`: its times include that, so they describe the
    /// answer as it is heard).
    fn fake_speech(words: &[String]) -> (Vec<u8>, Vec<f64>) {
        let rate = 24_000u32;
        let mut samples: Vec<i16> = Vec::new();
        let silence = |seconds: f64, samples: &mut Vec<i16>| {
            samples.extend(std::iter::repeat_n(0i16, (seconds * rate as f64) as usize));
        };
        silence(0.4, &mut samples);
        let mut starts = Vec::with_capacity(words.len());
        for (i, _) in words.iter().enumerate() {
            if i > 0 {
                silence(if words[i - 1].ends_with(['.', '!', '?']) { 0.35 } else { 0.08 }, &mut samples);
            }
            starts.push(samples.len() as f64 / rate as f64 + audio::mp3_delay_seconds(rate));
            samples.extend((0..rate as usize / 4).map(|k| {
                let t = k as f64 / rate as f64;
                let wave: f64 = (1..=5).map(|h| (std::f64::consts::TAU * 150.0 * h as f64 * t).sin() / h as f64).sum();
                (wave * 5000.0) as i16
            }));
        }
        silence(0.4, &mut samples);
        (audio::encode_mp3(&audio::Pcm { sample_rate: rate, samples }).unwrap(), starts)
    }

    fn fake_config(server: &wiremock::MockServer) -> crate::engine::HttpEngineConfig {
        crate::engine::HttpEngineConfig {
            api_key: secrecy::SecretString::from("test-key"),
            base_url: server.uri(),
            model: String::new(),
            timeout: std::time::Duration::from_secs(10),
            max_retries: 0,
            base_backoff: std::time::Duration::from_millis(1),
        }
    }

    fn base64(bytes: &[u8]) -> String {
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    /// Google's `v1beta1/text:synthesize` as the fake speaks it: the SSML's words, and for
    /// each `<mark name="n"/>` a time point where the first word after it starts.
    fn google_answer(request: &wiremock::Request) -> wiremock::ResponseTemplate {
        let body: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(body["enableTimePointing"], serde_json::json!(["SSML_MARK"]));
        let ssml = body["input"]["ssml"].as_str().unwrap();
        let (mut words, mut marks) = (Vec::<String>::new(), Vec::new());
        for (i, piece) in ssml.split(r#"<mark name=""#).enumerate() {
            let text = match piece.split_once(r#""/>"#) {
                Some((name, rest)) if i > 0 => {
                    marks.push((name.to_owned(), words.len()));
                    rest
                }
                _ => piece,
            };
            let mut plain = String::new();
            let mut in_tag = false;
            for c in text.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => plain.push(c),
                    _ => {}
                }
            }
            words.extend(plain.split_whitespace().map(str::to_owned));
        }
        let (mp3, starts) = fake_speech(&words);
        let timepoints: Vec<serde_json::Value> = marks
            .iter()
            .map(|(name, word)| serde_json::json!({ "markName": name, "timeSeconds": starts[*word] }))
            .collect();
        wiremock::ResponseTemplate::new(200)
            .set_body_json(serde_json::json!({ "audioContent": base64(&mp3), "timepoints": timepoints }))
    }

    /// ElevenLabs' `with-timestamps` as the fake speaks it: every character of the text
    /// (the break tags' too) with when it is spoken, a word's characters inside its burst.
    fn elevenlabs_answer(request: &wiremock::Request) -> wiremock::ResponseTemplate {
        let body: serde_json::Value = serde_json::from_slice(&request.body).unwrap();
        let text = body["text"].as_str().unwrap();
        let tags: Vec<std::ops::Range<usize>> =
            text.match_indices("<break ").map(|(at, _)| at..at + text[at..].find("/>").unwrap() + 2).collect();
        // Each word's byte range: runs of non-whitespace outside the tags.
        let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
        for (at, c) in text.char_indices() {
            let apart = c.is_whitespace() || tags.iter().any(|tag| tag.contains(&at));
            match ranges.last_mut() {
                Some(range) if !apart && range.end == at => range.end = at + c.len_utf8(),
                _ if !apart => ranges.push(at..at + c.len_utf8()),
                _ => {}
            }
        }
        let words: Vec<String> = ranges.iter().map(|r| text[r.clone()].to_owned()).collect();
        let (mp3, starts) = fake_speech(&words);
        let (mut characters, mut times) = (Vec::new(), Vec::new());
        let mut last = 0.0;
        for (at, c) in text.char_indices() {
            if let Some(w) = ranges.iter().position(|r| r.contains(&at)) {
                last = starts[w] + 0.25 * (at - ranges[w].start) as f64 / ranges[w].len() as f64;
            }
            characters.push(c.to_string());
            times.push(last);
        }
        let ends: Vec<f64> = times.iter().map(|t| t + 0.01).collect();
        let alignment = serde_json::json!({
            "characters": characters, "character_start_times_seconds": times, "character_end_times_seconds": ends
        });
        wiremock::ResponseTemplate::new(200).set_body_json(serde_json::json!({
            "audio_base64": base64(&mp3), "alignment": alignment, "normalized_alignment": null
        }))
    }

    /// An engine with a small request limit, so a short text goes out in several parts.
    struct Small(Box<dyn SpeechEngine>);

    #[async_trait]
    impl SpeechEngine for Small {
        fn max_chunk(&self) -> usize {
            130
        }
        fn measure(&self) -> fn(&str) -> usize {
            self.0.measure()
        }
        fn markup(&self, voice: &str) -> Markup {
            self.0.markup(voice)
        }
        async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
            self.0.synthesize(request).await
        }
    }

    const TIMED: &str = "Guten Morgen und willkommen. Heute sprechen wir über Zeitmarken! Wie genau sind sie? \
                         Der vierte Satz kommt nach einer Pause. [pause 800ms] Und der fünfte Satz beendet den Test.";

    /// Every sentence's cue starts within 50 ms of where its speech starts in the MP3.
    fn assert_sentences_start_with_their_speech(rendered: &Rendered) {
        let pcm = audio::decode(&rendered.mp3.bytes, "mp3").unwrap();
        let onsets = onsets(&pcm, 0.15);
        let timed = &rendered.timed_text;
        assert_eq!(timed.sentences.len(), 5, "{timed:?}");
        assert_eq!(timed.precision, crate::domain::timed_text::Precision::Measured);
        for sentence in &timed.sentences {
            let start = sentence.start_ms as f64 / 1000.0;
            let nearest = onsets.iter().map(|o| (o - start).abs()).fold(f64::MAX, f64::min);
            assert!(nearest <= 0.05, "{:?} starts at {start:.3} s, speech at {onsets:?}", sentence.text);
        }
        assert!(timed.sentences.windows(2).all(|s| s[0].end_ms <= s[1].start_ms));
    }

    /// Google, SSML voices: each sentence's mark comes back as a time point, so sentence
    /// starts are measured (in every part of a text sent in several), without words.
    #[tokio::test]
    async fn google_time_points_place_every_sentence_where_its_speech_starts() {
        let server = wiremock::MockServer::start().await;
        wiremock::Mock::given(wiremock::matchers::path("/v1beta1/text:synthesize"))
            .respond_with(google_answer)
            .expect(2..)
            .mount(&server)
            .await;
        let engine = Small(Box::new(crate::engine::GoogleEngine::new(fake_config(&server)).unwrap()));
        let rendered = render(&engine, speech(TIMED, "de-DE-Neural2-G"), 2).await.unwrap();
        assert_sentences_start_with_their_speech(&rendered);
        assert!(!rendered.timed_text.word_level, "Google tells sentences, not words");
    }

    /// ElevenLabs (cloned voices): the character alignment gives every word and every
    /// sentence start; the words are the written ones, rise, and stay inside their sentence.
    #[tokio::test]
    async fn elevenlabs_alignment_times_every_word_and_sentence_where_it_is_spoken() {
        let server = wiremock::MockServer::start().await;
        wiremock::Mock::given(wiremock::matchers::path("/v1/text-to-speech/abc/with-timestamps"))
            .respond_with(elevenlabs_answer)
            .expect(2..)
            .mount(&server)
            .await;
        let eleven = crate::engine::ElevenLabs::new(fake_config(&server)).unwrap();
        let clones = crate::engine::CloneSpeech {
            local: LocalEngine::default(),
            elevenlabs: Some(std::sync::Arc::new(eleven)),
            replicate: None,
        };
        let rendered = render(&Small(Box::new(clones)), speech(TIMED, "elevenlabs:abc"), 2).await.unwrap();
        assert_sentences_start_with_their_speech(&rendered);
        let timed = &rendered.timed_text;
        assert!(timed.word_level);
        let pcm = audio::decode(&rendered.mp3.bytes, "mp3").unwrap();
        let word_onsets = onsets(&pcm, 0.05);
        for sentence in &timed.sentences {
            let written: Vec<&str> =
                sentence.text.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric())).collect();
            let words = &sentence.words;
            assert_eq!(words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>(), written);
            assert!(words.windows(2).all(|w| w[0].start_ms <= w[1].start_ms), "{words:?}");
            assert!(words.iter().all(|w| w.start_ms >= sentence.start_ms && w.end_ms <= sentence.end_ms));
            for word in words {
                let start = word.start_ms as f64 / 1000.0;
                let nearest = word_onsets.iter().map(|o| (o - start).abs()).fold(f64::MAX, f64::min);
                assert!(nearest <= 0.05, "{:?} starts at {start:.3} s, words at {word_onsets:?}", word.text);
            }
        }
    }
}
