//! Measures: a number, then the unit's name (SI names and prefixes, powers, quotients,
//! temperatures, imperial units, data), in the singular after exactly 1 and with the
//! unit's gender ("ein Meter", "eine Stunde"), in the plural otherwise.

use std::sync::LazyLock;

use regex::Captures;

use super::grammar::Gender;
use super::{UNSIGNED, glued_start, spoken_number};
use crate::normalize::{Context, Rule};

/// A unit's singular and plural name and its gender.
#[derive(Debug, Clone)]
struct Unit {
    singular: String,
    plural: String,
    gender: Gender,
}

impl Unit {
    fn new(singular: &str, plural: &str, gender: Gender) -> Self {
        Unit { singular: singular.into(), plural: plural.into(), gender }
    }
}

/// Base units that take SI prefixes: symbol, singular, plural, gender.
const BASES: &[(&str, &str, &str, Gender)] = {
    use Gender::*;
    &[
        ("m", "Meter", "Meter", Masculine),
        ("g", "Gramm", "Gramm", Neuter),
        ("s", "Sekunde", "Sekunden", Feminine),
        ("l", "Liter", "Liter", Masculine),
        ("L", "Liter", "Liter", Masculine),
        ("Wh", "Wattstunde", "Wattstunden", Feminine),
        ("W", "Watt", "Watt", Neuter),
        ("V", "Volt", "Volt", Neuter),
        ("A", "Ampere", "Ampere", Neuter),
        ("Hz", "Hertz", "Hertz", Neuter),
        ("B", "Byte", "Byte", Neuter),
        ("bit", "Bit", "Bit", Neuter),
        ("Pa", "Pascal", "Pascal", Neuter),
        ("J", "Joule", "Joule", Neuter),
        ("N", "Newton", "Newton", Neuter),
        ("mol", "Mol", "Mol", Neuter),
        ("cd", "Candela", "Candela", Feminine),
        ("K", "Kelvin", "Kelvin", Neuter),
        ("bar", "Bar", "Bar", Neuter),
        ("t", "Tonne", "Tonnen", Feminine),
        ("cal", "Kalorie", "Kalorien", Feminine),
    ]
};

const PREFIXES: &[(&str, &str)] = &[
    ("p", "Piko"),
    ("n", "Nano"),
    ("µ", "Mikro"),
    ("μ", "Mikro"),
    ("u", "Mikro"),
    ("m", "Milli"),
    ("c", "Zenti"),
    ("d", "Dezi"),
    ("h", "Hekto"),
    ("k", "Kilo"),
    ("K", "Kilo"),
    ("M", "Mega"),
    ("G", "Giga"),
    ("T", "Tera"),
];

/// Bare symbols that are no unit ("u" is only the typed stand-in for "µ").
const NOT_BARE: &[&str] = &["u", "cal"];

/// Units without prefixes, and the prefixed forms that do not follow the pattern.
fn specials() -> Vec<(&'static str, Unit)> {
    use Gender::*;
    vec![
        ("h", Unit::new("Stunde", "Stunden", Feminine)),
        ("Std.", Unit::new("Stunde", "Stunden", Feminine)),
        ("min", Unit::new("Minute", "Minuten", Feminine)),
        ("Min.", Unit::new("Minute", "Minuten", Feminine)),
        ("Sek.", Unit::new("Sekunde", "Sekunden", Feminine)),
        ("°C", Unit::new("Grad Celsius", "Grad Celsius", Neuter)),
        ("° C", Unit::new("Grad Celsius", "Grad Celsius", Neuter)),
        ("°F", Unit::new("Grad Fahrenheit", "Grad Fahrenheit", Neuter)),
        ("°", Unit::new("Grad", "Grad", Neuter)),
        ("qm", Unit::new("Quadratmeter", "Quadratmeter", Masculine)),
        ("ha", Unit::new("Hektar", "Hektar", Masculine)),
        ("ft", Unit::new("Fuß", "Fuß", Masculine)),
        ("mi", Unit::new("Meile", "Meilen", Feminine)),
        ("mph", Unit::new("Meile pro Stunde", "Meilen pro Stunde", Feminine)),
        ("lb", Unit::new("Pfund", "Pfund", Neuter)),
        ("lbs", Unit::new("Pfund", "Pfund", Neuter)),
        ("oz", Unit::new("Unze", "Unzen", Feminine)),
        ("gal", Unit::new("Gallone", "Gallonen", Feminine)),
        ("\"", Unit::new("Zoll", "Zoll", Masculine)),
        ("PS", Unit::new("PS", "PS", Neuter)),
        ("kcal", Unit::new("Kilokalorie", "Kilokalorien", Feminine)),
        ("dB", Unit::new("Dezibel", "Dezibel", Neuter)),
        ("mmHg", Unit::new("Millimeter Quecksilbersäule", "Millimeter Quecksilbersäule", Masculine)),
        ("mAh", Unit::new("Milliamperestunde", "Milliamperestunden", Feminine)),
        ("Ah", Unit::new("Amperestunde", "Amperestunden", Feminine)),
        ("Nm", Unit::new("Newtonmeter", "Newtonmeter", Masculine)),
        ("in.", Unit::new("Zoll", "Zoll", Masculine)),
    ]
}

