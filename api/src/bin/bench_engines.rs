//! `stimmwerk-bench-engines`: what 1,000 characters of German cost with each engine on
//! this machine. The local engine (eSpeak NG) is measured whole: CPU seconds of this
//! process and of the eSpeak processes it starts. A cloud engine costs its provider's
//! price (the approximate list prices of the product specification) plus our own work on
//! its answer: the text normalised and cut into requests, the audio decoded, levelled to
//! -16 LUFS, encoded as MP3 and measured. That part runs here on a recording in the
//! provider's format (the eSpeak speech of the same text, made before the clock starts),
//! so no network and no key is needed. Run it through `scripts/bench-engines.sh`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use async_trait::async_trait;
use shared::audio;
use shared::engine::{
    EngineAudio, EngineError, GeminiEngine, GoogleEngine, LocalEngine, MurfEngine, OpenAiEngine, SpeechEngine,
    SynthesisRequest,
};
use shared::text_to_mp3::{self, Speech};

const RUNS: usize = 3;

/// CPU seconds of this process and of its finished children (eSpeak) so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command name (which may hold spaces) start after ") ".
    let fields: Vec<f64> =
        stat.rsplit_once(") ").expect("stat format").1.split(' ').map(|f| f.parse().unwrap_or(0.0)).collect();
    // utime, stime, cutime, cstime are fields 14-17 (1-based), 11-14 here.
    let ticks: f64 = fields[11..15].iter().sum();
    ticks / 100.0
}

/// A provider's answer replayed: the same recording for every request, in the format the
/// provider sends.
struct Replay {
    max_chunk: usize,
    bytes: Vec<u8>,
    extension: &'static str,
    requests: AtomicUsize,
}

#[async_trait]
impl SpeechEngine for Replay {
    fn max_chunk(&self) -> usize {
        self.max_chunk
    }

    async fn synthesize(&self, _request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        Ok(EngineAudio::new(self.bytes.clone(), self.extension))
    }
}

fn text() -> String {
    let paragraph = "Am 3. Mai 2026 um 14:30 Uhr stellte die Stadtbibliothek ihr neues Hörbuchangebot vor. \
        Für 12,50 € im Jahr können Mitglieder mehr als 1.200 Titel hören, z. B. Romane, Sachbücher und Kinderbücher. \
        Die Nachfrage ist groß: Schon in der ersten Woche meldeten sich 37 % mehr Leserinnen und Leser an als erwartet. ";
    let mut text = String::new();
    while text.chars().count() < 1000 {
        text.push_str(paragraph);
    }
    text.chars().take(1000).collect::<String>().trim_end().to_owned()
}

async fn measure(engine: &dyn SpeechEngine, text: &str, voice: &str) -> anyhow::Result<(f64, f64, f64)> {
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    let mut seconds = 0.0;
    for _ in 0..RUNS {
        let (cpu_before, started) = (cpu_seconds(), Instant::now());
        let speech =
            Speech { text, voice, language: "de-DE", rate: None, pitch: None, instructions: None, dictionary: &[] };
        let mp3 = text_to_mp3::render(engine, speech, 2).await?.mp3;
        wall.push(started.elapsed().as_secs_f64());
        cpu.push(cpu_seconds() - cpu_before);
        seconds = mp3.duration_seconds;
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    Ok((median(&mut cpu), median(&mut wall), seconds))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let text = text();
    let chars = text.chars().count() as f64;
    let per_1000 = 1000.0 / chars;
    let local = LocalEngine::default();
    let (cpu, wall, seconds) = measure(&local, &text, "de+m3").await?;
    println!("| engine | price per 1,000 characters | our CPU s per 1,000 characters | wall s | audio s |");
    println!("|---|---|---|---|---|");
    println!(
        "| local (eSpeak NG, de+m3) | none (CPU only) | {:.2} (synthesis included) | {:.2} | {seconds:.1} |",
        cpu * per_1000,
        wall * per_1000
    );

    // The recording the providers' answers are replayed from: the same text, spoken once.
    let speech = Speech {
        text: &text,
        voice: "de+m3",
        language: "de-DE",
        rate: None,
        pitch: None,
        instructions: None,
        dictionary: &[],
    };
    let recording = audio::decode(&text_to_mp3::render(&local, speech, 2).await?.mp3.bytes, "mp3")?;
    let at_24k =
        audio::Pcm { sample_rate: 24_000, samples: audio::resample(&recording.samples, recording.sample_rate, 24_000) };
    let mp3 = audio::encode_mp3(&at_24k)?;
    let wav = audio::wav_from_pcm16(&audio::pcm16_bytes(&at_24k.samples), 24_000);
    let cloud: [(&str, &str, usize, &[u8], &'static str); 4] = [
        ("OpenAI (gpt-4o-mini-tts, MP3)", "about $0.015", OpenAiEngine::MAX_CHUNK, &mp3, "mp3"),
        ("Murf (GEN2, MP3)", "about $0.02", MurfEngine::MAX_CHUNK, &mp3, "mp3"),
        ("Google Cloud TTS (MP3)", "about $0.01", GoogleEngine::MAX_CHUNK, &mp3, "mp3"),
        ("Gemini TTS (24 kHz PCM)", "about $0.01", GeminiEngine::MAX_CHUNK, &wav, "wav"),
    ];
    for (name, price, max_chunk, bytes, extension) in cloud {
        let replay = Replay { max_chunk, bytes: bytes.to_vec(), extension, requests: AtomicUsize::new(0) };
        let (cpu, wall, seconds) = measure(&replay, &text, "replay").await?;
        let requests = replay.requests.load(Ordering::Relaxed) / RUNS;
        // Each request got the whole recording: per request, the audio of its share.
        let share = 1.0 / requests.max(1) as f64;
        println!(
            "| {name} | {price} | {:.2} (our side; {requests} request(s)) | {:.2} | {:.1} |",
            cpu * per_1000 * share,
            wall * per_1000 * share,
            seconds * share
        );
    }
    Ok(())
}
