//! Amounts of money in every written form (DIN 5008): the amount, the currency, then the
//! cents as a number ("12,50 €" -> "zwölf Euro fünfzig"), with the symbol or code before
//! or after, "12,- €", English decimal points after "$" and "£", and scale words
//! ("2,5 Mio. €").

use regex::Captures;

use super::{glued_start, parse, sign, spoken_number};
use crate::normalize::numbers::{de_cardinal, de_cardinal_before_noun};
use crate::normalize::{Context, Rule};

const CURRENCY: &str = r"(€|EUR|Euro|\$|USD|US-Dollar|Dollar|£|GBP|Pfund|CHF|Franken|¥|JPY|Yen)";
const SCALE: &str = r"(Mio\.|Mrd\.|Bio\.|Tsd\.|Millionen|Million|Milliarden|Milliarde|Billionen|Billion)";

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(&format!(r"([-−]?(?:\d{{1,3}}(?:\.\d{{3}})+|\d+)(?:,\d+)?)\s{SCALE}"), scaled_count),
        Rule::new(r"([$£])\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?\b", english_amount),
        Rule::new(
            r"(€|EUR|\$|USD|£|GBP|CHF|¥|JPY)\s?([-−]?(?:\d{1,3}(?:\.\d{3})+|\d+))(?:,(\d+)|,[-–]{1,2})?(?:\s(Mio\.|Mrd\.|Millionen|Milliarden))?",
            money_before,
        ),
        Rule::new(
            &format!(
                r"(?:(\d{{1,3}}(?:\.\d{{3}})+|\d+)\s?[–-]\s?)?([-−]?(?:\d{{1,3}}(?:\.\d{{3}})+|\d+))(?:,(\d+)|,[-–]{{1,2}})?\s?(?:{SCALE}\s?)?{CURRENCY}"
            ),
            money_after,
        ),
    ]
}

/// The currency's name and the name of its hundredth.
fn currency(symbol: &str) -> (&'static str, &'static str) {
    match symbol {
        "$" | "USD" | "Dollar" => ("Dollar", "Cent"),
        "US-Dollar" => ("US-Dollar", "Cent"),
        "£" | "GBP" | "Pfund" => ("Pfund", "Pence"),
        "CHF" | "Franken" => ("Franken", "Rappen"),
        "¥" | "JPY" | "Yen" => ("Yen", "Sen"),
        _ => ("Euro", "Cent"),
    }
}

/// A scale word's singular and plural ("Mio." -> "Million", "Millionen").
fn scale(word: &str) -> Option<(&'static str, &'static str)> {
    Some(match word {
        "Mio." | "Million" | "Millionen" => ("Million", "Millionen"),
        "Mrd." | "Milliarde" | "Milliarden" => ("Milliarde", "Milliarden"),
        "Bio." | "Billion" | "Billionen" => ("Billion", "Billionen"),
        "Tsd." => ("Tausend", "Tausend"),
        _ => return None,
    })
}

/// "zwölf Euro fünfzig", "neunundneunzig Cent", "minus fünf Euro".
pub(super) fn amount(negative: bool, units: u64, cents: u64, symbol: &str) -> String {
    let (name, small) = currency(symbol);
    let out = match (units, cents) {
        (0, c) if c > 0 => format!("{} {small}", de_cardinal_before_noun(c, false)),
        (u, 0) => format!("{} {name}", de_cardinal_before_noun(u, false)),
        (u, c) => format!("{} {name} {}", de_cardinal_before_noun(u, false), de_cardinal(c)),
    };
    if negative { format!("minus {out}") } else { out }
}

/// An amount with a scale word: "zwei Komma fünf Millionen Euro", "eine Million Euro".
fn scaled(number: &str, scale_word: &str, symbol: &str) -> Option<String> {
    let (one, many) = scale(scale_word)?;
    let (name, _) = currency(symbol);
    if one == "Tausend" {
        return Some(format!("{} Tausend {name}", spoken_number(number, None)?));
    }
    let words = if number.trim_start_matches(['-', '−']) == "1" {
        format!("{}eine {one}", if sign(number).0 { "minus " } else { "" })
    } else {
        format!("{} {many}", spoken_number(number, None)?)
    };
    Some(format!("{words} {name}"))
}

/// A count with a scale word and no currency: "1 Mio. Einwohner" -> "eine Million
/// Einwohner", "2,5 Mrd." -> "zwei Komma fünf Milliarden".
fn scaled_count(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    // With a currency before or after it, the money rules read it.
    const CURRENCIES: [&str; 9] = ["€", "EUR", "Euro", "$", "USD", "Dollar", "£", "CHF", "Franken"];
    let rest = ctx.text[ctx.end..].trim_start();
    let head = ctx.text[..ctx.start].trim_end();
    if CURRENCIES.iter().any(|c| rest.starts_with(c) || head.ends_with(c)) {
        return None;
    }
    let (one, many) = scale(&caps[2])?;
    if one == "Tausend" {
        return Some(format!("{} Tausend", spoken_number(&caps[1], None)?));
    }
    Some(match caps[1].trim_start_matches(['-', '−']) {
        "1" => format!("{}eine {one}", if sign(&caps[1]).0 { "minus " } else { "" }),
        _ => format!("{} {many}", spoken_number(&caps[1], None)?),
    })
}

fn cents_of(text: Option<&str>) -> Option<u64> {
    match text {
        None => Some(0),
        Some(c) if c.len() == 2 => c.parse().ok(),
        Some(_) => None,
    }
}

fn money_before(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let symbol = &caps[1];
    let number = match caps.get(3) {
        Some(c) => format!("{},{}", &caps[2], c.as_str()),
        None => caps[2].to_owned(),
    };
    if let Some(scale_word) = caps.get(4) {
        return scaled(&number, scale_word.as_str(), symbol);
    }
    let (negative, int) = sign(&caps[2]);
    match cents_of(caps.get(3).map(|m| m.as_str())) {
        Some(cents) => Some(amount(negative, parse(int)?.0, cents, symbol)),
        None => Some(format!("{} {}", spoken_number(&number, None)?, currency(symbol).0)),
    }
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || glued_start(ctx) {
        return None;
    }
    let symbol = &caps[5];
    let number = match caps.get(3) {
        Some(d) => format!("{},{}", &caps[2], d.as_str()),
        None => caps[2].to_owned(),
    };
    let spoken = if let Some(scale_word) = caps.get(4) {
        scaled(&number, scale_word.as_str(), symbol)?
    } else {
        let (negative, int) = sign(&caps[2]);
        match cents_of(caps.get(3).map(|m| m.as_str())) {
            Some(cents) => amount(negative, parse(int)?.0, cents, symbol),
            // "1,5 Euro": a decimal amount, read as a decimal.
            None => format!("{} {}", spoken_number(&number, None)?, currency(symbol).0),
        }
    };
    // "20–30 €" -> "zwanzig bis dreißig Euro".
    Some(match caps.get(1) {
        Some(from) => format!("{} bis {spoken}", spoken_number(from.as_str(), Some(false))?),
        None => spoken,
    })
}

/// "$4.99" -> "vier Dollar neunundneunzig".
fn english_amount(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    // Only the English forms: "$2,000,000", "$4.99"; "$12,50" is German (its own rule).
    if caps.get(3).is_none() && !caps[2].contains(',') || ctx.after() == Some(',') {
        return None;
    }
    let units: u64 = caps[2].replace(',', "").parse().ok()?;
    let cents = caps.get(3).map_or(Some(0), |c| c.as_str().parse().ok())?;
    Some(amount(false, units, cents, &caps[1]))
}
