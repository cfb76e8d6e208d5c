import Foundation
import Testing
import OpenQuartzCore

/// Reads one value from a JSON snippet with the scene reader, as the layer reader would
/// for a key `v` at the top level of `test.json`.
func readSceneValue<T>(_ json: String, _ body: (SceneReader, JSONValue, JSONPath) throws(SceneError) -> T) throws -> T {
    let v = try JSONParser.parse(Array(json.utf8))
    let reader = SceneReader(file: "test.json", baseDirectory: nil, options: .default)
    return try body(reader, v, JSONPath.root.key("v"))
}

/// The message a value read fails with, or nil when it succeeds.
func sceneValueError<T>(_ json: String, _ body: (SceneReader, JSONValue, JSONPath) throws(SceneError) -> T) -> String? {
    do {
        _ = try readSceneValue(json, body)
        return nil
    } catch let e as SceneError {
        return e.description
    } catch {
        return "\(error)"
    }
}

@Suite("Scene values")
struct SceneValueTests {
    func color(_ json: String) throws -> CGColor { try readSceneValue(json) { r, v, p throws(SceneError) in try r.color(v, p) } }
    func colorError(_ json: String) -> String? { sceneValueError(json) { r, v, p throws(SceneError) in try r.color(v, p) } }

    @Test func hexColours() throws {
        #expect(try color("\"#F80\"") == CGColor(red: 1, green: 0x88 / 255.0, blue: 0, alpha: 1))
        #expect(try color("\"#ff8000\"") == CGColor(red: 1, green: 128 / 255.0, blue: 0, alpha: 1))
        #expect(try color("\"#11223344\"") == CGColor(red: 0x11 / 255.0, green: 0x22 / 255.0, blue: 0x33 / 255.0, alpha: 0x44 / 255.0))
    }

