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
    /// Google Cloud TTS SSML: `<break>`, `<emphasis>`, `<phoneme alphabet="ipa">`, and
    /// `<mark name="n"/>` before sentence n, whose time Google reports (`enableTimePointing`).
    GoogleSsml,
    /// eSpeak NG with SSML input (`-m`): `<break>`, `<emphasis>`, `<mark name="n"/>`, and
    /// for German voices phonemes as eSpeak mnemonics in `[[…]]`.
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
        self.render_with_marks(spoken, language).0
    }

    /// [`Markup::render`], and where each sentence mark (`Inline::Mark(n)`) stands in the
    /// input: `(n, byte offset)`. The SSML markups also carry the mark as a tag; for the
    /// others the offset is the only trace, from which an engine that reports when each
    /// character is spoken (ElevenLabs) finds when the sentence starts.
    pub fn render_with_marks(self, spoken: &Spoken, language: &str) -> (String, Vec<(u32, usize)>) {
        match self {
            // Pauses are silence made by the audio path; in the words, a space.
            Markup::Plain => inline_pauses(spoken, |_| None),
            Markup::GoogleSsml => with_ssml_marks(ssml(spoken, |out, spoken, ipa| {
                out.push_str(&format!(r#"<phoneme alphabet="ipa" ph="{}">{}</phoneme>"#, escape(ipa), escape(spoken)));
            })),
            Markup::Espeak => {
                let german = language.to_ascii_lowercase().starts_with("de");
                let text = ssml(spoken, |out, spoken, ipa| match ipa::to_espeak_german(ipa).filter(|_| german) {
                    Some(phonemes) => out.push_str(&format!("[[{phonemes}]]")),
                    None => out.push_str(&escape(spoken)),
                });
                // eSpeak reads a tag right after phonemes as words ("speak"): keep them apart.
                with_ssml_marks(text.replace("]]<", "]] <"))
            }
            Markup::ElevenLabs => inline_pauses(spoken, |ms| Some(format!(r#"<break time="{}s" />"#, seconds(ms)))),
            Markup::Murf => inline_pauses(spoken, |ms| Some(format!("[pause {}s]", seconds(ms.max(100))))),
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

/// `<speak>…</speak>` with breaks, emphases and marks; terms with IPA as `phoneme` writes
/// them. The marks' names are the sentence numbers (eSpeak and Google report them by name).
fn ssml(spoken: &Spoken, phoneme: impl Fn(&mut String, &str, &str)) -> String {
    let mut out = String::from("<speak>");
    for inline in spoken.inlines() {
        match inline {
            Inline::Text(text) | Inline::Term { spoken: text, ipa: None } => out.push_str(&escape(text)),
            Inline::Term { spoken, ipa: Some(ipa) } => phoneme(&mut out, spoken, ipa),
            Inline::Emphasis(text) => out.push_str(&format!(r#"<emphasis level="strong">{}</emphasis>"#, escape(text))),
            Inline::Break(ms) => out.push_str(&format!(r#"<break time="{ms}ms"/>"#)),
            Inline::Mark(n) => out.push_str(&format!(r#"<mark name="{n}"/>"#)),
        }
    }
    out.push_str("</speak>");
    out
}

/// The SSML text with where each of its `<mark name="n"/>` stands (byte offset of the tag),
/// read from the finished text: whatever was rewritten after the tags were written counts.
fn with_ssml_marks(text: String) -> (String, Vec<(u32, usize)>) {
    const OPEN: &str = r#"<mark name=""#;
    let marks = text
        .match_indices(OPEN)
        .filter_map(|(at, _)| {
            let name = &text[at + OPEN.len()..];
            Some((name[..name.find('"')?].parse().ok()?, at))
        })
        .collect();
    (text, marks)
}

/// Plain words with each pause written as `pause` makes it (`None`: a space, as
/// [`Spoken::plain`] writes it), and where each mark stands.
fn inline_pauses(spoken: &Spoken, pause: impl Fn(u32) -> Option<String>) -> (String, Vec<(u32, usize)>) {
    let mut out = String::new();
    let mut marks = Vec::new();
    for inline in spoken.inlines() {
        match inline {
            Inline::Text(text) | Inline::Emphasis(text) | Inline::Term { spoken: text, .. } => out.push_str(text),
            Inline::Break(ms) => match pause(*ms) {
                Some(pause) => {
                    let spaced = !out.is_empty() && !out.ends_with(' ');
                    out.push_str(&format!("{}{pause} ", if spaced { " " } else { "" }));
                }
                None if out.ends_with(char::is_whitespace) => {}
                None => out.push(' '),
            },
            Inline::Mark(n) => marks.push((*n, out.len())),
        }
    }
    (out, marks)
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

    /// Two sentences as the planner hands them over, each after its mark.
    fn marked() -> Spoken {
        let mut first = Spoken::default();
        first.push(Inline::Mark(3));
        first.push(Inline::Text("Guten Tag.".into()));
        let mut second = Spoken::default();
        second.push(Inline::Mark(4));
        second.push(Inline::Emphasis("Wie".into()));
        second.push(Inline::Text(" geht's?".into()));
        first.join(Inline::Break(700), second)
    }

    /// Google and eSpeak report a mark's time by its name, the sentence's number; the
    /// other engines get no tag, but the place where the sentence starts is kept.
    #[test]
    fn each_markup_tells_where_every_sentence_mark_stands() {
        for markup in [Markup::GoogleSsml, Markup::Espeak] {
            let (text, marks) = markup.render_with_marks(&marked(), "de-DE");
            assert!(
                text.starts_with(r#"<speak><mark name="3"/>Guten Tag.<break time="700ms"/><mark name="4"/>"#),
                "{text}"
            );
            let tags: Vec<&str> = marks.iter().map(|&(_, at)| &text[at..at + 16]).collect();
            assert_eq!(tags, [r#"<mark name="3"/>"#, r#"<mark name="4"/>"#]);
        }
        for (markup, expected) in [
            (Markup::ElevenLabs, r#"Guten Tag. <break time="0.7s" /> Wie geht's?"#),
            (Markup::Murf, "Guten Tag. [pause 0.7s] Wie geht's?"),
            (Markup::Plain, "Guten Tag. Wie geht's?"),
        ] {
            let (text, marks) = markup.render_with_marks(&marked(), "de-DE");
            assert_eq!(text, expected);
            assert_eq!(
                marks.iter().map(|&(n, at)| (n, &text[at..at + 3])).collect::<Vec<_>>(),
                [(3, "Gut"), (4, "Wie")]
            );
            assert_eq!(markup.render(&marked(), "de-DE"), text);
        }
    }

    #[test]
    fn pause_lengths_are_written_in_seconds_without_trailing_zeros() {
        assert_eq!(seconds(1500), "1.5");
        assert_eq!(seconds(250), "0.25");
        assert_eq!(seconds(3000), "3");
    }
}
