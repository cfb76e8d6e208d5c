import Foundation

/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves.
///
/// Apple's `CGPath` is a Core Foundation type whose mutable variant is the subclass
/// `CGMutablePath`; this class hierarchy keeps that shape, so `CGMutablePath` can be passed
/// wherever a `CGPath` is expected. A `CGPath` never changes after creation; a
/// `CGMutablePath` must not be mutated while another thread reads it (it inherits
/// `Sendable` from its superclass, as on Apple platforms).
public class CGPath: @unchecked Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The elements, in Core Graphics' order. Only `CGMutablePath` appends to it.
    package var storage: [Element]
    /// Where the last `move` went: the current point after `closeSubpath`.
    var subpathStart: CGPoint = .zero
    /// The end of the last element, or nil while the path is empty.
    var current: CGPoint?

    init(storage: [Element]) {
        self.storage = storage
        recomputeState()
    }

    /// Rebuilds `current` and `subpathStart` from `storage`.
    final func recomputeState() {
        current = nil
        subpathStart = .zero
        for e in storage { track(e) }
    }

    @inline(__always)
    final func track(_ e: Element) {
        switch e {
        case .move(let p): subpathStart = p; current = p
        case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
        case .closeSubpath: current = subpathStart
        }
    }

    /// A rectangle: move to (minX, minY), lines through (maxX, minY), (maxX, maxY),
    /// (minX, maxY), close (as `CGPathAddRect`).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(storage: m.storage)
    }

    /// An ellipse inscribed in `rect`: four cubic quarter-arcs starting at (maxX, midY), see
    /// `CGMutablePath.addEllipse(in:transform:)`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(storage: m.storage)
    }

    /// A rounded rectangle, see `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(storage: m.storage)
    }

    /// OpenQuartzCore extension: a path from elements. The sequence is normalised as
    /// `CGMutablePath` would build it (a line or curve with no current point is dropped; one
    /// after a close starts a new subpath at the closed subpath's start).
    public convenience init(elements: [Element]) {
        let m = CGMutablePath()
        for e in elements { m.append(e) }
        self.init(storage: m.storage)
    }

    // MARK: Reading

    /// OpenQuartzCore extension: the elements as Swift values.
    public var elements: [Element] { storage }

    /// True when the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The end point of the last element; after `closeSubpath`, the subpath's start; `.zero`
    /// for an empty path.
    public var currentPoint: CGPoint { current ?? .zero }

    /// Calls `block` with each element; the element and its points are valid only during the call.
    public func applyWithBlock(_ block: CGPathApplyBlock) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        points.initialize(repeating: .zero, count: 3)
        for e in storage {
            let pts = e.points
            for (i, p) in pts.enumerated() { points[i] = p }
            var element = CGPathElement(type: e.type, points: points)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Calls a C function with each element, as `CGPathApply`.
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// True when the path is exactly one rectangle as `addRect` builds it, in either direction
    /// and from any corner (with or without the closing element); `rect` receives it,
    /// standardised. A path with a transformed (rotated) rectangle is not a rect.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var pts: [CGPoint] = []
        for (i, e) in storage.enumerated() {
            switch e {
            case .move(let p) where i == 0: pts.append(p)
            case .line(let p) where i > 0: pts.append(p)
            case .closeSubpath where i == storage.count - 1: break
            default: return false
            }
        }
        // Four corners, optionally followed by a line back to the first.
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return false }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4], c = pts[(i + 2) % 4]
            // Edges alternate horizontal and vertical, and each has length.
            let ab = (a.x == b.x) != (a.y == b.y), bc = (b.x == c.x) != (b.y == c.y)
            guard ab, bc, (a.x == b.x) != (b.x == c.x) else { return false }
        }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        rect?.pointee = CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
        return true
    }

    /// The smallest rectangle holding every point of the path, control points included;
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var box = BoundsAccumulator()
        for e in storage {
            switch e {
            case .move(let p), .line(let p): box.add(p)
            case .quadCurve(let p, let c): box.add(c); box.add(p)
            case .curve(let p, let c1, let c2): box.add(c1); box.add(c2); box.add(p)
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle holding the path itself: curves contribute their extrema, not
    /// their control points; `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var box = BoundsAccumulator()
        var last = CGPoint.zero
        for e in storage {
            switch e {
            case .move(let p), .line(let p):
                box.add(p)
            case .quadCurve(let p, let c):
                box.add(p)
                for t in CGPath.quadExtrema(last.x, c.x, p.x) + CGPath.quadExtrema(last.y, c.y, p.y) {
                    box.add(CGPath.quadPoint(last, c, p, t))
                }
            case .curve(let p, let c1, let c2):
                box.add(p)
                for t in CGPath.cubicExtrema(last.x, c1.x, c2.x, p.x) + CGPath.cubicExtrema(last.y, c1.y, c2.y, p.y) {
                    box.add(CGPath.cubicPoint(last, c1, c2, p, t))
                }
            case .closeSubpath:
                break
            }
            track(into: &last, e)
        }
        return box.rect
    }

    // MARK: Copies

    /// An immutable copy (paths never change, so the elements are shared).
    public func copy() -> CGPath? { CGPath(storage: storage) }

    /// A mutable copy with the same elements.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(storage: storage) }

    /// A copy with every point mapped through `transform` (nil: unchanged).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(storage: transformedStorage(transform?.pointee ?? .identity))
    }

    /// A mutable copy with every point mapped through `transform` (nil: unchanged).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(storage: transformedStorage(transform?.pointee ?? .identity))
    }

    final func transformedStorage(_ t: CGAffineTransform) -> [Element] {
        t.isIdentity ? storage : storage.map { $0.applying(t) }
    }

    // MARK: Equality

    /// Same elements with the same points, as `CGPathEqualToPath`.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.storage == rhs.storage }

    /// Hashes the elements and their points, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.count)
        for e in storage {
            hasher.combine(e.type.rawValue)
            for p in e.points { hasher.combine(p.x); hasher.combine(p.y) }
        }
    }

    /// The elements, for debugging.
    public var description: String {
        "CGPath(" + storage.map(\.description).joined(separator: "; ") + ")"
    }
}

// MARK: - Curve helpers shared by bounds and hit testing

extension CGPath {
    /// Advances a "current point" the way the path does, for walkers that need each element's start.
    @inline(__always)
    final func track(into last: inout CGPoint, _ e: Element) {
        // A close returns to the start of the subpath, found by the walker itself.
        switch e {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): last = p
        case .closeSubpath: break
        }
    }

    static func quadPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                       y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                       y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where a quadratic coordinate has zero derivative.
    static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let den = a - 2 * b + c
        if den == 0 { return [] }
        let t = (a - b) / den
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic coordinate has zero derivative: the roots of
    /// `B'(t)/3 = A t² + B t + C` with `A = -a + 3b - 3c + d`, `B = 2(a - 2b + c)`, `C = b - a`.
    static func cubicExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> [CGFloat] {
        let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
        return solveQuadratic(qa, qb, qc).filter { $0 > 0 && $0 < 1 }
    }

    /// Real roots of `a t² + b t + c = 0`, numerically stable; a degenerate (linear or
    /// constant) equation gives its one root or none.
    static func solveQuadratic(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return [] }
        if abs(a) <= scale * 1e-12 {
            return b == 0 ? [] : [-c / b]
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return [] }
        if disc == 0 { return [-b / (2 * a)] }
        let q = -0.5 * (b + (b >= 0 ? 1 : -1) * disc.squareRoot())
        return [q / a, c / q]
    }
}

/// Grows a rectangle point by point.
struct BoundsAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    @inline(__always)
    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
