//! Abbreviations read in full (Duden: Abkürzungen; the list is `abbreviations.tsv`),
//! initialisms by their letter names or as words (`acronyms.tsv`), street names, and
//! symbols.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Captures;

use super::{UNSIGNED, rest, spoken_number};
use crate::normalize::{Context, Rule};

/// One abbreviation: its spoken form, whether it may end a sentence, whether it is one
/// only before a number.
struct Abbreviation {
    spoken: &'static str,
    may_end: bool,
    before_number: bool,
}

static ABBREVIATIONS: LazyLock<HashMap<&'static str, Abbreviation>> = LazyLock::new(|| {
    table(include_str!("abbreviations.tsv"))
        .map(|columns| {
            let flags = columns.get(2).copied().unwrap_or("");
            (
                columns[0],
                Abbreviation { spoken: columns[1], may_end: flags.contains('E'), before_number: flags.contains('N') },
            )
        })
        .collect()
});

static ACRONYMS: LazyLock<HashMap<&'static str, &'static str>> =
    LazyLock::new(|| table(include_str!("acronyms.tsv")).map(|columns| (columns[0], columns[1])).collect());

/// The rows of a tab-separated table (`#` comments and empty lines skipped).
fn table(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').map(str::trim).collect::<Vec<_>>())
        .filter(|columns| columns.len() >= 2 && !columns[0].is_empty())
}

/// An alternation of the entries, longest first, so "z. B." wins over "B.".
fn alternation<'a>(entries: impl Iterator<Item = &'a str>) -> String {
    let mut written: Vec<&str> = entries.collect();
    written.sort_by_key(|w| std::cmp::Reverse(w.len()));
    written.iter().map(|w| regex::escape(w)).collect::<Vec<_>>().join("|")
}

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"(\p{Lu}[\p{Ll}ß-]+)str\.", street),
        Rule::new(&alternation(ABBREVIATIONS.keys().copied()), abbreviation),
        Rule::new(&format!(r"\b(?:{})\b", alternation(ACRONYMS.keys().copied())), acronym),
    ]
}

/// Operators between numbers, before the numbers' own rules take them.
pub(super) fn operator_rules() -> Vec<Rule> {
    vec![
        Rule::new(r"§§\s?", paragraphs),
        Rule::new(&format!(r"({UNSIGNED})\s?[×x*]\s?({UNSIGNED})"), times),
        Rule::new(r"\s=\s", equals),
        Rule::new(r"#(\d+)", hash_number),
        Rule::new(r"\bund/oder\b", and_or),
    ]
}

/// Single symbols, after every rule that reads them with their numbers.
pub(super) fn symbol_rules() -> Vec<Rule> {
    vec![Rule::new(r"[€$£%&§°@+]", symbol)]
}

/// "Hauptstr." -> "Hauptstraße".
fn street(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let point = if ctx.ends_sentence() && !rest(ctx).starts_with(|c: char| c.is_ascii_digit()) { "." } else { "" };
    Some(format!("{}straße{point}", &caps[1]))
}

fn abbreviation(caps: &Captures, ctx: &Context) -> Option<String> {
    let written = &caps[0];
    let starts_word = written.starts_with(char::is_alphanumeric);
    let ends_word = written.ends_with(char::is_alphanumeric);
    if (starts_word && ctx.before().is_some_and(char::is_alphanumeric))
        || (ends_word && ctx.after().is_some_and(char::is_alphanumeric))
        || ctx.before().is_some_and(|c| c == '.' || c == '-' || c == '@' || c == '/')
    {
        return None;
    }
    let entry = ABBREVIATIONS.get(written)?;
    if entry.before_number && !rest(ctx).starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // Scale words only after a number ("3 Mio. Nutzer"; "nur Bio." is organic food).
    const SCALES: [&str; 4] = ["Mio.", "Mrd.", "Bio.", "Tsd."];
    if SCALES.contains(&written) && !ctx.text[..ctx.start].trim_end().ends_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // At the end of the text or a line the point also ends the sentence.
    let last = rest(ctx).is_empty() || ctx.text[ctx.end..].trim_start_matches([' ', '\t']).starts_with('\n');
    let point = if written.ends_with('.') && (last || entry.may_end && ctx.ends_sentence_surely()) { "." } else { "" };
    Some(format!("{}{point}", entry.spoken))
}

fn acronym(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(|c| c == '-' || c == '.' || c == '@') || ctx.after().is_some_and(|c| c == '-') {
        return None;
    }
    ACRONYMS.get(&caps[0]).map(|s| s.to_string())
}

/// "§§ 3–5" -> "Paragrafen 3–5" (the numbers are read by their own rules).
fn paragraphs(_: &Captures, _: &Context) -> Option<String> {
    Some("Paragrafen ".into())
}

/// "3 x 4" -> "drei mal vier".
fn times(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphabetic) {
        return None;
    }
    Some(format!("{} mal {}", spoken_number(&caps[1], None)?, spoken_number(&caps[2], None)?))
}

fn equals(_: &Captures, _: &Context) -> Option<String> {
    Some(" gleich ".into())
}

/// "#1" -> "Nummer eins".
fn hash_number(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    Some(format!("Nummer {}", spoken_number(&caps[1], None)?))
}

fn and_or(_: &Captures, _: &Context) -> Option<String> {
    Some("und oder".into())
}

fn symbol(caps: &Captures, ctx: &Context) -> Option<String> {
    let sign = &caps[0];
    if ctx.before().is_some_and(char::is_alphanumeric) && !matches!(sign, "%" | "°" | "€") {
        return None;
    }
    Some(
        match sign {
            "€" => "Euro",
            "$" => "Dollar",
            "£" => "Pfund",
            "%" => "Prozent",
            "&" => "und",
            "°" => "Grad",
            "@" => "at",
            "+" => "plus",
            _ => "Paragraf",
        }
        .into(),
    )
}
