//! Long-form projects: what decides that a paragraph must be spoken (and paid) again,
//! what a chapter's state is, and the titles. A paragraph is spoken as one job; its
//! content hash covers everything that changes the audio (text, voice, dictionary), so
//! an edit re-renders that paragraph alone and the rest is reused.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::dictionary::Entry;
use crate::kinds::JobStatus;

/// Longest project or chapter title.
pub const MAX_TITLE_CHARS: usize = 200;
/// Silence between two paragraphs of a chapter.
pub const PARAGRAPH_PAUSE_MS: u32 = 700;

/// Where a paragraph (or, summed up, a chapter) stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ParagraphState))]
pub enum ParagraphState {
    /// Never spoken, or changed since: rendering charges it.
    Stale,
    /// Its job is queued or running.
    Rendering,
    Done,
    /// Its job failed for good (and was refunded): rendering charges it again.
    Failed,
}

impl ParagraphState {
    /// The state of a paragraph whose content hash is `current`, given the hash its job
    /// was made for and that job's status.
    pub fn of(current: &str, job_hash: Option<&str>, job_status: Option<JobStatus>) -> ParagraphState {
        ParagraphState::of_match(job_hash == Some(current), job_status)
    }

    /// The state of a paragraph whose job (in `job_status`) was, or was not, made from
    /// what the paragraph is now.
    pub fn of_match(made_from_this: bool, job_status: Option<JobStatus>) -> ParagraphState {
        match job_status {
            Some(status) if made_from_this => match status {
                JobStatus::Pending | JobStatus::Processing => ParagraphState::Rendering,
                JobStatus::Completed => ParagraphState::Done,
                JobStatus::Failed => ParagraphState::Failed,
            },
            _ => ParagraphState::Stale,
        }
    }

    /// Rendering a chapter charges the paragraphs in these states.
    pub fn needs_rendering(self) -> bool {
        matches!(self, ParagraphState::Stale | ParagraphState::Failed)
    }

    /// A chapter's state from its paragraphs': a failure shows first, then work under
    /// way, then work to do; done only when every paragraph is.
    pub fn of_chapter(states: impl IntoIterator<Item = ParagraphState>) -> ParagraphState {
        let rank = |s: ParagraphState| match s {
            ParagraphState::Failed => 3,
            ParagraphState::Rendering => 2,
            ParagraphState::Stale => 1,
            ParagraphState::Done => 0,
        };
        states.into_iter().max_by_key(|&s| rank(s)).unwrap_or(ParagraphState::Stale)
    }
}

pub use crate::kinds::ExportFormat;

impl ExportFormat {
    pub fn content_type(self) -> &'static str {
        match self {
            ExportFormat::M4b => "audio/mp4",
            ExportFormat::Mp3 => "audio/mpeg",
            ExportFormat::Zip => "application/zip",
        }
    }

    /// What the web app calls the format (`EXPORT_FORMATS` in `project-rules.ts`).
    pub fn label(self) -> &'static str {
        match self {
            ExportFormat::M4b => "M4B-Hörbuch",
            ExportFormat::Mp3 => "MP3 mit Kapitelmarken",
            ExportFormat::Zip => "ZIP der Kapitel",
        }
    }

    /// The text of the export's entry in the library: found by the project's title, told
    /// apart from the other formats.
    pub fn library_text(self, project_title: &str) -> String {
        format!("{project_title} – {}", self.label())
    }
}

/// SHA-256 of a paragraph's text, kept beside it.
pub fn text_hash(text: &str) -> String {
    hex(Sha256::digest(text.as_bytes()).as_slice())
}

/// What the dictionary contributes to every paragraph's hash: a changed entry re-renders
/// the paragraphs (a user who fixes a pronunciation wants to hear it).
pub fn dictionary_fingerprint(entries: &[Entry]) -> String {
    let mut hash = Sha256::new();
    for e in entries {
        for field in [&e.term, &e.spoken, e.ipa.as_deref().unwrap_or("")] {
            hash.update(field.as_bytes());
            hash.update([0]);
        }
        hash.update([e.whole_word as u8, e.case_sensitive as u8]);
    }
    hex(hash.finalize().as_slice())
}

/// The content hash of a paragraph: its text, the voice that speaks it, the dictionary.
pub fn paragraph_hash(text_hash: &str, voice_id: Option<Uuid>, dictionary: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(text_hash.as_bytes());
    hash.update(voice_id.unwrap_or_default().as_bytes());
    hash.update(dictionary.as_bytes());
    hex(hash.finalize().as_slice())
}

