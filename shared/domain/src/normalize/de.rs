//! German: the rules in the order they are tried (specific before general).

use std::sync::LazyLock;

use regex::Captures;

use super::numbers::{DE_MONTHS, de_cardinal, de_cardinal_before_noun, de_digits, de_ordinal_stem, de_year};
use super::{Context, Rule};

/// A number as written in German: "1.234,56", "3,5", "-12".
const NUM: &str = r"-?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?";

pub(super) fn rules() -> &'static [Rule] {
    static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
        vec![
            Rule::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+", email),
            Rule::new(
                r"(?:https?://)?www\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:/[A-Za-z0-9._~%/-]*[A-Za-z0-9_~%/-])?/?|https?://[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:/[A-Za-z0-9._~%/-]*[A-Za-z0-9_~%/-])?/?",
                url,
            ),
            Rule::new(r"\+\d{1,3}(?:[ /-]\d{1,12})+|0\d{2,5}(?:[ /-]\d{2,})+", phone),
            Rule::new(r"(\d{4})-(\d{2})-(\d{2})", iso_date),
            Rule::new(r"(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?", numeric_date),
            Rule::new(
                r"(\d{1,2})\.\s?[–-]\s?(\d{1,2})\.\s?(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)(?:\s(\d{4}))?",
                day_range,
            ),
            Rule::new(
                r"(\d{1,2})\.\s?(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)(?:\s(\d{4}))?",
                text_date,
            ),
            Rule::new(r"(\d{1,2})(?::(\d{2}))?\s?[–-]\s?(\d{1,2})(?::(\d{2}))?\s?Uhr", time_range),
            Rule::new(r"(\d{1,2}):(\d{2})(?:\s?Uhr)?", clock_time),
            Rule::new(r"(\d{1,2})\s?Uhr", full_hour),
            Rule::new(r"(?:€|EUR|\$|USD|£|GBP|CHF)\s?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{2})|,-{1,2})?", money_before),
            Rule::new(
                r"(-?(?:\d{1,3}(?:\.\d{3})+|\d+))(?:,(\d{2})|,-{1,2})?\s?(€|EUR|Euro|\$|USD|Dollar|£|GBP|CHF)",
                money_after,
            ),
            Rule::new(&format!(r"(?:({NUM})\s?[–-]\s?)?({NUM})\s?%"), percent),
            Rule::new(
                &format!(
                    r"(?:({NUM})\s?[–-]\s?)?({NUM})\s?(km/h|°C|°F|m²|m³|qm|kWh|km|cm|mm|kg|mg|ml|MB|GB|TB|°|h|min|m|g|l|s)"
                ),
                unit,
            ),
            Rule::new(r"(\d+)\s?[–-]\s?(\d+)", range),
            Rule::new(r"(\p{Lu}\p{Ll}+)\s([IVXLC]{1,6})\.", roman_after_name),
            Rule::new(r"(\d{1,3})\.(\s)", ordinal_after_article),
            Rule::new(r"(\p{Lu}\p{Ll}+)str\.", street),
            Rule::new(&abbreviation_pattern(), abbreviation),
            Rule::new(r"[a-z0-9-]+\.(?:de|com|org|net|eu|io|at|ch)", domain),
            Rule::new(NUM, number),
            Rule::new(r"[€$£%&§]", symbol),
        ]
    });
    &RULES
}

/// "1.234,56" -> (1234, "56"); `None` for what is not a German number.
fn parse(text: &str) -> Option<(u64, Option<&str>)> {
    let (int, fraction) = match text.split_once(',') {
        Some((int, fraction)) => (int, Some(fraction)),
        None => (text, None),
    };
    let digits: String = int.chars().filter(|c| *c != '.').collect();
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    Some((digits.parse().ok()?, fraction))
}

/// A number read out: "minus", the integer, "Komma" and the decimals one by one.
fn spoken_number(text: &str, feminine_one: Option<bool>) -> Option<String> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int, fraction) = parse(text)?;
    let mut out = match (fraction, feminine_one) {
        (None, Some(feminine)) => de_cardinal_before_noun(int, feminine),
        _ if text.len() > 1 && text.starts_with('0') && !text.contains([',', '.']) => de_digits(text),
        _ => de_cardinal(int),
    };
    if let Some(fraction) = fraction {
        out = format!("{out} Komma {}", de_digits(fraction));
    }
    Some(if negative { format!("minus {out}") } else { out })
}

