/// How images are resampled when drawn, with Core Graphics' raw values. OpenQuartzCore reads
/// `.none` as nearest-neighbour, `.high` as trilinear (mipmapped) and the others as bilinear.
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (bilinear here).
    case `default` = 0
    /// No interpolation: nearest texel.
    case none = 1
    /// Bilinear.
    case low = 2
    /// Bilinear, with mipmaps when minifying.
    case high = 3
    /// Bilinear.
    case medium = 4
}
