//! What a voice recording must be before it may train a clone, and what it tells about
//! the voice. Pure functions over decoded PCM, so the rules are tested without audio
//! files: a training sample must be long enough, not too long, not silent and not
//! clipped; the local clone engine reads the speaker's median pitch, pitch range and
//! speaking rate from it.

use audio::Pcm;

/// Shortest training sample: shorter ones carry too little of the voice.
pub const MIN_SECONDS: f64 = 5.0;
/// Longest training sample (a teleprompter text takes about two minutes to read).
pub const MAX_SECONDS: f64 = 300.0;
/// Below this level (dBFS, root mean square over the voiced part) a recording is silence.
const SILENCE_DBFS: f64 = -45.0;
/// Share of the recording that must carry sound above the silence level.
const MIN_VOICED_SHARE: f64 = 0.2;
/// A sample at or beyond this magnitude is clipped...
const CLIP_LEVEL: i16 = 32_000;
/// ...and a recording with more than this share of clipped samples is distorted.
const MAX_CLIPPED_SHARE: f64 = 0.005;
/// Analysis frames: 40 ms, every 20 ms.
const FRAME_SECONDS: f64 = 0.04;
const HOP_SECONDS: f64 = 0.02;
/// Human speaking pitch.
const MIN_PITCH_HZ: f64 = 60.0;
const MAX_PITCH_HZ: f64 = 400.0;

/// Why a recording cannot train a voice (German, shown as it is).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SampleProblem {
    #[error("Die Aufnahme ist zu kurz ({seconds:.1} s). Bitte sprechen Sie mindestens {min:.0} Sekunden.")]
    TooShort { seconds: f64, min: f64 },
    #[error("Die Aufnahme ist zu lang ({seconds:.0} s). Höchstens {max:.0} Sekunden sind möglich.")]
    TooLong { seconds: f64, max: f64 },
    #[error("Die Aufnahme ist stumm. Bitte prüfen Sie Ihr Mikrofon und sprechen Sie etwas lauter.")]
    Silent,
    #[error(
        "Die Aufnahme ist übersteuert ({percent:.1} % der Werte am Anschlag). Bitte gehen Sie etwas weiter vom Mikrofon weg oder sprechen Sie leiser."
    )]
    Clipped { percent: f64 },
}

/// What the checks measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SampleFacts {
    pub duration_seconds: f64,
    /// Level of the voiced frames, dBFS.
    pub level_dbfs: f64,
    pub voiced_share: f64,
}

fn dbfs(rms: f64) -> f64 {
    if rms <= 0.0 { -120.0 } else { 20.0 * (rms / 32768.0).log10() }
}

/// Root mean square of each analysis frame.
fn frame_levels(pcm: &Pcm) -> Vec<f64> {
    let frame = ((pcm.sample_rate as f64 * FRAME_SECONDS) as usize).max(1);
    let hop = ((pcm.sample_rate as f64 * HOP_SECONDS) as usize).max(1);
    let mut levels = Vec::new();
    let mut start = 0;
    while start + frame <= pcm.samples.len() {
        let sum: f64 = pcm.samples[start..start + frame].iter().map(|&s| (s as f64) * (s as f64)).sum();
        levels.push((sum / frame as f64).sqrt());
        start += hop;
    }
    levels
}

/// Checks a training sample: duration, not silent, not clipped.
pub fn check(pcm: &Pcm) -> Result<SampleFacts, SampleProblem> {
    let seconds = pcm.duration_seconds();
    if seconds < MIN_SECONDS {
        return Err(SampleProblem::TooShort { seconds, min: MIN_SECONDS });
    }
    if seconds > MAX_SECONDS {
        return Err(SampleProblem::TooLong { seconds, max: MAX_SECONDS });
    }
    let clipped = pcm.samples.iter().filter(|s| s.unsigned_abs() >= CLIP_LEVEL as u16).count();
    let clipped_share = clipped as f64 / pcm.samples.len() as f64;
    if clipped_share > MAX_CLIPPED_SHARE {
        return Err(SampleProblem::Clipped { percent: clipped_share * 100.0 });
    }
    let levels = frame_levels(pcm);
    let voiced: Vec<f64> = levels.iter().copied().filter(|&rms| dbfs(rms) > SILENCE_DBFS).collect();
    let voiced_share = voiced.len() as f64 / levels.len().max(1) as f64;
    if voiced_share < MIN_VOICED_SHARE {
        return Err(SampleProblem::Silent);
    }
    let mean_square = voiced.iter().map(|r| r * r).sum::<f64>() / voiced.len() as f64;
    Ok(SampleFacts { duration_seconds: seconds, level_dbfs: dbfs(mean_square.sqrt()), voiced_share })
}

