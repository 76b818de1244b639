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

/// What a chapter's joined audio was made from: each paragraph's chosen take (its job)
/// with the pause after it, and the pause after the chapter.
pub fn audio_hash(parts: impl IntoIterator<Item = (Uuid, u32)>, chapter_pause_ms: u32) -> String {
    let mut hash = Sha256::new();
    for (id, pause_ms) in parts {
        hash.update(id.as_bytes());
        hash.update(pause_ms.to_be_bytes());
    }
    hash.update(chapter_pause_ms.to_be_bytes());
    hex(hash.finalize().as_slice())
}

/// Takes kept per paragraph: a new render pushes the oldest beyond these out (never the
/// chosen one).
pub const TAKES_KEPT: i64 = 5;

/// The fingerprint of the dictionary entries a paragraph is read with (see
/// `dictionary::used_by`): an entry for a word the paragraph does not hold leaves it
/// unchanged, so a dictionary fix makes only the paragraphs it touches stale.
pub fn terms_fingerprint(text: &str, entries: &[Entry]) -> String {
    let used = crate::dictionary::used_by(text, entries);
    let mut list: Vec<&Entry> = used.iter().map(|&i| &entries[i]).collect();
    // The same entries in another order read the text the same way.
    list.sort_by(|a, b| (&a.term, &a.spoken).cmp(&(&b.term, &b.spoken)));
    let owned: Vec<Entry> = list.into_iter().cloned().collect();
    dictionary_fingerprint(&owned)
}

/// The ledger's name of one render of a chapter: "Projekt »Titel« · Kapitel 2 · 4 Absätze".
pub fn render_booking_name(project_title: &str, chapter_position: i32, paragraphs: usize) -> String {
    let noun = if paragraphs == 1 { "Absatz" } else { "Absätze" };
    format!("Projekt »{project_title}« · Kapitel {} · {paragraphs} {noun}", chapter_position + 1)
}

/// Slowest and fastest speed of a paragraph (as the speech rate of the TTS page).
pub const SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.7..=1.3;
/// Lowest and highest pitch of a paragraph, in semitones.
pub const PITCH_RANGE: std::ops::RangeInclusive<i8> = -6..=6;
/// Longest pause after a paragraph or a chapter.
pub const MAX_PAUSE_MS: u32 = 10_000;

/// How a paragraph is spoken besides its text and voice: its speed and pitch (where the
/// voice's engine can change them) and the pause after it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ParagraphDelivery))]
pub struct Delivery {
    /// 0.7 - 1.3; none: the voice's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<f32>,
    /// Semitones, -6 - +6; none: the voice's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pitch: Option<i8>,
    /// Silence after the paragraph in the chapter; none: 700 ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause_after_ms: Option<u32>,
}

/// What a voice's engine can change of the delivery.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeliveryCaps {
    pub speed: bool,
    pub pitch: bool,
}

impl Delivery {
    /// The delivery if the voice can speak it and every value is within its range.
    pub fn checked(self, caps: DeliveryCaps) -> crate::Result<Delivery> {
        if let Some(speed) = self.speed {
            if !caps.speed {
                return Err(crate::Invalid::field("speed", "Diese Stimme kann ihr Sprechtempo nicht ändern."));
            }
            if !SPEED_RANGE.contains(&speed) {
                return Err(crate::Invalid::field("speed", "Das Sprechtempo muss zwischen 0,7 und 1,3 liegen."));
            }
        }
        if let Some(pitch) = self.pitch {
            if !caps.pitch {
                return Err(crate::Invalid::field("pitch", "Diese Stimme kann ihre Tonhöhe nicht ändern."));
            }
            if !PITCH_RANGE.contains(&pitch) {
                return Err(crate::Invalid::field("pitch", "Die Tonhöhe muss zwischen -6 und +6 Halbtönen liegen."));
            }
        }
        if self.pause_after_ms.is_some_and(|ms| ms > MAX_PAUSE_MS) {
            return Err(crate::Invalid::field("pause_after_ms", "Die Pause darf höchstens 10 Sekunden lang sein."));
        }
        Ok(self)
    }

