//! Timed text: when each sentence of an audio is spoken, and each word where the engine
//! tells (eSpeak NG's word events, ElevenLabs' character alignment; Google tells sentence
//! marks only). The audio path knows every part's place in the file
//! exactly (it joins them), so sentence times are measured, not guessed, wherever the
//! engine reports where a sentence starts inside a part; elsewhere a sentence's share of
//! its part follows its length, and the timeline says so (`Precision::Estimated`).
//!
//! Served as JSON, SubRip (SRT) and WebVTT. A sentence is set as cues by `cue_layout`
//! (two balanced lines of at most 42 characters, cut at clause boundaries, never inside a
//! number or a date), timed by its words where known, else by length; then each cue is
//! held into the silence after it for at least a second and, where the pause allows,
//! long enough to read at 17 characters a second.

use serde::{Deserialize, Serialize};

pub use crate::cue_layout::LINE_CHARS;
use crate::cue_layout::{self, MAX_CHARS_PER_SECOND, MAX_CUE_MS, MIN_CUE_MS};

/// How exact the sentence times are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TimingPrecision))]
pub enum Precision {
    /// Every sentence start reported by the engine (or a part of its own).
    Measured,
    /// Some sentence starts inside a part follow the sentences' lengths.
    Estimated,
}

/// One word, as the engine spoke it (numbers written out, as the normaliser made them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TimedWord))]
pub struct Word {
    pub text: String,
    pub start_ms: u32,
    pub end_ms: u32,
}

/// One sentence, as it was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TimedSentence))]
pub struct Sentence {
    pub text: String,
    pub start_ms: u32,
    pub end_ms: u32,
    /// Empty where the engine does not tell words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<Word>,
    /// The voice that speaks it, where a text is read by several (a project paragraph
    /// whose quotations characters speak); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_id: Option<uuid::Uuid>,
}

/// The timed text of one audio.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TimedText))]
pub struct TimedText {
    pub precision: Precision,
    /// True when every sentence has its words.
    pub word_level: bool,
    pub sentences: Vec<Sentence>,
}

impl TimedText {
    pub fn new(precision: Precision, sentences: Vec<Sentence>) -> Self {
        let word_level = !sentences.is_empty() && sentences.iter().all(|s| !s.words.is_empty());
        TimedText { precision, word_level, sentences }
    }

    /// Several timed texts one after another (paragraphs into a chapter), each starting
    /// at its offset in the joined audio.
    pub fn concat(pieces: impl IntoIterator<Item = (u32, TimedText)>) -> TimedText {
        let mut precision = Precision::Measured;
        let mut sentences = Vec::new();
        for (offset, piece) in pieces {
            if piece.precision == Precision::Estimated {
                precision = Precision::Estimated;
            }
            sentences.extend(piece.sentences.into_iter().map(|s| s.shifted(offset)));
        }
        TimedText::new(precision, sentences)
    }

    /// The same sentences, each marked as spoken by `voice_id`.
    pub fn spoken_by(mut self, voice_id: uuid::Uuid) -> TimedText {
        for sentence in &mut self.sentences {
            sentence.voice_id = Some(voice_id);
        }
        self
    }

    /// SubRip text: numbered cues, `00:00:01,250 --> 00:00:03,000`.
    pub fn srt(&self) -> String {
        let mut out = String::new();
        for (i, cue) in self.cues().iter().enumerate() {
            out.push_str(&format!(
                "{}\n{} --> {}\n{}\n\n",
                i + 1,
                clock(cue.start_ms, ','),
                clock(cue.end_ms, ','),
                no_arrows(&cue.text)
            ));
        }
        out
    }

    /// WebVTT text: a header, then cues `00:00:01.250 --> 00:00:03.000`.
    pub fn vtt(&self) -> String {
        let mut out = String::from("WEBVTT\n\n");
        for cue in self.cues() {
            let text = no_arrows(&cue.text).replace('&', "&amp;").replace('<', "&lt;");
            out.push_str(&format!("{} --> {}\n{}\n\n", clock(cue.start_ms, '.'), clock(cue.end_ms, '.'), text));
        }
        out
    }

