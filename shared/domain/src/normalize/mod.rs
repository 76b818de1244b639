//! Text normalisation before synthesis: numbers, money, dates, times, ordinals,
//! percentages, ranges, units, abbreviations, telephone numbers, web and e-mail addresses
//! and Roman numerals written out as they are spoken, per language (German complete;
//! English, Spanish, French and Portuguese for numbers, dates, money and percentages).
//! Engines read "1.234,56 €" or "z. B." wrongly; after this every engine gets words.
//!
//! Each language is a list of rules, tried in order over the original text; a rule's
//! match is kept when it does not overlap an earlier one, so the specific rules (dates,
//! money) win over the general ones (plain numbers). Every change is reported with its
//! place in the original text, for the TTS screen's "Vorschau der Aussprache".

pub(crate) mod de;
mod en;
mod es;
mod fr;
pub(crate) mod numbers;
mod pt;
mod romance;

use regex::{Captures, Regex};

/// What made a change: a rule of the language (numbers, dates, ...) or an entry of the
/// pronunciation dictionary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ChangeSource))]
#[serde(rename_all = "snake_case")]
pub enum ChangeSource {
    Rule,
    Dictionary,
}

/// One change the normaliser made: what was written, what is spoken, and where (byte
/// range in the original text).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Change))]
pub struct Change {
    pub original: String,
    pub spoken: String,
    pub start: usize,
    pub end: usize,
    pub source: ChangeSource,
}

/// The text as the engine will read it, and what changed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Normalized))]
pub struct Normalized {
    pub text: String,
    pub changes: Vec<Change>,
}

/// Writes `text` out as spoken in `language` (a BCP 47 tag such as "de-DE"); languages
/// without rules come back unchanged.
pub fn normalize(text: &str, language: &str) -> Normalized {
    let primary = language.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
    let rules: &[Rule] = match primary.as_str() {
        "de" => de::rules(),
        "en" => en::rules(),
        "es" => es::rules(),
        "fr" => fr::rules(),
        "pt" => pt::rules(),
        _ => &[],
    };
    apply(text, rules)
}

/// Where a match stands in the text, for rules that look at their neighbours.
pub(crate) struct Context<'a> {
    pub text: &'a str,
    pub start: usize,
    pub end: usize,
}

impl Context<'_> {
    /// The character right before the match.
    pub fn before(&self) -> Option<char> {
        self.text[..self.start].chars().next_back()
    }

    /// The character right after the match.
    pub fn after(&self) -> Option<char> {
        self.text[self.end..].chars().next()
    }

    /// The word before the match (lower case), skipping white space.
    /// An abbreviation's point is skipped ("Abs. 1": "abs").
    pub fn previous_word(&self) -> String {
        let head = self.text[..self.start].trim_end().trim_end_matches('.');
        head.rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or_default().to_lowercase()
    }

    /// True when the match ends the text or a sentence (white space, then a capital).
    pub fn ends_sentence(&self) -> bool {
        let rest = &self.text[self.end..];
        let trimmed = rest.trim_start();
        trimmed.is_empty() || (trimmed.len() < rest.len() && trimmed.chars().next().is_some_and(char::is_uppercase))
    }

    /// True when a point right before the match's end surely ends the sentence too: the
    /// text ends, a line ends, or a word follows that starts sentences, not a noun
    /// ("am 9.2. Geburtstag" goes on; "am 9.2. Wir kommen" does not).
    pub fn ends_sentence_surely(&self) -> bool {
        const STARTERS: &[&str] = &[
            "Der",
            "Die",
            "Das",
            "Ein",
            "Eine",
            "Wir",
            "Ich",
            "Sie",
            "Er",
            "Es",
            "Bitte",
            "Dann",
            "Danach",
            "Am",
            "Im",
            "Ab",
            "Bis",
            "Seit",
            "Unser",
            "Unsere",
            "Ihr",
            "Ihre",
            "Mit",
            "Für",
            "Auch",
            "Zudem",
            "Außerdem",
            "Dabei",
            "So",
            "Nach",
            "Vor",
            "In",
            "Auf",
            "Alle",
            "Wer",
            "Was",
            "Wann",
            "Wie",
            "Wo",
            "Man",
            "Hier",
            "Dort",
            "Heute",
            "Morgen",
            "Jetzt",
            "Danke",
            "Diese",
            "Dieser",
            "Dieses",
            "Und",
            "Aber",
            "Denn",
        ];
        let rest = &self.text[self.end..];
        let trimmed = rest.trim_start_matches([' ', '\t']);
        let word: String = trimmed.chars().take_while(|c| c.is_alphabetic()).collect();
        trimmed.is_empty() || trimmed.starts_with('\n') || STARTERS.contains(&word.as_str())
    }

    /// Not glued to a letter or digit on either side (a number inside "MP3" or "B2B").
    pub fn standalone(&self) -> bool {
        !self.before().is_some_and(char::is_alphanumeric) && !self.after().is_some_and(char::is_alphanumeric)
    }
}