/// Part of a longer token ("MP3", "v2.0", "COVID-19", "1,5x")?
fn glued(ctx: &Context) -> bool {
    let before = ctx.before();
    let before_before = ctx.text[..ctx.start].chars().rev().nth(1);
    let after = ctx.after();
    let after_after = ctx.text[ctx.end..].chars().nth(1);
    before.is_some_and(char::is_alphanumeric)
        || after.is_some_and(char::is_alphanumeric)
        || (matches!(before, Some('.' | ',' | '-' | '/')) && before_before.is_some_and(char::is_alphanumeric))
        || (matches!(after, Some('.' | ',' | '/')) && after_after.is_some_and(|c| c.is_ascii_digit()))
}

fn spelled(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '.' => out.push_str(" punkt "),
            '-' => out.push_str(" Bindestrich "),
            '_' => out.push_str(" Unterstrich "),
            '/' => out.push_str(" Schrägstrich "),
            '+' => out.push_str(" plus "),
            c => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn email(caps: &Captures, _: &Context) -> Option<String> {
    let (local, domain) = caps[0].split_once('@')?;
    Some(format!("{} at {}", spelled(local), spelled(domain)))
}

fn url(caps: &Captures, _: &Context) -> Option<String> {
    let text = caps[0].trim_start_matches("https://").trim_start_matches("http://").trim_end_matches('/');
    let text = match text.strip_prefix("www.") {
        Some(rest) => format!("w w w punkt {}", spelled(rest)),
        None => spelled(text),
    };
    Some(text)
}

fn domain(caps: &Captures, ctx: &Context) -> Option<String> {
    (!glued(ctx) && !matches!(ctx.before(), Some('@' | '.'))).then(|| spelled(&caps[0]))
}

/// Telephone numbers digit by digit, in the groups they are written in.
fn phone(caps: &Captures, ctx: &Context) -> Option<String> {
    let text = &caps[0];
    if glued(ctx) || text.chars().filter(char::is_ascii_digit).count() < 6 {
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

/// The ending of an ordinal after the word before it: "am dritten", "der dritte",
/// "dritter" (no article, as in a letter's date line).
fn ordinal_ending(ctx: &Context) -> &'static str {
    match ctx.previous_word().as_str() {
        "am" | "vom" | "zum" | "im" | "beim" | "dem" | "den" | "des" | "bis" | "ab" | "seit" | "zur" | "ins" => "en",
        "der" | "die" | "das" => "e",
        _ => "er",
    }
}

fn day_and_month(day: u64, month: u64, year: Option<u64>, ctx: &Context) -> Option<String> {
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return None;
    }
    let mut out = format!("{}{} {}", de_ordinal_stem(day), ordinal_ending(ctx), DE_MONTHS[(month - 1) as usize]);
    if let Some(year) = year {
        out = format!("{out} {}", de_year(year));
    }
    Some(out)
}

fn iso_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    day_and_month(caps[3].parse().ok()?, caps[2].parse().ok()?, Some(caps[1].parse().ok()?), ctx)
}

fn numeric_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(|c| c.is_alphanumeric() || c == '.') || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let year = match caps.get(3) {
        Some(y) if y.as_str().len() == 2 => Some(2000 + y.as_str().parse::<u64>().ok()?),
        Some(y) => Some(y.as_str().parse().ok()?),
        // "21.11." without a year: only as a date with its closing point.
        None => None,
    };
    let spoken = day_and_month(caps[1].parse().ok()?, caps[2].parse().ok()?, year, ctx)?;
    // "am 24.12." at the end of a sentence: the date's point is also the sentence's.
    Some(if year.is_none() && ctx.ends_sentence() { format!("{spoken}.") } else { spoken })
}

/// "vom 9.-11. Oktober" -> "vom neunten bis elften Oktober".
fn day_range(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let month = DE_MONTHS.iter().position(|m| *m == &caps[3])? as u64 + 1;
    let year = caps.get(4).map(|y| y.as_str().parse()).transpose().ok()?;
    let (from, to): (u64, u64) = (caps[1].parse().ok()?, caps[2].parse().ok()?);
    if !(1..=31).contains(&from) {
        return None;
    }
    let ending = ordinal_ending(ctx);
    Some(format!("{}{ending} bis {}", de_ordinal_stem(from), day_and_month(to, month, year, ctx)?))
}

