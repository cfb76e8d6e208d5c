import Foundation
import Raster
import Testing
@testable import OpenQuartzCore

/// Inputs the fuzzers (Fuzz/) found to crash, kept as they were found (Fuzz/Crashers holds
/// the raw files): each must now render or be refused.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    /// fuzz-render, 2026-12-01 (crash-dc5a52fe…): an arc of radii 1e-100 and 1e-200 grows to an
    /// ellipse 1e100 wide; flattening its pieces asked Int(1e50) segments and trapped. Curve
    /// segment counts are now saturated before they are capped (PathFlattening, PathStroker).
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
