//! The grammar core of the German reading: case, gender and number, decided once from
//! the words around a number, and the adjective endings that follow from them. Ordinals,
//! Roman numerals, dates, units and money all ask here ("am 3. Mai": dative after a
//! definite article, weak ending "-en"; "ein 3. Versuch": mixed, "-er").

use super::lexicon;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Nominative,
    Genitive,
    Dative,
    Accusative,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Masculine,
    Feminine,
    Neuter,
}

/// Which determiner stands before the adjective (it decides the declension).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Determiner {
    /// der, die, das, dieser, jeder, and the fused prepositions (am, zum, ins, ...):
    /// weak declension.
    Definite,
    /// ein, kein, mein, unser, ...: mixed declension.
    Indefinite,
    /// None: strong declension.
    None,
}

/// What the words before a position say about it: the case (when they show it), the
/// determiner, and the gender and number the determiner shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Context {
    pub case: Option<Case>,
    pub determiner: Determiner,
    pub gender: Option<Gender>,
    pub plural: bool,
}

impl Context {
    const NONE: Context = Context { case: None, determiner: Determiner::None, gender: None, plural: false };
}

/// The case a preposition asks for; two-way prepositions (an, in, auf, ...) are taken as
/// dative, the usual reading before dates and ordinals ("in der 3. Runde").
pub fn preposition_case(word: &str) -> Option<Case> {
    Some(match word {
        "aus" | "bei" | "mit" | "nach" | "seit" | "von" | "zu" | "gegenüber" | "außer" | "entgegen" | "gemäß"
        | "samt" | "nebst" | "zufolge" | "an" | "auf" | "in" | "über" | "unter" | "vor" | "hinter" | "neben"
        | "zwischen" | "ab" => Case::Dative,
        "durch" | "für" | "gegen" | "ohne" | "um" | "bis" | "wider" => Case::Accusative,
        "wegen" | "während" | "trotz" | "statt" | "anstatt" | "innerhalb" | "außerhalb" | "aufgrund" | "anlässlich"
        | "mangels" | "zwecks" => Case::Genitive,
        _ => return None,
    })
}

/// Reads the word right before a position (lower case) as a determiner or preposition.
/// `noun`: the gender of the noun after the position, when known; it settles what the
/// article leaves open ("der" is nominative masculine or dative feminine).
pub fn context(word: &str, noun: Option<Gender>) -> Context {
    use Case::*;
    use Gender::*;
    let definite =
        |case, gender, plural| Context { case: Some(case), determiner: Determiner::Definite, gender, plural };
    let indefinite =
        |case, gender| Context { case: Some(case), determiner: Determiner::Indefinite, gender, plural: false };
    match word {
        // Fused prepositions: a preposition with a definite article.
        "am" | "im" | "vom" | "zum" | "beim" => definite(Dative, noun.filter(|g| *g != Feminine), false),
        "zur" => definite(Dative, Some(Feminine), false),
        "ins" | "ans" | "aufs" | "fürs" | "ums" | "übers" | "durchs" => definite(Accusative, Some(Neuter), false),
        "der" | "dieser" | "jener" | "jeder" | "welcher" => match noun {
            Some(Feminine) => definite(Dative, Some(Feminine), false),
            Some(Neuter) => definite(Genitive, None, true),
            _ => definite(Nominative, Some(Masculine), false),
        },
        "die" | "diese" | "jene" | "jede" | "welche" => definite(Nominative, Some(Feminine), false),
        "das" | "dieses" | "jenes" | "jedes" | "welches" => definite(Nominative, Some(Neuter), false),
        "dem" | "diesem" | "jenem" | "jedem" | "welchem" => definite(Dative, noun.filter(|g| *g != Feminine), false),
        "den" | "diesen" | "jenen" | "jeden" | "welchen" => definite(Accusative, Some(Masculine), false),
        "des" => definite(Genitive, None, false),
        _ => match possessive_ending(word) {
            Some("") => match noun {
                Some(Neuter) => indefinite(Nominative, Some(Neuter)),
                _ => indefinite(Nominative, Some(Masculine)),
            },
            Some("e") => indefinite(Nominative, Some(Feminine)),
            Some("en") => indefinite(Accusative, Some(Masculine)),
            Some("em") => indefinite(Dative, None),
            Some("er") => indefinite(Dative, Some(Feminine)),
            Some("es") => indefinite(Genitive, None),
            _ => match preposition_case(word) {
                Some(case) => Context { case: Some(case), ..Context::NONE },
                None => Context::NONE,
            },
        },
    }
}

/// "ein", "einem", "keinen", "meiner", "unseres" -> the ending after the stem.
fn possessive_ending(word: &str) -> Option<&str> {
    ["ein", "kein", "mein", "dein", "sein", "ihr", "unser", "euer", "eur"]
        .iter()
        .filter_map(|stem| word.strip_prefix(stem))
        .find(|ending| ["", "e", "en", "em", "er", "es"].contains(ending))
}

