//! Reading the XML inside DOCX and EPUB files with quick-xml.
//!
//! quick-xml resolves no DTD: a `<!DOCTYPE …>` with entity declarations comes out as one
//! event that the readers ignore, so external entities (XXE: a `file://` or `http://`
//! URL pulled into the text) and nested entity expansion ("billion laughs") have nothing
//! to expand. Named entities are looked up in a fixed table below, one level deep.

use quick_xml::Reader;
use quick_xml::escape::resolve_xml_entity;
use quick_xml::events::{BytesStart, BytesText, Event};

/// A lenient reader: XHTML written by hand (a `<br>` never closed, a mistyped closing
/// tag) still reads; the text is what matters, not the tree.
pub(super) fn reader(xml: &str) -> Reader<&[u8]> {
    let mut reader = Reader::from_str(xml);
    let config = reader.config_mut();
    config.check_end_names = false;
    config.allow_unmatched_ends = true;
    reader
}

/// A text node's characters, entities decoded; a stray `&` (invalid XML that some
/// e-books contain) keeps the raw text rather than losing it.
pub(super) fn text(node: &BytesText) -> String {
    match node.unescape_with(entity) {
        Ok(text) => text.into_owned(),
        Err(_) => String::from_utf8_lossy(node).into_owned(),
    }
}

/// An attribute's value by its full name (`full-path`, `w:val`).
pub(super) fn attribute(element: &BytesStart, name: &str) -> Option<String> {
    let attribute = element.try_get_attribute(name).ok()??;
    let value = attribute.unescape_value().unwrap_or_else(|_| String::from_utf8_lossy(&attribute.value));
    Some(value.into_owned())
}

/// The text of the first element with this local name (`dc:title` as `title`).
pub(super) fn first_text(xml: &str, local_name: &[u8]) -> Option<String> {
    let mut reader = reader(xml);
    let mut inside = false;
    let mut out = String::new();
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) if e.local_name().as_ref() == local_name => inside = true,
            Event::Text(t) if inside => out.push_str(&text(&t)),
            Event::CData(t) if inside => out.push_str(&String::from_utf8_lossy(&t)),
            Event::End(e) if inside && e.local_name().as_ref() == local_name => return Some(out),
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// The subtree being skipped (a `<script>`, a `<mc:Fallback>`): its element name and
/// how deeply that name nests inside itself, so that its own closing tag ends it.
#[derive(Debug, Default)]
pub(super) struct Skip {
    name: Vec<u8>,
    depth: usize,
}

impl Skip {
    pub(super) fn active(&self) -> bool {
        self.depth > 0
    }

    /// Notes an opening tag; true if it starts or lies in a skipped subtree.
    pub(super) fn open(&mut self, name: &[u8], skip_this: bool) -> bool {
        if self.depth == 0 {
            if !skip_this {
                return false;
            }
            self.name = name.to_vec();
        }
        if self.name == name {
            self.depth += 1;
        }
        true
    }

    /// Notes a closing tag; true if it ends or lies in a skipped subtree.
    pub(super) fn close(&mut self, name: &[u8]) -> bool {
        if self.depth == 0 {
            return false;
        }
        if self.name == name {
            self.depth -= 1;
        }
        true
    }
}

/// The five XML entities, the HTML ones e-books use for German and typographic text,
/// and nothing for any other name (an unknown entity is markup, not text to read).
fn entity(name: &str) -> Option<&'static str> {
    let html = match name {
        "nbsp" => "\u{A0}",
        "shy" => "\u{AD}",
        "ndash" => "–",
        "mdash" => "—",
        "hellip" => "…",
        "bdquo" => "„",
        "ldquo" => "“",
        "rdquo" => "”",
        "sbquo" => "‚",
        "lsquo" => "‘",
        "rsquo" => "’",
        "laquo" => "«",
        "raquo" => "»",
        "lsaquo" => "‹",
        "rsaquo" => "›",
        "auml" => "ä",
        "ouml" => "ö",
        "uuml" => "ü",
        "Auml" => "Ä",
        "Ouml" => "Ö",
        "Uuml" => "Ü",
        "szlig" => "ß",
        "eacute" => "é",
        "egrave" => "è",
        "agrave" => "à",
        "ccedil" => "ç",
        "euro" => "€",
        "sect" => "§",
        "deg" => "°",
        "copy" => "©",
        "middot" => "·",
        "times" => "×",
        _ => "",
    };
    resolve_xml_entity(name).or(Some(html))
}

/// The text nodes of a document.
#[cfg(test)]
fn texts(xml: &str) -> Vec<String> {
    let mut reader = reader(xml);
    let mut out = Vec::new();
    while let Ok(event) = reader.read_event() {
        match event {
            Event::Text(t) => out.push(text(&t)),
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_entities_are_decoded_and_unknown_ones_dropped() {
        assert_eq!(
            texts("<p>Gr&uuml;&szlig;e&nbsp;&bdquo;x&ldquo; &amp; &#228;&unbekannt;</p>"),
            ["Grüße\u{A0}„x“ & ä"]
        );
    }

    #[test]
    fn a_doctype_with_an_external_entity_expands_nothing() {
        let xml = r#"<?xml version="1.0"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><p>a&xxe;b</p>"#;
        assert_eq!(texts(xml), ["ab"]);
    }

    #[test]
    fn a_stray_ampersand_keeps_the_raw_text() {
        assert_eq!(texts("<p>AT&T</p>"), ["AT&T"]);
    }

    #[test]
    fn skipping_ends_at_the_closing_tag_of_the_skipped_element() {
        let mut skip = Skip::default();
        assert!(!skip.open(b"p", false));
        assert!(skip.open(b"script", true));
        assert!(skip.open(b"script", false));
        assert!(skip.close(b"script"));
        assert!(skip.active());
        assert!(skip.close(b"script"));
        assert!(!skip.active());
        assert!(!skip.close(b"p"));
    }

    #[test]
    fn attributes_and_first_texts_are_read() {
        let xml = r#"<package><metadata><dc:title>Der &amp; Titel</dc:title></metadata></package>"#;
        assert_eq!(first_text(xml, b"title").as_deref(), Some("Der & Titel"));
        let mut reader = reader(r#"<rootfile full-path="OEBPS/content.opf"/>"#);
        let Ok(Event::Empty(e)) = reader.read_event() else { panic!("an empty element") };
        assert_eq!(attribute(&e, "full-path").as_deref(), Some("OEBPS/content.opf"));
        assert_eq!(attribute(&e, "missing"), None);
    }
}
