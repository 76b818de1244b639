//! The OpenAI-compatible speech endpoint (`POST /v1/audio/speech`): text in, audio out in
//! the same response, charged and kept like every API job. The job is created already
//! claimed, synthesized in this process sentence by sentence, and each sentence's audio
//! is sent as soon as it is encoded, so the first bytes arrive after the first sentence,
//! not after the whole text. The MP3 of the whole text is stored as the job's audio.
//!
//! If the client goes away the synthesis still finishes (the audio was paid for and lands
//! in the library); if this process dies, the sweep finds the job without heartbeat and
//! hands it to the worker.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use bytes::Bytes;
use futures::StreamExt;
use serde::Serialize;
use tokio::sync::mpsc;
use uuid::Uuid;

use crate::audio::{self, Mp3Stream};
use crate::caller::Caller;
use crate::db::jobs;
use crate::db::voices::{self, Voice};
use crate::domain::kinds::{JobSource, JobStatus};
use crate::engine::{EngineAudio, EngineError, SpeechEngine, SynthesisRequest};
use crate::error::{Error, Result};
use crate::generation::{self, Delivery, SubmitRequest};
use crate::services::Services;
use crate::storage;
use crate::synthesis::{self, Speech};

/// The `model` values accepted. The voice decides the engine; OpenAI's model names are
/// accepted so that code written for OpenAI runs unchanged.
pub const MODELS: [&str; 4] = ["stimmwerk-tts", "tts-1", "tts-1-hd", "gpt-4o-mini-tts"];

/// OpenAI's voice names and the catalogue voice each stands for (the OpenAI engine's
/// voice of that name). Names OpenAI has and the catalogue has not are refused.
pub const OPENAI_VOICES: [(&str, &str); 8] = [
    ("alloy", "openai-en-alloy"),
    ("ash", "openai-en-ash"),
    ("coral", "openai-en-coral"),
    ("sage", "openai-en-sage"),
    ("echo", "openai-de-echo"),
    ("nova", "openai-de-nova"),
    ("onyx", "openai-de-onyx"),
    ("shimmer", "openai-de-shimmer"),
];

/// Sample rate of the `pcm` format (OpenAI's: 24 kHz, 16-bit little-endian, mono).
pub const PCM_RATE: u32 = 24_000;
/// Longest text part sent to the engine at once: about one or two sentences, so the
/// first audio is ready early. The worker packs up to the engine's limit instead.
const STREAM_PART_CHARS: usize = 240;
/// Tries per part for engine errors worth retrying (timeouts, 429, 5xx).
const PART_ATTEMPTS: u32 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = AudioFormat)]
#[serde(rename_all = "lowercase")]
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

pub struct SpeechRequest {
    pub model: String,
    pub voice: String,
    pub input: String,
    pub response_format: Option<String>,
    pub speed: Option<f32>,
    pub instructions: Option<String>,
    pub idempotency_key: Option<String>,
}

/// The answer: the first piece of audio (already made, so errors before it are plain
/// error answers) and the rest as it comes. An `Err` in `rest` means the synthesis
/// failed half-way (the job is then failed and refunded).
pub struct SpeechAudio {
    pub job_id: Uuid,
    pub format: AudioFormat,
    pub first: Bytes,
    pub rest: mpsc::Receiver<std::result::Result<Bytes, String>>,
}

/// The voice a `voice` value names, among those the user may use: a voice id, a
/// catalogue key, one of OpenAI's names, or a voice's name when only one has it.
pub fn resolve_voice<'a>(voices: &'a [Voice], wanted: &str) -> Result<&'a Voice> {
    let wanted = wanted.trim();
    let unknown = || {
        Error::field(
            "voice",
            format!("Unbekannte Stimme „{wanted}“. GET /v1/voices listet die Schlüssel (z. B. local-de-klara)."),
        )
    };
    if wanted.is_empty() {
        return Err(Error::field("voice", "Bitte geben Sie eine Stimme an."));
    }
    if let Ok(id) = wanted.parse::<Uuid>() {
        return voices.iter().find(|v| v.id == id).ok_or_else(unknown);
    }
    let key = OPENAI_VOICES.iter().find(|(name, _)| name.eq_ignore_ascii_case(wanted)).map_or(wanted, |(_, key)| key);
    if let Some(voice) = voices.iter().find(|v| v.catalogue_key.as_deref() == Some(key)) {
        return Ok(voice);
    }
    let named: Vec<&Voice> = voices.iter().filter(|v| v.name.eq_ignore_ascii_case(wanted)).collect();
    match named.as_slice() {
        [one] => Ok(one),
        [] => Err(unknown()),
        _ => Err(Error::field(
            "voice",
            format!("Mehrere Stimmen heißen „{wanted}“. Bitte geben Sie den Schlüssel an (GET /v1/voices)."),
        )),
    }
}

