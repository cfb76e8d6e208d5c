#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flattened subpath: distinct consecutive points, closed or open.
package struct Polyline {
    package var xs: [Double] = []
    package var ys: [Double] = []
    var closed = false
    /// True when the subpath had a segment, even one of zero length (stroked as a dot by round
    /// and square caps, as Core Graphics does).
    var hasSegment = false
    /// The unit tangents of the curve itself at the subpath's two ends, when it starts or ends
    /// with a curve: caps are square to the curve, as Core Graphics draws them, not to the
    /// first or last chord of its flattening (which differ by half a chord's turn, enough to
    /// open a light wedge where the ends of an unclosed full circle meet).
    var startTangent: (Double, Double)?
    var endTangent: (Double, Double)?
    /// The polyline starts (ends) where a stretch out of sight was left out: that end is flat
    /// (butt) whatever the cap, as the stroke goes on beyond it.
    var startCut = false, endCut = false
    package var count: Int { xs.count }
}

/// Collects a path's subpaths as polylines, dropping repeated points.
package struct PolylineCollector: PolylineSink {
    package var lines: [Polyline] = []
    var current = Polyline()

    /// An empty collector.
    package init() {}

    package mutating func moveTo(_ x: Double, _ y: Double) {
        current = Polyline()
        current.start(x, y)
    }

    package mutating func lineTo(_ x: Double, _ y: Double) { current.extend(x, y) }

    package mutating func endSubpath(closed: Bool) {
        current.end(closed: closed)
        lines.append(current)
        current = Polyline()
    }
}

extension Polyline {
    /// Starts the subpath at (x, y), keeping the buffers' memory.
    mutating func start(_ x: Double, _ y: Double) {
        reset()
        xs.append(x); ys.append(y)
    }

    /// A segment to (x, y); a repeated point is dropped, but still counts as a segment.
    mutating func extend(_ x: Double, _ y: Double) {
        hasSegment = true
        if let lx = xs.last, let ly = ys.last, lx == x, ly == y { return }
        xs.append(x); ys.append(y)
    }

    /// Ends the subpath; a closed one loses a last point equal to its first.
    mutating func end(closed: Bool) {
        guard closed else { return }
        hasSegment = true
        if count > 1, xs[0] == xs[count - 1], ys[0] == ys[count - 1] {
            xs.removeLast(); ys.removeLast()
        }
        self.closed = count >= 2
    }
}

/// A subpath's polyline handed to the stroker: a whole subpath, a run of its segments or a dash.
extension Polyline {
    /// Whether every point lies in `r` (NaN does not).
    func lies(in r: Rect) -> Bool {
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                for i in 0..<xs.count where !(xs[i] >= r.minX && xs[i] <= r.maxX && ys[i] >= r.minY && ys[i] <= r.maxY) {
                    return false
                }
                return true
            }
        }
    }

    /// Empties the buffers (keeping their memory) and clears the flags.
    mutating func reset() {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        closed = false; hasSegment = false
        startTangent = nil; endTangent = nil
        startCut = false; endCut = false
    }
}
