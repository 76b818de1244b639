//! A browser recording (MediaRecorder: WebM with Opus) made readable and checked. Symphonia
//! has no Opus decoder and its WebM reader stops at the live-recorded clusters of unknown
//! size, so FFmpeg reads it: first `ffprobe` says what the file is (the container and codec
//! must be WebM and Opus, nothing else is even decoded), then `ffmpeg` decodes it to mono
//! 16 kHz PCM with the input format and decoder fixed. Both run without a shell, with a
//! time limit, on a temporary file.

use std::process::Stdio;
use std::time::Duration;

use tokio::process::Command;

use crate::audio::Pcm;
use crate::domain::voice_sample::{self, SampleFacts};
use crate::error::{Error, Result};

/// Rate the checks and the local analysis work at.
const SAMPLE_RATE: u32 = 16_000;
const TOOL_TIMEOUT: Duration = Duration::from_secs(60);
/// Every WebM (Matroska) file starts with the EBML magic.
const EBML_MAGIC: [u8; 4] = [0x1A, 0x45, 0xDF, 0xA3];
const TITLE: &str = "Aufnahme ungeeignet";

fn wrong_type() -> Error {
    Error::invalid(TITLE, "Die Aufnahme muss eine WebM-Datei mit Opus-Ton sein (audio/webm;codecs=opus).")
}

fn unreadable() -> Error {
    Error::invalid(TITLE, "Die Aufnahme ist beschädigt und lässt sich nicht lesen. Bitte nehmen Sie erneut auf.")
}

/// A checked recording: the file, its decoded sound and what the checks measured.
pub struct Recording {
    pub webm: Vec<u8>,
    pub pcm: Pcm,
    pub facts: SampleFacts,
}

/// Decodes and checks an uploaded recording: WebM/Opus, at most `max_bytes`, 5 to 300
/// seconds, not silent, not clipped. Every refusal is a 422 with the German reason.
pub async fn check(webm: Vec<u8>, max_bytes: usize) -> Result<Recording> {
    if webm.len() > max_bytes {
        return Err(Error::invalid(
            TITLE,
            format!("Die Aufnahme ist zu groß (höchstens {} MB).", max_bytes / (1024 * 1024)),
        ));
    }
    let pcm = decode(&webm).await?;
    let facts = voice_sample::check(&pcm).map_err(|problem| Error::invalid(TITLE, problem.to_string()))?;
    Ok(Recording { webm, pcm, facts })
}

/// FFmpeg runs at once in this process: decoding minutes of audio is CPU work, and a
/// burst of uploads must not starve the rest of the server (the others wait their turn).
static DECODE_SLOTS: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
});

/// Decodes a WebM/Opus file to mono 16 kHz PCM.
pub async fn decode(webm: &[u8]) -> Result<Pcm> {
    if !webm.starts_with(&EBML_MAGIC) {
        return Err(wrong_type());
    }
    let _slot = DECODE_SLOTS.acquire().await.map_err(|e| Error::Internal(e.into()))?;
    let dir = tempfile::tempdir().map_err(|e| Error::Internal(e.into()))?;
    let path = dir.path().join("recording.webm");
    tokio::fs::write(&path, webm).await.map_err(|e| Error::Internal(e.into()))?;

    let probe = run(Command::new("ffprobe").args(["-v", "error", "-f", "matroska"]).arg(&path).args([
        "-select_streams",
        "a",
        "-show_entries",
        "stream=codec_name",
        "-of",
        "csv=p=0",
    ]))
    .await?;
    let probe = probe.ok_or_else(unreadable)?;
    let codecs: Vec<String> = String::from_utf8_lossy(&probe).lines().map(|l| l.trim().to_owned()).collect();
    if codecs.first().map(String::as_str) != Some("opus") {
        return Err(wrong_type());
    }

    let raw = run(Command::new("ffmpeg")
        .args(["-hide_banner", "-nostdin", "-v", "error", "-f", "matroska", "-c:a", "opus", "-i"])
        .arg(&path)
        .args(["-map", "0:a:0", "-t", "330", "-ac", "1", "-ar", &SAMPLE_RATE.to_string(), "-f", "s16le", "pipe:1"]))
    .await?
    .ok_or_else(unreadable)?;
    let samples: Vec<i16> = raw.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
    if samples.is_empty() {
        return Err(unreadable());
    }
    Ok(Pcm { sample_rate: SAMPLE_RATE, samples })
}

