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
        Rule::new(r"([$£])\s?(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})\b", english_amount),
        Rule::new(
            r"(€|EUR|\$|USD|£|GBP|CHF|¥|JPY)\s?([-−]?(?:\d{1,3}(?:\.\d{3})+|\d+))(?:,(\d{2})|,[-–]{1,2})?(?:\s(Mio\.|Mrd\.|Millionen|Milliarden))?",
            money_before,
        ),
        Rule::new(
            &format!(r"([-−]?(?:\d{{1,3}}(?:\.\d{{3}})+|\d+))(?:,(\d+)|,[-–]{{1,2}})?\s?(?:{SCALE}\s?)?{CURRENCY}"),
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
    if let Some(scale_word) = caps.get(4) {
        let number = match caps.get(3) {
            Some(c) => format!("{},{}", &caps[2], c.as_str()),
            None => caps[2].to_owned(),
        };
        return scaled(&number, scale_word.as_str(), symbol);
    }
    let (negative, int) = sign(&caps[2]);
    Some(amount(negative, parse(int)?.0, cents_of(caps.get(3).map(|m| m.as_str()))?, symbol))
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || glued_start(ctx) {
        return None;
    }
    let symbol = &caps[4];
    if let Some(scale_word) = caps.get(3) {
        let number = match caps.get(2) {
            Some(d) => format!("{},{}", &caps[1], d.as_str()),
            None => caps[1].to_owned(),
        };
        return scaled(&number, scale_word.as_str(), symbol);
    }
    let (negative, int) = sign(&caps[1]);
    let units = parse(int)?.0;
    match cents_of(caps.get(2).map(|m| m.as_str())) {
        Some(cents) => Some(amount(negative, units, cents, symbol)),
        // "1,5 Euro": a decimal amount, read as a decimal.
        None => Some(format!(
            "{} {}",
            spoken_number(&format!("{}{int},{}", if negative { "-" } else { "" }, &caps[2]), None)?,
            currency(symbol).0
        )),
    }
}

/// "$4.99" -> "vier Dollar neunundneunzig".
fn english_amount(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let units: u64 = caps[2].replace(',', "").parse().ok()?;
    Some(amount(false, units, caps[3].parse().ok()?, &caps[1]))
}
