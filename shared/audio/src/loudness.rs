//! One loudness for every voice and engine: each piece of speech is measured (EBU R128
//! integrated loudness and true peak, `ebur128`), brought to -16 LUFS, and kept under a
//! true-peak ceiling of -1 dBTP by a look-ahead peak limiter, so a quiet eSpeak voice and a
//! loud cloud voice play at the same level and nothing clips after MP3 encoding.

use std::collections::VecDeque;

use ebur128::{EbuR128, Mode};

use super::Pcm;

/// Integrated loudness of speech output (EBU R128 / streaming practice for speech).
pub const TARGET_LUFS: f64 = -16.0;
/// No sample, between samples included, above this.
pub const TRUE_PEAK_CEILING_DBTP: f64 = -1.0;
/// Below this the integrated loudness is not defined (one gating block).
const MIN_SECONDS: f64 = 0.4;
/// How far the limiter looks ahead, and how fast it lets go again.
const LOOKAHEAD_SECONDS: f64 = 0.0015;
const RELEASE_SECONDS: f64 = 0.05;
/// How close to the target a result must be before the adjustments stop.
const TOLERANCE_LU: f64 = 0.3;

/// What the meter says of a piece of audio.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Loudness {
    pub integrated_lufs: f64,
    pub true_peak_dbtp: f64,
}

fn db(linear: f64) -> f64 {
    20.0 * linear.max(1e-12).log10()
}

fn linear(db: f64) -> f64 {
    10f64.powf(db / 20.0)
}

/// Integrated loudness and true peak; `None` for audio too short or too quiet to measure.
pub fn measure(pcm: &Pcm) -> Option<Loudness> {
    if pcm.duration_seconds() < MIN_SECONDS {
        return None;
    }
    let mut meter = EbuR128::new(1, pcm.sample_rate, Mode::I | Mode::TRUE_PEAK).ok()?;
    meter.add_frames_i16(&pcm.samples).ok()?;
    let integrated_lufs = meter.loudness_global().ok()?;
    if !integrated_lufs.is_finite() {
        return None;
    }
    Some(Loudness { integrated_lufs, true_peak_dbtp: db(meter.true_peak(0).ok()?) })
}

/// Integrated loudness alone: a fifth of the work of [`measure`], whose true peak
/// oversamples every sample four times.
fn integrated_lufs(pcm: &Pcm) -> Option<f64> {
    if pcm.duration_seconds() < MIN_SECONDS {
        return None;
    }
    let mut meter = EbuR128::new(1, pcm.sample_rate, Mode::I).ok()?;
    meter.add_frames_i16(&pcm.samples).ok()?;
    meter.loudness_global().ok().filter(|l| l.is_finite())
}

/// `samples` times `gain_db`, with every sample kept under `ceiling_db` (dBFS): where a
/// sample would exceed it, the gain is lowered ahead of time (look-ahead window minimum)
/// and raised again smoothly, so peaks are caught without clicks. One pass, and nothing
/// held but the output and the window: a long piece costs its own size, not eight times it.
fn amplify_limited(samples: &[i16], sample_rate: u32, gain_db: f64, ceiling_db: f64) -> Vec<i16> {
    let gain = linear(gain_db);
    let ceiling = linear(ceiling_db) * 32768.0;
    // The gain sample `j` may have at most.
    let needed = |j: usize| {
        let x = (samples[j] as f64 * gain).abs();
        if x > ceiling { ceiling / x } else { 1.0 }
    };
    let n = samples.len();
    let window = ((sample_rate as f64 * LOOKAHEAD_SECONDS) as usize).max(1);
    let release = 1.0 / (sample_rate as f64 * RELEASE_SECONDS);
    let mut out = Vec::with_capacity(n);
    // The smallest gain needed within `window` samples on either side of the sample
    // going out (a monotonic deque of (index, gain)).
    let mut deque: VecDeque<(usize, f64)> = VecDeque::new();
    let mut current = 1.0f64;
    for i in 0..n + window {
        if i < n {
            let value = needed(i);
            while deque.back().is_some_and(|&(_, v)| v >= value) {
                deque.pop_back();
            }
            deque.push_back((i, value));
        }
        let Some(centre) = i.checked_sub(window).filter(|&c| c < n) else { continue };
        while deque.front().is_some_and(|&(j, _)| j + 2 * window < i) {
            deque.pop_front();
        }
        let limit = deque.front().map_or(1.0, |&(_, v)| v);
        current = (current + release).min(1.0).min(limit);
        out.push((samples[centre] as f64 * gain * current).round().clamp(-32768.0, 32767.0) as i16);
    }
    out
}

