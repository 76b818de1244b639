//! The text of a generation request.

use crate::Invalid;

/// Longest text one generation accepts, in Unicode characters.
pub const MAX_GENERATION_CHARS: usize = 5000;

/// Trimmed, non-empty text of at most [`MAX_GENERATION_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SynthesisText(String);

impl SynthesisText {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        crate::input::no_controls("text", raw, true)?;
        let trimmed = crate::input::trim(raw);
        if trimmed.is_empty() {
            return Err(incomplete_input());
        }
        let chars = trimmed.chars().count();
        if chars > MAX_GENERATION_CHARS {
            return Err(Invalid {
                title: "Text zu lang",
                message: format!("Maximale Länge: {MAX_GENERATION_CHARS} Zeichen. Aktuell: {chars} Zeichen."),
                fields: [("text", format!("Höchstens {MAX_GENERATION_CHARS} Zeichen."))].into(),
            });
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn char_count(&self) -> usize {
        self.0.chars().count()
    }
}

/// "Eingabe unvollständig": text or voice missing.
pub fn incomplete_input() -> Invalid {
    Invalid::new("Eingabe unvollständig", "Bitte geben Sie Text ein und wählen Sie eine Stimme.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed() {
        assert_eq!(SynthesisText::parse("  Hallo  ").unwrap().as_str(), "Hallo");
    }

    #[test]
    fn blank_text_is_incomplete_input() {
        let err = SynthesisText::parse(" \n\t ").unwrap_err();
        assert!(matches!(err, Invalid { title: "Eingabe unvollständig", .. }));
    }

    #[test]
    fn limit_counts_characters_not_bytes() {
        let umlauts = "ä".repeat(MAX_GENERATION_CHARS);
        assert_eq!(SynthesisText::parse(&umlauts).unwrap().char_count(), 5000);
        let err = SynthesisText::parse(&format!("{umlauts}x")).unwrap_err();
        assert!(err.to_string().contains("Aktuell: 5001 Zeichen"));
    }
}
