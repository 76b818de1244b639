//! A generation delivered in the response (`POST /v1/audio/speech`, the façade in
//! `crate::use_cases::openai_speech`): the job is created already claimed, synthesized in this process
//! sentence by sentence, and each sentence's audio is sent as soon as it is encoded, so
//! the first bytes arrive after the first sentence, not after the whole text. The MP3 of
//! the whole text is stored as the job's audio. Its run is `crate::run` with one attempt.
//!
//! If the client goes away the synthesis still finishes (the audio was paid for and lands
//! in the library); if this process dies, the sweep finds the job without heartbeat and
//! hands it to the worker.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use futures::StreamExt;
use tokio::sync::mpsc;
use uuid::Uuid;

use super::Delivered;
use crate::audio;
use crate::db::jobs;
use crate::db::voices::Voice;
use crate::engine::{EngineAudio, EngineError, SpeechEngine, SynthesisRequest};
use crate::error::{Error, Result};
use crate::files;
use crate::run::{self, Claim, Outcome};
use crate::services::Services;
use crate::text_to_mp3::{self, Speech};

/// Sample rate of the `pcm` format (OpenAI's: 24 kHz, 16-bit little-endian, mono).
pub const PCM_RATE: u32 = 24_000;
/// Longest text part sent to the engine at once: about one or two sentences, so the
/// first audio is ready early. The worker packs up to the engine's limit instead.
const STREAM_PART_CHARS: usize = 240;
/// Tries per part for engine errors worth retrying (timeouts, 429, 5xx).
const PART_ATTEMPTS: u32 = 3;

/// The audio format of an inline generation (`response_format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AudioFormat {
    Mp3,
    Wav,
    Pcm,
}

impl AudioFormat {
    /// `mp3` when absent. The formats OpenAI has and the audio path cannot make (opus,
    /// aac, flac) are refused with a clear message rather than answered with another.
    pub fn parse(raw: Option<&str>) -> Result<Self> {
        match raw.map(str::trim).unwrap_or("mp3") {
            "mp3" => Ok(AudioFormat::Mp3),
            "wav" => Ok(AudioFormat::Wav),
            "pcm" => Ok(AudioFormat::Pcm),
            other @ ("opus" | "aac" | "flac") => Err(Error::field(
                "response_format",
                format!("Das Format „{other}“ wird nicht angeboten. Möglich sind mp3, wav und pcm."),
            )),
            other => Err(Error::field(
                "response_format",
                format!("Unbekanntes Format „{other}“. Möglich sind mp3, wav und pcm."),
            )),
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            AudioFormat::Mp3 => "audio/mpeg",
            AudioFormat::Wav => "audio/wav",
            AudioFormat::Pcm => "audio/pcm",
        }
    }
}

pub(crate) struct InlineJob {
    pub id: Uuid,
    pub user_id: Uuid,
    pub text: String,
    pub voice: Voice,
    pub rate: Option<f32>,
    pub instructions: Option<String>,
    /// What was charged: it bounds what may be spoken (`text_to_mp3::check_paid`).
    pub cost_cent: i64,
}

type Sender = mpsc::Sender<std::result::Result<Bytes, String>>;

/// Synthesizes `job` (created claimed, attempt 1) in this process and returns the audio
/// as it is made. The first item is the first piece of audio or the error before it.
pub(crate) fn start(
    svc: &Services,
    job: InlineJob,
    engine: Arc<dyn SpeechEngine>,
    format: AudioFormat,
) -> mpsc::Receiver<std::result::Result<Bytes, String>> {
    let (tx, rx) = mpsc::channel(16);
    tokio::spawn(produce(svc.clone(), job, engine, format, tx));
    rx
}

async fn produce(svc: Services, job: InlineJob, engine: Arc<dyn SpeechEngine>, format: AudioFormat, tx: Sender) {
    let delivered = Arc::new(Mutex::new(Delivered::NOTHING));
    let claim = Inline { id: job.id, delivered: delivered.clone() };
    let work = async {
        let engine = Retrying { inner: engine.as_ref() };
        let mut out = Outbox { tx: &tx, started: false, client_gone: false, delivered };
        match stream(&svc, &job, &engine, format, &mut out).await {
            Ok(finished) => store(&svc, &job, finished).await,
            Err(error) => {
                if !matches!(error, EngineError::Cancelled) {
                    tx.send(Err(error.to_string())).await.ok();
                }
                Err(error)
            }
        }
    };
    if let Err(e) = run::run(&svc, claim, work).await {
        // The job stays `processing` without heartbeat: the sweep hands it to the worker.
        tracing::error!(job_id = %job.id, error = %e, "finishing an inline job failed");
    }
}

