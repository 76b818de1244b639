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
fn amount(negative: bool, units: u64, cents: u64, symbol: &str) -> String {
    let (name, small) = currency(symbol);
    let out = match (units, cents) {
        (0, c) if c > 0 => format!("{} {small}", de_cardinal_before_noun(c, false)),
        (u, 0) => format!("{} {name}", de_cardinal_before_noun(u, false)),
        (u, c) => format!("{} {name} {}", de_cardinal_before_noun(u, false), de_cardinal(c)),
    };
    if negative { format!("minus {out}") } else { out }
}

/// A number with a scale word: "zwei Komma fünf Millionen", "eine Million", "fünf Tausend".
fn scaled(number: &str, scale_word: &str) -> Option<String> {
    let (one, many) = scale(scale_word)?;
    if one == "Tausend" {
        return Some(format!("{} Tausend", spoken_number(number, None)?));
    }
    Some(match sign(number) {
        (negative, "1") => format!("{}eine {one}", if negative { "minus " } else { "" }),
        _ => format!("{} {many}", spoken_number(number, None)?),
    })
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
    scaled(&caps[1], &caps[2])
}

/// An amount as written: its whole part (with its sign), the digits after the comma, a
/// scale word, and the currency. Two decimals are cents ("zwölf Euro fünfzig"), other
/// decimals a decimal ("eins Komma fünf Euro"), a scale word comes before the currency
/// ("zwei Komma fünf Millionen Euro").
pub(super) fn spoken_amount(
    int: &str,
    decimals: Option<&str>,
    scale_word: Option<&str>,
    symbol: &str,
) -> Option<String> {
    let number = match decimals {
        Some(d) => format!("{int},{d}"),
        None => int.to_owned(),
    };
    let name = currency(symbol).0;
    if let Some(scale_word) = scale_word {
        return Some(format!("{} {name}", scaled(&number, scale_word)?));
    }
    let (negative, whole) = sign(int);
    Some(match decimals {
        None => amount(negative, parse(whole)?.0, 0, symbol),
        Some(cents) if cents.len() == 2 => amount(negative, parse(whole)?.0, cents.parse().ok()?, symbol),
        Some(_) => format!("{} {name}", spoken_number(&number, None)?),
    })
}

fn money_before(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let text = |i: usize| caps.get(i).map(|m| m.as_str());
    spoken_amount(&caps[2], text(3), text(4), &caps[1])
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || glued_start(ctx) {
        return None;
    }
    let text = |i: usize| caps.get(i).map(|m| m.as_str());
    let spoken = spoken_amount(&caps[2], text(3), text(4), &caps[5])?;
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
