import Foundation

/// The colour-space families, with Core Graphics' raw values. OpenQuartzCore supports
/// `.monochrome` and `.rgb`.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space: OpenQuartzCore knows two, sRGB and gray with the sRGB curve. Apple's
/// device RGB and device gray map to them (as on iOS, where the device space is sRGB).
/// Names are `String`s here where Apple's are `CFString`s; code that passes the constants
/// below compiles against both.
public final class CGColorSpace: Equatable, Hashable, Sendable, CustomStringConvertible {
    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"

    public let model: CGColorSpaceModel
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

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.model == rhs.model }
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }
    public var description: String { "CGColorSpace(\(name ?? "?"))" }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.srgbSpace }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.graySpace }
