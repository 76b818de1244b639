//! The text as engines should speak it, with what plain words cannot carry: emphasis
//! (`*so*` in the typed text), a dictionary term's phonetic spelling, and pauses inside
//! one request. Each engine renders this its own way (`engine::input_syntax`: SSML, eSpeak
//! input, or plain words with the pauses made as silence by the audio path).
//!
//! Long texts are cut between sentences, never inside an emphasis or a term, so no tag
//! is ever split across requests.

use std::sync::LazyLock;

use regex::Regex;

use super::chunks;

/// One piece of spoken text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    /// Said with emphasis.
    Emphasis(String),
    /// A dictionary term: its spoken form, and its IPA spelling when the entry has one.
    Term {
        spoken: String,
        ipa: Option<String>,
    },
    /// A pause of this many milliseconds inside one request.
    Break(u32),
    /// Where sentence number `n` of the text starts: engines that report marks (eSpeak,
    /// SSML) tell when it is spoken; no engine says it.
    Mark(u32),
}

/// Spoken text: inline pieces in order (neighbouring texts merged, empty ones dropped).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spoken(Vec<Inline>);

impl Spoken {
    /// Plain words.
    pub fn text(text: impl Into<String>) -> Self {
        let mut spoken = Self::default();
        spoken.push(Inline::Text(text.into()));
        spoken
    }

    pub fn inlines(&self) -> &[Inline] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn push(&mut self, inline: Inline) {
        match (self.0.last_mut(), inline) {
            (_, Inline::Text(t) | Inline::Emphasis(t)) if t.is_empty() => {}
            (Some(Inline::Text(last)), Inline::Text(t)) => last.push_str(&t),
            (_, inline) => self.0.push(inline),
        }
    }

    /// `other` after this, with `between` (a space or a pause) when both have words.
    pub fn join(mut self, between: Inline, other: Spoken) -> Spoken {
        if !self.is_empty() && !other.is_empty() {
            self.push(between);
        }
        for inline in other.0 {
            self.push(inline);
        }
        self
    }

    /// The words alone, as engines without markup read them.
    pub fn plain(&self) -> String {
        let mut out = String::new();
        for inline in &self.0 {
            match inline {
                Inline::Text(t) | Inline::Emphasis(t) | Inline::Term { spoken: t, .. } => out.push_str(t),
                Inline::Break(_) if out.ends_with(char::is_whitespace) => {}
                Inline::Break(_) => out.push(' '),
                Inline::Mark(_) => {}
            }
        }
        out
    }

    /// The sentences, each ending where a text piece ends one (as `chunks` decides),
    /// trimmed; emphases and terms stay inside their sentence.
    fn sentences(&self) -> Vec<Spoken> {
        let mut out = Vec::new();
        let mut current = Spoken::default();
        for inline in &self.0 {
            let Inline::Text(text) = inline else {
                current.push(inline.clone());
                continue;
            };
            let mut at = 0;
            for end in chunks::sentence_ends(text) {
                current.push(Inline::Text(text[at..end].to_owned()));
                out.push(std::mem::take(&mut current).trimmed());
                at = end;
            }
            current.push(Inline::Text(text[at..].to_owned()));
        }
        out.push(current.trimmed());
        out.retain(|s| !s.is_empty());
        out
    }

    fn trimmed(mut self) -> Spoken {
        if let Some(Inline::Text(first)) = self.0.first_mut() {
            *first = first.trim_start().to_owned();
        }
        if let Some(Inline::Text(last)) = self.0.last_mut() {
            *last = last.trim_end().to_owned();
        }
        self.0.retain(|i| !matches!(i, Inline::Text(t) if t.is_empty()));
        self
    }
}

/// `*emphasis*` in a typed text: the stars touch the words inside and no letter outside,
/// within one line and at most 200 characters ("5 * 3" or "Preis*" are no emphasis).
static EMPHASIS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\*([^\s*](?:[^*\n]{0,198}[^\s*])?)\*").expect("valid pattern"));

