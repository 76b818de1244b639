//! Number words: German cardinals, ordinals and years; cardinals of English, Spanish,
//! French and Portuguese (and English ordinals). German up to the Trillionen (10^18).

// ---- German ----

pub const DE_ONES: [&str; 20] = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
    "achtzehn",
    "neunzehn",
];
const DE_TENS: [&str; 10] =
    ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"];

/// 1..99 as part of a larger number: "ein" before "und", "eins" at the end.
fn de_below_100(n: u64) -> String {
    match n {
        0..=19 => DE_ONES[n as usize].to_owned(),
        _ if n.is_multiple_of(10) => DE_TENS[(n / 10) as usize].to_owned(),
        _ => {
            let unit = if n % 10 == 1 { "ein" } else { DE_ONES[(n % 10) as usize] };
            format!("{unit}und{}", DE_TENS[(n / 10) as usize])
        }
    }
}

/// 1..999, written together ("dreihundertfünfundzwanzig").
fn de_below_1000(n: u64) -> String {
    let hundreds = n / 100;
    let rest = n % 100;
    let mut out = String::new();
    if hundreds > 0 {
        out.push_str(if hundreds == 1 { "ein" } else { DE_ONES[hundreds as usize] });
        out.push_str("hundert");
    }
    if rest > 0 {
        out.push_str(&de_below_100(rest));
    }
    out
}

/// A German cardinal: 0 "null", 1 "eins", 21 "einundzwanzig", 1001 "eintausendeins",
/// 2 000 000 "zwei Millionen".
pub fn de_cardinal(n: u64) -> String {
    if n == 0 {
        return "null".into();
    }
    // The long scale (Duden): Million 10^6, Milliarde 10^9, Billion 10^12, Billiarde
    // 10^15, Trillion 10^18; each a noun of its own, counted by what stands before it.
    const SCALES: [(u64, &str, &str); 5] = [
        (1_000_000_000_000_000_000, "eine Trillion", "Trillionen"),
        (1_000_000_000_000_000, "eine Billiarde", "Billiarden"),
        (1_000_000_000_000, "eine Billion", "Billionen"),
        (1_000_000_000, "eine Milliarde", "Milliarden"),
        (1_000_000, "eine Million", "Millionen"),
    ];
    let mut parts: Vec<String> = Vec::new();
    for (scale, one, many) in SCALES {
        let count = (n / scale) % 1000;
        if count == 1 {
            parts.push(one.into());
        } else if count > 1 {
            parts.push(format!("{} {many}", de_with_ein(count)));
        }
    }
    let thousands = (n / 1000) % 1000;
    let rest = n % 1000;
    let mut small = String::new();
    if thousands > 0 {
        small.push_str(&if thousands == 1 { "ein".into() } else { de_with_ein(thousands) });
        small.push_str("tausend");
    }
    if rest > 0 {
        small.push_str(&de_below_1000(rest));
    }
    if !small.is_empty() {
        parts.push(small);
    }
    parts.join(" ")
}

/// A count before "tausend" or a noun: a final "eins" becomes "ein" ("einhundertein Millionen").
fn de_with_ein(n: u64) -> String {
    let words = de_below_1000(n);
    match words.strip_suffix("eins") {
        Some(head) => format!("{head}ein"),
        None => words,
    }
}

/// The cardinal before a noun: 1 is "ein" (masculine, neuter) or "eine" (feminine).
pub fn de_cardinal_before_noun(n: u64, feminine: bool) -> String {
    if n == 1 {
        return if feminine { "eine" } else { "ein" }.into();
    }
    de_cardinal(n)
}

/// The ordinal stem: 1 "erst", 3 "dritt", 7 "siebt", 8 "acht", 19 "neunzehnt",
/// 20 "zwanzigst", 101 "einhunderterst".
pub fn de_ordinal_stem(n: u64) -> String {
    let small = |k: u64| match k {
        1 => "erst".to_owned(),
        3 => "dritt".to_owned(),
        7 => "siebt".to_owned(),
        8 => "acht".to_owned(),
        _ => format!("{}t", DE_ONES[k as usize]),
    };
    match n {
        0 => "nullt".into(),
        1..=19 => small(n),
        _ if !n.is_multiple_of(100) && n % 100 < 20 && n > 100 => {
            format!("{}{}", de_cardinal(n - n % 100), small(n % 100))
        }
        _ => format!("{}st", de_cardinal(n)),
    }
}

