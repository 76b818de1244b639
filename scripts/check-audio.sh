#!/usr/bin/env bash
# Checks an audio file against a delivery profile (acx, podcast, standard) with ffmpeg's
# own measurements (astats, ebur128, silencedetect, ffprobe) and prints every figure and
# what fails; exits 1 when something fails. The tests use it on the product's exports.
#   scripts/check-audio.sh FILE --profile acx
exec python3 "$(dirname "$0")/check_audio.py" "$@"
