import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Inputs the fuzzers (Fuzz/) found to crash, kept as they were found (Fuzz/Crashers holds
/// the raw files): each must now render or be refused.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    /// fuzz-render, 2026-12-01 (crash-dc5a52fe…): an arc of radii 1e-100 and 1e-200 grows to an
    /// ellipse 1e100 wide; flattening its pieces asked Int(1e50) segments and trapped. Curve
    /// segment counts are now saturated before they are capped (PathFlattening, StrokeBudget).
    @Test func eccentricTinyArc() throws {
        let json = #"{"canvas":{"width":10,"height":10},"layers":[{"type":"shape","frame":[0,0,10,10],"path":"M0 4 A1e-100 1e-200 0 0 1 5 5","fillColor":"red"}]}"#
        let r = try HostileSceneTests.render(json)
        #expect(r.exceeded == nil)
    }

    /// The same class written directly: curves with control points at 1e100 and 1e300, filled
    /// and stroked, do not trap.
    @Test func curvesWithHugeControlPoints() throws {
        for path in ["M 0 0 C 1e100 0 0 1e100 5 5", "M 0 0 Q 1e300 1e300 5 5 Z", "M 0 0 C -1e300 1e300 1e300 -1e300 5 5"] {
            let json = #"{"canvas":{"width":10,"height":10},"layers":[{"type":"shape","frame":[0,0,10,10],"path":"\#(path)","fillColor":"red","strokeColor":"blue","lineWidth":2,"lineJoin":"round"}]}"#
            let r = try HostileSceneTests.render(json)
            #expect(r.exceeded == nil, "\(path)")
        }
    }
}

extension FuzzFindingsTests {
    /// fuzz-svg-path, 2026-12-01 (crash-b1c192a6…): finite numbers whose reflections and
    /// relative sums overflow (T after 1e308) gave points at infinity; refused where made.
    @Test func overflowingReflectionIsRefused() throws {
        let data = "M0 0 T 10 0  5 0  01 50 91e30 0 5 5 0 0 1 1e308 1e3 1 91e30 0 5 5 00 0 1 91e302 4,00,0,0 50,15 10, 5 5 0 0 1 1e308 05011 "
        #expect(throws: SVGPathError.self) { try SVGPathParser.parse(data) }
        #expect(throws: SVGPathError.self) { try SVGPathParser.parse("M 1e308 0 l 1e308 0") }
        #expect(throws: SVGPathError.self) { try SVGPathParser.parse("M 0 0 Q 1e308 0 1e308 0 T -1e308 0") }
        #expect(throws: Never.self) { try SVGPathParser.parse("M 1e308 0 L -1e308 0") }
    }
}

extension FuzzFindingsTests {
    /// fuzz-animation, 2026-12-01 (leak-00dd03b1…): a timed render keeps a presentation copy on
    /// each animated layer, and the copy held its model strongly: every animated layer (and
    /// its animations) leaked once rendered. The model must go when its last owner lets go.
    @Test func renderedAnimatedLayerIsFreed() {
        weak var released: CALayer?
        do {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            layer.add(fade, forKey: "fade")
            _ = CAImageRenderer(size: CGSize(width: 4, height: 4)).image(for: layer, atTime: 0.5)
            _ = layer.presentation()
            released = layer
        }
        #expect(released == nil)
    }
}

