import Foundation

/// One piece of a keyframe animation's path: a line, quadratic or cubic from `p0`.
struct PathSegment {
    enum Shape { case line, quad(CGPoint), cubic(CGPoint, CGPoint) }
    let p0: CGPoint
    let p1: CGPoint
    let shape: Shape
    /// Whether the piece is the line a `closeSubpath()` draws back to the subpath's start.
    var closing = false
    /// Arc length, and the cumulative lengths at 16 even parameter steps (for pacing).
    let length: Double
    let table: [Double]

    init(_ p0: CGPoint, _ p1: CGPoint, _ shape: Shape) {
        self.p0 = p0; self.p1 = p1; self.shape = shape
        var t: [Double] = [0]
        var prev = p0, sum = 0.0
        let steps = { if case .line = shape { return 1 }; return 16 }()
        for i in 1...steps {
            let q = PathSegment.point(p0, p1, shape, Double(i) / Double(steps))
            sum += Double(hypot(q.x - prev.x, q.y - prev.y))
            t.append(sum)
            prev = q
        }
        length = sum
        table = t
    }

    static func point(_ p0: CGPoint, _ p1: CGPoint, _ shape: Shape, _ s: Double) -> CGPoint {
        let s = CGFloat(s), u = 1 - s
        switch shape {
        case .line: return CGPoint(x: p0.x + (p1.x - p0.x) * s, y: p0.y + (p1.y - p0.y) * s)
        case .quad(let c):
            return CGPoint(x: u * u * p0.x + 2 * u * s * c.x + s * s * p1.x, y: u * u * p0.y + 2 * u * s * c.y + s * s * p1.y)
        case .cubic(let c1, let c2):
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
        }
    }

    func point(_ s: Double) -> CGPoint { PathSegment.point(p0, p1, shape, s) }

    /// The direction of travel at parameter s.
    func tangent(_ s: Double) -> CGPoint {
        let s = CGFloat(s), u = 1 - s
        var d: CGPoint
        switch shape {
        case .line: d = CGPoint(x: p1.x - p0.x, y: p1.y - p0.y)
        case .quad(let c):
            d = CGPoint(x: 2 * u * (c.x - p0.x) + 2 * s * (p1.x - c.x), y: 2 * u * (c.y - p0.y) + 2 * s * (p1.y - c.y))
        case .cubic(let c1, let c2):
            d = CGPoint(x: 3 * u * u * (c1.x - p0.x) + 6 * u * s * (c2.x - c1.x) + 3 * s * s * (p1.x - c2.x),
                        y: 3 * u * u * (c1.y - p0.y) + 6 * u * s * (c2.y - c1.y) + 3 * s * s * (p1.y - c2.y))
        }
        if d.x == 0 && d.y == 0 { d = CGPoint(x: p1.x - p0.x, y: p1.y - p0.y) }
        return d
    }

    /// The parameter at a fraction of the arc length.
    func parameter(atLengthFraction f: Double) -> Double {
        guard length > 0, table.count > 2 else { return f }
        let target = f * length
        var i = 1
        while i < table.count - 1 && table[i] < target { i += 1 }
        let a = table[i - 1], b = table[i]
        let local = b > a ? (target - a) / (b - a) : 0
        return (Double(i - 1) + local) / Double(table.count - 1)
    }

    /// A path's drawn pieces in order (moves start a new piece without drawing).
    static func segments(of path: CGPath) -> [PathSegment] {
        var out: [PathSegment] = []
        var current = CGPoint.zero, start = CGPoint.zero
        for e in path.elements {
            switch e {
            case .move(let p): current = p; start = p
            case .line(let p): out.append(PathSegment(current, p, .line)); current = p
            case .quadCurve(let p, let c): out.append(PathSegment(current, p, .quad(c))); current = p
            case .curve(let p, let c1, let c2): out.append(PathSegment(current, p, .cubic(c1, c2))); current = p
            case .closeSubpath:
                if current != start {
                    var line = PathSegment(current, start, .line)
                    line.closing = true
                    out.append(line)
                }
                current = start
            }
        }
        return out
    }
}

