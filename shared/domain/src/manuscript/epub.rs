//! E-books (EPUB): `META-INF/container.xml` names the package document (OPF), whose
//! manifest lists the files and whose spine gives the reading order. Each XHTML document
//! of the spine is one chapter (read by [`super::xhtml`]); the OPF's `dc:title` is the
//! manuscript's title.

use std::collections::HashMap;

use quick_xml::events::{BytesStart, Event};

use super::archive::Archive;
use super::{Format, MAX_CHAPTERS, Manuscript, Outline, encoding, german, too_long, xhtml, xml};
use crate::Result;

/// Most spine documents read: covers, title pages and notes may come on top of the
/// chapters, but every document is an archive entry to unpack.
const MAX_DOCUMENTS: usize = MAX_CHAPTERS * 2;

pub(super) fn parse(bytes: &[u8]) -> Result<Manuscript> {
    let mut archive = Archive::open(bytes, Format::Epub)?;
    let container = archive.read("META-INF/container.xml")?.ok_or_else(broken)?;
    let opf_path = rootfile(&encoding::xml(&container)).ok_or_else(broken)?;
    let opf = encoding::xml(&archive.read(&opf_path)?.ok_or_else(broken)?);
    let folder = opf_path.rsplit_once('/').map_or("", |(folder, _)| folder);
    let documents = spine(&opf, folder)?;
    let title = xml::first_text(&opf, b"title");
    let mut outline = Outline::default();
    for path in &documents {
        // A spine entry the archive lacks has nothing to read; the rest of the book does.
        if let Some(document) = archive.read(path)? {
            xhtml::read(&encoding::xml(&document), title.as_deref(), &mut outline)?;
        }
    }
    outline.finish(title)
}

fn broken() -> crate::Invalid {
    Format::Epub.broken()
}

