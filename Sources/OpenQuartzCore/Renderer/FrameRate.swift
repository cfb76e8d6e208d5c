import Foundation

/// OpenQuartzCore extension: a frame rate as an exact fraction of frames per second (30,
/// 29.97 = 2997/100, 30000/1001), so that frame times and the delays written into animated
/// files are exact rather than rounded to a decimal.
public struct FrameRate: Sendable, Equatable, CustomStringConvertible {
    /// Frames in `denominator` seconds; positive.
    public let numerator: Int
    /// Seconds in which `numerator` frames are shown; positive.
    public let denominator: Int

    /// The fastest rate accepted, in frames per second.
    public static let maximumFramesPerSecond = 1000
    /// The slowest rate accepted: one frame per `maximumFrameDuration` seconds.
    public static let maximumFrameDuration = 3600

    /// `numerator / denominator` frames per second, reduced. Nil when either is not positive
    /// or the rate is over `maximumFramesPerSecond` or under one frame an hour.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0,
              numerator / denominator < FrameRate.maximumFramesPerSecond
                  || (numerator % denominator == 0 && numerator / denominator == FrameRate.maximumFramesPerSecond),
              denominator / numerator < FrameRate.maximumFrameDuration
                  || (denominator % numerator == 0 && denominator / numerator == FrameRate.maximumFrameDuration)
        else { return nil }
        let g = FrameRate.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// A whole number of frames per second.
    public init?(framesPerSecond: Int) {
        self.init(numerator: framesPerSecond, denominator: 1)
    }

    /// Parses `30`, `29.97` (a decimal, taken exactly: 2997/100) or `30000/1001`. Nil for
    /// anything else (signs, exponents, NaN, more than 9 digits on either side) or a rate out
    /// of range.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = FrameRate.digits(parts[0]), let d = FrameRate.digits(parts[1]) else { return nil }
            self.init(numerator: n, denominator: d)
            return
        }
        guard parts.count == 1 else { return nil }
        let halves = text.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count <= 2, let whole = FrameRate.digits(halves[0]) else { return nil }
        guard halves.count == 2 else { self.init(numerator: whole, denominator: 1); return }
        let fraction = halves[1]
        guard let f = FrameRate.digits(fraction) else { return nil }
        var scale = 1
        for _ in 0..<fraction.count { scale *= 10 }
        self.init(numerator: whole * scale + f, denominator: scale)
    }

    /// Frames per second as a number.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The time of frame `index` of a sequence whose frame 0 is at `start`:
    /// `start + index · denominator / numerator`, with one rounding.
    public func time(ofFrame index: Int, from start: CFTimeInterval) -> CFTimeInterval {
        start + Double(index) * Double(denominator) / Double(numerator)
    }

    /// How long each frame is shown, as the 16-bit fraction of seconds an animated PNG's
    /// `fcTL` holds: exact when `denominator / numerator` fits, otherwise the closest fraction
    /// that does (its continued fraction's best approximation).
    public var frameDelay: (numerator: UInt16, denominator: UInt16) {
        FrameRate.closestFraction(denominator, numerator, limit: Int(UInt16.max))
    }

    /// "30 fps", "2997/100 fps".
    public var description: String { denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps" }

    /// 1 to 9 ASCII digits.
    private static func digits(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.count <= 9, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(s)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var a = a, b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The fraction p/q closest to `n / d` with p, q ≤ `limit` (both positive, reduced first):
    /// the convergents of the continued fraction, then the best semiconvergent at the limit.
    static func closestFraction(_ n: Int, _ d: Int, limit: Int) -> (numerator: UInt16, denominator: UInt16) {
        let g = gcd(n, d)
        var (a, b) = (n / g, d / g)
        if a <= limit && b <= limit { return (UInt16(a), UInt16(b)) }
        // Convergents h/k of a/b.
        var (h0, h1, k0, k1) = (0, 1, 1, 0)
        while b != 0 {
            let q = a / b
            let h2 = q * h1 + h0, k2 = q * k1 + k0
            if h2 > limit || k2 > limit {
                // Largest semiconvergent within the limit, kept when closer than h1/k1.
                let t = min(h1 > 0 ? (limit - h0) / h1 : Int.max, k1 > 0 ? (limit - k0) / k1 : Int.max)
                let hs = t * h1 + h0, ks = t * k1 + k0
                let target = Double(n) / Double(d)
                if ks > 0, hs > 0, abs(Double(hs) / Double(ks) - target) < abs(Double(h1) / Double(max(k1, 1)) - target) {
                    return (UInt16(hs), UInt16(ks))
                }
                break
            }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            (a, b) = (b, a - q * b)
        }
        return (UInt16(clamping: max(h1, 1)), UInt16(clamping: max(k1, 1)))
    }
}
