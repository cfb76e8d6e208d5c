import Foundation
import Raster

extension CGContext {
    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, colours, alpha, blend mode, clip, line style,
    /// shadow, anti-aliasing, interpolation quality); the current path is not part of it.
    public func saveGState() { savedStates.append(state) }

    /// Pops the state `saveGState()` pushed last; does nothing when none is saved.
    public func restoreGState() {
        if let s = savedStates.popLast() { state = s }
    }

    // MARK: Current transformation matrix

    /// The current transformation matrix: user space to device space (origin bottom-left,
    /// y up). The identity for a new bitmap context.
    public var ctm: CGAffineTransform { state.ctm }

    /// User space to device space; the CTM for a bitmap context.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves user space's origin by (tx, ty) user units.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) { state.ctm = state.ctm.translatedBy(x: tx, y: ty) }

    /// Scales user space by (sx, sy).
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { state.ctm = state.ctm.scaledBy(x: sx, y: sy) }

    /// Rotates user space by `angle` radians (counter-clockwise in a y-up space).
    public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: angle) }

    /// Applies `transform` to user space before the current CTM: CTM′ = transform × CTM.
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }

    /// A point in user space mapped to device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// A point in device space mapped to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// A size (a vector) in user space mapped to device space.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    /// A size (a vector) in device space mapped to user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    /// The bounding box of a user-space rectangle in device space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// The bounding box of a device-space rectangle in user space.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    // MARK: Colours

    /// The colour fills paint with. Default opaque black.
    public func setFillColor(_ color: CGColor) { state.fillColor = Color(color) ?? .black }
    /// The colour strokes paint with. Default opaque black.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = Color(color) ?? .black }
    /// The fill colour from sRGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// The stroke colour from sRGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    /// The fill colour as a gray level.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }
    /// The stroke colour as a gray level.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }
    /// The fill colour from CMYK components, converted naively (R = (1 − C)(1 − K), …): there
    /// is no CMYK colour management here.
    public func setFillColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setFillColor(red: (1 - cyan) * (1 - black), green: (1 - magenta) * (1 - black),
                     blue: (1 - yellow) * (1 - black), alpha: alpha)
    }
    /// The stroke colour from CMYK components, converted as `setFillColor(cyan:…)` does.
    public func setStrokeColor(cyan: CGFloat, magenta: CGFloat, yellow: CGFloat, black: CGFloat, alpha: CGFloat) {
        setStrokeColor(red: (1 - cyan) * (1 - black), green: (1 - magenta) * (1 - black),
                       blue: (1 - yellow) * (1 - black), alpha: alpha)
    }
    /// The colour space `setFillColor(_ components:)` reads components in; resets the fill
    /// colour to opaque black, as Core Graphics does.
    public func setFillColorSpace(_ space: CGColorSpace) { state.fillColorSpace = space; state.fillColor = .black }
    /// The colour space `setStrokeColor(_ components:)` reads components in; resets the stroke
    /// colour to opaque black.
    public func setStrokeColorSpace(_ space: CGColorSpace) { state.strokeColorSpace = space; state.strokeColor = .black }
    /// The fill colour from components in the fill colour space (its components, then alpha).
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        if let c = CGColor(colorSpace: state.fillColorSpace, components: components) { setFillColor(c) }
    }
    /// The stroke colour from components in the stroke colour space (its components, then alpha).
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        if let c = CGColor(colorSpace: state.strokeColorSpace, components: components) { setStrokeColor(c) }
    }

    /// A constant opacity (clamped to 0...1) applied to everything painted. Default 1.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1) }

    /// How painting combines with the bitmap. Default `.normal`.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Whether shapes are anti-aliased (exact area coverage) or sampled at pixel centres.
    /// Default true.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }

    /// Accepted for compatibility: anti-aliasing is always allowed here, and
    /// `setShouldAntialias(_:)` alone decides.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {}

    /// How images are resampled by `draw(_:in:byTiling:)`. Default `.default` (bilinear).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Accepted; curves are always flattened within 0.1 device pixels.
    public func setFlatness(_ flatness: CGFloat) { state.flatness = flatness }

    // MARK: Line style

    /// The stroke width in user units. Default 1; 0 strokes one device pixel wide.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
    /// How open subpaths end. Default `.butt`.
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    /// How segments join. Default `.miter`.
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    /// Miter joins longer than `limit` × the line width become bevels. Default 10.
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
    /// Dashes: alternating painted and unpainted lengths in user units, starting `phase` units
    /// into the pattern. An empty array strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.dashPhase = phase
        state.dashLengths = lengths
    }
}
