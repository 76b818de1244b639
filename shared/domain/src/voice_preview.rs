//! A voice's "Hörprobe": the sentence each language's voices speak as their preview, and
//! what the rendered audio depends on. The sentence shows what a listener judges a voice
//! by (a greeting, a number, a date, a question's melody), short enough to render in a
//! second on the local engine.

/// Bumped when the way previews are rendered changes, so every voice renders anew.
const RENDERING: u32 = 1;

/// The preview sentence of a language code (`de-DE`, `en-US`, ...): by its language part,
/// German for a language without its own.
pub fn sentence(language: &str) -> &'static str {
    match language.split('-').next().unwrap_or_default() {
        "en" => {
            "Hello, this is how I sound. On 3 May at 9:30 I will read your text clearly and naturally. Shall we begin?"
        }
        "es" => "Hola, así suena mi voz. El 3 de mayo a las 9:30 leeré su texto de forma clara y natural. ¿Empezamos?",
        "fr" => {
            "Bonjour, voici ma voix. Le 3 mai à 9 h 30, je lirai votre texte de façon claire et naturelle. On commence ?"
        }
        "pt" => {
            "Olá, é assim que eu soo. No dia 3 de maio, às 9h30, vou ler o seu texto de forma clara e natural. Vamos começar?"
        }
        _ => {
            "Hallo, so klingt meine Stimme. Am 3. Mai um 9:30 Uhr lese ich Ihren Text klar und natürlich vor. Wollen wir anfangen?"
        }
    }
}

/// Everything the rendered preview depends on, as one line: the same line means the
/// stored audio is still this voice's preview.
pub fn fingerprint_input(provider: &str, provider_voice: &str, language: &str) -> String {
    format!("{RENDERING}\n{provider}\n{provider_voice}\n{language}\n{}", sentence(language))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_reads_its_own_sentence_and_others_read_german() {
        assert!(sentence("de-DE").starts_with("Hallo, so klingt"));
        assert!(sentence("en-US").starts_with("Hello"));
        assert!(sentence("pt-BR").starts_with("Olá"));
        assert_eq!(sentence("it-IT"), sentence("de-DE"));
    }

    #[test]
    fn a_changed_provider_voice_changes_the_fingerprint() {
        let a = fingerprint_input("local", "de+m3", "de-DE");
        assert_eq!(a, fingerprint_input("local", "de+m3", "de-DE"));
        assert_ne!(a, fingerprint_input("local", "de+f2", "de-DE"));
        assert_ne!(a, fingerprint_input("google", "de+m3", "de-DE"));
    }

    #[test]
    fn every_sentence_stays_short_enough_to_render_at_once() {
        for language in ["de-DE", "en-US", "es-ES", "fr-FR", "pt-PT"] {
            assert!(sentence(language).chars().count() <= 120, "{language}");
        }
    }
}
