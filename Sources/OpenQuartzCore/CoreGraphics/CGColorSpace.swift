import Foundation

/// The colour-space families, with Core Graphics' raw values. OpenQuartzCore supports
/// `.monochrome` and `.rgb`.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown model.
    case unknown = -1
    /// Gray: one component (supported).
    case monochrome = 0
    /// Red, green, blue: three components (supported).
    case rgb = 1
    /// Cyan, magenta, yellow, black (not supported here).
    case cmyk = 2
    /// CIE L*a*b* (not supported here).
    case lab = 3
    /// A device's own inks (not supported here).
    case deviceN = 4
    /// A colour table (not supported here).
    case indexed = 5
    /// A pattern (not supported here).
    case pattern = 6
    /// CIE XYZ (not supported here).
    case XYZ = 7
}

/// A colour space: OpenQuartzCore knows two, sRGB and gray with the sRGB curve. Apple's
/// device RGB and device gray map to them (as on iOS, where the device space is sRGB).
/// Names are `String`s here where Apple's are `CFString`s; code that passes the constants
/// below compiles against both.
public final class CGColorSpace: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The name of the sRGB colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the gray colour space with a 2.2 gamma (the sRGB curve here).
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    /// The colour space's family: `.rgb` or `.monochrome` here.
    public let model: CGColorSpaceModel
    /// The colour space's name (one of the constants above).
    public let name: String?

    private init(model: CGColorSpaceModel, name: String) {
        self.model = model
        self.name = name
    }

    static let srgbSpace = CGColorSpace(model: .rgb, name: CGColorSpace.sRGB)
    static let graySpace = CGColorSpace(model: .monochrome, name: CGColorSpace.genericGrayGamma2_2)

    /// One of the two supported names, or nil.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB: self.init(model: .rgb, name: name)
        case CGColorSpace.genericGrayGamma2_2: self.init(model: .monochrome, name: name)
        default: return nil
        }
    }

    /// Colour components, without alpha.
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    /// Two colour spaces are equal when they are of the same model.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.model == rhs.model }
    /// Hashes the model.
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }
    /// The colour space's name, for debugging.
    public var description: String { "CGColorSpace(\(name ?? "?"))" }
}

/// The device RGB space, which is sRGB here as on iOS.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.srgbSpace }
/// The device gray space: gray with the sRGB curve.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.graySpace }
