#!/bin/sh
# Builds the library in release with testing enabled (the benchmark drives the snapshotter's
# internal presentation step directly) and links Benchmarks/animation/main.swift against its
# objects, then runs it: ./Benchmarks/animation/run.sh [FRAMES]
set -e
cd "$(dirname "$0")/../.."
swift build -c release --target OpenQuartzCore -Xswiftc -enable-testing
B=$(swift build -c release --show-bin-path)
swiftc -O -I "$B/Modules" -Xcc -fmodule-map-file="$B/CRasterKernels.build/module.modulemap" \
    -Xcc -ISources/CRasterKernels/include -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap \
    Benchmarks/animation/main.swift "$B"/OpenQuartzCore.build/*.o "$B"/Raster.build/*.o \
    "$B"/CRasterKernels.build/*.o "$B"/Codecs.build/*.o -lz -o "$B/animation-bench"
"$B/animation-bench" "${1:-15}"
