//! When each sentence of a rendered text is spoken. The audio path joins the parts
//! itself, so each part's place in the file is exact; inside a part, a sentence starts
//! where the engine said its mark or its first word was spoken, and where the engine
//! tells neither, at its share of the part by length (the timed text says "estimated").
//! Which engine tells what: eSpeak NG words and marks (`engine/local.rs`), Google marks
//! (`engine/google.rs`), ElevenLabs words and marks from its character alignment
//! (`engine/elevenlabs.rs`); the others nothing.

use std::ops::Range;

use crate::audio::Pcm;
use crate::domain::spoken::{Inline, Spoken};
use crate::domain::timed_text::{Precision, Sentence, TimedText, Word};
use crate::engine::EngineTiming;

/// A text ready for the engine: its sentences as written, and the requests.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub sentences: Vec<String>,
    pub parts: Vec<Part>,
}

impl Plan {
    /// Characters the engines are sent (the words, without markup): what the synthesis
    /// spends, checked against what was paid.
    pub fn spoken_chars(&self) -> usize {
        self.parts.iter().map(|p| p.spoken.plain().chars().count()).sum()
    }

    /// All planned silence: the pauses between the requests and inside them.
    pub fn pauses_ms(&self) -> u64 {
        let inside = |p: &Part| -> u64 {
            p.spoken.inlines().iter().map(|i| if let Inline::Break(ms) = i { *ms as u64 } else { 0 }).sum()
        };
        self.parts.iter().map(|p| p.pause_after_ms as u64 + inside(p)).sum()
    }
}

/// One request's worth of text and the silence after it.
#[derive(Debug, Clone)]
pub struct Part {
    pub spoken: Spoken,
    pub pause_after_ms: u32,
    /// The sentences with words in this part (indices into [`Plan::sentences`]).
    pub sentences: Range<usize>,
    /// False when the first of them began in the part before (a sentence too long for one
    /// request).
    pub starts_first: bool,
    /// Spoken length of each of those sentences, for estimating where it starts.
    pub weights: Vec<usize>,
}

impl Part {
    pub fn new(spoken: Spoken, sentence: usize, starts: bool, weight: usize) -> Part {
        Part {
            spoken,
            pause_after_ms: 0,
            sentences: sentence..sentence + 1,
            starts_first: starts,
            weights: vec![weight.max(1)],
        }
    }
}

/// A part's audio, trimmed and levelled, with the engine's times inside it.
#[derive(Debug, Clone)]
pub struct Piece {
    pub pcm: Pcm,
    pub timing: EngineTiming,
}

/// Collects the sentence times while the parts are placed one after another.
pub struct Timeline {
    texts: Vec<String>,
    starts: Vec<Option<f64>>,
    ends: Vec<f64>,
    words: Vec<Vec<(String, f64)>>,
    /// Where the next part's pause begins (seconds).
    at: f64,
    estimated: bool,
}

impl Timeline {
    pub fn new(plan: &Plan) -> Timeline {
        let n = plan.sentences.len();
        Timeline {
            texts: plan.sentences.clone(),
            starts: vec![None; n],
            ends: vec![0.0; n],
            words: vec![Vec::new(); n],
            at: 0.0,
            estimated: false,
        }
    }

    /// Places `piece` (the audio of `part`) after `pause_before_ms` of silence.
    pub fn add(&mut self, part: &Part, piece: &Piece, pause_before_ms: u32) {
        let begin = self.at + pause_before_ms as f64 / 1000.0;
        let duration = piece.pcm.duration_seconds();
        let starts = self.starts_in(part, &piece.timing, duration);
        for (i, start) in part.sentences.clone().zip(&starts) {
            if let Some(start) = start {
                self.starts[i] = Some(begin + start);
            }
        }
        // Each sentence ends where the next in this part starts, or with the part.
        let indices: Vec<usize> = part.sentences.clone().collect();
        for (k, &i) in indices.iter().enumerate() {
            let next = starts.get(k + 1).copied().flatten().map(|s| begin + s);
            self.ends[i] = next.unwrap_or(begin + duration);
        }
        for (text, at) in &piece.timing.words {
            let at = begin + at.min(duration);
            let owner = indices.iter().rev().find(|&&i| self.starts[i].is_none_or(|s| s <= at + 1e-6));
            if let Some(&i) = owner.or(indices.first()) {
                self.words[i].push((text.clone(), at));
            }
        }
        self.at = begin + duration;
    }

