//! A manuscript (book, course, script) from pasted or uploaded text: chapters of
//! paragraphs, each paragraph short enough for one generation.
//!
//! Every reader (plain text, Markdown, DOCX, EPUB, PDF) only finds headings and paragraphs
//! and hands them to an [`Outline`]; the rules they share live here: what a chapter without
//! a heading is called, how long a paragraph may be, how much text a project may hold. The
//! file comes from anyone, so the archive and PDF readers unpack at most
//! [`MAX_UNPACKED_BYTES`], and the PDF reader takes at most [`MAX_SOURCE_CHARS`] of text.

mod archive;
mod docx;
mod encoding;
mod epub;
mod markdown;
mod paragraph;
mod pdf;
mod plain;
mod xhtml;
mod xml;

use crate::{Invalid, Result};

/// Most text one project holds, in Unicode characters of paragraph text.
pub const MAX_MANUSCRIPT_CHARS: usize = 500_000;
/// Longest paragraph: one paragraph is one generation, so the generation limit.
pub const MAX_PARAGRAPH_CHARS: usize = crate::text::MAX_GENERATION_CHARS;
/// Most chapters one project holds.
pub const MAX_CHAPTERS: usize = 500;
/// Most paragraphs one project holds: a book's worth (500,000 characters in paragraphs of
/// 50 on average). Every view, render and join of a chapter walks its paragraphs; a
/// manuscript of one-character paragraphs would make each of them a quarter-million rows.
pub const MAX_PARAGRAPHS: usize = 10_000;
/// Longest text file read (in characters, markup and blank lines included): a manuscript
/// at the limit with room for its markup. A longer file is refused before it is parsed,
/// so parsing never holds more than a bounded multiple of this.
pub const MAX_SOURCE_CHARS: usize = 2 * MAX_MANUSCRIPT_CHARS;
/// Largest file accepted, as uploaded (compressed, for DOCX, EPUB and PDF).
pub const MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024;
/// Most bytes unpacked from one DOCX or EPUB, all entries together, or from one PDF's
/// streams: a ZIP bomb or a PDF's packed stream of a few kilobytes can claim gigabytes.
pub const MAX_UNPACKED_BYTES: u64 = 50 * 1024 * 1024;
/// Longest chapter or manuscript title kept; a whole paragraph styled as a heading would
/// otherwise become a title no list can show.
const MAX_TITLE_CHARS: usize = 200;

/// The kinds of file a manuscript is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Plain,
    Markdown,
    Docx,
    Epub,
    Pdf,
}

impl Format {
    /// The format a file name's extension names (case-insensitive), `None` for others.
    pub fn from_file_name(name: &str) -> Option<Format> {
        let (_, extension) = name.rsplit_once('.')?;
        match extension.to_ascii_lowercase().as_str() {
            "txt" => Some(Format::Plain),
            "md" | "markdown" => Some(Format::Markdown),
            "docx" => Some(Format::Docx),
            "epub" => Some(Format::Epub),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }

    /// What a file that cannot be read is not.
    fn broken(self) -> Invalid {
        match self {
            Format::Plain | Format::Markdown => unreadable("Die Datei ist kein UTF-8-Text."),
            Format::Docx => unreadable("Die Datei ist kein gültiges DOCX-Dokument."),
            Format::Epub => unreadable("Die Datei ist kein gültiges EPUB-Buch."),
            Format::Pdf => unreadable("Die Datei ist kein gültiges PDF-Dokument."),
        }
    }
}

/// One chapter: its title and its paragraphs, none empty or longer than
/// [`MAX_PARAGRAPH_CHARS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chapter {
    pub title: String,
    pub paragraphs: Vec<String>,
}

/// A manuscript: its title if the file names one, and at least one chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manuscript {
    pub title: Option<String>,
    pub chapters: Vec<Chapter>,
}

impl Manuscript {
    /// Unicode characters of paragraph text (titles are not read aloud, so not counted).
    pub fn char_count(&self) -> usize {
        self.chapters.iter().flat_map(|c| &c.paragraphs).map(|p| p.chars().count()).sum()
    }
}

