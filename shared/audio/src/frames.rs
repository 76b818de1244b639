//! MP3s joined as they are: the frames of one MP3 after another make one valid MP3 when
//! they share sample rate and channels (each of our files starts with a frame that needs
//! no bits from before it). Joining a chapter from its paragraphs this way costs copying
//! bytes, where decoding and encoding again cost about as much as making the audio.
//!
//! Symphonia's demuxer reads the frames without decoding them and drops a Xing/Info tag
//! frame, which would otherwise sound as a frame of silence in the middle of the join.

use std::io::Cursor;

use symphonia::core::errors::Error as SymphoniaError;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

use super::{AudioError, Mp3Stream, Pcm};

/// The frames of one MP3 and how many samples they decode to.
#[derive(Debug, Clone)]
pub struct Mp3Frames {
    pub bytes: Vec<u8>,
    /// What a decoder makes of them: every frame decodes to its fixed number of samples,
    /// the encoder's delay and padding included.
    pub samples: u64,
    pub sample_rate: u32,
}

impl Mp3Frames {
    pub fn duration_seconds(&self) -> f64 {
        self.samples as f64 / self.sample_rate.max(1) as f64
    }
}

/// The frames of `mp3`, without its tags.
pub fn of(mp3: &[u8]) -> Result<Mp3Frames, AudioError> {
    let source = MediaSourceStream::new(Box::new(Cursor::new(mp3.to_vec())), Default::default());
    let mut hint = Hint::new();
    hint.with_extension("mp3");
    let mut format = symphonia::default::get_probe()
        .format(&hint, source, &FormatOptions::default(), &MetadataOptions::default())
        .map_err(|e| AudioError::Decode(e.to_string()))?
        .format;
    let sample_rate = format
        .default_track()
        .and_then(|t| t.codec_params.sample_rate)
        .ok_or_else(|| AudioError::Decode("keine Tonspur".into()))?;
    let (mut bytes, mut samples) = (Vec::with_capacity(mp3.len()), 0u64);
    loop {
        match format.next_packet() {
            Ok(packet) => {
                samples += packet.dur;
                bytes.extend_from_slice(&packet.data);
            }
            Err(SymphoniaError::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(AudioError::Decode(e.to_string())),
        }
    }
    if samples == 0 {
        return Err(AudioError::Empty);
    }
    Ok(Mp3Frames { bytes, samples, sample_rate })
}

/// Silence of about `ms` as frames at `sample_rate` (the encoder's delay and padding
/// make it up to two frames longer; `samples` says exactly).
pub fn silence(sample_rate: u32, ms: u32) -> Result<Mp3Frames, AudioError> {
    let mut stream = Mp3Stream::new(sample_rate)?;
    let mut mp3 = stream.encode(&vec![0i16; (sample_rate as u64 * ms as u64 / 1000) as usize])?;
    mp3.extend(stream.finish()?);
    of(&mp3)
}

/// `mp3` as frames at `sample_rate`: as it is when it has that rate, else decoded,
/// resampled and encoded again (a dialogue whose voices come from engines with different
/// rates). The second value is how much later its sounds come than in `mp3` decoded, in
/// seconds: the new encoding's delay on top of the old.
pub fn at_rate(mp3: &[u8], sample_rate: u32) -> Result<(Mp3Frames, f64), AudioError> {
    let frames = of(mp3)?;
    if frames.sample_rate == sample_rate {
        return Ok((frames, 0.0));
    }
    let pcm = super::decode(mp3, "mp3")?;
    let resampled = Pcm { sample_rate, samples: super::resample(&pcm.samples, pcm.sample_rate, sample_rate) };
    Ok((of(&super::encode_mp3(&resampled)?)?, super::mp3_delay_seconds(sample_rate)))
}

#[cfg(test)]
mod tests {
    use super::super::{decode, encode_mp3};
    use super::*;

    fn tone_after_silence(rate: u32, silent: f64, loud: f64) -> Vec<u8> {
        let mut samples = vec![0i16; (rate as f64 * silent) as usize];
        samples.extend((0..(rate as f64 * loud) as usize).map(|i| ((i as f64 * 0.3).sin() * 20000.0) as i16));
        encode_mp3(&Pcm { sample_rate: rate, samples }).unwrap()
    }

    fn first_sound(pcm: &[i16], from: usize) -> usize {
        from + pcm[from..].iter().position(|s| s.abs() > 2000).unwrap()
    }

    /// What the frames count is what a decoder makes of them, so durations and offsets
    /// computed from frames are the ones players hear.
    #[test]
    fn frames_count_the_samples_a_decoder_makes() {
        for rate in [22_050u32, 24_000, 44_100] {
            let mp3 = tone_after_silence(rate, 0.3, 1.1);
            assert_eq!(of(&mp3).unwrap().samples, decode(&mp3, "mp3").unwrap().samples.len() as u64, "{rate} Hz");
        }
    }

    /// Two MP3s joined by their frames (with encoded silence between) decode to one
    /// audio in which the second starts exactly where the counts say, within a millisecond.
    #[test]
    fn joined_frames_play_each_part_where_the_counts_say() {
        let rate = 24_000;
        let (a, b) = (of(&tone_after_silence(rate, 0.0, 1.0)).unwrap(), tone_after_silence(rate, 0.2, 0.8));
        let b_alone = first_sound(&decode(&b, "mp3").unwrap().samples, 0);
        let pause = silence(rate, 600).unwrap();
        let b = of(&b).unwrap();
        let joined = [a.bytes.clone(), pause.bytes.clone(), b.bytes.clone()].concat();
        let decoded = decode(&joined, "mp3").unwrap();
        assert_eq!(decoded.samples.len() as u64, a.samples + pause.samples + b.samples);
        let b_starts = (a.samples + pause.samples) as usize;
        let heard = first_sound(&decoded.samples, b_starts);
        assert!(heard.abs_diff(b_starts + b_alone) < rate as usize / 1000, "{heard} vs {}", b_starts + b_alone);
        let gap = pause.duration_seconds();
        assert!((0.6..0.75).contains(&gap), "pause {gap:.3} s");
    }

    /// A part at another rate is encoded again at the join's rate, and says how much
    /// later its sound now comes.
    #[test]
    fn a_part_at_another_rate_is_brought_to_the_join_rate() {
        let mp3 = tone_after_silence(22_050, 0.5, 0.5);
        let heard_before = first_sound(&decode(&mp3, "mp3").unwrap().samples, 0) as f64 / 22_050.0;
        let (frames, later) = at_rate(&mp3, 24_000).unwrap();
        assert_eq!(frames.sample_rate, 24_000);
        let heard = first_sound(&decode(&frames.bytes, "mp3").unwrap().samples, 0) as f64 / 24_000.0;
        assert!((heard - heard_before - later).abs() < 0.002, "{heard} vs {heard_before} + {later}");
        let (same, none) = at_rate(&mp3, 22_050).unwrap();
        assert_eq!((same.sample_rate, none), (22_050, 0.0));
    }
}
