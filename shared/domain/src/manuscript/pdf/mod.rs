//! PDF documents with text (typeset books, exports from Word or LaTeX); scanned pages are
//! pictures and have none. The text of each page comes as lines where they stand
//! ([`text`]); page numbers and running headers are dropped and the lines joined into
//! paragraphs by the layout ([`layout`]). Chapters come from the outline (bookmarks)
//! when the document has one ([`outline`]), otherwise from lines that look like
//! headings, otherwise the text is one chapter.
//!
//! The file is hostile: see [`load`] for how opening it is bounded, [`text`] for reading
//! it; at most [`MAX_PAGES`] pages are read.

mod layout;
mod load;
mod outline;
mod text;

use lopdf::{Document, ObjectId, decode_text_string};

use self::layout::{Body, Placed};
use self::outline::Bookmark;
use super::{Format, MAX_SOURCE_CHARS, Manuscript, Outline, german, too_long, unreadable};
use crate::{Invalid, Result};

/// Most pages read: a manuscript's [`MAX_SOURCE_CHARS`] characters fill some 500 book
/// pages; four times that is still a manuscript, more is not.
pub const MAX_PAGES: usize = MAX_SOURCE_CHARS / 500;

pub(super) fn parse(bytes: &[u8]) -> Result<Manuscript> {
    let doc = load::load(bytes)?;
    let pages: Vec<ObjectId> = doc.page_iter().take(MAX_PAGES + 1).collect();
    if pages.len() > MAX_PAGES {
        return Err(too_long(format!("Die PDF-Datei hat zu viele Seiten: höchstens {}.", german(MAX_PAGES))));
    }
    if pages.is_empty() {
        return Err(broken());
    }
    let mut reader = text::Reader::new(&doc);
    let mut lines = pages.iter().map(|&page| reader.page(page)).collect::<Result<Vec<_>>>()?;
    let body = Body::measure(&lines);
    layout::strip_margins(&mut lines, &body);
    if lines.iter().all(Vec::is_empty) {
        return Err(without_text(reader.unreadable));
    }
    let placed = layout::place(lines, &body);
    let bookmarks = outline::read(&doc, &pages);
    let title = info_title(&doc).or(bookmarks.title);
    let outline = match bookmarks.chapters.as_slice() {
        [] => by_headings(&placed, &body),
        chapters => by_bookmarks(&placed, chapters),
    };
    outline.finish(title)
}

fn broken() -> Invalid {
    Format::Pdf.broken()
}

/// A document whose pages show no text: scanned pages, or (rarer) text in fonts that do
/// not say which characters their glyphs are.
fn without_text(unreadable_fonts: bool) -> Invalid {
    if unreadable_fonts {
        unreadable("Der Text der PDF-Datei lässt sich nicht lesen: Ihre Schriften verraten die Buchstaben nicht.")
    } else {
        unreadable("Die PDF-Datei enthält keinen Text (gescannte Seiten werden nicht unterstützt).")
    }
}

/// The document's title from its information dictionary, unless it is a file name or a
/// word processor's placeholder ("Microsoft Word - buch.docx", "Untitled").
fn info_title(doc: &Document) -> Option<String> {
    let info = doc.trailer.get(b"Info").ok().and_then(|info| doc.dereference(info).ok())?.1.as_dict().ok()?;
    let title = decode_text_string(info.get_deref(b"Title", doc).ok()?).ok()?;
    let title = title.trim();
    let lower = title.to_lowercase();
    let file = [".doc", ".docx", ".odt", ".pdf", ".rtf", ".tex", ".txt", ".indd"].iter().any(|e| lower.ends_with(e));
    let placeholder = lower.starts_with("microsoft word - ") || matches!(lower.as_str(), "untitled" | "unbenannt");
    (!title.is_empty() && !file && !placeholder).then(|| title.to_owned())
}

/// Chapters from headings found in the text, when there is no outline.
fn by_headings(placed: &[Placed], body: &Body) -> Outline {
    let mut outline = Outline::default();
    for block in blocks(placed) {
        if let Some(title) = layout::heading(&block, body) {
            outline.heading(&title);
        } else if let Some((title, rest)) = layout::leading_heading(&block) {
            outline.heading(title);
            outline.paragraph(&layout::join(rest.iter().map(|l| l.text.as_str())));
        } else {
            outline.paragraph(&layout::join(block.iter().map(|l| l.text.as_str())));
        }
    }
    outline
}

