//! Rules every text field shares: no control characters (Postgres refuses NUL, and the
//! rest has no place in a form), trimming that also removes invisible characters, and
//! what a name may be (it ends up in mails and on screens).

use crate::error::{Error, Result};

/// Invisible characters that make a text look empty: zero-width spaces and joiners,
/// word joiner, byte-order mark, soft hyphen.
const INVISIBLE: &[char] = &['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}'];

/// Trims white space and invisible characters at both ends.
pub fn trim(raw: &str) -> &str {
    raw.trim_matches(|c: char| c.is_whitespace() || INVISIBLE.contains(&c))
}

/// Refuses control characters; free text (`multiline`) may keep line breaks and tabs.
pub fn no_controls(field: &'static str, value: &str, multiline: bool) -> Result<()> {
    let allowed = |c: char| multiline && matches!(c, '\n' | '\r' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(Error::field(field, "Die Eingabe enthält unzulässige Steuerzeichen."));
    }
    Ok(())
}

/// Longest name or organisation accepted.
pub const MAX_NAME_CHARS: usize = 100;

/// A name or organisation: required, one line, printable, at most [`MAX_NAME_CHARS`],
/// and no web address (it must not carry a link into mails we send).
pub fn name(field: &'static str, label: &str, raw: &str) -> Result<String> {
    no_controls(field, raw, false)?;
    let value = trim(raw);
    if value.is_empty() {
        return Err(Error::field(field, format!("{label} ist erforderlich.")));
    }
    if value.chars().count() > MAX_NAME_CHARS {
        return Err(Error::field(field, format!("{label} darf höchstens {MAX_NAME_CHARS} Zeichen lang sein.")));
    }
    if looks_like_a_link(value) {
        return Err(Error::field(field, format!("{label} darf keine Web-Adresse enthalten.")));
    }
    Ok(value.to_owned())
}

/// `https://…`, `www.…`, or a word like `example.com/…` or `beispiel.de`.
fn looks_like_a_link(value: &str) -> bool {
    let lower = value.to_lowercase();
    if lower.contains("://") || lower.contains("www.") {
        return true;
    }
    lower.split_whitespace().any(|word| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        let host = word.split('/').next().unwrap_or(word);
        let labels: Vec<&str> = host.split('.').collect();
        labels.len() >= 2
            && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
            && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_of_only_invisible_characters_is_empty() {
        assert_eq!(trim("\u{200B}\u{FEFF} \u{2060}"), "");
        assert_eq!(trim("\u{200B}Hallo\u{200D} "), "Hallo");
    }

    #[test]
    fn control_characters_are_refused_line_breaks_only_in_free_text() {
        assert!(no_controls("text", "Hallo\0Welt", true).is_err());
        assert!(no_controls("text", "Zeile 1\nZeile 2\tEnde", true).is_ok());
        assert!(no_controls("name", "Zeile 1\nZeile 2", false).is_err());
        assert!(no_controls("name", "Bell\u{7}", false).is_err());
    }

    #[test]
    fn names_are_one_printable_line_without_links() {
        assert_eq!(name("name", "Name", "  Dr. Anna Müller-Lüdenscheidt ").unwrap(), "Dr. Anna Müller-Lüdenscheidt");
        assert!(name("name", "Name", "St. Martin GmbH & Co. KG").is_ok());
        for bad in [
            "Anna\nBitte klicken Sie hier",
            "Anna https://phish.example",
            "Besuchen Sie www.phish.example",
            "phish.example/login",
            "Gewinn bei beispiel.de",
            "\u{0}",
            "",
            "\u{200B}",
        ] {
            assert!(name("name", "Name", bad).is_err(), "{bad:?}");
        }
        assert!(name("name", "Name", &"a".repeat(101)).is_err());
    }
}
