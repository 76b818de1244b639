//! Cloned voices: the local clone engine (an eSpeak NG voice that follows the speaker's
//! pitch and tempo, an approximation and labelled so), and the speech engine of every
//! clone voice, which reads the clone's reference and speaks with the engine that made it.

use std::sync::Arc;

use async_trait::async_trait;

use super::cloner::{TrainingInput, TrainingStep, TrainingTarget, VoiceCloner};
use super::elevenlabs::ElevenLabs;
use super::local::{LocalEngine, Voice};
use super::replicate::Replicate;
use super::{EngineAudio, EngineError, Markup, SpeechEngine, SynthesisRequest};
use audio::Pcm;
use domain::clone_ref::CloneRef;
use domain::kinds::CloneEngineId;
use domain::voice_sample::{self, VoiceProfile};

/// The local clone of a speaker: eSpeak's male or female base voice, its pitch placed at
/// the speaker's and its spread following the speaker's melody, and the speaker's tempo.
pub fn local_clone_ref(profile: &VoiceProfile) -> CloneRef {
    let settings = voice_sample::espeak_settings(profile);
    // eSpeak's `pitch <base> <range>`: the voice moves from base up by about range. A
    // speaker's median sits a little above the base of their melody.
    let base = (profile.median_pitch_hz * 0.8).clamp(50.0, 350.0);
    let spread = 2f64.powf(profile.pitch_range_semitones.clamp(1.0, 24.0) / 12.0) - 1.0;
    let range = (base * spread).clamp(15.0, 250.0);
    CloneRef::Local {
        female: settings.variant == "f2",
        pitch_base_hz: base.round() as u16,
        pitch_range_hz: range.round() as u16,
        words_per_minute: settings.words_per_minute as u16,
    }
}

/// The eSpeak voice file of a local clone: German, with the formants of eSpeak's own
/// male (m3) or female (f2) variant.
fn voice_file(female: bool, pitch_base_hz: u16, pitch_range_hz: u16) -> String {
    let (gender, formants) = if female {
        (
            "female",
            "formant 0 105 80 150\nformant 1 110 80 160\nformant 2 110 70 150\nformant 3 110 70 150\nroughness 3\n",
        )
    } else {
        ("male", "formant 0 100 100 100\nformant 1 96 97 100\nformant 2 96 97 100\nformant 3 96 103 100\n")
    };
    format!(
        "name clone\nlanguage de\ngender {gender}\n\npitch {pitch_base_hz} {}\n{formants}",
        pitch_base_hz + pitch_range_hz
    )
}

pub struct LocalCloner;

#[async_trait]
impl VoiceCloner for LocalCloner {
    fn id(&self) -> CloneEngineId {
        CloneEngineId::Local
    }

    async fn start(&self, input: &TrainingInput) -> Result<TrainingStep, EngineError> {
        let joined: Vec<Pcm> = input.samples.iter().map(|s| s.pcm.clone()).collect();
        let Ok(pcm) = audio::join(joined, 0) else {
            return Ok(TrainingStep::Failed("Es fehlt eine Trainingsaufnahme.".into()));
        };
        // The analysis is CPU work over minutes of audio: keep it off the async threads.
        let profile = tokio::task::spawn_blocking(move || voice_sample::profile(&pcm))
            .await
            .map_err(|e| EngineError::Transient(format!("Analyse abgebrochen: {e}")))?;
        Ok(match profile {
            Some(profile) => TrainingStep::Done { clone_ref: local_clone_ref(&profile), provider_voice_id: None },
            None => TrainingStep::Failed(
                "In der Aufnahme ist zu wenig Stimme zu hören. Bitte nehmen Sie den Text erneut deutlich auf.".into(),
            ),
        })
    }

    async fn poll(&self, _target: &TrainingTarget, _training_ref: &str) -> Result<TrainingStep, EngineError> {
        Err(EngineError::Permanent("Beim lokalen Klonen läuft kein Training.".into()))
    }

    async fn cancel(&self, _training_ref: &str) -> Result<(), EngineError> {
        Ok(())
    }

    async fn delete_voice(&self, _provider_voice_id: &str) -> Result<(), EngineError> {
        Ok(())
    }
}