/// A generation delivered in the response: one attempt, since nobody waits minutes on an
/// open request (each part has its own short retries, [`Retrying`]).
struct Inline {
    id: Uuid,
    /// What of the audio went out, for the refund of the rest.
    delivered: Arc<Mutex<Delivered>>,
}

#[async_trait]
impl Claim for Inline {
    fn kind(&self) -> &'static str {
        "inline job"
    }

    fn id(&self) -> Uuid {
        self.id
    }

    fn attempt(&self) -> i32 {
        1
    }

    fn max_attempts(&self, _svc: &Services) -> i32 {
        1
    }

    fn heartbeat_every(&self, svc: &Services) -> Duration {
        svc.settings.worker.heartbeat()
    }

    async fn heartbeat(&self, svc: &Services) -> Result<bool> {
        jobs::heartbeat(&svc.pool, self.id).await?;
        Ok(true)
    }

    /// Not reached while a streamed run has one attempt; were it given more, the worker
    /// would make the job (the caller already has its error).
    async fn release(&self, svc: &Services) -> Result<()> {
        super::release_to_worker(svc, self.id).await.map(|_| ())
    }

    /// What went out is delivered: only the rest is refunded.
    async fn fail(&self, svc: &Services, detail: &str, attempts: Option<i32>) -> Result<bool> {
        let message = crate::domain::failure::reason_clause(detail, attempts);
        let delivered = *self.delivered.lock().expect("delivered parts");
        let note = if delivered.parts == 0 {
            "der Betrag wurde erstattet"
        } else {
            "der Anteil, der nicht mehr ausgeliefert wurde, wurde erstattet"
        };
        let sentence = crate::domain::failure::with_refund(&message, note);
        super::fail_and_refund_undelivered(&svc.pool, self.id, &sentence, delivered).await
    }

    /// The api process stops: the worker makes the audio for the library (the caller
    /// keeps what it received, and is charged once).
    async fn hand_back(&self, svc: &Services) -> Result<bool> {
        super::hand_back(svc, self.id, 1).await
    }
}

/// The finished MP3, its duration and when each sentence is spoken.
struct Finished {
    mp3: Vec<u8>,
    duration_seconds: f64,
    timed_text: crate::domain::timed_text::TimedText,
}

/// Where the audio goes, and what of it went out.
struct Outbox<'a> {
    tx: &'a Sender,
    /// The job is marked as being delivered (before its first byte).
    started: bool,
    client_gone: bool,
    /// Text parts whose audio went out, of how many (shared with the claim).
    delivered: Arc<Mutex<Delivered>>,
}

impl Outbox<'_> {
    /// Sends a piece of audio. Before the first one the job is marked as being delivered,
    /// so it can no longer be deleted for a refund; if it was deleted already, nothing is
    /// sent and the synthesis stops.
    async fn send(&mut self, svc: &Services, job_id: Uuid, piece: Vec<u8>) -> std::result::Result<(), EngineError> {
        if piece.is_empty() || self.client_gone {
            return Ok(());
        }
        if !self.started {
            let still_ours = jobs::start_delivery(&svc.pool, job_id)
                .await
                .map_err(|e| EngineError::Transient(format!("Die Datenbank ist nicht erreichbar: {e}")))?;
            if !still_ours {
                return Err(EngineError::Cancelled);
            }
            self.started = true;
        }
        if self.tx.send(Ok(Bytes::from(piece))).await.is_err() {
            // The synthesis goes on: the audio is paid for and belongs in the library.
            self.client_gone = true;
        }
        Ok(())
    }
}

