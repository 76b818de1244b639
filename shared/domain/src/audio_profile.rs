//! How each export profile makes a chapter ready, as ffmpeg arguments: the level, the
//! limiter, the room tone and the encoder. `scripts/check-audio.sh` measures the result
//! with ffmpeg itself; the figures are the stores' own:
//! - ACX (Audible): 44.1 kHz, 192 kb/s constant bit rate MP3, RMS between -23 and -18 dB,
//!   peaks at most -3 dB, noise floor at most -60 dB, 0.5 to 1 s of room tone at the head
//!   and 1 to 5 s at the tail of every chapter file;
//! - podcasts: -16 LUFS integrated, true peak at most -1.5 dBTP, 128 kb/s at 44.1 kHz.

use crate::kinds::ExportProfile;

/// The RMS every ACX chapter file is brought to, in the middle of ACX's -23 to -18 dB.
pub const ACX_TARGET_RMS_DB: f64 = -20.0;
/// The sample peak ACX files are limited to: under ACX's -3 dB with room for what MP3
/// encoding adds to peaks.
pub const ACX_LIMIT_DB: f64 = -4.0;
/// Room tone before and after the speech of an ACX chapter file.
pub const ACX_HEAD_MS: u32 = 750;
pub const ACX_TAIL_MS: u32 = 2_000;
/// The gain is never more than this either way (a chapter of silence measures -inf).
const MAX_GAIN_DB: f64 = 30.0;

/// The ACX filter for a chapter of `seconds` whose RMS measured `rms_db`: resampled to
/// 44.1 kHz, brought to the target RMS (counting the room tone that lowers the whole
/// file's RMS), peak-limited, padded with room tone at both ends.
pub fn acx_filter(rms_db: f64, seconds: f64) -> String {
    let padded = seconds + (ACX_HEAD_MS + ACX_TAIL_MS) as f64 / 1000.0;
    let gain = ACX_TARGET_RMS_DB - rms_db + 10.0 * (padded / seconds.max(0.1)).log10();
    let gain = if gain.is_finite() { gain.clamp(-MAX_GAIN_DB, MAX_GAIN_DB) } else { 0.0 };
    let limit = 10f64.powf(ACX_LIMIT_DB / 20.0);
    format!(
        "aresample=44100,volume={gain:.2}dB,alimiter=limit={limit:.4}:attack=5:release=50:level=false,\
         adelay={ACX_HEAD_MS}:all=1,apad=pad_dur={:.3}",
        ACX_TAIL_MS as f64 / 1000.0
    )
}

/// The integrated loudness of podcast files.
pub const PODCAST_LUFS: f64 = -16.0;
/// Their sample peaks, under the -1.5 dBTP true-peak ceiling with room for MP3.
pub const PODCAST_LIMIT_DB: f64 = -2.0;

/// The podcast filter for a chapter whose integrated loudness measured `lufs`: one gain
/// to -16 LUFS (not a loudness follower, which would lift the pauses into noise), then
/// the peak limiter, at 44.1 kHz.
pub fn podcast_filter(lufs: f64) -> String {
    let gain = PODCAST_LUFS - lufs;
    let gain = if gain.is_finite() { gain.clamp(-MAX_GAIN_DB, MAX_GAIN_DB) } else { 0.0 };
    let limit = 10f64.powf(PODCAST_LIMIT_DB / 20.0);
    format!("aresample=44100,volume={gain:.2}dB,alimiter=limit={limit:.4}:attack=5:release=50:level=false")
}

/// The MP3 encoder of a profile's chapter files: mono, 44.1 kHz, constant bit rate.
pub fn mp3_args(profile: ExportProfile) -> [&'static str; 8] {
    let rate = if profile == ExportProfile::Acx { "192k" } else { "128k" };
    ["-ar", "44100", "-ac", "1", "-c:a", "libmp3lame", "-b:a", rate]
}

/// The AAC encoder of an M4B: as small as speech allows for "Standard", at 44.1 kHz and
/// 128 kb/s for the stores.
pub fn aac_args(profile: ExportProfile) -> Vec<&'static str> {
    match profile {
        ExportProfile::Standard => vec!["-c:a", "aac", "-b:a", "64k"],
        _ => vec!["-c:a", "aac", "-b:a", "128k", "-ar", "44100"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_acx_chapter_is_brought_to_minus_twenty_counting_its_room_tone() {
        // A 60 s chapter at -26 dB RMS: +6 dB, and a little more for the 2.75 s of room tone.
        let filter = acx_filter(-26.0, 60.0);
        assert!(filter.contains("volume=6.19dB"), "{filter}");
        assert!(filter.contains("adelay=750:all=1") && filter.contains("apad=pad_dur=2.000"), "{filter}");
        assert!(filter.contains("limit=0.6310"), "{filter}");
        assert!(acx_filter(f64::NEG_INFINITY, 10.0).contains("volume=0.00dB"), "a silent chapter is left as it is");
        assert!(acx_filter(-90.0, 10.0).contains("volume=30.00dB"), "never more than 30 dB");
    }

    #[test]
    fn a_podcast_chapter_gets_one_gain_to_minus_sixteen_lufs_and_a_limiter() {
        let filter = podcast_filter(-18.0);
        assert!(filter.contains("volume=2.00dB") && filter.contains("limit=0.7943"), "{filter}");
        assert!(!filter.contains("loudnorm"), "no loudness follower that lifts the pauses");
    }

    #[test]
    fn acx_files_are_192_kbps_constant_at_44_1_khz() {
        assert_eq!(mp3_args(ExportProfile::Acx), ["-ar", "44100", "-ac", "1", "-c:a", "libmp3lame", "-b:a", "192k"]);
        assert_eq!(mp3_args(ExportProfile::Podcast)[7], "128k");
        assert_eq!(aac_args(ExportProfile::Standard), ["-c:a", "aac", "-b:a", "64k"]);
    }
}
