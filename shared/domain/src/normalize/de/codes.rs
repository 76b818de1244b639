//! Numbers that are names, not amounts: telephone numbers (DIN 5008, in their written
//! groups), post codes and other unseparated digit strings, IBANs (ISO 13616), customer,
//! order and invoice numbers, and versions. Read digit by digit, never as one large
//! cardinal.

use regex::Captures;

use super::lexicon::spell;
use super::{glued, rest};
use crate::normalize::numbers::{de_cardinal, de_digits};
use crate::normalize::{Context, Rule};

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"\b[A-Z]{2}\d{2}(?: ?[0-9A-Z]{4}){2,7}(?: ?[0-9A-Z]{1,4})?\b", iban),
        Rule::new(r"\+\d{1,3}(?:[ /-]\d{1,12})+|\b0\d{2,5}(?: ?/ ?| |-)\d{2,}(?:[ -]\d{2,})*", phone),
        Rule::new(
            r"(?i:(Version|Vers\.|Release|Update|v))\s?(\d+(?:\.\d+){1,3})\b|(?:Version|Release|Update)\s(\d+)\b",
            version,
        ),
        Rule::new(
            r"(Kundennummer|Kunden-Nr\.|Kd\.-Nr\.|Bestellnummer|Bestell-Nr\.|Best\.-Nr\.|Rechn\.-Nr\.|Rechnungsnummer|Rechnungs-Nr\.|Auftragsnummer|Auftrags-Nr\.|Artikelnummer|Art\.-Nr\.|Vertragsnummer|Vorgangsnummer|Mitgliedsnummer|Ticketnummer|Ticket|Aktenzeichen|Nr\.|Nummer|PLZ|Postleitzahl)(:?\s#?)(\d{1,3}(?:\.\d{3})+|\d+)\b",
            after_keyword,
        ),
        Rule::new(r"\b\d{5,}\b", digit_string),
    ]
}

/// Telephone numbers digit by digit, in the groups they are written in.
fn phone(caps: &Captures, ctx: &Context) -> Option<String> {
    let text = &caps[0];
    // "1 000 000": a number grouped by spaces, not a number dialled.
    let after_digit = ctx.text[..ctx.start].trim_end_matches([' ', '\u{202F}']).ends_with(|c: char| c.is_ascii_digit());
    if glued(ctx) || after_digit || text.chars().filter(char::is_ascii_digit).count() < 6 {
        return None;
    }
    let groups: Vec<String> = text
        .split([' ', '/', '-'])
        .filter(|g| !g.is_empty())
        .map(|g| match g.strip_prefix('+') {
            Some(rest) => format!("plus {}", de_digits(rest)),
            None => de_digits(g),
        })
        .collect();
    Some(groups.join(", "))
}

/// "DE89 3704 0044 0532 0130 00": letters by name, digits one by one, per written group.
fn iban(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) || caps[0].chars().filter(char::is_ascii_digit).count() < 10 {
        return None;
    }
    let text = caps[0].to_owned();
    let groups: Vec<String> = if text.contains(' ') {
        text.split(' ').map(spell).collect()
    } else {
        text.as_bytes().chunks(4).map(|c| spell(std::str::from_utf8(c).unwrap_or_default())).collect()
    };
    Some(groups.join(", "))
}

/// "Version 2.1.3" -> "Version zwei Punkt eins Punkt drei"; "v2.0" -> "Version zwei Punkt null".
fn version(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let (word, number) = match (caps.get(1), caps.get(2), caps.get(3)) {
        (Some(word), Some(number), _) => (word.as_str(), number.as_str()),
        (None, None, Some(number)) => (caps[0].split_whitespace().next()?, number.as_str()),
        _ => return None,
    };
    let word = match word {
        "v" | "V" | "Vers." => "Version",
        other => other,
    };
    let parts: Vec<String> =
        number.split('.').map(|p| p.parse::<u64>().ok().map(de_cardinal)).collect::<Option<_>>()?;
    let end = if ctx.ends_sentence() && caps[0].ends_with('.') { "." } else { "" };
    Some(format!("{word} {}{end}", parts.join(" Punkt ")))
}

/// After "Kundennummer", "Nr.", "PLZ", ...: more than three digits one by one, else a
/// cardinal ("Nr. 5" -> "Nummer fünf").
fn after_keyword(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let keyword = match &caps[1] {
        "Nr." => "Nummer",
        "Kunden-Nr." | "Kd.-Nr." => "Kundennummer",
        "Bestell-Nr." | "Best.-Nr." => "Bestellnummer",
        "Rechn.-Nr." => "Rechnungsnummer",
        "Rechnungs-Nr." => "Rechnungsnummer",
        "Auftrags-Nr." => "Auftragsnummer",
        "Art.-Nr." => "Artikelnummer",
        other => other,
    };
    let separator = caps[2].replace('#', "");
    let digits: String = caps[3].chars().filter(char::is_ascii_digit).collect();
    let number = if digits.len() > 3 || keyword == "PLZ" || keyword == "Postleitzahl" || digits.starts_with('0') {
        de_digits(&digits)
    } else {
        de_cardinal(digits.parse().ok()?)
    };
    Some(format!("{keyword}{separator}{number}"))
}

/// An unseparated run of five or more digits that names a place or a thing, read digit by
/// digit: a post code before a place ("in 80331 München", "Lindenweg 7, 26122 Oldenburg"),
/// a code with a leading zero, or a run too long for an amount written without grouping
/// (DIN 5008 groups amounts of five digits and more). "15000 Kunden" stays an amount.
fn digit_string(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    let text = &caps[0];
    let next = rest(ctx);
    let before_name = next.starts_with(char::is_uppercase);
    let head = ctx.text[..ctx.start].trim_end();
    const BEFORE_PLACE: &[&str] = &["in", "nach", "aus", "von", "ab", "an", "bei", "und", "standort", "ort", "sitz"];
    let place_context =
        head.is_empty() || head.ends_with([',', ':', '\n']) || BEFORE_PLACE.contains(&ctx.previous_word().as_str());
    let post_code = text.len() == 5 && before_name && place_context;
    (text.starts_with('0') || post_code || text.len() > 7).then(|| de_digits(text))
}
