//! The pronunciation dictionary applied to a text: each entry says how a term is spoken
//! (a brand, a name, a technical word), as a whole word or anywhere, with or without
//! regard to case. A user's own entries win over the global ones; longer terms win over
//! shorter ones. What the dictionary changed is not normalised again; the rest of the
//! text is (numbers, dates, ...), and every change keeps its place in the typed text.

use super::markup;
use super::normalize::{Change, ChangeSource, Normalized, normalize};
use super::spoken::{self, Inline, Spoken};

/// One entry, as the text path needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub term: String,
    pub spoken: String,
    /// Phonetic spelling for engines that take one (`domain::ipa`).
    pub ipa: Option<String>,
    pub whole_word: bool,
    pub case_sensitive: bool,
}

/// Where an entry matches `text` (byte ranges, not overlapping, in order).
fn matches(text: &str, entries: &[Entry]) -> Vec<(usize, usize, usize)> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    // Longer terms first: "Stimmwerk GmbH" before "Stimmwerk".
    order.sort_by_key(|&i| std::cmp::Reverse(entries[i].term.chars().count()));
    let lower = text.to_lowercase();
    // Lower-casing can change byte lengths (rare letters); compare case-insensitively only
    // where it does not.
    let same_layout = lower.len() == text.len();
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    // Which bytes an earlier (longer) match took: an overlap test costs the match's
    // length, not the number of matches so far.
    let mut taken = vec![false; text.len()];
    for i in order {
        let entry = &entries[i];
        if entry.term.is_empty() {
            continue;
        }
        let (haystack, needle) = if entry.case_sensitive || !same_layout {
            (text, entry.term.clone())
        } else {
            (lower.as_str(), entry.term.to_lowercase())
        };
        let mut from = 0;
        while let Some(offset) = haystack[from..].find(&needle) {
            let start = from + offset;
            let end = start + needle.len();
            from = end;
            let bounded = !entry.whole_word
                || (!text[..start].chars().next_back().is_some_and(char::is_alphanumeric)
                    && !text[end..].chars().next().is_some_and(char::is_alphanumeric));
            if bounded && !taken[start..end].iter().any(|&t| t) {
                taken[start..end].fill(true);
                found.push((start, end, i));
            }
        }
    }
    found.sort_by_key(|&(start, _, _)| start);
    found
}

/// The entries that decide how `text` is read: the ones that match it (an entry whose
/// place a longer term took does not count), as indexes into `entries`, ascending. A
/// project's paragraph is stale after a dictionary change only when this set changed.
pub fn used_by(text: &str, entries: &[Entry]) -> Vec<usize> {
    let mut used: Vec<usize> = matches(text, entries).into_iter().map(|(_, _, i)| i).collect();
    used.sort_unstable();
    used.dedup();
    used
}

/// Dictionary first, then normalisation of the rest, around the pause markers.
pub fn apply(text: &str, entries: &[Entry], language: &str) -> Normalized {
    let mut out = String::with_capacity(text.len());
    let mut changes: Vec<Change> = Vec::new();
    let mut at = 0;
    for (start, end, i) in matches(text, entries) {
        let rest = markup::normalize_marked(&text[at..start], language);
        out.push_str(&rest.text);
        changes.extend(rest.changes.into_iter().map(|c| Change { start: c.start + at, end: c.end + at, ..c }));
        out.push_str(&entries[i].spoken);
        changes.push(Change {
            original: text[start..end].to_owned(),
            spoken: entries[i].spoken.clone(),
            start,
            end,
            source: ChangeSource::Dictionary,
        });
        at = end;
    }
    let rest = markup::normalize_marked(&text[at..], language);
    out.push_str(&rest.text);
    changes.extend(rest.changes.into_iter().map(|c| Change { start: c.start + at, end: c.end + at, ..c }));
    Normalized { text: out, changes }
}

/// A segment the markup already split off, as engines should speak it: `*emphasis*`
/// marked, the dictionary's terms as their entries say (with their IPA), the rest
/// normalised.
pub fn speak(text: &str, entries: &[Entry], language: &str) -> Spoken {
    let mut out = Spoken::default();
    let mut at = 0;
    for (whole, inner) in spoken::emphases(text) {
        terms_into(&mut out, &text[at..whole.start], entries, language);
        out.push(Inline::Emphasis(apply(&text[inner], entries, language).text));
        at = whole.end;
    }
    terms_into(&mut out, &text[at..], entries, language);
    out
}