    /// Seconds into the piece where each of the part's sentences starts (None for one
    /// that began in an earlier part).
    fn starts_in(&mut self, part: &Part, timing: &EngineTiming, duration: f64) -> Vec<Option<f64>> {
        let total: usize = part.weights.iter().sum::<usize>().max(1);
        let mut before = 0usize;
        let mut out = Vec::with_capacity(part.weights.len());
        for (k, i) in part.sentences.clone().enumerate() {
            let weight = part.weights.get(k).copied().unwrap_or(1);
            let estimate = duration * before as f64 / total as f64;
            before += weight;
            let mark = timing.marks.iter().find(|(n, _)| *n as usize == i).map(|&(_, at)| at);
            if k == 0 {
                // Where the voice begins: the first word, else the sentence's mark (an
                // engine that tells marks only: Google), else the part's start.
                let first_word = timing.words.first().map(|(_, at)| *at);
                let begins = first_word.or(mark).map_or(0.0, |at| at.min(duration));
                out.push(part.starts_first.then_some(begins));
                continue;
            }
            match mark {
                // The first word after the mark is where the voice begins (the mark may
                // sit before the pause that ends the sentence before).
                Some(mark) => {
                    let word = timing.words.iter().map(|(_, at)| *at).find(|&at| at + 1e-6 >= mark);
                    let next_mark =
                        timing.marks.iter().map(|&(_, at)| at).filter(|&at| at > mark).fold(f64::MAX, f64::min);
                    out.push(Some(word.filter(|&w| w < next_mark).unwrap_or(mark).min(duration)));
                }
                None => {
                    self.estimated = true;
                    out.push(Some(estimate));
                }
            }
        }
        out
    }

    /// The timed text, every time `delay` seconds later (the codec's delay, which the
    /// listener hears too: `audio::mp3_delay_seconds`).
    pub fn finish(self, delay: f64) -> TimedText {
        let ms = |seconds: f64| ((seconds + delay).max(0.0) * 1000.0).round() as u32;
        let mut previous_end = 0.0;
        let mut sentences = Vec::with_capacity(self.texts.len());
        for (i, text) in self.texts.into_iter().enumerate() {
            let start = self.starts[i].unwrap_or(previous_end);
            let end = self.ends[i].max(start);
            previous_end = end;
            let words = &self.words[i];
            let words = words
                .iter()
                .enumerate()
                .map(|(k, (word, at))| {
                    let at = at.clamp(start, end);
                    let until = words.get(k + 1).map_or(end, |(_, next)| next.clamp(at, end));
                    Word { text: word.clone(), start_ms: ms(at), end_ms: ms(until) }
                })
                .collect();
            sentences.push(Sentence { text, start_ms: ms(start), end_ms: ms(end), words, voice_id: None });
        }
        let precision = if self.estimated { Precision::Estimated } else { Precision::Measured };
        TimedText::new(precision, sentences)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One request of three sentences (weights 1, 1, 2) that took three seconds.
    fn placed(timing: EngineTiming) -> TimedText {
        let plan = Plan {
            sentences: vec!["Eins.".into(), "Zwei.".into(), "Drei vier.".into()],
            parts: vec![Part {
                spoken: Spoken::default(),
                pause_after_ms: 0,
                sentences: 0..3,
                starts_first: true,
                weights: vec![1, 1, 2],
            }],
        };
        let piece = Piece { pcm: crate::audio::Pcm { sample_rate: 1000, samples: vec![0; 3000] }, timing };
        let mut timeline = Timeline::new(&plan);
        timeline.add(&plan.parts[0], &piece, 0);
        timeline.finish(0.0)
    }

    fn starts(timed: &TimedText) -> Vec<u32> {
        timed.sentences.iter().map(|s| s.start_ms).collect()
    }

    /// An engine that tells sentence marks only (Google): every start measured, no words.
    #[test]
    fn marks_alone_make_measured_sentence_times_without_words() {
        let timed = placed(EngineTiming { marks: vec![(0, 0.1), (1, 1.2), (2, 2.1)], words: vec![] });
        assert_eq!(timed.precision, Precision::Measured);
        assert!(!timed.word_level);
        assert_eq!(starts(&timed), [100, 1200, 2100]);
        assert_eq!(timed.sentences[1].end_ms, 2100);
    }

    /// A mark the engine did not time: that sentence is placed by length, and the whole
    /// timed text says its times are estimated.
    #[test]
    fn a_missing_mark_makes_the_times_estimated() {
        let timed = placed(EngineTiming { marks: vec![(1, 1.2)], words: vec![] });
        assert_eq!(timed.precision, Precision::Estimated);
        assert_eq!(starts(&timed), [0, 1200, 1500], "sentence 2 at half of the part, its share by length");
    }

    /// Words (eSpeak, ElevenLabs) go to the sentence they are spoken in, and every
    /// sentence with words makes the timed text word level.
    #[test]
    fn words_go_to_the_sentence_they_are_spoken_in() {
        let words = [("Eins", 0.2), ("Zwei", 1.3), ("Drei", 2.2), ("vier", 2.6)];
        let words = words.iter().map(|&(w, at)| (w.to_owned(), at)).collect();
        let timed = placed(EngineTiming { marks: vec![(0, 0.2), (1, 1.3), (2, 2.2)], words });
        assert_eq!(timed.precision, Precision::Measured);
        assert!(timed.word_level);
        let texts: Vec<Vec<&str>> =
            timed.sentences.iter().map(|s| s.words.iter().map(|w| w.text.as_str()).collect()).collect();
        assert_eq!(texts, [vec!["Eins"], vec!["Zwei"], vec!["Drei", "vier"]]);
        assert_eq!((timed.sentences[2].words[1].start_ms, timed.sentences[2].words[1].end_ms), (2600, 3000));
    }
}
