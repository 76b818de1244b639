//! Word documents (DOCX): every `w:p` of `word/document.xml` is a paragraph of the text
//! of its `w:t` runs; paragraphs styled as level-1 or level-2 headings start chapters, the
//! first one styled as the title is the manuscript's title (else `dc:title` of
//! `docProps/core.xml`).
//!
//! Elements are matched by their qualified names (`w:p`): Word always writes the `w`
//! prefix, and DrawingML's `a:p`/`a:t` (text in charts and shapes) are then not taken
//! for body text.

use quick_xml::events::{BytesStart, Event};

use super::archive::Archive;
use super::{Format, Manuscript, Outline, encoding, paragraph, xml};
use crate::Result;

pub(super) fn parse(bytes: &[u8]) -> Result<Manuscript> {
    let mut archive = Archive::open(bytes, Format::Docx)?;
    let document = archive.read("word/document.xml")?.ok_or_else(|| Format::Docx.broken())?;
    let body = read_body(&encoding::xml(&document))?;
    let title = match body.title {
        Some(title) => Some(title),
        None => archive.read("docProps/core.xml")?.and_then(|core| xml::first_text(&encoding::xml(&core), b"title")),
    };
    body.outline.finish(title)
}

/// What a paragraph style makes of a paragraph.
#[derive(Debug, PartialEq, Eq)]
enum Role {
    Title,
    Heading,
}

/// The role of a style id: "Title"/"Titel", or a level-1 or level-2 heading as English
/// Word ("Heading1") and German Word ("berschrift1": the id drops the "Ü") name it.
fn role(style_id: &str) -> Option<Role> {
    let id = style_id.to_lowercase();
    if matches!(id.as_str(), "title" | "titel") {
        return Some(Role::Title);
    }
    let level = ["heading", "überschrift", "berschrift"].iter().find_map(|prefix| id.strip_prefix(prefix))?;
    matches!(level.trim(), "1" | "2").then_some(Role::Heading)
}

/// A paragraph being read: its style id and text so far.
#[derive(Debug, Default)]
struct Paragraph {
    style: Option<String>,
    text: String,
}

/// The document as read so far.
#[derive(Debug, Default)]
struct Body {
    outline: Outline,
    title: Option<String>,
    /// Open paragraphs: a text box's paragraphs lie inside the paragraph anchoring it.
    open: Vec<Paragraph>,
    in_text: bool,
    /// `mc:Fallback` repeats its `mc:Choice` for older readers: read once, not twice.
    skip: xml::Skip,
}

fn read_body(document: &str) -> Result<Body> {
    let mut reader = xml::reader(document);
    let mut body = Body::default();
    loop {
        match reader.read_event().map_err(|_| Format::Docx.broken())? {
            Event::Start(e) => body.start(&e),
            Event::Empty(e) => body.empty(&e),
            Event::End(e) => body.end(e.name().as_ref()),
            Event::Text(t) if body.in_text && !body.skip.active() => body.push(&xml::text(&t)),
            Event::Eof => return Ok(body),
            _ => {}
        }
    }
}

impl Body {
    fn start(&mut self, e: &BytesStart) {
        let name = e.name();
        if self.skip.open(name.as_ref(), name.as_ref() == b"mc:Fallback") {
            return;
        }
        match name.as_ref() {
            b"w:p" => self.open.push(Paragraph::default()),
            b"w:t" => self.in_text = true,
            _ => self.empty(e),
        }
    }

    fn empty(&mut self, e: &BytesStart) {
        if self.skip.active() {
            return;
        }
        match e.name().as_ref() {
            b"w:pStyle" => {
                if let Some(paragraph) = self.open.last_mut() {
                    paragraph.style = xml::attribute(e, "w:val");
                }
            }
            b"w:tab" | b"w:br" | b"w:cr" => self.push(" "),
            _ => {}
        }
    }

    fn end(&mut self, name: &[u8]) {
        if self.skip.close(name) {
            return;
        }
        match name {
            b"w:t" => self.in_text = false,
            b"w:p" => {
                if let Some(paragraph) = self.open.pop() {
                    self.paragraph(paragraph);
                }
            }
            _ => {}
        }
    }

    fn push(&mut self, text: &str) {
        if let Some(paragraph) = self.open.last_mut() {
            paragraph.text.push_str(text);
        }
    }

