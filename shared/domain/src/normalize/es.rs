//! Spanish: numbers, dates (day/month/year and ISO), money and percentages.

use std::sync::LazyLock;

use regex::Captures;

use super::numbers::{ES_MONTHS, es_apocope, es_cardinal};
use super::{Context, Rule, romance};

pub(super) fn rules() -> &'static [Rule] {
    static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
        vec![
            Rule::new(r"(\d{4})-(\d{2})-(\d{2})", iso_date),
            Rule::new(r"(\d{1,2})/(\d{1,2})/(\d{4})", date),
            Rule::new(r"([$€])\s?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{2}))?", money_before),
            Rule::new(r"(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{2}))?\s?(€|EUR|euros?|\$|USD|dólares)", money_after),
            Rule::new(&format!(r"({})\s?%", romance::NUM_DOT), percent),
            Rule::new(romance::NUM_DOT, number),
        ]
    });
    &RULES
}

fn spoken(text: &str) -> Option<String> {
    romance::spoken(text, '.', "coma", "menos", es_cardinal)
}

fn day_month_year(day: u64, month: u64, year: u64) -> Option<String> {
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return None;
    }
    Some(format!("{} de {} de {}", es_cardinal(day), ES_MONTHS[(month - 1) as usize], es_cardinal(year)))
}

fn iso_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if !ctx.standalone() {
        return None;
    }
    day_month_year(caps[3].parse().ok()?, caps[2].parse().ok()?, caps[1].parse().ok()?)
}

fn date(caps: &Captures, ctx: &Context) -> Option<String> {
    if !ctx.standalone() {
        return None;
    }
    day_month_year(caps[1].parse().ok()?, caps[2].parse().ok()?, caps[3].parse().ok()?)
}

fn amount(int: &str, cents: Option<&str>, symbol: &str) -> Option<String> {
    let units: u64 = int.replace('.', "").parse().ok()?;
    let cents: u64 = cents.map(str::parse).transpose().ok()?.unwrap_or(0);
    let (one, many) =
        if matches!(symbol, "$" | "USD" | "dólares") { ("dólar", "dólares") } else { ("euro", "euros") };
    let unit = |n: u64| format!("{} {}", es_apocope(&es_cardinal(n)), if n == 1 { one } else { many });
    let cent = |n: u64| format!("{} {}", es_apocope(&es_cardinal(n)), if n == 1 { "céntimo" } else { "céntimos" });
    Some(match (units, cents) {
        (0, c) if c > 0 => cent(c),
        (u, 0) => unit(u),
        (u, c) => format!("{} con {}", unit(u), es_cardinal(c)),
    })
}

fn money_before(caps: &Captures, ctx: &Context) -> Option<String> {
    ctx.standalone().then(|| amount(&caps[2], caps.get(3).map(|m| m.as_str()), &caps[1]))?
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    ctx.standalone().then(|| amount(&caps[1], caps.get(2).map(|m| m.as_str()), &caps[3]))?
}

fn percent(caps: &Captures, ctx: &Context) -> Option<String> {
    (!ctx.before().is_some_and(char::is_alphanumeric)).then(|| Some(format!("{} por ciento", spoken(&caps[1])?)))?
}

fn number(caps: &Captures, ctx: &Context) -> Option<String> {
    if romance::glued(ctx) {
        return None;
    }
    let spoken = spoken(&caps[0])?;
    // "uno" before a noun is "un" ("veintiún años"), not before "de" ("el uno de mayo").
    let next = ctx.text[ctx.end..].trim_start();
    let before_noun = next.starts_with(char::is_alphabetic) && !next.starts_with("de ") && !caps[0].contains(',');
    Some(if before_noun { es_apocope(&spoken) } else { spoken })
}
