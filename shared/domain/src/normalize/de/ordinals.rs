//! Ordinals (Duden: Ordnungszahlen): "3." before a noun in the ending its context asks
//! for, list numbers at the start of a line, Roman numerals after names (with the article
//! in the name's case, carried across "und"/"oder") and before "Jahrhundert".

use regex::Captures;

use super::grammar::{self, Case, Gender};
use super::lexicon::{self, COUNTED_NOUNS};
use crate::normalize::numbers::{de_cardinal, de_ordinal_stem};
use crate::normalize::{Context, Rule};

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"(\p{Lu}\p{Ll}+)\s([IVXLC]{1,7})\.", roman_after_name),
        Rule::new(r"(\p{Lu}\p{Ll}+)\s([IVXLC]{1,7})\b", roman_after_counted_noun),
        Rule::new(r"\b([IVXLC]{1,7})\.\s(Jahrhunderts?|Jh\.|Jhd\.|Jhdt\.|Jahrtausends?)", roman_century),
        Rule::new(r"\b(\d{1,2})\.\s(Jh\.|Jhd\.|Jhdt\.)", numeric_century),
        Rule::new(r"(\d{1,4})\.\s(und|oder|bis|–|-)\s(\d{1,4})\.\s", coordinated),
        Rule::new(r"(\d{1,4})\.\s", ordinal),
    ]
}

/// A Roman numeral's value (canonical spelling only, 1 to 399).
pub(super) fn roman(text: &str) -> Option<u64> {
    let value = |c| match c {
        'I' => 1,
        'V' => 5,
        'X' => 10,
        'L' => 50,
        'C' => 100,
        _ => 0,
    };
    let digits: Vec<i64> = text.chars().map(value).collect();
    let mut total = 0i64;
    for (i, &d) in digits.iter().enumerate() {
        if digits.get(i + 1).is_some_and(|&next| next > d) {
            total -= d;
        } else {
            total += d;
        }
    }
    let total = u64::try_from(total).ok().filter(|t| (1..400).contains(t))?;
    (to_roman(total) == text).then_some(total)
}