    /// A finished paragraph: the title (the first one so styled), a heading or text.
    fn paragraph(&mut self, paragraph: Paragraph) {
        match paragraph.style.as_deref().and_then(role) {
            Some(Role::Title) if self.title.is_none() && !paragraph::clean(&paragraph.text).is_empty() => {
                self.title = Some(paragraph.text)
            }
            Some(Role::Heading) => self.outline.heading(&paragraph.text),
            _ => self.outline.paragraph(&paragraph.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::archive::build;

    const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>"#;

    /// A paragraph of the given style (or none) and runs.
    fn p(style: Option<&str>, runs: &[&str]) -> String {
        let style = style.map(|s| format!(r#"<w:pPr><w:pStyle w:val="{s}"/></w:pPr>"#)).unwrap_or_default();
        let runs: String = runs.iter().map(|r| format!(r#"<w:r><w:t xml:space="preserve">{r}</w:t></w:r>"#)).collect();
        format!("<w:p>{style}{runs}</w:p>")
    }

    fn docx(paragraphs: &[String], core_title: Option<&str>) -> Vec<u8> {
        let document = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{}<w:sectPr/></w:body></w:document>"#,
            paragraphs.concat()
        );
        let core = core_title.map(|t| {
            format!(r#"<cp:coreProperties xmlns:cp="c" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{t}</dc:title></cp:coreProperties>"#)
        });
        let mut entries = vec![("[Content_Types].xml", CONTENT_TYPES), ("word/document.xml", document.as_str())];
        if let Some(core) = &core {
            entries.push(("docProps/core.xml", core.as_str()));
        }
        build(&entries)
    }

    #[test]
    fn english_and_german_heading_styles_start_chapters() {
        let bytes = docx(
            &[
                p(None, &["Vorab."]),
                p(Some("Heading1"), &["Erstes ", "Kapitel"]),
                p(None, &["Ein ", "Satz", " in Läufen."]),
                p(Some("Heading3"), &["Unterpunkt"]),
                p(Some("berschrift2"), &["Zweites"]),
                p(Some("Standard"), &["Text &amp; mehr."]),
                p(Some("Überschrift 1"), &["Drittes"]),
                p(None, &["Ende."]),
            ],
            None,
        );
        let manuscript = super::super::parse(Format::Docx, &bytes).unwrap();
        let titles: Vec<_> = manuscript.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["Einleitung", "Erstes Kapitel", "Zweites", "Drittes"]);
        assert_eq!(manuscript.chapters[1].paragraphs, ["Ein Satz in Läufen.", "Unterpunkt"]);
        assert_eq!(manuscript.chapters[2].paragraphs, ["Text & mehr."]);
    }

    #[test]
    fn the_title_style_names_the_manuscript_before_the_core_properties() {
        let bytes = docx(&[p(Some("Title"), &["Der Roman"]), p(None, &["Text."])], Some("Dokument1"));
        let manuscript = super::super::parse(Format::Docx, &bytes).unwrap();
        assert_eq!(manuscript.title.as_deref(), Some("Der Roman"));
        assert_eq!(manuscript.chapters[0].title, "Der Roman");
        assert_eq!(manuscript.chapters[0].paragraphs, ["Text."]);
        let bytes = docx(&[p(None, &["Text."])], Some("Aus den Eigenschaften"));
        let manuscript = super::super::parse(Format::Docx, &bytes).unwrap();
        assert_eq!(manuscript.title.as_deref(), Some("Aus den Eigenschaften"));
    }

    #[test]
    fn tabs_and_breaks_are_spaces_and_fallbacks_are_read_once() {
        let paragraph = r#"<w:p><w:r><w:t>A</w:t><w:tab/><w:t>B</w:t><w:br/><w:t>C</w:t></w:r>
            <mc:AlternateContent><mc:Choice><w:t>D</w:t></mc:Choice><mc:Fallback><w:t>D</w:t></mc:Fallback></mc:AlternateContent></w:p>"#;
        let manuscript = super::super::parse(Format::Docx, &docx(&[paragraph.to_owned()], None)).unwrap();
        assert_eq!(manuscript.chapters[0].paragraphs, ["A B CD"]);
    }

    #[test]
    fn style_ids_are_recognised_case_insensitively() {
        assert_eq!(role("heading2"), Some(Role::Heading));
        assert_eq!(role("BERSCHRIFT1"), Some(Role::Heading));
        assert_eq!(role("Heading 1"), Some(Role::Heading));
        assert_eq!(role("Heading3"), None);
        assert_eq!(role("Heading12"), None);
        assert_eq!(role("Titel"), Some(Role::Title));
        assert_eq!(role("Standard"), None);
    }

    #[test]
    fn a_broken_docx_is_refused_as_invalid_input() {
        for bytes in [b"PK\x03\x04 nicht wirklich".to_vec(), build(&[("word/other.xml", "<x/>")])] {
            let err = super::super::parse(Format::Docx, &bytes).unwrap_err();
            assert_eq!(err.message, "Die Datei ist kein gültiges DOCX-Dokument.");
            assert_eq!(err.fields.get("file"), Some(&err.message));
        }
    }
}
