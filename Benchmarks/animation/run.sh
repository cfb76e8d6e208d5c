#!/bin/sh
# Builds the library in release with testing enabled (the benchmark drives the snapshotter's
# internal presentation step directly) and links Benchmarks/animation/main.swift against its
# objects, then runs it: ./Benchmarks/animation/run.sh [FRAMES]
set -e
cd "$(dirname "$0")/../.."
swift build -c release --target OpenQuartzCore -Xswiftc -enable-testing
B=$(swift build -c release --show-bin-path)
# The objects of a Swift target's current sources, from its output file map: the build folder
# keeps objects of files since moved or deleted, which would clash at link time.
objects() {
    python3 -c 'import json, os, sys
m = json.load(open(sys.argv[1]))
print(" ".join(v["object"] for k, v in m.items() if k and "object" in v and os.path.exists(k)))' \
        "$B/$1.build/output-file-map.json"
}
swiftc -O -I "$B/Modules" -Xcc -fmodule-map-file="$B/CRasterKernels.build/module.modulemap" \
    -Xcc -ISources/CRasterKernels/include -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap \
    Benchmarks/animation/main.swift $(objects OpenQuartzCore) $(objects Raster) $(objects Codecs) \
    "$B"/CRasterKernels.build/*.o -lz -o "$B/animation-bench"
"$B/animation-bench" "${1:-15}"
