//! The words the German reading needs to know: months, weekdays, the gender of nouns
//! that follow ordinals and numbers, and the nouns that count with a Roman numeral.

use super::grammar::Gender;

pub const MONTHS: [&str; 12] = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];

/// Written month abbreviations (with their point) and the month's number.
pub const MONTH_ABBREVIATIONS: &[(&str, u32)] = &[
    ("Jan.", 1),
    ("Feb.", 2),
    ("Febr.", 2),
    ("Mär.", 3),
    ("Mrz.", 3),
    ("Apr.", 4),
    ("Jun.", 6),
    ("Jul.", 7),
    ("Aug.", 8),
    ("Sep.", 9),
    ("Sept.", 9),
    ("Okt.", 10),
    ("Nov.", 11),
    ("Dez.", 12),
];

pub const WEEKDAYS: &[(&str, &str)] = &[
    ("Mo.", "Montag"),
    ("Di.", "Dienstag"),
    ("Mi.", "Mittwoch"),
    ("Do.", "Donnerstag"),
    ("Fr.", "Freitag"),
    ("Sa.", "Samstag"),
    ("So.", "Sonntag"),
];

/// A month's number by its name or abbreviation ("März", "Dez.").
pub fn month(word: &str) -> Option<u32> {
    MONTHS
        .iter()
        .position(|m| *m == word)
        .map(|i| i as u32 + 1)
        .or_else(|| MONTH_ABBREVIATIONS.iter().find(|(w, _)| *w == word).map(|(_, n)| *n))
}

/// Nouns that count with a Roman numeral or a number after them ("Teil II" is "Teil
/// zwei", "Band 3" is "Band drei"), not a ruler's ordinal.
pub const COUNTED_NOUNS: &[&str] = &[
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
    "Episode",
    "Tabelle",
    "Abbildung",
    "Anhang",
    "Schritt",
    "Gruppe",
    "Zimmer",
    "Raum",
    "Halle",
    "Gleis",
    "Platz",
    "Tor",
    "Block",
    "Version",
];