extension FuzzFindingsTests {
    /// fuzz-scene, 2026-12-01 (crash-e7dae6e4…): a backslash followed by a raw newline inside
    /// a key was reported as "invalid escape '\<newline>'": a message of two lines. Every byte
    /// after a backslash that is not an escape must give a one-line error.
    @Test func invalidEscapeOfAControlByteIsOneLine() {
        let found: [UInt8] = [
            0x7B, 0x22, 0x63, 0x61, 0x6E, 0x76, 0x61, 0x6C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C,
            0x5C, 0x0A, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C,
            0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C,
            0x2F, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x5C, 0x30, 0x2C, 0x22, 0x68, 0x65, 0x69, 0x67, 0x68, 0x74,
            0x72, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x5B, 0x30, 0x2C, 0x30, 0x2C, 0x31, 0x30, 0x2C, 0x31, 0x30, 0x5C, 0x5C,
            0x5C, 0x5C, 0x30, 0x2C, 0x22, 0x70, 0x65, 0x69, 0x67, 0x22, 0x7D, 0x64, 0x30, 0x68, 0x7D, 0x5D, 0x7D, 0x0A,
        ]
        let valid = Set(#""\/bfnrtu"#.utf8)
        let invalid = (0...255).filter({ !valid.contains(UInt8($0)) }).map({ Array(#"{"a\"#.utf8) + [UInt8($0)] + Array(#"": 1}"#.utf8) })
        for bytes in [found] + invalid {
            do {
                _ = try Scene.parse(data: bytes, baseDirectory: nil)
                Issue.record("parsed \(bytes)")
            } catch {
                #expect(!error.description.contains("\n") && !error.description.contains("\r"), "\(error.description)")
            }
        }
    }
}

extension FuzzFindingsTests {
    /// fuzz-cgcontext, 2026-12-02 (crash-3b644420…): a shadow blur whose σ² underflows to 0
    /// made the Gaussian's centre weight 0/0 and trapped converting NaN to Int. The same held
    /// for a layer's `shadowRadius` of 1e-300 (a scene of one line): no blur, drawn sharp.
    @Test func denormalShadowRadiusIsNoBlur() throws {
        for radius in ["1e-300", "1e-200", "5e-324"] {
            for shadowPath in ["", #""shadowPath": {"rect": [0, 0, 4, 4]},"#] {
                let json = HostileSceneTests.canvas(#"{"frame": [2, 2, 4, 4], "backgroundColor": "red", \#(shadowPath) "shadowOpacity": 1, "shadowColor": "blue", "shadowRadius": \#(radius), "shadowOffset": [3, 0]}"#)
                let r = try HostileSceneTests.render(json)
                #expect(r.exceeded == nil)
                #expect(r.pixels[3 * 10 + 3] == HostileSceneTests.red, "\(radius)")
                // The shadow, unblurred, shows right of the layer: x 6…8.
                #expect(r.pixels[3 * 10 + 8] == HostileSceneTests.blue, "\(radius) \(shadowPath)")
                #expect(r.pixels[3 * 10 + 9] == 0, "\(radius) \(shadowPath)")
            }
        }
    }
}

extension FuzzFindingsTests {
    /// fuzz-render, 2026-12-01 (timeout-7c7f2713…): an arc of radii 1e-215 / 2e-200 tilted 5°
    /// grows to a half ellipse about 1e15 px long; each of its cubics was flattened into 65 536
    /// segments, almost all far off the 81 × 10 canvas (seconds per frame under the fuzzer).
    /// Curves beyond the raster region are now sent as chords (OffRegionCurveTests).
    @Test func tiltedTinyArcIsQuick() throws {
        let json = #"{"canvas":{"width":81,"height":10},"layers":[{"type":"shape","frame":[0,0,10,10],"path":"M5 0 A1e-215 2e-200 5 0 1 5 5","fillColor":"red"}]}"#
        let start = DrawingBenchmarks.threadMilliseconds()
        for _ in 0..<20 { #expect(try HostileSceneTests.render(json).exceeded == nil) }
        // Twenty frames; each flattened over a million segments before (debug: over a second).
        #expect(DrawingBenchmarks.threadMilliseconds() - start < 10_000)
    }
}

extension FuzzFindingsTests {
    /// fuzz-animation, 2026-12-02: the timeout kept from the last session
    /// (`Crashers/fuzz-animation-timeout-594aba35…`) is not slow (0.8 s of CPU in the
    /// AddressSanitizer build; the 30 s were the machine's load), but running it alone showed a
    /// leak: Linux Foundation's `NSValue.objCType` returns a fresh C string that nobody frees, and
    /// reading a point, size, rectangle or transform box went through it: 5 bytes (a heap block)
    /// per read, every frame, for every boxed animation value. Boxes are now read without it.
    /// Independent measure: the heap in use (glibc's `malloc_info`) across a million reads,
    /// in each of three rounds: before the fix, over 30 MB a round (a 32-byte heap block per
    /// read); with a leak on only the reads that find their type, 12 MB (checked by reading
    /// `objCType` there). The heap is the whole process's, and in the full suite other tests
    /// allocate and free megabytes at the same time: rounds of 100 000 reads once saw 1.05 MB
    /// of their growth in CI, and rounds of a million saw from −15 MB to +15 MB here. So the
    /// reads are measured in a process of their own: this test runs the test bundle again with
    /// only itself selected (`alone`), and that run measures.
    @Test func readingBoxesDoesNotLeak() throws {
        if ProcessInfo.processInfo.environment[Self.aloneKey] != nil {
            try Self.measureBoxReads()
            return
        }
        let bundle = try #require(CommandLine.arguments.first)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: bundle)
        child.arguments = ["--testing-library", "swift-testing", "--filter", "FuzzFindingsTests/readingBoxesDoesNotLeak"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.aloneKey: "1"]) { $1 }
        let out = Pipe()
        child.standardOutput = out
        child.standardError = out
        try child.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let lines = output.split(separator: "\n")
        // The run must have measured (its one test passed), not merely exited well.
        #expect(child.terminationStatus == 0, "\(lines.filter { $0.contains("✘") || $0.contains("bytes") }.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("Test run with 1 test") && $0.contains("passed") }, "\(output.suffix(2000))")
        #expect(lines.contains { $0.hasPrefix(Self.measuredLine) }, "\(output.suffix(2000))")
    }

    private static let aloneKey = "OQC_MEASURE_BOX_READS_ALONE"
    private static let measuredLine = "box reads: heap growth per million reads"

    /// Three rounds of a million box reads; every round must leave the heap within 1 MB of
    /// where it was (a twelfth of the smallest leak above).
    private static func measureBoxReads() throws {
        let boxes: [NSValue] = [NSValue(cgPoint: CGPoint(x: 1, y: 2)), NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)),
                                NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 4)), NSValue(cgSize: CGSize(width: 5, height: 6))]
        var growths: [Int] = []
        var sum: CGFloat = 0
        for _ in 0..<3 {
            let before = try #require(heapBytesInUse())
            for i in 0..<250_000 {
                let b = boxes[i & 3]
                sum += b.cgPointValue.x + b.cgRectValue.width + b.caTransform3DValue.m22 + b.cgSizeValue.height
            }
            growths.append(try #require(heapBytesInUse()) - before)
        }
        print(measuredLine, growths)
        #expect(growths.allSatisfy { $0 < 1_000_000 }, "\(growths) bytes more in use after each million reads")
        // Per four iterations: point box 1 + 0 + 1 + 2, rectangle 0 + 3 + 1 + 0, transform
        // 0 + 0 + 3 + 0, size 5 + 0 + 1 + 6 = 23; 187 500 such groups.
        #expect(Double(sum) == 187_500 * 23)
    }

    /// Bytes of the heap in use, from glibc's `malloc_info` report (what the arenas hold from
    /// the system less their free chunks); nil where it is not available. (`mallinfo2` would
    /// be simpler, but `malloc.h` is not in the Glibc module.)
    static func heapBytesInUse() -> Int? {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        _ = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
        fclose(stream)
        defer { free(buffer) }
        guard let buffer else { return nil }
        // The totals over all arenas follow the last </heap>: one element per line, such as
        // <total type="rest" count="1" size="50224"/> and <system type="current" size="135168"/>.
        let report = String(cString: buffer)
        guard let end = report.range(of: "</heap>", options: .backwards) else { return nil }
        var sizes: [String: Int] = [:]
        for line in report[end.upperBound...].split(separator: "\n") {
            guard let kind = line.split(separator: "\"").dropFirst().first, let at = line.range(of: "size=\"") else { continue }
            sizes[String(line.prefix { $0 != " " }) + " " + kind] = Int(line[at.upperBound...].prefix { $0.isNumber })
        }
        guard let system = sizes["<system current"], let fast = sizes["<total fast"], let rest = sizes["<total rest"] else { return nil }
        return system - fast - rest
    }

    /// Boxes made by `init(bytes:objCType:)` with another encoding of the same size, and
    /// numbers, are not read as geometry.
    @Test func foreignBoxesAreNotGeometry() {
        var ints: [Int64] = [1, 2]
        let foreign = ints.withUnsafeMutableBytes { NSValue(bytes: $0.baseAddress!, objCType: "[2q]") }
        #expect(foreign.cgPointValue == .zero)
        #expect(NSNumber(value: 3.0).cgPointValue == .zero)
        #expect(NSValue(cgPoint: CGPoint(x: 7, y: 8)).cgSizeValue == CGSize(width: 7, height: 8))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgPointValue == .zero)
    }
}
