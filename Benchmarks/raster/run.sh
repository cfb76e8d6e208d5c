#!/usr/bin/env bash
# Raster micro-benchmarks: builds the tests in release and runs the RASTER_BENCH-gated suite,
# which prints the median time of each case. Optional argument: a case filter
# (fills, smallFills, bigPath, textures, blurAndStroke).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --build-tests -Xswiftc -enable-testing
filter="RasterBenchmarks${1:+/$1}"
RASTER_BENCH=1 swift test -c release --skip-build --filter "$filter" 2>&1 | grep '^bench'
