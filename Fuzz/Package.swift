// swift-tools-version:6.0
// libFuzzer harnesses for OpenQuartzCore's parsers and renderer: a package of its own, so that
// `swift build` of the main package neither builds nor needs them. Build and run with
// Fuzz/run (see Fuzz/README.md): swift build -Xswiftc -sanitize=fuzzer,address …
import PackageDescription

let harnesses = ["fuzz-json", "fuzz-scene", "fuzz-svg-path", "fuzz-png", "fuzz-truetype", "fuzz-render", "fuzz-archive"]
// Harnesses of the Swift API: they read their arguments through FuzzSupport's FuzzReader.
let apiHarnesses = ["fuzz-cgcontext", "fuzz-animation", "fuzz-layer-api"]
// Harnesses whose program lives in FuzzSupport, so that the main package's tests replay their findings.
let supportedHarnesses = apiHarnesses + ["fuzz-render", "fuzz-archive"]

let package = Package(
    name: "OQCFuzz",
    dependencies: [.package(name: "OpenQuartzCore", path: "..")],
    targets: [.target(name: "CFuzzDriver"),
              .target(name: "FuzzSupport", dependencies: [.product(name: "OpenQuartzCore", package: "OpenQuartzCore")])] + (harnesses + apiHarnesses).map { name in
        .executableTarget(name: name,
                          dependencies: ["CFuzzDriver", .product(name: "OpenQuartzCore", package: "OpenQuartzCore")]
                              + (supportedHarnesses.contains(name) ? ["FuzzSupport"] : []),
                          path: "Sources/\(name)")
    },
    swiftLanguageModes: [.v6]
)
