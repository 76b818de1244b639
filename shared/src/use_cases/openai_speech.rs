//! The OpenAI-compatible speech endpoint (`POST /v1/audio/speech`), the use case: text
//! in, audio out in the same response, charged and kept like every API job. This is the
//! façade (OpenAI's models, voice names and formats, a replayed request); the run that
//! makes and streams the audio is `generation::inline`.

use bytes::Bytes;
use tokio::sync::mpsc;
use uuid::Uuid;

use crate::audio;
use crate::caller::Caller;
use crate::db::voices::{self, Voice};
use crate::domain::kinds::{JobSource, JobStatus};
use crate::error::{Error, Result};
use crate::services::Services;
use crate::use_cases::generation::inline::{self, InlineJob};
pub use crate::use_cases::generation::inline::{AudioFormat, PCM_RATE};
use crate::use_cases::generation::{self, Delivery, SubmitRequest};

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
        Some(speed) if crate::providers::of(voice.provider).takes_rate => Some(speed),
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
    .await
    // The caller sent `input`, `voice` and `speed`: the errors name those.
    .map_err(|e| e.field_moved("text", "input").field_moved("voice_id", "voice").field_moved("rate", "speed"))?;
    let job = submitted.job;
    if submitted.replayed {
        return replay(svc, job.id, job.status, job.audio_key.as_deref(), format).await;
    }
    let engine = match svc.engines.current().usable(voice.provider) {
        Ok(engine) => engine,
        Err(why) => {
            let message = why.reason_for(user.role);
            let sentence = crate::domain::failure::with_refund(message, "der Betrag wurde erstattet");
            generation::fail_and_refund(&svc.pool, job.id, &sentence).await?;
            return Err(Error::field("voice", message));
        }
    };
    let inline =
        InlineJob { id: job.id, user_id: user.id, text: job.text, voice, rate, instructions, cost_cent: job.cost_cent };
    let mut rx = inline::start(svc, inline, engine, format);
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