/// The audio at [`TARGET_LUFS`] with its true peak at or under the ceiling. Audio too
/// short or silent to measure comes back unchanged.
pub fn normalize(pcm: &Pcm) -> Pcm {
    // The gain needs only the integrated loudness; the true peak is measured where it
    // decides something: whether audio at the target is right as it is, and every result.
    let Some(integrated) = integrated_lufs(pcm) else { return pcm.clone() };
    if (integrated - TARGET_LUFS).abs() <= TOLERANCE_LU
        && measure(pcm).is_some_and(|m| m.true_peak_dbtp <= TRUE_PEAK_CEILING_DBTP)
    {
        return pcm.clone();
    }
    let mut gain_db = TARGET_LUFS - integrated;
    // Sample peaks a little under the ceiling leave room for peaks between samples.
    let mut ceiling_db = TRUE_PEAK_CEILING_DBTP - 0.5;
    let mut best = pcm.clone();
    for _ in 0..6 {
        let out = Pcm {
            sample_rate: pcm.sample_rate,
            samples: amplify_limited(&pcm.samples, pcm.sample_rate, gain_db, ceiling_db),
        };
        let Some(result) = measure(&out) else { return out };
        best = out;
        if result.true_peak_dbtp > TRUE_PEAK_CEILING_DBTP {
            ceiling_db -= result.true_peak_dbtp - TRUE_PEAK_CEILING_DBTP + 0.1;
        } else if (result.integrated_lufs - TARGET_LUFS).abs() > TOLERANCE_LU {
            // The limiter took some loudness away: more gain, the ceiling holds the peaks.
            gain_db += TARGET_LUFS - result.integrated_lufs;
        } else {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Speech-like sound: a voiced tone with harmonics whose loudness pulses like syllables.
    pub(crate) fn speech_like(amplitude: f64, seconds: f64) -> Pcm {
        let rate = 24_000u32;
        let n = (seconds * rate as f64) as usize;
        let samples = (0..n)
            .map(|i| {
                let t = i as f64 / rate as f64;
                let envelope = 0.55 - 0.45 * (std::f64::consts::TAU * 4.0 * t).cos();
                let wave: f64 = (1..=5).map(|k| (std::f64::consts::TAU * 130.0 * k as f64 * t).sin() / k as f64).sum();
                (wave * envelope * amplitude).clamp(-32767.0, 32767.0) as i16
            })
            .collect();
        Pcm { sample_rate: rate, samples }
    }

    #[test]
    fn quiet_and_loud_speech_end_at_the_target_under_the_ceiling() {
        for amplitude in [300.0, 3000.0, 20000.0, 60000.0] {
            let out = normalize(&speech_like(amplitude, 4.0));
            let m = measure(&out).unwrap();
            assert!((m.integrated_lufs - TARGET_LUFS).abs() <= 1.0, "amplitude {amplitude}: {m:?}");
            assert!(m.true_peak_dbtp <= TRUE_PEAK_CEILING_DBTP + 0.05, "amplitude {amplitude}: {m:?}");
        }
    }

    /// Pieces levelled one by one and joined with silence stay at the target under the
    /// ceiling without a second pass: the audio path encodes each piece as it comes and
    /// never holds the whole track to level it again.
    #[test]
    fn a_join_of_levelled_pieces_keeps_their_level_without_a_second_pass() {
        let piece = |amplitude| normalize(&speech_like(amplitude, 3.0));
        let mut samples = piece(500.0).samples;
        samples.extend(vec![0; 12_000]);
        samples.extend(piece(25_000.0).samples);
        let m = measure(&Pcm { sample_rate: 24_000, samples }).unwrap();
        assert!((m.integrated_lufs - TARGET_LUFS).abs() <= TOLERANCE_LU, "{m:?}");
        assert!(m.true_peak_dbtp <= TRUE_PEAK_CEILING_DBTP + 0.05, "{m:?}");
    }

    #[test]
    fn silence_and_tiny_pieces_stay_as_they_are() {
        let silence = Pcm { sample_rate: 24_000, samples: vec![0; 24_000] };
        assert_eq!(normalize(&silence), silence);
        let short = speech_like(3000.0, 0.2);
        assert_eq!(normalize(&short), short);
    }

    #[test]
    fn the_limiter_never_lets_a_sample_over_its_ceiling() {
        let loud = speech_like(30000.0, 1.0);
        let out = amplify_limited(&loud.samples, loud.sample_rate, 12.0, -3.0);
        let ceiling = linear(-3.0) * 32768.0;
        assert!(out.iter().all(|&s| (s as f64).abs() <= ceiling + 1.0));
        assert_eq!(out.len(), loud.samples.len());
    }
}
