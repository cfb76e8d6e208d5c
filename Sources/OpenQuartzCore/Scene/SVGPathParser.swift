import Foundation
import Raster

/// A syntax error in SVG path data: 1-based character position and what was expected.
package struct SVGPathError: Error, Equatable, Sendable {
    var character: Int
    var message: String

    /// An error at a character offset (1-based) of the path data.
    package init(character: Int, message: String) {
        self.character = character
        self.message = message
    }
}

/// SVG path data (`d` attribute, SVG 1.1 §8.3 / SVG 2 §9.3) to a `CGMutablePath`.
///
/// Every command, absolute and relative: M L H V C S Q T A Z, implicit repetition
/// (extra coordinate pairs after M are lines), numbers run together ("1-2.5.5"),
/// and arc flags without separators ("a1 1 0 00 1 1"). Elliptical arcs become cubic
/// Béziers through the endpoint-to-centre conversion of SVG 1.1 appendix F.6.
/// Unlike a browser, which draws up to the first error, malformed data is refused.
package struct SVGPathParser {
    private let bytes: [UInt8]
    private var i = 0
    private let path = CGMutablePath()
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The reflected control point S or T may use, and which kind set it.
    private var lastCubicControl: CGPoint? = nil
    private var lastQuadControl: CGPoint? = nil

    package static func parse(_ data: String) throws(SVGPathError) -> CGMutablePath {
        var p = SVGPathParser(bytes: Array(data.utf8))
        try p.run()
        return p.path
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: lexing

    private func error(_ message: String, at offset: Int? = nil) -> SVGPathError {
        let o = min(offset ?? i, bytes.count)
        // Positions count characters, not UTF-8 bytes.
        let character = bytes[0..<o].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return SVGPathError(character: character, message: message)
    }

    private func found() -> String {
        guard i < bytes.count else { return "end of data" }
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        var out = ""
        JSONWriter.writeString(String(decoding: bytes[i..<end], as: UTF8.self), into: &out)
        return out
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    private mutating func skipSpace() {
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    }

    /// Whitespace with at most one comma; true when there was a comma.
    @discardableResult
    private mutating func skipCommaSpace() -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return false }
        i += 1
        skipSpace()
        return true
    }

    private var atNumberStart: Bool {
        guard i < bytes.count else { return false }
        let b = bytes[i]
        return (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
            || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    private mutating func number(_ what: String, for command: UInt8) throws(SVGPathError) -> CGFloat {
        skipCommaSpace()
        let start = i
        func digits(_ i: inout Int, _ bytes: [UInt8]) -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var n = digits(&i, bytes)
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            n += digits(&i, bytes)
        }
        guard n > 0 else {
            i = start
            throw error("expected a number (\(what)) for '\(Character(Unicode.Scalar(command)))', found \(found())")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            if digits(&j, bytes) > 0 { i = j }  // otherwise the 'e' is not part of the number
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw error("number out of range", at: start) }
        return CGFloat(d)
    }

    private mutating func flag(_ what: String, for command: UInt8) throws(SVGPathError) -> Bool {
        skipCommaSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw error("expected a flag 0 or 1 (\(what)) for '\(Character(Unicode.Scalar(command)))', found \(found())")
        }
        i += 1
        return bytes[i - 1] == UInt8(ascii: "1")
    }

    private mutating func point(_ what: String, for command: UInt8, relative: Bool) throws(SVGPathError) -> CGPoint {
        let x = try number("\(what) x", for: command)
        let y = try number("\(what) y", for: command)
        return relative ? CGPoint(x: current.x + x, y: current.y + y) : CGPoint(x: x, y: y)
    }

    // MARK: commands

    private mutating func run() throws(SVGPathError) {
        skipSpace()
        guard i < bytes.count else { return }  // empty data is an empty path
        guard bytes[i] == UInt8(ascii: "M") || bytes[i] == UInt8(ascii: "m") else {
            throw error("path data must begin with 'M' or 'm', found \(found())")
        }
        var command: UInt8 = 0
        while true {
            skipSpace()
            guard i < bytes.count else { return }
            let b = bytes[i]
            if Self.isCommand(b) {
                command = b
                i += 1
            } else if !atNumberStart || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw error("expected a command letter, found \(found())")
            }
            // else: the previous command repeats with a new set of arguments.
            let start = i, elements = path.storage.count
            try segment(command)
            // Relative steps and reflected controls of finite numbers can still overflow
            // (1e308 + 1e308): a point at infinity is refused where it was made.
            for e in path.storage[elements...] where e.points.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                throw error("coordinates beyond ±1.8e308 (a sum or reflection overflowed)", at: start)
            }
            // After a moveto, further coordinate pairs are implicit linetos.
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            if skipCommaSpace(), !atNumberStart {
                throw error("expected a number after ',', found \(found())")
            }
        }
    }

    private static func isCommand(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"),
             UInt8(ascii: "H"), UInt8(ascii: "h"), UInt8(ascii: "V"), UInt8(ascii: "v"),
             UInt8(ascii: "C"), UInt8(ascii: "c"), UInt8(ascii: "S"), UInt8(ascii: "s"),
             UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"), UInt8(ascii: "t"),
             UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    private mutating func segment(_ c: UInt8) throws(SVGPathError) {
        let relative = c >= UInt8(ascii: "a")
        var cubicControl: CGPoint? = nil
        var quadControl: CGPoint? = nil
        switch c | 0x20 {  // lower-cased
        case UInt8(ascii: "m"):
            let p = try point("end", for: c, relative: relative)
            path.move(to: p)
            current = p
            subpathStart = p
        case UInt8(ascii: "l"):
            let p = try point("end", for: c, relative: relative)
            path.addLine(to: p)
            current = p
        case UInt8(ascii: "h"):
            let x = try number("x", for: c)
            current.x = relative ? current.x + x : x
            path.addLine(to: current)
        case UInt8(ascii: "v"):
            let y = try number("y", for: c)
            current.y = relative ? current.y + y : y
            path.addLine(to: current)
        case UInt8(ascii: "c"):
            let c1 = try point("first control", for: c, relative: relative)
            let c2 = try point("second control", for: c, relative: relative)
            let p = try point("end", for: c, relative: relative)
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = lastCubicControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let c2 = try point("second control", for: c, relative: relative)
            let p = try point("end", for: c, relative: relative)
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            cubicControl = c2
        case UInt8(ascii: "q"):
            let q = try point("control", for: c, relative: relative)
            let p = try point("end", for: c, relative: relative)
            path.addQuadCurve(to: p, control: q)
            current = p
            quadControl = q
        case UInt8(ascii: "t"):
            let q = lastQuadControl.map { CGPoint(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
            let p = try point("end", for: c, relative: relative)
            path.addQuadCurve(to: p, control: q)
            current = p
            quadControl = q
        case UInt8(ascii: "a"):
            let rx = try number("rx", for: c)
            let ry = try number("ry", for: c)
            let rotation = try number("x-axis-rotation", for: c)
            let large = try flag("large-arc-flag", for: c)
            let sweep = try flag("sweep-flag", for: c)
            let p = try point("end", for: c, relative: relative)
            Self.addArc(to: path, from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation,
                        largeArc: large, sweep: sweep)
            current = p
        default:  // z
            path.closeSubpath()
            current = subpathStart
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// Appends an SVG elliptical arc from `p1` to `p2` as cubics, per SVG 1.1 appendix F.6:
    /// out-of-range radii are corrected (F.6.6), the centre and angles found (F.6.5), and the
    /// sweep split into pieces of at most 90°, each approximated with control arms
    /// `4/3·tan(δ/4)` of the radius.
    static func addArc(to path: CGMutablePath, from p1: CGPoint, to p2: CGPoint, rx rxIn: CGFloat, ry ryIn: CGFloat,
                       rotationDegrees: CGFloat, largeArc: Bool, sweep: Bool) {
        // F.6.2: identical endpoints omit the arc; a zero radius makes it a straight line.
        if p1 == p2 { return }
        var rx = abs(rxIn), ry = abs(ryIn)
        if rx == 0 || ry == 0 { path.addLine(to: p2); return }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // F.6.5.1: the midpoint in the ellipse's rotated frame.
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1p = cosPhi * dx + sinPhi * dy
        let y1p = -sinPhi * dx + cosPhi * dy
        // F.6.6.2: scale the radii up when no ellipse of that size reaches both ends. √Λ is
        // taken as a hypotenuse so that a radius of 1e-200 or an end at 1e308 does not
        // overflow Λ itself; the grown ellipse is the half ellipse through both ends, whose
        // centre is their midpoint (coefficient 0, without the cancelling products below).
        let sqrtLambda = hypot(x1p / rx, y1p / ry)
        var coef: CGFloat = 0
        if sqrtLambda >= 1 {
            rx *= sqrtLambda
            ry *= sqrtLambda
        } else {
            // F.6.5.2: the centre in the rotated frame.
            let rx2 = rx * rx, ry2 = ry * ry
            let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
            let den = rx2 * y1p * y1p + ry2 * x1p * x1p
            coef = den == 0 ? 0 : (max(0, num / den)).squareRoot()
        }
        // Radii too small or too large for doubles (1e-320 against 1e10): a straight line,
        // as for a zero radius.
        guard rx.isFinite, ry.isFinite, rx > 0, ry > 0, coef.isFinite else { path.addLine(to: p2); return }
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx
        // F.6.5.3: back to user space.
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2
        // F.6.5.5-6: start angle and sweep.
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }

        guard cx.isFinite, cy.isFinite, delta.isFinite else { path.addLine(to: p2); return }
        // |δ| ≤ 2π: at most four quarter pieces.
        let pieces = min(max(1, Int(saturating: Double(abs(delta) / (.pi / 2) - 1e-9), .up)), 4)
        let step = delta / CGFloat(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ ex: CGFloat, _ ey: CGFloat) -> CGPoint {
            let x = ex * rx, y = ey * ry
            return CGPoint(x: cosPhi * x - sinPhi * y + cx, y: sinPhi * x + cosPhi * y + cy)
        }
        var t = theta1
        for n in 0..<pieces {
            let c1 = cos(t), s1 = sin(t)
            let t2 = t + step
            let c2 = cos(t2), s2 = sin(t2)
            let control1 = onEllipse(c1 - k * s1, s1 + k * c1)
            let control2 = onEllipse(c2 + k * s2, s2 - k * c2)
            // The last piece ends exactly where the data said, not where rounding put it.
            let end = n == pieces - 1 ? p2 : onEllipse(c2, s2)
            path.addCurve(to: end, control1: control1, control2: control2)
            t = t2
        }
    }
}
