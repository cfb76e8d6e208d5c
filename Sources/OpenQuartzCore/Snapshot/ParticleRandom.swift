/// The random numbers of one particle: a hash of the layer's seed, the cell's place in the cell
/// tree and the particle's birth ordinal (splitmix64's finalizer), so that every value of a
/// particle is known from those three alone — in any order of evaluation, on any thread, at
/// any frame — and two particles share nothing.
struct ParticleRandom {
    /// The particle's key: seed, cell and ordinal mixed.
    let key: UInt64

    /// splitmix64's output function (Steele, Lea and Flood, "Fast splittable pseudorandom
    /// number generators", 2014): a bijection of 64-bit words whose outputs pass BigCrush.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The key of the cell at `index` among its siblings, under `parent` (the layer's seed
    /// for a cell of the layer, a particle's key for its sub-cells).
    @inline(__always)
    static func cellKey(parent: UInt64, index: Int) -> UInt64 {
        mix(parent ^ mix(UInt64(truncatingIfNeeded: index) &+ 0x5EED))
    }

    /// The particle born `ordinal`-th (from 0) of the cell with key `cell`.
    @inline(__always)
    init(cell: UInt64, ordinal: UInt64) {
        key = ParticleRandom.mix(cell ^ ParticleRandom.mix(ordinal))
    }

    /// A number uniformly distributed in [0, 1) for the particle's property `slot`: 53 bits of
    /// the slot's hash.
    @inline(__always)
    func unit(_ slot: Slot) -> Double {
        Double(ParticleRandom.mix(key &+ slot.rawValue &* 0xD1B5_4A32_D192_ED03) >> 11) * 0x1p-53
    }

    /// A number uniformly distributed in [−1/2, 1/2): a mean plus this times its range is
    /// uniform in [mean − range/2, mean + range/2] (CAEmitterLayer.h, `seed`).
    @inline(__always)
    func centred(_ slot: Slot) -> Double { unit(slot) - 0.5 }

    /// What each random number of a particle is for.
    enum Slot: UInt64 {
        case lifetime = 1, velocity, direction, scale, spin, red, green, blue, alpha
        case shapeU, shapeV, shapeW, shapeFace
    }
}
