//! What each engine makes of spoken text (`domain::spoken`): pauses, emphasis and
//! phonetic spellings in the input syntax the provider understands, or plain words where
//! it understands none. A pause an engine cannot take inline becomes silence in the
//! audio path (`synthesis`), so `[pause 500ms]` works the same on every engine.

use domain::ipa;
use domain::spoken::{Inline, Spoken};

/// The input syntax of one engine (and voice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markup {
    /// Words only (OpenAI, Gemini, Replicate, Google's Chirp 3 HD voices).
    Plain,
    /// Google Cloud TTS SSML: `<break>`, `<emphasis>`, `<phoneme alphabet="ipa">`.
    GoogleSsml,
    /// eSpeak NG with SSML input (`-m`): `<break>`, `<emphasis>`, and for German voices
    /// phonemes as eSpeak mnemonics in `[[…]]`.
    Espeak,
    /// ElevenLabs' break tag in the text, up to 3 s; emphasis and IPA are not taken for
    /// German.
    ElevenLabs,
    /// Murf's `[pause 1s]`, from 0.1 to 5 s (IPA goes in the request's dictionary).
    Murf,
}

impl Markup {
    /// Longest pause the engine takes inside one request (0: none; pauses are silence).
    pub fn max_break_ms(self) -> u32 {
        match self {
            Markup::Plain => 0,
            Markup::GoogleSsml | Markup::Espeak => 10_000,
            Markup::ElevenLabs => 3_000,
            Markup::Murf => 5_000,
        }
    }

    /// The engine's input for `spoken`, in a voice of `language`.
    pub fn render(self, spoken: &Spoken, language: &str) -> String {
        match self {
            Markup::Plain => spoken.plain(),
            Markup::GoogleSsml => ssml(spoken, false, |out, spoken, ipa| {
                out.push_str(&format!(r#"<phoneme alphabet="ipa" ph="{}">{}</phoneme>"#, escape(ipa), escape(spoken)));
            }),
            Markup::Espeak => {
                let german = language.to_ascii_lowercase().starts_with("de");
                ssml(spoken, true, |out, spoken, ipa| match ipa::to_espeak_german(ipa).filter(|_| german) {
                    Some(phonemes) => out.push_str(&format!("[[{phonemes}]]")),
                    None => out.push_str(&escape(spoken)),
                })
                // eSpeak reads a tag right after phonemes as words ("speak"): keep them apart.
                .replace("]]<", "]] <")
            }
            Markup::ElevenLabs => inline_pauses(spoken, |ms| format!(r#"<break time="{}s" />"#, seconds(ms))),
            Markup::Murf => inline_pauses(spoken, |ms| format!("[pause {}s]", seconds(ms.max(100)))),
        }
    }
}

/// "1.5" for 1500 ms, "0.25" for 250 ms.
fn seconds(ms: u32) -> String {
    let text = format!("{:.3}", ms as f64 / 1000.0);
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// `<speak>…</speak>` with breaks and emphases; terms with IPA as `phoneme` writes them.
fn ssml(spoken: &Spoken, espeak: bool, phoneme: impl Fn(&mut String, &str, &str)) -> String {
    let mut out = String::from("<speak>");
    for inline in spoken.inlines() {
        match inline {
            Inline::Text(text) | Inline::Term { spoken: text, ipa: None } => out.push_str(&escape(text)),
            Inline::Term { spoken, ipa: Some(ipa) } => phoneme(&mut out, spoken, ipa),
            Inline::Emphasis(text) => out.push_str(&format!(r#"<emphasis level="strong">{}</emphasis>"#, escape(text))),
            Inline::Break(ms) => out.push_str(&format!(r#"<break time="{ms}ms"/>"#)),
            // eSpeak tells where its words are; Google would need `enableTimePointing`.
            Inline::Mark(n) if espeak => out.push_str(&format!(r#"<mark name="{n}"/>"#)),
            Inline::Mark(_) => {}
        }
    }
    out.push_str("</speak>");
    out
}

/// Plain words with each pause written as `pause` makes it.
fn inline_pauses(spoken: &Spoken, pause: impl Fn(u32) -> String) -> String {
    let mut out = String::new();
    for inline in spoken.inlines() {
        match inline {
            Inline::Text(text) | Inline::Emphasis(text) | Inline::Term { spoken: text, .. } => out.push_str(text),
            Inline::Break(ms) => {
                let spaced = !out.is_empty() && !out.ends_with(' ');
                out.push_str(&format!("{}{} ", if spaced { " " } else { "" }, pause(*ms)));
            }
            Inline::Mark(_) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Die *neue* Stimmwerk-App. [pause 700ms] Jetzt & hier." after the dictionary.
    fn sample() -> Spoken {
        let mut spoken = Spoken::text("Die ");
        spoken.push(Inline::Emphasis("neue".into()));
        spoken.push(Inline::Text(" ".into()));
        spoken.push(Inline::Term { spoken: "Schtimmwerk".into(), ipa: Some("ˈʃtɪmvɛʁk".into()) });
        spoken.push(Inline::Text("-App.".into()));
        spoken.join(Inline::Break(700), Spoken::text("Jetzt & hier."))
    }

    #[test]
    fn google_gets_ssml_with_break_emphasis_and_ipa() {
        assert_eq!(
            Markup::GoogleSsml.render(&sample(), "de-DE"),
            r#"<speak>Die <emphasis level="strong">neue</emphasis> <phoneme alphabet="ipa" ph="ˈʃtɪmvɛʁk">Schtimmwerk</phoneme>-App.<break time="700ms"/>Jetzt &amp; hier.</speak>"#
        );
    }

    #[test]
    fn espeak_gets_ssml_with_its_own_phonemes_for_german_voices() {
        assert_eq!(
            Markup::Espeak.render(&sample(), "de-DE"),
            r#"<speak>Die <emphasis level="strong">neue</emphasis> [['StImvERk]]-App.<break time="700ms"/>Jetzt &amp; hier.</speak>"#
        );
        let mut last = Spoken::text("Ein Wort: ");
        last.push(Inline::Term { spoken: "Haus".into(), ipa: Some("haʊs".into()) });
        assert_eq!(Markup::Espeak.render(&last, "de-DE"), "<speak>Ein Wort: [[haUs]] </speak>");
        // German phonemes would sound wrong in another language: the written form instead.
        assert!(Markup::Espeak.render(&sample(), "en-GB").contains(" Schtimmwerk-App."));
    }

    #[test]
    fn elevenlabs_and_murf_get_their_pause_syntax_and_the_words() {
        assert_eq!(
            Markup::ElevenLabs.render(&sample(), "de-DE"),
            r#"Die neue Schtimmwerk-App. <break time="0.7s" /> Jetzt & hier."#
        );
        assert_eq!(Markup::Murf.render(&sample(), "de-DE"), "Die neue Schtimmwerk-App. [pause 0.7s] Jetzt & hier.");
        assert_eq!(Markup::Plain.render(&sample(), "de-DE"), "Die neue Schtimmwerk-App. Jetzt & hier.");
    }

    #[test]
    fn pause_lengths_are_written_in_seconds_without_trailing_zeros() {
        assert_eq!(seconds(1500), "1.5");
        assert_eq!(seconds(250), "0.25");
        assert_eq!(seconds(3000), "3");
    }
}