/// The voice as the local clone engine follows it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VoiceProfile {
    /// Median fundamental frequency of the voiced frames.
    pub median_pitch_hz: f64,
    /// Spread between the 10th and the 90th percentile, in semitones.
    pub pitch_range_semitones: f64,
    /// Syllable nuclei (peaks of the loudness envelope) per second of speech.
    pub syllables_per_second: f64,
}

/// The pitch of one frame by autocorrelation, or `None` when it is not voiced.
fn frame_pitch(frame: &[i16], sample_rate: u32) -> Option<f64> {
    let min_lag = (sample_rate as f64 / MAX_PITCH_HZ) as usize;
    let max_lag = ((sample_rate as f64 / MIN_PITCH_HZ) as usize).min(frame.len() - 1);
    let x: Vec<f64> = frame.iter().map(|&s| s as f64).collect();
    let energy: f64 = x.iter().map(|v| v * v).sum();
    if energy <= 0.0 {
        return None;
    }
    let mut best = (0usize, 0.0f64);
    for lag in min_lag..=max_lag {
        let correlation: f64 = x[..x.len() - lag].iter().zip(&x[lag..]).map(|(a, b)| a * b).sum();
        let normalised = correlation / energy;
        if normalised > best.1 {
            best = (lag, normalised);
        }
    }
    // A clear period repeats with at least this similarity; noise and unvoiced
    // consonants do not.
    (best.1 > 0.5 && best.0 > 0).then(|| sample_rate as f64 / best.0 as f64)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Median pitch, pitch range and speaking rate of a recording that passed [`check`];
/// `None` when too little of it is voiced to tell.
pub fn profile(pcm: &Pcm) -> Option<VoiceProfile> {
    let frame = (pcm.sample_rate as f64 * FRAME_SECONDS) as usize;
    let hop = (pcm.sample_rate as f64 * HOP_SECONDS) as usize;
    let levels = frame_levels(pcm);
    let loud = levels.iter().copied().fold(0.0, f64::max);
    let mut pitches = Vec::new();
    for (i, &rms) in levels.iter().enumerate() {
        if dbfs(rms) <= SILENCE_DBFS || rms < loud * 0.1 {
            continue;
        }
        let start = i * hop;
        if let Some(pitch) = frame_pitch(&pcm.samples[start..start + frame], pcm.sample_rate) {
            pitches.push(pitch);
        }
    }
    if pitches.len() < 10 {
        return None;
    }
    pitches.sort_by(f64::total_cmp);
    let median_pitch_hz = percentile(&pitches, 0.5);
    let pitch_range_semitones = 12.0 * (percentile(&pitches, 0.9) / percentile(&pitches, 0.1)).log2();
    // Syllables: local maxima of the envelope that stand out from the frames around them.
    let speech_frames = levels.iter().filter(|&&rms| dbfs(rms) > SILENCE_DBFS).count();
    let peaks = (2..levels.len().saturating_sub(2))
        .filter(|&i| {
            let l = levels[i];
            dbfs(l) > SILENCE_DBFS
                && l >= loud * 0.2
                && levels[i - 2..=i + 2].iter().all(|&other| other <= l)
                && levels[i - 2].min(levels[i + 2]) < l * 0.8
        })
        .count();
    let speech_seconds = speech_frames as f64 * HOP_SECONDS;
    let syllables_per_second = if speech_seconds > 0.0 { peaks as f64 / speech_seconds } else { 0.0 };
    Some(VoiceProfile { median_pitch_hz, pitch_range_semitones, syllables_per_second })
}

/// eSpeak NG settings that follow a profile: the variant by pitch (lower voices get a
/// male variant), `-p` (0-99) from the median pitch, `-s` (words per minute) from the rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EspeakSettings {
    pub variant: &'static str,
    pub pitch: u8,
    pub words_per_minute: u32,
}