    /// What of the delivery changes the paragraph's own audio (speed and pitch; the pause
    /// only changes the chapter's join): a paragraph is stale when this changes.
    pub fn sound_key(&self) -> String {
        let speed = self.speed.filter(|s| (s - 1.0).abs() > f32::EPSILON).map(|s| format!("s{:.2}", s));
        let pitch = self.pitch.filter(|&p| p != 0).map(|p| format!("p{p}"));
        [speed, pitch].into_iter().flatten().collect::<Vec<_>>().join(" ")
    }

    pub fn pause_ms(&self) -> u32 {
        self.pause_after_ms.unwrap_or(PARAGRAPH_PAUSE_MS)
    }
}

/// The quotations of a paragraph (byte ranges, marks included), in order: „…“ and „…”,
/// »…« and «…», “…”, and "…" in pairs. A character voice is cast per quotation.
pub fn quotations(text: &str) -> Vec<std::ops::Range<usize>> {
    let closing = |open: char| -> &'static [char] {
        match open {
            '„' => &['“', '”'],
            '»' => &['«'],
            '«' => &['»'],
            '“' => &['”'],
            '"' => &['"'],
            _ => &[],
        }
    };
    let mut found = Vec::new();
    let mut at = 0;
    while let Some((offset, open)) = text[at..].char_indices().find(|(_, c)| !closing(*c).is_empty()) {
        let start = at + offset;
        let inner = start + open.len_utf8();
        let Some((end_offset, close)) = text[inner..].char_indices().find(|(_, c)| closing(open).contains(c)) else {
            break;
        };
        let end = inner + end_offset + close.len_utf8();
        if end - inner > close.len_utf8() {
            found.push(start..end);
        }
        at = end;
    }
    found
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

/// Who reads each part of a paragraph: the narrator (`None`) or the voice cast for a
/// quotation (`cast[i]` for the i-th of [`quotations`]), as byte ranges covering the whole
/// text in order. Neighbours read by the same voice are one part, and a part without a
/// letter or digit (the comma between two quotations) goes with the part before it, so
/// every part sent to an engine has words.
pub fn voice_parts(text: &str, cast: &[Option<Uuid>]) -> Vec<(std::ops::Range<usize>, Option<Uuid>)> {
    let mut raw: Vec<(std::ops::Range<usize>, Option<Uuid>)> = Vec::new();
    let mut at = 0;
    for (i, quote) in quotations(text).into_iter().enumerate() {
        let voice = cast.get(i).copied().flatten();
        if voice.is_none() {
            continue;
        }
        if quote.start > at {
            raw.push((at..quote.start, None));
        }
        at = quote.end;
        raw.push((quote, voice));
    }
    if at < text.len() || raw.is_empty() {
        raw.push((at..text.len(), None));
    }
    let mut parts: Vec<(std::ops::Range<usize>, Option<Uuid>)> = Vec::new();
    for (range, voice) in raw {
        let wordless = !text[range.clone()].chars().any(char::is_alphanumeric);
        match parts.last_mut() {
            Some(last) if last.1 == voice || wordless => last.0.end = range.end,
            _ => parts.push((range, voice)),
        }
    }
    // A wordless first part (an opening dash) goes with the one after it.
    if parts.len() > 1 && !text[parts[0].0.clone()].chars().any(char::is_alphanumeric) {
        let first = parts.remove(0);
        parts[0].0.start = first.0.start;
    }
    parts
}