/// The adjective ending in `context` before a noun of `gender` (the noun's own gender
/// when the article does not show one; masculine when nothing is known).
pub fn adjective_ending(context: Context, gender: Option<Gender>) -> &'static str {
    use Case::*;
    use Gender::*;
    let case = context.case.unwrap_or(Nominative);
    let gender = context.gender.or(gender).unwrap_or(Masculine);
    if context.plural {
        return match context.determiner {
            Determiner::None => match case {
                Nominative | Accusative => "e",
                Dative => "en",
                Genitive => "er",
            },
            _ => "en",
        };
    }
    match context.determiner {
        Determiner::Definite => match (case, gender) {
            (Nominative, _) | (Accusative, Feminine | Neuter) => "e",
            _ => "en",
        },
        Determiner::Indefinite => match (case, gender) {
            (Nominative, Masculine) => "er",
            (Nominative | Accusative, Neuter) => "es",
            (Nominative | Accusative, Feminine) => "e",
            _ => "en",
        },
        Determiner::None => match (case, gender) {
            (Nominative, Masculine) => "er",
            (Nominative | Accusative, Feminine) => "e",
            (Nominative | Accusative, Neuter) => "es",
            (Accusative, Masculine) | (Genitive, Masculine | Neuter) => "en",
            (Dative, Masculine | Neuter) => "em",
            (Dative | Genitive, Feminine) => "er",
        },
    }
}

/// The definite article of `case` and `gender` (singular), for names with a Roman
/// numeral ("Ludwig dem Vierzehnten").
pub fn article(case: Case, gender: Gender) -> &'static str {
    use Case::*;
    use Gender::*;
    match (case, gender) {
        (Nominative, Masculine) => "der",
        (Nominative | Accusative, Feminine) => "die",
        (Nominative | Accusative, Neuter) => "das",
        (Accusative, Masculine) => "den",
        (Dative, Masculine | Neuter) => "dem",
        (Dative | Genitive, Feminine) => "der",
        (Genitive, Masculine | Neuter) => "des",
    }
}

/// "1" before a noun of `gender` in `case`: the indefinite article's form ("mit einem
/// Hund", "für eine Woche", "in einem Jahr").
pub fn one_before_noun(case: Case, gender: Gender) -> &'static str {
    use Case::*;
    use Gender::*;
    match (case, gender) {
        (Nominative, Masculine | Neuter) | (Accusative, Neuter) => "ein",
        (Nominative | Accusative, Feminine) => "eine",
        (Accusative, Masculine) => "einen",
        (Dative, Masculine | Neuter) => "einem",
        (Dative | Genitive, Feminine) => "einer",
        (Genitive, Masculine | Neuter) => "eines",
    }
}

/// Whether the noun that starts `rest` is a plural the lexicon recognises ("Klassen").
pub fn plural_after(rest: &str) -> bool {
    let word: String = rest.trim_start().chars().take_while(|c| c.is_alphabetic()).collect();
    word.starts_with(char::is_uppercase) && lexicon::is_plural(&word)
}

/// The gender of the noun that starts `rest` (the text after a number), if it is one
/// the lexicon knows or its ending tells.
pub fn noun_after(rest: &str) -> Option<Gender> {
    let word: String = rest.trim_start().chars().take_while(|c| c.is_alphabetic() || *c == '-').collect();
    if !word.starts_with(char::is_uppercase) {
        return None;
    }
    lexicon::gender(&word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending(word: &str, noun: Gender) -> &'static str {
        adjective_ending(context(word, Some(noun)), Some(noun))
    }

    #[test]
    fn weak_after_a_definite_article_mixed_after_an_indefinite_strong_alone() {
        use Gender::*;
        assert_eq!(ending("der", Masculine), "e"); // der dritte Platz
        assert_eq!(ending("am", Masculine), "en"); // am dritten Mai
        assert_eq!(ending("zur", Feminine), "en"); // zur dritten Runde
        assert_eq!(ending("ins", Neuter), "e"); // ins dritte Jahr
        assert_eq!(ending("den", Masculine), "en"); // den dritten Platz
        assert_eq!(ending("ein", Masculine), "er"); // ein dritter Versuch
        assert_eq!(ending("ein", Neuter), "es"); // ein drittes Mal
        assert_eq!(ending("eine", Feminine), "e"); // eine zweite Chance
        assert_eq!(ending("einem", Masculine), "en"); // in einem dritten Schritt
        assert_eq!(ending("", Masculine), "er"); // dritter Platz
        assert_eq!(ending("", Feminine), "e"); // zweite Auflage
        assert_eq!(ending("", Neuter), "es"); // fünftes Jahr
        assert_eq!(ending("der", Feminine), "en"); // in der dritten Runde
    }

    #[test]
    fn prepositions_give_their_case() {
        assert_eq!(preposition_case("mit"), Some(Case::Dative));
        assert_eq!(preposition_case("für"), Some(Case::Accusative));
        assert_eq!(preposition_case("wegen"), Some(Case::Genitive));
        assert_eq!(article(Case::Dative, Gender::Masculine), "dem");
    }
}
