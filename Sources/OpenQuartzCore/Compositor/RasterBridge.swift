import Foundation
import Raster

// Conversions from the public Core Graphics / Core Animation types to the rasterizer's.

extension Color {
    /// Straight sRGB; nil for a nil colour.
    package init?(_ c: CGColor?) {
        guard let c else { return nil }
        let v = c.rgba
        self.init(r: Float(v.red), g: Float(v.green), b: Float(v.blue), a: Float(v.alpha))
    }

    func withAlpha(multipliedBy k: Float) -> Color {
        var c = self
        c.a *= k
        return c
    }
}

extension Raster.Path {
    /// The path's elements, each point mapped by `transform` when given. Reads the element
    /// storage directly: going through `applyWithBlock` costs an array per element, which is
    /// most of the work of converting a small path (a circle, a star) for each fill.
    init(_ cg: CGPath, transform: CGAffineTransform? = nil) {
        self.init()
        var points = 0
        for e in cg.storage {
            switch e {
            case .move, .line: points += 1
            case .quadCurve: points += 2
            case .curve: points += 3
            case .closeSubpath: break
            }
        }
        reserveCapacity(elements: cg.storage.count, points: points)
        for e in cg.storage { append(e, transform: transform) }
    }

    /// Appends one element of a `CGPath`, its points mapped by `transform` when given.
    @inline(__always)
    mutating func append(_ e: CGPath.Element, transform: CGAffineTransform? = nil) {
        @inline(__always) func p(_ q: CGPoint) -> CGPoint { transform.map { q.applying($0) } ?? q }
        switch e {
        case .move(let a): let a = p(a); move(to: a.x, a.y)
        case .line(let a): let a = p(a); line(to: a.x, a.y)
        case .quadCurve(let a, let c): let c = p(c), a = p(a); quad(to: a.x, a.y, control: c.x, c.y)
        case .curve(let a, let c1, let c2):
            let c1 = p(c1), c2 = p(c2), a = p(a)
            cubic(to: a.x, a.y, control1: c1.x, c1.y, control2: c2.x, c2.y)
        case .closeSubpath: close()
        }
    }
}

extension Raster.Path {
    /// The control-point bounds as a CGRect.
    var boundsRect: CGRect {
        if isEmpty { return .null }
        let b = bounds
        return CGRect(x: b.minX, y: b.minY, width: b.width, height: b.height)
    }
}

extension SamplingFilter {
    init(_ f: CALayerContentsFilter) {
        switch f {
        case .nearest: self = .nearest
        case .trilinear: self = .trilinear
        default: self = .linear
        }
    }
}

extension LineCap {
    init(_ c: CAShapeLayerLineCap) {
        switch c {
        case .round: self = .round
        case .square: self = .square
        default: self = .butt
        }
    }
}

extension LineJoin {
    init(_ j: CAShapeLayerLineJoin) {
        switch j {
        case .round: self = .round
        case .bevel: self = .bevel
        default: self = .miter
        }
    }
}

extension ProjectiveTransform {
    /// How many target units one unit of the source spans, on average over directions (the
    /// square root of the linear part's area scale): for blur radii and flattening tolerances.
    var linearScale: Double { abs(m11 * m22 - m12 * m21).squareRoot() }

    /// The map of a layer's z = 0 plane to the target: rows and columns 1, 2 and 4 of the 4×4.
    init(plane m: CATransform3D) {
        self.init(m11: Double(m.m11), m12: Double(m.m12), m13: Double(m.m14),
                  m21: Double(m.m21), m22: Double(m.m22), m23: Double(m.m24),
                  m31: Double(m.m41), m32: Double(m.m42), m33: Double(m.m44))
    }
}
