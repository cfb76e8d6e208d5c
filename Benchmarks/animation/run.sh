#!/bin/sh
# The cost of evaluating animations per frame (docs/time.md): builds the benchmark in release
# and runs it. It reaches the snapshotter through the library's package access.
#   ./Benchmarks/animation/run.sh [FRAMES]
set -e
cd "$(dirname "$0")/../.."
swift run -c release animation-bench "${1:-15}"