/// Synthesizes part by part and sends each part's audio in `format`.
async fn stream(
    svc: &Services,
    job: &InlineJob,
    engine: &dyn SpeechEngine,
    format: AudioFormat,
    out: &mut Outbox<'_>,
) -> std::result::Result<Finished, EngineError> {
    let api_name = job.voice.api_name.as_deref().unwrap_or_default();
    let dictionary = crate::use_cases::pronunciation::entries_for(&svc.pool, Some(job.user_id))
        .await
        .map_err(|e| EngineError::Transient(format!("Das Aussprache-Wörterbuch ist nicht lesbar: {e}")))?;
    let speech = Speech {
        text: &job.text,
        voice: api_name,
        language: &job.voice.language,
        rate: job.rate,
        pitch: None,
        instructions: job.instructions.as_deref(),
        dictionary: &dictionary,
    };
    let max_part = engine.max_chunk().min(STREAM_PART_CHARS);
    let plan = text_to_mp3::plan(engine, &speech, max_part).await?;
    text_to_mp3::check_paid(&plan, job.cost_cent)?;
    out.delivered.lock().expect("delivered parts").of = plan.parts.len();
    let still_wanted = || async { jobs::is_processing(&svc.pool, job.id).await.unwrap_or(true) };
    let concurrency = svc.settings.worker.chunk_concurrency;
    let mut pieces =
        std::pin::pin!(text_to_mp3::chunk_audio(engine, &speech, plan.parts.clone(), concurrency, &still_wanted));
    let mut assembly = text_to_mp3::Assembly::new(&plan);
    let mut wav = WavOut::default();
    while let Some(piece) = pieces.next().await {
        let sample_rate = piece.as_ref().map_or(0, |p| p.pcm.sample_rate);
        let added = assembly.add(piece?).await?;
        let piece = match format {
            AudioFormat::Mp3 => added.mp3,
            AudioFormat::Pcm => audio::pcm16_bytes(&audio::resample(&added.samples, sample_rate, PCM_RATE)),
            AudioFormat::Wav => wav.piece(&added.samples, sample_rate),
        };
        let sent_something = !piece.is_empty();
        out.send(svc, job.id, piece).await?;
        if sent_something {
            // Audio up to this part went out (LAME may hold back a few ms until the next).
            out.delivered.lock().expect("delivered parts").parts = assembly.parts_added();
        }
    }
    let finished = assembly.finish().await?;
    let last = match format {
        AudioFormat::Mp3 => finished.tail,
        AudioFormat::Wav | AudioFormat::Pcm => Vec::new(),
    };
    out.send(svc, job.id, last).await?;
    Ok(Finished { mp3: finished.mp3, duration_seconds: finished.duration_seconds, timed_text: finished.timed_text })
}

/// A WAV sent as it is made: the header goes out before the first samples, so it cannot
/// state a length it does not know yet; it states the largest (as streaming WAV does),
/// and readers take the samples up to the end of the answer. Nothing is held back.
#[derive(Default)]
struct WavOut {
    header_sent: bool,
}

impl WavOut {
    fn piece(&mut self, samples: &[i16], sample_rate: u32) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(44 + samples.len() * 2);
        if !std::mem::replace(&mut self.header_sent, true) {
            bytes.extend_from_slice(&audio::wav_header_streaming(sample_rate));
        }
        bytes.extend_from_slice(&audio::pcm16_bytes(samples));
        bytes
    }
}

/// Stores the whole text's MP3 and completes the job. A store that fails hands the job
/// to the worker, which makes and stores the audio again: the caller has it already.
async fn store(svc: &Services, job: &InlineJob, finished: Finished) -> std::result::Result<Outcome, EngineError> {
    let key = files::audio_key(job.user_id, job.id);
    if let Err(e) = svc.storage.put(&key, &finished.mp3).await {
        tracing::error!(job_id = %job.id, error = %e, "storing inline audio failed; the worker makes it again");
        super::release_to_worker(svc, job.id).await.map_err(|e| EngineError::Transient(e.to_string()))?;
        return Ok(Outcome::Retry);
    }
    crate::db::timed_texts::put(&svc.pool, job.id, &finished.timed_text)
        .await
        .map_err(|e| EngineError::Transient(e.to_string()))?;
    // The inline job is its first attempt.
    let completed = super::complete_stored(svc, job.id, 1, &key, finished.duration_seconds)
        .await
        .map_err(|e| EngineError::Transient(e.to_string()))?;
    Ok(if completed { Outcome::Completed } else { Outcome::Skipped })
}

/// Retries a part's transient engine errors a few times with a short pause: nobody
/// waits minutes on an open request, so the worker's long backoff does not fit here.
struct Retrying<'a> {
    inner: &'a dyn SpeechEngine,
}

#[async_trait]
impl SpeechEngine for Retrying<'_> {
    fn max_chunk(&self) -> usize {
        self.inner.max_chunk()
    }

    fn measure(&self) -> fn(&str) -> usize {
        self.inner.measure()
    }

    fn markup(&self, voice: &str) -> crate::engine::Markup {
        self.inner.markup(voice)
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> std::result::Result<EngineAudio, EngineError> {
        let mut attempt = 1;
        loop {
            match self.inner.synthesize(request).await {
                Err(EngineError::Transient(_)) if attempt < PART_ATTEMPTS => {
                    tokio::time::sleep(Duration::from_millis(300 * 2u64.pow(attempt))).await;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }
}
