import Foundation
import Raster

/// A half-open rectangle of device pixels.
struct PixelRect: Hashable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// Stands for "unbounded" until it is intersected with something real.
    static let unbounded = PixelRect(x0: -(1 << 40), y0: -(1 << 40), x1: 1 << 40, y1: 1 << 40)

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { max(x1 - x0, 0) }
    var height: Int { max(y1 - y0, 0) }

    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    init(_ s: Surface) { self.init(x0: s.originX, y0: s.originY, x1: s.originX + s.width, y1: s.originY + s.height) }

    init(_ m: Mask) { self.init(x0: m.originX, y0: m.originY, x1: m.originX + m.width, y1: m.originY + m.height) }

    /// The pixels a device-space rectangle touches.
    init(covering r: DeviceRect) {
        if r.isEmpty { self = .empty; return }
        self.init(x0: Int(saturating: r.minX, .down), y0: Int(saturating: r.minY, .down),
                  x1: Int(saturating: r.maxX, .up), y1: Int(saturating: r.maxY, .up))
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    func insetBy(_ d: Int) -> PixelRect { PixelRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }
}

/// A rectangle in continuous device (or intermediate) coordinates; `empty` has min > max.
struct DeviceRect {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    static let empty = DeviceRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    static let infinite = DeviceRect(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    var isEmpty: Bool { !(minX < maxX && minY < maxY) }

    mutating func add(_ x: Double, _ y: Double) {
        minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
    }

    func union(_ o: DeviceRect) -> DeviceRect {
        DeviceRect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    func intersection(_ o: DeviceRect) -> DeviceRect {
        let r = DeviceRect(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }

    func outset(_ d: Double) -> DeviceRect {
        isEmpty ? self : DeviceRect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }

    func offsetBy(_ dx: Double, _ dy: Double) -> DeviceRect {
        isEmpty ? self : DeviceRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }
}

extension DeviceRect {
    /// The bounding box of `rect` mapped through `m`; infinite if any corner is at or behind
    /// the eye (w ≤ 0), since the projection is then unbounded.
    init(_ rect: CGRect, through m: ProjectiveTransform) {
        self = .empty
        if rect.isNull { return }
        let xs = [Double(rect.minX), Double(rect.maxX)], ys = [Double(rect.minY), Double(rect.maxY)]
        for x in xs {
            for y in ys {
                let p = m.apply(x, y)
                if !(p.w > 1e-9) { self = .infinite; return }
                add(p.x / p.w, p.y / p.w)
            }
        }
    }
}