/// A year: 1100-1999 in hundreds ("neunzehnhundertachtzig"), the rest as cardinals.
pub fn de_year(n: u64) -> String {
    if (1100..2000).contains(&n) {
        let rest = n % 100;
        let head = format!("{}hundert", de_below_100(n / 100));
        return if rest == 0 { head } else { format!("{head}{}", de_below_1000(rest)) };
    }
    de_cardinal(n)
}

/// Digits one by one ("null drei null").
pub fn de_digits(digits: &str) -> String {
    digits.chars().filter_map(|c| c.to_digit(10)).map(|d| DE_ONES[d as usize]).collect::<Vec<_>>().join(" ")
}

// ---- English ----

const EN_ONES: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const EN_TENS: [&str; 10] = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

fn en_below_1000(n: u64) -> String {
    let mut parts = Vec::new();
    if n >= 100 {
        parts.push(format!("{} hundred", EN_ONES[(n / 100) as usize]));
    }
    let rest = n % 100;
    if rest > 0 {
        parts.push(match rest {
            0..=19 => EN_ONES[rest as usize].to_owned(),
            _ if rest.is_multiple_of(10) => EN_TENS[(rest / 10) as usize].to_owned(),
            _ => format!("{}-{}", EN_TENS[(rest / 10) as usize], EN_ONES[(rest % 10) as usize]),
        });
    }
    parts.join(" ")
}

pub fn en_cardinal(n: u64) -> String {
    if n == 0 {
        return "zero".into();
    }
    let mut parts = Vec::new();
    for (scale, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1000, "thousand")] {
        let count = (n / scale) % 1000;
        if count > 0 {
            parts.push(format!("{} {name}", en_below_1000(count)));
        }
    }
    if !n.is_multiple_of(1000) {
        parts.push(en_below_1000(n % 1000));
    }
    parts.join(" ")
}

/// "first", "twenty-first", "one hundred second".
pub fn en_ordinal(n: u64) -> String {
    let words = en_cardinal(n);
    let (head, last) = match words.rfind([' ', '-']) {
        Some(i) => words.split_at(i + 1),
        None => ("", words.as_str()),
    };
    let last = match last {
        "one" => "first".to_owned(),
        "two" => "second".to_owned(),
        "three" => "third".to_owned(),
        "five" => "fifth".to_owned(),
        "eight" => "eighth".to_owned(),
        "nine" => "ninth".to_owned(),
        "twelve" => "twelfth".to_owned(),
        w if w.ends_with('y') => format!("{}ieth", &w[..w.len() - 1]),
        w => format!("{w}th"),
    };
    format!("{head}{last}")
}

/// A year as said in English: 2026 "twenty twenty-six", 2005 "two thousand five", 1999
/// "nineteen ninety-nine".
pub fn en_year(n: u64) -> String {
    match n {
        2000..=2009 => en_cardinal(n),
        1100..=2099 if n.is_multiple_of(100) => format!("{} hundred", en_below_1000(n / 100)),
        1100..=2099 if n % 100 < 10 => format!("{} oh {}", en_below_1000(n / 100), EN_ONES[(n % 100) as usize]),
        1100..=2099 => format!("{} {}", en_below_1000(n / 100), en_below_1000(n % 100)),
        _ => en_cardinal(n),
    }
}

pub const EN_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

// ---- Spanish ----

const ES_ONES: [&str; 30] = [
    "cero",
    "uno",
    "dos",
    "tres",
    "cuatro",
    "cinco",
    "seis",
    "siete",
    "ocho",
    "nueve",
    "diez",
    "once",
    "doce",
    "trece",
    "catorce",
    "quince",
    "dieciséis",
    "diecisiete",
    "dieciocho",
    "diecinueve",
    "veinte",
    "veintiuno",
    "veintidós",
    "veintitrés",
    "veinticuatro",
    "veinticinco",
    "veintiséis",
    "veintisiete",
    "veintiocho",
    "veintinueve",
];
const ES_TENS: [&str; 10] =
    ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const ES_HUNDREDS: [&str; 10] = [
    "",
    "ciento",
    "doscientos",
    "trescientos",
    "cuatrocientos",
    "quinientos",
    "seiscientos",
    "setecientos",
    "ochocientos",
    "novecientos",
];

fn es_below_1000(n: u64) -> String {
    if n == 100 {
        return "cien".into();
    }
    let mut parts = Vec::new();
    if n >= 100 {
        parts.push(ES_HUNDREDS[(n / 100) as usize].to_owned());
    }
    let rest = n % 100;
    if rest > 0 {
        parts.push(match rest {
            0..=29 => ES_ONES[rest as usize].to_owned(),
            _ if rest.is_multiple_of(10) => ES_TENS[(rest / 10) as usize].to_owned(),
            _ => format!("{} y {}", ES_TENS[(rest / 10) as usize], ES_ONES[(rest % 10) as usize]),
        });
    }
    parts.join(" ")
}