fn to_roman(mut n: u64) -> String {
    let mut out = String::new();
    for (value, numeral) in
        [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    {
        while n >= value {
            out.push_str(numeral);
            n -= value;
        }
    }
    out
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The words before `start`, nearest first (lower case, punctuation dropped).
fn words_before(text: &str, start: usize) -> Vec<String> {
    text[..start]
        .split(|c: char| c.is_whitespace())
        .rev()
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .take(12)
        .collect()
}

/// The case of a name with a Roman numeral: from the preposition or article before it,
/// looking back across a coordination ("zu Wilhelm II. oder Ludwig XIV."). "an", "auf"
/// and "über" before a name point to it (accusative: "ein Brief an Wilhelm den Ersten").
fn case_of_name(text: &str, start: usize, name: &str) -> Case {
    let words = words_before(text, start);
    // "die Herrschaft Ludwigs XIV.", "das Testament Friedrich Wilhelms I.": a name in -s
    // after an article and a noun (not a title) is a genitive.
    if name.ends_with('s') {
        let mut nouns = 0;
        for original in text[..start].split_whitespace().rev() {
            let word = original.trim_matches(|c: char| !c.is_alphanumeric());
            if ["und", "oder", "sowie"].contains(&word) || roman(word).is_some() {
                continue;
            }
            if lexicon::TITLES.contains(&word) {
                break;
            }
            if word.starts_with(char::is_uppercase)
                && grammar::context(&word.to_lowercase(), None).determiner == grammar::Determiner::None
            {
                nouns += 1;
                continue;
            }
            if nouns > 0 && grammar::context(&word.to_lowercase(), None).determiner != grammar::Determiner::None {
                return Case::Genitive;
            }
            break;
        }
    }
    for (i, word) in words.iter().enumerate() {
        match word.as_str() {
            "und" | "oder" | "sowie" | "bzw" | "" => {}
            // A numeral of an earlier member of the coordination.
            w if roman(&w.to_uppercase()).is_some() => {}
            "der" | "die" | "das" => return Case::Nominative,
            "dem" => return Case::Dative,
            "den" => return Case::Accusative,
            "des" => return Case::Genitive,
            "an" | "auf" | "über" => return Case::Accusative,
            w => {
                if let Some(case) = grammar::preposition_case(w) {
                    return case;
                }
                // Another name of the coordination, or a title ("Papst", "König"):
                // keep looking; any other word ends the search.
                let original = text[..start].split_whitespace().rev().nth(i).unwrap_or_default();
                if !original.starts_with(char::is_uppercase) {
                    break;
                }
            }
        }
    }
    Case::Nominative
}

/// "Wilhelm II." -> "Wilhelm der Zweite", "zu Ludwig XIV." -> "zu Ludwig dem Vierzehnten".
fn roman_after_name(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let name = &caps[1];
    let lower = name.to_lowercase();
    // "Im XIX. Jahrhundert", "Das XX. Jahrhundert": an ordinal of its own rule.
    if grammar::preposition_case(&lower).is_some()
        || grammar::context(&lower, None).determiner != grammar::Determiner::None
        || ["Jahrhundert", "Jahrhunderts", "Jh.", "Jahrtausend"]
            .iter()
            .any(|w| ctx.text[ctx.end..].trim_start().starts_with(w))
    {
        return None;
    }
    let value = roman(&caps[2])?;
    let ends = if ctx.ends_sentence() { "." } else { "" };
    if COUNTED_NOUNS.contains(&name) {
        return Some(format!("{name} {}{ends}", de_cardinal(value)));
    }
    let case = case_of_name(ctx.text, ctx.start, name);
    let gender = if lexicon::female_ruler(name) { Gender::Feminine } else { Gender::Masculine };
    let ending = match (case, gender) {
        (Case::Nominative, _) | (Case::Accusative, Gender::Feminine) => "e",
        _ => "en",
    };
    let article = grammar::article(case, gender);
    Some(format!("{name} {article} {}{ending}{ends}", capitalised(&de_ordinal_stem(value))))
}

/// "Teil II" -> "Teil zwei".
fn roman_after_counted_noun(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let name = &caps[1];
    if !COUNTED_NOUNS.contains(&name) {
        return None;
    }
    Some(format!("{name} {}", de_cardinal(roman(&caps[2])?)))
}

/// "im XIX. Jahrhundert" -> "im neunzehnten Jahrhundert".
fn roman_century(caps: &Captures, ctx: &Context) -> Option<String> {
    let value = roman(&caps[1])?;
    let context = grammar::context(&ctx.previous_word(), Some(Gender::Neuter));
    let ending = grammar::adjective_ending(context, Some(Gender::Neuter));
    Some(format!("{}{ending} {}", de_ordinal_stem(value), century_noun(&caps[2], context)))
}

/// "Jh." written out, with the genitive's -s ("des achtzehnten Jahrhunderts").
fn century_noun(written: &str, context: grammar::Context) -> String {
    match written {
        "Jh." | "Jhd." | "Jhdt." => {
            if context.case == Some(Case::Genitive) { "Jahrhunderts" } else { "Jahrhundert" }.to_owned()
        }
        other => other.to_owned(),
    }
}

/// "im 19. Jh." -> "im neunzehnten Jahrhundert", "des 18. Jh." -> "des achtzehnten
/// Jahrhunderts".
fn numeric_century(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let value: u64 = caps[1].parse().ok()?;
    let context = grammar::context(&ctx.previous_word(), Some(Gender::Neuter));
    let ending = grammar::adjective_ending(context, Some(Gender::Neuter));
    let point = if ctx.ends_sentence_surely() { "." } else { "" };
    Some(format!("{}{ending} {}{point}", de_ordinal_stem(value), century_noun(&caps[2], context)))
}

/// "der 2. und 3. Platz" -> "der zweite und dritte Platz", "vom 16. bis 18. Jahrhundert".
fn coordinated(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(|c| c.is_alphanumeric() || c == '.') {
        return None;
    }
    let rest = &ctx.text[ctx.end..];
    if !rest.starts_with(char::is_uppercase) {
        return None;
    }
    let (first, second): (u64, u64) = (caps[1].parse().ok()?, caps[3].parse().ok()?);
    let ending = ordinal_ending(&ctx.previous_word(), rest)?;
    let connector = if matches!(&caps[2], "–" | "-") { "bis" } else { &caps[2] };
    Some(format!("{}{ending} {connector} {}{ending} ", de_ordinal_stem(first), de_ordinal_stem(second)))
}

/// The ending of an ordinal after `previous` before `rest`, when the context makes the
/// number an ordinal (an article or preposition before it, or a noun that follows
/// ordinals after it).
fn ordinal_ending(previous: &str, rest: &str) -> Option<&'static str> {
    let noun = grammar::noun_after(rest);
    let mut context = grammar::context(previous, noun);
    if grammar::plural_after(rest) && context.determiner == grammar::Determiner::Definite {
        context.plural = true;
    }
    let has_context = context.determiner != grammar::Determiner::None
        || (context.case.is_some() && noun.is_some() && !previous.is_empty());
    if !has_context && !lexicon::is_ordinal_noun(rest) {
        return None;
    }
    Some(grammar::adjective_ending(context, noun))
}

/// "der 3. Platz" -> "der dritte Platz", "am 3. Juni" (dates have their own rule),
/// "ein 3. Versuch" -> "ein dritter Versuch", "2. Auflage" -> "zweite Auflage"; at the start
/// of a line before a word no ordinal noun: a list number ("1. Angebot" -> "erstens
/// Angebot").
fn ordinal(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(|c| c.is_alphanumeric() || c == '.' || c == ',') {
        return None;
    }
    let rest = &ctx.text[ctx.end..];
    if !rest.starts_with(char::is_uppercase) {
        return None;
    }
    let n: u64 = caps[1].parse().ok()?;
    let head = &ctx.text[..ctx.start];
    if head.trim_end_matches([' ', '\t']).is_empty() || head.ends_with('\n') {
        return Some(format!("{}ens ", de_ordinal_stem(n)));
    }
    let ending = ordinal_ending(&ctx.previous_word(), rest)?;
    (n > 0).then(|| format!("{}{ending} ", de_ordinal_stem(n)))
}