    /// The subtitle cues: each sentence in pieces of at most two lines, each held into
    /// the silence after it until it is readable (never into the next cue).
    pub fn cues(&self) -> Vec<Cue> {
        let mut cues: Vec<Cue> = Vec::new();
        for cue in self.sentences.iter().flat_map(Sentence::cues) {
            // A cue too short to read ("Ja.") shares one with its neighbour when both fit.
            match cues.last_mut() {
                Some(last) if (last.ms() < MIN_CUE_MS || cue.ms() < MIN_CUE_MS) && last.fits_with(&cue) => {
                    last.join(cue);
                }
                _ => cues.push(cue),
            }
        }
        make_readable(&mut cues);
        hold_into_silence(&mut cues);
        cues
    }
}

/// The subtitle file formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SubtitleFormat))]
pub enum SubtitleFormat {
    Srt,
    Vtt,
}

impl SubtitleFormat {
    pub fn render(self, timed_text: &TimedText) -> String {
        match self {
            SubtitleFormat::Srt => timed_text.srt(),
            SubtitleFormat::Vtt => timed_text.vtt(),
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            SubtitleFormat::Srt => "application/x-subrip; charset=utf-8",
            SubtitleFormat::Vtt => "text/vtt; charset=utf-8",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            SubtitleFormat::Srt => "srt",
            SubtitleFormat::Vtt => "vtt",
        }
    }
}

/// One subtitle: up to two lines, shown from `start_ms` to `end_ms`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cue {
    pub start_ms: u32,
    pub end_ms: u32,
    pub text: String,
}

/// How far the boundary between two touching cues may move from where the words put it:
/// enough for eSpeak's fastest German sentences (19 characters a second) to read at 17.
const SHIFT_MAX_MS: u32 = 750;

/// Each cue shown until it is readable (at least a second, at most 7, about 17
/// characters a second), into the silence after it but never into the next cue.
fn hold_into_silence(cues: &mut [Cue]) {
    for i in 0..cues.len() {
        let next = cues.get(i + 1).map_or(cues[i].end_ms + MIN_CUE_MS, |c| c.start_ms);
        let cue = &mut cues[i];
        let readable =
            ((cue.chars() as f64 / MAX_CHARS_PER_SECOND * 1000.0).ceil() as u32).clamp(MIN_CUE_MS, MAX_CUE_MS);
        let wanted = (cue.start_ms + readable).min(cue.start_ms + MAX_CUE_MS);
        if wanted > cue.end_ms {
            cue.end_ms = wanted.min(next).max(cue.end_ms);
        }
    }
}

/// How far before its speech a run of cues may appear, taken from the silence before it.
const LEAD_MS: u32 = 300;

