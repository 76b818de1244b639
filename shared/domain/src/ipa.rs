//! Phonetic spellings (IPA) of dictionary entries: which strings are accepted, and how a
//! German IPA spelling becomes eSpeak NG's own phoneme mnemonics (`[[ʃtɪm]]` is not
//! understood, `[[StIm]]` is). Google takes IPA as it is (SSML `<phoneme>`); engines
//! that take none speak the entry's written form.

/// Longest IPA spelling of one entry.
pub const MAX_CHARS: usize = 200;

/// Letters and marks of the IPA as entries use them (the IPA extensions block, the
/// Latin letters it borrows, length, stress, syllable and tie marks, combining
/// diacritics), spaces between words.
fn is_ipa_char(c: char) -> bool {
    c.is_ascii_lowercase()
        || matches!(c, ' ' | '.' | 'ː' | 'ˑ' | 'ˈ' | 'ˌ' | '‿' | 'ç' | 'ð' | 'ø' | 'œ' | 'æ' | 'ħ' | 'β' | 'θ' | 'χ')
        || ('\u{0250}'..='\u{02AF}').contains(&c) // IPA extensions
        || ('\u{0300}'..='\u{036F}').contains(&c) // combining diacritics (nasal, syllabic, tie)
}

/// Why `ipa` is not a phonetic spelling, if it is not one (German message).
pub fn check(ipa: &str) -> Result<(), String> {
    if ipa.chars().count() > MAX_CHARS {
        return Err(format!("Die Lautschrift darf höchstens {MAX_CHARS} Zeichen lang sein."));
    }
    match ipa.chars().find(|&c| !is_ipa_char(c)) {
        None => Ok(()),
        Some('/' | '[' | ']') => {
            Err("Bitte die Lautschrift ohne Schrägstriche oder Klammern eingeben, z. B. ˈʃtɪmvɛʁk.".into())
        }
        Some(c) => Err(format!("„{c}“ ist kein Zeichen des Internationalen Phonetischen Alphabets (IPA).")),
    }
}

/// IPA symbols and their eSpeak NG German mnemonics, longest first (so "aɪ" is one
/// diphthong, not "a" then "ɪ"). Read off eSpeak's own transcriptions (`espeak-ng -v de -x`).
const GERMAN: &[(&str, &str)] = &[
    ("t͡ʃ", "tS"),
    ("d͡ʒ", "dZ"),
    ("t͡s", "ts"),
    ("p͡f", "pF"),
    ("aɪ̯", "aI"),
    ("aʊ̯", "aU"),
    ("ɔʏ̯", "OY"),
    ("ɔɪ̯", "OY"),
    ("tʃ", "tS"),
    ("dʒ", "dZ"),
    ("ts", "ts"),
    ("pf", "pF"),
    ("aɪ", "aI"),
    ("aʊ", "aU"),
    ("ɔʏ", "OY"),
    ("ɔɪ", "OY"),
    ("aː", "A:"),
    ("ɑː", "A:"),
    ("ɛː", "E:"),
    ("eː", "e:"),
    ("iː", "i:"),
    ("oː", "o:"),
    ("uː", "u:"),
    ("yː", "y:"),
    ("øː", "Y:"),
    ("ɐ̯", "3"),
    ("ɐ", "3"),
    ("a", "a"),
    ("ɑ", "a"),
    ("ɛ", "E"),
    ("e", "e"),
    ("ə", "@"),
    ("ɪ", "I"),
    ("i", "i"),
    ("ɔ", "O"),
    ("o", "o"),
    ("ʊ", "U"),
    ("u", "u"),
    ("ʏ", "y"),
    ("y", "y"),
    ("œ", "W"),
    ("ø", "Y"),
    ("p", "p"),
    ("b", "b"),
    ("t", "t"),
    ("d", "d"),
    ("k", "k"),
    ("g", "g"),
    ("ɡ", "g"),
    ("f", "f"),
    ("v", "v"),
    ("s", "s"),
    ("z", "z"),
    ("ʃ", "S"),
    ("ʒ", "Z"),
    ("ç", "C"),
    ("x", "x"),
    ("χ", "x"),
    ("h", "h"),
    ("m", "m"),
    ("n", "n"),
    ("ŋ", "N"),
    ("l", "l"),
    ("j", "j"),
    ("ʁ", "R"),
    ("ʀ", "R"),
    ("r", "r"),
    ("ɾ", "r"),
    ("ʔ", "?"),
    ("ˈ", "'"),
    ("ˌ", ","),
    ("ː", ":"),
    (" ", " "),
    // Syllable marks, half length and the syllabic mark under n or l: no sound of their own.
    (".", ""),
    ("ˑ", ""),
    ("\u{0329}", ""),
    ("\u{032F}", ""),
];

/// eSpeak NG's phoneme mnemonics for a German IPA spelling, or None when it holds a sound
/// German eSpeak has no phoneme for (then the written form is spoken instead).
pub fn to_espeak_german(ipa: &str) -> Option<String> {
    let mut out = String::with_capacity(ipa.len());
    let mut rest = ipa.trim();
    while !rest.is_empty() {
        let (symbol, mnemonic) = GERMAN.iter().find(|(symbol, _)| rest.starts_with(symbol))?;
        out.push_str(mnemonic);
        rest = &rest[symbol.len()..];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phonetic_spellings_are_accepted_and_other_text_is_refused_in_german() {
        assert_eq!(check("ˈʃtɪmvɛʁk"), Ok(()));
        assert_eq!(check("ˈkɔmpjuːtɐ ɡəˈʃpʁɛːç"), Ok(()));
        assert_eq!(check("ʃɑ̃ˈpaɲə"), Ok(()));
        assert!(check("/ˈʃtɪm/").unwrap_err().contains("ohne Schrägstriche"));
        assert!(check("Schtimmwerk").unwrap_err().contains("„S“ ist kein Zeichen"));
        assert!(check("<phoneme>").is_err());
        assert!(check(&"a".repeat(201)).is_err());
    }

    /// The mnemonics are the ones eSpeak itself writes for these words (`espeak-ng -v de -x`).
    #[test]
    fn german_ipa_becomes_the_mnemonics_espeak_writes_itself() {
        let cases = [
            ("ˈʃtɪmvɛʁk", "'StImvERk"),
            ("ˈɡœtɐ", "'gWt3"),
            ("ˈkɛːzə", "'kE:z@"),
            ("haʊ̯s", "haUs"),
            ("ˈhɔʏtə", "'hOYt@"),
            ("ˈzɪŋən", "'zIN@n"),
            ("ʔɪç", "?IC"),
            ("bax", "bax"),
            ("t͡saːl", "tsA:l"),
            ("pfeːɐ̯t", "pFe:3t"),
            ("ˈhʏtə", "'hyt@"),
            ("øːl", "Y:l"),
            ("ˈt͡ʃɛçə", "'tSEC@"),
            ("ˈd͡ʒʊŋl̩", "'dZUNl"),
            ("ɡaˈʁaːʒə", "ga'RA:Z@"),
        ];
        for (ipa, espeak) in cases {
            assert_eq!(to_espeak_german(ipa).as_deref(), Some(espeak), "{ipa}");
        }
    }

    #[test]
    fn a_sound_german_espeak_lacks_leaves_the_written_form() {
        assert_eq!(to_espeak_german("θɪŋk"), None);
        assert_eq!(to_espeak_german("ʃɑ̃"), None);
    }
}