/// Nouns that often follow an ordinal, with their gender.
const NOUNS: &[(&str, Gender)] = {
    use Gender::*;
    &[
        ("Platz", Masculine),
        ("Mal", Neuter),
        ("Stock", Masculine),
        ("Klasse", Feminine),
        ("Auflage", Feminine),
        ("Jahr", Neuter),
        ("Jahrhundert", Neuter),
        ("Jahrtausend", Neuter),
        ("Jahrzehnt", Neuter),
        ("Tag", Masculine),
        ("Woche", Feminine),
        ("Monat", Masculine),
        ("Quartal", Neuter),
        ("Halbjahr", Neuter),
        ("Semester", Neuter),
        ("Schuljahr", Neuter),
        ("Lebensjahr", Neuter),
        ("Geschäftsjahr", Neuter),
        ("Runde", Feminine),
        ("Versuch", Masculine),
        ("Anlauf", Masculine),
        ("Preis", Masculine),
        ("Geburtstag", Masculine),
        ("Hochzeitstag", Masculine),
        ("Jahrestag", Masculine),
        ("Todestag", Masculine),
        ("Jubiläum", Neuter),
        ("Kapitel", Neuter),
        ("Etage", Feminine),
        ("Obergeschoss", Neuter),
        ("Stelle", Feminine),
        ("Liga", Feminine),
        ("Spieltag", Masculine),
        ("Person", Feminine),
        ("Satz", Masculine),
        ("Absatz", Masculine),
        ("Teil", Masculine),
        ("Band", Masculine),
        ("Akt", Masculine),
        ("Schritt", Masculine),
        ("Rang", Masculine),
        ("Lauf", Masculine),
        ("Durchgang", Masculine),
        ("Wahlgang", Masculine),
        ("Ausgabe", Feminine),
        ("Staffel", Feminine),
        ("Folge", Feminine),
        ("Episode", Feminine),
        ("Saison", Feminine),
        ("Generation", Feminine),
        ("Welle", Feminine),
        ("Sitzung", Feminine),
        ("Lesung", Feminine),
        ("Reihe", Feminine),
        ("Tor", Neuter),
        ("Spiel", Neuter),
        ("Rennen", Neuter),
        ("Kind", Neuter),
        ("Gebot", Neuter),
        ("Buch", Neuter),
        ("Level", Neuter),
        ("Album", Neuter),
        ("Stockwerk", Neuter),
        ("Haus", Neuter),
        ("Zimmer", Neuter),
        ("Gleis", Neuter),
        ("Mitglied", Neuter),
        ("Treffen", Neuter),
        ("Konzert", Neuter),
        ("Turnier", Neuter),
        ("Festival", Neuter),
        ("Kongress", Masculine),
        ("Gipfel", Masculine),
        ("Parteitag", Masculine),
        ("Advent", Masculine),
        ("Sonntag", Masculine),
        ("Weltkrieg", Masculine),
        ("Bezirk", Masculine),
        ("Abschnitt", Masculine),
        ("Artikel", Masculine),
        ("Paragraf", Masculine),
        ("Entwurf", Masculine),
        ("Anhang", Masculine),
        ("Sieg", Masculine),
        ("Titel", Masculine),
        ("Termin", Masculine),
        ("Zug", Masculine),
        ("Gang", Masculine),
        ("Stufe", Feminine),
        ("Phase", Feminine),
        ("Anlage", Feminine),
        ("Fassung", Feminine),
        ("Version", Feminine),
        ("Amtszeit", Feminine),
        ("Legislaturperiode", Feminine),
        ("Halbzeit", Feminine),
        ("Minute", Feminine),
        ("Stunde", Feminine),
        ("Sekunde", Feminine),
        ("Mahnung", Feminine),
        ("Rate", Feminine),
        ("Dimension", Feminine),
        ("Strophe", Feminine),
        ("Zeile", Feminine),
        ("Seite", Feminine),
        ("Tabelle", Feminine),
        ("Abbildung", Feminine),
        ("Gruppe", Feminine),
        ("Halle", Feminine),
        ("Bundesliga", Feminine),
        ("Chance", Feminine),
        ("Frau", Feminine),
        ("Mann", Masculine),
        ("Sohn", Masculine),
        ("Tochter", Feminine),
        // Nouns whose ending misleads the guess below.
        ("Kaffee", Masculine),
        ("Tee", Masculine),
        ("See", Masculine),
        ("Schnee", Masculine),
        ("Käse", Masculine),
        ("Name", Masculine),
        ("Kunde", Masculine),
        ("Junge", Masculine),
        ("Löwe", Masculine),
        ("Ende", Neuter),
        ("Auge", Neuter),
        ("Gebäude", Neuter),
        ("Interesse", Neuter),
        ("Erbe", Neuter),
        ("Getreide", Neuter),
        ("Benzin", Neuter),
        ("Magazin", Neuter),
        // Abbreviations of such nouns, as written before their point.
        ("Jh", Neuter),
        ("Jhd", Neuter),
        ("Jhdt", Neuter),
        ("Aufl", Feminine),
        ("Kl", Feminine),
        ("Bd", Masculine),
        ("Kap", Neuter),
        ("Abs", Masculine),
    ]
};

/// Whether `rest` starts with a noun that often follows an ordinal (a listed noun, a
/// month, or a compound ending in one: "Tabellenplatz").
pub fn is_ordinal_noun(rest: &str) -> bool {
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    if word.is_empty() {
        return false;
    }
    let lower = word.to_lowercase();
    month(&word).is_some()
        || month(&format!("{word}.")).is_some()
        || NOUNS.iter().any(|(n, _)| *n == word || (n.len() > 3 && lower.ends_with(&n.to_lowercase())))
}

/// The listed noun a plural form belongs to ("Klassen" -> "Klasse", "Plätze" -> "Platz").
fn singular_of(word: &str) -> Option<&'static str> {
    let plain = |w: &str| w.replace('ä', "a").replace('ö', "o").replace('ü', "u");
    ["en", "n", "e", "er", "s"].iter().find_map(|ending| {
        let stem = word.strip_suffix(ending)?;
        NOUNS.iter().find(|(n, _)| *n == stem || (stem != plain(stem) && *n == plain(stem))).map(|(n, _)| *n)
    })
}

/// Whether `word` is the plural of a listed noun ("Klassen", "Plätze").
pub fn is_plural(word: &str) -> bool {
    !NOUNS.iter().any(|(n, _)| *n == word) && singular_of(word).is_some()
}

/// Female names that rulers carry with a numeral ("Elisabeth II." -> "die Zweite").
const FEMALE_RULERS: &[&str] = &[
    "Elisabeth",
    "Katharina",
    "Margrethe",
    "Maria",
    "Victoria",
    "Viktoria",
    "Isabella",
    "Johanna",
    "Anna",
    "Christina",
    "Beatrix",
    "Juliana",
    "Wilhelmina",
    "Luise",
    "Mathilde",
    "Theresia",
    "Eleonore",
    "Sophie",
    "Charlotte",
    "Adelheid",
    "Irene",
    "Olga",
    "Alexandra",
    "Margarete",
    "Margareta",
    "Kunigunde",
    "Agnes",
];

