//! Every collection a user can grow has a cap, so one free account cannot fill the
//! database or make per-user work (the dictionary applied to every text, a list read on
//! every page) grow without bound. `docs/security.md` lists them; the web app shows the
//! German message when one is reached.

/// A per-owner collection with a cap. The owner is a user, or (for the admin-kept global
/// entries) nobody.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    DictionaryEntries,
    Categories,
    Tags,
    ApiKeys,
    VoiceClones,
}

impl Collection {
    /// The most one owner may hold (API keys: `api.max_keys_per_user`, default 10).
    pub const fn cap(self) -> i64 {
        match self {
            Collection::DictionaryEntries => 2_000,
            Collection::Categories => 500,
            Collection::Tags => 1_000,
            Collection::ApiKeys => 10,
            Collection::VoiceClones => 25,
        }
    }

    /// The name of the advisory lock that serialises adds of one owner.
    pub const fn as_str(self) -> &'static str {
        match self {
            Collection::DictionaryEntries => "dictionary-entries",
            Collection::Categories => "categories",
            Collection::Tags => "tags",
            Collection::ApiKeys => "api-keys",
            Collection::VoiceClones => "voice-clones",
        }
    }

    /// The field a form shows the refusal at.
    pub const fn field(self) -> &'static str {
        match self {
            Collection::DictionaryEntries => "term",
            Collection::Categories | Collection::Tags | Collection::ApiKeys => "name",
            Collection::VoiceClones => "name",
        }
    }

    /// The German refusal once `cap` is reached.
    pub fn refusal(self, cap: i64) -> String {
        let cap = thousands(cap);
        match self {
            Collection::DictionaryEntries => format!(
                "Das Wörterbuch hat die Höchstzahl von {cap} Einträgen erreicht. Bitte löschen Sie zuerst Einträge, die Sie nicht mehr brauchen."
            ),
            Collection::Categories => {
                format!("Sie haben die Höchstzahl von {cap} Kategorien erreicht. Bitte löschen Sie zuerst eine.")
            }
            Collection::Tags => {
                format!("Sie haben die Höchstzahl von {cap} Tags erreicht. Bitte löschen Sie zuerst einen.")
            }
            Collection::ApiKeys => {
                format!("Sie haben bereits {cap} aktive Schlüssel. Bitte widerrufen Sie zuerst einen davon.")
            }
            Collection::VoiceClones => {
                format!("Sie haben die Höchstzahl von {cap} eigenen Stimmen erreicht. Bitte löschen Sie zuerst eine.")
            }
        }
    }
}

/// 2000 as "2.000", as German writes it.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dictionary_cap_is_two_thousand_and_says_so_in_german() {
        assert_eq!(Collection::DictionaryEntries.cap(), 2_000);
        assert!(Collection::DictionaryEntries.refusal(2_000).contains("Höchstzahl von 2.000 Einträgen"));
    }

    #[test]
    fn caps_are_written_with_german_thousands_separators() {
        assert_eq!(thousands(10), "10");
        assert_eq!(thousands(1_000), "1.000");
        assert_eq!(thousands(1_234_567), "1.234.567");
    }
}