/// The lines split into paragraphs.
fn blocks(placed: &[Placed]) -> Vec<Vec<&text::Line>> {
    let mut blocks: Vec<Vec<&text::Line>> = Vec::new();
    for p in placed {
        match blocks.last_mut() {
            Some(block) if !p.break_before => block.push(&p.line),
            _ => blocks.push(vec![&p.line]),
        }
    }
    blocks
}

/// Where a bookmark's chapter begins among the lines, and the lines of its heading.
struct Start<'a> {
    at: usize,
    heading_end: usize,
    title: &'a str,
}

/// Chapters from the outline: each bookmark's chapter begins at its heading on its page
/// (the line or lines that spell its title, which are then not read as text), or at the
/// top of the page when none spells it; text before the first is an untitled chapter.
fn by_bookmarks(placed: &[Placed], bookmarks: &[Bookmark]) -> Outline {
    let starts = chapter_starts(placed, bookmarks);
    let mut outline = Outline::default();
    let mut block: Vec<&str> = Vec::new();
    let mut next = starts.iter().peekable();
    let mut skip_to = 0;
    for (i, p) in placed.iter().enumerate() {
        let starting = next.peek().is_some_and(|s| s.at == i);
        if p.break_before || starting {
            flush(&mut outline, &mut block);
        }
        while let Some(start) = next.next_if(|s| s.at == i) {
            outline.chapter(Some(start.title));
            skip_to = start.heading_end;
        }
        if i >= skip_to {
            block.push(&p.line.text);
        }
    }
    flush(&mut outline, &mut block);
    outline
}

fn flush(outline: &mut Outline, block: &mut Vec<&str>) {
    if !block.is_empty() {
        outline.paragraph(&layout::join(block.drain(..)));
    }
}

/// Each bookmark's start, in reading order (a bookmark that leads back to an earlier
/// page starts where the one before it did).
fn chapter_starts<'a>(placed: &[Placed], bookmarks: &'a [Bookmark]) -> Vec<Start<'a>> {
    let mut starts = Vec::new();
    let mut from = 0;
    for bookmark in bookmarks {
        let page_start = placed.iter().position(|p| p.page >= bookmark.page).unwrap_or(placed.len());
        let search = page_start.max(from);
        let (at, heading_end) = spelled_heading(placed, search, &bookmark.title).unwrap_or((search, search));
        starts.push(Start { at, heading_end, title: &bookmark.title });
        from = heading_end;
    }
    starts
}

/// The lines from `from` on, on the same page, that together spell `title` (letters
/// and digits alike, in any case).
fn spelled_heading(placed: &[Placed], from: usize, title: &str) -> Option<(usize, usize)> {
    let title = spelling(title);
    let page = placed.get(from)?.page;
    if title.is_empty() {
        return None;
    }
    let on_page = placed[from..].iter().take_while(|p| p.page == page).count();
    (from..from + on_page).find_map(|start| {
        let mut spelled = String::new();
        for (end, p) in placed[start..from + on_page].iter().enumerate() {
            spelled.push_str(&spelling(&p.line.text));
            if spelled == title {
                return Some((start, start + end + 1));
            }
            if spelled.is_empty() || !title.starts_with(&spelled) {
                return None;
            }
        }
        None
    })
}