/// Byte ranges of the emphases in `text`: (whole with stars, words inside).
pub fn emphases(text: &str) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let word_char = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    EMPHASIS
        .captures_iter(text)
        .filter_map(|caps| {
            let (whole, inner) = (caps.get(0)?, caps.get(1)?);
            let free =
                !word_char(text[..whole.start()].chars().next_back()) && !word_char(text[whole.end()..].chars().next());
            free.then(|| (whole.range(), inner.range()))
        })
        .collect()
}

/// Cuts `spoken` into requests of at most `limit`, as `size` measures a rendered request:
/// whole sentences while they fit. A sentence too long on its own is cut in its words
/// (`chunks::split`, within `words_limit` as `measure` counts), losing its markup.
pub fn split(
    spoken: &Spoken,
    limit: usize,
    size: &dyn Fn(&Spoken) -> usize,
    words_limit: usize,
    measure: fn(&str) -> usize,
) -> Vec<Spoken> {
    let mut out = Vec::new();
    let mut current = Spoken::default();
    for sentence in spoken.sentences() {
        if size(&sentence) > limit {
            out.extend((!current.is_empty()).then(|| std::mem::take(&mut current)));
            out.extend(chunks::split(&sentence.plain(), words_limit, measure).into_iter().map(Spoken::text));
            continue;
        }
        let candidate = current.clone().join(Inline::Text(" ".into()), sentence.clone());
        if size(&candidate) <= limit {
            current = candidate;
        } else {
            out.push(std::mem::replace(&mut current, sentence));
        }
    }
    out.extend((!current.is_empty()).then_some(current));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(spoken: &str, ipa: &str) -> Inline {
        Inline::Term { spoken: spoken.into(), ipa: Some(ipa.into()) }
    }

    #[test]
    fn emphasis_needs_stars_that_touch_its_words_and_no_letter_outside() {
        let text = "Das ist *sehr wichtig*, 5 * 3 ist kein Satz*, und *x* auch.";
        let found: Vec<&str> = emphases(text).into_iter().map(|(_, inner)| &text[inner]).collect();
        assert_eq!(found, ["sehr wichtig", "x"]);
        assert!(emphases("Preis* gilt* nur").is_empty());
        assert!(emphases("a*b*c").is_empty());
    }

    #[test]
    fn plain_words_keep_every_piece_and_a_break_is_one_space() {
        let mut spoken = Spoken::text("Die ");
        spoken.push(term("Schtimmwerk", "ˈʃtɪmvɛʁk"));
        spoken.push(Inline::Text(" ist ".into()));
        spoken.push(Inline::Emphasis("gut".into()));
        spoken.push(Inline::Text(".".into()));
        let spoken = spoken.join(Inline::Break(500), Spoken::text("Danke."));
        assert_eq!(spoken.plain(), "Die Schtimmwerk ist gut. Danke.");
    }

    #[test]
    fn long_texts_are_cut_between_sentences_never_inside_a_term() {
        let mut spoken = Spoken::text("Erster Satz. Zweiter ");
        spoken.push(term("Satz mit Begriff", "zats"));
        spoken.push(Inline::Text(". Dritter Satz! Vierter".into()));
        let size = |s: &Spoken| s.plain().chars().count();
        let parts = split(&spoken, 30, &size, 30, chunks::chars);
        let plain: Vec<String> = parts.iter().map(Spoken::plain).collect();
        assert_eq!(plain, ["Erster Satz.", "Zweiter Satz mit Begriff.", "Dritter Satz! Vierter"]);
        assert!(parts[1].inlines().contains(&term("Satz mit Begriff", "zats")));
    }

    #[test]
    fn a_sentence_longer_than_the_limit_is_cut_in_words() {
        let spoken = Spoken::text("eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf.");
        let size = |s: &Spoken| s.plain().chars().count() + 15; // a wrapper such as <speak></speak>
        let parts = split(&spoken, 35, &size, 20, chunks::chars);
        assert!(parts.len() > 2);
        assert!(parts.iter().all(|p| p.plain().chars().count() <= 20));
        let words: Vec<String> = parts.iter().map(Spoken::plain).collect();
        assert_eq!(words.join(" "), spoken.plain());
    }
}
