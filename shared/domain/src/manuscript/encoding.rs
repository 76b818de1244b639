//! Bytes to text: UTF-8 (a byte-order mark skipped) or, with its byte-order mark,
//! UTF-16 as Windows editors save it. Nothing is guessed for text files: a Windows-1252
//! file read as UTF-8 would come out with wrong umlauts, so it is refused instead.

use super::Format;
use crate::Result;

/// A text file's content: UTF-8 or UTF-16 with a byte-order mark.
pub(super) fn text(bytes: &[u8]) -> Result<String> {
    decode(bytes).ok_or_else(|| Format::Plain.broken())
}

/// An XML file inside a DOCX or EPUB: UTF-8 or UTF-16 by the same rules; anything else
/// is an old "ISO-8859-1" XHTML file, whose bytes are its characters.
pub(super) fn xml(bytes: &[u8]) -> String {
    decode(bytes).unwrap_or_else(|| bytes.iter().map(|&b| char::from(b)).collect())
}

fn decode(bytes: &[u8]) -> Option<String> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return String::from_utf8(rest.to_vec()).ok();
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes);
    }
    String::from_utf8(bytes.to_vec()).ok()
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Option<String> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]])).collect();
    String::from_utf16(&units).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_utf8_byte_order_mark_is_skipped() {
        assert_eq!(text(b"\xEF\xBB\xBFGr\xC3\xBC\xC3\x9Fe").unwrap(), "Grüße");
    }

    #[test]
    fn utf16_with_a_byte_order_mark_is_read_in_both_byte_orders() {
        assert_eq!(text(b"\xFF\xFE\xFC\x00b").ok(), None, "odd length");
        assert_eq!(text(b"\xFF\xFEG\x00\xFC\x00").unwrap(), "Gü");
        assert_eq!(text(b"\xFE\xFF\x00G\x00\xFC").unwrap(), "Gü");
    }

    #[test]
    fn windows_1252_text_is_refused_as_not_utf8() {
        let err = text(b"Gr\xFC\xDFe").unwrap_err();
        assert_eq!(err.message, "Die Datei ist kein UTF-8-Text.");
        assert_eq!(err.fields.get("file"), Some(&err.message));
    }

    #[test]
    fn latin1_xml_keeps_its_umlauts() {
        assert_eq!(xml(b"<p>Gr\xFC\xDFe</p>"), "<p>Grüße</p>");
    }
}
