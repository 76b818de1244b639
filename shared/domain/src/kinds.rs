//! The closed sets of values the database stores as text (job status, role, voice type,
//! ledger kind, training status, job source). Each is a Rust enum that maps to its text
//! column through sqlx, to JSON through serde, and into the OpenAPI document (and so into
//! the web app's generated types) through utoipa (feature `openapi`, which only the api
//! turns on): the spelling lives here once.

/// Declares a text-backed enum: the variants with their stored spelling, `as_str`,
/// `FromStr`, and the sqlx mapping to a Postgres `text` column.
macro_rules! text_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        // The stored spelling is the variant's name in snake_case (a test holds serde,
        // and so the OpenAPI document, to `as_str`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = $name))]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::kinds::UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($text => Ok($name::$variant),)+
                    other => Err($crate::kinds::UnknownValue { kind: stringify!($name), value: other.to_owned() }),
                }
            }
        }

        impl sqlx::Type<sqlx::Postgres> for $name {
            fn type_info() -> sqlx::postgres::PgTypeInfo {
                <&str as sqlx::Type<sqlx::Postgres>>::type_info()
            }
            fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
                <&str as sqlx::Type<sqlx::Postgres>>::compatible(ty)
            }
        }

        impl<'q> sqlx::Encode<'q, sqlx::Postgres> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut sqlx::postgres::PgArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<sqlx::Postgres>>::encode_by_ref(&self.as_str(), buf)
            }
        }

        impl<'r> sqlx::Decode<'r, sqlx::Postgres> for $name {
            fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                let text = <&str as sqlx::Decode<sqlx::Postgres>>::decode(value)?;
                Ok(text.parse()?)
            }
        }
    };
}

/// A stored value outside its enum (a row written by a newer version, or by hand).
#[derive(Debug, thiserror::Error)]
#[error("unknown {kind} value {value:?}")]
pub struct UnknownValue {
    pub kind: &'static str,
    pub value: String,
}

text_enum! {
    /// Where a webhook delivery stands: pending -> delivering -> delivered, or back to
    /// pending for a retry, and failed once its 24 hours are over.
    pub enum DeliveryStatus {
        Pending = "pending",
        Delivering = "delivering",
        Delivered = "delivered",
        Failed = "failed",
    }
}

text_enum! {
    /// Where a generation job stands. pending -> processing -> completed | failed.
    pub enum JobStatus {
        Pending = "pending",
        Processing = "processing",
        Completed = "completed",
        Failed = "failed",
    }
}

impl JobStatus {
    /// Not finished yet: the charge is still open and a delete refunds it.
    pub fn is_unfinished(self) -> bool {
        matches!(self, JobStatus::Pending | JobStatus::Processing)
    }
}

text_enum! {
    pub enum Role {
        User = "user",
        Admin = "admin",
    }
}

text_enum! {
    /// Stock voices from the catalogue, or a user's cloned voice.
    pub enum VoiceType {
        Public = "public",
        Clone = "clone",
    }
}

text_enum! {
    /// Why a balance changed. Debits are negative, credits positive (a CHECK holds it).
    pub enum LedgerKind {
        SignupBonus = "signup_bonus",
        Charge = "charge",
        Refund = "refund",
        CloneFee = "clone_fee",
        TopUp = "top_up",
        AdminAdjustment = "admin_adjustment",
        PermanentSave = "permanent_save",
        /// A project's render of a chapter: one booking for its paragraphs.
        ProjectRender = "project_render",
    }
}

impl LedgerKind {
    /// How the account page names a booking.
    pub fn label(self) -> &'static str {
        match self {
            LedgerKind::SignupBonus => "Startguthaben",
            LedgerKind::Charge => "Audio-Generierung",
            LedgerKind::Refund => "Erstattung",
            LedgerKind::CloneFee => "Gebühr Stimmklon",
            LedgerKind::TopUp => "Aufladung",
            LedgerKind::AdminAdjustment => "Korrektur durch den Support",
            LedgerKind::PermanentSave => "Dauerhafte Speicherung",
            LedgerKind::ProjectRender => "Projekt-Vertonung",
        }
    }
}

text_enum! {
    /// What a permanently saved audio is for (the save dialog's choice).
    pub enum SaveCategory {
        Audio = "audio",
        Podcast = "podcast",
        Voiceover = "voiceover",
        Training = "training",
        Demo = "demo",
    }
}

text_enum! {
    /// Which audios a library list shows: not deleted (the default), the trash, or both.
    pub enum TrashView {
        Active = "active",
        Deleted = "deleted",
        All = "all",
    }
}

/// Lists leave the trash out unless asked.
impl Default for TrashView {
    fn default() -> Self {
        TrashView::Active
    }
}

text_enum! {
    /// The export formats of a project, and so the formats of a stored audio's file (every
    /// generated audio is an MP3).
    pub enum ExportFormat {
        /// An audiobook: AAC in MP4 with a chapter mark per chapter.
        M4b = "m4b",
        /// One MP3 with ID3v2 chapter frames.
        Mp3 = "mp3",
        /// The chapter MP3s in a ZIP.
        Zip = "zip",
    }
}

text_enum! {
    /// How an export's audio is made ready for where it goes (`projects::export`).
    pub enum ExportProfile {
        /// The chapters as the product makes them (MP3 at the voice's rate, -16 LUFS).
        Standard = "standard",
        /// Audible's ACX: 44.1 kHz, 192 kb/s constant MP3, RMS -23 to -18 dB, peaks at
        /// most -3 dB, room tone at head and tail of every chapter file.
        Acx = "acx",
        /// Podcasts: -16 LUFS, true peak at most -1.5 dBTP, 128 kb/s at 44.1 kHz.
        Podcast = "podcast",
    }
}

