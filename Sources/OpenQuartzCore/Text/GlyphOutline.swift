import Raster

/// Decodes `glyf` outlines: simple glyphs (quadratic contours with implied on-curve points
/// between consecutive off-curve points) and composites (transformed references to other
/// glyphs). Hostile data is bounded: component nesting depth, total components and total
/// points per glyph all have limits, and every read is bounds-checked.
struct GlyphOutlineDecoder {
    let glyf: FontTable
    let loca: FontTable
    let longLoca: Bool
    let numGlyphs: Int

    /// maxp allows a component depth of up to 16 in practice; deeper is recursion.
    static let maxDepth = 16
    static let maxComponents = 4096
    static let maxPoints = 1 << 18

    struct Point { var x: Double; var y: Double; var on: Bool }

    /// Contours as points in font units (y up); `ends[i]` is one past contour i's last point.
    struct Contours {
        var points: [Point] = []
        var ends: [Int] = []
    }

    private struct Budget { var components = 0; var points = 0 }

    func path(glyph: Int) throws(OQCFontError) -> Raster.Path {
        var budget = Budget()
        let c = try contours(glyph, depth: 0, budget: &budget)
        return GlyphOutlineDecoder.path(c)
    }

    /// numberOfContours from the glyph header: negative for a composite, 0 for an empty glyph.
    func contourCount(glyph: Int) throws(OQCFontError) -> Int {
        let r = try glyphRange(glyph)
        return r.start == r.end ? 0 : Int(try glyf.i16(r.start))
    }

    private func glyphRange(_ g: Int) throws(OQCFontError) -> (start: Int, end: Int) {
        guard g >= 0, g < numGlyphs else { throw glyf.invalid("glyph id \(g) is not below numGlyphs \(numGlyphs)") }
        let start: Int, end: Int
        if longLoca {
            start = Int(try loca.u32(4 * g)); end = Int(try loca.u32(4 * g + 4))
        } else {
            start = 2 * Int(try loca.u16(2 * g)); end = 2 * Int(try loca.u16(2 * g + 2))
        }
        guard start <= end, end <= glyf.length else {
            throw .outOfBounds(table: "glyf", offset: start, length: end - start)
        }
        return (start, end)
    }

    private func contours(_ g: Int, depth: Int, budget: inout Budget) throws(OQCFontError) -> Contours {
        guard depth <= GlyphOutlineDecoder.maxDepth else {
            throw glyf.invalid("composite glyphs nested deeper than \(GlyphOutlineDecoder.maxDepth) (recursion?)")
        }
        let r = try glyphRange(g)
        if r.start == r.end { return Contours() }
        let t = try glyf.slice(r.start, r.end - r.start)
        let n = Int(try t.i16(0))
        if n >= 0 { return try simple(t, contourCount: n, budget: &budget) }
        return try composite(t, depth: depth, budget: &budget)
    }

    private func simple(_ t: FontTable, contourCount n: Int, budget: inout Budget) throws(OQCFontError) -> Contours {
        var out = Contours()
        if n == 0 { return out }
        try t.check(10, 2 * n + 2)
        out.ends.reserveCapacity(n)
        var last = -1
        for i in 0..<n {
            let e = Int(try t.u16(10 + 2 * i))
            guard e > last else { throw t.invalid("contour end points are not increasing") }
            out.ends.append(e + 1)
            last = e
        }
        let count = last + 1
        budget.points += count
        guard budget.points <= GlyphOutlineDecoder.maxPoints else { throw t.invalid("glyph has too many points") }
        let instructionLength = Int(try t.u16(10 + 2 * n))
        var o = 12 + 2 * n + instructionLength
        var flags = [UInt8](repeating: 0, count: count)
        var i = 0
        while i < count {
            let f = try t.u8(o); o += 1
            flags[i] = f; i += 1
            if f & 0x08 != 0 {
                let repeats = Int(try t.u8(o)); o += 1
                guard repeats <= count - i else { throw t.invalid("flag repeat runs past the glyph's \(count) points") }
                for _ in 0..<repeats { flags[i] = f; i += 1 }
            }
        }
        out.points = [Point](repeating: Point(x: 0, y: 0, on: false), count: count)
        var v = 0
        for k in 0..<count {
            let f = flags[k]
            if f & 0x02 != 0 {
                let d = Int(try t.u8(o)); o += 1
                v += f & 0x10 != 0 ? d : -d
            } else if f & 0x10 == 0 {
                v += Int(try t.i16(o)); o += 2
            }
            out.points[k].x = Double(v)
            out.points[k].on = f & 0x01 != 0
        }
        v = 0
        for k in 0..<count {
            let f = flags[k]
            if f & 0x04 != 0 {
                let d = Int(try t.u8(o)); o += 1
                v += f & 0x20 != 0 ? d : -d
            } else if f & 0x20 == 0 {
                v += Int(try t.i16(o)); o += 2
            }
            out.points[k].y = Double(v)
        }
        return out
    }

