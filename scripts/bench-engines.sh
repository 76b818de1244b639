#!/usr/bin/env bash
# What 1,000 characters of German cost with each engine on this machine: CPU seconds
# for the local engine (eSpeak NG, synthesis included), and for the cloud engines their
# providers' approximate price plus our own CPU work on their answer (normalising,
# decoding, levelling, MP3), replayed from a recording in the provider's format.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
apt_install espeak-ng
( cd "$ROOT" && cargo build --release --bin stimmwerk-bench-engines -p api -q )
"$CARGO_TARGET_DIR/release/stimmwerk-bench-engines"
