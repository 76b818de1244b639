//! Splitting long texts for engines with a per-request limit: at sentence ends when
//! possible, then at commas/spaces, never inside a word unless one word is too long.
//! The limit is measured by `measure` (characters or UTF-8 bytes, as the API counts).

/// Characters, as most APIs count.
pub fn chars(s: &str) -> usize {
    s.chars().count()
}

/// UTF-8 bytes, as Google Cloud TTS counts.
pub fn bytes(s: &str) -> usize {
    s.len()
}

pub fn split(text: &str, limit: usize, measure: fn(&str) -> usize) -> Vec<String> {
    assert!(limit >= 8, "limit too small to split text sensibly");
    let mut chunks: Vec<String> = Vec::new();
    let mut current = String::new();
    for sentence in sentences(text) {
        for piece in fit(sentence, limit, measure) {
            let candidate = if current.is_empty() { piece.clone() } else { format!("{current} {piece}") };
            if measure(&candidate) <= limit {
                current = candidate;
            } else {
                chunks.push(std::mem::take(&mut current));
                current = piece;
            }
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    chunks
}

/// Sentences including their closing punctuation, trimmed.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for end in sentence_ends(text) {
        out.push(text[start..end].trim());
        start = end;
    }
    out.push(text[start..].trim());
    out.into_iter().filter(|s| !s.is_empty()).collect()
}

/// Byte offsets just past each sentence end (`.`, `!`, `?`, `…` or a line break followed
/// by white space; "3.50" and "z.B." end nothing).
pub fn sentence_ends(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let ends_sentence =
            matches!(c, '.' | '!' | '?' | '…' | '\n') && chars.peek().is_none_or(|&(_, next)| next.is_whitespace());
        if ends_sentence {
            out.push(i + c.len_utf8());
        }
    }
    out
}

/// Breaks one over-long sentence at commas, then spaces, then characters.
fn fit(sentence: &str, limit: usize, measure: fn(&str) -> usize) -> Vec<String> {
    if measure(sentence) <= limit {
        return vec![sentence.to_owned()];
    }
    for separator in [", ", "; ", " "] {
        if sentence.contains(separator) {
            let parts: Vec<String> = sentence
                .split_inclusive(separator)
                .map(|p| p.trim().to_owned())
                .flat_map(|p| fit(&p, limit, measure))
                .collect();
            return merge(parts, limit, measure);
        }
    }
    let mut pieces = Vec::new();
    let mut piece = String::new();
    for c in sentence.chars() {
        piece.push(c);
        if measure(&piece) > limit {
            piece.pop();
            pieces.push(std::mem::take(&mut piece));
            piece.push(c);
        }
    }
    pieces.push(piece);
    pieces
}

fn merge(parts: Vec<String>, limit: usize, measure: fn(&str) -> usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in parts {
        match out.last_mut() {
            Some(last) if measure(&format!("{last} {part}")) <= limit => {
                last.push(' ');
                last.push_str(&part);
            }
            _ => out.push(part),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_one_chunk() {
        assert_eq!(split("Hallo Welt. Wie geht's?", 100, chars), vec!["Hallo Welt. Wie geht's?"]);
    }

    #[test]
    fn splits_at_sentence_ends_within_the_limit() {
        let text = "Erster Satz ist hier. Zweiter Satz folgt! Dritter Satz endet?";
        let chunks = split(text, 30, chars);
        assert_eq!(chunks, vec!["Erster Satz ist hier.", "Zweiter Satz folgt!", "Dritter Satz endet?"]);
    }

    #[test]
    fn decimal_points_do_not_end_sentences() {
        assert_eq!(sentences("Es kostet 3.50 Euro. Danke."), vec!["Es kostet 3.50 Euro.", "Danke."]);
    }

    #[test]
    fn long_sentences_break_at_commas_then_words() {
        let text = "eins zwei drei vier fünf sechs sieben acht neun zehn, elf zwölf";
        for chunk in split(text, 20, chars) {
            assert!(chars(&chunk) <= 20, "{chunk}");
        }
        let words: Vec<_> = split(text, 20, chars).join(" ").split_whitespace().map(str::to_owned).collect();
        assert_eq!(words.len(), 12);
    }

    #[test]
    fn byte_limits_respect_multibyte_characters() {
        let text = "Über Äpfel. ".repeat(400);
        let chunks = split(&text, 5000 / 4, bytes);
        assert!(chunks.len() > 1);
        assert!(chunks.iter().all(|c| c.len() <= 1250));
        assert_eq!(chunks.join(" ").split_whitespace().count(), text.split_whitespace().count());
    }

    #[test]
    fn a_5000_character_text_keeps_every_word() {
        let text = "Dies ist ein ganz normaler deutscher Satz mit einigen Wörtern. ".repeat(80);
        let text = &text[..text.char_indices().nth(5000).map(|(i, _)| i).unwrap_or(text.len())];
        let chunks = split(text, 4096, chars);
        assert_eq!(chunks.len(), 2);
        assert_eq!(
            chunks.join(" ").split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
    }
}
