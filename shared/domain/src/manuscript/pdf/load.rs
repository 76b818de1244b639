//! Opening an uploaded PDF as if it were hostile. lopdf parses the whole object graph
//! at once, and every parsed object costs about 120 bytes however short its syntax: an
//! 18 MB array of zeros (`[0 0 0 …]`) took 1 GB to load. So the file is measured before
//! it is parsed ([`syntax_objects`]), the streams unpacked while loading are bounded one
//! by one, and the objects kept are counted as they are loaded ([`hold`]).

use std::cell::Cell;

use lopdf::{DecompressError, Document, Error, LoadOptions, Object};

use super::super::{MAX_UNPACKED_BYTES, german, too_long, unreadable};
use super::broken;
use crate::{Invalid, Result};

/// Most objects the file's syntax may make, counted as [`syntax_objects`] does (which
/// counts a reference or a name as more than one): about 200,000 real ones, several
/// times what a tagged book of 500 pages holds. An array just within it peaked at 94 MiB
/// while parsed and copied by [`hold`] (docs/security.md).
pub(super) const MAX_SYNTAX_OBJECTS: usize = 600_000;
/// Most bytes one object or cross-reference stream unpacks to while the file loads:
/// the objects packed in it are all parsed before any of them is counted. Real ones
/// hold a few hundred objects in some kilobytes.
const MAX_PACKED_STREAM_BYTES: usize = 1024 * 1024;
/// Most bytes the loaded objects may hold, stream contents included.
const MAX_HELD_BYTES: usize = MAX_UNPACKED_BYTES as usize;

thread_local! {
    /// Bytes held by the objects loaded so far on this thread, for [`hold`]: lopdf's
    /// filter is a plain function. Without rayon, lopdf loads on the calling thread.
    static HELD: Cell<usize> = const { Cell::new(0) };
}

/// The document, or why it cannot be read.
pub(super) fn load(bytes: &[u8]) -> Result<Document> {
    let objects = syntax_objects(bytes);
    if objects > MAX_SYNTAX_OBJECTS {
        return Err(too_complex());
    }
    // Encrypted documents load by another path, which skips the filter below: they are
    // refused unread. (lopdf's metadata reader would tell, but unpacks object streams up
    // to 256 MiB while it does.)
    if names_encryption(bytes) {
        return Err(broken());
    }
    HELD.set(0);
    let options = LoadOptions {
        filter: Some(hold),
        max_decompressed_size: Some(MAX_PACKED_STREAM_BYTES),
        ..LoadOptions::default()
    };
    let loaded = Document::load_mem_with_options(bytes, options);
    let held = HELD.replace(0);
    if held > MAX_HELD_BYTES {
        return Err(unpacked_too_large());
    }
    match loaded {
        Ok(document) if document.encryption_state.is_none() => Ok(document),
        Ok(_) => Err(broken()),
        Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => Err(unpacked_too_large()),
        Err(_) => Err(broken()),
    }
}

pub(super) fn unpacked_too_large() -> Invalid {
    unreadable("Die Datei ist entpackt zu groß: höchstens 50 MB.")
}

fn too_complex() -> Invalid {
    too_long(format!("Die PDF-Datei ist zu aufwendig aufgebaut: höchstens {} Objekte.", german(MAX_SYNTAX_OBJECTS)))
}

/// lopdf's filter: keeps each loaded object while the ones kept so far hold less than
/// [`MAX_HELD_BYTES`], drops the rest (the load is then refused).
///
/// lopdf uses what this returns for the objects of an object stream, but keeps its own
/// for the others and only asks whether to. Object streams never hold streams, so a
/// stream is answered with a placeholder rather than copied.
fn hold(id: (u32, u16), object: &mut Object) -> Option<((u32, u16), Object)> {
    let held = HELD.get().saturating_add(weight(object));
    HELD.set(held);
    if held > MAX_HELD_BYTES {
        return None;
    }
    match object {
        Object::Stream(_) => Some((id, Object::Null)),
        other => Some((id, other.clone())),
    }
}

/// Bytes an object holds: its node, and the bytes and nodes below it.
fn weight(object: &Object) -> usize {
    let node = size_of::<Object>();
    let mut total = 0;
    let mut stack = vec![object];
    while let Some(object) = stack.pop() {
        total += node;
        match object {
            Object::Name(bytes) | Object::String(bytes, _) => total += bytes.len(),
            Object::Array(items) => stack.extend(items),
            Object::Dictionary(dict) => {
                total += dict.iter().map(|(key, _)| key.len()).sum::<usize>();
                stack.extend(dict.iter().map(|(_, value)| value));
            }
            Object::Stream(stream) => {
                total += stream.content.len() + stream.dict.iter().map(|(key, _)| key.len()).sum::<usize>();
                stack.extend(stream.dict.iter().map(|(_, value)| value));
            }
            _ => {}
        }
    }
    total
}