/// Runs one FFmpeg tool: its output, `None` when it refused the file, an internal error
/// when it is missing or hangs.
async fn run(command: &mut Command) -> Result<Option<Vec<u8>>> {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| Error::Internal(anyhow::anyhow!("FFmpeg is not installed: {e}")))?;
    let output = tokio::time::timeout(TOOL_TIMEOUT, child.wait_with_output())
        .await
        .map_err(|_| Error::Internal(anyhow::anyhow!("FFmpeg did not finish in time")))?
        .map_err(|e| Error::Internal(e.into()))?;
    if !output.status.success() {
        tracing::info!(stderr = %String::from_utf8_lossy(&output.stderr).trim(), "FFmpeg refused a recording");
        return Ok(None);
    }
    Ok(Some(output.stdout))
}

/// Test recordings made the way a browser makes them (FFmpeg's libopus in WebM).
#[cfg(any(test, feature = "test-support"))]
pub mod testing {
    use super::*;

    /// Encodes PCM as WebM/Opus (`codec` "libopus"; "libvorbis" for a wrong codec).
    pub async fn webm(pcm: &Pcm, codec: &str) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let wav = dir.path().join("in.wav");
        let out = dir.path().join("out.webm");
        let bytes = crate::audio::wav_from_pcm16(&crate::audio::pcm16_bytes(&pcm.samples), pcm.sample_rate);
        std::fs::write(&wav, bytes).unwrap();
        let status = std::process::Command::new("ffmpeg")
            .args(["-hide_banner", "-v", "error", "-y", "-i"])
            .arg(&wav)
            .args(["-c:a", codec, "-f", "webm"])
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success());
        std::fs::read(out).unwrap()
    }

    /// A voiced tone at `hz` with harmonics whose loudness pulses like syllables.
    pub fn speech_like(hz: f64, seconds: f64, amplitude: f64) -> Pcm {
        let rate = 48_000u32;
        let n = (seconds * rate as f64) as usize;
        let samples = (0..n)
            .map(|i| {
                let t = i as f64 / rate as f64;
                let envelope = 0.55 - 0.45 * (std::f64::consts::TAU * 4.0 * t).cos();
                let wave: f64 = (1..=4).map(|k| (std::f64::consts::TAU * hz * k as f64 * t).sin() / k as f64).sum();
                (wave * envelope * amplitude).clamp(-32767.0, 32767.0) as i16
            })
            .collect();
        Pcm { sample_rate: rate, samples }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{speech_like, webm};
    use super::*;

    const MAX: usize = 15 * 1024 * 1024;

    fn message(error: Error) -> String {
        error.to_string()
    }

    #[tokio::test]
    async fn a_browser_recording_is_decoded_and_measured() {
        let file = webm(&speech_like(140.0, 8.0, 6000.0), "libopus").await;
        let recording = check(file, MAX).await.unwrap();
        assert!((recording.facts.duration_seconds - 8.0).abs() < 0.2, "{:?}", recording.facts);
        assert_eq!(recording.pcm.sample_rate, 16_000);
    }

    #[tokio::test]
    async fn wrong_types_short_silent_clipped_and_large_recordings_are_refused_in_german() {
        let vorbis = webm(&speech_like(140.0, 8.0, 6000.0), "libvorbis").await;
        assert!(message(check(vorbis, MAX).await.err().unwrap()).contains("WebM-Datei mit Opus"));
        let mp3 = crate::audio::encode_mp3(&speech_like(140.0, 8.0, 6000.0)).unwrap();
        assert!(message(check(mp3, MAX).await.err().unwrap()).contains("WebM-Datei mit Opus"));
        let short = webm(&speech_like(140.0, 2.0, 6000.0), "libopus").await;
        assert!(message(check(short, MAX).await.err().unwrap()).contains("zu kurz"));
        let silent = webm(&Pcm { sample_rate: 48_000, samples: vec![0; 48_000 * 8] }, "libopus").await;
        assert!(message(check(silent, MAX).await.err().unwrap()).contains("stumm"));
        let clipped = webm(&speech_like(140.0, 8.0, 90_000.0), "libopus").await;
        assert!(message(check(clipped, MAX).await.err().unwrap()).contains("übersteuert"));
        let large = webm(&speech_like(140.0, 8.0, 6000.0), "libopus").await;
        assert!(message(check(large, 1000).await.err().unwrap()).contains("zu groß"));
        let mut broken = webm(&speech_like(140.0, 8.0, 6000.0), "libopus").await;
        broken.truncate(60);
        assert!(check(broken, MAX).await.is_err());
    }
}
