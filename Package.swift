// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OpenQuartzCore",
    products: [
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        // UIKit's drawing and layer-hosting subset, for iOS layer code that imports UIKit.
        .library(name: "OpenUIKit", targets: ["OpenUIKit"]),
        .executable(name: "oqc", targets: ["oqc"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // The pixel row kernels, in C for the vector instructions Swift's SIMD types do not
        // reach (AVX2 chosen at run time, SSE2 otherwise).
        // No target uses unsafe flags, so that a package can depend on this one by version: the
        // hot loops keep their speed in code (wrapping arithmetic, unchecked buffer access where
        // the bounds are proved), not with -Ounchecked.
        .target(name: "CRasterKernels"),
        // The futex lock behind Raster's `Locked`, apart from the pixel kernels.
        .target(name: "CFutexLock"),
        .target(name: "Raster", dependencies: ["CRasterKernels", "CFutexLock"], exclude: ["README.md"]),
        .target(name: "Codecs", dependencies: ["CZlib", "Raster"]),
        .target(name: "OpenQuartzCore", dependencies: ["Raster", "Codecs"]),
        .target(name: "OpenUIKit", dependencies: ["OpenQuartzCore"]),
        .target(name: "Gallery", dependencies: ["OpenQuartzCore", "OpenUIKit"]),
        .executableTarget(name: "oqc", dependencies: ["OpenQuartzCore", "Gallery"]),
        // The drawing race (Benchmarks/drawing): its cases, shared with the tests, and the
        // program that times them.
        .target(name: "DrawingRace", dependencies: ["OpenQuartzCore"], path: "Benchmarks/drawing/Sources/DrawingRace"),
        .executableTarget(name: "drawing-race", dependencies: ["DrawingRace"], path: "Benchmarks/drawing/Sources/drawing-race"),
        // The cost of evaluating animations per frame (Benchmarks/animation), through the
        // snapshotter's package access.
        .executableTarget(name: "animation-bench", dependencies: ["OpenQuartzCore"],
                          path: "Benchmarks/animation/Sources/animation-bench"),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Raster", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        // The fuzz harnesses' programs (Fuzz/Sources/FuzzSupport), built here too so that the
        // tests replay the inputs in Fuzz/Crashers through the calls the fuzzer made.
        .target(name: "FuzzSupport", dependencies: ["OpenQuartzCore"], path: "Fuzz/Sources/FuzzSupport"),
        // What several test targets share: the seeded random scene generator, the
        // repository's folders, and Pillow's reading of animation files.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "OpenQuartzCoreTests",
                    dependencies: ["OpenQuartzCore", "Raster", "Codecs", "FuzzSupport", "DrawingRace", "TestSupport"]),
        .testTarget(name: "oqcTests", dependencies: ["OpenQuartzCore", "TestSupport"]),
        .testTarget(name: "OpenUIKitTests", dependencies: ["OpenUIKit"]),
        .testTarget(name: "GalleryTests", dependencies: ["Gallery", "OpenQuartzCore", "Raster", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
