import Foundation
import Raster

/// A colour ramp for `CGContext.drawLinearGradient` and `drawRadialGradient`: colours at
/// locations in 0...1, interpolated component by component (straight alpha) in the gradient's
/// colour space, as Core Graphics does. Immutable.
public final class CGGradient: @unchecked Sendable {
    /// The stops as the rasterizer takes them, sorted by location.
    package let colors: [Color]
    package let locations: [Double]

    /// Most stops accepted; more return nil rather than allocate.
    static let maximumStops = 1 << 16

    /// A gradient from `CGColor`s (`[c1, c2] as CFArray`; anything but `CGColor`s makes the
    /// initialiser fail) at `locations` (as many values as colours, each in 0...1; nil spaces
    /// them evenly from 0 to 1). Returns nil for an empty array. The colour space is accepted
    /// and unused: colours are kept in sRGB, the only RGB space OpenQuartzCore has.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let n = colors.count
        guard n > 0, n <= CGGradient.maximumStops else { return nil }
        var cs: [Color] = []
        cs.reserveCapacity(n)
        for item in colors {
            guard let c = item as? CGColor, let color = Color(c) else { return nil }
            cs.append(color)
        }
        let locs = locations.map { p in (0..<n).map { Double(p[$0]) } }
        (self.colors, self.locations) = CGGradient.sorted(cs, locs)
    }

    /// A gradient from `count` colours given as components in `space` (its components then
    /// alpha, per colour: 4 numbers each in RGB, 2 in gray) at `locations` (count values, or nil
    /// for even spacing). Returns nil for a count that is not positive or too large, or an
    /// unsupported colour space.
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0, count <= CGGradient.maximumStops else { return nil }
        let per: Int
        switch space.model {
        case .rgb: per = 4
        case .monochrome: per = 2
        default: return nil
        }
        var cs: [Color] = []
        cs.reserveCapacity(count)
        for i in 0..<count {
            let p = components + i * per
            let c = per == 4 ? CGColor(red: p[0], green: p[1], blue: p[2], alpha: p[3]) : CGColor(gray: p[0], alpha: p[1])
            cs.append(Color(c)!)
        }
        let locs = locations.map { p in (0..<count).map { Double(p[$0]) } }
        (self.colors, self.locations) = CGGradient.sorted(cs, locs)
    }

    /// Stops in increasing location order (stable), locations clamped to 0...1 (NaN to 0);
    /// nil locations are spread evenly.
    private static func sorted(_ colors: [Color], _ locations: [Double]?) -> ([Color], [Double]) {
        let n = colors.count
        guard let locations else {
            return (colors, n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) })
        }
        let clamped = locations.map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        let order = (0..<n).sorted { clamped[$0] < clamped[$1] || (clamped[$0] == clamped[$1] && $0 < $1) }
        return (order.map { colors[$0] }, order.map { clamped[$0] })
    }
}
