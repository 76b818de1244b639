//! Domain rules: parse-only newtypes, the closed sets of stored values, the German reading
//! of a text (`normalize`), and pure functions, tested beside their code. No I/O: `shared`
//! re-exports this crate as `shared::domain`.

pub mod audio_profile;
pub mod caps;
pub mod chunks;
pub mod client_ip;
pub mod clone_lifecycle;
pub mod clone_ref;
pub mod cue_layout;
pub mod device;
pub mod dictionary;
pub mod download_name;
pub mod email;
pub mod failure;
pub mod input;
pub mod ipa;
pub mod kinds;
pub mod manuscript;
pub mod markup;
pub mod money;
pub mod normalize;
pub mod password;
pub mod pls;
pub mod project;
pub mod publication;
pub mod sentences;
pub mod speech_budget;
pub mod spoken;
pub mod text;
pub mod timed_text;
pub mod voice_preview;
pub mod voice_sample;

use std::collections::BTreeMap;

/// Input a rule refuses: the toast title, the German message, and the form fields it
/// belongs to. `shared::Error::Validation` carries it to the client (a 422).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Invalid {
    pub title: &'static str,
    pub message: String,
    pub fields: BTreeMap<&'static str, String>,
}

impl Invalid {
    /// Refused input of one form field.
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        let message = message.into();
        Invalid { title: "Ungültige Eingabe", fields: BTreeMap::from([(field, message.clone())]), message }
    }

    /// Refused input with its own toast title and no field.
    pub fn new(title: &'static str, message: impl Into<String>) -> Self {
        Invalid { title, message: message.into(), fields: BTreeMap::new() }
    }
}

pub type Result<T, E = Invalid> = std::result::Result<T, E>;