/// Which paragraph jobs a chapter's joined audio was made from.
pub fn audio_hash(job_ids: impl IntoIterator<Item = Uuid>) -> String {
    let mut hash = Sha256::new();
    for id in job_ids {
        hash.update(id.as_bytes());
    }
    hex(hash.finalize().as_slice())
}

/// Finished exports kept per format and project: a new one that ends pushes the oldest out
/// (row and file), so stored exports cannot pile up.
pub const EXPORTS_KEPT_PER_FORMAT: i64 = 3;

/// What a project's creation asked for. A retry with the same Idempotency-Key must ask the
/// same; another body under that key is refused.
pub fn create_fingerprint(title: &str, text: &str, voice_id: Option<Uuid>) -> String {
    let mut hash = Sha256::new();
    for field in [title.as_bytes(), voice_id.unwrap_or_default().as_bytes(), text.as_bytes()] {
        hash.update((field.len() as u64).to_be_bytes());
        hash.update(field);
    }
    hex(hash.finalize().as_slice())
}

/// What an export's creation asked for (the project, the format and the profile).
pub fn export_fingerprint(project_id: Uuid, format: ExportFormat, profile: crate::kinds::ExportProfile) -> String {
    let mut hash = Sha256::new();
    hash.update(project_id.as_bytes());
    hash.update(format.as_str().as_bytes());
    hash.update([0]);
    hash.update(profile.as_str().as_bytes());
    hex(hash.finalize().as_slice())
}

/// The title a chapter gets when the user names none: "Kapitel N", N its place from 1.
pub fn default_chapter_title(position: usize) -> String {
    format!("Kapitel {}", position + 1)
}

