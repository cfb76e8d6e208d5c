import Foundation
import Raster

/// A layer as one frame of a timed render shows it, for the snapshot to read: `layer` (the
/// model, or its presentation copy) with, for a layer whose animations are direct
/// (`DirectAnimation`), their values of the frame in place of the model's values of their
/// targets. The values are the ones the presentation copy would hold, to the bit: the same
/// lanes, converted as `DirectAnimation.set` converts them (a colour as
/// `CGColor(red:green:blue:alpha:)` clamps its components, then as `Color` reads it; a
/// transform by the same value function or key-path component).
package struct LayerPresentation {
    /// What every property but the direct animations' targets is read from.
    package let layer: CALayer
    /// The direct animations' targets and values (none: the layer's own values show).
    package let direct: DirectValues
    /// Whether the layer is animated in this render (its node must be made again next frame,
    /// even while the animation shows the model's values).
    let isAnimated: Bool

    /// `layer` as it is: the model, or a presentation copy (`animated`).
    @inline(__always) package init(_ layer: CALayer, animated: Bool = false) {
        self.layer = layer
        direct = DirectValues()
        isAnimated = animated
    }

    /// `model` with its direct animations showing `values`.
    @inline(__always) init(_ model: CALayer, _ values: DirectValues) {
        layer = model
        direct = values
        isAnimated = true
    }

    /// Whether some direct animation's value shows (nothing is read from a copy).
    var showsDirectValue: Bool { direct.showsAny }

    /// The value as a `CGFloat` when an animation of `t` shows.
    @inline(__always) private func scalar(_ t: DirectAnimation.Target) -> CGFloat? {
        direct.value(for: t).map { CGFloat($0[0]) }
    }

    /// The value as a colour when an animation of `t` shows; `.some(model colour)` otherwise.
    @inline(__always) private func color(_ t: DirectAnimation.Target, _ model: @autoclosure () -> CGColor?) -> Color? {
        guard let value = direct.value(for: t) else { return Color(model()) }
        @inline(__always) func unit(_ v: Double) -> Float { v.isNaN ? 0 : Float(min(max(v, 0), 1)) }
        return Color(r: unit(value[0]), g: unit(value[1]), b: unit(value[2]), a: unit(value[3]))
    }

    package var opacity: Float { direct.value(for: .opacity).map { Float($0[0]) } ?? layer.opacity }
    package var shadowOpacity: Float { direct.value(for: .shadowOpacity).map { Float($0[0]) } ?? layer.shadowOpacity }
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
        guard let (t, v) = direct.first(where: { $0.property == .position }) else { return layer.position }
        switch t {
        case .positionX: return CGPoint(x: CGFloat(v[0]), y: layer.position.y)
        case .positionY: return CGPoint(x: layer.position.x, y: CGFloat(v[0]))
        default: return CGPoint(x: CGFloat(v[0]), y: CGFloat(v[1]))
        }
    }
    package var anchorPoint: CGPoint {
        direct.value(for: .anchorPoint).map { CGPoint(x: CGFloat($0[0]), y: CGFloat($0[1])) } ?? layer.anchorPoint
    }
    package var transform: CATransform3D {
        guard let (t, v) = direct.first(where: { $0.property == .transform }) else { return layer.transform }
        return t.transform(v, model: layer.transform)
    }

    /// `CALayer.localTransform()` of the presented values.
    package func localTransform() -> CATransform3D {
        !direct.showsAny ? layer.localTransform()
            : CALayer.localTransform(bounds: layer.bounds, anchorPoint: anchorPoint, anchorPointZ: layer.anchorPointZ,
                                     transform: transform, position: position, zPosition: zPosition)
    }

    /// `CALayer.sublayerSpaceTransform()` of the presented values.
    package func sublayerSpaceTransform() -> CATransform3D {
        !direct.showsAny ? layer.sublayerSpaceTransform()
            : CALayer.sublayerSpaceTransform(bounds: layer.bounds, anchorPoint: anchorPoint, anchorPointZ: layer.anchorPointZ,
                                             isGeometryFlipped: layer.isGeometryFlipped,
                                             sublayerTransform: layer.sublayerTransform)
    }
}
