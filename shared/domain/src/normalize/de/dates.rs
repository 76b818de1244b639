//! Dates (DIN 5008, ISO 8601): the day as an ordinal in the case its context asks for,
//! the month by name, the year as a year; day ranges, weekdays before a date, months
//! with a year, decades.

use regex::Captures;

use super::grammar::{self, Gender};
use super::lexicon::{self, MONTHS, WEEKDAYS};
use super::{glued, rest};
use crate::normalize::numbers::{de_cardinal, de_ordinal_stem, de_year};
use crate::normalize::{Context, Rule};

const MONTH: &str = r"(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan\.|Febr?\.|Mär\.|Mrz\.|Apr\.|Jun\.|Jul\.|Aug\.|Sept?\.|Okt\.|Nov\.|Dez\.)";

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"\b(\d{4})-(\d{2})-(\d{2})\b", iso_date),
        Rule::new(r"\b(Mo|Di|Mi|Do|Fr|Sa|So)\.(,?)", weekday),
        Rule::new(
            &format!(
                r"(\d{{1,2}})\.(?:(\d{{1,2}})\.)?\s?([–-]|bis(?:\szum)?|und(?:\s(?:dem|der|den|zum))?|auf\s(?:den|dem))\s?(\d{{1,2}})\.\s?(?:(\d{{1,2}})\.(\d{{4}}|\d{{2}})?|{MONTH}(?:\s(\d{{4}}))?)"
            ),
            day_range,
        ),
        Rule::new(r"(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?", numeric_date),
        Rule::new(&format!(r"(\d{{1,2}})\.\s?{MONTH}(?:\s(\d{{4}}))?"), text_date),
        Rule::new(&format!(r"{MONTH}\s(\d{{4}})\b"), month_and_year),
        Rule::new(r"\b(\d{2}|\d{4})er(\s?-?\s?Jahre[n]?)?\b", decade),
    ]
}

/// The ending of a day's ordinal after `word` (the month after it is masculine). A bare
/// preposition leaves the date in the nominative ("bis zwölfter Juli"); an article or a
/// fused preposition declines it ("am dritten", "der dritte").
fn ending_after(word: &str) -> &'static str {
    let context = grammar::context(word, Some(Gender::Masculine));
    if context.determiner == grammar::Determiner::None {
        return "er";
    }
    grammar::adjective_ending(context, Some(Gender::Masculine))
}

/// The ending of the day at the match. After "bis" it follows "vom" when the range
/// began with it ("vom zwölften Januar bis dreiundzwanzigsten Februar": "bis zum" with
/// the article left out).
fn ending(ctx: &Context) -> &'static str {
    let previous = ctx.previous_word();
    if previous == "bis" {
        let head = &ctx.text[..ctx.start];
        let window = &head[head.char_indices().rev().nth(60).map_or(0, |(i, _)| i)..];
        // "bis 31.12.": a deadline, read "bis (zum) einunddreißigsten"; "4. April bis
        // 12. Juli": the range's second date, in the first one's nominative.
        let after_date = head.trim_end().strip_suffix("bis").is_some_and(|h| {
            let h = h.trim_end();
            h.ends_with(|c: char| c.is_ascii_digit() || c == '.') || lexicon::MONTHS.iter().any(|m| h.ends_with(m))
        });
        if window.split_whitespace().any(|w| w == "vom" || w == "Vom") || !after_date {
            return "en";
        }
    }
    ending_after(&previous)
}

fn month_name(text: &str) -> Option<&'static str> {
    lexicon::month(text).map(|m| MONTHS[m as usize - 1])
}

fn year_of(text: &str) -> Option<u64> {
    let year: u64 = text.parse().ok()?;
    Some(if text.len() == 2 { 2000 + year } else { year })
}

/// "vierundzwanzigster Dezember zweitausendsechsundzwanzig".
fn day_and_month(day: u64, month: u64, year: Option<u64>, ending: &str) -> Option<String> {
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return None;
    }
    let mut out = format!("{}{ending} {}", de_ordinal_stem(day), MONTHS[(month - 1) as usize]);
    if let Some(year) = year {
        out = format!("{out} {}", de_year(year));
    }
    Some(out)
}

fn iso_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    day_and_month(caps[3].parse().ok()?, caps[2].parse().ok()?, Some(caps[1].parse().ok()?), ending(ctx))
}