fn text_date(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let month = DE_MONTHS.iter().position(|m| *m == &caps[2])? as u64 + 1;
    let year = caps.get(3).map(|y| y.as_str().parse()).transpose().ok()?;
    day_and_month(caps[1].parse().ok()?, month, year, ctx)
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

fn clock_time(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    time_of_day(caps[1].parse().ok()?, Some(caps[2].parse().ok()?))
}

fn full_hour(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    time_of_day(caps[1].parse().ok()?, None)
}

fn time_range(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    let minute = |i: usize| caps.get(i).map(|m| m.as_str().parse::<u64>()).transpose().ok();
    let (from_hour, to_hour): (u64, u64) = (caps[1].parse().ok()?, caps[3].parse().ok()?);
    let (from_minute, to_minute) = (minute(2)?, minute(4)?);
    let from = match from_minute {
        None => {
            if from_hour > 24 {
                return None;
            }
            hour_words(from_hour)
        }
        some => time_of_day(from_hour, some)?,
    };
    Some(format!("{from} bis {}", time_of_day(to_hour, to_minute)?))
}

fn currency(symbol: &str) -> &'static str {
    match symbol {
        "$" | "USD" | "Dollar" => "Dollar",
        "£" | "GBP" => "Pfund",
        "CHF" => "Franken",
        _ => "Euro",
    }
}

fn amount(int: &str, cents: Option<&str>, symbol: &str) -> Option<String> {
    let (negative, int) = match int.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, int),
    };
    let (units, _) = parse(int)?;
    let cents: u64 = cents.map(str::parse).transpose().ok()?.unwrap_or(0);
    let name = currency(symbol);
    let small = if name == "Pfund" { "Pence" } else { "Cent" };
    let out = match (units, cents) {
        (0, c) if c > 0 => format!("{} {small}", de_cardinal_before_noun(c, false)),
        (u, 0) => format!("{} {name}", de_cardinal_before_noun(u, false)),
        (u, c) => format!("{} {name} {}", de_cardinal_before_noun(u, false), de_cardinal(c)),
    };
    Some(if negative { format!("minus {out}") } else { out })
}

fn money_before(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let symbol: String = caps[0].chars().take_while(|c| !c.is_ascii_digit() && !c.is_whitespace()).collect();
    amount(&caps[1], caps.get(2).map(|m| m.as_str()), &symbol)
}

fn money_after(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.after().is_some_and(char::is_alphanumeric) || glued_start(ctx) {
        return None;
    }
    amount(&caps[1], caps.get(2).map(|m| m.as_str()), &caps[3])
}

/// The match starts in the middle of a token ("v2", "COVID-19").
fn glued_start(ctx: &Context) -> bool {
    let before = ctx.before();
    let before_before = ctx.text[..ctx.start].chars().rev().nth(1);
    before.is_some_and(char::is_alphanumeric)
        || (matches!(before, Some('.' | ',' | '-' | '/')) && before_before.is_some_and(char::is_alphanumeric))
}

fn percent(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) {
        return None;
    }
    let to = spoken_number(&caps[2], Some(false))?;
    Some(match caps.get(1) {
        Some(from) => format!("{} bis {to} Prozent", spoken_number(from.as_str(), Some(false))?),
        None => format!("{to} Prozent"),
    })
}

/// A unit's name, and whether "1" before it is feminine ("eine Stunde").
fn unit_name(unit: &str, plural: bool) -> (&'static str, bool) {
    match unit {
        "km/h" => ("Kilometer pro Stunde", false),
        "°C" => ("Grad Celsius", false),
        "°F" => ("Grad Fahrenheit", false),
        "°" => ("Grad", false),
        "m²" | "qm" => ("Quadratmeter", false),
        "m³" => ("Kubikmeter", false),
        "kWh" => (if plural { "Kilowattstunden" } else { "Kilowattstunde" }, true),
        "km" => ("Kilometer", false),
        "cm" => ("Zentimeter", false),
        "mm" => ("Millimeter", false),
        "m" => ("Meter", false),
        "kg" => ("Kilogramm", false),
        "mg" => ("Milligramm", false),
        "g" => ("Gramm", false),
        "ml" => ("Milliliter", false),
        "l" => ("Liter", false),
        "MB" => ("Megabyte", false),
        "GB" => ("Gigabyte", false),
        "TB" => ("Terabyte", false),
        "h" => (if plural { "Stunden" } else { "Stunde" }, true),
        "min" => (if plural { "Minuten" } else { "Minute" }, true),
        _ => (if plural { "Sekunden" } else { "Sekunde" }, true),
    }
}