/// Merging a chapter into the one before: the voice its paragraphs without their own voice
/// must now carry so that they are still spoken as before (and stay rendered, not charged
/// again). `None` when the chapter before speaks them the same way anyway, or when there
/// was no voice to keep.
pub fn voice_to_keep_when_merged(
    chapter_voice: Option<Uuid>,
    previous_chapter_voice: Option<Uuid>,
    project_voice: Option<Uuid>,
) -> Option<Uuid> {
    let before = chapter_voice.or(project_voice);
    let after = previous_chapter_voice.or(project_voice);
    if before == after { None } else { before }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A project or chapter title: trimmed, 1 to 200 characters, no control characters, and
/// like a name no direction overrides or invisible characters inside: a title is shown
/// in lists, players, file names and the chapter marks of an export, and "\u{202E}"
/// would make it read as something else than what is stored. (Titles taken from a
/// manuscript are cleaned of these characters before they get here.)
pub fn title(field: &'static str, raw: &str) -> crate::Result<String> {
    let title = crate::input::trim(raw);
    if title.is_empty() {
        return Err(crate::Invalid::field(field, "Bitte geben Sie einen Titel ein."));
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(crate::Invalid::field(field, format!("Höchstens {MAX_TITLE_CHARS} Zeichen.")));
    }
    crate::input::no_controls(field, title, false)?;
    crate::input::no_hidden_formatting(field, title)?;
    Ok(title.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_in_the_library_is_found_by_its_project_title_and_names_its_format() {
        assert_eq!(ExportFormat::M4b.library_text("Der Zauberberg"), "Der Zauberberg – M4B-Hörbuch");
        assert_eq!(ExportFormat::Zip.library_text("Kurs"), "Kurs – ZIP der Kapitel");
        assert_eq!(ExportFormat::Mp3.content_type(), "audio/mpeg");
    }

    #[test]
    fn a_paragraph_is_done_only_for_the_content_its_job_was_made_for() {
        let done = ParagraphState::of("h1", Some("h1"), Some(JobStatus::Completed));
        assert_eq!(done, ParagraphState::Done);
        assert_eq!(ParagraphState::of("h2", Some("h1"), Some(JobStatus::Completed)), ParagraphState::Stale);
        assert_eq!(ParagraphState::of("h1", None, None), ParagraphState::Stale);
        assert_eq!(ParagraphState::of("h1", Some("h1"), Some(JobStatus::Processing)), ParagraphState::Rendering);
        assert!(ParagraphState::of("h1", Some("h1"), Some(JobStatus::Failed)).needs_rendering());
        assert!(!done.needs_rendering());
    }

    #[test]
    fn text_voice_and_dictionary_each_change_the_hash() {
        let voice = |b: u8| Some(Uuid::from_bytes([b; 16]));
        let base = paragraph_hash(&text_hash("Hallo."), voice(1), "d");
        assert_eq!(base, paragraph_hash(&text_hash("Hallo."), voice(1), "d"));
        assert_ne!(base, paragraph_hash(&text_hash("Hallo!"), voice(1), "d"));
        assert_ne!(base, paragraph_hash(&text_hash("Hallo."), voice(2), "d"));
        assert_ne!(base, paragraph_hash(&text_hash("Hallo."), voice(1), "e"));
        let entry = |spoken: &str| Entry {
            term: "SW".into(),
            spoken: spoken.into(),
            ipa: None,
            whole_word: true,
            case_sensitive: false,
        };
        assert_ne!(dictionary_fingerprint(&[entry("Stimmwerk")]), dictionary_fingerprint(&[entry("Stimmwerck")]));
    }

    #[test]
    fn a_chapter_shows_failure_then_work_under_way_then_work_to_do() {
        use ParagraphState::*;
        assert_eq!(ParagraphState::of_chapter([Done, Stale, Rendering]), Rendering);
        assert_eq!(ParagraphState::of_chapter([Done, Failed, Rendering]), Failed);
        assert_eq!(ParagraphState::of_chapter([Done, Done]), Done);
        assert_eq!(ParagraphState::of_chapter([]), Stale);
    }

    #[test]
    fn a_merged_paragraph_keeps_the_voice_it_was_rendered_with() {
        let voice = |b: u8| Some(Uuid::from_bytes([b; 16]));
        // Same voice on both sides (a split undone): nothing to pin.
        assert_eq!(voice_to_keep_when_merged(None, None, voice(1)), None);
        assert_eq!(voice_to_keep_when_merged(voice(2), voice(2), voice(1)), None);
        // The chapter had its own voice, the one before has none: keep the chapter's.
        assert_eq!(voice_to_keep_when_merged(voice(2), None, voice(1)), voice(2));
        // The chapter spoke with the project's voice, the one before has its own: keep the project's.
        assert_eq!(voice_to_keep_when_merged(None, voice(3), voice(1)), voice(1));
        // Nothing was speakable before: nothing to keep.
        assert_eq!(voice_to_keep_when_merged(None, voice(3), None), None);
    }

    #[test]
    fn a_retry_must_ask_for_the_same_project_and_export() {
        let voice = Some(Uuid::from_bytes([1; 16]));
        let base = create_fingerprint("Buch", "Text", voice);
        assert_eq!(base, create_fingerprint("Buch", "Text", voice));
        assert_ne!(base, create_fingerprint("Buch", "Text!", voice));
        assert_ne!(base, create_fingerprint("Buch2", "Text", voice));
        assert_ne!(base, create_fingerprint("Buch", "Text", None));
        // Field boundaries count: the title's end cannot move into the text.
        assert_ne!(create_fingerprint("ab", "c", voice), create_fingerprint("a", "bc", voice));
        let project = Uuid::from_bytes([7; 16]);
        let standard = crate::kinds::ExportProfile::Standard;
        let zip = export_fingerprint(project, ExportFormat::Zip, standard);
        assert_ne!(zip, export_fingerprint(project, ExportFormat::Mp3, standard));
        assert_ne!(zip, export_fingerprint(Uuid::nil(), ExportFormat::Zip, standard));
        assert_ne!(zip, export_fingerprint(project, ExportFormat::Zip, crate::kinds::ExportProfile::Acx));
        assert_eq!(default_chapter_title(2), "Kapitel 3");
    }

    #[test]
    fn titles_are_trimmed_and_bounded() {
        assert_eq!(title("title", "  Band 1 ").unwrap(), "Band 1");
        assert!(title("title", "   ").is_err());
        assert!(title("title", &"x".repeat(201)).is_err());
    }

    #[test]
    fn titles_refuse_direction_overrides_and_invisible_characters_as_names_do() {
        let refused = "Die Eingabe enthält unsichtbare Zeichen oder Zeichen, die die Schreibrichtung umkehren.";
        for hidden in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
            '\u{200E}', '\u{200F}', '\u{061C}', '\u{200B}',
        ] {
            let raw = format!("Kapitel {hidden}drei");
            let error = title("title", &raw).unwrap_err();
            assert_eq!(error.fields.get("title").map(String::as_str), Some(refused), "{hidden:?}");
            assert!(crate::input::name("name", "Der Name", &raw).is_err(), "names refuse {hidden:?} too");
        }
        assert_eq!(
            title("title", "Kapitel 1\0").unwrap_err().message,
            "Die Eingabe enthält unzulässige Steuerzeichen."
        );
        // Invisible characters at the ends are trimmed away, as for names; Arabic or
        // Hebrew text itself is welcome.
        assert_eq!(title("title", "\u{200B} Band 2 \u{FEFF}").unwrap(), "Band 2");
        assert_eq!(title("title", "שלום עולם").unwrap(), "שלום עולם");
    }
}