/// The value of a keyframe animation at a progress (after its timing function).
enum KeyframeEvaluation {
    static func value(_ a: CAKeyframeAnimation, progress f: Double, iteration: Int, current: AnimationValue,
                      target: PropertyTarget, pres: CALayer) -> AnimationValue? {
        let paced = a.calculationMode == .paced || a.calculationMode == .cubicPaced
        if let path = a.path {
            if a.pathSegments == nil { a.pathSegments = PathSegment.segments(of: path) }
            return pathValue(a, a.pathSegments!, f, paced: paced, iteration: iteration, pres: pres)
        }
        if a.convertedValues == nil {
            a.convertedValues = (a.values ?? []).compactMap { target.convert($0) }
        }
        let values = a.convertedValues!
        guard let first = values.first else { return nil }
        if values.count == 1 { return first }
        let n = values.count
        var v: AnimationValue
        if a.calculationMode == .discrete {
            v = values[discreteIndex(a, count: n, at: f)]
        } else {
            let times: [Double]
            if paced {
                var acc = [0.0]
                for i in 1..<n { acc.append(acc[i - 1] + values[i - 1].distance(to: values[i])) }
                let total = acc[n - 1]
                times = total > 0 ? acc.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
            } else {
                times = keyTimes(a, count: n) ?? (0..<n).map { Double($0) / Double(n - 1) }
            }
            var i = 0
            while i < n - 2 && f > times[i + 1] { i += 1 }
            let span = times[i + 1] - times[i]
            var local = span > 0 ? (f - times[i]) / span : (f >= times[i + 1] ? 1 : 0)
            local = min(max(local, 0), 1)
            if !paced, let tfs = a.timingFunctions, !tfs.isEmpty { local = tfs[min(i, tfs.count - 1)].evaluate(local) }
            if a.calculationMode == .cubic || a.calculationMode == .cubicPaced, let spline = cubic(a, values, i, local) {
                v = spline
            } else {
                v = values[i].interpolated(to: values[i + 1], local)
            }
        }
        if a.isCumulative, iteration != 0, let delta = values[n - 1].subtracting(values[0]),
           let k = delta.scaled(Double(iteration)) {
            v = v.adding(k) ?? v
        }
        return v
    }

    /// Which of `n` values a discrete animation shows at progress `f`: value i from key time i
    /// to key time i + 1 (with n key times, or n + 1 as Apple's `keyTimes` asks for discrete
    /// mode), else each value for 1/n of the duration.
    static func discreteIndex(_ a: CAKeyframeAnimation, count n: Int, at f: Double) -> Int {
        let times = keyTimes(a, count: n + 1) ?? keyTimes(a, count: n) ?? (0...n).map { Double($0) / Double(n) }
        var i = 0
        while i + 1 < times.count && i + 1 < n && f >= times[i + 1] { i += 1 }
        return min(i, n - 1)
    }

    /// The key times when there are `count` of them, valid (0…1, non-decreasing); else nil.
    static func keyTimes(_ a: CAKeyframeAnimation, count: Int) -> [Double]? {
        guard let k = a.keyTimes, k.count == count else { return nil }
        let t = k.map { min(max($0.doubleValue.isFinite ? $0.doubleValue : 0, 0), 1) }
        for i in 1..<max(t.count, 1) where t[i] < t[i - 1] { return nil }
        return t
    }

    /// The Kochanek–Bartels spline between keyframes i and i + 1 at `s`, with the tension,
    /// continuity and bias of keyframes i (outgoing tangent) and i + 1 (incoming); the end
    /// keyframes are repeated beyond the ends. Nil for values without components.
    static func cubic(_ a: CAKeyframeAnimation, _ values: [AnimationValue], _ i: Int, _ s: Double) -> AnimationValue? {
        let n = values.count
        guard let p1 = values[i].vector, let p2 = values[i + 1].vector,
              let p0 = values[max(i - 1, 0)].vector, let p3 = values[min(i + 2, n - 1)].vector,
              p0.count == p1.count, p2.count == p1.count, p3.count == p1.count else { return nil }
        func param(_ list: [NSNumber]?, _ k: Int) -> Double {
            guard let list, k < list.count else { return 0 }
            let v = list[k].doubleValue
            return v.isFinite ? v : 0
        }
        let t1 = param(a.tensionValues, i), c1 = param(a.continuityValues, i), b1 = param(a.biasValues, i)
        let t2 = param(a.tensionValues, i + 1), c2 = param(a.continuityValues, i + 1), b2 = param(a.biasValues, i + 1)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        var out = [Double](repeating: 0, count: p1.count)
        for k in 0..<p1.count {
            let outgoing = (1 - t1) * (1 + b1) * (1 + c1) / 2 * (p1[k] - p0[k]) + (1 - t1) * (1 - b1) * (1 - c1) / 2 * (p2[k] - p1[k])
            let incoming = (1 - t2) * (1 + b2) * (1 - c2) / 2 * (p2[k] - p1[k]) + (1 - t2) * (1 - b2) * (1 + c2) / 2 * (p3[k] - p2[k])
            out[k] = h00 * p1[k] + h10 * outgoing + h01 * p2[k] + h11 * incoming
        }
        return values[i].withVector(out)
    }

