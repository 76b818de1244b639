//! The small markup users write into a text: pauses (`[pause 500ms]`, `[pause 2s]`,
//! `[Pause 1,5 s]`) and emphasis (`*Wort*`, found by `spoken::emphases`). A pause splits
//! the text here; the engine takes it inside its request where it can (SSML `<break>`),
//! else the audio path makes it as silence, so it works the same on every engine.

use std::sync::LazyLock;

use regex::Regex;

use super::normalize::{Change, Normalized, normalize};

/// Longest pause one marker may ask for.
pub const MAX_PAUSE_MS: u32 = 10_000;

/// A piece of text to speak, then the pause after it (0: the usual pause between
/// sentences).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub text: String,
    pub pause_after_ms: u32,
}

static PAUSE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\[\s*pause\s+(\d+(?:[.,]\d+)?)\s*(ms|s|sek|sekunden?)?\s*\]").expect("valid pattern")
});

fn pause_ms(number: &str, unit: Option<&str>) -> u32 {
    let value: f64 = number.replace(',', ".").parse().unwrap_or(0.0);
    let ms = match unit.map(str::to_lowercase).as_deref() {
        Some("ms") => value,
        // A bare number is milliseconds when large, seconds when small ("[pause 2]").
        None if value >= 50.0 => value,
        _ => value * 1000.0,
    };
    (ms.round() as u32).min(MAX_PAUSE_MS)
}

/// The text split at its pause markers (empty pieces dropped, pauses merged).
pub fn segments(text: &str) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    let mut at = 0;
    for caps in PAUSE.captures_iter(text) {
        let whole = caps.get(0).expect("the match");
        let piece = text[at..whole.start()].trim();
        let ms = pause_ms(&caps[1], caps.get(2).map(|m| m.as_str()));
        if !piece.is_empty() {
            out.push(Segment { text: piece.to_owned(), pause_after_ms: ms });
        } else if let Some(last) = out.last_mut() {
            last.pause_after_ms += ms;
        }
        at = whole.end();
    }
    let rest = text[at..].trim();
    if !rest.is_empty() {
        out.push(Segment { text: rest.to_owned(), pause_after_ms: 0 });
    }
    out
}

/// Normalises the text around the markers, which stay as written (the preview shows them).
pub fn normalize_marked(text: &str, language: &str) -> Normalized {
    let mut out = String::with_capacity(text.len());
    let mut changes: Vec<Change> = Vec::new();
    let mut at = 0;
    let spoken_piece = |start: usize, end: usize, out: &mut String, changes: &mut Vec<Change>| {
        let piece = normalize(&text[start..end], language);
        out.push_str(&piece.text);
        changes.extend(piece.changes.into_iter().map(|c| Change { start: c.start + start, end: c.end + start, ..c }));
    };
    for whole in PAUSE.find_iter(text) {
        spoken_piece(at, whole.start(), &mut out, &mut changes);
        out.push_str(whole.as_str());
        at = whole.end();
    }
    spoken_piece(at, text.len(), &mut out, &mut changes);
    Normalized { text: out, changes }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_split_the_text_in_any_spelling() {
        let parts = segments("Erstens. [pause 500ms] Zweitens. [Pause 1,5 s] Drittens. [pause 2] Ende.");
        let pauses: Vec<u32> = parts.iter().map(|s| s.pause_after_ms).collect();
        assert_eq!(pauses, [500, 1500, 2000, 0]);
        assert_eq!(parts[1].text, "Zweitens.");
    }

    #[test]
    fn pauses_are_capped_merged_and_never_spoken() {
        let parts = segments("[pause 1s]Hallo[pause 99s][pause 200ms] Welt");
        assert_eq!(
            parts,
            [
                Segment { text: "Hallo".into(), pause_after_ms: MAX_PAUSE_MS + 200 },
                Segment { text: "Welt".into(), pause_after_ms: 0 },
            ]
        );
        assert_eq!(segments("Kein [Marker] hier"), [Segment { text: "Kein [Marker] hier".into(), pause_after_ms: 0 }]);
    }

    #[test]
    fn the_numbers_of_a_marker_are_not_normalised_and_changes_point_into_the_whole_text() {
        let text = "Es kostet 5 €. [pause 500ms] Am 3. Mai.";
        let result = normalize_marked(text, "de-DE");
        assert_eq!(result.text, "Es kostet fünf Euro. [pause 500ms] Am dritten Mai.");
        let originals: Vec<&str> = result.changes.iter().map(|c| &text[c.start..c.end]).collect();
        assert_eq!(originals, ["5 €", "3. Mai"]);
    }
}
