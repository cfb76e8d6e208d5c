import Testing
import CRasterKernels

/// The sprite row kernel (tint, then source-over or plus-lighter, in one pass) gives, on every
/// path the CPU has, exactly the bytes of a reference written channel by channel with plain
/// integer division: for every row length (vector bodies and tails), clear, opaque and
/// translucent samples, plain and random tints.
@Suite(.serialized) struct SpriteKernelTests {
    struct Random {
        var state: UInt64
        mutating func next(_ n: UInt32) -> UInt32 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt32(state % UInt64(n))
        }
        /// A premultiplied pixel: clear, opaque or translucent.
        mutating func pixel() -> UInt32 {
            let pick = next(4)
            let alpha: UInt32 = pick == 0 ? 0 : (pick == 1 ? 255 : next(256))
            return next(alpha + 1) | next(alpha + 1) << 8 | next(alpha + 1) << 16 | alpha << 24
        }
        /// Byte factors as the sprite drawer makes them: colour × alpha, alpha.
        mutating func tint() -> UInt32 {
            if next(4) == 0 { return 0xFFFF_FFFF }
            let a = next(256)
            return next(a + 1) | next(a + 1) << 8 | next(a + 1) << 16 | a << 24
        }
    }

    /// x·k/255 rounded to nearest (255 is odd: no ties).
    static func scaled(_ x: UInt32, _ k: UInt32) -> UInt32 { (2 * x * k + 255) / 510 }

    static func channel(_ p: UInt32, _ i: UInt32) -> UInt32 { (p >> (8 * i)) & 0xFF }

    static func reference(_ d: UInt32, _ s: UInt32, tint: UInt32, additive: Bool) -> UInt32 {
        var t = s
        if tint != 0xFFFF_FFFF {
            let a = scaled(channel(s, 3), channel(tint, 3))
            t = a << 24
            for i: UInt32 in 0..<3 { t |= min(scaled(channel(s, i), channel(tint, i)), a) << (8 * i) }
        }
        var out: UInt32 = 0
        for i: UInt32 in 0..<4 {
            let dc = channel(d, i), sc = channel(t, i)
            let c = additive ? min(dc + sc, 255) : sc + scaled(dc, 255 - channel(t, 3))
            out |= c << (8 * i)
        }
        return out
    }

    func check(level: Int32) {
        var r = Random(state: 0x0F1E_2D3C_4B5A_6978 &+ UInt64(level))
        for n in [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 33, 64, 100] {
            for _ in 0..<16 {
                let src = (0..<n).map { _ in r.pixel() }, dst = (0..<n).map { _ in r.pixel() }
                let tint = r.tint()
                for additive in [false, true] {
                    var d = dst + [7]
                    d.withUnsafeMutableBufferPointer { dp in src.withUnsafeBufferPointer { sp in
                        rk_sprite_row(dp.baseAddress!, sp.baseAddress ?? UnsafePointer(bitPattern: 8)!, n, tint, additive ? 1 : 0)
                    } }
                    let expected = (0..<n).map { Self.reference(dst[$0], src[$0], tint: tint, additive: additive) }
                    #expect(d == expected + [7], "n \(n), tint \(tint), additive \(additive), level \(level)")
                }
            }
        }
    }

    @Test func everyPathMatchesTheReference() {
        for level: Int32 in [0, 2] { withVectorLevel(level) { check(level: level) } }
    }
}
