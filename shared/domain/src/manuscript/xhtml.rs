//! One XHTML document of an EPUB as one chapter: titled by its first `h1`/`h2` (else its
//! `<title>`, unless that only repeats the book's title), its paragraphs the text of its
//! block elements (`p`, `h3`–`h6`, `li`, `blockquote`, …). Scripts, styles, navigation and
//! embedded graphics are not text to read.

use quick_xml::events::Event;

use super::{Format, Outline, paragraph, xml};
use crate::Result;

/// Elements whose content is skipped (`head` holds the `<title>`, read on its own).
const SKIPPED: &str = "head script style nav svg math noscript template rt";

/// Elements that begin and end a paragraph; any other element is inline.
const BLOCKS: &str = "p div h1 h2 h3 h4 h5 h6 li ul ol dl dt dd blockquote pre table tr td th caption figure \
                      figcaption section article aside header footer main body hr address details summary";

/// Whether `name` is one of the space-separated `names`.
fn one_of(names: &str, name: &[u8]) -> bool {
    names.split_whitespace().any(|n| n.as_bytes() == name)
}

/// Reads `document` and adds it to `outline` as one chapter.
pub(super) fn read(document: &str, book_title: Option<&str>, outline: &mut Outline) -> Result<()> {
    let mut page = Page::default();
    let mut reader = xml::reader(document);
    loop {
        match reader.read_event().map_err(|_| Format::Epub.broken())? {
            Event::Start(e) => page.start(e.local_name().as_ref()),
            Event::Empty(e) => page.empty(e.local_name().as_ref()),
            Event::End(e) => page.end(e.local_name().as_ref()),
            Event::Text(t) => page.text(&xml::text(&t)),
            Event::CData(t) => page.text(&String::from_utf8_lossy(&t)),
            Event::Eof => break,
            _ => {}
        }
    }
    page.into_chapter(book_title, outline);
    Ok(())
}

/// The document as read so far.
#[derive(Debug, Default)]
struct Page {
    heading: Option<String>,
    in_heading: bool,
    title: Option<String>,
    title_text: String,
    in_title: bool,
    in_body: bool,
    paragraphs: Vec<String>,
    current: String,
    skip: xml::Skip,
}

impl Page {
    fn start(&mut self, name: &[u8]) {
        // The document's title, not that of an image in its body.
        self.in_title |= name == b"title" && self.title.is_none() && !self.in_body;
        self.in_body |= name == b"body";
        if self.skip.open(name, one_of(SKIPPED, name)) {
            return;
        }
        // HTML habits: a `<br>` that is never closed is still a break.
        self.empty(name);
        self.in_heading |= matches!(name, b"h1" | b"h2") && self.heading.is_none();
    }

    fn empty(&mut self, name: &[u8]) {
        if self.skip.active() {
            return;
        }
        if name == b"br" {
            self.current.push(' ');
        } else if one_of(BLOCKS, name) {
            self.flush();
        }
    }

    fn end(&mut self, name: &[u8]) {
        if name == b"title" && self.in_title {
            self.in_title = false;
            self.title = Some(std::mem::take(&mut self.title_text));
        }
        if self.skip.close(name) {
            return;
        }
        if self.in_heading && matches!(name, b"h1" | b"h2") {
            self.in_heading = false;
            // A heading of only an image leaves the title to the next one.
            let heading = std::mem::take(&mut self.current);
            self.heading = Some(heading).filter(|h| !paragraph::clean(h).is_empty());
        } else if one_of(BLOCKS, name) {
            self.flush();
        }
    }

    fn text(&mut self, text: &str) {
        if self.in_title {
            self.title_text.push_str(text);
        } else if !self.skip.active() {
            self.current.push_str(text);
        }
    }

    /// Ends the paragraph being read (a block started or ended).
    fn flush(&mut self) {
        if !self.current.trim().is_empty() {
            self.paragraphs.push(std::mem::take(&mut self.current));
        }
        self.current.clear();
    }

    fn into_chapter(mut self, book_title: Option<&str>, outline: &mut Outline) {
        self.flush();
        let book_title = book_title.map(paragraph::clean);
        let title_tag =
            self.title.map(|t| paragraph::clean(&t)).filter(|t| !t.is_empty() && Some(t) != book_title.as_ref());
        outline.chapter(self.heading.as_deref().or(title_tag.as_deref()));
        for text in &self.paragraphs {
            outline.paragraph(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chapter(document: &str, book_title: Option<&str>) -> (Option<String>, Vec<String>) {
        let mut outline = Outline::default();
        read(document, book_title, &mut outline).unwrap();
        let draft = outline.chapters.pop().expect("one chapter");
        (draft.title, draft.paragraphs)
    }

    #[test]
    fn the_first_h1_or_h2_titles_the_chapter_and_later_ones_are_text() {
        let document = "<html><body><h2><img src='x.png'/></h2><h2>Titel</h2><p>A</p><h1>Noch einer</h1></body></html>";
        assert_eq!(chapter(document, None), (Some("Titel".into()), vec!["A".into(), "Noch einer".into()]));
    }

    #[test]
    fn the_title_element_titles_a_chapter_without_heading_unless_it_is_the_book_title() {
        let document = "<html><head><title>Widmung</title></head><body><p>Für M.</p></body></html>";
        assert_eq!(chapter(document, Some("Das Buch")).0.as_deref(), Some("Widmung"));
        assert_eq!(chapter(document, Some("Widmung")).0, None);
    }

    #[test]
    fn scripts_styles_and_navigation_are_not_read() {
        let document = "<html><body><nav><ol><li>Inhalt</li></ol></nav><style>p{}</style><p>Text <span>inline</span></p>\
                        <script>var a = 1;</script><svg><title>Grafik</title></svg></body></html>";
        assert_eq!(chapter(document, None), (None, vec!["Text inline".into()]));
    }

    #[test]
    fn an_unclosed_br_does_not_swallow_the_rest() {
        let document = "<html><body><p>Eins<br>zwei</p><p>drei</p></body></html>";
        assert_eq!(chapter(document, None).1, ["Eins zwei", "drei"]);
    }
}
