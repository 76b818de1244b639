//! A bench-only engine: returns the same short clip at once, so a benchmark measures the
//! queue path (submit, pickup, status writes, storage) and not speech synthesis.

use async_trait::async_trait;

use super::{EngineAudio, EngineError, SpeechEngine, SynthesisRequest};

pub struct BenchEngine {
    clip: Vec<u8>,
}

impl BenchEngine {
    /// 0.2 s of a quiet tone at 16 kHz.
    pub fn new() -> Self {
        let rate = 16_000u32;
        let samples: Vec<u8> =
            (0..rate / 5).map(|i| ((i as f32 * 0.1).sin() * 1000.0) as i16).flat_map(i16::to_le_bytes).collect();
        Self { clip: audio::wav_from_pcm16(&samples, rate) }
    }
}

impl Default for BenchEngine {
    fn default() -> Self {
        Self::new()
    }
}

#[async_trait]
impl SpeechEngine for BenchEngine {
    fn max_chunk(&self) -> usize {
        5000
    }

    async fn synthesize(&self, _request: &SynthesisRequest) -> Result<EngineAudio, EngineError> {
        crate::engine::count_request("bench", "200");
        Ok(EngineAudio::new(self.clip.clone(), "wav"))
    }
}
