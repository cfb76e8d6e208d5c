import Foundation

/// The kind of a path element, with Core Graphics' raw values.
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0
    case addLineToPoint = 1
    case addQuadCurveToPoint = 2
    case addCurveToPoint = 3
    case closeSubpath = 4
}

/// One element as `applyWithBlock(_:)` hands it out: `points` holds 1 point for move and
/// line, 2 for a quadratic (control, end), 3 for a cubic (control1, control2, end), 0 for
/// close. The pointer is valid only during the callback.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void
/// Apple's is `@convention(c)`; a Swift struct cannot cross that convention here, and a
/// capture-free closure written for Apple's compiles as this plain function type too.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

extension CGPath {
    /// OpenQuartzCore extension: a path element as a Swift value, spelled like SwiftUI's
    /// `Path.Element`, so paths can be read without unsafe pointers (see `elements`).
    public enum Element: Equatable, Sendable, CustomStringConvertible {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath

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