fn terms_into(out: &mut Spoken, text: &str, entries: &[Entry], language: &str) {
    let mut at = 0;
    for (start, end, i) in matches(text, entries) {
        out.push(Inline::Text(normalize(&text[at..start], language).text));
        out.push(Inline::Term { spoken: entries[i].spoken.clone(), ipa: entries[i].ipa.clone() });
        at = end;
    }
    out.push(Inline::Text(normalize(&text[at..], language).text));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(term: &str, spoken: &str, whole_word: bool, case_sensitive: bool) -> Entry {
        Entry { term: term.into(), spoken: spoken.into(), ipa: None, whole_word, case_sensitive }
    }

    #[test]
    fn only_the_entries_a_text_is_read_with_are_used_by_it() {
        let entries = [
            entry("SaaS", "Sass", true, false),
            entry("Stimmwerk", "Schtimmwerk", true, false),
            entry("Stimmwerk GmbH", "Stimmwerk Gesellschaft", true, false),
        ];
        assert_eq!(used_by("Die Stimmwerk GmbH liest.", &entries), [2], "the longer term took the place");
        assert_eq!(used_by("Stimmwerk und stimmwerk.", &entries), [1]);
        assert!(used_by("Ein Buch ohne Fachwörter.", &entries).is_empty());
        assert!(used_by("Stimmwerker", &entries).is_empty(), "whole words only");
    }

    #[test]
    fn whole_words_case_rules_and_the_longest_term_win() {
        let entries = [
            entry("Stimmwerk", "Schtimmwerk", true, false),
            entry("Stimmwerk GmbH", "Stimmwerk Gesellschaft", true, false),
            entry("SQL", "Sequel", true, true),
            entry("kHz", "Kilohertz", false, true),
        ];
        let typed = "Die Stimmwerk GmbH und stimmwerk nutzen SQL, nicht sql; 44 kHz. Stimmwerker bleibt.";
        let result = apply(typed, &entries, "de-DE");
        assert_eq!(
            result.text,
            "Die Stimmwerk Gesellschaft und Schtimmwerk nutzen Sequel, nicht sql; vierundvierzig Kilohertz. Stimmwerker bleibt."
        );
        let changed: Vec<&str> = result.changes.iter().map(|c| &typed[c.start..c.end]).collect();
        assert_eq!(changed, ["Stimmwerk GmbH", "stimmwerk", "SQL", "44", "kHz"]);
    }

    #[test]
    fn the_rest_is_still_normalised_and_changes_stay_in_order() {
        let entries = [entry("Müller", "Mühler", true, false)];
        let typed = "Am 3. Mai zahlt Müller 12,50 €.";
        let result = apply(typed, &entries, "de-DE");
        assert_eq!(result.text, "Am dritten Mai zahlt Mühler zwölf Euro fünfzig.");
        assert_eq!(speak(typed, &entries, "de-DE").plain(), result.text);
        let changed: Vec<(&str, ChangeSource)> =
            result.changes.iter().map(|c| (&typed[c.start..c.end], c.source)).collect();
        assert_eq!(
            changed,
            [("3. Mai", ChangeSource::Rule), ("Müller", ChangeSource::Dictionary), ("12,50 €", ChangeSource::Rule)]
        );
    }

    #[test]
    fn engines_get_emphasis_and_terms_with_their_ipa() {
        let entries = [Entry { ipa: Some("ˈʃtɪmvɛʁk".into()), ..entry("Stimmwerk", "Schtimmwerk", true, false) }];
        let spoken = speak("Stimmwerk kostet *nur 5 €* im Monat.", &entries, "de-DE");
        assert_eq!(
            spoken.inlines(),
            [
                Inline::Term { spoken: "Schtimmwerk".into(), ipa: Some("ˈʃtɪmvɛʁk".into()) },
                Inline::Text(" kostet ".into()),
                Inline::Emphasis("nur fünf Euro".into()),
                Inline::Text(" im Monat.".into()),
            ]
        );
    }
}