/// Readable at 17 characters a second where the speech allows it: each run of touching
/// cues (the sentences of one engine request follow each other without a gap) takes
/// what it lacks from the silence after it, then up to [`LEAD_MS`] from the silence
/// before it, and shares its time by characters, each boundary at most
/// [`SHIFT_MAX_MS`] from the word it was set at.
fn make_readable(cues: &mut [Cue]) {
    let mut i = 0;
    while i < cues.len() {
        let mut j = i;
        while j + 1 < cues.len() && cues[j].end_ms == cues[j + 1].start_ms {
            j += 1;
        }
        let before = if i == 0 { 0 } else { cues[i - 1].end_ms };
        let after = cues.get(j + 1).map_or(cues[j].end_ms + MIN_CUE_MS, |c| c.start_ms);
        let chars: Vec<f64> = cues[i..=j].iter().map(|c| c.chars() as f64).collect();
        let total: f64 = chars.iter().sum::<f64>().max(1.0);
        let wanted = (total / MAX_CHARS_PER_SECOND * 1000.0).ceil() as u32;
        let missing = wanted.saturating_sub(cues[j].end_ms - cues[i].start_ms);
        // The first cue's own lack from the silence before it (the only time near it),
        // the rest from the silence after the run, then before it again.
        let first_lacks = ((chars[0] / MAX_CHARS_PER_SECOND * 1000.0).ceil() as u32)
            .saturating_sub(cues[i].end_ms - cues[i].start_ms);
        let room_before = LEAD_MS.min(cues[i].start_ms.saturating_sub(before));
        let lead = first_lacks.min(missing).min(room_before);
        let tail = (missing - lead).min(after.saturating_sub(cues[j].end_ms));
        let lead = lead + (missing - lead - tail).min(room_before - lead);
        let (start, end) = (cues[i].start_ms - lead, cues[j].end_ms + tail);
        // Where the run cannot be made readable, its cues stay with their words.
        if total * 1000.0 / (end - start).max(1) as f64 > MAX_CHARS_PER_SECOND {
            i = j + 1;
            continue;
        }
        cues[i].start_ms = start;
        cues[j].end_ms = end;
        // Neighbours even out their reading speed, pair by pair, until it settles; each
        // boundary stays within reach of the word it was set at.
        let set_at: Vec<u32> = (i..j).map(|k| cues[k].end_ms).collect();
        for _ in 0..(8 * (j - i) + 8) {
            for (n, k) in (i..j).enumerate() {
                let (a, b) = (chars[n], chars[n + 1]);
                let (from, to) = (cues[k].start_ms, cues[k + 1].end_ms);
                let ideal = (from as f64 + (to - from) as f64 * a / (a + b).max(1.0)).round() as u32;
                let boundary = ideal
                    .clamp(set_at[n].saturating_sub(SHIFT_MAX_MS), set_at[n] + SHIFT_MAX_MS)
                    .clamp(from + 1, to.saturating_sub(1).max(from + 1));
                cues[k].end_ms = boundary;
                cues[k + 1].start_ms = boundary;
            }
        }
        i = j + 1;
    }
}

impl Cue {
    fn chars(&self) -> usize {
        self.text.chars().filter(|c| *c != '\n').count()
    }

    fn ms(&self) -> u32 {
        self.end_ms.saturating_sub(self.start_ms)
    }

    fn words(&self) -> impl Iterator<Item = &str> {
        self.text.split_whitespace()
    }

    /// Whether this cue and the next fit one cue (two lines, at most seven seconds).
    fn fits_with(&self, next: &Cue) -> bool {
        let words: Vec<&str> = self.words().chain(next.words()).collect();
        next.end_ms.saturating_sub(self.start_ms) <= MAX_CUE_MS && cue_layout::layout(&words).is_some()
    }

    fn join(&mut self, next: Cue) {
        let words: Vec<&str> = self.words().chain(next.words()).collect();
        self.text = cue_layout::layout(&words).unwrap_or_else(|| words.join(" "));
        self.end_ms = next.end_ms;
    }
}

impl Sentence {
    fn shifted(self, offset: u32) -> Sentence {
        Sentence {
            start_ms: self.start_ms + offset,
            end_ms: self.end_ms + offset,
            words: self
                .words
                .into_iter()
                .map(|w| Word { start_ms: w.start_ms + offset, end_ms: w.end_ms + offset, ..w })
                .collect(),
            ..self
        }
    }

    fn cues(&self) -> Vec<Cue> {
        let words: Vec<&str> = self.text.split_whitespace().collect();
        let total = words.iter().map(|w| w.chars().count() + 1).sum::<usize>().max(1) as u64;
        let span = self.end_ms.saturating_sub(self.start_ms) as u64;
        // The engine's words when they match the written ones one to one.
        let timed = (self.words.len() == words.len()).then_some(&self.words);
        let share = |range: std::ops::Range<usize>| -> u32 {
            match timed {
                Some(timed) => timed[range.end - 1].end_ms.saturating_sub(timed[range.start].start_ms),
                None => {
                    let chars: usize = words[range].iter().map(|w| w.chars().count() + 1).sum();
                    (span * chars as u64 / total) as u32
                }
            }
        };
        let ranges = cue_layout::cues(&words, share);
        let mut cues = Vec::with_capacity(ranges.len());
        let mut done = 0usize;
        for (i, range) in ranges.iter().enumerate() {
            let start = if i == 0 { self.start_ms } else { self.start_ms + (span * done as u64 / total) as u32 };
            done += words[range.clone()].iter().map(|w| w.chars().count() + 1).sum::<usize>();
            let end = self.start_ms + (span * done as u64 / total) as u32;
            let text = cue_layout::layout(&words[range.clone()]).unwrap_or_else(|| words[range.clone()].join(" "));
            cues.push(Cue { start_ms: start, end_ms: end.max(start + 1), text });
        }
        if let Some(timed) = timed {
            // A cue after the first starts with its first spoken word.
            for i in 1..cues.len() {
                cues[i].start_ms = timed[ranges[i].start].start_ms.max(cues[i - 1].start_ms + 1);
                cues[i - 1].end_ms = cues[i].start_ms;
            }
        }
        cues
    }
}