/// Whether a ruler's name (nominative or genitive with -s) is a woman's.
pub fn female_ruler(name: &str) -> bool {
    FEMALE_RULERS.contains(&name) || name.strip_suffix('s').is_some_and(|n| FEMALE_RULERS.contains(&n))
}

/// Titles before a ruler's name ("Papst Johannes XXIII." is nominative, not genitive).
pub const TITLES: &[&str] = &[
    "Papst",
    "König",
    "Königin",
    "Kaiser",
    "Kaiserin",
    "Zar",
    "Zarin",
    "Fürst",
    "Fürstin",
    "Herzog",
    "Herzogin",
    "Graf",
    "Gräfin",
    "Prinz",
    "Prinzessin",
    "Sultan",
    "Kurfürst",
    "Markgraf",
    "Landgraf",
    "Pharao",
];

/// A noun's gender: from the list, else from endings that decide it (-ung, -heit,
/// -keit, -schaft, -ion, -tät: feminine; -chen, -lein, -ment, -um: neuter); the last
/// part of a compound decides ("Quartalsbericht" like "Bericht").
pub fn gender(noun: &str) -> Option<Gender> {
    if let Some((_, g)) = NOUNS.iter().find(|(n, _)| *n == noun) {
        return Some(*g);
    }
    if let Some(singular) = singular_of(noun) {
        return gender(singular);
    }
    if MONTHS.contains(&noun) || WEEKDAYS.iter().any(|(_, day)| *day == noun) {
        return Some(Gender::Masculine);
    }
    let lower = noun.to_lowercase();
    // The longest listed noun that ends the compound.
    if let Some((_, g)) = NOUNS
        .iter()
        .filter(|(n, _)| lower.len() > n.len() && lower.ends_with(&n.to_lowercase()))
        .max_by_key(|(n, _)| n.len())
    {
        return Some(*g);
    }
    const FEMININE: &[&str] = &[
        "ung",
        "heit",
        "keit",
        "schaft",
        "ion",
        "tät",
        "ik",
        "enz",
        "anz",
        "ie",
        "ur",
        "in",
        "e",
        "sicht",
        "schrift",
        "kraft",
        "zeit",
        "fahrt",
        "kunft",
        "nacht",
        "macht",
        "nachricht",
    ];
    const NEUTER: &[&str] = &["chen", "lein", "ment", "um", "tum", "nis"];
    if FEMININE.iter().any(|e| lower.ends_with(e)) {
        Some(Gender::Feminine)
    } else if NEUTER.iter().any(|e| lower.ends_with(e)) {
        Some(Gender::Neuter)
    } else {
        None
    }
}

/// German letter names, for what is spelled ("ADAC" -> "A De A Ce").
pub fn letter_name(c: char) -> Option<&'static str> {
    Some(match c.to_ascii_uppercase() {
        'A' => "A",
        'B' => "Be",
        'C' => "Ce",
        'D' => "De",
        'E' => "E",
        'F' => "Ef",
        'G' => "Ge",
        'H' => "Ha",
        'I' => "I",
        'J' => "Jott",
        'K' => "Ka",
        'L' => "El",
        'M' => "Em",
        'N' => "En",
        'O' => "O",
        'P' => "Pe",
        'Q' => "Ku",
        'R' => "Er",
        'S' => "Es",
        'T' => "Te",
        'U' => "U",
        'V' => "Vau",
        'W' => "We",
        'X' => "Ix",
        'Y' => "Ypsilon",
        'Z' => "Zett",
        _ => match c {
            'Ä' | 'ä' => "Ä",
            'Ö' | 'ö' => "Ö",
            'Ü' | 'ü' => "Ü",
            _ => return None,
        },
    })
}

/// A word spelled by its letter names, digits one by one.
pub fn spell(word: &str) -> String {
    word.chars()
        .filter_map(|c| match c.to_digit(10) {
            Some(d) => Some(super::super::numbers::DE_ONES[d as usize]),
            None => letter_name(c),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn genders_come_from_the_list_the_compound_and_the_ending() {
        assert_eq!(gender("Platz"), Some(Gender::Masculine));
        assert_eq!(gender("Tabellenplatz"), Some(Gender::Masculine));
        assert_eq!(gender("Ausstellung"), Some(Gender::Feminine));
        assert_eq!(gender("Mai"), Some(Gender::Masculine));
        assert_eq!(gender("Bäumchen"), Some(Gender::Neuter));
        assert_eq!(month("Dez."), Some(12));
        assert_eq!(spell("ADAC"), "A De A Ce");
    }
}