pub fn espeak_settings(profile: &VoiceProfile) -> EspeakSettings {
    let male = profile.median_pitch_hz < 165.0;
    // eSpeak's pitch 50 is its variant's normal; each step is roughly 1 % of pitch. The
    // reference is a typical median of the variant's sex.
    let reference = if male { 120.0 } else { 210.0 };
    let pitch = (50.0 + (profile.median_pitch_hz / reference - 1.0) * 100.0).clamp(0.0, 99.0).round() as u8;
    // German read speech: about 4 to 5 syllables a second at eSpeak's default 160 wpm.
    let words_per_minute = (160.0 * profile.syllables_per_second / 4.5).clamp(110.0, 230.0).round() as u32;
    EspeakSettings { variant: if male { "m3" } else { "f2" }, pitch, words_per_minute }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 16_000;

    /// A voiced tone at `hz` with harmonics, its loudness pulsing `syllables` times a
    /// second (speech-like), for `seconds`.
    fn speech_like(hz: f64, syllables: f64, seconds: f64, amplitude: f64) -> Pcm {
        let n = (seconds * RATE as f64) as usize;
        let samples = (0..n)
            .map(|i| {
                let t = i as f64 / RATE as f64;
                let envelope = 0.55 - 0.45 * (std::f64::consts::TAU * syllables * t).cos();
                let wave: f64 = (1..=4).map(|k| (std::f64::consts::TAU * hz * k as f64 * t).sin() / k as f64).sum();
                (wave * envelope * amplitude).clamp(-32767.0, 32767.0) as i16
            })
            .collect();
        Pcm { sample_rate: RATE, samples }
    }

    #[test]
    fn a_clear_recording_passes_and_reports_its_level() {
        let facts = check(&speech_like(140.0, 4.0, 8.0, 6000.0)).unwrap();
        assert!((facts.duration_seconds - 8.0).abs() < 0.01);
        assert!(facts.level_dbfs > -30.0 && facts.level_dbfs < 0.0, "{}", facts.level_dbfs);
    }

    #[test]
    fn short_long_silent_and_clipped_recordings_are_refused_with_a_reason() {
        assert!(matches!(check(&speech_like(140.0, 4.0, 3.0, 6000.0)), Err(SampleProblem::TooShort { .. })));
        assert!(matches!(check(&speech_like(140.0, 4.0, 301.0, 6000.0)), Err(SampleProblem::TooLong { .. })));
        let silent = Pcm { sample_rate: RATE, samples: vec![3; RATE as usize * 10] };
        assert_eq!(check(&silent), Err(SampleProblem::Silent));
        let clipped = check(&speech_like(140.0, 4.0, 8.0, 90_000.0)).unwrap_err();
        assert!(matches!(clipped, SampleProblem::Clipped { .. }));
        assert!(clipped.to_string().contains("übersteuert"));
    }

    #[test]
    fn the_profile_finds_pitch_and_speaking_rate() {
        let low = profile(&speech_like(120.0, 4.0, 8.0, 6000.0)).unwrap();
        assert!((low.median_pitch_hz - 120.0).abs() < 6.0, "{low:?}");
        assert!((low.syllables_per_second - 4.0).abs() < 1.0, "{low:?}");
        let high = profile(&speech_like(220.0, 6.0, 8.0, 6000.0)).unwrap();
        assert!((high.median_pitch_hz - 220.0).abs() < 11.0, "{high:?}");
        assert!(high.syllables_per_second > low.syllables_per_second);
        let silent = Pcm { sample_rate: RATE, samples: vec![0; RATE as usize * 10] };
        assert_eq!(profile(&silent), None);
    }

    #[test]
    fn espeak_follows_the_profile() {
        let low = espeak_settings(&VoiceProfile {
            median_pitch_hz: 110.0,
            pitch_range_semitones: 5.0,
            syllables_per_second: 4.5,
        });
        assert_eq!((low.variant, low.words_per_minute), ("m3", 160));
        assert!(low.pitch < 50);
        let high = espeak_settings(&VoiceProfile {
            median_pitch_hz: 240.0,
            pitch_range_semitones: 8.0,
            syllables_per_second: 6.0,
        });
        assert_eq!(high.variant, "f2");
        assert!(high.pitch > 50 && high.words_per_minute > 160);
    }
}
