//! Times of day (DIN 5008: hh:mm, hh:mm:ss, hh.mm Uhr), their ranges, and durations
//! written as hours and minutes ("1:30 h").

use regex::Captures;

use super::glued;
use crate::normalize::numbers::de_cardinal;
use crate::normalize::{Context, Rule};

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"(\d{1,2})[:.](\d{2})\s?h\b", duration),
        Rule::new(r"(\d{1,2})(?:[:.](\d{2}))?\s?[–-]\s?(\d{1,2})(?:[:.](\d{2}))?\s?Uhr", time_range),
        Rule::new(r"(\d{1,2}):(\d{2})\s?[–-]\s?(\d{1,2}):(\d{2})", time_range),
        Rule::new(r"(\d{1,2}):(\d{2}):(\d{2})(?:\s?Uhr)?", with_seconds),
        Rule::new(r"(\d{1,2})\.(\d{2})\s?Uhr", clock_time),
        Rule::new(r"(\d{1,2}):(\d{2})(?:\s?Uhr)?", clock_time),
        Rule::new(r"(\d{1,2})\s?Uhr", full_hour),
    ]
}

fn hour_words(hour: u64) -> String {
    if hour == 1 { "ein".into() } else { de_cardinal(hour) }
}

fn time_of_day(hour: u64, minute: Option<u64>) -> Option<String> {
    if hour > 24 || minute.is_some_and(|m| m > 59) {
        return None;
    }
    Some(match minute {
        None | Some(0) => format!("{} Uhr", hour_words(hour)),
        Some(m) => format!("{} Uhr {}", hour_words(hour), de_cardinal(m)),
    })
}

fn number(caps: &Captures, i: usize) -> Option<u64> {
    caps.get(i)?.as_str().parse().ok()
}

fn clock_time(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    // "3:1" without "Uhr" and with a one-digit hour and minute is a score (its own rule).
    time_of_day(number(caps, 1)?, Some(number(caps, 2)?))
}

/// "14:30:15 Uhr" -> "vierzehn Uhr dreißig und fünfzehn Sekunden".
fn with_seconds(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    let (hour, minute, second) = (number(caps, 1)?, number(caps, 2)?, number(caps, 3)?);
    if hour > 24 || minute > 59 || second > 59 {
        return None;
    }
    let seconds = if second == 1 { "eine Sekunde".to_owned() } else { format!("{} Sekunden", de_cardinal(second)) };
    Some(format!("{} Uhr {} und {seconds}", hour_words(hour), de_cardinal(minute)))
}

fn full_hour(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    time_of_day(number(caps, 1)?, None)
}

fn time_range(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    let (from_hour, to_hour) = (number(caps, 1)?, number(caps, 3)?);
    let from = match caps.get(2) {
        None => {
            if from_hour > 24 {
                return None;
            }
            hour_words(from_hour)
        }
        Some(_) => time_of_day(from_hour, number(caps, 2))?,
    };
    Some(format!("{from} bis {}", time_of_day(to_hour, caps.get(4).and_then(|_| number(caps, 4)))?))
}

/// "1:30 h" -> "eine Stunde dreißig", "2:15 h" -> "zwei Stunden fünfzehn".
fn duration(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let (hours, minutes) = (number(caps, 1)?, number(caps, 2)?);
    if minutes > 59 {
        return None;
    }
    let hours = if hours == 1 { "eine Stunde".to_owned() } else { format!("{} Stunden", de_cardinal(hours)) };
    Some(if minutes == 0 { hours } else { format!("{hours} {}", de_cardinal(minutes)) })
}
