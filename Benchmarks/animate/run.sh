#!/bin/sh
# What writing an animation costs beyond rendering it: builds oqc in release and runs
# `oqc animate --timing` on Examples/animated/progress.json (800 x 600 points at scale 1: a
# stroke growing, a spring with a shadow, a shimmering gradient, a card turning and fading),
# 2 s at 60 fps (120 frames), one thread, RUNS times (default 5), to an APNG (our encoder) and,
# when ffmpeg is on PATH, to MP4. Each run prints one line: wall seconds rendering, and writing.
#   ./Benchmarks/animate/run.sh [RUNS]
set -e
cd "$(dirname "$0")/../.."
swift build -c release --product oqc
oqc=$(swift build -c release --show-bin-path)/oqc
out=$(mktemp -d /tmp/oqc-animate-bench.XXXXXX)
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "${1:-5}"); do
    "$oqc" animate Examples/animated/progress.json -o "$out/progress.png" --duration 2 --fps 60 --timing
done
ls -l "$out/progress.png" | awk '{print "APNG: " $5 " bytes"}'
if command -v ffmpeg >/dev/null; then
    "$oqc" animate Examples/animated/progress.json -o "$out/progress.mp4" --duration 2 --fps 60 --timing
fi
rm -rf "$out"