/// An upper bound on the objects lopdf can make of the file's syntax: every object
/// begins with a byte that starts a token, so those are counted, everywhere but in a
/// stream's data, which is kept as bytes. A stream's data is counted too when it holds
/// something like an object's header (`7 0 obj`), since the cross-reference table may
/// send the parser there; the words `stream` inside a string or a comment start no data.
pub(super) fn syntax_objects(bytes: &[u8]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        let end = match bytes[i] {
            b'(' => string_end(bytes, i),
            b'%' => bytes[i..].iter().position(|&c| c == b'\n' || c == b'\r').map_or(bytes.len(), |n| i + n),
            c if is_white(c) => {
                i += 1;
                continue;
            }
            b'/' => {
                // A name, one object however long.
                count += 1;
                i += 1 + bytes[i + 1..].iter().take_while(|&&c| is_regular(c)).count();
                continue;
            }
            c if !is_regular(c) => i + 1,
            _ => {
                let end = i + bytes[i..].iter().take_while(|&&c| is_regular(c)).count();
                match stream_data(bytes, i, end) {
                    Some((start, data_end)) => {
                        count += 1;
                        if holds_an_object_header(&bytes[start..data_end]) {
                            count += tokens(&bytes[start..data_end]);
                        }
                        i = data_end;
                        continue;
                    }
                    None => end,
                }
            }
        };
        count += tokens(&bytes[i..end]);
        i = end;
    }
    count
}

/// Whether the file holds the name `/Encrypt` (the trailer's key of an encrypted
/// document), also spelled with `#xx` escapes as lopdf reads them.
fn names_encryption(bytes: &[u8]) -> bool {
    let mut names = bytes.split(|&c| c == b'/').skip(1);
    names.any(|rest| {
        let name = &rest[..rest.iter().take_while(|&&c| is_regular(c)).count()];
        name == b"Encrypt" || (name.contains(&b'#') && unescaped(name) == b"Encrypt")
    })
}

/// A name's bytes with `#xx` escapes decoded.
fn unescaped(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len());
    let mut i = 0;
    while i < name.len() {
        let hex = name.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match hex.filter(|_| name[i] == b'#').and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(name[i]);
                i += 1;
            }
        }
    }
    out
}

/// Where the data after a `stream` keyword (the word from `start` to `end`, then an end
/// of line) begins and where its `endstream` is.
fn stream_data(bytes: &[u8], start: usize, end: usize) -> Option<(usize, usize)> {
    if &bytes[start..end] != b"stream" {
        return None;
    }
    let rest = &bytes[end..];
    let spaces = rest.iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    let data = match &rest[spaces..] {
        [b'\r', b'\n', ..] => end + spaces + 2,
        [b'\n' | b'\r', ..] => end + spaces + 1,
        _ => return None,
    };
    let length = bytes[data..].windows(9).position(|w| w == b"endstream").unwrap_or(bytes.len() - data);
    Some((data, data + length))
}

/// The end of the literal string starting at `start`: its balancing `)`, with `\` escaping
/// the next byte.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// Tokens in `bytes` taken as plain syntax: delimiters that open something and runs of
/// regular bytes.
fn tokens(bytes: &[u8]) -> usize {
    let mut count = 0;
    let mut in_run = false;
    for &c in bytes {
        let regular = is_regular(c);
        if (regular && !in_run) || matches!(c, b'/' | b'(' | b'<' | b'[' | b'{') {
            count += 1;
        }
        in_run = regular;
    }
    count
}

/// Whether `data` holds an object's header: a number, white space, a number and `obj`
/// (a single `obj` turns up in a megabyte of compressed data now and then).
fn holds_an_object_header(data: &[u8]) -> bool {
    let header = |i: usize| {
        let before = &data[..i];
        let rest = &before[..before.len() - before.iter().rev().take_while(|&&c| is_white(c)).count()];
        let generation = rest.iter().rev().take_while(|c| c.is_ascii_digit()).count();
        let rest = &rest[..rest.len() - generation];
        let spaces = rest.iter().rev().take_while(|&&c| is_white(c)).count();
        generation > 0 && spaces > 0 && rest[..rest.len() - spaces].last().is_some_and(u8::is_ascii_digit)
    };
    data.windows(3).enumerate().any(|(i, w)| w == b"obj" && header(i))
}

fn is_white(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\0' | b'\x0C')
}

fn is_regular(c: u8) -> bool {
    !is_white(c) && !b"()<>[]{}/%".contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_plain_syntax_are_counted_and_stream_data_is_not() {
        let syntax = b"1 0 obj << /Type /Page /Kids [2 0 R] >> endobj\n";
        assert_eq!(syntax_objects(syntax), 13);
        let stream = b"3 0 obj << /Length 9 >> stream\n[0 0 0 0]\nendstream endobj";
        assert_eq!(syntax_objects(stream), 10);
    }

    #[test]
    fn the_word_stream_in_a_string_or_comment_starts_no_data() {
        assert_eq!(syntax_objects(b"[(stream\n) 0 0 0 0]"), 7);
        assert_eq!(syntax_objects(b"[%stream\n 0 0 0 0]"), 6);
        assert_eq!(syntax_objects(b"[(a\\) stream\n) 0 0]"), 6);
    }

    #[test]
    fn an_encrypt_entry_is_found_however_its_name_is_spelled() {
        assert!(names_encryption(b"trailer << /Root 1 0 R /Encrypt 5 0 R >>"));
        assert!(names_encryption(b"<</Size 9/Encr#79pt 5 0 R>>"));
        assert!(!names_encryption(b"<</Size 9/Encrypted 5 0 R/Root 1 0 R>>"));
    }

    #[test]
    fn stream_data_holding_an_object_header_is_counted() {
        let hidden = b"stream\n9 0 obj [0 0 0 0 0]\nendstream";
        assert_eq!(syntax_objects(hidden), 1 + 10);
    }
}
