//! The one audio path every engine's output goes through: decode (symphonia) to mono
//! 16-bit PCM, trim each piece's silent edges and bring it to one loudness (`loudness`),
//! join the pieces with a fixed pause and short fades, encode MP3 (LAME), measure the
//! duration of the result.

pub mod frames;
pub mod loudness;

use std::io::Cursor;

use mp3lame_encoder::{Bitrate, Builder, FlushGap, MonoPcm, Quality};
use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::{CODEC_TYPE_NULL, DecoderOptions};
use symphonia::core::errors::Error as SymphoniaError;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    #[error("Die Audiodaten des Sprachdienstes sind ungültig: {0}")]
    Decode(String),
    #[error("Die Audiodaten enthalten keinen Ton.")]
    Empty,
    #[error("MP3-Kodierung fehlgeschlagen: {0}")]
    Encode(String),
}

/// Mono 16-bit PCM.
#[derive(Debug, Clone, PartialEq)]
pub struct Pcm {
    pub sample_rate: u32,
    pub samples: Vec<i16>,
}

impl Pcm {
    pub fn duration_seconds(&self) -> f64 {
        self.samples.len() as f64 / self.sample_rate as f64
    }
}

/// Decodes any container/codec symphonia knows (WAV, MP3) and mixes it down to mono.
/// `extension` is a hint such as "wav" or "mp3".
pub fn decode(bytes: &[u8], extension: &str) -> Result<Pcm, AudioError> {
    let source = MediaSourceStream::new(Box::new(Cursor::new(bytes.to_vec())), Default::default());
    let mut hint = Hint::new();
    hint.with_extension(extension);
    let probed = symphonia::default::get_probe()
        .format(&hint, source, &FormatOptions::default(), &MetadataOptions::default())
        .map_err(|e| AudioError::Decode(e.to_string()))?;
    let mut format = probed.format;
    let track = format
        .tracks()
        .iter()
        .find(|t| t.codec_params.codec != CODEC_TYPE_NULL)
        .ok_or_else(|| AudioError::Decode("keine Tonspur".into()))?;
    let track_id = track.id;
    let mut decoder = symphonia::default::get_codecs()
        .make(&track.codec_params, &DecoderOptions::default())
        .map_err(|e| AudioError::Decode(e.to_string()))?;
    let mut sample_rate = track.codec_params.sample_rate.unwrap_or(0);
    let mut samples = Vec::new();
    loop {
        let packet = match format.next_packet() {
            Ok(packet) => packet,
            Err(SymphoniaError::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
            Err(e) => return Err(AudioError::Decode(e.to_string())),
        };
        if packet.track_id() != track_id {
            continue;
        }
        let decoded = match decoder.decode(&packet) {
            Ok(decoded) => decoded,
            // A damaged frame is skipped, as players do.
            Err(SymphoniaError::DecodeError(_)) => continue,
            Err(e) => return Err(AudioError::Decode(e.to_string())),
        };
        let spec = *decoded.spec();
        sample_rate = spec.rate;
        let channels = spec.channels.count().max(1);
        let mut buffer = SampleBuffer::<i16>::new(decoded.capacity() as u64, spec);
        buffer.copy_interleaved_ref(decoded);
        samples.extend(
            buffer
                .samples()
                .chunks(channels)
                .map(|frame| (frame.iter().map(|&s| s as i32).sum::<i32>() / channels as i32) as i16),
        );
    }
    if samples.is_empty() || sample_rate == 0 {
        return Err(AudioError::Empty);
    }
    Ok(Pcm { sample_rate, samples })
}

/// Frames of this length decide where a piece's sound starts and ends.
const EDGE_FRAME_SECONDS: f64 = 0.01;
/// Edge frames this far below the piece's loudest frame are silence.
const EDGE_SILENCE_BELOW_DB: f64 = 40.0;
/// Kept before the first and after the last sound (breath, soft consonants).
const EDGE_MARGIN_SECONDS: f64 = 0.02;
/// Fade in and out at both ends: no click where a piece meets the pause.
const FADE_SECONDS: f64 = 0.005;

/// The piece without the silence engines leave at its start and end (each engine leaves
/// a different amount, which made the pauses between sentences uneven).
pub fn trim_silence(pcm: &Pcm) -> Pcm {
    let (start, end) = speech_bounds(pcm);
    Pcm { sample_rate: pcm.sample_rate, samples: pcm.samples[start..end].to_vec() }
}

/// The sample range [`trim_silence`] keeps.
fn speech_bounds(pcm: &Pcm) -> (usize, usize) {
    let whole = (0, pcm.samples.len());
    let frame = ((pcm.sample_rate as f64 * EDGE_FRAME_SECONDS) as usize).max(1);
    let levels: Vec<f64> = pcm
        .samples
        .chunks(frame)
        .map(|c| (c.iter().map(|&s| (s as f64) * (s as f64)).sum::<f64>() / c.len() as f64).sqrt())
        .collect();
    let loudest = levels.iter().copied().fold(0.0, f64::max);
    if loudest <= 0.0 {
        return whole;
    }
    let threshold = loudest * 10f64.powf(-EDGE_SILENCE_BELOW_DB / 20.0);
    let (Some(first), Some(last)) =
        (levels.iter().position(|&l| l > threshold), levels.iter().rposition(|&l| l > threshold))
    else {
        return whole;
    };
    let margin = (pcm.sample_rate as f64 * EDGE_MARGIN_SECONDS) as usize;
    let start = (first * frame).saturating_sub(margin);
    let end = ((last + 1) * frame + margin).min(pcm.samples.len());
    (start, end)
}

fn fade_edges(pcm: &mut Pcm) {
    let n = ((pcm.sample_rate as f64 * FADE_SECONDS) as usize).min(pcm.samples.len() / 2);
    let len = pcm.samples.len();
    for i in 0..n {
        let factor = i as f64 / n as f64;
        pcm.samples[i] = (pcm.samples[i] as f64 * factor) as i16;
        pcm.samples[len - 1 - i] = (pcm.samples[len - 1 - i] as f64 * factor) as i16;
    }
}

/// One engine answer made ready to join: silent edges trimmed, brought to the target
/// loudness under the true-peak ceiling, edges faded. CPU work: call it off the async threads.
pub fn prepare_piece(pcm: &Pcm) -> Pcm {
    prepare_piece_trimmed(pcm).0
}

/// [`prepare_piece`], and the seconds cut off its start: the engine's times of words and
/// sentences in the piece come that much earlier in what is kept.
pub fn prepare_piece_trimmed(pcm: &Pcm) -> (Pcm, f64) {
    let (start, end) = speech_bounds(pcm);
    let trimmed = Pcm { sample_rate: pcm.sample_rate, samples: pcm.samples[start..end].to_vec() };
    let mut piece = loudness::normalize(&trimmed);
    fade_edges(&mut piece);
    (piece, start as f64 / pcm.sample_rate.max(1) as f64)
}

/// Joins chunks of one text into one track, with a short pause between sentences.
/// All chunks come from one engine and voice, so they share one sample rate.
pub fn join(chunks: Vec<Pcm>, pause_ms: u32) -> Result<Pcm, AudioError> {
    let pauses = vec![pause_ms; chunks.len()];
    join_with_pauses(chunks, &pauses)
}

/// Joins chunks with the pause after each (`pauses[i]` follows chunk `i`; the last is unused).
pub fn join_with_pauses(chunks: Vec<Pcm>, pauses: &[u32]) -> Result<Pcm, AudioError> {
    let mut chunks = chunks.into_iter();
    let mut joined = chunks.next().ok_or(AudioError::Empty)?;
    for (i, chunk) in chunks.enumerate() {
        let pause =
            vec![0i16; (joined.sample_rate as u64 * pauses.get(i).copied().unwrap_or(0) as u64 / 1000) as usize];
        if chunk.sample_rate != joined.sample_rate {
            return Err(AudioError::Decode(format!(
                "uneinheitliche Abtastraten ({} und {} Hz)",
                joined.sample_rate, chunk.sample_rate
            )));
        }
        joined.samples.extend_from_slice(&pause);
        joined.samples.extend_from_slice(&chunk.samples);
    }
    Ok(joined)
}

/// How much later a sound comes in the decoded MP3 than in what was encoded: LAME's
/// encoder delay and the decoder's (1,105 samples) plus one frame (576 samples below
/// 32 kHz, 1,152 above). Our MP3s carry no gapless header, so players hear this delay
/// too; the timed text adds it so a sentence lights up when it is heard.
pub fn mp3_delay_seconds(sample_rate: u32) -> f64 {
    let frame = if sample_rate < 32_000 { 576 } else { 1152 };
    (1105 + frame) as f64 / sample_rate.max(1) as f64
}

/// Mono MP3 at 64 kbit/s: clear speech at a small size.
pub fn encode_mp3(pcm: &Pcm) -> Result<Vec<u8>, AudioError> {
    let mut encoder = Mp3Stream::new(pcm.sample_rate)?;
    let mut mp3 = encoder.encode(&pcm.samples)?;
    mp3.extend(encoder.finish()?);
    Ok(mp3)
}

fn encode_err(e: impl std::fmt::Display) -> AudioError {
    AudioError::Encode(e.to_string())
}

/// One MP3 encoded piece by piece, so its first frames can go out while later
/// sentences are still being synthesized. The pieces joined are one valid MP3.
pub struct Mp3Stream {
    encoder: mp3lame_encoder::Encoder,
}

impl Mp3Stream {
    pub fn new(sample_rate: u32) -> Result<Self, AudioError> {
        let mut builder = Builder::new().ok_or_else(|| AudioError::Encode("LAME nicht verfügbar".into()))?;
        builder.set_num_channels(1).map_err(encode_err)?;
        builder.set_sample_rate(sample_rate).map_err(encode_err)?;
        builder.set_brate(Bitrate::Kbps64).map_err(encode_err)?;
        builder.set_quality(Quality::Good).map_err(encode_err)?;
        Ok(Mp3Stream { encoder: builder.build().map_err(encode_err)? })
    }

    /// The frames these samples complete (LAME keeps a few samples back for the next).
    pub fn encode(&mut self, samples: &[i16]) -> Result<Vec<u8>, AudioError> {
        // LAME's worst case: 1.25 x samples + 7200 bytes.
        let mut mp3 = Vec::with_capacity(samples.len() * 5 / 4 + 7200);
        self.encoder.encode_to_vec(MonoPcm(samples), &mut mp3).map_err(encode_err)?;
        Ok(mp3)
    }

    /// The last frames: what LAME still holds, padded to a whole frame, so every sample
    /// encoded is heard (a flush without the padding dropped the last 60-90 ms).
    pub fn finish(mut self) -> Result<Vec<u8>, AudioError> {
        let mut mp3 = Vec::with_capacity(7200);
        self.encoder.flush_to_vec::<FlushGap>(&mut mp3).map_err(encode_err)?;
        Ok(mp3)
    }
}

/// Linear resampling: enough for speech between common rates (22.05 to 24 kHz for the
/// OpenAI-compatible `pcm` format, which is fixed at 24 kHz).
pub fn resample(samples: &[i16], from: u32, to: u32) -> Vec<i16> {
    if from == to || samples.is_empty() {
        return samples.to_vec();
    }
    let out_len = (samples.len() as u64 * to as u64 / from as u64) as usize;
    let step = from as f64 / to as f64;
    (0..out_len)
        .map(|i| {
            let position = i as f64 * step;
            let index = position as usize;
            let next = samples.get(index + 1).copied().unwrap_or(samples[index.min(samples.len() - 1)]);
            let current = samples[index.min(samples.len() - 1)];
            let fraction = position - index as f64;
            (current as f64 + (next as f64 - current as f64) * fraction).round() as i16
        })
        .collect()
}

/// Little-endian bytes of 16-bit samples.
pub fn pcm16_bytes(samples: &[i16]) -> Vec<u8> {
    samples.iter().flat_map(|s| s.to_le_bytes()).collect()
}

/// A finished MP3 and its duration as players hear it.
pub struct Mp3 {
    pub bytes: Vec<u8>,
    pub duration_seconds: f64,
}

/// Encodes and measures: the duration counted from the encoded frames (what a decoder
/// makes of them, without decoding them).
pub fn finish(pcm: &Pcm) -> Result<Mp3, AudioError> {
    let bytes = encode_mp3(pcm)?;
    let duration_seconds = frames::of(&bytes)?.duration_seconds();
    Ok(Mp3 { bytes, duration_seconds })
}

/// Wraps raw little-endian 16-bit mono PCM (as some providers send it) in a WAV header.
pub fn wav_from_pcm16(pcm: &[u8], sample_rate: u32) -> Vec<u8> {
    let mut wav = Vec::with_capacity(44 + pcm.len());
    wav.extend_from_slice(&wav_header(sample_rate, pcm.len() as u32));
    wav.extend_from_slice(pcm);
    wav
}

/// The header of a WAV sent before its length is known: it states the largest length
/// (as ffmpeg writes to a pipe), and readers take the samples up to the end of the file.
pub fn wav_header_streaming(sample_rate: u32) -> [u8; 44] {
    wav_header(sample_rate, u32::MAX - 36)
}

/// The 44-byte header of 16-bit mono PCM with `data_bytes` of samples.
fn wav_header(sample_rate: u32, data_bytes: u32) -> [u8; 44] {
    let mut header = [0u8; 44];
    let byte_rate = sample_rate * 2;
    let fields: [&[u8]; 12] = [
        b"RIFF",
        &(36u32.saturating_add(data_bytes)).to_le_bytes(),
        b"WAVEfmt ",
        &16u32.to_le_bytes(),
        &1u16.to_le_bytes(), // PCM
        &1u16.to_le_bytes(), // mono
        &sample_rate.to_le_bytes(),
        &byte_rate.to_le_bytes(),
        &2u16.to_le_bytes(),  // block align
        &16u16.to_le_bytes(), // bits per sample
        b"data",
        &data_bytes.to_le_bytes(),
    ];
    let mut at = 0;
    for field in fields {
        header[at..at + field.len()].copy_from_slice(field);
        at += field.len();
    }
    header
}

/// The longest stretch quieter than a whisper (RMS under 100 in 10 ms windows), in
/// seconds: how tests see pauses and gaps.
pub fn longest_quiet_seconds(pcm: &Pcm) -> f64 {
    let window = (pcm.sample_rate / 100).max(1) as usize;
    let (mut run, mut longest) = (0usize, 0usize);
    for frame in pcm.samples.chunks(window) {
        let rms = (frame.iter().map(|&s| (s as f64).powi(2)).sum::<f64>() / frame.len() as f64).sqrt();
        run = if rms < 100.0 { run + frame.len() } else { 0 };
        longest = longest.max(run);
    }
    longest as f64 / pcm.sample_rate as f64
}

#[cfg(test)]
mod tests {

    /// A sound encoded at 0.5 s is heard in the decoded MP3 after the delay the timed
    /// text adds, within a millisecond, at the rates our engines deliver.
    #[test]
    fn the_mp3_delay_is_what_decoding_shows() {
        for rate in [22_050u32, 24_000, 44_100] {
            let mut samples = vec![0i16; rate as usize / 2];
            samples.extend((0..rate as usize).map(|i| ((i as f64 * 0.3).sin() * 20000.0) as i16));
            let pcm = decode(&encode_mp3(&Pcm { sample_rate: rate, samples }).unwrap(), "mp3").unwrap();
            let heard = pcm.samples.iter().position(|s| s.abs() > 2000).unwrap() as f64 / rate as f64;
            assert!((heard - 0.5 - mp3_delay_seconds(rate)).abs() < 0.001, "{rate} Hz: heard at {heard:.4} s");
        }
    }
    use super::*;

    fn tone(seconds: f64, rate: u32) -> Pcm {
        let n = (seconds * rate as f64) as usize;
        let samples =
            (0..n).map(|i| ((i as f64 * 440.0 * std::f64::consts::TAU / rate as f64).sin() * 8000.0) as i16).collect();
        Pcm { sample_rate: rate, samples }
    }

    #[test]
    fn wav_round_trips_through_the_decoder() {
        let pcm = tone(0.5, 22050);
        let bytes: Vec<u8> = pcm.samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        let decoded = decode(&wav_from_pcm16(&bytes, 22050), "wav").unwrap();
        assert_eq!(decoded, pcm);
    }

    #[test]
    fn mp3_keeps_the_duration() {
        let mp3 = finish(&tone(2.0, 22050)).unwrap();
        assert!(mp3.bytes.len() > 1000);
        assert!((mp3.duration_seconds - 2.0).abs() < 0.1, "got {}", mp3.duration_seconds);
    }

    #[test]
    fn join_inserts_pauses_and_rejects_mixed_rates() {
        let joined = join(vec![tone(1.0, 16000), tone(1.0, 16000)], 250).unwrap();
        assert_eq!(joined.samples.len(), 16000 * 2 + 4000);
        assert!(join(vec![tone(1.0, 16000), tone(1.0, 24000)], 250).is_err());
    }

    #[test]
    fn an_mp3_encoded_in_pieces_decodes_to_the_whole_duration() {
        let mut stream = Mp3Stream::new(22050).unwrap();
        let mut mp3 = Vec::new();
        for _ in 0..4 {
            mp3.extend(stream.encode(&tone(0.5, 22050).samples).unwrap());
        }
        mp3.extend(stream.finish().unwrap());
        let decoded = decode(&mp3, "mp3").unwrap();
        assert!((decoded.duration_seconds() - 2.0).abs() < 0.1, "got {}", decoded.duration_seconds());
    }

    #[test]
    fn resampling_keeps_the_duration() {
        let pcm = tone(1.0, 22050);
        let resampled = resample(&pcm.samples, 22050, 24000);
        assert_eq!(resampled.len(), 24000);
        assert_eq!(resample(&pcm.samples, 22050, 22050), pcm.samples);
    }

    #[test]
    fn engines_silence_at_the_edges_is_trimmed_to_a_short_margin() {
        let rate = 16_000;
        let mut samples = vec![0i16; rate as usize / 2];
        samples.extend(tone(1.0, rate).samples);
        samples.extend(vec![3i16; rate as usize]);
        let trimmed = trim_silence(&Pcm { sample_rate: rate, samples });
        let seconds = trimmed.duration_seconds();
        assert!((1.0..1.1).contains(&seconds), "{seconds}");
        let quiet = Pcm { sample_rate: rate, samples: vec![0; 1000] };
        assert_eq!(trim_silence(&quiet), quiet);
    }

    /// Pieces with long silent edges, joined: between the sounds of two pieces there is
    /// the configured pause, plus at most the two margins, never the engines' silence.
    #[test]
    fn joins_have_the_fixed_pause_and_no_longer_gap() {
        let rate = 16_000;
        let piece = || {
            let mut samples = vec![0i16; rate as usize * 3 / 4];
            samples.extend(tone(1.5, rate).samples);
            samples.extend(vec![0i16; rate as usize * 3 / 4]);
            prepare_piece(&Pcm { sample_rate: rate, samples })
        };
        let joined = join(vec![piece(), piece(), piece()], 250).unwrap();
        let longest_quiet_run = joined
            .samples
            .chunks(16)
            .fold((0usize, 0usize), |(run, best), c| {
                let quiet = c.iter().all(|s| s.unsigned_abs() < 300);
                let run = if quiet { run + c.len() } else { 0 };
                (run, best.max(run))
            })
            .1;
        let gap = longest_quiet_run as f64 / rate as f64;
        assert!(gap <= 0.25 + 2.0 * EDGE_MARGIN_SECONDS + 0.02, "gap {gap:.3} s");
        // Every piece starts and ends without a click: the first and last samples are near 0.
        assert!(joined.samples[0].unsigned_abs() < 100 && joined.samples.last().unwrap().unsigned_abs() < 100);
    }

    /// A WAV streamed before its length was known decodes to exactly the samples sent.
    #[test]
    fn a_streamed_wav_decodes_to_the_samples_that_followed_its_header() {
        let pcm = tone(0.5, 24_000);
        let mut wav = wav_header_streaming(24_000).to_vec();
        wav.extend_from_slice(&pcm16_bytes(&pcm.samples));
        assert_eq!(decode(&wav, "wav").unwrap(), pcm);
    }

    /// LAME holds the last samples of a stream back until it is flushed; the flush must
    /// write them (the review found every file cut 64-89 ms short, mid-sound): the tone
    /// is heard to its last sample, after the codec's delay.
    #[test]
    fn an_mp3_keeps_every_sample_to_its_end() {
        for rate in [22_050u32, 24_000, 44_100] {
            let pcm = tone(1.0, rate);
            let decoded = decode(&encode_mp3(&pcm).unwrap(), "mp3").unwrap();
            let delay = (mp3_delay_seconds(rate) * rate as f64) as usize;
            let last_sound = decoded.samples.iter().rposition(|s| s.unsigned_abs() > 2000).unwrap();
            let heard_to = (last_sound - delay) as f64 / rate as f64;
            assert!(heard_to > 0.998, "{rate} Hz: the tone ends at {heard_to:.3} s of 1 s");
        }
    }

    #[test]
    fn garbage_is_a_decode_error() {
        assert!(decode(b"definitely not audio", "mp3").is_err());
    }
}
