//! The name a downloaded file gets: its title or text as written ("Die Rückkehr.m4b",
//! not "Die_R_ckkehr.m4b"), sent the way RFC 6266 says: `filename*` in UTF-8
//! (RFC 5987 percent-encoding) for every current browser, and `filename` with an ASCII
//! fallback for the rest, in which German letters are written out as German writes them
//! without umlauts (ä as ae, ß as ss).

/// Longest stem, in characters (the spec: the first 30 characters of the text).
const MAX_STEM_CHARS: usize = 30;

/// A download's name without its extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DownloadName(String);

impl DownloadName {
    /// The first line of `title`, at most 30 characters, cleaned of what no file system
    /// takes (control characters, `/ \ : * ? " < > |`) and of leading and trailing dots
    /// and spaces; "audio" when nothing is left.
    pub fn from_title(title: &str) -> DownloadName {
        let line = title.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
        let mut stem = String::new();
        for c in line.chars().take(MAX_STEM_CHARS) {
            match c {
                '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => stem.push('-'),
                c if c.is_control() || is_invisible(c) => {}
                c if c.is_whitespace() => {
                    if !stem.ends_with(' ') {
                        stem.push(' ');
                    }
                }
                c => stem.push(c),
            }
        }
        let stem = stem.trim_matches(|c: char| c == '.' || c == ' ' || c == '-');
        DownloadName(if stem.is_empty() { "audio".to_owned() } else { stem.to_owned() })
    }

    /// The name as written, with its extension.
    pub fn file(&self, extension: &str) -> String {
        format!("{}.{extension}", self.0)
    }

    /// The name in ASCII, with its extension: German letters written out, other letters
    /// without their accents where they have a plain form, anything else `_`.
    pub fn ascii_file(&self, extension: &str) -> String {
        let mut out = String::with_capacity(self.0.len() + extension.len() + 1);
        for c in self.0.chars() {
            match c {
                'ä' => out.push_str("ae"),
                'ö' => out.push_str("oe"),
                'ü' => out.push_str("ue"),
                'Ä' => out.push_str("Ae"),
                'Ö' => out.push_str("Oe"),
                'Ü' => out.push_str("Ue"),
                'ß' => out.push_str("ss"),
                'ẞ' => out.push_str("SS"),
                c if c.is_ascii() && c != '%' && c != ';' => out.push(c),
                c => out.push(plain_letter(c).unwrap_or('_')),
            }
        }
        format!("{out}.{extension}")
    }

    /// `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266, section 4.3).
    pub fn attachment(&self, extension: &str) -> String {
        let file = self.file(extension);
        let mut encoded = String::with_capacity(file.len() * 3);
        for byte in file.bytes() {
            // RFC 5987 attr-char: ALPHA DIGIT and "!#$&+-.^_`|~" stay as they are.
            if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
                encoded.push(byte as char);
            } else {
                encoded.push_str(&format!("%{byte:02X}"));
            }
        }
        format!("attachment; filename=\"{}\"; filename*=UTF-8''{encoded}", self.ascii_file(extension))
    }
}

/// Characters that show nothing but change how text around them reads (direction marks,
/// zero-width joiners): no part of a file name.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// A Latin letter's plain form (é as e, ç as c), for the ASCII fallback.
fn plain_letter(c: char) -> Option<char> {
    const GROUPS: [(&str, char); 12] = [
        ("àáâãåāăą", 'a'),
        ("ÀÁÂÃÅĀĂĄ", 'A'),
        ("çćč", 'c'),
        ("ÇĆČ", 'C'),
        ("èéêëēėęě", 'e'),
        ("ÈÉÊËĒĖĘĚ", 'E'),
        ("ìíîïī", 'i'),
        ("ÌÍÎÏĪ", 'I'),
        ("òóôõøō", 'o'),
        ("ÒÓÔÕØŌ", 'O'),
        ("ùúûūů", 'u'),
        ("ÙÚÛŪŮ", 'U'),
    ];
    GROUPS.iter().find(|(letters, _)| letters.contains(c)).map(|&(_, plain)| plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The review's cases: "Die Rückkehr" came out as `Die_R_ckkehr__Markdown_eingef_.m4b`.
    #[test]
    fn a_title_keeps_its_letters_and_its_spaces() {
        assert_eq!(DownloadName::from_title("Die Rückkehr").file("m4b"), "Die Rückkehr.m4b");
        assert_eq!(
            DownloadName::from_title("Willkommen bei Stimmwerk! Dies ist ein langer Text.").file("mp3"),
            "Willkommen bei Stimmwerk! Dies.mp3"
        );
        assert_eq!(DownloadName::from_title("Kapitel 1: Der/Anfang").file("srt"), "Kapitel 1- Der-Anfang.srt");
        assert_eq!(DownloadName::from_title("  \n ... \u{202E}Zeile\u{0}  eins\nzwei").file("mp3"), "Zeile eins.mp3");
        assert_eq!(DownloadName::from_title("").file("mp3"), "audio.mp3");
        assert_eq!(DownloadName::from_title("???").file("mp3"), "audio.mp3");
    }

    #[test]
    fn the_ascii_fallback_writes_german_letters_out() {
        let name = DownloadName::from_title("Größe über Äpfel, Öl, Übung, café");
        assert_eq!(name.ascii_file("mp3"), "Groesse ueber Aepfel, Oel, Uebung, c.mp3");
        assert_eq!(DownloadName::from_title("Crème brûlée 😀").ascii_file("mp3"), "Creme brulee _.mp3");
    }

    /// The header as RFC 6266 gives it, and as Python's standard e-mail parser (which
    /// implements RFC 2231/5987) reads it back is checked in the api's tests.
    #[test]
    fn the_header_carries_the_utf8_name_and_the_ascii_fallback() {
        let header = DownloadName::from_title("Die Rückkehr; 100% \"echt\"").attachment("m4b");
        assert_eq!(
            header,
            "attachment; filename=\"Die Rueckkehr_ 100_ -echt.m4b\"; filename*=UTF-8''Die%20R%C3%BCckkehr%3B%20100%25%20-echt.m4b"
        );
        assert!(header.is_ascii());
    }
}
