//! What Spanish, French and Portuguese share: a decimal comma, digits after it read one by one.

use super::Context;

/// "1.234,56", "3,5", "12" (point as thousands separator).
pub(super) const NUM_DOT: &str = r"-?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?";

pub(super) fn spoken(
    text: &str,
    thousands: char,
    comma: &str,
    minus: &str,
    cardinal: fn(u64) -> String,
) -> Option<String> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int, fraction) = match text.split_once(',') {
        Some((int, fraction)) => (int, Some(fraction)),
        None => (text, None),
    };
    let int: u64 = int.chars().filter(|c| *c != thousands).collect::<String>().parse().ok()?;
    let mut out = cardinal(int);
    if let Some(fraction) = fraction {
        let digits: Vec<String> = fraction.chars().filter_map(|c| c.to_digit(10)).map(|d| cardinal(d as u64)).collect();
        out = format!("{out} {comma} {}", digits.join(" "));
    }
    Some(if negative { format!("{minus} {out}") } else { out })
}

/// Part of a longer token ("MP3", "v2.0")?
pub(super) fn glued(ctx: &Context) -> bool {
    let after_after = ctx.text[ctx.end..].chars().nth(1);
    !ctx.standalone()
        || ctx.before().is_some_and(|c| matches!(c, '.' | ',' | '-' | '/'))
        || (matches!(ctx.after(), Some('.' | ',' | '/')) && after_after.is_some_and(|c| c.is_ascii_digit()))
}