/// Reads an uploaded file of the given format.
pub fn parse(format: Format, bytes: &[u8]) -> Result<Manuscript> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(too_long("Die Datei ist zu groß: höchstens 20 MB."));
    }
    match format {
        Format::Plain => plain::parse(&source(encoding::text(bytes)?)?),
        Format::Markdown => markdown::parse(&source(encoding::text(bytes)?)?),
        Format::Docx => docx::parse(bytes),
        Format::Epub => epub::parse(bytes),
        Format::Pdf => pdf::parse(bytes),
    }
}

/// Reads pasted text, as an uploaded `.txt` file.
pub fn from_plain_text(text: &str) -> Result<Manuscript> {
    check_source(text)?;
    plain::parse(text)
}

/// A text file's content, refused before parsing when longer than any manuscript needs.
fn source(text: String) -> Result<String> {
    check_source(&text)?;
    Ok(text)
}

fn check_source(text: &str) -> Result<()> {
    // Counting stops at the first character past the limit.
    if text.len() > MAX_SOURCE_CHARS && text.chars().nth(MAX_SOURCE_CHARS).is_some() {
        return Err(source_too_long());
    }
    Ok(())
}

/// A file of more than [`MAX_SOURCE_CHARS`] characters.
fn source_too_long() -> Invalid {
    too_long(format!(
        "Das Manuskript ist zu lang: höchstens {} Zeichen Text (die Datei hat mehr als {} Zeichen).",
        german(MAX_MANUSCRIPT_CHARS),
        german(MAX_SOURCE_CHARS)
    ))
}

/// A chapter as the readers find it: its heading, if it had one.
#[derive(Debug, Default)]
struct Draft {
    title: Option<String>,
    paragraphs: Vec<String>,
}

/// Headings and paragraphs in reading order; [`Outline::finish`] applies the shared rules.
#[derive(Debug, Default)]
struct Outline {
    chapters: Vec<Draft>,
    /// Characters and paragraphs taken so far. Past the limits nothing more is kept (the
    /// manuscript is refused anyway), so a huge DOCX or EPUB costs its count, not its text.
    chars: usize,
    paragraphs: usize,
}

impl Outline {
    /// Starts a chapter; a heading without text starts none.
    fn heading(&mut self, text: &str) {
        let title = paragraph::title(text, MAX_TITLE_CHARS);
        if !title.is_empty() {
            self.chapters.push(Draft { title: Some(title), paragraphs: Vec::new() });
        }
    }

    /// Starts a chapter that may lack a title (an EPUB document without a heading).
    fn chapter(&mut self, title: Option<&str>) {
        let title = title.map(|t| paragraph::title(t, MAX_TITLE_CHARS)).filter(|t| !t.is_empty());
        self.chapters.push(Draft { title, paragraphs: Vec::new() });
    }

    /// Adds a paragraph to the current chapter; text before any heading opens an
    /// untitled one.
    fn paragraph(&mut self, text: &str) {
        let text = paragraph::clean(text);
        if text.is_empty() {
            return;
        }
        self.chars += text.chars().count();
        self.paragraphs += 1;
        if self.chars > MAX_MANUSCRIPT_CHARS || self.paragraphs > MAX_PARAGRAPHS {
            return;
        }
        if self.chapters.is_empty() {
            self.chapters.push(Draft::default());
        }
        self.chapters.last_mut().expect("a chapter was just ensured").paragraphs.push(text);
    }

    /// The manuscript: chapters without text dropped (a part title before its first
    /// chapter has nothing to read), untitled ones named, long paragraphs split, limits
    /// checked.
    fn finish(self, title: Option<String>) -> Result<Manuscript> {
        let title = title.map(|t| paragraph::title(&t, MAX_TITLE_CHARS)).filter(|t| !t.is_empty());
        check_size(self.chars, self.paragraphs)?;
        let drafts: Vec<Draft> = self.chapters.into_iter().filter(|d| !d.paragraphs.is_empty()).collect();
        if drafts.is_empty() {
            return Err(unreadable("Die Datei enthält keinen Text."));
        }
        check_chapters(&drafts)?;
        let only = drafts.len() == 1;
        let chapters = drafts
            .into_iter()
            .enumerate()
            .map(|(i, draft)| Chapter {
                title: draft.title.unwrap_or_else(|| untitled(i, only, title.as_deref())),
                paragraphs: draft.paragraphs.into_iter().flat_map(paragraph::split_long).collect(),
            })
            .collect::<Vec<Chapter>>();
        // Long paragraphs split into pieces count as the paragraphs they become.
        check_size(0, chapters.iter().map(|c| c.paragraphs.len()).sum())?;
        Ok(Manuscript { title, chapters })
    }
}

