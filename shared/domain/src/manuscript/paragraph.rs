//! One paragraph's text as the manuscript keeps it: one line of visible characters, and
//! no longer than one generation takes.

use super::MAX_PARAGRAPH_CHARS;
use crate::chunks::sentence_ends;
use crate::input::{is_bidi_control, is_invisible_format};

/// Text as one line: white space (line breaks, tabs and no-break spaces included)
/// collapsed to single spaces and trimmed; other control characters removed (Postgres refuses NUL), and
/// invisible ones too (a soft hyphen or zero-width space inside a word would be read as
/// a break, a direction override would show the text reversed).
pub(super) fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else if !(c.is_control() || is_invisible_format(c) || is_bidi_control(c)) {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    out
}

/// A title: cleaned, and cut at `max` characters with an ellipsis.
pub(super) fn title(text: &str, max: usize) -> String {
    let text = clean(text);
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", text[..end].trim_end()),
        None => text,
    }
}

/// A cleaned paragraph in pieces of at most [`MAX_PARAGRAPH_CHARS`].
pub(super) fn split_long(paragraph: String) -> Vec<String> {
    if paragraph.chars().count() <= MAX_PARAGRAPH_CHARS {
        return vec![paragraph];
    }
    split(&paragraph, MAX_PARAGRAPH_CHARS)
}

/// Whole sentences as long as they fit, a sentence longer than the limit at spaces, a
/// word longer than the limit anywhere. Counts as it goes: linear in the text, where
/// re-measuring a growing piece for every word would be quadratic.
fn split(text: &str, limit: usize) -> Vec<String> {
    let mut packer = Packer { limit, pieces: Vec::new(), current: String::new(), chars: 0 };
    let mut start = 0;
    for end in sentence_ends(text).into_iter().chain([text.len()]) {
        packer.sentence(text[start..end].trim());
        start = end;
    }
    if !packer.current.is_empty() {
        packer.pieces.push(packer.current);
    }
    packer.pieces
}

/// Pieces done so far and the one being filled, with its length in characters.
struct Packer {
    limit: usize,
    pieces: Vec<String>,
    current: String,
    chars: usize,
}

impl Packer {
    fn sentence(&mut self, sentence: &str) {
        let chars = sentence.chars().count();
        if chars <= self.limit {
            self.add(sentence, chars);
            return;
        }
        for word in sentence.split(' ') {
            self.word(word);
        }
    }

    fn word(&mut self, word: &str) {
        let chars = word.chars().count();
        if chars <= self.limit {
            self.add(word, chars);
            return;
        }
        let cuts: Vec<usize> = word.char_indices().map(|(i, _)| i).step_by(self.limit).chain([word.len()]).collect();
        for pair in cuts.windows(2) {
            let piece = &word[pair[0]..pair[1]];
            self.add(piece, piece.chars().count());
        }
    }

    /// Appends `text` (`chars` characters, never empty) after a space, or starts a new
    /// piece when it would not fit.
    fn add(&mut self, text: &str, chars: usize) {
        if chars == 0 {
            return;
        }
        if !self.current.is_empty() && self.chars + 1 + chars > self.limit {
            self.pieces.push(std::mem::take(&mut self.current));
            self.chars = 0;
        }
        if !self.current.is_empty() {
            self.current.push(' ');
            self.chars += 1;
        }
        self.current.push_str(text);
        self.chars += chars;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_paragraphs_stay_whole() {
        assert_eq!(split_long("Ein Satz. Noch einer.".into()), ["Ein Satz. Noch einer."]);
    }

    #[test]
    fn pieces_end_at_sentence_ends_when_sentences_fit() {
        assert_eq!(split("Eins zwei. Drei vier! Fünf sechs?", 21), ["Eins zwei. Drei vier!", "Fünf sechs?"]);
    }

    #[test]
    fn a_sentence_longer_than_the_limit_breaks_at_spaces() {
        assert_eq!(split("Kurz. eins zwei drei vier fünf sechs", 15), ["Kurz. eins zwei", "drei vier fünf", "sechs"]);
    }

    #[test]
    fn a_word_longer_than_the_limit_breaks_by_characters() {
        let pieces = split("ä Donaudampfschifffahrt", 8);
        assert_eq!(pieces, ["ä", "Donaudam", "pfschiff", "fahrt"]);
    }

    #[test]
    fn a_500_000_character_paragraph_without_spaces_splits_quickly_within_the_limit() {
        let pieces = split_long("ü".repeat(500_000));
        assert_eq!(pieces.len(), 100);
        assert!(pieces.iter().all(|p| p.chars().count() == MAX_PARAGRAPH_CHARS));
    }

    #[test]
    fn titles_are_cut_with_an_ellipsis() {
        assert_eq!(title("  Ein   langer\nTitel  ", 9), "Ein lange…");
        assert_eq!(title("Kurz", 9), "Kurz");
    }
}
