//! Entries of an uploaded ZIP archive (DOCX and EPUB are ZIP files of XML), read as if
//! the archive were hostile: at most [`MAX_UNPACKED_BYTES`] unpacked in all, whatever
//! the entries' headers claim, and at most [`MAX_ENTRIES`] entries listed.
//!
//! Entry names are only ever looked up in the archive's own directory, never used as
//! paths on a disk, so a name like `../../etc/passwd` names nothing.

use std::io::{Cursor, Read};

use zip::ZipArchive;

use super::{Format, MAX_UNPACKED_BYTES, unreadable};
use crate::{Invalid, Result};

/// Most entries an archive may list: a book has a few hundred files; a directory of
/// millions of empty entries only costs memory to index.
const MAX_ENTRIES: usize = 10_000;

/// An opened archive and how much of it has been unpacked so far.
pub(super) struct Archive<'a> {
    zip: ZipArchive<Cursor<&'a [u8]>>,
    format: Format,
    unpacked: u64,
}

impl<'a> Archive<'a> {
    /// Opens `bytes` as a ZIP archive of the given format (which names it in errors).
    pub(super) fn open(bytes: &'a [u8], format: Format) -> Result<Self> {
        let zip = ZipArchive::new(Cursor::new(bytes)).map_err(|_| format.broken())?;
        if zip.len() > MAX_ENTRIES {
            return Err(format.broken());
        }
        Ok(Archive { zip, format, unpacked: 0 })
    }

    /// An entry's bytes, `None` if the archive has no entry of that name. Refuses an
    /// entry whose header claims more than is left of the budget before unpacking a
    /// byte, and one whose header lies while unpacking it.
    pub(super) fn read(&mut self, name: &str) -> Result<Option<Vec<u8>>> {
        let Some(index) = self.zip.index_for_name(name) else {
            return Ok(None);
        };
        let budget = MAX_UNPACKED_BYTES - self.unpacked;
        let entry = self.zip.by_index(index).map_err(|_| self.format.broken())?;
        if entry.size() > budget {
            return Err(unpacked_too_large());
        }
        let bytes = read_limited(entry, budget, self.format)?;
        self.unpacked += bytes.len() as u64;
        Ok(Some(bytes))
    }
}

/// Reads at most `limit` bytes: one more means the entry is larger than allowed,
/// whatever its header said. A damaged entry (bad deflate data, wrong checksum) is a
/// broken file.
fn read_limited(reader: impl Read, limit: u64, format: Format) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(limit + 1).read_to_end(&mut bytes).map_err(|_| format.broken())?;
    if bytes.len() as u64 > limit {
        return Err(unpacked_too_large());
    }
    Ok(bytes)
}

fn unpacked_too_large() -> Invalid {
    unreadable("Die Datei ist entpackt zu groß: höchstens 50 MB.")
}

/// A ZIP archive of the given entries, deflated, as the tests of the readers need.
#[cfg(test)]
pub(super) fn build(entries: &[(&str, &str)]) -> Vec<u8> {
    use std::io::Write;

    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, content) in entries {
        writer.start_file(*name, zip::write::SimpleFileOptions::default()).expect("entry starts");
        writer.write_all(content.as_bytes()).expect("entry written");
    }
    writer.finish().expect("archive finished").into_inner()
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn an_entry_is_read_and_a_missing_one_is_none() {
        let bytes = build(&[("a.txt", "Hallo")]);
        let mut archive = Archive::open(&bytes, Format::Docx).unwrap();
        assert_eq!(archive.read("a.txt").unwrap().as_deref(), Some(&b"Hallo"[..]));
        assert_eq!(archive.read("../a.txt").unwrap(), None);
    }

    #[test]
    fn a_reader_that_yields_more_than_the_limit_is_cut_off_and_refused() {
        // `io::repeat` never ends: only the limit stops it, as it stops an entry whose
        // header claims a few bytes and inflates to gigabytes.
        let err = read_limited(std::io::repeat(0), 1_000, Format::Epub).unwrap_err();
        assert_eq!(err.message, "Die Datei ist entpackt zu groß: höchstens 50 MB.");
        assert_eq!(read_limited(&[0u8; 1_000][..], 1_000, Format::Epub).unwrap().len(), 1_000);
    }

    #[test]
    fn a_zip_bomb_is_refused_before_it_is_unpacked() {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default().compression_level(Some(1));
        writer.start_file("word/document.xml", options).unwrap();
        let zeros = vec![0u8; 1024 * 1024];
        for _ in 0..60 {
            writer.write_all(&zeros).unwrap();
        }
        let bytes = writer.finish().unwrap().into_inner();
        assert!(bytes.len() < 1024 * 1024, "60 MiB of zeros deflate to {} bytes", bytes.len());
        let err = super::super::parse(Format::Docx, &bytes).unwrap_err();
        assert_eq!(err.message, "Die Datei ist entpackt zu groß: höchstens 50 MB.");
        assert_eq!(err.fields.get("file"), Some(&err.message));
    }

    #[test]
    fn entries_together_may_not_exceed_the_budget() {
        let bytes = build(&[("a", "x")]);
        let mut archive = Archive::open(&bytes, Format::Epub).unwrap();
        archive.unpacked = MAX_UNPACKED_BYTES;
        assert!(archive.read("a").is_err());
    }

    #[test]
    fn bytes_that_are_no_zip_are_a_broken_file() {
        for bytes in [&b"PK\x03\x04kaputt"[..], b"", b"Hallo Welt"] {
            let err = Archive::open(bytes, Format::Epub).err().expect("refused");
            assert_eq!(err.message, "Die Datei ist kein gültiges EPUB-Buch.");
            assert_eq!(err.fields.get("file"), Some(&err.message));
        }
    }
}
