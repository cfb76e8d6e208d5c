import Foundation
import Raster

/// What `CGContext.saveGState()` saves: everything that shapes how drawing paints, except the
/// current path (which Core Graphics does not save either).
struct GraphicsState {
    /// User space to Core Graphics device space (origin bottom-left, y up).
    var ctm: CGAffineTransform = .identity
    var fillColor: Color = .black
    var strokeColor: Color = .black
    var fillColorSpace: CGColorSpace = CGColorSpaceCreateDeviceRGB()
    var strokeColorSpace: CGColorSpace = CGColorSpaceCreateDeviceRGB()
    var alpha: CGFloat = 1
    var blendMode: CGBlendMode = .normal
    var shouldAntialias = true
    var interpolationQuality: CGInterpolationQuality = .default
    var lineWidth: CGFloat = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
    var flatness: CGFloat = 0.5
    /// The clip as coverage in surface space; nil when nothing is clipped. Never changed in
    /// place once set (saved states share it).
    var clip: Mask?
    /// The shadow, with its offset and blur in base space; nil when there is none.
    var shadow: Shadow?

    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: Color
    }

    /// The stroke as the rasterizer takes it, in user space.
    var strokeStyle: StrokeStyle {
        let cap: LineCap = lineCap == .round ? .round : (lineCap == .square ? .square : .butt)
        let join: LineJoin = lineJoin == .round ? .round : (lineJoin == .bevel ? .bevel : .miter)
        // A dash pattern with a negative length or nothing but zeros is invalid; Core Graphics
        // then strokes solid.
        let valid = !dashLengths.isEmpty && dashLengths.allSatisfy { $0 >= 0 && $0.isFinite }
            && dashLengths.contains { $0 > 0 }
        return StrokeStyle(width: Double(lineWidth), cap: cap, join: join, miterLimit: Double(miterLimit),
                           dashes: valid ? dashLengths.map(Double.init) : [],
                           dashPhase: valid && dashPhase.isFinite ? Double(dashPhase) : 0)
    }

    /// The blend mode as the rasterizer names it.
    var rasterBlend: BlendMode { BlendMode(blendMode) }
}

extension BlendMode {
    init(_ m: CGBlendMode) {
        switch m {
        case .normal: self = .sourceOver
        case .multiply: self = .multiply
        case .screen: self = .screen
        case .overlay: self = .overlay
        case .darken: self = .darken
        case .lighten: self = .lighten
        case .colorDodge: self = .colorDodge
        case .colorBurn: self = .colorBurn
        case .softLight: self = .softLight
        case .hardLight: self = .hardLight
        case .difference: self = .difference
        case .exclusion: self = .exclusion
        case .hue: self = .hue
        case .saturation: self = .saturation
        case .color: self = .color
        case .luminosity: self = .luminosity
        case .clear: self = .clear
        case .copy: self = .copy
        case .sourceIn: self = .sourceIn
        case .sourceOut: self = .sourceOut
        case .sourceAtop: self = .sourceAtop
        case .destinationOver: self = .destinationOver
        case .destinationIn: self = .destinationIn
        case .destinationOut: self = .destinationOut
        case .destinationAtop: self = .destinationAtop
        case .xor: self = .xor
        case .plusDarker: self = .plusDarker
        case .plusLighter: self = .plusLighter
        }
    }
}
