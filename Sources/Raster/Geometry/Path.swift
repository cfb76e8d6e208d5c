/// An axis-aligned rectangle given by its edges, in device pixels or path units.
package struct Rect: Sendable, Equatable {
    /// The edges.
    package var minX, minY, maxX, maxY: Double

    /// A rectangle from its edges.
    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    /// A rectangle from its origin and size.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: min(x, x + width), minY: min(y, y + height),
                  maxX: max(x, x + width), maxY: max(y, y + height))
    }

    /// `maxX − minX`.
    package var width: Double { maxX - minX }
    /// `maxY − minY`.
    package var height: Double { maxY - minY }
    /// Whether the rectangle encloses no area (NaN edges included).
    package var isEmpty: Bool { !(maxX > minX && maxY > minY) }
    /// The empty rectangle at the origin.
    package static let zero = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
}

/// A sequence of subpaths made of straight lines and quadratic and cubic Bézier curves,
/// as `CGPath`. A value type stored as two flat arrays (one byte per verb, two `Double`s
/// per point), so a path of 10⁷ points costs about 170 MB and no per-element allocation.
///
/// Every subpath starts with a `move`: a segment added without a current point starts
/// at the start of the previous subpath (after `close`) or at (0, 0).
package struct Path: Sendable {
    /// One element of a path, as a value.
    package enum Element: Sendable, Equatable {
        /// Starts a subpath at (x, y).
        case move(x: Double, y: Double)
        /// A straight line to (x, y).
        case line(x: Double, y: Double)
        /// A quadratic Bézier to (x, y) with control (cx, cy).
        case quad(cx: Double, cy: Double, x: Double, y: Double)
        /// A cubic Bézier to (x, y) with controls (c1x, c1y) and (c2x, c2y).
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        /// Closes the subpath.
        case close
    }

    @usableFromInline
    enum Verb: UInt8, Sendable { case move, line, quad, cubic, close }

    @usableFromInline var verbs: [Verb] = []
    /// x, y pairs: one point for move and line, two for quad, three for cubic, none for close.
    @usableFromInline var coords: [Double] = []
    /// Start of the current subpath, or nil when there is no current point.
    @usableFromInline var subpathStart: (x: Double, y: Double)? = nil
    @usableFromInline var hasCurrentPoint = false

    /// An empty path.
    package init() {}

    /// A path of the given elements, appended in order.
    package init(_ elements: [Element]) {
        for e in elements { append(e) }
    }

    /// Whether the path has no elements.
    package var isEmpty: Bool { verbs.isEmpty }

    /// Number of stored points (move, line end, curve controls and ends).
    package var pointCount: Int { coords.count / 2 }

    /// Reserves room for `elements` elements holding `points` points in all.
    package mutating func reserveCapacity(elements: Int, points: Int) {
        verbs.reserveCapacity(elements)
        coords.reserveCapacity(points * 2)
    }

    /// Empties the path, keeping its memory.
    package mutating func removeAll() {
        verbs.removeAll(keepingCapacity: true)
        coords.removeAll(keepingCapacity: true)
        subpathStart = nil
        hasCurrentPoint = false
    }

    /// Starts a new subpath at (x, y).
    package mutating func move(to x: Double, _ y: Double) {
        verbs.append(.move)
        coords.append(x); coords.append(y)
        subpathStart = (x, y)
        hasCurrentPoint = true
    }

    @inline(__always)
    mutating func ensureCurrentPoint() {
        if !hasCurrentPoint {
            let s = subpathStart ?? (0, 0)
            move(to: s.x, s.y)
        }
    }

    /// A straight line from the current point to (x, y).
    package mutating func line(to x: Double, _ y: Double) {
        ensureCurrentPoint()
        verbs.append(.line)
        coords.append(x); coords.append(y)
    }

    /// A quadratic Bézier from the current point to (x, y) with one control point.
    package mutating func quad(to x: Double, _ y: Double, control cx: Double, _ cy: Double) {
        ensureCurrentPoint()
        verbs.append(.quad)
        coords.append(cx); coords.append(cy); coords.append(x); coords.append(y)
    }

    /// A cubic Bézier from the current point to (x, y) with two control points.
    package mutating func cubic(to x: Double, _ y: Double,
                               control1 c1x: Double, _ c1y: Double,
                               control2 c2x: Double, _ c2y: Double) {
        ensureCurrentPoint()
        verbs.append(.cubic)
        coords.append(c1x); coords.append(c1y); coords.append(c2x); coords.append(c2y)
        coords.append(x); coords.append(y)
    }

    /// Closes the current subpath with a straight line back to its start.
    package mutating func close() {
        guard hasCurrentPoint else { return }
        verbs.append(.close)
        hasCurrentPoint = false
    }

    /// Appends one element.
    package mutating func append(_ e: Element) {
        switch e {
        case let .move(x, y): move(to: x, y)
        case let .line(x, y): line(to: x, y)
        case let .quad(cx, cy, x, y): quad(to: x, y, control: cx, cy)
        case let .cubic(c1x, c1y, c2x, c2y, x, y): cubic(to: x, y, control1: c1x, c1y, control2: c2x, c2y)
        case .close: close()
        }
    }

    /// Appends every subpath of `other`.
    package mutating func append(_ other: Path) {
        verbs.append(contentsOf: other.verbs)
        coords.append(contentsOf: other.coords)
        if !other.verbs.isEmpty {
            subpathStart = other.subpathStart
            hasCurrentPoint = other.hasCurrentPoint
        }
    }

    /// The elements as enum values. Builds an array: for large paths prefer `forEachElement`.
    package var elements: [Element] {
        var out: [Element] = []
        out.reserveCapacity(verbs.count)
        forEachElement { out.append($0) }
        return out
    }

    // Not `rethrows`: a rethrowing version inlined into its callers crashes the Swift 6.3
    // optimizer (OSSACompleteLifetime) in release builds.
    /// Calls `body` with each element in order, without building an array.
    package func forEachElement(_ body: (Element) -> Void) {
        var i = 0
        coords.withUnsafeBufferPointer { c in
            for v in verbs {
                switch v {
                case .move: body(.move(x: c[i], y: c[i + 1])); i += 2
                case .line: body(.line(x: c[i], y: c[i + 1])); i += 2
                case .quad: body(.quad(cx: c[i], cy: c[i + 1], x: c[i + 2], y: c[i + 3])); i += 4
                case .cubic:
                    body(.cubic(c1x: c[i], c1y: c[i + 1], c2x: c[i + 2], c2y: c[i + 3], x: c[i + 4], y: c[i + 5]))
                    i += 6
                case .close: body(.close)
                }
            }
        }
    }

    /// The smallest rectangle holding every point of the path including Bézier control
    /// points (as `CGPath.boundingBox`); `Rect.zero` for an empty path.
    package var bounds: Rect {
        guard coords.count >= 2 else { return .zero }
        // Locals, not a captured Rect (which the closure kept in memory: about 40 instructions
        // a point instead of 4), with the same comparisons, so NaN coordinates are still skipped.
        return coords.withUnsafeBufferPointer { c in
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            var i = 0
            while i + 1 < c.count {
                let x = c[i], y = c[i + 1]
                minX = x < minX ? x : minX
                maxX = x > maxX ? x : maxX
                minY = y < minY ? y : minY
                maxY = y > maxY ? y : maxY
                i += 2
            }
            return Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }
    }
}