/// The speech engine of clone voices (`provider = clone`): the voice name is the clone's
/// reference, which says which engine speaks it. A clone of a cloud engine whose key is
/// gone is not spoken by another engine: the job fails with the reason.
pub struct CloneSpeech {
    pub local: LocalEngine,
    pub elevenlabs: Option<Arc<ElevenLabs>>,
    pub replicate: Option<Arc<Replicate>>,
}

impl CloneSpeech {
    /// Longest chunk: XTTS speaks short passages best, and one limit serves every clone.
    pub const MAX_CHUNK: usize = 400;
}

#[async_trait]
impl SpeechEngine for CloneSpeech {
    fn max_chunk(&self) -> usize {
        Self::MAX_CHUNK
    }

    /// As the engine behind the clone takes it.
    fn markup(&self, voice: &str) -> Markup {
        match voice.parse::<CloneRef>() {
            Ok(CloneRef::Local { .. }) => Markup::Espeak,
            Ok(CloneRef::Elevenlabs { .. }) => Markup::ElevenLabs,
            Ok(CloneRef::Replicate { .. }) | Err(_) => Markup::Plain,
        }
    }

    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        let reference: CloneRef = request
            .voice
            .parse()
            .map_err(|_| EngineError::Permanent("Die geklonte Stimme ist nicht fertig trainiert.".into()))?;
        let text = request.rendered(self.markup(&request.voice));
        let unavailable = |name: &str| {
            EngineError::Permanent(format!("{name} ist nicht eingerichtet; die Stimme kann gerade nicht sprechen."))
        };
        match reference {
            CloneRef::Local { female, pitch_base_hz, pitch_range_hz, words_per_minute } => {
                let file = voice_file(female, pitch_base_hz, pitch_range_hz);
                self.local.speak(&text, Voice::File(&file), words_per_minute as u32, 50).await
            }
            CloneRef::Elevenlabs { voice_id } => {
                // It renders the input itself: it needs to know where each sentence starts.
                let engine = self.elevenlabs.as_ref().ok_or_else(|| unavailable("ElevenLabs"))?;
                engine.speak(&voice_id, &request.input, &request.language).await
            }
            CloneRef::Replicate { reference_key } => {
                self.replicate
                    .as_ref()
                    .ok_or_else(|| unavailable("Replicate"))?
                    .speak(&reference_key, &text, &request.language)
                    .await
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speech() -> CloneSpeech {
        CloneSpeech { local: LocalEngine::default(), elevenlabs: None, replicate: None }
    }

    async fn median_pitch(reference: &CloneRef) -> f64 {
        let text = "Guten Morgen. Heute sprechen wir über das Wetter in Berlin und die Pläne für das Wochenende.";
        let request = SynthesisRequest::plain(text, &reference.to_string(), "de-DE");
        let audio = speech().synthesize(&request).await.unwrap();
        let pcm = audio::decode(&audio.bytes, audio.extension).unwrap();
        voice_sample::profile(&pcm).unwrap().median_pitch_hz
    }

    /// The local clone is an approximation, but it must follow the speaker: a clone of a
    /// low voice speaks low, a clone of a high voice high, each near the speaker's pitch.
    #[tokio::test]
    async fn a_local_clone_speaks_near_the_speakers_pitch() {
        for target in [105.0, 150.0, 220.0] {
            let profile =
                VoiceProfile { median_pitch_hz: target, pitch_range_semitones: 6.0, syllables_per_second: 4.5 };
            let measured = median_pitch(&local_clone_ref(&profile)).await;
            let off = (measured / target).log2().abs() * 12.0;
            assert!(off < 3.0, "target {target} Hz, clone speaks at {measured:.0} Hz ({off:.1} semitones off)");
        }
    }

    #[tokio::test]
    async fn a_clone_of_an_engine_without_key_fails_instead_of_speaking_with_another() {
        let request = SynthesisRequest::plain("Hallo.", "elevenlabs:abc", "de-DE");
        let error = speech().synthesize(&request).await.unwrap_err();
        assert!(matches!(error, EngineError::Permanent(m) if m.contains("ElevenLabs ist nicht eingerichtet")));
    }
}
