//! The anonymous live demo: at most 3 successful tries per browser and per IP address
//! a day, at most 100 characters each, only the voices marked as demo voices.

use crate::domain::text::incomplete_input;
use crate::error::Error;

pub const DEMO_MAX_CHARS: usize = 100;
pub const DEMO_TRIES_PER_DAY: u32 = 3;

/// The German refusal once the tries are used up.
pub fn limit_reached_message(tries: u32) -> String {
    format!("Sie haben bereits {tries} Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung.")
}

/// Trimmed, non-empty demo text of at most [`DEMO_MAX_CHARS`] characters.
pub fn parse_text(raw: &str) -> Result<String, Error> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(incomplete_input());
    }
    let chars = text.chars().count();
    if chars > DEMO_MAX_CHARS {
        return Err(Error::Validation {
            title: "Text zu lang",
            message: format!("Maximale Länge: {DEMO_MAX_CHARS} Zeichen. Aktuell: {chars} Zeichen."),
            fields: [("text", format!("Höchstens {DEMO_MAX_CHARS} Zeichen."))].into(),
        });
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hundred_characters_pass_and_a_hundred_and_one_do_not() {
        assert!(parse_text(&"a".repeat(100)).is_ok());
        let err = parse_text(&"ö".repeat(101)).unwrap_err();
        assert_eq!(err.to_string(), "Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.");
        assert!(matches!(err, Error::Validation { title: "Text zu lang", .. }));
    }

    #[test]
    fn blank_text_is_incomplete() {
        assert!(matches!(parse_text("  "), Err(Error::Validation { title: "Eingabe unvollständig", .. })));
    }

    #[test]
    fn the_limit_message_names_the_tries() {
        assert_eq!(
            limit_reached_message(3),
            "Sie haben bereits 3 Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung."
        );
    }
}
