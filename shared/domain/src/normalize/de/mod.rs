//! German: the rules in the order they are tried (specific before general), one module
//! per class, all asking one grammar core (`grammar`) for case, gender and number.
//! `docs/german-reading.md` is the specification; `corpus/de/` holds its cases.

mod codes;
mod dates;
mod fractions;
pub(super) mod grammar;
pub(crate) mod lexicon;
mod measures;
mod money;
mod ordinals;
mod times;
mod web;
mod words;

use std::sync::LazyLock;

use regex::Captures;

use super::numbers::{de_cardinal, de_cardinal_before_noun, de_digits, de_year};
use super::{Context, Rule};

/// A number as written in German: "1.234,56", "3,5", "-12", "−12", "1 234" (a narrow or
/// plain space between groups of three).
pub(super) const NUM: &str = r"[-−+]?(?:\d{1,3}(?:\.\d{3})+|\d{1,3}(?:[ \u{202F}]\d{3})+|\d+)(?:,\d+)?";

/// The same without the sign, and without the space-grouped form (for patterns where a
/// space separates two numbers).
pub(super) const UNSIGNED: &str = r"(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?";

pub(super) fn rules() -> &'static [Rule] {
    static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
        let mut rules = Vec::new();
        rules.extend(web::rules());
        rules.extend(codes::rules());
        rules.extend(dates::rules());
        rules.extend(times::rules());
        rules.extend(measures::money_per_unit());
        rules.extend(money::rules());
        rules.extend(fractions::rules());
        rules.extend(measures::rules());
        rules.extend(ordinals::rules());
        rules.extend(words::rules());
        rules.extend(words::operator_rules());
        rules.extend([
            // English thousands separators, two groups or more: "1,234,567".
            Rule::new(r"\d{1,3}(?:,\d{3}){2,}", english_grouped),
            Rule::new(&format!(r"({UNSIGNED})\s?[–-]\s?({UNSIGNED})"), range),
            Rule::new(r"(\d{1,2}):(\d{1,2})", score),
            Rule::new(NUM, number),
        ]);
        rules.extend(words::symbol_rules());
        rules
    });
    &RULES
}

/// "1.234,56" -> (1234, "56"); `None` for what is not a German number.
pub(super) fn parse(text: &str) -> Option<(u64, Option<&str>)> {
    let (int, fraction) = match text.split_once(',') {
        Some((int, fraction)) => (int, Some(fraction)),
        None => (text, None),
    };
    let digits: String = int.chars().filter(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() || digits.len() > 19 || int.chars().any(|c| !c.is_ascii_digit() && !".  \u{202F}".contains(c))
    {
        return None;
    }
    Some((digits.parse().ok()?, fraction))
}

/// A number's sign and digits: "-5", "−5" -> (true, "5"); "+5" -> (false, "5").
pub(super) fn sign(text: &str) -> (bool, &str) {
    match text.strip_prefix('-').or_else(|| text.strip_prefix('−')) {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    }
}

/// A number read out: "minus", the integer, "Komma" and the decimals one by one.
/// `before_noun`: a whole 1 before a noun is "ein" / "eine" (feminine).
pub(super) fn spoken_number(text: &str, feminine_one: Option<bool>) -> Option<String> {
    let positive = text.trim().starts_with('+');
    let (negative, text) = sign(text.trim());
    let (int, fraction) = parse(text)?;
    let mut out = match (fraction, feminine_one) {
        (None, Some(feminine)) => de_cardinal_before_noun(int, feminine),
        _ if text.len() > 1 && text.starts_with('0') && !text.contains([',', '.']) => de_digits(text),
        _ => de_cardinal(int),
    };
    if let Some(fraction) = fraction {
        out = format!("{out} Komma {}", de_digits(fraction));
    }
    Some(match (negative, positive) {
        (true, _) => format!("minus {out}"),
        (_, true) => format!("plus {out}"),
        _ => out,
    })
}

/// Part of a longer token ("MP3", "v2.0", "COVID-19", "1,5x")?
pub(super) fn glued(ctx: &Context) -> bool {
    let before = ctx.before();
    let before_before = ctx.text[..ctx.start].chars().rev().nth(1);
    let after = ctx.after();
    let after_after = ctx.text[ctx.end..].chars().nth(1);
    before.is_some_and(char::is_alphanumeric)
        || after.is_some_and(char::is_alphanumeric)
        || (matches!(before, Some('.' | ',' | '-' | '/')) && before_before.is_some_and(char::is_alphanumeric))
        || (matches!(after, Some('.' | ',' | '/')) && after_after.is_some_and(|c| c.is_ascii_digit()))
}

/// The match starts in the middle of a token ("v2", "COVID-19").
pub(super) fn glued_start(ctx: &Context) -> bool {
    let before = ctx.before();
    let before_before = ctx.text[..ctx.start].chars().rev().nth(1);
    before.is_some_and(char::is_alphanumeric)
        || (matches!(before, Some('.' | ',' | '-' | '/')) && before_before.is_some_and(char::is_alphanumeric))
}

/// The text after the match, from its first non-space character.
pub(super) fn rest<'a>(ctx: &Context<'a>) -> &'a str {
    ctx.text[ctx.end..].trim_start()
}

fn english_grouped(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    Some(de_cardinal(caps[0].replace(',', "").parse().ok()?))
}

fn range(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    // "1-2 Tage" is "ein bis zwei Tage".
    Some(format!("{} bis {}", spoken_number(&caps[1], Some(false))?, spoken_number(&caps[2], None)?))
}