/// A cue's text without "-->": in SRT a line holding one reads as the timing line of a
/// new cue (spoken text could forge cues with times of its own), and WebVTT forbids it
/// in cue text. Replacing every match leaves none behind, as "→" holds neither `-` nor `>`.
fn no_arrows(text: &str) -> std::borrow::Cow<'_, str> {
    match text.contains("-->") {
        true => text.replace("-->", "→").into(),
        false => text.into(),
    }
}

/// `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT).
fn clock(ms: u32, separator: char) -> String {
    let (h, m, s, milli) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{h:02}:{m:02}:{s:02}{separator}{milli:03}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentence(text: &str, start_ms: u32, end_ms: u32) -> Sentence {
        Sentence { text: text.into(), start_ms, end_ms, words: Vec::new(), voice_id: None }
    }

    fn sample() -> TimedText {
        TimedText::new(
            Precision::Measured,
            vec![
                sentence("Guten Tag.", 120, 1_400),
                sentence(
                    "Heute lesen wir ein längeres Kapitel, das auf dem Bildschirm mehr als zwei Zeilen \
                     bräuchte, wenn man es nicht teilte --> so.",
                    1_650,
                    9_800,
                ),
                sentence("Ende & Schluss <3", 3_600_000 + 61_001, 3_600_000 + 62_500),
            ],
        )
    }

    #[test]
    fn srt_is_read_back_by_a_subrip_parser_with_our_times() {
        let parsed = srtparse::from_str(sample().srt()).expect("valid SubRip");
        assert_eq!(parsed.len(), sample().cues().len());
        assert_eq!(parsed[0].text, "Guten Tag.");
        assert_eq!(std::time::Duration::from(parsed[0].start_time).as_millis(), 120);
        let last = parsed.last().unwrap();
        assert_eq!(std::time::Duration::from(last.start_time).as_millis(), 3_661_001);
    }

    #[test]
    fn vtt_is_read_back_by_a_webvtt_parser_with_our_times() {
        let vtt = sample().vtt();
        let parsed = webvtt_parser::Vtt::parse(&vtt).expect("valid WebVTT");
        assert_eq!(parsed.cues.len(), sample().cues().len());
        assert_eq!(parsed.cues[0].start.as_milliseconds(), 120);
        assert!(!vtt.contains("--> so"), "an arrow in the text is escaped: {vtt}");
        assert!(vtt.contains("Ende &amp; Schluss &lt;3"));
    }

    /// Spoken text that holds "-->", once as a forged timing line of its own.
    fn arrows() -> TimedText {
        TimedText::new(
            Precision::Estimated,
            vec![
                sentence("Guten Tag.", 0, 1_000),
                sentence("Nun folgt eine falsche Zeile: 00:00:05,000 --> 00:00:09,000", 1_000, 2_000),
                sentence("Pfeil-->mitten, ---> lang und --> allein.", 2_000, 3_000),
                sentence("Ende.", 3_000, 4_000),
            ],
        )
    }

    #[test]
    fn an_arrow_in_the_text_never_makes_a_cue_of_its_own_in_srt_or_vtt() {
        let timed = arrows();
        let intended: Vec<String> = timed.cues().iter().map(|c| c.text.replace("-->", "→")).collect();
        assert_eq!(intended.len(), 4, "{intended:?}");
        assert_eq!(intended[1], "Nun folgt eine falsche Zeile:\n00:00:05,000 → 00:00:09,000", "a line of its own");
        assert!(intended[2].contains("Pfeil→mitten, -→ lang und → allein."), "{intended:?}");

        let srt = timed.srt();
        assert!(!srt.lines().filter(|l| l.contains("-->")).any(|l| !l.starts_with("00:00:0")), "{srt}");
        assert_eq!(srt.matches("-->").count(), 4, "one per timing line: {srt}");
        let parsed = srtparse::from_str(&srt).expect("valid SubRip");
        let texts: Vec<&str> = parsed.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, intended, "{srt}");
        let starts: Vec<u128> = parsed.iter().map(|c| std::time::Duration::from(c.start_time).as_millis()).collect();
        assert_eq!(starts, [0, 1_000, 2_000, 3_000]);

        let vtt = timed.vtt();
        assert_eq!(vtt.matches("-->").count(), 4, "one per timing line: {vtt}");
        let parsed = webvtt_parser::Vtt::parse(&vtt).expect("valid WebVTT");
        let texts: Vec<&str> = parsed.cues.iter().map(|c| c.text).collect();
        assert_eq!(texts, intended, "{vtt}");
        let starts: Vec<u64> = parsed.cues.iter().map(|c| c.start.as_milliseconds()).collect();
        assert_eq!(starts, [0, 1_000, 2_000, 3_000]);
    }

    #[test]
    fn a_long_sentence_becomes_cues_of_two_lines_each_starting_where_the_sentence_does() {
        let cues = sample().cues();
        let long: Vec<&Cue> = cues.iter().filter(|c| c.start_ms >= 1_650 && c.end_ms <= 9_800).collect();
        assert!(long.len() >= 2, "{cues:?}");
        assert_eq!(long[0].start_ms, 1_650);
        assert_eq!(long.last().unwrap().end_ms, 9_800);
        for cue in &cues {
            let lines: Vec<&str> = cue.text.lines().collect();
            assert!(lines.len() <= 2 && lines.iter().all(|l| l.chars().count() <= LINE_CHARS), "{cue:?}");
        }
        assert!(long.windows(2).all(|w| w[0].end_ms <= w[1].start_ms));
    }

    #[test]
    fn later_cues_of_a_sentence_start_near_their_first_spoken_word_when_words_are_known() {
        let text = "eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn \
                    sechzehn siebzehn achtzehn neunzehn";
        let words: Vec<Word> = text
            .split_whitespace()
            .enumerate()
            .map(|(i, w)| Word { text: w.into(), start_ms: 1000 + i as u32 * 300, end_ms: 1000 + i as u32 * 300 + 250 })
            .collect();
        let s = Sentence { text: text.into(), start_ms: 1000, end_ms: 7000, words: words.clone(), voice_id: None };
        let cues = TimedText::new(Precision::Measured, vec![s]).cues();
        assert_eq!(cues.len(), 2);
        let first_of_second = cues[1].text.split_whitespace().next().unwrap();
        let word = words.iter().find(|w| w.text == first_of_second).unwrap();
        // Where the words put it, or shifted by at most SHIFT_MAX_MS to share the time.
        assert!(cues[1].start_ms.abs_diff(word.start_ms) <= SHIFT_MAX_MS, "{} vs {}", cues[1].start_ms, word.start_ms);
    }

    #[test]
    fn concatenated_pieces_keep_their_offsets_and_the_weakest_precision() {
        let a = TimedText::new(Precision::Measured, vec![sentence("A.", 0, 500)]);
        let b = TimedText::new(Precision::Estimated, vec![sentence("B.", 100, 900)]);
        let joined = TimedText::concat([(0, a), (1_000, b)]);
        assert_eq!(joined.precision, Precision::Estimated);
        assert_eq!((joined.sentences[1].start_ms, joined.sentences[1].end_ms), (1_100, 1_900));
        assert!(!joined.word_level);
    }

    #[test]
    fn clock_formats_hours_minutes_seconds_and_milliseconds() {
        assert_eq!(clock(3_723_045, ','), "01:02:03,045");
        assert_eq!(clock(0, '.'), "00:00:00.000");
    }
}