fn unit(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let to = &caps[2];
    let plural = to != "1" || caps.get(1).is_some();
    let (name, feminine) = unit_name(&caps[3], plural);
    let to_words = spoken_number(to, Some(feminine))?;
    Some(match caps.get(1) {
        Some(from) => format!("{} bis {to_words} {name}", spoken_number(from.as_str(), Some(false))?),
        None => format!("{to_words} {name}"),
    })
}

fn range(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued(ctx) {
        return None;
    }
    // "1-2 Tage" is "ein bis zwei Tage".
    Some(format!("{} bis {}", spoken_number(&caps[1], Some(false))?, spoken_number(&caps[2], None)?))
}

/// A Roman numeral's value (canonical spelling only, 1 to 39).
fn roman(text: &str) -> Option<u64> {
    let value = |c| match c {
        'I' => 1,
        'V' => 5,
        'X' => 10,
        'L' => 50,
        'C' => 100,
        _ => 0,
    };
    let digits: Vec<u64> = text.chars().map(value).collect();
    let mut total = 0i64;
    for (i, &d) in digits.iter().enumerate() {
        if digits.get(i + 1).is_some_and(|&next| next > d) {
            total -= d as i64;
        } else {
            total += d as i64;
        }
    }
    let total = u64::try_from(total).ok().filter(|t| (1..40).contains(t))?;
    (to_roman(total) == text).then_some(total)
}

fn to_roman(mut n: u64) -> String {
    let mut out = String::new();
    for (value, numeral) in [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")] {
        while n >= value {
            out.push_str(numeral);
            n -= value;
        }
    }
    out
}

/// Nouns that count with a Roman numeral ("Teil II" is "Teil zwei", not a ruler).
const COUNTED_NOUNS: &[&str] = &[
    "Teil",
    "Kapitel",
    "Band",
    "Akt",
    "Phase",
    "Stufe",
    "Klasse",
    "Folge",
    "Staffel",
    "Abschnitt",
    "Anlage",
    "Artikel",
    "Buch",
    "Liga",
    "Runde",
    "Level",
];

/// "Wilhelm II." -> "Wilhelm der Zweite", "von Ludwig XIV." -> "von Ludwig dem Vierzehnten".
fn roman_after_name(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let name = &caps[1];
    let value = roman(&caps[2])?;
    let ends = if ctx.ends_sentence() { "." } else { "" };
    if COUNTED_NOUNS.contains(&name) {
        return Some(format!("{name} {}{ends}", de_cardinal(value)));
    }
    let stem = de_ordinal_stem(value);
    let stem = format!("{}{}", stem[..1].to_uppercase(), &stem[1..]);
    let name_ctx = Context { text: ctx.text, start: ctx.start, end: ctx.start };
    let (article, ending) = match name_ctx.previous_word().as_str() {
        "von" | "mit" | "bei" | "nach" | "zu" | "aus" | "dem" | "seit" | "unter" | "gegenüber" => ("dem", "en"),
        "des" => ("des", "en"),
        "den" | "an" | "für" | "gegen" | "ohne" | "um" | "durch" => ("den", "en"),
        _ => ("der", "e"),
    };
    Some(format!("{name} {article} {stem}{ending}{ends}"))
}

/// "der 3. Platz" -> "der dritte Platz", "zum 5. Mal" -> "zum fünften Mal".
fn ordinal_after_article(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || !ctx.after().is_some_and(char::is_alphabetic) {
        return None;
    }
    let ending = match ctx.previous_word().as_str() {
        "der" | "die" | "das" => "e",
        "dem" | "den" | "des" | "am" | "im" | "vom" | "zum" | "beim" | "zur" | "ins" => "en",
        _ => return None,
    };
    let n: u64 = caps[1].parse().ok()?;
    Some(format!("{}{ending}{}", de_ordinal_stem(n), &caps[2]))
}

/// "Hauptstr." -> "Hauptstraße".
fn street(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let point = if ctx.ends_sentence() { "." } else { "" };
    Some(format!("{}straße{point}", &caps[1]))
}