/// "gewann 3:1" -> "drei zu eins" (a time has its own rules before this one).
fn score(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    let (a, b): (u64, u64) = (caps[1].parse().ok()?, caps[2].parse().ok()?);
    Some(format!("{} zu {}", de_cardinal(a), de_cardinal(b)))
}

/// Years after these words are read in hundreds ("im Jahr 1989").
const YEAR_WORDS: &[&str] = &[
    "jahr",
    "jahre",
    "jahres",
    "im",
    "seit",
    "bis",
    "von",
    "ab",
    "anno",
    "um",
    "anfang",
    "ende",
    "mitte",
    "sommer",
    "winter",
    "frühjahr",
    "herbst",
    "frühling",
    "vor",
    "nach",
    "in",
    "bereits",
    "schon",
    "erst",
    "zwischen",
];

fn number(caps: &Captures, ctx: &Context) -> Option<String> {
    let text = &caps[0];
    let signed = text.starts_with(['-', '−', '+']);
    if glued(ctx) || (signed && ctx.before().is_some_and(|c| !c.is_whitespace() && c != '(')) {
        return None;
    }
    let plain_year = text.len() == 4 && text.chars().all(|c| c.is_ascii_digit());
    // 1100-1999 without a noun after it is a year ("1786 in Potsdam", "1920 gebaut");
    // before a noun it counts something ("1500 Einträge").
    let before_noun = rest(ctx).starts_with(char::is_uppercase);
    if plain_year && (YEAR_WORDS.contains(&ctx.previous_word().as_str()) || !before_noun) {
        return Some(de_year(text.parse().ok()?));
    }
    // A number that names a paragraph, page or item is a plain cardinal ("Abs. 1 BGB":
    // "Absatz eins").
    const NAMING: &[&str] = &[
        "abs",
        "absatz",
        "satz",
        "nr",
        "nummer",
        "s",
        "seite",
        "art",
        "artikel",
        "ziff",
        "ziffer",
        "kapitel",
        "kap",
        "paragraf",
        "paragraph",
        "band",
        "bd",
        "teil",
        "punkt",
        "tabelle",
        "tab",
        "abb",
        "abbildung",
        "anlage",
        "zeile",
        "gleis",
        "raum",
        "zimmer",
        "folge",
        "version",
        "level",
        "stufe",
        "klasse",
        "platz",
    ];
    let previous = ctx.previous_word();
    if NAMING.contains(&previous.as_str()) || ctx.text[..ctx.start].trim_end().ends_with('§') {
        return spoken_number(text, None);
    }
    // A whole 1 before a noun agrees with it, in the case a preposition before it asks
    // for: "1 Katze" -> "eine Katze", "mit 1 Hund" -> "mit einem Hund".
    let after = grammar::noun_after(&ctx.text[ctx.end..]);
    // Only prepositions with one case (and "in" before a span of time): "auf" or "an"
    // take either, by what the verb means.
    const ONE_CASE: &[&str] = &[
        "aus",
        "bei",
        "mit",
        "nach",
        "seit",
        "von",
        "zu",
        "gegenüber",
        "außer",
        "samt",
        "durch",
        "für",
        "gegen",
        "ohne",
        "um",
        "binnen",
        "innerhalb",
        "während",
        "wegen",
    ];
    const SPANS: &[&str] = &["Jahr", "Monat", "Woche", "Tag", "Stunde", "Minute", "Sekunde", "Quartal"];
    let span_after_in = previous == "in" && SPANS.iter().any(|w| ctx.text[ctx.end..].trim_start().starts_with(w));
    if text == "1"
        && before_noun
        && (ONE_CASE.contains(&previous.as_str()) || span_after_in)
        && let Some(case) = grammar::preposition_case(&previous)
    {
        // A noun of unknown gender is masculine or neuter (the feminine endings are
        // known): one form in the dative and genitive, two in the accusative.
        let gender = match (after, case) {
            (Some(gender), _) => Some(gender),
            (None, grammar::Case::Dative | grammar::Case::Genitive) => Some(grammar::Gender::Masculine),
            (None, _) => None,
        };
        if let Some(gender) = gender {
            return Some(grammar::one_before_noun(case, gender).to_owned());
        }
    }
    let one = match after {
        Some(grammar::Gender::Feminine) => Some(true),
        Some(_) => Some(false),
        None if before_noun => Some(false),
        None => None,
    };
    spoken_number(text, one)
}

#[cfg(test)]
mod tests {
    use crate::normalize::normalize;

    #[test]
    fn the_three_sentences_the_review_heard_wrong_read_right() {
        let read = |text: &str| normalize(text, "de-DE").text;
        assert_eq!(read("Die Antwort kam nach 200 ms."), "Die Antwort kam nach zweihundert Millisekunden.");
        assert_eq!(read("Wir sitzen in 80331 München."), "Wir sitzen in acht null drei drei eins München.");
        assert_eq!(read("zu Wilhelm II. oder Ludwig XIV."), "zu Wilhelm dem Zweiten oder Ludwig dem Vierzehnten.");
    }

    #[test]
    fn one_before_a_noun_takes_the_case_of_its_preposition() {
        let read = |text: &str| normalize(text, "de-DE").text;
        assert_eq!(read("Mit 2 Kindern und 1 Hund."), "Mit zwei Kindern und ein Hund.");
        assert_eq!(read("Sie kam mit 1 Hund."), "Sie kam mit einem Hund.");
        assert_eq!(read("Das gilt für 1 Woche."), "Das gilt für eine Woche.");
        assert_eq!(read("Wir sehen uns in 1 Jahr."), "Wir sehen uns in einem Jahr.");
        // "auf" takes either case, by the verb: left as it is.
        assert_eq!(read("Er wartete auf 1 Nachricht."), "Er wartete auf eine Nachricht.");
    }
}
