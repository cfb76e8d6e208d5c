import Foundation
import Raster

/// A layer as one frame of a timed render shows it, for the snapshot to read: `layer` (the
/// model, or its presentation copy) with, for a layer whose one animation is direct
/// (`DirectAnimation`), that animation's value of the frame in place of the model's value of
/// its target. The values are the ones the presentation copy would hold, to the bit: the
/// same lanes, converted as `DirectAnimation.set` converts them (a colour as
/// `CGColor(red:green:blue:alpha:)` clamps its components, then as `Color` reads it).
package struct LayerPresentation {
    /// What every property but the target is read from.
    package let layer: CALayer
    /// The animated property, and its value (nil: the model's value shows).
    package let target: DirectAnimation.Target?
    let value: SIMD4<Double>
    /// Whether the layer is animated in this render (its node must be made again next frame,
    /// even while the animation shows the model's values).
    let isAnimated: Bool

    /// `layer` as it is: the model, or a presentation copy (`animated`).
    @inline(__always) package init(_ layer: CALayer, animated: Bool = false) {
        self.layer = layer
        target = nil
        value = .zero
        isAnimated = animated
    }

    /// `model` with `target` showing `value` (nothing overridden when `value` is nil).
    @inline(__always) init(_ model: CALayer, _ target: DirectAnimation.Target, _ value: SIMD4<Double>?) {
        layer = model
        self.target = value == nil ? nil : target
        self.value = value ?? .zero
        isAnimated = true
    }

    /// The value as a `CGFloat` when `t` is the target.
    @inline(__always) private func scalar(_ t: DirectAnimation.Target) -> CGFloat? {
        target == t ? CGFloat(value[0]) : nil
    }

    /// The value as a colour when `t` is the target; `.some(model colour)` otherwise.
    @inline(__always) private func color(_ t: DirectAnimation.Target, _ model: @autoclosure () -> CGColor?) -> Color? {
        guard target == t else { return Color(model()) }
        @inline(__always) func unit(_ v: Double) -> Float { v.isNaN ? 0 : Float(min(max(v, 0), 1)) }
        return Color(r: unit(value[0]), g: unit(value[1]), b: unit(value[2]), a: unit(value[3]))
    }

    package var opacity: Float { target == .opacity ? Float(value[0]) : layer.opacity }
    package var shadowOpacity: Float { target == .shadowOpacity ? Float(value[0]) : layer.shadowOpacity }
    package var zPosition: CGFloat { scalar(.zPosition) ?? layer.zPosition }
    package var cornerRadius: CGFloat { scalar(.cornerRadius) ?? layer.cornerRadius }
    package var borderWidth: CGFloat { scalar(.borderWidth) ?? layer.borderWidth }
    package var shadowRadius: CGFloat { scalar(.shadowRadius) ?? layer.shadowRadius }
    package var backgroundColor: Color? { color(.backgroundColor, layer.backgroundColor) }
    package var borderColor: Color? { color(.borderColor, layer.borderColor) }
    package var shadowColor: Color? { color(.shadowColor, layer.shadowColor) }

    // A shape layer's own properties (`s` is `layer`, as a shape layer).
    package func strokeStart(of s: CAShapeLayer) -> CGFloat { scalar(.strokeStart) ?? s.strokeStart }
    package func strokeEnd(of s: CAShapeLayer) -> CGFloat { scalar(.strokeEnd) ?? s.strokeEnd }
    package func lineWidth(of s: CAShapeLayer) -> CGFloat { scalar(.lineWidth) ?? s.lineWidth }
    package func fillColor(of s: CAShapeLayer) -> Color? { color(.fillColor, s.fillColor) }
    package func strokeColor(of s: CAShapeLayer) -> Color? { color(.strokeColor, s.strokeColor) }

    package var position: CGPoint {
        switch target {
        case .positionX?: return CGPoint(x: CGFloat(value[0]), y: layer.position.y)
        case .positionY?: return CGPoint(x: layer.position.x, y: CGFloat(value[0]))
        case .position?: return CGPoint(x: CGFloat(value[0]), y: CGFloat(value[1]))
        default: return layer.position
        }
    }
    package var anchorPoint: CGPoint {
        target == .anchorPoint ? CGPoint(x: CGFloat(value[0]), y: CGFloat(value[1])) : layer.anchorPoint
    }

    /// `CALayer.localTransform()` of the presented values.
    package func localTransform() -> CATransform3D {
        target == nil ? layer.localTransform()
            : CALayer.localTransform(bounds: layer.bounds, anchorPoint: anchorPoint, anchorPointZ: layer.anchorPointZ,
                                     transform: layer.transform, position: position, zPosition: zPosition)
    }

    /// `CALayer.sublayerSpaceTransform()` of the presented values.
    package func sublayerSpaceTransform() -> CATransform3D {
        target == nil ? layer.sublayerSpaceTransform()
            : CALayer.sublayerSpaceTransform(bounds: layer.bounds, anchorPoint: anchorPoint, anchorPointZ: layer.anchorPointZ,
                                             isGeometryFlipped: layer.isGeometryFlipped,
                                             sublayerTransform: layer.sublayerTransform)
    }
}