/// Every unit symbol the reading knows, longest first (the regex takes the first that
/// fits).
static UNITS: LazyLock<Vec<(String, Unit)>> = LazyLock::new(|| {
    let mut units: Vec<(String, Unit)> = Vec::new();
    for (symbol, singular, plural, gender) in BASES {
        if !NOT_BARE.contains(symbol) {
            units.push((symbol.to_string(), Unit::new(singular, plural, *gender)));
        }
        for (prefix, name) in PREFIXES {
            // Only the prefixes in use with each base ("kB" and "KB", not "Kg").
            if *prefix == "K" && *symbol != "B" {
                continue;
            }
            if *symbol == "t" || *symbol == "cal" && *prefix != "k" {
                continue;
            }
            let lower = |s: &str| format!("{name}{}", s.to_lowercase());
            units.push((format!("{prefix}{symbol}"), Unit::new(&lower(singular), &lower(plural), *gender)));
        }
    }
    units.extend(specials().into_iter().map(|(s, u)| (s.to_owned(), u)));
    // Powers of lengths: "km²", "m³", "cm^2".
    let lengths: Vec<(String, Unit)> =
        units.iter().filter(|(_, u)| u.singular.to_lowercase().ends_with("meter")).cloned().collect();
    for (symbol, unit) in lengths {
        for (power, word) in
            [("²", "Quadrat"), ("^2", "Quadrat"), ("2", "Quadrat"), ("³", "Kubik"), ("^3", "Kubik"), ("3", "Kubik")]
        {
            let name = |s: &str| format!("{word}{}", s.to_lowercase());
            units
                .push((format!("{symbol}{power}"), Unit::new(&name(&unit.singular), &name(&unit.plural), unit.gender)));
        }
    }
    units.sort_by_key(|(symbol, _)| std::cmp::Reverse(symbol.chars().count()));
    units
});

fn unit(symbol: &str) -> Option<&'static Unit> {
    UNITS.iter().find(|(s, _)| s == symbol).map(|(_, u)| u)
}

/// What may stand after "pro": a unit, a time word or a currency.
fn per(symbol: &str) -> Option<String> {
    let word = match symbol {
        "h" | "Std." | "Stunde" => "Stunde",
        "min" | "Min." => "Minute",
        "s" | "Sek." => "Sekunde",
        "d" | "Tag" => "Tag",
        "Woche" | "Wo." => "Woche",
        "Nacht" => "Nacht",
        "Monat" | "Mon." | "Mo." => "Monat",
        "Jahr" | "a" | "J." => "Jahr",
        "Person" | "P." => "Person",
        "Stück" | "Stk." => "Stück",
        "€" => "Euro",
        other => return unit(other).map(|u| u.singular.clone()),
    };
    Some(word.to_owned())
}

pub(super) fn rules() -> Vec<Rule> {
    let symbols: Vec<String> = UNITS.iter().map(|(s, _)| regex::escape(s)).collect();
    let units = symbols.join("|");
    vec![Rule::new(
        &format!(
            r"(?:([-−+]?{UNSIGNED})\s?(?:[–-]|bis)\s?)?([-−+]?{UNSIGNED})\s?({units})(?:/(Std\.|Stunde|Tag|Woche|Monat|Jahr|Nacht|Person|Stück|{units}))?"
        ),
        measure,
    )]
}

/// Money per unit, before the money rules take the amount: "5 €/Monat" -> "fünf Euro pro
/// Monat", "12 €/m²" -> "zwölf Euro pro Quadratmeter".
pub(super) fn money_per_unit() -> Vec<Rule> {
    let symbols: Vec<String> = UNITS.iter().map(|(s, _)| regex::escape(s)).collect();
    vec![Rule::new(
        &format!(
            r"([-−]?{UNSIGNED})\s?(€|EUR|Euro|\$|CHF)\s?/\s?(Std\.|Stunde|Tag|Woche|Monat|Jahr|Nacht|Person|Stück|Mon\.|Stk\.|{})",
            symbols.join("|")
        ),
        money_per,
    )]
}

fn money_per(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) || ctx.after().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let (int, decimals) = match caps[1].split_once(',') {
        Some((int, decimals)) => (int, Some(decimals)),
        None => (&caps[1], None),
    };
    let amount = super::money::spoken_amount(int, decimals, None, &caps[2])?;
    Some(format!("{amount} pro {}", per(&caps[3])?))
}

fn measure(caps: &Captures, ctx: &Context) -> Option<String> {
    if glued_start(ctx) || ctx.after().is_some_and(|c| c.is_alphanumeric() || c == '²' || c == '³') {
        return None;
    }
    let symbol = &caps[3];
    let unit = unit(symbol)?;
    // "5 m" where "m" starts a word after a space is not a unit ("5 mal").
    let to = &caps[2];
    let plural = to.trim_start_matches(['-', '−']) != "1" || caps.get(1).is_some();
    let name = if plural { &unit.plural } else { &unit.singular };
    let to_words = spoken_number(to, Some(unit.gender == Gender::Feminine))?;
    let mut out = match caps.get(1) {
        Some(from) => format!("{} bis {to_words} {name}", spoken_number(from.as_str(), Some(false))?),
        None => format!("{to_words} {name}"),
    };
    if let Some(divisor) = caps.get(4) {
        out = format!("{out} pro {}", per(divisor.as_str())?);
    }
    Some(out)
}
