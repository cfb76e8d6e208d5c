import Foundation

/// Transform values: a CATransform3D as 16 numbers or a list of steps, and a
/// CGAffineTransform as 6 numbers or a list of 2D steps (docs/scene-format.md "Transform", "Affine").
extension SceneReader {
    package static let transformExpected = "a transform (16 numbers or a list of steps such as {\"rotate\": {\"degrees\": 45}})"
    static let affineExpected = "an affine transform (6 numbers [a, b, c, d, tx, ty] or a list of steps such as {\"translate\": [10, 0]})"

    package func transform3D(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CATransform3D {
        let items = try array(v, p, expected: Self.transformExpected)
        if let first = items.first, first.number != nil {
            guard items.count == 16 else {
                throw fail(p, "expected 16 numbers [m11, m12, …, m44] or a list of steps, got \(items.count) numbers")
            }
            var m: [CGFloat] = []
            for (i, x) in items.enumerated() { m.append(try number(x, p.index(i))) }
            return try finite(CATransform3D(m), p)
        }
        var t = CATransform3DIdentity
        for (i, item) in items.enumerated() {
            let sp = p.index(i)
            let (name, arg) = try step(item, sp)
            let ap = sp.key(name)
            switch name {
            case "translate":
                let n = try numbers(arg, ap, optionalLast: ["tx", "ty", "tz"])
                t = CATransform3DTranslate(t, n[0], n[1], n.count > 2 ? n[2] : 0)
            case "scale":
                let n = try numbers(arg, ap, optionalLast: ["sx", "sy", "sz"])
                t = CATransform3DScale(t, n[0], n[1], n.count > 2 ? n[2] : 1)
            case "rotate":
                let (angle, axis) = try rotation(arg, ap, allowsAxis: true)
                t = CATransform3DRotate(t, angle, axis[0], axis[1], axis[2])
            case "perspective":
                let d = try number(arg, ap)
                guard d != 0 else { throw fail(ap, "expected a non-zero eye distance, got 0") }
                var persp = CATransform3DIdentity
                persp.m34 = -1 / d
                t = CATransform3DConcat(persp, t)
            case "matrix":
                let n = try numbers(arg, ap, Self.matrixNames)
                t = CATransform3DConcat(CATransform3D(n), t)
            default:
                throw fail(sp.key(name), "unknown transform step (expected \"translate\", \"scale\", \"rotate\", \"perspective\" or \"matrix\")")
            }
            t = try finite(t, sp)
        }
        return t
    }

    package func affine(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGAffineTransform {
        let items = try array(v, p, expected: Self.affineExpected)
        if let first = items.first, first.number != nil {
            let n = try numbers(v, p, ["a", "b", "c", "d", "tx", "ty"])
            return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        }
        var t = CGAffineTransform.identity
        for (i, item) in items.enumerated() {
            let sp = p.index(i)
            let (name, arg) = try step(item, sp)
            let ap = sp.key(name)
            switch name {
            case "translate":
                let n = try numbers(arg, ap, ["tx", "ty"])
                t = t.translatedBy(x: n[0], y: n[1])
            case "scale":
                let n = try numbers(arg, ap, ["sx", "sy"])
                t = t.scaledBy(x: n[0], y: n[1])
            case "rotate":
                t = t.rotated(by: try rotation(arg, ap, allowsAxis: false).angle)
            default:
                throw fail(sp.key(name), "unknown affine step (expected \"translate\", \"scale\" or \"rotate\")")
            }
            let all = [t.a, t.b, t.c, t.d, t.tx, t.ty]
            guard all.allSatisfy(\.isFinite) else { throw fail(sp, "the transform is no longer finite after this step") }
        }
        return t
    }

    static let matrixNames = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                              "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]

    /// A step object: exactly one member, whose key names the step.
    private func step(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> (String, JSONValue) {
        guard case .object(let o) = v, o.count == 1 else {
            throw typeError(v, p, expected: "a step object with one key, such as {\"translate\": [10, 0]}")
        }
        return (o.members[0].key, o.members[0].value)
    }

    /// `names.count` numbers, or one fewer (the last is optional).
    private func numbers(_ v: JSONValue, _ p: JSONPath, optionalLast names: [String]) throws(SceneError) -> [CGFloat] {
        if case .array(let a) = v, a.count == names.count - 1 {
            return try numbers(v, p, Array(names.dropLast()))
        }
        return try numbers(v, p, names)
    }

    /// `{"degrees": a}` or `{"radians": a}`, in radians: an animation value of a rotation key path.
    func angle(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CGFloat {
        try rotation(v, p, allowsAxis: false).angle
    }

    /// `{"degrees": a}` or `{"radians": a}`, with `"axis": [x, y, z]` (default [0, 0, 1]) in 3D.
    private func rotation(_ v: JSONValue, _ p: JSONPath, allowsAxis: Bool) throws(SceneError) -> (angle: CGFloat, axis: [CGFloat]) {
        let expected = allowsAxis ? "{\"degrees\": a} or {\"radians\": a}, with an optional \"axis\": [x, y, z]"
                                  : "{\"degrees\": a} or {\"radians\": a}"
        let o = try object(v, p, expected: expected)
        try checkKeys(o, p, allowed: allowsAxis ? ["degrees", "radians", "axis"] : ["degrees", "radians"])
        let angle: CGFloat
        switch (o["degrees"], o["radians"]) {
        case (let d?, nil): angle = try number(d, p.key("degrees")) * .pi / 180
        case (nil, let r?): angle = try number(r, p.key("radians"))
        case (_?, _?): throw fail(p, "give \"degrees\" or \"radians\", not both")
        case (nil, nil): throw fail(p, "missing \"degrees\" or \"radians\"")
        }
        let axis = try o["axis"].map { (a) throws(SceneError) in try numbers(a, p.key("axis"), ["x", "y", "z"]) } ?? [0, 0, 1]
        return (angle, axis)
    }

    private func finite(_ t: CATransform3D, _ p: JSONPath) throws(SceneError) -> CATransform3D {
        guard t.values.allSatisfy(\.isFinite) else {
            throw fail(p, "the transform is no longer finite after this step")
        }
        return t
    }
}