/// Refuses more text or more paragraphs than a project holds.
fn check_size(chars: usize, paragraphs: usize) -> Result<()> {
    if chars > MAX_MANUSCRIPT_CHARS {
        return Err(too_long(format!(
            "Das Manuskript ist zu lang: höchstens {} Zeichen (erhalten: {}).",
            german(MAX_MANUSCRIPT_CHARS),
            german(chars)
        )));
    }
    if paragraphs > MAX_PARAGRAPHS {
        return Err(too_long(format!(
            "Das Manuskript hat zu viele Absätze: höchstens {} (erhalten: {}). Bitte fassen Sie kurze Absätze zusammen.",
            german(MAX_PARAGRAPHS),
            german(paragraphs)
        )));
    }
    Ok(())
}

/// Refuses more chapters than a project holds, before any paragraph is split.
fn check_chapters(drafts: &[Draft]) -> Result<()> {
    if drafts.len() > MAX_CHAPTERS {
        return Err(too_long(format!(
            "Das Manuskript hat zu viele Kapitel: höchstens {} (erhalten: {}).",
            german(MAX_CHAPTERS),
            german(drafts.len())
        )));
    }
    Ok(())
}

/// The title of a chapter without a heading: the whole text if it is the only chapter,
/// otherwise the text before the first heading (an introduction) or, in an EPUB, a
/// document without one.
fn untitled(index: usize, only: bool, manuscript_title: Option<&str>) -> String {
    match (index, only) {
        (_, true) => manuscript_title.unwrap_or("Kapitel 1").to_owned(),
        (0, false) => "Einleitung".to_owned(),
        (i, false) => format!("Kapitel {}", i + 1),
    }
}

/// 612345 as "612.345".
fn german(n: usize) -> String {
    crate::caps::thousands(i64::try_from(n).unwrap_or(i64::MAX))
}

/// A file that cannot be read as a manuscript.
fn unreadable(message: impl Into<String>) -> Invalid {
    refused("Datei nicht lesbar", message)
}

/// A file that holds more than a project may.
fn too_long(message: impl Into<String>) -> Invalid {
    refused("Manuskript zu groß", message)
}

