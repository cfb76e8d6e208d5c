#!/usr/bin/env bash
# Raster micro-benchmarks: builds the tests in release and runs the RASTER_BENCH-gated suite,
# which prints the median time of each case. Optional argument: a case filter
# (fills, smallFills, bigPath, textures, blurAndStroke, skiaCases — the last is the set that
# skia_micro.py mirrors; `compare` runs both).
# Environment: RASTER_BENCH_SKIP_BUILD=1 reuses the existing release build;
# RASTER_BENCH_RUNS=N sets the timed runs per case of skiaCases (default 9).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${RASTER_BENCH_SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --build-tests -Xswiftc -enable-testing
fi
filter="RasterBenchmarks${1:+/$1}"
RASTER_BENCH=1 swift test -c release --skip-build --filter "$filter" 2>&1 | grep -E '^(bench|cpu|shapes) '