    /// The pieces of the path the animation travels and the time each is reached (one more
    /// time than pieces). Apple's `keyTimes` documentation counts them against "the number of
    /// control points in the path": the end points of its elements, so a path of n points
    /// takes n key times. A path that ends with `closeSubpath()` (Lottie's Core Animation
    /// engine closes every position path it builds from n keyframes, and passes n key times)
    /// has one more piece than it has points: with as many key times as points, the closing
    /// lines are not travelled. Key times for every piece, including the closing lines, time
    /// them all. Without usable key times (none, another count, decreasing) the pieces share
    /// the duration evenly and a closed path is travelled all the way round, as when paced
    /// (each piece's share of the length).
    static func pathTiming(_ a: CAKeyframeAnimation, _ all: [PathSegment], paced: Bool) -> ([PathSegment], [Double]) {
        let n = all.count
        if paced {
            let total = all.reduce(0) { $0 + $1.length }
            var acc = [0.0]
            for s in all { acc.append(acc.last! + (total > 0 ? s.length / total : 1 / Double(n))) }
            return (all, acc)
        }
        if let times = keyTimes(a, count: n + 1) { return (all, times) }
        let drawn = all.filter { !$0.closing }
        if drawn.count < n, !drawn.isEmpty, let times = keyTimes(a, count: drawn.count + 1) { return (drawn, times) }
        return (all, (0...max(n, 1)).map { Double($0) / Double(max(n, 1)) })
    }

    /// A point along the path: each drawn piece takes an equal share of the time (or its key
    /// time, or — paced — its share of the length); `rotationMode` turns the layer with the
    /// tangent (an extra rotation about z before its transform).
    static func pathValue(_ a: CAKeyframeAnimation, _ all: [PathSegment], _ f: Double, paced: Bool,
                          iteration: Int, pres: CALayer) -> AnimationValue? {
        if a.calculationMode == .discrete { return discretePathValue(a, all, f, iteration: iteration, pres: pres) }
        let (segs, times) = pathTiming(a, all, paced: paced)
        guard !segs.isEmpty else { return nil }
        let n = segs.count
        var i = 0
        while i < n - 1 && f > times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var local = span > 0 ? min(max((f - times[i]) / span, 0), 1) : 1
        if !paced, let tfs = a.timingFunctions, !tfs.isEmpty { local = tfs[min(i, tfs.count - 1)].evaluate(local) }
        let s = paced ? segs[i].parameter(atLengthFraction: local) : local
        return placed(a, segs[i].point(s), on: segs, piece: i, at: s, iteration: iteration, pres: pres)
    }

    /// Discrete mode on a path shows the path's control points in turn, without moving between
    /// them (Apple: "each keyframe value is used in turn, no interpolated values are
    /// calculated"; Lottie's Core Animation engine animates a position's hold keyframes as a
    /// discrete path, closed, with a key time per keyframe). The key times count the points of
    /// every piece or, as for a path in the other modes, of the pieces without the closing
    /// lines; one more key time than points is allowed, as for values.
    static func discretePathValue(_ a: CAKeyframeAnimation, _ all: [PathSegment], _ f: Double,
                                  iteration: Int, pres: CALayer) -> AnimationValue? {
        guard !all.isEmpty else { return nil }
        func counted(_ points: Int) -> Bool { keyTimes(a, count: points) != nil || keyTimes(a, count: points + 1) != nil }
        let drawn = all.filter { !$0.closing }
        let segs = !counted(all.count + 1) && !drawn.isEmpty && drawn.count < all.count && counted(drawn.count + 1) ? drawn : all
        let i = discreteIndex(a, count: segs.count + 1, at: f)
        let piece = min(i, segs.count - 1)
        let s: Double = i > piece ? 1 : 0
        return placed(a, segs[piece].point(s), on: segs, piece: piece, at: s, iteration: iteration, pres: pres)
    }

    /// `point` (at parameter `s` of piece `i` of `segs`) moved by the cumulative
    /// distance of the repeats before, with the layer turned by `rotationMode`.
    private static func placed(_ a: CAKeyframeAnimation, _ point: CGPoint, on segs: [PathSegment], piece i: Int, at s: Double,
                               iteration: Int, pres: CALayer) -> AnimationValue {
        let n = segs.count
        var p = point
        if a.isCumulative, iteration != 0 {
            let d = CGPoint(x: segs[n - 1].p1.x - segs[0].p0.x, y: segs[n - 1].p1.y - segs[0].p0.y)
            p.x += d.x * CGFloat(iteration); p.y += d.y * CGFloat(iteration)
        }
        if let mode = a.rotationMode {
            let d = segs[i].tangent(s)
            var angle = atan2(d.y, d.x)
            if mode == .rotateAutoReverse { angle += .pi }
            pres.transform = CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 0, 1), pres.transform)
        }
        return .point(p)
    }
}
