import Foundation

/// The kind of a path element, with Core Graphics' raw values.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier: control `points[0]`, end `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier: controls `points[0]` and `points[1]`, end `points[2]`.
    case addCurveToPoint = 3
    /// A line back to the start of the subpath, which it closes.
    case closeSubpath = 4
}

/// One element as `applyWithBlock(_:)` hands it out: `points` holds 1 point for move and
/// line, 2 for a quadratic (control, end), 3 for a cubic (control1, control2, end), 0 for
/// close. The pointer is valid only during the callback.
public struct CGPathElement {
    /// The kind of element.
    public var type: CGPathElementType
    /// The element's points (see the type's summary for how many).
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element from its kind and points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The block `applyWithBlock(_:)` calls once per element.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void
/// Apple's is `@convention(c)`; a Swift struct cannot cross that convention here, and a
/// capture-free closure written for Apple's compiles as this plain function type too.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

extension CGPath {
    /// OpenQuartzCore extension: a path element as a Swift value, spelled like SwiftUI's
    /// `Path.Element`, so paths can be read without unsafe pointers (see `elements`).
    public enum Element: Equatable, Sendable, CustomStringConvertible {
        /// Starts a new subpath at the point.
        case move(to: CGPoint)
        /// A straight line to the point.
        case line(to: CGPoint)
        /// A quadratic Bézier to `to`, through the pull of `control`.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier to `to`, with two control points.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the subpath with a line back to its start.
        case closeSubpath

        /// The element's kind in Core Graphics' terms.
        public var type: CGPathElementType {
            switch self {
            case .move: return .moveToPoint
            case .line: return .addLineToPoint
            case .quadCurve: return .addQuadCurveToPoint
            case .curve: return .addCurveToPoint
            case .closeSubpath: return .closeSubpath
            }
        }

        /// The points in Core Graphics' order (controls first, end point last).
        public var points: [CGPoint] {
            switch self {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [c, p]
            case .curve(let p, let c1, let c2): return [c1, c2, p]
            case .closeSubpath: return []
            }
        }

        /// Every point mapped through `t` (affine maps keep Béziers Béziers).
        public func applying(_ t: CGAffineTransform) -> Element {
            if t.isIdentity { return self }
            switch self {
            case .move(let p): return .move(to: p.applying(t))
            case .line(let p): return .line(to: p.applying(t))
            case .quadCurve(let p, let c): return .quadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2):
                return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: return .closeSubpath
            }
        }

        /// The element as PostScript-like text (`moveto (x, y)`), for debugging.
        public var description: String {
            switch self {
            case .move(let p): return "moveto (\(p.x), \(p.y))"
            case .line(let p): return "lineto (\(p.x), \(p.y))"
            case .quadCurve(let p, let c): return "quadcurveto (\(c.x), \(c.y)) (\(p.x), \(p.y))"
            case .curve(let p, let c1, let c2):
                return "curveto (\(c1.x), \(c1.y)) (\(c2.x), \(c2.y)) (\(p.x), \(p.y))"
            case .closeSubpath: return "closepath"
            }
        }
    }
}
