//! What a text may make, and what it costs: the one rule that keeps what a user pays for
//! and what the system spends (provider characters, audio seconds, CPU, memory, storage)
//! bounded by the same quantity.
//!
//! The price counts characters, but engines speak the text as the reading writes it out:
//! the dictionary's spellings, numbers and dates in words, pauses as silence. A short
//! dictionary term spoken as a long phrase, or a text of pause markers, would otherwise
//! buy far more audio than it pays for. So:
//! - a text is measured as it will be spoken ([`measure`]): its spoken characters (the
//!   dictionary applied, the rest normalised, as `text_to_mp3` plans it) and its pauses;
//! - it is charged for [`SpeechSize::billable_chars`]: the typed characters, or half the
//!   spoken ones when the reading more than doubles the text (tables of numbers, long
//!   dictionary phrases), so a paid character is never spoken as more than two;
//! - a text whose spoken form or pauses exceed the caps is refused ([`SpeechSize::check`]);
//! - one dictionary entry may expand its term only so far ([`check_entry_expansion`]);
//! - whoever synthesizes checks again against what was paid ([`spoken_allowance`]), since
//!   the dictionary may have changed since, and stops audio that runs longer than the
//!   spoken text can take ([`max_audio_seconds`]).

use crate::Invalid;
use crate::dictionary::{self, Entry};
use crate::markup;
use crate::money::CHARS_PER_CENT;
use crate::text::MAX_GENERATION_CHARS;

/// Spoken characters one paid character may become.
pub const SPOKEN_PER_PAID_CHAR: usize = 2;
/// Most characters one text may be spoken as: what its longest typed form may pay for.
pub const MAX_SPOKEN_CHARS: usize = MAX_GENERATION_CHARS * SPOKEN_PER_PAID_CHAR;
/// Most marked pause one text may ask for, all markers together.
pub const MAX_PAUSES_MS: u64 = 60_000;
/// Audio seconds one spoken character may take at most: four characters a second, well
/// below the slowest voice at its slowest rate (eSpeak NG at 0.7: about ten).
pub const MAX_SECONDS_PER_SPOKEN_CHAR: f64 = 0.25;
/// Audio seconds one request to an engine may take beyond its characters (a breath, the
/// silence some engines leave at the edges before it is trimmed).
pub const SECONDS_PER_REQUEST: f64 = 2.0;
/// A dictionary spelling may be this many times its term, plus [`ENTRY_EXTRA_CHARS`]:
/// "KI" as "Künstliche Intelligenz", "DSGVO" as "Datenschutz-Grundverordnung" fit,
/// a two-letter term spoken as a paragraph does not.
pub const ENTRY_EXPANSION: usize = 4;
pub const ENTRY_EXTRA_CHARS: usize = 24;

/// A text as it will be spoken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SpeechSize {
    /// Characters as typed (what the price list counts).
    pub typed: usize,
    /// Characters the engines are sent, the dictionary applied and the rest written out.
    pub spoken: usize,
    /// Marked pauses, all together.
    pub pause_ms: u64,
}

impl SpeechSize {
    /// The characters charged: the typed ones, or half the spoken ones where the reading
    /// more than doubles the text.
    pub fn billable_chars(&self) -> usize {
        self.typed.max(self.spoken.div_ceil(SPOKEN_PER_PAID_CHAR))
    }

    /// Refuses a text that would be spoken longer, or pause longer, than one text may.
    pub fn check(&self) -> Result<(), Invalid> {
        if self.spoken > MAX_SPOKEN_CHARS {
            return Err(Invalid {
                title: "Text zu lang",
                message: format!(
                    "Mit Wörterbuch und ausgeschriebenen Zahlen würde der Text {} Zeichen lang gesprochen; höchstens {} sind möglich. Bitte kürzen Sie ihn.",
                    crate::caps::thousands(self.spoken as i64),
                    crate::caps::thousands(MAX_SPOKEN_CHARS as i64)
                ),
                fields: [(
                    "text",
                    format!("Gesprochen höchstens {} Zeichen.", crate::caps::thousands(MAX_SPOKEN_CHARS as i64)),
                )]
                .into(),
            });
        }
        if self.pause_ms > MAX_PAUSES_MS {
            return Err(Invalid {
                title: "Zu viele Pausen",
                message: format!(
                    "Die Pausen eines Textes dürfen zusammen höchstens {} Sekunden lang sein (angefragt: {}).",
                    MAX_PAUSES_MS / 1000,
                    seconds_in_german(self.pause_ms)
                ),
                fields: [("text", format!("Pausen zusammen höchstens {} Sekunden.", MAX_PAUSES_MS / 1000))].into(),
            });
        }
        Ok(())
    }
}

/// "83 Minuten", "75 Sekunden".
fn seconds_in_german(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    if seconds >= 120 { format!("{} Minuten", seconds.div_ceil(60)) } else { format!("{seconds} Sekunden") }
}