/// Validates, charges and creates the job, synthesizes the first part, and returns the
/// audio as it is produced.
pub async fn speak(svc: &Services, caller: &Caller, request: SpeechRequest) -> Result<SpeechAudio> {
    let user = caller.user()?;
    let model = request.model.trim();
    if !MODELS.contains(&model) {
        return Err(Error::field("model", format!("Unbekanntes Modell „{model}“. Möglich: {}.", MODELS.join(", "))));
    }
    let format = AudioFormat::parse(request.response_format.as_deref())?;
    let usable = voices::list_usable(&svc.pool, user.id).await?;
    let voice = resolve_voice(&usable, &request.voice)?.clone();
    let rate = match request.speed {
        None => None,
        Some(speed) if (speed - 1.0).abs() < 1e-3 => None,
        Some(speed) if voice.provider.provider().takes_rate => Some(speed),
        Some(_) => {
            return Err(Error::field(
                "speed",
                "Die Geschwindigkeit lässt sich nur bei Stimmen mit einstellbarem Tempo (Murf) ändern.",
            ));
        }
    };
    let instructions = request.instructions.as_deref().map(str::trim).filter(|i| !i.is_empty()).map(str::to_owned);
    let submitted = generation::submit(
        svc,
        caller,
        SubmitRequest {
            text: request.input,
            voice_id: Some(voice.id),
            rate,
            source: JobSource::Api,
            idempotency_key: request.idempotency_key,
            category_id: None,
            tags: Vec::new(),
            instructions: instructions.clone(),
            delivery: Delivery::Inline,
        },
    )
    .await?;
    let job = submitted.job;
    if submitted.replayed {
        return replay(svc, job.id, job.status, job.audio_key.as_deref(), format).await;
    }
    let engine = match svc.engines.current().usable(voice.provider) {
        Ok(engine) => engine,
        Err(why) => {
            let message = why.reason_for(user.role);
            generation::fail_and_refund(&svc.pool, job.id, &format!("{message} Der Betrag wurde erstattet.")).await?;
            return Err(Error::field("voice", message));
        }
    };
    let (tx, mut rx) = mpsc::channel(16);
    let inline = InlineJob { id: job.id, user_id: user.id, text: job.text, voice, rate, instructions };
    tokio::spawn(produce(svc.clone(), inline, engine, format, tx));
    match rx.recv().await {
        Some(Ok(first)) => Ok(SpeechAudio { job_id: job.id, format, first, rest: rx }),
        Some(Err(message)) => Err(Error::Engine(message)),
        None => Err(Error::Engine("Die Audio-Generierung wurde abgebrochen.".into())),
    }
}

/// The same request again (same Idempotency-Key): the stored audio, charged once.
async fn replay(
    svc: &Services,
    job_id: Uuid,
    status: JobStatus,
    audio_key: Option<&str>,
    format: AudioFormat,
) -> Result<SpeechAudio> {
    let key = match (status, audio_key) {
        (JobStatus::Completed, Some(key)) => key,
        (JobStatus::Failed, _) => {
            return Err(Error::Conflict("Die Anfrage mit diesem Idempotency-Key ist fehlgeschlagen.".into()));
        }
        _ => return Err(Error::Conflict("Die Anfrage mit diesem Idempotency-Key wird noch bearbeitet.".into())),
    };
    let mp3 = svc.storage.read(key).await.map_err(|_| Error::NotFound("Audio nicht gefunden."))?;
    let bytes = match format {
        AudioFormat::Mp3 => mp3,
        other => {
            let pcm = tokio::task::spawn_blocking(move || audio::decode(&mp3, "mp3"))
                .await
                .map_err(|e| Error::Internal(e.into()))?
                .map_err(|e| Error::Internal(e.into()))?;
            match other {
                AudioFormat::Wav => audio::wav_from_pcm16(&audio::pcm16_bytes(&pcm.samples), pcm.sample_rate),
                _ => audio::pcm16_bytes(&audio::resample(&pcm.samples, pcm.sample_rate, PCM_RATE)),
            }
        }
    };
    let (_, rest) = mpsc::channel(1);
    Ok(SpeechAudio { job_id, format, first: Bytes::from(bytes), rest })
}

struct InlineJob {
    id: Uuid,
    user_id: Uuid,
    text: String,
    voice: Voice,
    rate: Option<f32>,
    instructions: Option<String>,
}