pub fn es_cardinal(n: u64) -> String {
    if n == 0 {
        return "cero".into();
    }
    let millions = n / 1_000_000;
    let thousands = (n / 1000) % 1000;
    let rest = n % 1000;
    let mut parts = Vec::new();
    if millions == 1 {
        parts.push("un millón".to_owned());
    } else if millions > 1 {
        parts.push(format!("{} millones", es_apocope(&es_cardinal(millions))));
    }
    if thousands == 1 {
        parts.push("mil".into());
    } else if thousands > 1 {
        parts.push(format!("{} mil", es_apocope(&es_below_1000(thousands))));
    }
    if rest > 0 {
        parts.push(es_below_1000(rest));
    }
    parts.join(" ")
}

/// "uno" before a noun or "mil" is "un" ("veintiún mil", "un euro").
pub fn es_apocope(words: &str) -> String {
    if let Some(head) = words.strip_suffix("veintiuno") {
        format!("{head}veintiún")
    } else if let Some(head) = words.strip_suffix("uno") {
        format!("{head}un")
    } else {
        words.to_owned()
    }
}

pub const ES_MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

// ---- French ----

const FR_ONES: [&str; 17] = [
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize",
    "quatorze", "quinze", "seize",
];
const FR_TENS: [&str; 7] = ["", "dix", "vingt", "trente", "quarante", "cinquante", "soixante"];

fn fr_below_100(n: u64) -> String {
    match n {
        0..=16 => FR_ONES[n as usize].to_owned(),
        17..=19 => format!("dix-{}", FR_ONES[(n - 10) as usize]),
        20..=69 => {
            let (tens, unit) = (n / 10, n % 10);
            match unit {
                0 => FR_TENS[tens as usize].to_owned(),
                1 => format!("{} et un", FR_TENS[tens as usize]),
                _ => format!("{}-{}", FR_TENS[tens as usize], FR_ONES[unit as usize]),
            }
        }
        70..=79 => match n {
            71 => "soixante et onze".into(),
            _ => format!("soixante-{}", fr_below_100(n - 60)),
        },
        80 => "quatre-vingts".into(),
        _ => format!("quatre-vingt-{}", fr_below_100(n - 80)),
    }
}

fn fr_below_1000(n: u64) -> String {
    let hundreds = n / 100;
    let rest = n % 100;
    let head = match hundreds {
        0 => String::new(),
        1 => "cent".into(),
        h if rest == 0 => format!("{} cents", FR_ONES[h as usize]),
        h => format!("{} cent", FR_ONES[h as usize]),
    };
    match (head.is_empty(), rest) {
        (true, _) => fr_below_100(rest),
        (false, 0) => head,
        (false, _) => format!("{head} {}", fr_below_100(rest)),
    }
}

pub fn fr_cardinal(n: u64) -> String {
    if n == 0 {
        return "zéro".into();
    }
    let millions = n / 1_000_000;
    let thousands = (n / 1000) % 1000;
    let rest = n % 1000;
    let mut parts = Vec::new();
    if millions > 0 {
        let count = fr_cardinal(millions);
        parts.push(if millions == 1 { "un million".into() } else { format!("{count} millions") });
    }
    if thousands == 1 {
        parts.push("mille".into());
    } else if thousands > 1 {
        // "quatre-vingts" and "deux cents" lose their plural s before "mille".
        let count = fr_below_1000(thousands);
        let count =
            count.strip_suffix('s').filter(|_| count.ends_with("vingts") || count.ends_with("cents")).unwrap_or(&count);
        parts.push(format!("{count} mille"));
    }
    if rest > 0 {
        parts.push(fr_below_1000(rest));
    }
    parts.join(" ")
}

pub const FR_MONTHS: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];

// ---- Portuguese ----

const PT_ONES: [&str; 20] = [
    "zero",
    "um",
    "dois",
    "três",
    "quatro",
    "cinco",
    "seis",
    "sete",
    "oito",
    "nove",
    "dez",
    "onze",
    "doze",
    "treze",
    "catorze",
    "quinze",
    "dezesseis",
    "dezessete",
    "dezoito",
    "dezenove",
];
const PT_TENS: [&str; 10] =
    ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"];
const PT_HUNDREDS: [&str; 10] = [
    "",
    "cento",
    "duzentos",
    "trezentos",
    "quatrocentos",
    "quinhentos",
    "seiscentos",
    "setecentos",
    "oitocentos",
    "novecentos",
];

