//! What a project's exports carry besides their audio, so that a store lists the book
//! properly: author, publisher, genre, year, a comment, and a cover picture the user
//! uploads. The title and album are the project's title, the narrator the voice.

use crate::Invalid;
use crate::input::no_controls;

/// Longest author, publisher and genre, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// Longest comment (a short description).
pub const MAX_COMMENT_CHARS: usize = 2_000;
/// Largest cover file.
pub const MAX_COVER_BYTES: usize = 10 * 1024 * 1024;
/// Smallest cover (Apple Books and podcast directories ask for 1400 x 1400) and largest
/// (a picture past this is no cover, and its decoding costs whoever reads it).
pub const MIN_COVER_PIXELS: usize = 1_400;
pub const MAX_COVER_PIXELS: usize = 6_000;
/// What ACX asks of a cover: square, at least 2400 x 2400.
pub const ACX_COVER_PIXELS: usize = 2_400;

/// The details an export carries, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Publication {
    pub author: String,
    pub publisher: String,
    pub genre: String,
    pub year: Option<i32>,
    pub comment: String,
}

impl Publication {
    /// Trimmed, without control characters, within their lengths; a year from 1000 to 9999.
    pub fn parse(
        author: &str,
        publisher: &str,
        genre: &str,
        year: Option<i32>,
        comment: &str,
    ) -> Result<Publication, Invalid> {
        let name = |field: &'static str, label: &str, value: &str| -> Result<String, Invalid> {
            no_controls(field, value, false)?;
            let value = value.trim();
            if value.chars().count() > MAX_NAME_CHARS {
                return Err(Invalid::field(
                    field,
                    format!("{label} darf höchstens {MAX_NAME_CHARS} Zeichen lang sein."),
                ));
            }
            Ok(value.to_owned())
        };
        no_controls("comment", comment, true)?;
        let comment = comment.trim();
        if comment.chars().count() > MAX_COMMENT_CHARS {
            return Err(Invalid::field(
                "comment",
                format!("Der Kommentar darf höchstens {MAX_COMMENT_CHARS} Zeichen lang sein."),
            ));
        }
        if year.is_some_and(|y| !(1000..=9999).contains(&y)) {
            return Err(Invalid::field("year", "Bitte geben Sie ein Jahr mit vier Ziffern an."));
        }
        Ok(Publication {
            author: name("author", "Der Autor", author)?,
            publisher: name("publisher", "Der Verlag", publisher)?,
            genre: name("genre", "Das Genre", genre)?,
            year,
            comment: comment.to_owned(),
        })
    }
}

/// A cover picture's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoverType {
    Jpeg,
    Png,
}

impl CoverType {
    pub fn content_type(self) -> &'static str {
        match self {
            CoverType::Jpeg => "image/jpeg",
            CoverType::Png => "image/png",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            CoverType::Jpeg => "jpg",
            CoverType::Png => "png",
        }
    }

    pub fn from_content_type(value: &str) -> Option<CoverType> {
        match value {
            "image/jpeg" => Some(CoverType::Jpeg),
            "image/png" => Some(CoverType::Png),
            _ => None,
        }
    }
}

/// A checked cover: its kind by its bytes (not by its name), and its size in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cover {
    pub kind: CoverType,
    pub width: usize,
    pub height: usize,
}

impl Cover {
    /// Reads the kind from the magic bytes and the size from the header (the picture is
    /// not decoded): JPEG or PNG, at most 10 MB, 1400 to 6000 pixels a side.
    pub fn check(bytes: &[u8]) -> Result<Cover, Invalid> {
        let refused = |message: String| Invalid::field("file", message);
        if bytes.len() > MAX_COVER_BYTES {
            return Err(refused("Das Cover ist zu groß: höchstens 10 MB.".into()));
        }
        let kind = match imagesize::image_type(bytes) {
            Ok(imagesize::ImageType::Jpeg) => CoverType::Jpeg,
            Ok(imagesize::ImageType::Png) => CoverType::Png,
            _ => return Err(refused("Bitte laden Sie das Cover als JPEG- oder PNG-Bild hoch.".into())),
        };
        let size = imagesize::blob_size(bytes).map_err(|_| refused("Das Bild ist beschädigt.".into()))?;
        let (width, height) = (size.width, size.height);
        if width.min(height) < MIN_COVER_PIXELS || width.max(height) > MAX_COVER_PIXELS {
            return Err(refused(format!(
                "Das Cover muss zwischen {MIN_COVER_PIXELS} und {MAX_COVER_PIXELS} Pixel breit und hoch sein (erhalten: {width} × {height})."
            )));
        }
        Ok(Cover { kind, width, height })
    }

    /// Why ACX would refuse this cover, if it would.
    pub fn acx_refusal(&self) -> Option<String> {
        (self.width != self.height || self.width < ACX_COVER_PIXELS).then(|| {
            format!(
                "ACX verlangt ein quadratisches Cover von mindestens {ACX_COVER_PIXELS} × {ACX_COVER_PIXELS} Pixeln (dieses: {} × {}).",
                self.width, self.height
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first bytes of a PNG of `width` x `height` (the header is all the check reads).
    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    #[test]
    fn a_cover_is_a_jpeg_or_png_of_a_sensible_size_by_its_bytes() {
        let cover = Cover::check(&png(3000, 3000)).unwrap();
        assert_eq!((cover.kind, cover.width, cover.height), (CoverType::Png, 3000, 3000));
        assert!(cover.acx_refusal().is_none());
        assert!(Cover::check(&png(1400, 2000)).unwrap().acx_refusal().unwrap().contains("quadratisches"));
        assert!(Cover::check(&png(1000, 1000)).unwrap_err().message.contains("1000 × 1000"));
        assert!(Cover::check(&png(9000, 9000)).is_err());
        assert!(Cover::check(b"GIF89a\x01\x00\x01\x00").unwrap_err().message.contains("JPEG- oder PNG"));
        assert!(Cover::check(b"<svg xmlns='http://www.w3.org/2000/svg'/>").is_err());
        assert!(Cover::check(&vec![0u8; MAX_COVER_BYTES + 1]).unwrap_err().message.contains("10 MB"));
    }

    #[test]
    fn publication_details_are_trimmed_and_checked() {
        let p = Publication::parse(" Theodor Fontane ", "Verlag", "Roman", Some(1896), "Ein Klassiker.").unwrap();
        assert_eq!(p.author, "Theodor Fontane");
        assert!(Publication::parse("a\u{0}", "", "", None, "").is_err());
        assert!(Publication::parse("", "", "", Some(99), "").unwrap_err().fields.contains_key("year"));
        assert!(Publication::parse(&"x".repeat(201), "", "", None, "").is_err());
    }
}
