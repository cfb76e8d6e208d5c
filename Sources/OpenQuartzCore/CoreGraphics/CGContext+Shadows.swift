import Foundation
import Raster

extension CGContext {
    /// Turns on a shadow: everything painted afterwards casts `color`'s shadow, offset by
    /// `offset` and blurred by `blur`, both in base space (device pixels for a bitmap context,
    /// unaffected by the CTM, y up: a positive height moves the shadow up). A nil or clear
    /// colour turns shadows off.
    ///
    /// `blur` is Core Graphics' blur "radius": the shadow is the shape's alpha convolved with a
    /// Gaussian of standard deviation σ = blur / 2, the relation HTML canvas defines for
    /// `shadowBlur` and the one WebKit relies on when it hands canvas shadows to Core Graphics
    /// unchanged (see docs/drawing.md).
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let c = Color(color), c.a > 0 else { state.shadow = nil; return }
        state.shadow = GraphicsState.Shadow(offset: offset, blur: blur, color: c)
    }

    /// Turns on a shadow in Core Graphics' default colour, black at 1/3 alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// The shadow in surface pixels: offset (rounded to whole pixels), σ and the blur's reach.
    struct ActiveShadow {
        var dx: Int, dy: Int
        var sigma: Double
        var pad: Int
        var color: Color
    }

    var activeShadow: ActiveShadow? {
        guard let s = state.shadow else { return nil }
        let limit = Double(1 << 20)
        @inline(__always) func px(_ v: CGFloat) -> Int {
            let d = Double(v)
            return d.isFinite ? Int(min(max(d, -limit), limit).rounded()) : 0
        }
        let sigma = s.blur.isFinite && s.blur > 0 ? min(Double(s.blur) / 2, gaussianBlurMaxSigma) : 0
        return ActiveShadow(dx: px(s.offset.width), dy: -px(s.offset.height), sigma: sigma,
                            pad: sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0, color: s.color)
    }

    /// Paints with a shadow: the shape goes into a scratch surface (unclipped, so that parts
    /// outside the clip still cast their shadow into it), its alpha is blurred, offset and
    /// painted in the shadow colour, then the shape is composited over it; both through the
    /// clip and with the blend mode.
    func paintWithShadow(_ shadow: ActiveShadow, area: PixelBox, bounds: Raster.Rect?,
                         _ body: (_ target: Surface, _ clip: Mask?, _ mode: BlendMode, _ area: PixelBox) -> Void) {
        // Shape pixels that can reach the area: the area itself and where shadows come from.
        var source = area.union(area.offsetBy(-shadow.dx, -shadow.dy).outset(by: shadow.pad))
        if let bounds, let b = PixelBox(enclosing: bounds) { source = source.intersection(b) }
        // Keep the scratch no larger than the bitmap around the area.
        source = source.intersection(PixelBox(x: -width, y: -height, width: 3 * width, height: 3 * height))
        guard !source.isEmpty else { return }
        let scratch = Surface(width: source.width, height: source.height, originX: source.x, originY: source.y)
        let mode = state.rasterBlend
        body(scratch, nil, .sourceOver, source)
        // Only the part of the blur that lands on the area: the rest is outside the clip's box
        // or beyond the blur's reach. (The whole of it grows the scratch by 3σ on every side: a
        // blur of 1 082 on a 12 × 14 bitmap blurred 3 282 × 3 288 pixels, 6 s of CPU in a debug
        // build, for 168 of them; Fuzz/Crashers/fuzz-cgcontext-slow-unit-4d57….)
        let wanted = area.offsetBy(-shadow.dx, -shadow.dy)
        var cast = gaussianBlur(Mask(alphaOf: scratch), sigma: shadow.sigma,
                                within: (x: wanted.x, y: wanted.y, width: wanted.width, height: wanted.height))
        cast.originX += shadow.dx
        cast.originY += shadow.dy
        let clip = state.clip
        if let clip {
            let limited = cast.copy()
            limited.multiply(by: clip)
            cast = limited
        }
        target.fill(cast, color: shadow.color, blend: mode)
        target.composite(scratch, mask: clip, blend: mode)
    }
}