type Sender = mpsc::Sender<std::result::Result<Bytes, String>>;

async fn produce(svc: Services, job: InlineJob, engine: Arc<dyn SpeechEngine>, format: AudioFormat, tx: Sender) {
    let heartbeat = generation::spawn_heartbeat(svc.pool.clone(), job.id, svc.settings.worker.heartbeat());
    let engine = Retrying { inner: engine.as_ref() };
    let mut out = Outbox { tx: &tx, started: false, client_gone: false, parts_sent: 0, parts: 0 };
    let result = stream(&svc, &job, &engine, format, &mut out).await;
    heartbeat.abort();
    let outcome = match result {
        Ok(mp3) => store(&svc, &job, mp3).await,
        Err(EngineError::Cancelled) => Ok(()),
        Err(error) => {
            let message = error.to_string();
            tracing::warn!(job_id = %job.id, %message, "inline synthesis failed, refunding");
            tx.send(Err(message.clone())).await.ok();
            // What went out is delivered: only the rest is refunded.
            let delivered = generation::Delivered { parts: out.parts_sent, of: out.parts };
            let refund_note = if out.parts_sent == 0 {
                "Der Betrag wurde erstattet."
            } else {
                "Der Anteil, der nicht mehr ausgeliefert wurde, wurde erstattet."
            };
            generation::fail_and_refund_undelivered(&svc.pool, job.id, &format!("{message} {refund_note}"), delivered)
                .await
                .map(|_| ())
        }
    };
    if let Err(e) = outcome {
        // The job stays `processing` without heartbeat: the sweep hands it to the worker.
        tracing::error!(job_id = %job.id, error = %e, "finishing an inline job failed");
    }
}

/// The finished MP3 and its duration.
struct Finished {
    mp3: Vec<u8>,
    duration_seconds: f64,
}

/// Synthesizes part by part and sends each part's audio in `format`.
/// Where the audio goes, and what of it went out.
struct Outbox<'a> {
    tx: &'a Sender,
    /// The job is marked as being delivered (before its first byte).
    started: bool,
    client_gone: bool,
    /// Text parts whose audio went out, of how many.
    parts_sent: usize,
    parts: usize,
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

async fn stream(
    svc: &Services,
    job: &InlineJob,
    engine: &dyn SpeechEngine,
    format: AudioFormat,
    out: &mut Outbox<'_>,
) -> std::result::Result<Finished, EngineError> {
    let permanent = |e: audio::AudioError| EngineError::Permanent(e.to_string());
    let api_name = job.voice.api_name.as_deref().unwrap_or_default();
    let dictionary = crate::pronunciation::entries_for(&svc.pool, Some(job.user_id))
        .await
        .map_err(|e| EngineError::Transient(format!("Das Aussprache-Wörterbuch ist nicht lesbar: {e}")))?;
    let speech = Speech {
        text: &job.text,
        voice: api_name,
        language: &job.voice.language,
        rate: job.rate,
        instructions: job.instructions.as_deref(),
        dictionary: &dictionary,
    };
    let max_part = engine.max_chunk().min(STREAM_PART_CHARS);
    let (parts, pauses) = synthesis::plan(engine, &speech, max_part).await?;
    out.parts = parts.len();
    let still_wanted = || async { jobs::is_processing(&svc.pool, job.id).await.unwrap_or(true) };
    let concurrency = svc.settings.worker.chunk_concurrency;
    let mut pieces = std::pin::pin!(synthesis::chunk_audio(engine, &speech, parts, concurrency, &still_wanted));

    let mut encoder: Option<Mp3Stream> = None;
    let mut sample_rate = 0;
    let mut total_samples = 0usize;
    let mut mp3 = Vec::new();
    let mut wav_samples = Vec::new();
    let mut index = 0usize;
    while let Some(pcm) = pieces.next().await {
        let pcm = pcm?;
        // The pause before this piece is the one after the piece before it.
        let pause_ms = if index == 0 { 0 } else { pauses[index - 1] };
        index += 1;
        let first = encoder.is_none();
        if first {
            sample_rate = pcm.sample_rate;
        } else if pcm.sample_rate != sample_rate {
            return Err(EngineError::Permanent(format!(
                "uneinheitliche Abtastraten ({sample_rate} und {} Hz)",
                pcm.sample_rate
            )));
        }
        let mut samples = vec![0i16; (sample_rate as u64 * pause_ms as u64 / 1000) as usize];
        samples.extend_from_slice(&pcm.samples);
        total_samples += samples.len();
        // LAME is CPU work: off the async threads, the encoder travels along.
        let current = encoder.take();
        let (next, encoded, samples) = tokio::task::spawn_blocking(move || {
            let mut stream = match current {
                Some(stream) => stream,
                None => Mp3Stream::new(sample_rate)?,
            };
            let encoded = stream.encode(&samples)?;
            Ok::<_, audio::AudioError>((stream, encoded, samples))
        })
        .await
        .map_err(|e| EngineError::Transient(format!("Kodierung abgebrochen: {e}")))?
        .map_err(permanent)?;
        encoder = Some(next);
        mp3.extend_from_slice(&encoded);
        let piece = match format {
            AudioFormat::Mp3 => encoded,
            AudioFormat::Pcm => audio::pcm16_bytes(&audio::resample(&samples, sample_rate, PCM_RATE)),
            AudioFormat::Wav => {
                wav_samples.extend_from_slice(&samples);
                Vec::new()
            }
        };
        let sent_something = !piece.is_empty();
        out.send(svc, job.id, piece).await?;
        if sent_something {
            // Audio up to this part went out (LAME may hold back a few ms until the next).
            out.parts_sent = index;
        }
    }
    let encoder = encoder.ok_or_else(|| EngineError::Permanent("Der Text ergab keine Audiodaten.".into()))?;
    let tail = tokio::task::spawn_blocking(move || encoder.finish())
        .await
        .map_err(|e| EngineError::Transient(format!("Kodierung abgebrochen: {e}")))?
        .map_err(permanent)?;
    mp3.extend_from_slice(&tail);
    let last = match format {
        AudioFormat::Mp3 => tail,
        // A WAV header states the length, so WAV goes out in one piece at the end.
        AudioFormat::Wav => audio::wav_from_pcm16(&audio::pcm16_bytes(&wav_samples), sample_rate),
        AudioFormat::Pcm => Vec::new(),
    };
    out.send(svc, job.id, last).await?;
    Ok(Finished { mp3, duration_seconds: total_samples as f64 / sample_rate as f64 })
}