fn pt_below_1000(n: u64) -> String {
    if n == 100 {
        return "cem".into();
    }
    let mut parts = Vec::new();
    if n >= 100 {
        parts.push(PT_HUNDREDS[(n / 100) as usize].to_owned());
    }
    let rest = n % 100;
    if rest > 0 {
        parts.push(match rest {
            0..=19 => PT_ONES[rest as usize].to_owned(),
            _ if rest.is_multiple_of(10) => PT_TENS[(rest / 10) as usize].to_owned(),
            _ => format!("{} e {}", PT_TENS[(rest / 10) as usize], PT_ONES[(rest % 10) as usize]),
        });
    }
    parts.join(" e ")
}

pub fn pt_cardinal(n: u64) -> String {
    if n == 0 {
        return "zero".into();
    }
    let millions = n / 1_000_000;
    let thousands = (n / 1000) % 1000;
    let rest = n % 1000;
    let mut parts: Vec<String> = Vec::new();
    if millions == 1 {
        parts.push("um milhão".into());
    } else if millions > 1 {
        parts.push(format!("{} milhões", pt_cardinal(millions)));
    }
    if thousands == 1 {
        parts.push("mil".into());
    } else if thousands > 1 {
        parts.push(format!("{} mil", pt_below_1000(thousands)));
    }
    if rest > 0 {
        // "e" before the last group when it is under 100 or a round hundred.
        let joiner = !parts.is_empty() && (rest < 100 || rest.is_multiple_of(100));
        let words = pt_below_1000(rest);
        parts.push(if joiner { format!("e {words}") } else { words });
    }
    parts.join(" ")
}

pub const PT_MONTHS: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_cardinals() {
        let cases = [
            (0, "null"),
            (1, "eins"),
            (11, "elf"),
            (16, "sechzehn"),
            (17, "siebzehn"),
            (21, "einundzwanzig"),
            (99, "neunundneunzig"),
            (100, "einhundert"),
            (101, "einhunderteins"),
            (1000, "eintausend"),
            (1001, "eintausendeins"),
            (1234, "eintausendzweihundertvierunddreißig"),
            (21_000, "einundzwanzigtausend"),
            (1_000_000, "eine Million"),
            (2_000_000, "zwei Millionen"),
            (2_300_000, "zwei Millionen dreihunderttausend"),
            (1_500_000_000, "eine Milliarde fünfhundert Millionen"),
        ];
        for (n, words) in cases {
            assert_eq!(de_cardinal(n), words, "{n}");
        }
        assert_eq!(de_cardinal_before_noun(1, true), "eine");
        assert_eq!(de_cardinal_before_noun(1, false), "ein");
    }

    #[test]
    fn german_ordinals_and_years() {
        let cases = [
            (1, "erst"),
            (3, "dritt"),
            (7, "siebt"),
            (8, "acht"),
            (12, "zwölft"),
            (19, "neunzehnt"),
            (20, "zwanzigst"),
            (21, "einundzwanzigst"),
            (100, "einhundertst"),
            (101, "einhunderterst"),
        ];
        for (n, stem) in cases {
            assert_eq!(de_ordinal_stem(n), stem, "{n}");
        }
        assert_eq!(de_year(1980), "neunzehnhundertachtzig");
        assert_eq!(de_year(1900), "neunzehnhundert");
        assert_eq!(de_year(2026), "zweitausendsechsundzwanzig");
        assert_eq!(de_digits("030"), "null drei null");
    }

    #[test]
    fn other_languages() {
        assert_eq!(en_cardinal(1234), "one thousand two hundred thirty-four");
        assert_eq!(en_ordinal(21), "twenty-first");
        assert_eq!(en_ordinal(12), "twelfth");
        assert_eq!(en_year(2026), "twenty twenty-six");
        assert_eq!(es_cardinal(21), "veintiuno");
        assert_eq!(es_cardinal(2026), "dos mil veintiséis");
        assert_eq!(es_cardinal(21_000), "veintiún mil");
        assert_eq!(fr_cardinal(71), "soixante et onze");
        assert_eq!(fr_cardinal(80), "quatre-vingts");
        assert_eq!(fr_cardinal(99), "quatre-vingt-dix-neuf");
        assert_eq!(fr_cardinal(2026), "deux mille vingt-six");
        assert_eq!(pt_cardinal(2026), "dois mil e vinte e seis");
        assert_eq!(pt_cardinal(1234), "mil duzentos e trinta e quatro");
    }
}