    private func composite(_ t: FontTable, depth: Int, budget: inout Budget) throws(OQCFontError) -> Contours {
        var out = Contours()
        var o = 10
        var flags: UInt16
        repeat {
            budget.components += 1
            guard budget.components <= GlyphOutlineDecoder.maxComponents else {
                throw t.invalid("composite glyph uses more than \(GlyphOutlineDecoder.maxComponents) components")
            }
            flags = try t.u16(o)
            let child = Int(try t.u16(o + 2))
            o += 4
            let arg1: Int, arg2: Int
            let xy = flags & 0x0002 != 0
            if flags & 0x0001 != 0 {
                arg1 = xy ? Int(try t.i16(o)) : Int(try t.u16(o))
                arg2 = xy ? Int(try t.i16(o + 2)) : Int(try t.u16(o + 2))
                o += 4
            } else {
                arg1 = xy ? Int(try t.i8(o)) : Int(try t.u8(o))
                arg2 = xy ? Int(try t.i8(o + 1)) : Int(try t.u8(o + 1))
                o += 2
            }
            var a = 1.0, b = 0.0, c = 0.0, d = 1.0
            if flags & 0x0008 != 0 {
                a = try t.f2dot14(o); d = a; o += 2
            } else if flags & 0x0040 != 0 {
                a = try t.f2dot14(o); d = try t.f2dot14(o + 2); o += 4
            } else if flags & 0x0080 != 0 {
                a = try t.f2dot14(o); b = try t.f2dot14(o + 2)
                c = try t.f2dot14(o + 4); d = try t.f2dot14(o + 6); o += 8
            }
            var part = try contours(child, depth: depth + 1, budget: &budget)
            for k in part.points.indices {
                let p = part.points[k]
                part.points[k].x = a * p.x + c * p.y
                part.points[k].y = b * p.x + d * p.y
            }
            var dx: Double, dy: Double
            if xy {
                dx = Double(arg1); dy = Double(arg2)
                if flags & 0x0800 != 0 { // SCALED_COMPONENT_OFFSET
                    (dx, dy) = (a * dx + c * dy, b * dx + d * dy)
                }
            } else {
                // Point matching: move the component so its point arg2 lands on our point arg1.
                guard arg1 < out.points.count, arg2 < part.points.count else {
                    throw t.invalid("composite anchor point \(arg1)/\(arg2) does not exist")
                }
                dx = out.points[arg1].x - part.points[arg2].x
                dy = out.points[arg1].y - part.points[arg2].y
            }
            let base = out.points.count
            for p in part.points { out.points.append(Point(x: p.x + dx, y: p.y + dy, on: p.on)) }
            for e in part.ends { out.ends.append(e + base) }
        } while flags & 0x0020 != 0
        return out
    }

    /// Quadratic contours to a path: between two off-curve points lies an implied on-curve
    /// point at their midpoint; a contour may start off-curve.
    static func path(_ c: Contours) -> Raster.Path {
        var path = Raster.Path()
        path.reserveCapacity(elements: c.points.count + 2 * c.ends.count, points: c.points.count * 2)
        var s = 0
        for e in c.ends {
            defer { s = e }
            guard e > s else { continue }
            let first = c.points[s], last = c.points[e - 1]
            let start: Point
            var from: Int, to: Int // points visited after the start, [from, to)
            if first.on {
                start = first; from = s + 1; to = e
            } else if last.on {
                start = last; from = s; to = e - 1
            } else {
                start = Point(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2, on: true)
                from = s; to = e
            }
            path.move(to: start.x, start.y)
            var control: Point?
            func visit(_ p: Point) {
                if p.on {
                    if let q = control { path.quad(to: p.x, p.y, control: q.x, q.y) } else { path.line(to: p.x, p.y) }
                    control = nil
                } else {
                    if let q = control { path.quad(to: (q.x + p.x) / 2, (q.y + p.y) / 2, control: q.x, q.y) }
                    control = p
                }
            }
            while from < to { visit(c.points[from]); from += 1 }
            if let q = control { path.quad(to: start.x, start.y, control: q.x, q.y) }
            path.close()
        }
        return path
    }
}
