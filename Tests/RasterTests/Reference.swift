import Foundation
@testable import Raster

/// Independent reference geometry for tests: exact polygon ∩ pixel areas.
enum Reference {
    typealias P = (x: Double, y: Double)

    /// Area of a simple polygon (possibly concave) inside the axis-aligned box, by
    /// Sutherland–Hodgman clipping against the box's four sides and the shoelace formula.
    static func area(_ poly: [P], x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        var pts = poly
        func clip(_ inside: (P) -> Bool, _ cut: (P, P) -> P) {
            guard !pts.isEmpty else { return }
            var out: [P] = []
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if inside(a) { out.append(a) }
                if inside(a) != inside(b) { out.append(cut(a, b)) }
            }
            pts = out
        }
        func atX(_ x: Double) -> (P, P) -> P { { a, b in let t = (x - a.x) / (b.x - a.x); return (x, a.y + (b.y - a.y) * t) } }
        func atY(_ y: Double) -> (P, P) -> P { { a, b in let t = (y - a.y) / (b.y - a.y); return (a.x + (b.x - a.x) * t, y) } }
        clip({ $0.x >= x0 }, atX(x0))
        clip({ $0.x <= x1 }, atX(x1))
        clip({ $0.y >= y0 }, atY(y0))
        clip({ $0.y <= y1 }, atY(y1))
        var s = 0.0
        for i in 0..<pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// Area of the disc inside a pixel box, by Simpson integration of the vertical overlap.
    static func discArea(cx: Double, cy: Double, r: Double, x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        func f(_ x: Double) -> Double {
            let d = r * r - (x - cx) * (x - cx)
            if d <= 0 { return 0 }
            let h = d.squareRoot()
            return max(0, min(y1, cy + h) - max(y0, cy - h))
        }
        let n = 2000
        let h = (x1 - x0) / Double(n)
        var s = f(x0) + f(x1)
        for i in 1..<n { s += f(x0 + Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return s * h / 3
    }

    static func path(_ poly: [P]) -> Path {
        var p = Path()
        p.move(to: poly[0].x, poly[0].y)
        for q in poly.dropFirst() { p.line(to: q.x, q.y) }
        p.close()
        return p
    }

    static func alpha(_ s: Surface, _ x: Int, _ y: Int) -> Int { Int(s.pixel(x: x, y: y) >> 24) }

    /// Largest |alpha − 255·expected| over the surface.
    static func maxError(_ s: Surface, _ expected: (Int, Int) -> Double, skip: (Int, Int) -> Bool = { _, _ in false }) -> Double {
        var worst = 0.0
        for y in 0..<s.height {
            for x in 0..<s.width where !skip(x, y) {
                worst = max(worst, abs(Double(alpha(s, x, y)) - 255 * expected(x, y)))
            }
        }
        return worst
    }
}
