//! How a trained clone is spoken: the clone engine and what it needs. Stored as text in
//! `voices.clone_ref` and handed to the speech engine as the voice name, so generation
//! jobs snapshot it like any other voice. This type is its only writer and reader.

use std::fmt;
use std::str::FromStr;

/// A clone's speaking reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CloneRef {
    /// eSpeak NG with a voice built from the recording: a male or female base, the pitch
    /// (base and spread in Hz, eSpeak's `pitch` line) and the speaking rate.
    Local { female: bool, pitch_base_hz: u16, pitch_range_hz: u16, words_per_minute: u16 },
    /// An ElevenLabs voice id.
    Elevenlabs { voice_id: String },
    /// A Replicate model takes the reference recording with every request; this is the
    /// storage key of that recording (an MP3).
    Replicate { reference_key: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ungültige Klon-Referenz: {0:?}")]
pub struct InvalidCloneRef(String);

/// Provider ids and storage keys: letters, digits and a few separators, nothing that
/// could reach a shell, a path outside storage or another URL.
fn plain(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 200
        && !text.contains("..")
        && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
        && !text.starts_with('/')
}

impl fmt::Display for CloneRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CloneRef::Local { female, pitch_base_hz, pitch_range_hz, words_per_minute } => {
                let sex = if *female { "f" } else { "m" };
                write!(f, "local:{sex}:{pitch_base_hz}:{pitch_range_hz}:{words_per_minute}")
            }
            CloneRef::Elevenlabs { voice_id } => write!(f, "elevenlabs:{voice_id}"),
            CloneRef::Replicate { reference_key } => write!(f, "replicate:{reference_key}"),
        }
    }
}

impl FromStr for CloneRef {
    type Err = InvalidCloneRef;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = || InvalidCloneRef(text.to_owned());
        let (engine, rest) = text.split_once(':').ok_or_else(invalid)?;
        match engine {
            "local" => {
                let parts: Vec<&str> = rest.split(':').collect();
                let [sex, base, range, wpm] = parts[..] else { return Err(invalid()) };
                let number = |s: &str| s.parse::<u16>().map_err(|_| invalid());
                let female = match sex {
                    "f" => true,
                    "m" => false,
                    _ => return Err(invalid()),
                };
                Ok(CloneRef::Local {
                    female,
                    pitch_base_hz: number(base)?,
                    pitch_range_hz: number(range)?,
                    words_per_minute: number(wpm)?,
                })
            }
            "elevenlabs" if plain(rest) && !rest.contains('/') => Ok(CloneRef::Elevenlabs { voice_id: rest.into() }),
            "replicate" if plain(rest) => Ok(CloneRef::Replicate { reference_key: rest.into() }),
            _ => Err(invalid()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_text() {
        for r in [
            CloneRef::Local { female: true, pitch_base_hz: 170, pitch_range_hz: 90, words_per_minute: 150 },
            CloneRef::Elevenlabs { voice_id: "JBFqnCBsd6RMkjVDRZzb".into() },
            CloneRef::Replicate { reference_key: "u1/voice-reference-v1.mp3".into() },
        ] {
            assert_eq!(r.to_string().parse::<CloneRef>().unwrap(), r);
        }
        assert_eq!(
            CloneRef::Local { female: false, pitch_base_hz: 95, pitch_range_hz: 40, words_per_minute: 160 }.to_string(),
            "local:m:95:40:160"
        );
    }

    #[test]
    fn references_cannot_smuggle_paths_or_urls() {
        for bad in [
            "replicate:../etc/passwd",
            "replicate:/etc/passwd",
            "elevenlabs:a/b",
            "elevenlabs:",
            "elevenlabs:https://x",
            "local:m:1:2",
            "local:x:1:2:3",
            "openai:nova",
            "nova",
        ] {
            assert!(bad.parse::<CloneRef>().is_err(), "{bad}");
        }
    }
}
