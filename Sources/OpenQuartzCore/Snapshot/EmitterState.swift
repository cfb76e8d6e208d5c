import Foundation
import Raster

/// An emitter layer's values as the particle simulation reads them, made safe: every number
/// finite and within bounds (a NaN is 0), the layer's multipliers kept apart from the cells'
/// means and ranges, the cell tree cut at `CAEmitterCell.maxDepth` levels.
struct EmitterState {
    var birthRate, lifetime, velocity, scale, spin: Double
    var position: SIMD3<Double>
    var size: SIMD3<Double>
    var shape: CAEmitterLayerEmitterShape
    var mode: CAEmitterLayerEmitterMode
    var seed: UInt64
    var cells: [Cell]

    /// The largest birth rate of one cell, particles per second (docs/limits.md): a larger
    /// product of the cell's and the layer's rates emits this many.
    static let maxBirthRate = 1e6
    /// The longest lifetime of a particle, in seconds (docs/limits.md).
    static let maxLifetime = 1e6
    /// Any other value is kept within ±this (points, points per second, radians…).
    static let maxMagnitude = 1e9

    /// One cell's values; `children` its sub-cells.
    struct Cell {
        var enabled: Bool
        var birthRate, lifetime, lifetimeRange: Double
        var latitude, longitude, range: Double
        var velocity, velocityRange: Double
        var acceleration: SIMD3<Double>
        var scale, scaleRange, scaleSpeed: Double
        var spin, spinRange: Double
        var color, colorRange, colorSpeed: SIMD4<Double>
        var beginTime, duration: Double
        /// The cell's place in the tree, depth first (its image and its draw order).
        var order: Int
        var children: [Cell]
    }

    /// A finite number within ±`maxMagnitude`; NaN is 0.
    @inline(__always)
    static func safe(_ x: Double) -> Double {
        x.isNaN ? 0 : min(max(x, -maxMagnitude), maxMagnitude)
    }

    init(_ l: CAEmitterLayer) {
        func s(_ x: Float) -> Double { EmitterState.safe(Double(x)) }
        func s(_ x: CGFloat) -> Double { EmitterState.safe(Double(x)) }
        birthRate = s(l.birthRate); lifetime = s(l.lifetime); velocity = s(l.velocity); scale = s(l.scale); spin = s(l.spin)
        position = SIMD3(s(l.emitterPosition.x), s(l.emitterPosition.y), s(l.emitterZPosition))
        size = SIMD3(s(l.emitterSize.width), s(l.emitterSize.height), s(l.emitterDepth))
        shape = l.emitterShape; mode = l.emitterMode
        seed = UInt64(l.seed)
        var order = 0
        cells = EmitterState.cells(l.emitterCells, depth: 1, order: &order)
    }

    private static func cells(_ list: [CAEmitterCell]?, depth: Int, order: inout Int) -> [Cell] {
        guard let list, depth <= CAEmitterCell.maxDepth else { return [] }
        func s(_ x: Float) -> Double { safe(Double(x)) }
        func s(_ x: CGFloat) -> Double { safe(Double(x)) }
        func s(_ x: Double) -> Double { safe(x) }
        return list.map { c in
            let color = Color(c.color) ?? Color(r: 0, g: 0, b: 0, a: 0)
            var cell = Cell(
                enabled: c.isEnabled, birthRate: s(c.birthRate), lifetime: s(c.lifetime), lifetimeRange: s(c.lifetimeRange),
                latitude: s(c.emissionLatitude), longitude: s(c.emissionLongitude), range: s(c.emissionRange),
                velocity: s(c.velocity), velocityRange: s(c.velocityRange),
                acceleration: SIMD3(s(c.xAcceleration), s(c.yAcceleration), s(c.zAcceleration)),
                scale: s(c.scale), scaleRange: s(c.scaleRange), scaleSpeed: s(c.scaleSpeed),
                spin: s(c.spin), spinRange: s(c.spinRange),
                color: SIMD4(s(color.r), s(color.g), s(color.b), s(color.a)),
                colorRange: SIMD4(s(c.redRange), s(c.greenRange), s(c.blueRange), s(c.alphaRange)),
                colorSpeed: SIMD4(s(c.redSpeed), s(c.greenSpeed), s(c.blueSpeed), s(c.alphaSpeed)),
                beginTime: s(c.beginTime), duration: s(c.duration), order: order, children: [])
            order += 1
            cell.children = cells(c.emitterCells, depth: depth + 1, order: &order)
            return cell
        }
    }

    /// The cells' images in depth-first order (nil where a cell has no `CGImage` contents or
    /// the tree is cut), with what drawing them needs.
    static func images(_ l: CAEmitterLayer) -> [EmitterImage?] {
        var out: [EmitterImage?] = []
        func walk(_ list: [CAEmitterCell]?, depth: Int) {
            guard let list, depth <= CAEmitterCell.maxDepth else { return }
            for c in list {
                out.append((c.contents as? CGImage).flatMap { EmitterImage($0, cell: c) })
                walk(c.emitterCells, depth: depth + 1)
            }
        }
        walk(l.emitterCells, depth: 1)
        return out
    }

    /// The effective birth rate of `cell` (the layer's multiplier applied), bounded.
    func rate(_ cell: Cell) -> Double {
        guard cell.enabled else { return 0 }
        let r = cell.birthRate * birthRate
        return r > 0 ? min(r, EmitterState.maxBirthRate) : 0
    }

    /// The longest a particle of `cell` can live.
    func longestLife(_ cell: Cell) -> Double {
        let l = (cell.lifetime + abs(cell.lifetimeRange) / 2) * lifetime
        return l > 0 ? min(l, EmitterState.maxLifetime) : 0
    }

    /// How long after its birth a particle of `cell` or of its descendants can still show:
    /// its life and the longest reach of what it emits.
    func reach(_ cell: Cell) -> Double {
        longestLife(cell) + (cell.children.map { reach($0) }.max() ?? 0)
    }
}