fn spelling(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Small PDFs for the tests, written with lopdf: pages of lines in Helvetica
/// (WinAnsiEncoding, so German letters too) and an outline.
#[cfg(test)]
pub(super) mod build {
    use lopdf::content::{Content, Operation};
    use lopdf::{Bookmark, Document, Object, Stream, dictionary};

    /// A line: its text, where it starts (x, y, in points from the bottom left) and its
    /// font size.
    pub type Line<'a> = (&'a str, f64, f64, f64);

    /// A document of the given pages and bookmarks (title, page index).
    pub fn pdf(pages: &[Vec<Line>], bookmarks: &[(&str, usize)]) -> Vec<u8> {
        let operations = |lines: &[Line]| lines.iter().flat_map(|line| show(*line)).collect();
        let contents: Vec<Vec<Operation>> = pages.iter().map(|lines| operations(lines)).collect();
        document(contents, bookmarks, |_| {})
    }

    /// The operations that set one line.
    pub fn show((text, x, y, size): Line) -> Vec<Operation> {
        vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["F1".into(), Object::Real(size as f32)]),
            Operation::new("Td", vec![Object::Real(x as f32), Object::Real(y as f32)]),
            Operation::new("Tj", vec![Object::string_literal(win_ansi(text))]),
            Operation::new("ET", vec![]),
        ]
    }

    fn win_ansi(text: &str) -> Vec<u8> {
        text.chars().map(|c| u8::try_from(u32::from(c)).expect("a Latin-1 letter")).collect()
    }

    /// A document of pages of the given operations; `extra` may change it before it is
    /// written.
    pub fn document(
        pages: Vec<Vec<Operation>>,
        bookmarks: &[(&str, usize)],
        extra: impl FnOnce(&mut Document),
    ) -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let font = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
        });
        let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font } });
        let mut kids = Vec::new();
        for operations in pages {
            let content = Content { operations }.encode().expect("content encodes");
            let content = doc.add_object(Stream::new(dictionary! {}, content));
            kids.push(doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "Contents" => content }));
        }
        let count = kids.len() as i64;
        let pages = dictionary! {
            "Type" => "Pages",
            "Kids" => kids.iter().map(|&id| id.into()).collect::<Vec<Object>>(),
            "Count" => count,
            "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        };
        doc.objects.insert(pages_id, Object::Dictionary(pages));
        for (title, page) in bookmarks {
            doc.add_bookmark(Bookmark::new((*title).to_owned(), [0.0; 3], 0, kids[*page]), None);
        }
        let mut catalog = dictionary! { "Type" => "Catalog", "Pages" => pages_id };
        if let Some(outline) = doc.build_outline() {
            catalog.set("Outlines", outline);
        }
        let catalog = doc.add_object(catalog);
        doc.trailer.set("Root", catalog);
        extra(&mut doc);
        doc.compress();
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).expect("document written");
        bytes
    }

    /// Lines of body text (11 pt, 14 pt apart) from `y` down.
    pub fn text<'a>(lines: &[&'a str], y: f64) -> Vec<Line<'a>> {
        lines.iter().enumerate().map(|(i, line)| (*line, 72.0, y - 14.0 * i as f64, 11.0)).collect()
    }
}

#[cfg(test)]
mod tests {
    use lopdf::content::Operation;
    use lopdf::{Object, Stream, dictionary};

    use super::build::{document, pdf, show, text};
    use super::*;

    fn read(bytes: &[u8]) -> Manuscript {
        super::super::parse(Format::Pdf, bytes).unwrap()
    }

    fn refusal(bytes: &[u8]) -> String {
        super::super::parse(Format::Pdf, bytes).unwrap_err().message
    }

    fn titles(manuscript: &Manuscript) -> Vec<&str> {
        manuscript.chapters.iter().map(|c| c.title.as_str()).collect()
    }

    /// A line reaching nearly to the right margin: paragraphs of two lines, this and a
    /// short one, show where lines and paragraphs end as books do.
    const FULL: &str = "Eine lange Zeile, die fast bis an den rechten Rand der Seite reicht, und";

    /// A paragraph of [`FULL`] and its end.
    fn p(end: &str) -> String {
        format!("{FULL} {end}")
    }

    /// A page of a book: a heading, paragraphs of body text, a page number at the foot.
    fn page<'a>(heading: Option<&'a str>, paragraphs: &[&[&'a str]], number: &'a str) -> Vec<build::Line<'a>> {
        let mut lines = Vec::new();
        let mut y = 760.0;
        if let Some(heading) = heading {
            lines.push((heading, 72.0, y, 18.0));
            y -= 40.0;
        }
        for paragraph in paragraphs {
            lines.extend(text(paragraph, y));
            y -= 14.0 * paragraph.len() as f64 + 10.0;
        }
        lines.push((number, 290.0, 40.0, 9.0));
        lines
    }

    #[test]
    fn a_pdf_outline_gives_the_chapters() {
        let pages = [
            page(None, &[&[FULL, "ein Vorwort."]], "1"),
            page(Some("Erstes Kapitel"), &[&[FULL, "es war einmal."], &[FULL, "und so weiter."]], "2"),
            page(
                Some("Zweites Kapitel"),
                &[&[FULL, "kurz."], &["Drittes Kapitel"], &[FULL, "mitten auf der Seite."]],
                "3",
            ),
        ];
        let bytes = pdf(&pages, &[("Erstes Kapitel", 1), ("Zweites Kapitel", 2), ("Drittes Kapitel", 2)]);
        let manuscript = read(&bytes);
        assert_eq!(titles(&manuscript), ["Einleitung", "Erstes Kapitel", "Zweites Kapitel", "Drittes Kapitel"]);
        assert_eq!(manuscript.chapters[0].paragraphs, [p("ein Vorwort.")]);
        assert_eq!(manuscript.chapters[1].paragraphs, [p("es war einmal."), p("und so weiter.")]);
        assert_eq!(manuscript.chapters[2].paragraphs, [p("kurz.")]);
        assert_eq!(manuscript.chapters[3].paragraphs, [p("mitten auf der Seite.")]);
    }