/// The upload form has one field, the file.
fn refused(title: &'static str, message: impl Into<String>) -> Invalid {
    let message = message.into();
    Invalid { title, fields: [("file", message.clone())].into(), message }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The review's case: a quarter of a million one-character paragraphs became 56 MB of
    /// rows in 2.9 s.
    #[test]
    fn a_manuscript_of_more_paragraphs_than_a_project_holds_is_refused() {
        let text = "a\n\n".repeat(MAX_PARAGRAPHS + 1);
        let refusal = from_plain_text(&text).unwrap_err();
        assert!(
            refusal.message.contains("zu viele Absätze: höchstens 10.000 (erhalten: 10.001)"),
            "{}",
            refusal.message
        );
        assert_eq!(
            from_plain_text(&"a\n\n".repeat(MAX_PARAGRAPHS)).unwrap().chapters[0].paragraphs.len(),
            MAX_PARAGRAPHS
        );
    }

    /// A 19 MiB Markdown file took the API to 1 GB while it was parsed; a file longer than
    /// any manuscript needs is refused after decoding, before parsing.
    #[test]
    fn a_text_file_longer_than_any_manuscript_needs_is_refused_before_parsing() {
        let bytes = "# Kapitel\n\nWort ".repeat(MAX_SOURCE_CHARS / 10).into_bytes();
        let refusal = parse(Format::Markdown, &bytes).unwrap_err();
        assert!(refusal.message.contains("die Datei hat mehr als 1.000.000 Zeichen"), "{}", refusal.message);
    }

    #[test]
    fn file_names_name_their_format_case_insensitively() {
        assert_eq!(Format::from_file_name("Roman.TXT"), Some(Format::Plain));
        assert_eq!(Format::from_file_name("kurs.md"), Some(Format::Markdown));
        assert_eq!(Format::from_file_name("kurs.Markdown"), Some(Format::Markdown));
        assert_eq!(Format::from_file_name("Buch.final.DocX"), Some(Format::Docx));
        assert_eq!(Format::from_file_name("buch.epub"), Some(Format::Epub));
        assert_eq!(Format::from_file_name("Buch.PDF"), Some(Format::Pdf));
        assert_eq!(Format::from_file_name("buch.odt"), None);
        assert_eq!(Format::from_file_name("epub"), None);
    }

    #[test]
    fn more_than_500_000_characters_are_refused_with_the_count_in_german() {
        let paragraph = "a".repeat(1_000);
        let mut text = vec![paragraph.as_str(); 500].join("\n\n");
        text.push_str("\n\nb");
        let err = from_plain_text(&text).unwrap_err();
        assert_eq!(err.message, "Das Manuskript ist zu lang: höchstens 500.000 Zeichen (erhalten: 500.001).");
        assert_eq!(err.fields.get("file"), Some(&err.message));
    }

    #[test]
    fn exactly_500_000_characters_are_accepted() {
        let paragraph = "a".repeat(1_000);
        let text = vec![paragraph.as_str(); 500].join("\n\n");
        assert_eq!(from_plain_text(&text).unwrap().char_count(), MAX_MANUSCRIPT_CHARS);
    }

    #[test]
    fn more_than_500_chapters_are_refused() {
        let text: String = (1..=501).map(|n| format!("Kapitel {n}\n\nText.\n\n")).collect();
        let err = from_plain_text(&text).unwrap_err();
        assert_eq!(err.message, "Das Manuskript hat zu viele Kapitel: höchstens 500 (erhalten: 501).");
    }

    #[test]
    fn an_empty_file_is_refused() {
        for bytes in [&b""[..], b"  \n\n\t ", b"\xEF\xBB\xBF"] {
            let err = parse(Format::Plain, bytes).unwrap_err();
            assert_eq!(err.message, "Die Datei enthält keinen Text.");
            assert_eq!(err.fields.get("file"), Some(&err.message));
        }
        assert_eq!(
            parse(Format::Markdown, b"# Nur eine \xC3\x9Cberschrift\n").unwrap_err().message,
            "Die Datei enthält keinen Text."
        );
    }

    #[test]
    fn files_beyond_the_upload_limit_are_refused_unread() {
        let bytes = vec![b'a'; MAX_UPLOAD_BYTES + 1];
        assert_eq!(parse(Format::Epub, &bytes).unwrap_err().message, "Die Datei ist zu groß: höchstens 20 MB.");
    }

    #[test]
    fn a_12000_character_paragraph_is_split_at_sentence_ends() {
        let sentence = "Dies ist ein ganz gewöhnlicher Satz mit einem Komma, einem Punkt und Leerzeichen.";
        let paragraph = vec![sentence; 12_000 / sentence.chars().count() + 1].join(" ");
        assert!(paragraph.chars().count() > 12_000);
        let manuscript = from_plain_text(&paragraph).unwrap();
        let pieces = &manuscript.chapters[0].paragraphs;
        assert!(pieces.len() >= 3);
        for piece in pieces {
            assert!(piece.chars().count() <= MAX_PARAGRAPH_CHARS);
            assert!(piece.starts_with("Dies ist") && piece.ends_with("Leerzeichen."), "cut inside a sentence");
        }
        assert_eq!(pieces.join(" "), paragraph);
    }

    #[test]
    fn text_without_headings_is_one_chapter_named_kapitel_1() {
        let manuscript = from_plain_text("Erster Absatz.\n\nZweiter\nAbsatz.").unwrap();
        assert_eq!(manuscript.title, None);
        let chapter =
            Chapter { title: "Kapitel 1".into(), paragraphs: vec!["Erster Absatz.".into(), "Zweiter Absatz.".into()] };
        assert_eq!(manuscript.chapters, vec![chapter]);
    }

    #[test]
    fn text_before_the_first_heading_is_the_einleitung() {
        let manuscript = from_plain_text("Vorweg ein Wort.\n\nKapitel 1\n\nEs begann.").unwrap();
        let titles: Vec<_> = manuscript.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["Einleitung", "Kapitel 1"]);
    }

    #[test]
    fn control_and_invisible_characters_are_removed_and_white_space_collapsed() {
        let manuscript = from_plain_text("Ein\u{0}  Wort\u{00AD}trennung\u{200B}\tund\u{7}  mehr.").unwrap();
        assert_eq!(manuscript.chapters[0].paragraphs, ["Ein Worttrennung und mehr."]);
    }
}