fn numeric_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(|c| c.is_alphanumeric() || c == '.') || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let year = caps.get(3).and_then(|y| year_of(y.as_str()));
    if caps.get(3).is_some() && year.is_none() {
        return None;
    }
    // "21.11." without a year, then a number: a version or a list, not a date.
    if caps.get(3).is_none() && rest(ctx).starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let spoken = day_and_month(caps[1].parse().ok()?, caps[2].parse().ok()?, year, ending(ctx))?;
    // "am 24.12." at the end of a sentence: the date's point is also the sentence's.
    Some(if year.is_none() && ctx.ends_sentence_surely() { format!("{spoken}.") } else { spoken })
}

/// "vom 1. bis 3. März" -> "vom ersten bis dritten März"; "1.–3. März" -> "erster bis
/// dritter März"; "vom 14. bis zum 16. August"; "am 24. und 25. Dezember"; "vom 1.3. bis
/// 5.3.2027"; "in der Nacht vom 27. auf den 28. November". The second day takes the ending of its own article, else the first's.
fn day_range(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let first_ending = ending(ctx);
    let from: u64 = caps[1].parse().ok()?;
    let to: u64 = caps[4].parse().ok()?;
    let (month, year) = match (caps.get(5), caps.get(7)) {
        (Some(month), _) => (month.as_str().parse().ok()?, caps.get(6).and_then(|y| year_of(y.as_str()))),
        (None, Some(month)) => {
            (lexicon::month(month.as_str())? as u64, caps.get(8).and_then(|y| y.as_str().parse().ok()))
        }
        _ => return None,
    };
    if !(1..=31).contains(&from) {
        return None;
    }
    let connector = match &caps[3] {
        "-" | "–" => "bis".to_owned(),
        other => other.split_whitespace().collect::<Vec<_>>().join(" "),
    };
    let second_ending = match connector.split_whitespace().nth(1) {
        Some(article) => ending_after(article),
        None => first_ending,
    };
    let first = match caps.get(2) {
        Some(first_month) => day_and_month(from, first_month.as_str().parse().ok()?, None, first_ending)?,
        None => format!("{}{first_ending}", de_ordinal_stem(from)),
    };
    let spoken = format!("{first} {connector} {}", day_and_month(to, month, year, second_ending)?);
    let closing = caps.get(5).is_some() && caps.get(6).is_none() && ctx.ends_sentence_surely();
    Some(if closing { format!("{spoken}.") } else { spoken })
}

fn text_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let month = lexicon::month(&caps[2])? as u64;
    let year = caps.get(3).map(|y| y.as_str().parse()).transpose().ok()?;
    let spoken = day_and_month(caps[1].parse().ok()?, month, year, ending(ctx))?;
    // "am 3. Dez." ending the sentence keeps the sentence's point.
    let closing = year.is_none() && caps[2].ends_with('.') && ctx.ends_sentence_surely();
    Some(if closing { format!("{spoken}.") } else { spoken })
}

/// "Dez. 2026" -> "Dezember zweitausendsechsundzwanzig".
fn month_and_year(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    Some(format!("{} {}", month_name(&caps[1])?, de_year(caps[2].parse().ok()?)))
}

/// "Mo., 3. Mai" -> "Montag, 3. Mai" (the date itself is read by its own rule); only
/// before a date, since "Fr." is also "Frau".
fn weekday(caps: &Captures, ctx: &Context) -> Option<String> {
    let next = rest(ctx);
    let next = next.strip_prefix("den ").unwrap_or(next);
    if !next.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let day = WEEKDAYS.iter().find(|(w, _)| w.trim_end_matches('.') == &caps[1])?.1;
    Some(format!("{day}{}", &caps[2]))
}

/// "die 90er" -> "die Neunziger", "90er Jahre" -> "neunziger Jahre", "1990er" ->
/// "neunzehnhundertneunziger".
fn decade(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let digits = &caps[1];
    let value: u64 = digits.parse().ok()?;
    if !value.is_multiple_of(10) {
        return None;
    }
    let words = if digits.len() == 4 { de_year(value) } else { de_cardinal(value) };
    let years = caps.get(2).map(|m| m.as_str().trim_start_matches([' ', '-']).trim_start()).unwrap_or("");
    let word = format!("{words}er");
    Some(match (years.is_empty(), digits.len()) {
        (false, _) => format!("{word} {years}"),
        (true, 2) => format!("{}{}", word[..1].to_uppercase(), &word[1..]),
        (true, _) => word,
    })
}