text_enum! {
    /// Order of a library list: by creation, newest or oldest first.
    pub enum SortOrder {
        Newest = "newest",
        Oldest = "oldest",
    }
}

text_enum! {
    /// Training state of a cloned voice.
    pub enum TrainingStatus {
        TrainingNeeded = "training_needed",
        Training = "training",
        TrainingInProgress = "training_in_progress",
        Completed = "completed",
        Failed = "failed",
    }
}

text_enum! {
    /// Which clone engine made a cloned voice (and speaks it): eSpeak NG following the
    /// recording (an approximation), ElevenLabs instant voice cloning, or a Replicate
    /// model that takes the recording as its speaker reference.
    pub enum CloneEngineId {
        Local = "local",
        Elevenlabs = "elevenlabs",
        Replicate = "replicate",
    }
}

impl CloneEngineId {
    /// The local engine only imitates pitch and tempo; the UI must say so.
    pub fn is_approximation(self) -> bool {
        self == CloneEngineId::Local
    }

    pub fn label(self) -> &'static str {
        match self {
            CloneEngineId::Local => "Lokale Annäherung (eSpeak NG)",
            CloneEngineId::Elevenlabs => "ElevenLabs Instant Voice Cloning",
            CloneEngineId::Replicate => "Replicate (XTTS v2)",
        }
    }
}

text_enum! {
    /// What a recording of a clone is: a read training text, or the spoken consent
    /// statement kept as evidence.
    pub enum SampleKind {
        Training = "training",
        Consent = "consent",
    }
}

text_enum! {
    /// `voices.provider`: which engine speaks a voice. What each provider can do is in
    /// the provider table (`crate::providers::PROVIDERS`).
    pub enum ProviderId {
        Local = "local",
        OpenaiTts = "openai_tts",
        GeminiTts = "gemini_tts",
        CloudTts = "cloud_tts",
        MurfTts = "murf_tts",
        Clone = "clone",
    }
}

text_enum! {
    /// What a mailed single-use link is for.
    pub enum TokenPurpose {
        EmailConfirmation = "email_confirmation",
        LoginLink = "login_link",
        PasswordReset = "password_reset",
    }
}

text_enum! {
    /// What an admin did (the audit log), and the security changes a user makes to their
    /// own account (second factor, password, API keys).
    pub enum AuditAction {
        UserCreated = "user_created",
        UserUpdated = "user_updated",
        UserDeleted = "user_deleted",
        BalanceAdjusted = "balance_adjusted",
        VoiceUpdated = "voice_updated",
        VoiceDeleted = "voice_deleted",
        ProviderKeyStored = "provider_key_stored",
        ProviderKeyRemoved = "provider_key_removed",
        ProviderKeyTested = "provider_key_tested",
        DictionaryEntrySaved = "dictionary_entry_saved",
        DictionaryEntryDeleted = "dictionary_entry_deleted",
        LabelCreated = "label_created",
        LabelUpdated = "label_updated",
        LabelDeleted = "label_deleted",
        Reauthenticated = "reauthenticated",
        TwoFactorEnabled = "two_factor_enabled",
        TwoFactorDisabled = "two_factor_disabled",
        PasswordChanged = "password_changed",
        ApiKeyCreated = "api_key_created",
    }
}

text_enum! {
    /// How a generation was requested: the web app, or the developer API.
    pub enum JobSource {
        Manual = "manual",
        Api = "api",
        /// A paragraph of a long-form project (not listed in the library).
        Project = "project",
        /// A finished export of a project (listed in the library; its file may be an M4B or a ZIP).
        Export = "export",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<T>(values: &[T])
    where
        T: Copy + std::fmt::Debug + PartialEq + std::str::FromStr + serde::Serialize + std::fmt::Display,
        T::Err: std::fmt::Debug,
    {
        for value in values {
            let text = value.to_string();
            assert_eq!(text.parse::<T>().unwrap(), *value);
            assert_eq!(serde_json::to_value(value).unwrap(), text, "serde spells {value:?} as stored");
        }
    }

    #[test]
    fn every_value_round_trips_through_its_text() {
        round_trips(JobStatus::ALL);
        round_trips(Role::ALL);
        round_trips(VoiceType::ALL);
        round_trips(LedgerKind::ALL);
        round_trips(TrainingStatus::ALL);
        round_trips(ProviderId::ALL);
        round_trips(JobSource::ALL);
        round_trips(AuditAction::ALL);
        round_trips(TokenPurpose::ALL);
        round_trips(DeliveryStatus::ALL);
        round_trips(CloneEngineId::ALL);
        round_trips(SampleKind::ALL);
        assert_eq!(TrainingStatus::TrainingInProgress.as_str(), "training_in_progress");
        assert_eq!(Role::Admin.to_string(), "admin");
    }

    #[test]
    fn an_unknown_value_is_an_error_not_a_default() {
        let err = "archived".parse::<JobStatus>().unwrap_err();
        assert_eq!(err.to_string(), "unknown JobStatus value \"archived\"");
        assert!("Admin".parse::<Role>().is_err(), "spelling is exact");
    }

    #[test]
    fn only_pending_and_processing_jobs_are_unfinished() {
        let unfinished: Vec<_> = JobStatus::ALL.iter().filter(|s| s.is_unfinished()).collect();
        assert_eq!(unfinished, [&JobStatus::Pending, &JobStatus::Processing]);
    }
}
