import Foundation

/// Turns an animation's interpolated number (or three numbers) into a transform, so that a
/// `transform` animation can rotate by more than half a turn: the numbers are interpolated,
/// not the matrices.
open class CAValueFunction: NSObject, @unchecked Sendable {
    /// The function's name.
    open private(set) var name: CAValueFunctionName

    /// The function with `name`; nil for a name Core Animation does not define.
    public init?(name: CAValueFunctionName) {
        guard TransformFunction(name) != nil else { return nil }
        self.name = name
        super.init()
    }

    /// What the function computes, without the object (the render's direct evaluation keeps it).
    var function: TransformFunction? { TransformFunction(name) }

    /// The transform for `v` (a number, or a point/array of up to three numbers).
    func transform(_ v: AnimationValue) -> CATransform3D {
        guard let f = function else { return CATransform3DIdentity }
        let n = v.components
        return f.transform(n.count > 0 ? n[0] : 0, n.count > 1 ? n[1] : 0, n.count > 2 ? n[2] : 0, count: n.count)
    }
}

/// The transforms of Core Animation's value functions (`CAValueFunctionName`).
enum TransformFunction: Sendable, Equatable {
    case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ

    init?(_ name: CAValueFunctionName) {
        switch name {
        case .rotateX: self = .rotateX
        case .rotateY: self = .rotateY
        case .rotateZ: self = .rotateZ
        case .scale: self = .scale
        case .scaleX: self = .scaleX
        case .scaleY: self = .scaleY
        case .scaleZ: self = .scaleZ
        case .translate: self = .translate
        case .translateX: self = .translateX
        case .translateY: self = .translateY
        case .translateZ: self = .translateZ
        default: return nil
        }
    }

    /// The transform of `count` numbers `x`, `y`, `z` (those past `count` are 0): a one-number
    /// function reads `x`; `scale` of one number scales all three axes by it, of two scales z
    /// by 1.
    @inline(__always)
    func transform(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat, count: Int) -> CATransform3D {
        switch self {
        case .rotateX: return CATransform3DMakeRotation(x, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(x, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(x, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(x, count > 1 ? y : x, count > 2 ? z : (count > 1 ? 1 : x))
        case .scaleX: return CATransform3DMakeScale(x, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, x, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, x)
        case .translate: return CATransform3DMakeTranslation(x, y, z)
        case .translateX: return CATransform3DMakeTranslation(x, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, x, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, x)
        }
    }
}
