//! Text to one MP3 with any engine: split within the engine's limit, synthesize the
//! chunks with bounded concurrency (order kept), decode, join, encode, measure.
//! Used by the worker for paid jobs and by the API for the live demo.

use futures::{StreamExt, TryStreamExt};

use crate::audio::{self, Mp3, Pcm};
use crate::domain::chunks;
use crate::engine::{EngineError, SpeechEngine, SynthesisRequest};

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
}

pub async fn render(engine: &dyn SpeechEngine, speech: Speech<'_>, concurrency: usize) -> Result<Mp3, EngineError> {
    render_while(engine, speech, concurrency, || async { true }).await
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
    let parts = chunks::split(speech.text, engine.max_chunk(), engine.measure());
    let pcm: Vec<Pcm> = chunk_audio(engine, &speech, parts, concurrency, &still_wanted).try_collect().await?;
    let track = audio::join(pcm, SENTENCE_PAUSE_MS).map_err(|e| EngineError::Permanent(e.to_string()))?;
    // LAME is CPU work: keep it off the async threads.
    tokio::task::spawn_blocking(move || audio::finish(&track))
        .await
        .map_err(|e| EngineError::Transient(format!("Kodierung abgebrochen: {e}")))?
        .map_err(|e| EngineError::Permanent(e.to_string()))
}

/// The audio of each text part, in order, up to `concurrency` requests at once.
pub fn chunk_audio<'a, F, Fut>(
    engine: &'a dyn SpeechEngine,
    speech: &'a Speech<'a>,
    parts: Vec<String>,
    concurrency: usize,
    still_wanted: &'a F,
) -> impl futures::Stream<Item = Result<Pcm, EngineError>> + 'a
where
    F: Fn() -> Fut,
    Fut: Future<Output = bool> + 'a,
{
    futures::stream::iter(parts)
        .map(move |text| {
            let request = SynthesisRequest {
                text,
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
                Ok(pcm)
            }
        })
        .buffered(concurrency.max(1))
}
