//! Where the sentences of a written text end, as the reading sees them: a period ends a
//! sentence only where it is not part of something the reading writes out ("3. Mai",
//! "z. B.", "Dr."), and not where German writing keeps the sentence going after it: an
//! ordinal before a lowercase word or another number ("vom 27. auf den 28. November",
//! "am 3. und 4."), an initial before a name ("J. R. R. Tolkien"). The timed text, the
//! subtitles and the planner all cut here, so a cue never ends where no pause is heard.

use crate::chunks;
use crate::normalize::Change;

/// The sentences of `text`, trimmed, given the changes the reading made in it.
pub fn written<'t>(text: &'t str, changes: &[Change]) -> Vec<&'t str> {
    let inside_a_change = |end: usize| changes.iter().any(|c| c.start < end && end <= c.end);
    let mut out = Vec::new();
    let mut start = 0;
    for end in chunks::sentence_ends(text) {
        if inside_a_change(end) || continues_after(&text[start..end], &text[end..]) {
            continue;
        }
        out.push(text[start..end].trim());
        start = end;
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// True when the period ending `sentence` (the text since the last sentence end) keeps
/// its sentence going into `after`.
fn continues_after(sentence: &str, after: &str) -> bool {
    let Some(head) = sentence.strip_suffix('.') else { return false };
    let next = after.trim_start().chars().next();
    let word: &str = head.rsplit(|c: char| c.is_whitespace() || c == '(').next().unwrap_or_default();
    let number = !word.is_empty() && word.len() <= 3 && word.chars().all(|c| c.is_ascii_digit());
    // A list number: the sentence so far is the number alone ("1. Einleitung").
    if number && head.trim() == word {
        return true;
    }
    // An ordinal: the next word lowercase or a number ("vom 27. auf", "3. 4. und").
    if number && next.is_some_and(|c| c.is_lowercase() || c.is_ascii_digit()) {
        return true;
    }
    // An initial: one capital letter, a name or another initial after it.
    let initial = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
    initial && next.is_some_and(char::is_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dictionary;

    fn sentences(text: &str) -> Vec<&str> {
        written(text, &dictionary::apply(text, &[], "de-DE").changes)
    }

    /// The review's case: "In der Nacht vom 27." became a sentence and a cue of its own,
    /// 2.16 s away from any pause.
    #[test]
    fn an_ordinal_before_a_lowercase_word_ends_no_sentence() {
        assert_eq!(
            sentences("In der Nacht vom 27. auf den 28. November 1944 fiel Schnee. Am Morgen war es still."),
            ["In der Nacht vom 27. auf den 28. November 1944 fiel Schnee.", "Am Morgen war es still."]
        );
        let read = dictionary::apply("In der Nacht vom 27. auf den 28. November 1944", &[], "de-DE").text;
        assert!(read.contains("vom siebenundzwanzigsten auf den achtundzwanzigsten November"), "{read}");
        // The rule itself, whatever the reading wrote out.
        let text = "Er stand am 3. auf und ging. Dann kam er.";
        assert_eq!(written(text, &[]), ["Er stand am 3. auf und ging.", "Dann kam er."]);
    }

    #[test]
    fn dates_abbreviations_initials_and_list_numbers_end_no_sentence() {
        assert_eq!(
            sentences("Am 3. Mai kostet es z. B. 12,50 €. J. R. R. Tolkien schrieb es. 1. Einleitung folgt."),
            ["Am 3. Mai kostet es z. B. 12,50 €.", "J. R. R. Tolkien schrieb es.", "1. Einleitung folgt."]
        );
    }

    #[test]
    fn real_sentence_ends_stay() {
        assert_eq!(
            sentences("Es waren 12. Dann kamen mehr! Wirklich? Ja."),
            ["Es waren 12.", "Dann kamen mehr!", "Wirklich?", "Ja."]
        );
        assert_eq!(sentences("Das Jahr 2026. Es begann."), ["Das Jahr 2026.", "Es begann."]);
    }
}