    #[test]
    fn an_outline_of_one_bookmark_over_the_chapters_gives_its_children_and_the_title() {
        let pages = [
            page(Some("Anfang"), &[&[FULL, "erster Text."]], "1"),
            page(Some("Ende"), &[&[FULL, "letzter Text."]], "2"),
        ];
        let bytes =
            document(pages.iter().map(|lines| lines.iter().flat_map(|l| show(*l)).collect()).collect(), &[], |doc| {
                let kids: Vec<_> = doc.get_pages().into_values().collect();
                let root = doc.add_bookmark(lopdf::Bookmark::new("Das Buch".into(), [0.0; 3], 0, kids[0]), None);
                doc.add_bookmark(lopdf::Bookmark::new("Anfang".into(), [0.0; 3], 0, kids[0]), Some(root));
                doc.add_bookmark(lopdf::Bookmark::new("Ende".into(), [0.0; 3], 0, kids[1]), Some(root));
                let outline = doc.build_outline().unwrap();
                doc.catalog_mut().unwrap().set("Outlines", outline);
            });
        let manuscript = read(&bytes);
        assert_eq!(manuscript.title.as_deref(), Some("Das Buch"));
        assert_eq!(titles(&manuscript), ["Anfang", "Ende"]);
        assert_eq!(manuscript.chapters[1].paragraphs, [p("letzter Text.")]);
    }

    #[test]
    fn without_an_outline_heading_lines_start_chapters() {
        let pages = [
            page(Some("Der Anfang"), &[&[FULL, "erster Absatz."], &[FULL, "zweiter Absatz."]], "1"),
            page(None, &[&["Kapitel 2"], &[FULL, "im Wald."], &["1. Einleitung"], &[FULL, "nach der Zahl."]], "2"),
        ];
        let manuscript = read(&pdf(&pages, &[]));
        assert_eq!(titles(&manuscript), ["Der Anfang", "Kapitel 2", "1. Einleitung"]);
        assert_eq!(manuscript.chapters[0].paragraphs, [p("erster Absatz."), p("zweiter Absatz.")]);
        assert_eq!(manuscript.chapters[1].paragraphs, [p("im Wald.")]);
        assert_eq!(manuscript.chapters[2].paragraphs, [p("nach der Zahl.")]);
    }

    #[test]
    fn text_without_headings_is_one_chapter_named_after_the_document() {
        let bytes = document(vec![text(&["Nur Text."], 700.0).into_iter().flat_map(show).collect()], &[], |doc| {
            let info = doc.add_object(dictionary! { "Title" => Object::string_literal("Die Novelle") });
            doc.trailer.set("Info", info);
        });
        let manuscript = read(&bytes);
        assert_eq!(manuscript.title.as_deref(), Some("Die Novelle"));
        assert_eq!(titles(&manuscript), ["Die Novelle"]);
        assert_eq!(manuscript.chapters[0].paragraphs, ["Nur Text."]);
    }

    #[test]
    fn words_divided_at_line_ends_are_joined_and_paragraphs_cross_pages() {
        let pages = [
            page(None, &[&[FULL, "mit einem Wort-", "teil und einer Nord-", "Süd-Achse, der weiter-"]], "1"),
            page(None, &[&["geht auf der nächsten Seite."], &[FULL, "ein neuer Absatz."]], "2"),
        ];
        let manuscript = read(&pdf(&pages, &[]));
        assert_eq!(
            manuscript.chapters[0].paragraphs,
            [
                p("mit einem Wortteil und einer Nord-Süd-Achse, der weitergeht auf der nächsten Seite."),
                p("ein neuer Absatz.")
            ]
        );
    }

    #[test]
    fn page_numbers_and_running_headers_are_not_read() {
        let ends = ["eins.", "zwei.", "drei.", "vier."];
        let pages: Vec<_> = (0..4)
            .map(|n| {
                let mut lines = vec![("Der Roman", 72.0, 800.0, 9.0)];
                lines.extend(text(&[FULL, ends[n]], 760.0));
                lines.push((["1", "2", "3", "4"][n], 290.0, 40.0, 9.0));
                lines
            })
            .collect();
        let manuscript = read(&pdf(&pages, &[]));
        assert_eq!(manuscript.chapters[0].paragraphs, ends.map(p));
    }