async fn store(svc: &Services, job: &InlineJob, finished: Finished) -> Result<()> {
    let key = storage::audio_key(job.user_id, job.id);
    svc.storage.put(&key, &finished.mp3).await.map_err(|e| Error::Internal(e.into()))?;
    // The inline job is its first attempt.
    generation::complete_stored(svc, job.id, 1, &key, finished.duration_seconds).await?;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kinds::{ProviderId, VoiceType};

    fn voice(key: &str, name: &str) -> Voice {
        Voice {
            id: Uuid::new_v4(),
            catalogue_key: Some(key.into()),
            name: name.into(),
            description: None,
            language: "de-DE".into(),
            provider: ProviderId::Local,
            api_name: Some("de+f2".into()),
            gender: None,
            avatar: None,
            voice_type: VoiceType::Public,
            is_demo: false,
        }
    }

    #[test]
    fn voices_are_found_by_id_key_openai_name_or_unique_name() {
        let voices =
            [voice("local-de-klara", "Klara"), voice("openai-de-nova", "Nova"), voice("local-es-pablo", "Pablo"), {
                voice("google-es-chirp3-puck", "Pablo")
            }];
        assert_eq!(resolve_voice(&voices, &voices[0].id.to_string()).unwrap().name, "Klara");
        assert_eq!(resolve_voice(&voices, "local-de-klara").unwrap().name, "Klara");
        assert_eq!(resolve_voice(&voices, " klara ").unwrap().name, "Klara");
        assert_eq!(resolve_voice(&voices, "NOVA").unwrap().catalogue_key.as_deref(), Some("openai-de-nova"));
        assert!(resolve_voice(&voices, "Pablo").is_err(), "two voices share the name");
        assert!(resolve_voice(&voices, "fable").is_err(), "OpenAI names without a voice here are refused");
        assert!(resolve_voice(&voices, &Uuid::new_v4().to_string()).is_err());
        assert!(resolve_voice(&voices, "").is_err());
    }

    #[test]
    fn formats_the_audio_path_cannot_make_are_refused_by_name() {
        assert_eq!(AudioFormat::parse(None).unwrap(), AudioFormat::Mp3);
        assert_eq!(AudioFormat::parse(Some("wav")).unwrap(), AudioFormat::Wav);
        assert_eq!(AudioFormat::parse(Some("pcm")).unwrap(), AudioFormat::Pcm);
        for refused in ["opus", "aac", "flac", "ogg"] {
            assert!(AudioFormat::parse(Some(refused)).unwrap_err().to_string().contains(refused));
        }
    }
}