/// A pattern and how to speak what it matched (`None`: leave this match alone).
pub(crate) struct Rule {
    pub pattern: Regex,
    pub speak: fn(&Captures, &Context) -> Option<String>,
}

impl Rule {
    pub fn new(pattern: &str, speak: fn(&Captures, &Context) -> Option<String>) -> Self {
        Rule { pattern: Regex::new(pattern).expect("a valid rule pattern"), speak }
    }
}

fn apply(text: &str, rules: &[Rule]) -> Normalized {
    let mut spans: Vec<Change> = Vec::new();
    for rule in rules {
        for caps in rule.pattern.captures_iter(text) {
            let whole = caps.get(0).expect("group 0 is the match");
            let (start, end) = (whole.start(), whole.end());
            if spans.iter().any(|s| start < s.end && s.start < end) {
                continue;
            }
            let context = Context { text, start, end };
            if let Some(spoken) = (rule.speak)(&caps, &context)
                && spoken != whole.as_str()
            {
                spans.push(Change {
                    original: whole.as_str().to_owned(),
                    spoken,
                    start,
                    end,
                    source: ChangeSource::Rule,
                });
            }
        }
    }
    spans.sort_by_key(|s| s.start);
    let mut out = String::with_capacity(text.len() + text.len() / 2);
    let mut at = 0;
    for span in &spans {
        out.push_str(&text[at..span.start]);
        out.push_str(&span.spoken);
        at = span.end;
    }
    out.push_str(&text[at..]);
    Normalized { text: out, changes: spans }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases of one corpus file (`written<TAB>spoken[<TAB>authority]`, `#` comments):
    /// (line number, written, spoken).
    fn cases(corpus: &str) -> Vec<(usize, &str, &str)> {
        corpus
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
            .map(|(number, line)| {
                let mut columns = line.split('\t');
                let written = columns.next().unwrap_or_default();
                let spoken = columns.next().unwrap_or_else(|| panic!("line {}: no tab", number + 1));
                (number + 1, written, spoken)
            })
            .collect()
    }

    /// The failing cases of one corpus, described.
    fn failures(language: &str, corpus: &str) -> (usize, Vec<String>) {
        let cases = cases(corpus);
        let failed = cases
            .iter()
            .filter_map(|(number, written, spoken)| {
                let got = std::panic::catch_unwind(|| normalize(written, language).text)
                    .unwrap_or_else(|_| "(panic)".to_owned());
                (got != *spoken)
                    .then(|| format!("line {number}:\n  input:    {written}\n  expected: {spoken}\n  got:      {got}"))
            })
            .collect();
        (cases.len(), failed)
    }

    /// Runs one corpus file and reports every failing line at once.
    fn run_corpus(language: &str, corpus: &str) -> usize {
        let (cases, failed) = failures(language, corpus);
        assert!(failed.is_empty(), "{language}: {} of {cases} failed\n{}", failed.len(), failed.join("\n"));
        cases
    }

    /// The German corpus by class (`corpus/de/<class>.tsv`, docs/german-reading.md), with
    /// the share of each class that must read as expected: a drop below it fails. Where a
    /// floor is under 100 the failing cases are the open work (README, German reading).
    #[rustfmt::skip]
    const GERMAN: &[(&str, &str, u32)] = &[
        ("general", include_str!("corpus/de/general.tsv"), 100),
        ("times", include_str!("corpus/de/times.tsv"), 100),
        ("dates", include_str!("corpus/de/dates.tsv"), 100),
        ("cardinals", include_str!("corpus/de/cardinals.tsv"), 100),
        ("ordinals", include_str!("corpus/de/ordinals.tsv"), 100),
        ("fractions", include_str!("corpus/de/fractions.tsv"), 100),
        ("decimals", include_str!("corpus/de/decimals.tsv"), 100),
        ("money", include_str!("corpus/de/money.tsv"), 100),
        ("measures", include_str!("corpus/de/measures.tsv"), 100),
        ("codes", include_str!("corpus/de/codes.tsv"), 0),
        ("web", include_str!("corpus/de/web.tsv"), 100),
        ("symbols", include_str!("corpus/de/symbols.tsv"), 100),
        ("abbreviations", include_str!("corpus/de/abbreviations.tsv"), 100),
    ];

    #[test]
    fn the_german_corpus_reads_as_spoken_in_every_class() {
        let mut total = 0;
        let mut report = Vec::new();
        let mut below = Vec::new();
        for (class, corpus, floor) in GERMAN {
            let (cases, failed) = failures("de-DE", corpus);
            let share = 100 * (cases - failed.len()) / cases.max(1);
            total += cases;
            report.push(format!("{class}: {}/{cases} ({share} %)", cases - failed.len()));
            if share < *floor as usize {
                below.push(format!("{class}: {share} % < {floor} %\n{}", failed.join("\n")));
            }
        }
        println!("{}", report.join("\n"));
        assert!(below.is_empty(), "{}", below.join("\n"));
        assert!(total >= 1_500, "{total} cases");
    }

    #[test]
    fn every_german_corpus_file_is_run() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/normalize/corpus/de");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".tsv").to_owned())
            .collect();
        files.sort();
        let mut listed: Vec<String> = GERMAN.iter().map(|(class, _, _)| class.to_string()).collect();
        listed.sort();
        assert_eq!(files, listed);
    }

    #[test]
    fn the_english_corpus_reads_as_spoken() {
        assert!(run_corpus("en-US", include_str!("corpus/en.tsv")) >= 50);
    }

    #[test]
    fn the_spanish_corpus_reads_as_spoken() {
        assert!(run_corpus("es-ES", include_str!("corpus/es.tsv")) >= 50);
    }

    #[test]
    fn the_french_corpus_reads_as_spoken() {
        assert!(run_corpus("fr-FR", include_str!("corpus/fr.tsv")) >= 50);
    }

    #[test]
    fn the_portuguese_corpus_reads_as_spoken() {
        assert!(run_corpus("pt-BR", include_str!("corpus/pt.tsv")) >= 50);
    }

    #[test]
    fn changes_point_at_the_original_text() {
        let text = "Am 3. Mai kostet es 12,50 € bzw. mehr.";
        let result = normalize(text, "de-DE");
        assert_eq!(result.text, "Am dritten Mai kostet es zwölf Euro fünfzig beziehungsweise mehr.");
        let originals: Vec<&str> = result.changes.iter().map(|c| &text[c.start..c.end]).collect();
        assert_eq!(originals, ["3. Mai", "12,50 €", "bzw."]);
        assert!(result.changes.iter().all(|c| text[c.start..c.end] == c.original));
    }

    #[test]
    fn unknown_languages_are_left_alone() {
        let result = normalize("Es kostet 5 €.", "nl-NL");
        assert_eq!((result.text.as_str(), result.changes.len()), ("Es kostet 5 €.", 0));
    }
}
