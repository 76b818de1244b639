//! French: numbers (space as thousands separator), dates, money and percentages.

use std::sync::LazyLock;

use regex::Captures;

use super::numbers::{FR_MONTHS, fr_cardinal};
use super::{Context, Rule, romance};

/// "1 234,56" (also with narrow no-break spaces), "3,5", "12".
const NUM: &str = r"-?(?:\d{1,3}(?:[ \u{202F}\u{00A0}]\d{3})+|\d+)(?:,\d+)?";

pub(super) fn rules() -> &'static [Rule] {
    static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
        vec![
            Rule::new(r"(\d{4})-(\d{2})-(\d{2})", iso_date),
            Rule::new(r"(\d{1,2})/(\d{1,2})/(\d{4})", date),
            Rule::new(
                r"(\d{1,3}(?:[ \u{202F}\u{00A0}]\d{3})+|\d+)(?:,(\d{2}))?\s?(€|EUR|euros?|\$|dollars)",
                money_after,
            ),
            Rule::new(&format!(r"({NUM})\s?%"), percent),
            Rule::new(NUM, number),
        ]
    });
    &RULES
}

fn spoken(text: &str) -> Option<String> {
    let text: String = text.chars().filter(|c| !matches!(c, ' ' | '\u{202F}' | '\u{00A0}')).collect();
    romance::spoken(&text, '.', "virgule", "moins", fr_cardinal)
}

fn day_month_year(day: u64, month: u64, year: u64) -> Option<String> {
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return None;
    }
    let day = if day == 1 { "premier".into() } else { fr_cardinal(day) };
    Some(format!("{day} {} {}", FR_MONTHS[(month - 1) as usize], fr_cardinal(year)))
}

fn iso_date(caps: &Captures, ctx: &Context) -> Option<String> {
    ctx.standalone().then(|| day_month_year(caps[3].parse().ok()?, caps[2].parse().ok()?, caps[1].parse().ok()?))?
}

fn date(caps: &Captures, ctx: &Context) -> Option<String> {
    ctx.standalone().then(|| day_month_year(caps[1].parse().ok()?, caps[2].parse().ok()?, caps[3].parse().ok()?))?
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    if !ctx.standalone() {
        return None;
    }
    let units: u64 = caps[1].chars().filter(char::is_ascii_digit).collect::<String>().parse().ok()?;
    let cents: u64 = caps.get(2).map(|m| m.as_str().parse()).transpose().ok()?.unwrap_or(0);
    let (one, many) = if matches!(&caps[3], "$" | "dollars") { ("dollar", "dollars") } else { ("euro", "euros") };
    let unit = |n: u64| format!("{} {}", fr_cardinal(n), if n <= 1 { one } else { many });
    Some(match (units, cents) {
        (0, c) if c > 0 => format!("{} {}", fr_cardinal(c), if c == 1 { "centime" } else { "centimes" }),
        (u, 0) => unit(u),
        (u, c) => format!("{} {}", unit(u), fr_cardinal(c)),
    })
}

fn percent(caps: &Captures, ctx: &Context) -> Option<String> {
    (!ctx.before().is_some_and(char::is_alphanumeric)).then(|| Some(format!("{} pour cent", spoken(&caps[1])?)))?
}

fn number(caps: &Captures, ctx: &Context) -> Option<String> {
    if romance::glued(ctx) {
        return None;
    }
    spoken(&caps[0])
}
