import Foundation
import Testing
import OpenQuartzCore

@Suite("Scene SVG path data")
struct SceneSVGPathTests {
    typealias E = CGPath.Element

    func elements(_ d: String) throws -> [E] { try SVGPathParser.parse(d).elements }

    func error(_ d: String) -> SVGPathError? {
        do { _ = try SVGPathParser.parse(d); return nil } catch { return error }
    }

    func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    func expectClose(_ a: [E], _ b: [E], tolerance: CGFloat = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == b.count, "\(a) vs \(b)", sourceLocation: sourceLocation)
        for (x, y) in zip(a, b) {
            #expect(x.type == y.type, "\(x) vs \(y)", sourceLocation: sourceLocation)
            for (u, v) in zip(x.points, y.points) {
                #expect(abs(u.x - v.x) <= tolerance && abs(u.y - v.y) <= tolerance, "\(x) vs \(y)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func linesAbsoluteAndRelative() throws {
        #expect(try elements("M10 20 L30 40 H 50 V 60 Z") ==
                [.move(to: p(10, 20)), .line(to: p(30, 40)), .line(to: p(50, 40)), .line(to: p(50, 60)), .closeSubpath])
        #expect(try elements("m10 20 l5 5 h10 v-5 z") ==
                [.move(to: p(10, 20)), .line(to: p(15, 25)), .line(to: p(25, 25)), .line(to: p(25, 20)), .closeSubpath])
    }

    @Test func implicitRepeats() throws {
        // Pairs after a moveto are linetos (relative after 'm').
        #expect(try elements("M0 0 10 0 10 10") == [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10))])
        #expect(try elements("m1 1 2 2 1 0") == [.move(to: p(1, 1)), .line(to: p(3, 3)), .line(to: p(4, 3))])
        #expect(try elements("M0 0 h 5 5 v 1 1") == [.move(to: p(0, 0)), .line(to: p(5, 0)), .line(to: p(10, 0)), .line(to: p(10, 1)), .line(to: p(10, 2))])
        #expect(try elements("M0,0L1,1,2,2") == [.move(to: p(0, 0)), .line(to: p(1, 1)), .line(to: p(2, 2))])
    }

    @Test func compactNumbers() throws {
        #expect(try elements("M.5.5L-1-2e1") == [.move(to: p(0.5, 0.5)), .line(to: p(-1, -20))])
        #expect(try elements("M1e2-3") == [.move(to: p(100, -3))])
        #expect(try elements("  ") == [])
    }

    @Test func cubicsAndReflection() throws {
        #expect(try elements("M0 0 C 10 0 20 10 20 20 S 30 40 40 40") == [
            .move(to: p(0, 0)),
            .curve(to: p(20, 20), control1: p(10, 0), control2: p(20, 10)),
            // First control = (20, 10) reflected about (20, 20).
            .curve(to: p(40, 40), control1: p(20, 30), control2: p(30, 40)),
        ])
        // Relative: every point relative to the start of its own segment.
        #expect(try elements("m0 0 c 10 0 20 10 20 20 s 10 20 20 20") == [
            .move(to: p(0, 0)),
            .curve(to: p(20, 20), control1: p(10, 0), control2: p(20, 10)),
            .curve(to: p(40, 40), control1: p(20, 30), control2: p(30, 40)),
        ])
        // S with no cubic before: the first control is the current point.
        #expect(try elements("M5 5 L 10 10 S 20 20 30 10") == [
            .move(to: p(5, 5)), .line(to: p(10, 10)), .curve(to: p(30, 10), control1: p(10, 10), control2: p(20, 20)),
        ])
    }

    @Test func quadraticsAndReflection() throws {
        #expect(try elements("M0 0 Q 10 10 20 0 T 40 0") == [
            .move(to: p(0, 0)), .quadCurve(to: p(20, 0), control: p(10, 10)), .quadCurve(to: p(40, 0), control: p(30, -10)),
        ])
        #expect(try elements("m0 0 q 10 10 20 0 t 20 0 t 20 0") == [
            .move(to: p(0, 0)), .quadCurve(to: p(20, 0), control: p(10, 10)),
            .quadCurve(to: p(40, 0), control: p(30, -10)), .quadCurve(to: p(60, 0), control: p(50, 10)),
        ])
        // T after a cubic does not reflect the cubic's control.
        #expect(try elements("M0 0 C 1 1 2 2 3 3 T 5 5") == [
            .move(to: p(0, 0)), .curve(to: p(3, 3), control1: p(1, 1), control2: p(2, 2)), .quadCurve(to: p(5, 5), control: p(3, 3)),
        ])
    }

    @Test func closeResetsCurrentPoint() throws {
        #expect(try elements("M10 10 l 5 0 z l 0 5") == [
            .move(to: p(10, 10)), .line(to: p(15, 10)), .closeSubpath, .move(to: p(10, 10)), .line(to: p(10, 15)),
        ])
    }

    // Semicircle of radius 10 about (10, 0) from (0, 0) to (20, 0). Sweep 1 runs through
    // increasing angles, π → 2π, passing (10, -10); each quarter is a cubic whose control
    // arms are k·r with k = 4/3·tan(π/8) = 0.5522847498307936.
    let k: CGFloat = 0.5522847498307936

    @Test func arcSweepPositive() throws {
        expectClose(try elements("M0 0 A 10 10 0 0 1 20 0"), [
            .move(to: p(0, 0)),
            .curve(to: p(10, -10), control1: p(0, -10 * k), control2: p(10 - 10 * k, -10)),
            .curve(to: p(20, 0), control1: p(10 + 10 * k, -10), control2: p(20, -10 * k)),
        ])
    }

    @Test func arcSweepNegativeWithCompactFlags() throws {
        // "a10 10 0 0020 0": flags 0 and 0 run together with the x coordinate.
        expectClose(try elements("M0 0a10 10 0 0020 0"), [
            .move(to: p(0, 0)),
            .curve(to: p(10, 10), control1: p(0, 10 * k), control2: p(10 - 10 * k, 10)),
            .curve(to: p(20, 0), control1: p(10 + 10 * k, 10), control2: p(20, 10 * k)),
        ])
        // The brief's example: rx 1, ry 1, rotation 0, large 0, sweep 0, to (+1, +1).
        // Small arc with sweep 0 from (0,0) to (1,1) on a unit circle: centre (1, 0)
        // (the other candidate (0, 1) would sweep positively), a quarter turn.
        expectClose(try elements("M0 0 a1 1 0 00 1 1"), [
            .move(to: p(0, 0)), .curve(to: p(1, 1), control1: p(0, k), control2: p(1 - k, 1)),
        ])
    }

    @Test func arcLargeFlagAndRadiusCorrection() throws {
        // Radii too small are scaled up (F.6.6): radius 1 between points 20 apart becomes 10.
        expectClose(try elements("M0 0 A 1 1 0 0 1 20 0"), try elements("M0 0 A 10 10 0 0 1 20 0"))
        // Large arc: three quarters of a circle of radius 10 from (0,0) to (10,10) centred at (10,0)... the
        // large sweep-1 arc goes the long way: 3 pieces of 90°, ending exactly at the target.
        let e = try elements("M0 0 A 10 10 0 1 1 10 10")
        #expect(e.count == 4)
        #expect(e.last?.points.last == p(10, 10))
        expectClose(Array(e[1...1]), [.curve(to: p(10, -10), control1: p(0, -10 * k), control2: p(10 - 10 * k, -10))])
        // Rotated ellipse (rx 20, ry 10, rotated 90°) behaves as rx 10, ry 20 unrotated.
        expectClose(try elements("M0 0 A 20 10 90 0 1 0 40"), try elements("M0 0 A 10 20 0 0 1 0 40"), tolerance: 1e-9)
    }

    @Test func degenerateArcs() throws {
        #expect(try elements("M5 5 A 0 10 0 0 1 20 0") == [.move(to: p(5, 5)), .line(to: p(20, 0))])
        #expect(try elements("M5 5 A 10 10 0 0 1 5 5") == [.move(to: p(5, 5))])
    }

    @Test func errorsSayWhere() {
        #expect(error("L 0 0") == SVGPathError(character: 1, message: "path data must begin with 'M' or 'm', found \"L\""))
        #expect(error("M 0 0 L x") == SVGPathError(character: 9, message: "expected a number (end x) for 'L', found \"x\""))
        #expect(error("M 0 0 L 1") == SVGPathError(character: 10, message: "expected a number (end y) for 'L', found end of data"))
        #expect(error("M0 0 A 1 1 0 2 1 5 5") == SVGPathError(character: 14, message: "expected a flag 0 or 1 (large-arc-flag) for 'A', found \"2\""))
        #expect(error("M 0 0 Z 5") == SVGPathError(character: 9, message: "expected a command letter, found \"5\""))
        #expect(error("M 0,,0") == SVGPathError(character: 5, message: "expected a number (end y) for 'M', found \",\""))
        #expect(error("M 0 0 X 1") == SVGPathError(character: 7, message: "expected a command letter, found \"X\""))
        #expect(error("M 0 0 1e999 0") == SVGPathError(character: 7, message: "number out of range"))
        #expect(error("M 0 0,") == SVGPathError(character: 7, message: "expected a number after ',', found end of data"))
    }

    @Test func sceneShapesAndMessages() throws {
        func path(_ json: String) throws -> [E] { try readSceneValue(json) { r, v, p throws(SceneError) in try r.path(v, p) }.elements }
        func message(_ json: String) -> String? { sceneValueError(json) { r, v, p throws(SceneError) in try r.path(v, p) } }
        #expect(try path(#"{"rect": [1, 2, 3, 4]}"#) == CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).elements)
        #expect(try path(#"{"ellipse": [0, 0, 10, 20]}"#) == CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20)).elements)
        #expect(try path(#"{"roundedRect": [0, 0, 100, 50], "cornerRadius": 8}"#)
                == CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 8, cornerHeight: 8).elements)
        #expect(message("\"M 0 0 L x 5 Z\"") == "test.json: v: invalid path data at character 9 (near \"M 0 0 L x 5 Z\"): expected a number (end x) for 'L', found \"x\"")
        #expect(message(#"{"rect": [0, 0, -1, 1]}"#) == "test.json: v.rect[2]: expected a width ≥ 0, got -1")
        #expect(message(#"{"rect": [0, 0, 1, 1], "ellipse": [0, 0, 1, 1]}"#) == "test.json: v: expected exactly one of \"rect\", \"ellipse\", \"roundedRect\", got {\"rect\": [0, 0, 1, 1], \"ellipse\": [0, 0…")
        #expect(message(#"{"rect": [0, 0, 1, 1], "cornerRadius": 3}"#) == "test.json: v.cornerRadius: \"cornerRadius\" goes only with \"roundedRect\"")
        #expect(message(#"{"circle": [0, 0, 1]}"#) == "test.json: v.circle: unknown key")
        #expect(message("5") == "test.json: v: expected " + SceneReader.pathExpected + ", got 5")
    }
}
