//! English: numbers, dates (US month/day/year and ISO), money and percentages.

use std::sync::LazyLock;

use regex::Captures;

use super::numbers::{EN_MONTHS, en_cardinal, en_ordinal, en_year};
use super::{Context, Rule};

const NUM: &str = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?";

pub(super) fn rules() -> &'static [Rule] {
    static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
        vec![
            Rule::new(r"(\d{4})-(\d{2})-(\d{2})", iso_date),
            Rule::new(r"(\d{1,2})/(\d{1,2})/(\d{4})", us_date),
            Rule::new(r"([$€£])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?", money_before),
            Rule::new(r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?\s?(€|EUR|USD|dollars?|euros?)", money_after),
            Rule::new(&format!(r"({NUM})\s?%"), percent),
            Rule::new(r"(\d+)(?:st|nd|rd|th)", ordinal),
            Rule::new(NUM, number),
        ]
    });
    &RULES
}

fn glued(ctx: &Context) -> bool {
    !ctx.standalone() || ctx.before().is_some_and(|c| matches!(c, '.' | ',' | '-'))
}

fn spoken(text: &str) -> Option<String> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int, fraction) = match text.split_once('.') {
        Some((int, fraction)) => (int, Some(fraction)),
        None => (text, None),
    };
    let int: u64 = int.replace(',', "").parse().ok()?;
    let mut out = en_cardinal(int);
    if let Some(fraction) = fraction {
        let digits: Vec<String> =
            fraction.chars().filter_map(|c| c.to_digit(10)).map(|d| en_cardinal(d as u64)).collect();
        out = format!("{out} point {}", digits.join(" "));
    }
    Some(if negative { format!("minus {out}") } else { out })
}

fn date(month: u64, day: u64, year: u64) -> Option<String> {
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    Some(format!("{} {}, {}", EN_MONTHS[(month - 1) as usize], en_ordinal(day), en_year(year)))
}

fn iso_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    date(caps[2].parse().ok()?, caps[3].parse().ok()?, caps[1].parse().ok()?)
}

fn us_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    date(caps[1].parse().ok()?, caps[2].parse().ok()?, caps[3].parse().ok()?)
}

fn amount(int: &str, cents: Option<&str>, symbol: &str) -> Option<String> {
    let units: u64 = int.replace(',', "").parse().ok()?;
    let cents: u64 = cents.map(str::parse).transpose().ok()?.unwrap_or(0);
    let (one, many, small_one, small_many) = match symbol {
        "€" | "EUR" | "euro" | "euros" => ("euro", "euros", "cent", "cents"),
        "£" => ("pound", "pounds", "penny", "pence"),
        _ => ("dollar", "dollars", "cent", "cents"),
    };
    let unit = |n: u64, one: &str, many: &str| format!("{} {}", en_cardinal(n), if n == 1 { one } else { many });
    Some(match (units, cents) {
        (0, c) if c > 0 => unit(c, small_one, small_many),
        (u, 0) => unit(u, one, many),
        (u, c) => format!("{} and {}", unit(u, one, many), unit(c, small_one, small_many)),
    })
}

fn money_before(caps: &Captures, ctx: &Context) -> Option<String> {
    if !ctx.standalone() {
        return None;
    }
    amount(&caps[2], caps.get(3).map(|m| m.as_str()), &caps[1])
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    if !ctx.standalone() {
        return None;
    }
    amount(&caps[1], caps.get(2).map(|m| m.as_str()), &caps[3])
}

fn percent(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    Some(format!("{} percent", spoken(&caps[1])?))
}

fn ordinal(caps: &Captures, ctx: &Context) -> Option<String> {
    if !ctx.standalone() {
        return None;
    }
    Some(en_ordinal(caps[1].parse().ok()?))
}

const YEAR_WORDS: &[&str] = &["in", "since", "year", "until", "from", "by", "of", "early", "late", "mid"];

fn number(caps: &Captures, ctx: &Context) -> Option<String> {
    let text = &caps[0];
    let after_after = ctx.text[ctx.end..].chars().nth(1);
    if glued(ctx) || (matches!(ctx.after(), Some('.' | ',')) && after_after.is_some_and(|c| c.is_ascii_digit())) {
        return None;
    }
    if text.len() == 4 && text.chars().all(|c| c.is_ascii_digit()) && YEAR_WORDS.contains(&ctx.previous_word().as_str())
    {
        return Some(en_year(text.parse().ok()?));
    }
    spoken(text)
}
