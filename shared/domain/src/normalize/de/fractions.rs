//! Fractions and mixed numbers (Duden: Bruchzahlen), percent and per mille.

use regex::Captures;

use super::{NUM, glued_start, spoken_number};
use crate::normalize::numbers::{de_cardinal, de_ordinal_stem};
use crate::normalize::{Context, Rule};

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"(?:(\d+)\s?)?([½⅓⅔¼¾⅕⅛])", vulgar),
        Rule::new(r"\b(?:(\d+)\s)?(\d{1,3})/(\d{1,4})\b", fraction),
        Rule::new(&format!(r"(?:({NUM})\s?[–-]\s?)?({NUM})\s?(%|‰|Prozent|Promille)"), percent),
    ]
}

/// The denominator's noun: 3 "Drittel", 4 "Viertel", 20 "Zwanzigstel", 100 "Hundertstel".
fn denominator(n: u64) -> String {
    let stem = match n {
        100 => "hundertst".to_owned(),
        1000 => "tausendst".to_owned(),
        _ => de_ordinal_stem(n),
    };
    let word = format!("{stem}el");
    format!("{}{}", word[..1].to_uppercase(), &word[1..])
}

/// "ein halb", "drei Viertel", "eineinhalb", "drei drei Viertel".
fn spoken(whole: Option<u64>, numerator: u64, denominator_value: u64) -> Option<String> {
    if numerator == 0 || denominator_value < 2 {
        return None;
    }
    let count = if numerator == 1 { "ein".to_owned() } else { de_cardinal(numerator) };
    let part = match (numerator, denominator_value) {
        (1, 2) => "ein halb".to_owned(),
        (n, 2) => format!("{} Halbe", de_cardinal(n)),
        (_, d) => format!("{count} {}", denominator(d)),
    };
    Some(match whole {
        None => part,
        // "1 1/2" -> "eineinhalb", "2 1/2" -> "zweieinhalb".
        Some(w) if numerator == 1 && denominator_value == 2 => {
            let w = if w == 1 { "ein".to_owned() } else { de_cardinal(w) };
            format!("{w}einhalb")
        }
        Some(w) => format!("{} {part}", de_cardinal(w)),
    })
}

fn vulgar(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) {
        return None;
    }
    let (n, d) = match &caps[2] {
        "½" => (1, 2),
        "⅓" => (1, 3),
        "⅔" => (2, 3),
        "¼" => (1, 4),
        "¾" => (3, 4),
        "⅕" => (1, 5),
        _ => (1, 8),
    };
    spoken(caps.get(1).map(|w| w.as_str().parse()).transpose().ok()?, n, d)
}

fn fraction(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) || ctx.after().is_some_and(|c| c == '/' || c.is_alphanumeric()) {
        return None;
    }
    let whole = caps.get(1).map(|w| w.as_str().parse()).transpose().ok()?;
    let numerator: u64 = caps[2].parse().ok()?;
    let denominator_value: u64 = caps[3].parse().ok()?;
    // "24/7", "3/2026" (an issue and its year): not fractions.
    if numerator >= denominator_value || (1900..2100).contains(&denominator_value) {
        return None;
    }
    spoken(whole, numerator, denominator_value)
}

fn percent(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) {
        return None;
    }
    let word = match &caps[3] {
        "%" | "Prozent" => "Prozent",
        _ => "Promille",
    };
    let to = spoken_number(&caps[2], Some(false))?;
    Some(match caps.get(1) {
        Some(from) => format!("{} bis {to} {word}", spoken_number(from.as_str(), Some(false))?),
        None => format!("{to} {word}"),
    })
}
