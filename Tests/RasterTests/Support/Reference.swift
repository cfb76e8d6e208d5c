import Foundation
import Raster

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

    /// Largest |alpha − 255·coverage| where coverage is the area the fill rule selects from the
    /// polygons (any windings, overlaps). Fine sampling is too coarse for 1/255, so the rule is
    /// integrated over each pixel on 256 sub-rows, each sub-row's inside intervals exact.
    static func maxRuleError(_ s: Surface, _ polys: [[P]], rule: FillRule) -> Double {
        func inside(_ w: Int) -> Bool { rule == .nonZero ? w != 0 : w & 1 != 0 }
        func crossings(_ poly: [P], _ y: Double) -> [(Double, Int)] {
            var out: [(Double, Int)] = []
            for i in 0..<poly.count {
                let p0 = poly[i], p1 = poly[(i + 1) % poly.count]
                if (p0.y <= y) != (p1.y <= y) {
                    out.append((p0.x + (y - p0.y) * (p1.x - p0.x) / (p1.y - p0.y), p1.y > p0.y ? 1 : -1))
                }
            }
            return out
        }
        var worst = 0.0
        for py in 0..<s.height {
            var rowCover = [Double](repeating: 0, count: s.width)
            let n = 256
            for k in 0..<n {
                let y = Double(py) + (Double(k) + 0.5) / Double(n)
                let xs = polys.flatMap { crossings($0, y) }.sorted { $0.0 < $1.0 }
                var w = 0
                for (i, c) in xs.enumerated() {
                    w += c.1
                    guard inside(w), i + 1 < xs.count else { continue }
                    let x0 = c.0, x1 = xs[i + 1].0
                    for px in 0..<s.width {
                        rowCover[px] += max(0, min(x1, Double(px + 1)) - max(x0, Double(px))) / Double(n)
                    }
                }
            }
            for px in 0..<s.width { worst = max(worst, abs(Double(alpha(s, px, py)) - 255 * rowCover[px])) }
        }
        return worst
    }

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
