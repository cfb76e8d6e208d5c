import Foundation

/// The kind of value a layer property (or a component of one) holds, which decides how
/// animation values are read and interpolated.
enum AnimationValueKind: Sendable {
    case number, point, size, rect, transform, color, colors, numbers, path, discrete
}

/// A property value an animation can compute with. Values arrive as `Any` (how Swift code
/// passes them to Core Animation) and are converted once, by the kind of the property they
/// animate.
package enum AnimationValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    /// Straight (not premultiplied) sRGB components.
    case color(r: Double, g: Double, b: Double, a: Double)
    /// No colour (a nil `CGColor?`): interpolates as transparent black.
    case noColor
    case colors([AnimationValue])
    case numbers([Double])
    case path(CGPath)
    /// A value that is not interpolated (booleans, contents, nil paths …): it switches.
    case discrete(Any?)

    // MARK: Conversion from Any

    /// `v` as a value of `kind`, or nil when it is of the wrong kind (the error the public API
    /// reports). A number for a transform is not accepted here (value functions handle it).
    init?(_ v: Any?, kind: AnimationValueKind) {
        switch kind {
        case .number:
            guard let d = KeyValueNumber.double(v) else { return nil }
            self = .number(d)
        case .point:
            if let p = v as? CGPoint { self = .point(p) } else if let b = v as? NSValue, let p = b.unboxed(CGPoint.self, encoding: NSValue.cgPointEncoding, empty: .zero) { self = .point(p) } else { return nil }
        case .size:
            if let s = v as? CGSize { self = .size(s) } else if let b = v as? NSValue, let s = b.unboxed(CGSize.self, encoding: NSValue.cgSizeEncoding, empty: .zero) { self = .size(s) } else { return nil }
        case .rect:
            if let r = v as? CGRect { self = .rect(r) } else if let b = v as? NSValue, let r = b.unboxed(CGRect.self, encoding: NSValue.cgRectEncoding, empty: .zero) { self = .rect(r) } else { return nil }
        case .transform:
            if let t = v as? CATransform3D { self = .transform(t) }
            else if let a = v as? CGAffineTransform { self = .transform(CATransform3DMakeAffineTransform(a)) }
            else if let b = v as? NSValue, let t = b.unboxed(CATransform3D.self, encoding: NSValue.caTransform3DEncoding, empty: CATransform3DIdentity) { self = .transform(t) }
            else if let b = v as? NSValue, let a = b.unboxed(CGAffineTransform.self, encoding: NSValue.cgAffineTransformEncoding, empty: .identity) { self = .transform(CATransform3DMakeAffineTransform(a)) }
            else { return nil }
        case .color:
            if v == nil || v is NSNull { self = .noColor; return }
            guard let c = Self.cgColor(v) else { return nil }
            let x = c.rgba
            self = .color(r: Double(x.red), g: Double(x.green), b: Double(x.blue), a: Double(x.alpha))
        case .colors:
            if v == nil { self = .discrete(nil); return }
            guard let list = v as? [Any] else { return nil }
            var out: [AnimationValue] = []
            for e in list {
                guard let c = AnimationValue(e, kind: .color) else { return nil }
                out.append(c)
            }
            self = .colors(out)
        case .numbers:
            if v == nil { self = .discrete(nil); return }
            guard let list = v as? [Any] else { return nil }
            var out: [Double] = []
            for e in list {
                guard let d = KeyValueNumber.double(e) else { return nil }
                out.append(d)
            }
            self = .numbers(out)
        case .path:
            if let p = v as? CGPath { self = .path(p) } else if v == nil || v is NSNull { self = .discrete(nil) } else { return nil }
        case .discrete:
            self = .discrete(v)
        }
    }

    /// A `CGColor` out of `Any` (a class, so `as?` suffices).
    static func cgColor(_ v: Any?) -> CGColor? { v as? CGColor }

    // MARK: Conversion back

    /// The value as the Swift type of a property of `kind` (what `value(forKey:)` returns).
    var anyValue: Any? {
        switch self {
        case .number(let d): return CGFloat(d)
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .color: return cgColorValue
        case .noColor: return nil
        case .colors(let c): return c.compactMap { $0.cgColorValue }
        case .numbers(let n): return n.map { NSNumber(value: $0) }
        case .path(let p): return p
        case .discrete(let v): return v
        }
    }

    var cgColorValue: CGColor? {
        if case .color(let r, let g, let b, let a) = self {
            return CGColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a))
        }
        return nil
    }

    var doubleValue: Double? { if case .number(let d) = self { return d }; return nil }

    /// The numbers a value function reads: a number, a point's x and y, an array.
    var components: [CGFloat] {
        switch self {
        case .number(let d): return [CGFloat(d)]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .numbers(let n): return n.map { CGFloat($0) }
        default: return []
        }
    }

    // MARK: Arithmetic

    /// Linear interpolation from self (f = 0) to `b` (f = 1). Values that do not interpolate
    /// (different kinds, paths of different structure, discrete values) switch at f = 0.5.
    func interpolated(to b: AnimationValue, _ f: Double) -> AnimationValue {
        @inline(__always) func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        @inline(__always) func g(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(f) }
        switch (self, b) {
        case (.number(let x), .number(let y)): return .number(l(x, y))
        case (.point(let p), .point(let q)): return .point(CGPoint(x: g(p.x, q.x), y: g(p.y, q.y)))
        case (.size(let p), .size(let q)): return .size(CGSize(width: g(p.width, q.width), height: g(p.height, q.height)))
        case (.rect(let p), .rect(let q)):
            return .rect(CGRect(x: g(p.minX, q.minX), y: g(p.minY, q.minY), width: g(p.width, q.width), height: g(p.height, q.height)))
        case (.transform(let p), .transform(let q)): return .transform(Self.interpolate(p, q, f))
        case (.color, _), (.noColor, _):
            guard let (r0, g0, b0, a0) = colorParts, let (r1, g1, b1, a1) = b.colorParts else { break }
            return .color(r: l(r0, r1), g: l(g0, g1), b: l(b0, b1), a: l(a0, a1))
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return .colors(zip(p, q).map { $0.interpolated(to: $1, f) })
        case (.numbers(let p), .numbers(let q)) where p.count == q.count:
            return .numbers(zip(p, q).map { l($0, $1) })
        case (.path(let p), .path(let q)):
            if let r = Self.interpolate(p, q, f) { return .path(r) }
        default: break
        }
        return f < 0.5 ? self : b
    }

    /// Colour components; no colour is transparent black (how Core Animation fades a nil
    /// colour in or out).
    var colorParts: (Double, Double, Double, Double)? {
        switch self {
        case .color(let r, let g, let b, let a): return (r, g, b, a)
        case .noColor: return (0, 0, 0, 0)
        default: return nil
        }
    }

    /// self + b, as additive and by-value animations add: components add, transforms
    /// concatenate (b applied after self is Core Animation's "b on top of self"). Nil when the
    /// kinds do not add.
    func adding(_ b: AnimationValue) -> AnimationValue? {
        switch (self, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let p), .point(let q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case (.size(let p), .size(let q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case (.rect(let p), .rect(let q)):
            return .rect(CGRect(x: p.minX + q.minX, y: p.minY + q.minY, width: p.width + q.width, height: p.height + q.height))
        case (.transform(let p), .transform(let q)): return .transform(CATransform3DConcat(q, p))
        case (.color, _), (.noColor, _):
            guard let (r0, g0, b0, a0) = colorParts, let (r1, g1, b1, a1) = b.colorParts else { return nil }
            return .color(r: min(r0 + r1, 1), g: min(g0 + g1, 1), b: min(b0 + b1, 1), a: min(a0 + a1, 1))
        case (.numbers(let p), .numbers(let q)) where p.count == q.count: return .numbers(zip(p, q).map { $0 + $1 })
        default: return nil
        }
    }

    /// self − b (the inverse of `adding`), nil when the kinds do not subtract.
    func subtracting(_ b: AnimationValue) -> AnimationValue? {
        switch (self, b) {
        case (.transform(let p), .transform(let q)): return .transform(CATransform3DConcat(CATransform3DInvert(q), p))
        default: return b.scaled(-1).flatMap { adding($0) }
        }
    }

    /// self · k for the additive kinds (cumulative repeats).
    func scaled(_ k: Double) -> AnimationValue? {
        let c = CGFloat(k)
        switch self {
        case .number(let x): return .number(x * k)
        case .point(let p): return .point(CGPoint(x: p.x * c, y: p.y * c))
        case .size(let s): return .size(CGSize(width: s.width * c, height: s.height * c))
        case .rect(let r): return .rect(CGRect(x: r.minX * c, y: r.minY * c, width: r.width * c, height: r.height * c))
        case .color(let r, let g, let b, let a): return .color(r: r * k, g: g * k, b: b * k, a: a * k)
        case .noColor: return self
        case .numbers(let n): return .numbers(n.map { $0 * k })
        case .transform(let t):
            // The k-th power of the cycle's transform, by repeated squaring: at most 2·53
            // products for any whole k that a Double holds exactly (a repeat count of 1e9
            // asked a billion products one by one).
            guard k.rounded() == k, abs(k) < 0x1p53 else { return nil }
            var out = CATransform3DIdentity
            var square = k < 0 ? CATransform3DInvert(t) : t
            var n = UInt64(abs(k))
            while n > 0 {
                if n & 1 == 1 { out = CATransform3DConcat(out, square) }
                n >>= 1
                if n > 0 { square = CATransform3DConcat(square, square) }
            }
            return .transform(out)
        default: return nil
        }
    }

    /// Distance between two values, for paced keyframes: Euclidean over the components.
    func distance(to b: AnimationValue) -> Double {
        switch (self, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.point(let p), .point(let q)): return Double(hypot(q.x - p.x, q.y - p.y))
        case (.size(let p), .size(let q)): return Double(hypot(q.width - p.width, q.height - p.height))
        case (.rect(let p), .rect(let q)):
            let d = [p.minX - q.minX, p.minY - q.minY, p.width - q.width, p.height - q.height]
            return Double(d.reduce(0) { $0 + $1 * $1 }.squareRoot())
        case (.transform(let p), .transform(let q)):
            return zip(p.values, q.values).reduce(0.0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }.squareRoot()
        default:
            if let a = colorParts, let c = b.colorParts {
                return ((a.0 - c.0) * (a.0 - c.0) + (a.1 - c.1) * (a.1 - c.1) + (a.2 - c.2) * (a.2 - c.2) + (a.3 - c.3) * (a.3 - c.3)).squareRoot()
            }
            return 1
        }
    }

    /// Components as a flat vector, for the cubic spline; nil for kinds without one.
    var vector: [Double]? {
        switch self {
        case .number(let x): return [x]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)]
        case .color(let r, let g, let b, let a): return [r, g, b, a]
        case .numbers(let n): return n
        default: return nil
        }
    }

    /// A value of the same kind as self from a vector.
    func withVector(_ v: [Double]) -> AnimationValue {
        switch self {
        case .number: return .number(v[0])
        case .point: return .point(CGPoint(x: v[0], y: v[1]))
        case .size: return .size(CGSize(width: v[0], height: v[1]))
        case .rect: return .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color: return .color(r: min(max(v[0], 0), 1), g: min(max(v[1], 0), 1), b: min(max(v[2], 0), 1), a: min(max(v[3], 0), 1))
        case .numbers: return .numbers(v)
        default: return self
        }
    }

    // MARK: Transforms and paths

    /// Transforms interpolate by decomposition; a singular end (a scale of 0) falls back to
    /// element-wise interpolation, which is what a decomposition limit tends to there.
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ f: Double) -> CATransform3D {
        if f == 0 { return a }
        if f == 1 { return b }
        if let da = TransformDecomposition(a), let db = TransformDecomposition(b) {
            return da.interpolated(to: db, f).matrix
        }
        let x = a.values, y = b.values
        return CATransform3D(zip(x, y).map { $0 + ($1 - $0) * CGFloat(f) })
    }

    /// Paths with the same elements (same kinds in the same order) interpolate point by
    /// point, as Core Animation documents for `CAShapeLayer.path`; others do not (nil).
    static func interpolate(_ a: CGPath, _ b: CGPath, _ f: Double) -> CGPath? {
        let ea = a.elements, eb = b.elements
        guard ea.count == eb.count else { return nil }
        func l(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            CGPoint(x: p.x + (q.x - p.x) * CGFloat(f), y: p.y + (q.y - p.y) * CGFloat(f))
        }
        var out: [CGPath.Element] = []
        out.reserveCapacity(ea.count)
        for (x, y) in zip(ea, eb) {
            switch (x, y) {
            case (.move(let p), .move(let q)): out.append(.move(to: l(p, q)))
            case (.line(let p), .line(let q)): out.append(.line(to: l(p, q)))
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)): out.append(.quadCurve(to: l(p, q), control: l(c, d)))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)): out.append(.curve(to: l(p, q), control1: l(c1, d1), control2: l(c2, d2)))
            case (.closeSubpath, .closeSubpath): out.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPath(elements: out)
    }
}
