import Foundation

/// Turns an animation's interpolated number (or three numbers) into a transform, so that a
/// `transform` animation can rotate by more than half a turn: the numbers are interpolated,
/// not the matrices.
open class CAValueFunction: NSObject, @unchecked Sendable {
    /// The function's name.
    open private(set) var name: CAValueFunctionName

    /// The function with `name`; nil for a name Core Animation does not define.
    public init?(name: CAValueFunctionName) {
        let known: Set<CAValueFunctionName> = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                                .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// The transform for `v` (a number, or a point/array of up to three numbers).
    func transform(_ v: AnimationValue) -> CATransform3D {
        let n = v.components
        let a = n.first ?? 0
        let x = n.count > 0 ? n[0] : 0, y = n.count > 1 ? n[1] : 0, z = n.count > 2 ? n[2] : 0
        switch name {
        case .rotateX: return CATransform3DMakeRotation(a, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(a, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(a, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(x, n.count > 1 ? y : x, n.count > 2 ? z : (n.count > 1 ? 1 : x))
        case .scaleX: return CATransform3DMakeScale(a, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, a, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, a)
        case .translate: return CATransform3DMakeTranslation(x, y, z)
        case .translateX: return CATransform3DMakeTranslation(a, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, a, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, a)
        default: return CATransform3DIdentity
        }
    }
}