    @Test func namedColoursHaveUIKitValues() throws {
        #expect(try color("\"darkGray\"") == CGColor(gray: 1.0 / 3.0, alpha: 1))
        #expect(try color("\"lightGray\"") == CGColor(gray: 2.0 / 3.0, alpha: 1))
        #expect(try color("\"gray\"") == CGColor(gray: 0.5, alpha: 1))
        #expect(try color("\"black\"") == CGColor(gray: 0, alpha: 1))
        #expect(try color("\"white\"") == CGColor(gray: 1, alpha: 1))
        #expect(try color("\"clear\"") == CGColor(gray: 0, alpha: 0))
        #expect(try color("\"orange\"") == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(try color("\"purple\"") == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(try color("\"brown\"") == CGColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1))
        #expect(try color("\"cyan\"") == CGColor(red: 0, green: 1, blue: 1, alpha: 1))
        #expect(try color("\"magenta\"") == CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        #expect(try color("\"yellow\"") == CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        #expect(try color("\"red\"") == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(try color("\"green\"") == CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(try color("\"blue\"") == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    }

    @Test func componentColours() throws {
        #expect(try color(#"{"white": 0.5, "alpha": 0.25}"#) == CGColor(gray: 0.5, alpha: 0.25))
        #expect(try color(#"{"white": 1}"#) == CGColor(gray: 1, alpha: 1))
        #expect(try color(#"{"red": 0.1, "green": 0.2, "blue": 0.3}"#) == CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        #expect(try color(#"{"red": 1, "green": 0, "blue": 0, "alpha": 0.5}"#) == CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test func colourErrors() {
        #expect(colorError("\"#12\"") == "test.json: v: invalid colour \"#12\": expected 3, 6 or 8 hex digits after '#', got 2")
        #expect(colorError("\"#12G\"") == "test.json: v: invalid colour \"#12G\": \"G\" at character 4 is not a hex digit")
        #expect(colorError("\"grey\"") == "test.json: v: unknown colour name \"grey\" (did you mean \"gray\"?)")
        #expect(colorError("\"chartreuse\"") == "test.json: v: unknown colour name \"chartreuse\"")
        #expect(colorError(#"{"red": 1.5, "green": 0, "blue": 0}"#) == "test.json: v.red: expected a number in 0…1, got 1.5")
        #expect(colorError(#"{"red": 1, "green": 0}"#) == "test.json: v: colour is missing \"blue\"")
        #expect(colorError(#"{"white": 0.5, "red": 1}"#) == "test.json: v.red: unknown key")
        #expect(colorError(#"{"white": "0.5"}"#) == "test.json: v.white: expected a number, got \"0.5\"")
        #expect(colorError(#"{"hue": 0.5}"#) == "test.json: v.hue: unknown key")
        #expect(colorError("12") == "test.json: v: expected " + SceneColor.expected + ", got 12")
    }

    func transform(_ json: String) throws -> CATransform3D { try readSceneValue(json) { r, v, p throws(SceneError) in try r.transform3D(v, p) } }
    func transformError(_ json: String) -> String? { sceneValueError(json) { r, v, p throws(SceneError) in try r.transform3D(v, p) } }

    func expectClose(_ a: CATransform3D, _ b: [CGFloat], tolerance: CGFloat = 1e-12, sourceLocation: SourceLocation = #_sourceLocation) {
        for (k, (x, y)) in zip(a.values, b).enumerated() {
            #expect(abs(x - y) <= tolerance, "m\(k / 4 + 1)\(k % 4 + 1): \(x) vs \(y)", sourceLocation: sourceLocation)
        }
    }

    @Test func transformFromSixteenNumbers() throws {
        let t = try transform("[1,2,3,4, 5,6,7,8, 9,10,11,12, 13,14,15,16]")
        #expect(t.m12 == 2 && t.m21 == 5 && t.m34 == 12 && t.m41 == 13 && t.m44 == 16)
    }

    @Test func listing5_5PerspectiveThenRotate() throws {
        // t.m34 = -1/500; t = CATransform3DRotate(t, π/4, 0, 1, 0). Worked by hand:
        // Rotate(t) = R·t with R_y(θ) rows [c 0 -s 0; 0 1 0 0; s 0 c 0; 0 0 0 1], so
        // row 1 = [c, 0, -s, s/500] and row 3 = [s, 0, c, -c/500].
        let t = try transform(#"[{"perspective": 500}, {"rotate": {"degrees": 45, "axis": [0, 1, 0]}}]"#)
        let c = (0.5 as CGFloat).squareRoot(), s = c
        expectClose(t, [c, 0, -s, s / 500, 0, 1, 0, 0, s, 0, c, -c / 500, 0, 0, 0, 1])
    }

    @Test func stepsPreConcatenateLikeCoreAnimation() throws {
        // Translate then Scale: Scale(Translate(I)) = S·T, so scaling applies first to a point.
        let t = try transform(#"[{"translate": [10, 20]}, {"scale": [2, 3]}]"#)
        expectClose(t, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1])
        let u = try transform(#"[{"scale": [2, 3, 4]}, {"translate": [10, 20, 30]}]"#)
        expectClose(u, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 20, 60, 120, 1])
        let r = try transform(#"[{"rotate": {"radians": 1.5707963267948966}}]"#)
        expectClose(r, [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], tolerance: 1e-15)
        // matrix step: t = Concat(M, t).
        let m = try transform(#"[{"translate": [5, 0]}, {"matrix": [2,0,0,0, 0,2,0,0, 0,0,2,0, 0,0,0,1]}]"#)
        expectClose(m, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 5, 0, 0, 1])
        #expect(try transform("[]") == CATransform3DIdentity)
    }

    @Test func transformErrors() {
        #expect(transformError("[1, 2, 3]") == "test.json: v: expected 16 numbers [m11, m12, …, m44] or a list of steps, got 3 numbers")
        #expect(transformError(#"[{"spin": 3}]"#) == "test.json: v[0].spin: unknown transform step (expected \"translate\", \"scale\", \"rotate\", \"perspective\" or \"matrix\")")
        #expect(transformError(#"[{"perspective": 0}]"#) == "test.json: v[0].perspective: expected a non-zero eye distance, got 0")
        #expect(transformError(#"[{"rotate": {"degrees": 1, "radians": 2}}]"#) == "test.json: v[0].rotate: give \"degrees\" or \"radians\", not both")
        #expect(transformError(#"[{"rotate": {"degres": 1}}]"#) == "test.json: v[0].rotate.degres: unknown key (did you mean \"degrees\"?)")
        #expect(transformError(#"[{"translate": [1]}]"#) == "test.json: v[0].translate: expected an array of 3 numbers [tx, ty, tz], got [1]")
        #expect(transformError(#"[{"translate": [1, 2], "scale": [1, 1]}]"#) == "test.json: v[0]: expected a step object with one key, such as {\"translate\": [10, 0]}, got {\"translate\": [1, 2], \"scale\": [1, 1]}")
        #expect(transformError(#"[{"scale": [1e300, 1]}, {"scale": [1e300, 1]}]"#) == "test.json: v[1]: the transform is no longer finite after this step")
        #expect(transformError("\"identity\"") == "test.json: v: expected " + SceneReader.transformExpected + ", got \"identity\"")
    }

    func affine(_ json: String) throws -> CGAffineTransform { try readSceneValue(json) { r, v, p throws(SceneError) in try r.affine(v, p) } }

    @Test func affineTransforms() throws {
        #expect(try affine("[1, 2, 3, 4, 5, 6]") == CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        // translatedBy then scaledBy: the scale applies to points first.
        #expect(try affine(#"[{"translate": [10, 20]}, {"scale": [2, 3]}]"#) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        let r = try affine(#"[{"rotate": {"degrees": 90}}]"#)
        #expect(abs(r.a) < 1e-15 && r.b == 1 && r.c == -1 && abs(r.d) < 1e-15)
        #expect(sceneValueError(#"[{"rotate": {"degrees": 90, "axis": [0, 1, 0]}}]"#) { r, v, p throws(SceneError) in try r.affine(v, p) }
                == "test.json: v[0].rotate.axis: unknown key")
        #expect(sceneValueError(#"[1, 2, 3]"#) { r, v, p throws(SceneError) in try r.affine(v, p) }
                == "test.json: v: expected an array of 6 numbers [a, b, c, d, tx, ty], got [1, 2, 3]")
    }

    @Test func scalarsAndRanges() {
        #expect(sceneValueError("\"big\"") { r, v, p throws(SceneError) in try r.number(v, p) } == "test.json: v: expected a number, got \"big\"")
        #expect(sceneValueError("true") { r, v, p throws(SceneError) in try r.number(v, p) } == "test.json: v: expected a number, got true")
        #expect(sceneValueError("1.5") { r, v, p throws(SceneError) in try r.unit(v, p) } == "test.json: v: expected a number in 0…1, got 1.5")
        #expect(sceneValueError("-2") { r, v, p throws(SceneError) in try r.nonNegative(v, p) } == "test.json: v: expected a number ≥ 0, got -2")
        #expect(sceneValueError("1") { r, v, p throws(SceneError) in try r.bool(v, p) } == "test.json: v: expected true or false, got 1")
        #expect(sceneValueError("[0, 0, -5, 10]") { r, v, p throws(SceneError) in try r.rect(v, p) } == "test.json: v[2]: expected a width ≥ 0, got -5")
        #expect(sceneValueError("[0, 0, 5]") { r, v, p throws(SceneError) in try r.rect(v, p) } == "test.json: v: expected an array of 4 numbers [x, y, width, height], got [0, 0, 5]")
        #expect(sceneValueError("[0, \"a\"]") { r, v, p throws(SceneError) in try r.point(v, p) } == "test.json: v[1]: expected a number, got \"a\"")
        #expect(sceneValueError("\"fill\"") { r, v, p throws(SceneError) in try r.choice(v, p, ["a": 1, "b": 2]) } == "test.json: v: expected one of \"a\", \"b\", got \"fill\"")
        let long = "\"" + String(repeating: "x", count: 60) + "\""
        #expect(sceneValueError(long) { r, v, p throws(SceneError) in try r.number(v, p) } == "test.json: v: expected a number, got \"" + String(repeating: "x", count: 38) + "…")
    }
}
