import Foundation

/// A colour in one of the two colour spaces OpenQuartzCore supports: device-independent gray and
/// sRGB. Components are clamped to [0, 1] (non-extended spaces, as Core Graphics does for them);
/// a NaN component becomes 0.
///
/// Equality follows `CFEqual`: the same colour space and the same components, so
/// `CGColor(gray: 0, alpha: 1) != CGColor(red: 0, green: 0, blue: 0, alpha: 1)`.
public final class CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Which model `components` is in.
    enum Model: Sendable, Equatable, Hashable { case gray, rgb }

    let model: Model
    /// Gray: `[w, a]`; sRGB: `[r, g, b, a]`.
    let storage: [CGFloat]

    private init(model: Model, _ values: [CGFloat]) {
        self.model = model
        self.storage = values.map(CGColor.clampUnit)
    }

    @inline(__always)
    private static func clampUnit(_ v: CGFloat) -> CGFloat {
        v.isNaN ? 0 : min(max(v, 0), 1)
    }

    /// An sRGB colour (macOS spells this `init(red:green:blue:alpha:)` in generic RGB; iOS and
    /// OpenQuartzCore use sRGB for both spellings).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(model: .rgb, [red, green, blue, alpha])
    }

    /// An sRGB colour.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(model: .rgb, [red, green, blue, alpha])
    }

    /// A gray colour; `gray` 0 is black, 1 is white (sRGB gamma, so `gray: g` renders as
    /// `red: g, green: g, blue: g`).
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(model: .gray, [gray, alpha])
    }

    /// A gray colour (iOS spells gray this way).
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(model: .gray, [gray, alpha])
    }

    /// A colour from `colorSpace.numberOfComponents + 1` components (the last is alpha).
    /// Nil for an unsupported colour space (only sRGB and gray exist here).
    public convenience init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        switch colorSpace.model {
        case .rgb: self.init(model: .rgb, [components[0], components[1], components[2], components[3]])
        case .monochrome: self.init(model: .gray, [components[0], components[1]])
        default: return nil
        }
    }

    /// The colour's space: device gray or device RGB (sRGB).
    public var colorSpace: CGColorSpace? {
        model == .gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
    }

    /// Opaque black, in gray (as `kCGColorBlack`).
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white, in gray (as `kCGColorWhite`).
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black, in gray (as `kCGColorClear`).
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The colour components followed by alpha: gray `[w, a]`, sRGB `[r, g, b, a]`.
    /// Never nil here; optional because Apple's is.
    public var components: [CGFloat]? { storage }

    /// Colour components plus alpha: 2 for gray, 4 for sRGB.
    public var numberOfComponents: Int { storage.count }

    /// The colour's alpha, 0 to 1.
    public var alpha: CGFloat { storage[storage.count - 1] }

    /// The same colour with a new alpha (clamped to [0, 1]).
    public func copy(alpha: CGFloat) -> CGColor? {
        var values = storage
        values[values.count - 1] = alpha
        return CGColor(model: model, values)
    }

    /// OpenQuartzCore extension (not Apple API): the colour as straight (not premultiplied)
    /// sRGB components, each in [0, 1], for the renderer. Gray `w` becomes `(w, w, w)`.
    public var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        switch model {
        case .gray: return (storage[0], storage[0], storage[0], storage[1])
        case .rgb: return (storage[0], storage[1], storage[2], storage[3])
        }
    }

    /// Two colours are equal when they have the same space and components.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.model == rhs.model && lhs.storage == rhs.storage
    }

    /// Hashes the space and components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(storage)
    }

    /// The space and components, for debugging.
    public var description: String {
        let space = model == .gray ? "gray" : "sRGB"
        return "CGColor(\(space): \(storage.map { "\($0)" }.joined(separator: ", ")))"
    }
}
