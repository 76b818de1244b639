"""Checks an audio file against a delivery profile with ffmpeg's own measurements, never
the product's arithmetic, and prints every figure and what fails. Exit 1 when something
fails. `scripts/check-audio.sh FILE --profile acx|podcast|standard`.

ACX (Audible) asks of every chapter file: MP3 at 192 kb/s constant bit rate, 44.1 kHz;
RMS between -23 and -18 dB; peaks at most -3 dB; a noise floor at most -60 dB (RMS of the
quietest half second); 0.5 to 1 s of room tone at the head and 1 to 5 s at the tail.
The podcast profile asks for -16 LUFS (+-1) and 128 kb/s. Every profile asks that the file
end in silence, not mid-sound: its last 50 ms peak under -50 dB.
"""

import json
import re
import subprocess
import sys

SILENCE_DB = -60


def probe(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", path],
        check=True, capture_output=True, text=True,
    ).stdout
    data = json.loads(out)
    audio = next(s for s in data["streams"] if s["codec_type"] == "audio")
    return data["format"], audio


def ffmpeg_filter(path, audio_filter, seek=()):
    """ffmpeg's log of one analysis filter over the whole file (or from `seek`)."""
    return subprocess.run(
        ["ffmpeg", "-hide_banner", "-nostats", *seek, "-i", path, "-map", "0:a", "-af", audio_filter, "-f", "null", "-"],
        check=True, capture_output=True, text=True,
    ).stderr


def number(pattern, text, default=None):
    found = re.findall(pattern, text)
    if not found:
        return default
    value = found[-1]
    return float("-inf") if value in ("-inf", "inf") and value.startswith("-") else float(value)


def measure(path):
    fmt, audio = probe(path)
    stats = ffmpeg_filter(path, "astats=length=0.5:metadata=0")
    overall = stats[stats.rfind("Overall"):]
    loudness = ffmpeg_filter(path, "ebur128=peak=true")
    silences = ffmpeg_filter(path, f"silencedetect=noise={SILENCE_DB}dB:d=0.2")
    starts = [float(v) for v in re.findall(r"silence_start: (-?[\d.]+)", silences)]
    ends = [float(v) for v in re.findall(r"silence_end: ([\d.]+)", silences)]
    end = ffmpeg_filter(path, "astats=metadata=0", seek=("-sseof", "-0.05"))
    end = end[end.rfind("Overall"):]
    duration = float(fmt["duration"])
    head = ends[0] if starts and abs(starts[0]) < 0.05 and ends else 0.0
    tail = duration - starts[-1] if starts and (len(ends) < len(starts) or ends[-1] >= duration - 0.05) else 0.0
    return {
        "codec": audio["codec_name"],
        "sample_rate": int(audio["sample_rate"]),
        "bit_rate_kbps": round(int(audio.get("bit_rate") or fmt.get("bit_rate") or 0) / 1000),
        "duration_s": round(duration, 3),
        "rms_db": number(r"RMS level dB: (-?[\d.]+|-inf)", overall),
        "peak_db": number(r"Peak level dB: (-?[\d.]+|-inf)", overall),
        "noise_floor_db": number(r"RMS trough dB: (-?[\d.]+|-inf)", overall, float("-inf")),
        "integrated_lufs": number(r"I:\s+(-?[\d.]+) LUFS", loudness),
        "true_peak_dbtp": number(r"Peak:\s+(-?[\d.]+) dBFS", loudness),
        "head_silence_s": round(head, 3),
        "tail_silence_s": round(tail, 3),
        "last_50ms_peak_db": number(r"Peak level dB: (-?[\d.]+|-inf)", end, float("-inf")),
    }


def constant_bit_rate(path):
    """True when every MP3 frame has the same bit rate (no VBR header, no frame differs)."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries", "packet=size", "-of", "csv=p=0", path],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    # At 44.1 kHz and 192 kb/s a frame is 626 or 627 bytes (the padding bit).
    sizes = {int(s) for s in out[1:-1] if s}
    return max(sizes) - min(sizes) <= 1 if sizes else False


def failures(profile, m, path):
    out = []
    if profile == "acx":
        if m["codec"] != "mp3":
            out.append(f"codec {m['codec']}, ACX asks for MP3")
        if m["sample_rate"] != 44100:
            out.append(f"sample rate {m['sample_rate']} Hz, ACX asks for 44100")
        if m["bit_rate_kbps"] < 192 or (m["codec"] == "mp3" and not constant_bit_rate(path)):
            out.append(f"bit rate {m['bit_rate_kbps']} kb/s, ACX asks for 192 kb/s constant")
        if not -23 <= m["rms_db"] <= -18:
            out.append(f"RMS {m['rms_db']} dB, ACX asks for -23 to -18")
        if m["peak_db"] > -3:
            out.append(f"peak {m['peak_db']} dB, ACX asks for at most -3")
        if m["noise_floor_db"] > -60:
            out.append(f"noise floor {m['noise_floor_db']} dB, ACX asks for at most -60")
        if not 0.5 <= m["head_silence_s"] <= 1.0:
            out.append(f"room tone at the head {m['head_silence_s']} s, ACX asks for 0.5 to 1")
        if not 1.0 <= m["tail_silence_s"] <= 5.0:
            out.append(f"room tone at the tail {m['tail_silence_s']} s, ACX asks for 1 to 5")
    elif profile == "podcast":
        if m["integrated_lufs"] is None or abs(m["integrated_lufs"] + 16) > 1:
            out.append(f"loudness {m['integrated_lufs']} LUFS, the podcast profile asks for -16")
        if m["bit_rate_kbps"] < 120:
            out.append(f"bit rate {m['bit_rate_kbps']} kb/s, the podcast profile asks for 128")
        if m["true_peak_dbtp"] is not None and m["true_peak_dbtp"] > -1:
            out.append(f"true peak {m['true_peak_dbtp']} dBTP, the podcast profile asks for at most -1")
    if m["last_50ms_peak_db"] > -50:
        out.append(f"the last 50 ms peak at {m['last_50ms_peak_db']} dB: the file ends in sound, not in silence")
    return out


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: check-audio.sh FILE [--profile acx|podcast|standard]")
    path = argv[1]
    profile = argv[argv.index("--profile") + 1] if "--profile" in argv else "standard"
    m = measure(path)
    failed = failures(profile, m, path)
    print(json.dumps({"file": path, "profile": profile, "measured": m, "failures": failed}, ensure_ascii=False))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv)