extension Path {
    /// A closed rectangle, clockwise on a y-down screen.
    package static func rect(x: Double, y: Double, width: Double, height: Double) -> Path {
        var p = Path()
        p.move(to: x, y)
        p.line(to: x + width, y)
        p.line(to: x + width, y + height)
        p.line(to: x, y + height)
        p.close()
        return p
    }

    /// The cubic approximation of a quarter ellipse uses this handle length (radial error 2.7e-4 · r).
    package static let kappa = 0.5522847498307936

    /// The closed ellipse inscribed in the rectangle, as four cubic quarters.
    package static func ellipse(x: Double, y: Double, width: Double, height: Double) -> Path {
        roundedRect(x: x, y: y, width: width, height: height, radiusX: abs(width) / 2, radiusY: abs(height) / 2)
    }

    /// A rectangle with elliptical corners, clockwise on a y-down screen like `CGPath(roundedRect:)`.
    /// Radii are clamped to half the width and height.
    package static func roundedRect(x: Double, y: Double, width: Double, height: Double,
                                   radiusX: Double, radiusY: Double) -> Path {
        let r = Rect(x: x, y: y, width: width, height: height)
        let rx = max(0, min(radiusX, r.width / 2)), ry = max(0, min(radiusY, r.height / 2))
        if rx == 0 || ry == 0 { return rect(x: r.minX, y: r.minY, width: r.width, height: r.height) }
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.move(to: r.minX + rx, r.minY)
        p.line(to: r.maxX - rx, r.minY)
        p.cubic(to: r.maxX, r.minY + ry, control1: r.maxX - rx + kx, r.minY, control2: r.maxX, r.minY + ry - ky)
        p.line(to: r.maxX, r.maxY - ry)
        p.cubic(to: r.maxX - rx, r.maxY, control1: r.maxX, r.maxY - ry + ky, control2: r.maxX - rx + kx, r.maxY)
        p.line(to: r.minX + rx, r.maxY)
        p.cubic(to: r.minX, r.maxY - ry, control1: r.minX + rx - kx, r.maxY, control2: r.minX, r.maxY - ry + ky)
        p.line(to: r.minX, r.minY + ry)
        p.cubic(to: r.minX + rx, r.minY, control1: r.minX, r.minY + ry - ky, control2: r.minX + rx - kx, r.minY)
        p.close()
        return p
    }
}

extension Path: Equatable {
    /// Same elements with the same coordinates (so a render tree can tell an unchanged path).
    package static func == (a: Path, b: Path) -> Bool {
        a.verbs == b.verbs && a.coords == b.coords
    }
}