/// What a paragraph's cast adds to its sound: the voices of its quotations, in order
/// (empty when the narrator reads them all).
pub fn cast_key(cast: &[Option<Uuid>]) -> String {
    if cast.iter().all(Option::is_none) {
        return String::new();
    }
    let voices: Vec<String> = cast.iter().map(|v| v.map(|v| v.to_string()).unwrap_or_default()).collect();
    format!("cast:{}", voices.join(","))
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
    fn a_dictionary_entry_counts_only_for_the_paragraphs_it_matches() {
        let entry = |term: &str, spoken: &str| Entry {
            term: term.into(),
            spoken: spoken.into(),
            ipa: None,
            whole_word: true,
            case_sensitive: false,
        };
        let before = [entry("KI", "Künstliche Intelligenz")];
        let after = [entry("KI", "Künstliche Intelligenz"), entry("SaaS", "Sass")];
        let text = "Die KI liest vor.";
        assert_eq!(terms_fingerprint(text, &before), terms_fingerprint(text, &after), "SaaS is not in it");
        assert_ne!(terms_fingerprint("SaaS und KI.", &before), terms_fingerprint("SaaS und KI.", &after));
        let reordered = [entry("SaaS", "Sass"), entry("KI", "Künstliche Intelligenz")];
        assert_eq!(terms_fingerprint("SaaS und KI.", &after), terms_fingerprint("SaaS und KI.", &reordered));
    }

    #[test]
    fn a_render_is_booked_under_its_project_chapter_and_paragraph_count() {
        assert_eq!(render_booking_name("Der Zauberberg", 1, 4), "Projekt »Der Zauberberg« · Kapitel 2 · 4 Absätze");
        assert_eq!(render_booking_name("Kurs", 0, 1), "Projekt »Kurs« · Kapitel 1 · 1 Absatz");
    }

    #[test]
    fn delivery_is_refused_where_the_voice_cannot_speak_it() {
        let all = DeliveryCaps { speed: true, pitch: true };
        let fast = Delivery { speed: Some(1.2), ..Delivery::default() };
        assert!(fast.checked(all).is_ok());
        assert!(fast.checked(DeliveryCaps::default()).is_err());
        assert!(Delivery { speed: Some(2.0), ..Delivery::default() }.checked(all).is_err());
        assert!(Delivery { pitch: Some(7), ..Delivery::default() }.checked(all).is_err());
        assert!(Delivery { pause_after_ms: Some(20_000), ..Delivery::default() }.checked(all).is_err());
        // A pause needs no engine: any voice takes it, and it does not change the sound.
        let paused = Delivery { pause_after_ms: Some(2000), ..Delivery::default() };
        assert_eq!(paused.checked(DeliveryCaps::default()).unwrap().sound_key(), "");
        assert_eq!(Delivery { speed: Some(1.0), pitch: Some(0), ..paused }.sound_key(), "", "the defaults sound alike");
        assert_eq!(Delivery { speed: Some(0.9), pitch: Some(-2), ..paused }.sound_key(), "s0.90 p-2");
        assert_eq!(paused.pause_ms(), 2000);
        assert_eq!(Delivery::default().pause_ms(), PARAGRAPH_PAUSE_MS);
    }

    #[test]
    fn each_quotation_is_read_by_its_cast_voice_and_the_rest_by_the_narrator() {
        let (anna, ben) = (Uuid::from_bytes([1; 16]), Uuid::from_bytes([2; 16]));
        let text = "„Komm“, sagte Anna. »Gleich«, rief Ben. „Jetzt!“";
        let parts: Vec<(&str, Option<Uuid>)> =
            voice_parts(text, &[Some(anna), Some(ben), Some(anna)]).into_iter().map(|(r, v)| (&text[r], v)).collect();
        assert_eq!(
            parts,
            [
                ("„Komm“", Some(anna)),
                (", sagte Anna. ", None),
                ("»Gleich«", Some(ben)),
                (", rief Ben. ", None),
                ("„Jetzt!“", Some(anna)),
            ]
        );
        let narrated: Vec<&str> = voice_parts(text, &[None, Some(ben)]).into_iter().map(|(r, _)| &text[r]).collect();
        assert_eq!(narrated, ["„Komm“, sagte Anna. ", "»Gleich«", ", rief Ben. „Jetzt!“"]);
        let close = "„Komm“, „Geh“";
        let parts: Vec<&str> =
            voice_parts(close, &[Some(anna), Some(ben)]).into_iter().map(|(r, _)| &close[r]).collect();
        assert_eq!(parts, ["„Komm“, ", "„Geh“"], "a comma alone goes with the quotation before it");
        assert_eq!(voice_parts("Kein Zitat.", &[]), [(0..11, None)]);
        assert_eq!(cast_key(&[None, None]), "");
        assert_ne!(cast_key(&[Some(anna)]), cast_key(&[Some(ben)]));
    }

    #[test]
    fn quotations_are_found_in_german_french_and_typewriter_marks() {
        let text = "„Komm“, sagte sie. »Gleich«, rief er. \"Jetzt!\" Und „offen";
        let quotes: Vec<&str> = quotations(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(quotes, ["„Komm“", "»Gleich«", "\"Jetzt!\""]);
        assert!(quotations("Kein Zitat.").is_empty());
        assert!(quotations("Leer: „“.").is_empty());
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