/// The text as it will be spoken: segment by segment around its pause markers, each
/// with the dictionary applied and the rest normalised, as the planner reads it. CPU work
/// that grows with the text and the entries: call it off the async threads.
pub fn measure(text: &str, entries: &[Entry], language: &str) -> SpeechSize {
    let mut size = SpeechSize { typed: text.chars().count(), ..SpeechSize::default() };
    for segment in markup::segments(text) {
        size.spoken += dictionary::speak(&segment.text, entries, language).plain().chars().count();
        size.pause_ms += segment.pause_after_ms as u64;
    }
    size
}

/// Spoken characters a synthesis may send for what was charged (`cost_cent`).
pub fn spoken_allowance(cost_cent: i64) -> usize {
    (cost_cent.max(0) as usize).saturating_mul(CHARS_PER_CENT as usize).saturating_mul(SPOKEN_PER_PAID_CHAR)
}

/// Longest audio the planned requests may make: their spoken characters at the slowest
/// plausible pace, a margin per request, and the pauses planned between them. An engine
/// that answers with more is broken or abused; the synthesis stops there.
pub fn max_audio_seconds(spoken_chars: usize, requests: usize, pauses_ms: u64) -> f64 {
    spoken_chars as f64 * MAX_SECONDS_PER_SPOKEN_CHAR
        + requests as f64 * SECONDS_PER_REQUEST
        + pauses_ms as f64 / 1000.0
}

/// Refuses a dictionary spelling that makes its term much longer than a spelling needs.
pub fn check_entry_expansion(term: &str, spoken: &str) -> Result<(), Invalid> {
    let most = term.chars().count() * ENTRY_EXPANSION + ENTRY_EXTRA_CHARS;
    if spoken.chars().count() > most {
        return Err(Invalid::field(
            "spoken",
            format!(
                "Die Aussprache darf höchstens {most} Zeichen lang sein ({ENTRY_EXPANSION}-mal der Begriff und {ENTRY_EXTRA_CHARS} Zeichen)."
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(term: &str, spoken: &str) -> Entry {
        Entry { term: term.into(), spoken: spoken.into(), ipa: None, whole_word: true, case_sensitive: false }
    }

    #[test]
    fn ordinary_text_is_charged_as_typed() {
        let size = measure("Am 3. Mai kostet es 12,50 €. Danach nicht mehr.", &[], "de-DE");
        assert!(size.spoken > size.typed, "{size:?}");
        assert_eq!(size.billable_chars(), size.typed);
        assert!(size.check().is_ok());
    }

    /// The review's case: a two-character term spoken as two hundred characters made
    /// 99 typed characters into 450 s of audio for 10 cents.
    #[test]
    fn a_long_dictionary_spelling_is_charged_by_what_is_spoken() {
        let long = "x".repeat(200);
        let text = vec!["ab"; 33].join(" ");
        let size = measure(&text, &[entry("ab", &long)], "de-DE");
        assert_eq!(size.typed, 98);
        assert!(size.spoken >= 33 * 200, "{size:?}");
        assert_eq!(size.billable_chars(), size.spoken.div_ceil(2));
        assert!(size.billable_chars() * SPOKEN_PER_PAID_CHAR >= size.spoken);
    }

    #[test]
    fn a_text_spoken_longer_than_the_cap_is_refused_in_german() {
        let text = vec!["ab"; 1500].join(" ");
        let size = measure(&text, &[entry("ab", "ein sehr langer Ausdruck")], "de-DE");
        let refusal = size.check().unwrap_err();
        assert!(refusal.message.contains("10.000"), "{}", refusal.message);
    }

    /// 5,000 characters of `[pause 10]` gave 83 minutes of silence.
    #[test]
    fn pauses_beyond_a_minute_per_text_are_refused() {
        let text = "[pause 10] ".repeat(454);
        let size = measure(&format!("Hallo {text} Ende"), &[], "de-DE");
        assert!(size.pause_ms > MAX_PAUSES_MS);
        let refusal = size.check().unwrap_err();
        assert!(refusal.message.contains("höchstens 60 Sekunden"), "{}", refusal.message);
        assert!(measure("Eins [pause 10s] zwei [pause 10s] drei.", &[], "de-DE").check().is_ok());
    }

    #[test]
    fn what_was_paid_bounds_what_may_be_spoken_and_heard() {
        assert_eq!(spoken_allowance(10), 200);
        assert_eq!(spoken_allowance(-3), 0);
        let seconds = max_audio_seconds(200, 1, 0);
        assert!((50.0..=53.0).contains(&seconds), "{seconds}");
    }

    #[test]
    fn a_spelling_may_expand_its_term_only_so_far() {
        assert!(check_entry_expansion("KI", "Künstliche Intelligenz").is_ok());
        assert!(check_entry_expansion("DSGVO", "Datenschutz-Grundverordnung").is_ok());
        assert!(check_entry_expansion("ab", &"x".repeat(200)).is_err());
        assert!(check_entry_expansion("ab", &"x".repeat(32)).is_ok());
        assert!(check_entry_expansion("ab", &"x".repeat(33)).is_err());
    }
}
