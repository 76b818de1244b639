//! Rules every text field shares: no control characters (Postgres refuses NUL, and the
//! rest has no place in a form), trimming that also removes invisible characters, and
//! what a name may be (it ends up in mails and on screens: no direction overrides or
//! invisible format characters that make it read as something else).

use crate::{Invalid, Result};

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
        return Err(Invalid::field(field, "Die Eingabe enthält unzulässige Steuerzeichen."));
    }
    Ok(())
}

/// Whether `c` changes the direction text is shown in (embeddings, overrides, isolates
/// and marks): "\u{202E}gnp.exe" shows as "exe.png".
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` is an invisible format character: zero-width spaces and joiners, word
/// joiner and invisible operators, byte-order mark, soft hyphen, Mongolian vowel
/// separator, deprecated format controls, interlinear annotation marks, tag characters.
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{206A}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// Refuses direction overrides and invisible format characters (one-line labels that
/// people read: names, organisations).
pub fn no_hidden_formatting(field: &'static str, value: &str) -> Result<()> {
    if value.chars().any(|c| is_bidi_control(c) || is_invisible_format(c)) {
        return Err(Invalid::field(
            field,
            "Die Eingabe enthält unsichtbare Zeichen oder Zeichen, die die Schreibrichtung umkehren.",
        ));
    }
    Ok(())
}

/// Free text that others read as it was given (a consent statement as read aloud):
/// line breaks allowed, but no other control characters, no direction overrides or
/// invisible characters inside, trimmed, at most `max_chars` (refused, not cut: a cut
/// statement would say something else).
pub fn shown_text(field: &'static str, raw: &str, max_chars: usize) -> Result<String> {
    no_controls(field, raw, true)?;
    let value = trim(raw);
    no_hidden_formatting(field, value)?;
    if value.chars().count() > max_chars {
        return Err(Invalid::field(field, format!("Der Text darf höchstens {max_chars} Zeichen lang sein.")));
    }
    Ok(value.to_owned())
}

/// Longest name or organisation accepted.
pub const MAX_NAME_CHARS: usize = 100;

/// A name or organisation: required, one line, printable, at most [`MAX_NAME_CHARS`],
/// no direction overrides or invisible characters inside (at its ends they are trimmed
/// away), and no web address (it must not carry a link into mails we send).
pub fn name(field: &'static str, label: &str, raw: &str) -> Result<String> {
    no_controls(field, raw, false)?;
    let value = trim(raw);
    if value.is_empty() {
        return Err(Invalid::field(field, format!("{label} ist erforderlich.")));
    }
    no_hidden_formatting(field, value)?;
    if value.chars().count() > MAX_NAME_CHARS {
        return Err(Invalid::field(field, format!("{label} darf höchstens {MAX_NAME_CHARS} Zeichen lang sein.")));
    }
    if looks_like_a_link(value) {
        return Err(Invalid::field(field, format!("{label} darf keine Web-Adresse enthalten.")));
    }
    Ok(value.to_owned())
}

/// An `Idempotency-Key` as sent: trimmed, 1 to 255 characters (the columns' CHECK). One
/// rule for every route that takes one (jobs, speech, projects, exports).
pub fn idempotency_key(raw: Option<&str>) -> Result<Option<&str>> {
    let key = raw.map(str::trim);
    if key.is_some_and(|k| k.is_empty() || k.chars().count() > 255) {
        return Err(Invalid::new("Ungültige Anfrage", "Der Idempotency-Key muss 1 bis 255 Zeichen lang sein."));
    }
    Ok(key)
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
    fn an_idempotency_key_is_trimmed_and_holds_1_to_255_characters() {
        assert_eq!(idempotency_key(None).unwrap(), None);
        assert_eq!(idempotency_key(Some(" auftrag-42 ")).unwrap(), Some("auftrag-42"));
        assert_eq!(idempotency_key(Some(&"k".repeat(255))).unwrap().map(str::len), Some(255));
        for bad in ["", "   ", &"k".repeat(256)] {
            let error = idempotency_key(Some(bad)).unwrap_err();
            assert_eq!(error.message, "Der Idempotency-Key muss 1 bis 255 Zeichen lang sein.");
        }
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

    #[test]
    fn shown_text_refuses_nul_bidi_overrides_and_too_much() {
        assert_eq!(shown_text("transcript", " Ich bin einverstanden.\n", 1000).unwrap(), "Ich bin einverstanden.");
        assert_eq!(shown_text("transcript", "Zeile 1\nZeile 2", 1000).unwrap(), "Zeile 1\nZeile 2");
        for bad in ["Ich\0bin", "Ich bin \u{202E}nicht einverstanden", "Ich\u{200B}bin", "\u{1b}[2J"] {
            assert!(shown_text("transcript", bad, 1000).is_err(), "{bad:?}");
        }
        assert!(shown_text("transcript", &"a".repeat(1000), 1000).is_ok());
        assert!(shown_text("transcript", &"a".repeat(1001), 1000).is_err());
    }

    #[test]
    fn names_refuse_bidi_overrides_and_invisible_format_characters() {
        let message = "Die Eingabe enthält unsichtbare Zeichen oder Zeichen, die die Schreibrichtung umkehren.";
        for bad in [
            "Anna \u{202A}Müller",
            "Anna \u{202B}Müller",
            "Anna \u{202C}Müller",
            "Anna \u{202D}Müller",
            "\u{202E}gnp.exe Anna",
            "Anna\u{202E}",
            "Anna \u{2066}Müller\u{2069}",
            "Anna \u{2067}Müller",
            "Anna \u{2068}Müller",
            "Anna\u{200E}Müller",
            "Anna\u{200F}Müller",
            "Anna\u{061C}Müller",
            "An\u{200B}na",
            "An\u{200C}na",
            "An\u{200D}na",
            "An\u{2060}na",
            "An\u{2062}na",
            "An\u{FEFF}na",
            "An\u{00AD}na",
            "An\u{180E}na",
            "An\u{206A}na",
            "An\u{FFF9}na",
            "Anna\u{E0041}",
        ] {
            let error = name("name", "Name", bad).unwrap_err();
            assert!(
                error.to_string().contains(message) || format!("{error:?}").contains(message),
                "{bad:?}: {error:?}"
            );
        }
        // Invisible characters at the ends are trimmed, not refused.
        assert_eq!(name("name", "Name", "\u{200B}Anna Müller\u{FEFF}").unwrap(), "Anna Müller");
        // Right-to-left scripts themselves are welcome.
        assert_eq!(name("name", "Name", "مريم الحسن").unwrap(), "مريم الحسن");
        assert_eq!(name("name", "Name", "שרה כהן").unwrap(), "שרה כהן");
    }
}