/// The package document's path: `full-path` of the first `rootfile`.
fn rootfile(container: &str) -> Option<String> {
    let mut reader = xml::reader(container);
    loop {
        match reader.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"rootfile" => {
                return xml::attribute(&e, "full-path");
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// The archive paths of the spine's XHTML documents, in reading order.
fn spine(opf: &str, folder: &str) -> Result<Vec<String>> {
    let mut reader = xml::reader(opf);
    let mut manifest: HashMap<String, String> = HashMap::new();
    let mut order: Vec<String> = Vec::new();
    loop {
        match reader.read_event().map_err(|_| broken())? {
            Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                b"item" => manifest.extend(document_item(&e)),
                b"itemref" => order.extend(xml::attribute(&e, "idref")),
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    if order.len() > MAX_DOCUMENTS {
        return Err(too_long(format!(
            "Das Buch hat zu viele Abschnitte: höchstens {} (erhalten: {}).",
            german(MAX_DOCUMENTS),
            german(order.len())
        )));
    }
    Ok(order.iter().filter_map(|id| manifest.get(id)).filter_map(|href| resolve(folder, href)).collect())
}

/// A manifest item's id and href if it is an (X)HTML document; images, styles and fonts
/// have no text.
fn document_item(item: &BytesStart) -> Option<(String, String)> {
    let id = xml::attribute(item, "id")?;
    let href = xml::attribute(item, "href")?;
    let media_type = xml::attribute(item, "media-type").unwrap_or_default();
    let html = matches!(media_type.as_str(), "application/xhtml+xml" | "text/html")
        || [".xhtml", ".html", ".htm"].iter().any(|ext| href.to_ascii_lowercase().ends_with(ext));
    html.then_some((id, href))
}

/// An href of the OPF as an archive path: relative to the OPF's folder, percent-escapes
/// decoded, fragment dropped. `None` for other sites' URLs and for paths that climb
/// above the archive's root (`../../x`): they name nothing in the archive.
fn resolve(folder: &str, href: &str) -> Option<String> {
    let href = href.split('#').next().unwrap_or_default();
    if href.is_empty() || href.contains(':') {
        return None;
    }
    let href = percent_decode(href)?;
    let folder = if href.starts_with('/') { "" } else { folder };
    let mut parts: Vec<&str> = folder.split('/').filter(|part| !part.is_empty()).collect();
    for segment in href.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(segment),
        }
    }
    Some(parts.join("/"))
}

/// `%20` and the like as the bytes they stand for; `None` if they are no UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = text.get(i + 1..i + 3).filter(|_| bytes[i] == b'%').and_then(|h| u8::from_str_radix(h, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::archive::build;

    const CONTAINER: &str = r#"<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"#;

    /// The manifest lists a, b, c; the spine reads c, a, b.
    const OPF: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Das Buch</dc:title></metadata>
  <manifest>
    <item id="a" href="text/a.xhtml" media-type="application/xhtml+xml"/>
    <item id="b" href="text/kapitel%20b.xhtml" media-type="application/xhtml+xml"/>
    <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
  </manifest>
  <spine><itemref idref="c"/><itemref idref="css"/><itemref idref="a"/><itemref idref="b"/></spine>
</package>"#;

    fn page(title: &str, body: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>{title}</title><style>p {{ color: red }}</style></head>
<body>{body}</body></html>"#
        )
    }

    fn book() -> Vec<u8> {
        let a = page(
            "Das Buch",
            "<h1>Erstes Kapitel</h1><p>Erster&nbsp;Absatz.</p><h3>Zwischentitel</h3><ul><li>Punkt</li></ul>",
        );
        let b = page(
            "Das Buch",
            "<section><h2>Zweites <em>Kapitel</em></h2><div><p>Zweiter</p>Absatz.</div></section><script>alert(1)</script>",
        );
        let c = page("Vorwort", "<p>Ein Vorwort,<br/>mit Umbruch.</p><blockquote><p>Ein Zitat.</p></blockquote>");
        build(&[
            ("mimetype", "application/epub+zip"),
            ("META-INF/container.xml", CONTAINER),
            ("OEBPS/content.opf", OPF),
            ("OEBPS/text/a.xhtml", &a),
            ("OEBPS/text/kapitel b.xhtml", &b),
            ("OEBPS/c.xhtml", &c),
        ])
    }

    #[test]
    fn spine_order_is_kept_and_each_document_is_a_chapter() {
        let manuscript = super::super::parse(Format::Epub, &book()).unwrap();
        assert_eq!(manuscript.title.as_deref(), Some("Das Buch"));
        let titles: Vec<_> = manuscript.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["Vorwort", "Erstes Kapitel", "Zweites Kapitel"]);
        assert_eq!(manuscript.chapters[0].paragraphs, ["Ein Vorwort, mit Umbruch.", "Ein Zitat."]);
        assert_eq!(manuscript.chapters[1].paragraphs, ["Erster Absatz.", "Zwischentitel", "Punkt"]);
        assert_eq!(manuscript.chapters[2].paragraphs, ["Zweiter", "Absatz."]);
    }

    #[test]
    fn hrefs_resolve_inside_the_archive_only() {
        assert_eq!(resolve("OEBPS", "text/a.xhtml#k1").as_deref(), Some("OEBPS/text/a.xhtml"));
        assert_eq!(resolve("OEBPS/text", "../b%C3%BCcher/c.xhtml").as_deref(), Some("OEBPS/bücher/c.xhtml"));
        assert_eq!(resolve("", "./c.xhtml").as_deref(), Some("c.xhtml"));
        assert_eq!(resolve("OEBPS", "../../etc/passwd"), None);
        assert_eq!(resolve("", "../c.xhtml"), None);
        assert_eq!(resolve("OEBPS", "https://example.com/x.xhtml"), None);
    }

    #[test]
    fn a_book_without_container_or_package_is_broken() {
        for bytes in [build(&[("mimetype", "application/epub+zip")]), build(&[("META-INF/container.xml", CONTAINER)])] {
            let err = super::super::parse(Format::Epub, &bytes).unwrap_err();
            assert_eq!(err.message, "Die Datei ist kein gültiges EPUB-Buch.");
            assert_eq!(err.fields.get("file"), Some(&err.message));
        }
    }

    #[test]
    fn a_spine_of_more_than_1000_documents_is_refused_unread() {
        let itemrefs = r#"<itemref idref="a"/>"#.repeat(MAX_DOCUMENTS + 1);
        let opf = format!(r#"<package><manifest/><spine>{itemrefs}</spine></package>"#);
        let bytes = build(&[("META-INF/container.xml", CONTAINER), ("OEBPS/content.opf", &opf)]);
        let err = super::super::parse(Format::Epub, &bytes).unwrap_err();
        assert_eq!(err.message, "Das Buch hat zu viele Abschnitte: höchstens 1.000 (erhalten: 1.001).");
    }
}