    #[test]
    fn a_pdf_without_text_is_refused_as_scanned() {
        let drawing = vec![
            Operation::new("m", vec![0.into(), 0.into()]),
            Operation::new("l", vec![100.into(), 100.into()]),
            Operation::new("S", vec![]),
        ];
        let message = refusal(&document(vec![drawing, vec![]], &[], |_| {}));
        assert_eq!(message, "Die PDF-Datei enthält keinen Text (gescannte Seiten werden nicht unterstützt).");
    }

    #[test]
    fn garbage_truncated_and_encrypted_files_are_not_valid_pdfs() {
        let valid = pdf(&[text(&["Text."], 700.0)], &[]);
        let encrypted = document(vec![text(&["Geheim."], 700.0).into_iter().flat_map(show).collect()], &[], |doc| {
            let encrypt = doc.add_object(dictionary! {
                "Filter" => "Standard", "V" => 1, "R" => 2, "P" => -4,
                "O" => Object::string_literal(vec![0u8; 32]), "U" => Object::string_literal(vec![0u8; 32]),
            });
            doc.trailer.set("Encrypt", encrypt);
        });
        for bytes in [&b"kein PDF, nur Text"[..], b"%PDF-1.7\n\x00\x01\x02", &valid[..valid.len() / 3], &encrypted] {
            assert_eq!(refusal(bytes), "Die Datei ist kein gültiges PDF-Dokument.");
        }
    }

    #[test]
    fn a_composite_font_is_read_through_its_character_map() {
        let map = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n\
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
            /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n\
            1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n\
            3 beginbfchar\n<0001> <0048>\n<0002> <00E4>\n<0003> <0020>\nendbfchar\n\
            endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n";
        let line = |y: i64, codes: &[u8]| {
            vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F2".into(), 11.into()]),
                Operation::new("Td", vec![72.into(), y.into()]),
                // The two halves of a line, the second where the first ends (widths from W).
                Operation::new("Tj", vec![Object::string_literal(&codes[..4])]),
                Operation::new("Td", vec![11.into(), 0.into()]),
                Operation::new("Tj", vec![Object::string_literal(&codes[4..])]),
                Operation::new("ET", vec![]),
            ]
        };
        let codes = [0, 1, 0, 2, 0, 2, 0, 1];
        let bytes = document(vec![line(700, &codes)], &[], |doc| {
            let to_unicode = doc.add_object(Stream::new(dictionary! {}, map.as_bytes().to_vec()));
            let descendant = doc.add_object(dictionary! {
                "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "Test",
                "DW" => 1000, "W" => vec![1.into(), vec![500.into(), 500.into()].into()],
            });
            let font = doc.add_object(dictionary! {
                "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "Test", "Encoding" => "Identity-H",
                "DescendantFonts" => vec![descendant.into()], "ToUnicode" => to_unicode,
            });
            let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F2" => font } });
            let page = doc.get_pages()[&1];
            doc.get_dictionary_mut(page).unwrap().set("Resources", resources);
        });
        assert_eq!(read(&bytes).chapters[0].paragraphs, ["HääH"]);
    }

    #[test]
    fn a_pdf_of_more_syntax_than_a_book_needs_is_refused_before_it_is_parsed() {
        let zeros = "0 ".repeat(load::MAX_SYNTAX_OBJECTS);
        let bytes = format!("%PDF-1.4\n1 0 obj [{zeros}] endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
        assert_eq!(refusal(bytes.as_bytes()), "Die PDF-Datei ist zu aufwendig aufgebaut: höchstens 600.000 Objekte.");
    }

    #[test]
    fn a_page_that_unpacks_beyond_the_limit_is_refused() {
        // 60 MiB of spaces pack into some 60 KB.
        let mut bomb = Stream::new(dictionary! {}, vec![b' '; 60 * 1024 * 1024]);
        bomb.compress().unwrap();
        let bytes = document(vec![vec![]], &[], |doc| {
            let content = doc.add_object(bomb);
            let page = doc.get_pages()[&1];
            doc.get_dictionary_mut(page).unwrap().set("Contents", content);
        });
        assert!(bytes.len() < 200_000, "{} bytes", bytes.len());
        assert_eq!(refusal(&bytes), "Die Datei ist entpackt zu groß: höchstens 50 MB.");
    }

    #[test]
    fn more_pages_than_a_manuscript_fills_are_refused() {
        let bytes = document(vec![vec![]; MAX_PAGES + 1], &[], |_| {});
        assert_eq!(refusal(&bytes), "Die PDF-Datei hat zu viele Seiten: höchstens 2.000.");
    }
}