/// Written form, spoken form, and whether it usually ends a sentence (then a following
/// capital means a new sentence and the point stays; German nouns make this a guess, so
/// only for the few that mostly come last).
const ABBREVIATIONS: &[(&str, &str, bool)] = &[
    ("z. B.", "zum Beispiel", false),
    ("z.B.", "zum Beispiel", false),
    ("u. a.", "unter anderem", false),
    ("u.a.", "unter anderem", false),
    ("d. h.", "das heißt", false),
    ("d.h.", "das heißt", false),
    ("z. T.", "zum Teil", false),
    ("z.T.", "zum Teil", false),
    ("o. Ä.", "oder Ähnliches", true),
    ("o.Ä.", "oder Ähnliches", true),
    ("i. d. R.", "in der Regel", false),
    ("z. Hd.", "zu Händen", false),
    ("v. Chr.", "vor Christus", true),
    ("n. Chr.", "nach Christus", true),
    ("e. V.", "eingetragener Verein", true),
    ("bzw.", "beziehungsweise", false),
    ("usw.", "und so weiter", true),
    ("etc.", "et cetera", true),
    ("ca.", "circa", false),
    ("Dr.", "Doktor", false),
    ("Prof.", "Professor", false),
    ("Nr.", "Nummer", false),
    ("inkl.", "inklusive", false),
    ("exkl.", "exklusive", false),
    ("zzgl.", "zuzüglich", false),
    ("ggf.", "gegebenenfalls", false),
    ("evtl.", "eventuell", false),
    ("bzgl.", "bezüglich", false),
    ("bspw.", "beispielsweise", false),
    ("vgl.", "vergleiche", false),
    ("Vgl.", "Vergleiche", false),
    ("p. P.", "pro Person", true),
    ("ggü.", "gegenüber", false),
    ("Str.", "Straße", true),
    ("Mio.", "Millionen", false),
    ("Mrd.", "Milliarden", false),
    ("Tel.", "Telefon", false),
    ("Abs.", "Absatz", false),
    ("Abb.", "Abbildung", false),
    ("Jh.", "Jahrhundert", false),
    ("MwSt.", "Mehrwertsteuer", true),
    ("Hr.", "Herr", false),
    ("Fr.", "Frau", false),
    ("S.", "Seite", false),
    ("GmbH", "Ge Em Be Ha", false),
    ("AG", "A Ge", false),
    ("KG", "Ka Ge", false),
];

fn abbreviation_pattern() -> String {
    ABBREVIATIONS.iter().map(|(written, _, _)| regex::escape(written)).collect::<Vec<_>>().join("|")
}

fn abbreviation(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let written = &caps[0];
    let (_, spoken, can_end) = ABBREVIATIONS.iter().find(|(w, _, _)| *w == written)?;
    // "S." is "Seite" only before a page number.
    if written == "S." && !ctx.text[ctx.end..].trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let point = if *can_end && written.ends_with('.') && ctx.ends_sentence() { "." } else { "" };
    Some(format!("{spoken}{point}"))
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
];

fn number(caps: &Captures, ctx: &Context) -> Option<String> {
    let text = &caps[0];
    if glued(ctx) || (text.starts_with('-') && ctx.before().is_some_and(|c| !c.is_whitespace() && c != '(')) {
        return None;
    }
    let plain_year = text.len() == 4 && text.chars().all(|c| c.is_ascii_digit());
    // 1100-1999 without a noun after it is a year ("1786 in Potsdam", "1920 gebaut");
    // before a noun it counts something ("1500 Einträge").
    let before_noun = ctx.text[ctx.end..].trim_start().starts_with(char::is_uppercase);
    if plain_year && (YEAR_WORDS.contains(&ctx.previous_word().as_str()) || !before_noun) {
        return Some(de_year(text.parse().ok()?));
    }
    spoken_number(text, None)
}

fn symbol(caps: &Captures, ctx: &Context) -> Option<String> {
    if ctx.before().is_some_and(char::is_alphanumeric) && &caps[0] != "%" {
        return None;
    }
    Some(
        match &caps[0] {
            "€" => "Euro",
            "$" => "Dollar",
            "£" => "Pfund",
            "%" => "Prozent",
            "&" => "und",
            _ => "Paragraf",
        }
        .into(),
    )
}
