import Foundation
import Testing
import Raster
import OpenQuartzCore

/// Occlusion culling skips what opaque layers drawn later cover; it must never change a pixel.
/// Random stacks of cards (shadows, borders, rounded and square corners at fractional
/// positions, clipped overflowing sublayers, translucent and rotated cards, a mask) are drawn
/// with and without it and compared exactly.
@Suite struct OcclusionTests {
    static func cards(seed: UInt64, count: Int) -> CALayer {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> CGFloat {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return CGFloat(state % 10_000) / 10_000
        }
        let root = makeRoot(320, 240)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        for i in 0..<count {
            let card = makeLayer(CGRect(x: next() * 260 - 20, y: next() * 190 - 20, width: 40 + next() * 80, height: 30 + next() * 60),
                                 CGColor(red: next(), green: next(), blue: next(), alpha: i % 7 == 3 ? 0.8 : 1))
            card.cornerRadius = i % 5 == 0 ? 0 : next() * 14
            if i % 3 == 0 { card.borderWidth = 1 + next() * 2; card.borderColor = CGColor(gray: 0.2, alpha: 0.7) }
            if i % 2 == 0 { card.shadowOpacity = 0.5; card.shadowRadius = 2 + next() * 6; card.shadowOffset = CGSize(width: 0, height: 3) }
            if i % 4 == 1 {
                let clip = makeLayer(card.bounds, nil)
                clip.cornerRadius = card.cornerRadius
                clip.masksToBounds = true
                let blob = makeLayer(CGRect(x: -10, y: -8, width: 40, height: 40), CGColor(red: 1, green: 1, blue: 0, alpha: 0.6))
                blob.cornerRadius = 20
                clip.addSublayer(blob)
                card.addSublayer(clip)
            }
            if i % 6 == 2 { card.opacity = 0.9 }
            if i % 9 == 4 { card.setAffineTransform(CGAffineTransform(rotationAngle: 0.3)) }
            if i % 11 == 5 {
                let m = makeLayer(card.bounds.insetBy(dx: 5, dy: 5), black)
                m.cornerRadius = 8
                card.mask = m
            }
            card.addSublayer(makeLayer(CGRect(x: 6, y: 6, width: 20, height: 6), CGColor(gray: 0.3, alpha: 0.5)))
            root.addSublayer(card)
        }
        return root
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func culledFramesEqualUnculledOnes(seed: UInt64) {
        let root = Self.cards(seed: seed, count: 60)
        for threads in [1, 2] {
            let culled = CAImageRenderer(size: CGSize(width: 320, height: 240), threads: threads)
            let plain = CAImageRenderer(size: CGSize(width: 320, height: 240), threads: threads)
            plain.occlusionCulling = false
            // Twice: the second frame comes from the frame caches.
            for frame in 1...2 {
                let a = Rendered(root, width: 320, height: 240, renderer: culled)
                let b = Rendered(root, width: 320, height: 240, renderer: plain)
                var differing = 0
                for y in 0..<240 { for x in 0..<320 where a.surface.pixel(x: x, y: y) != b.surface.pixel(x: x, y: y) { differing += 1 } }
                #expect(differing == 0, "seed \(seed), \(threads) thread(s), frame \(frame): \(differing) pixels differ")
            }
        }
    }

    @Test func aCardUnderAnOpaqueOneIsNotDrawn() {
        let root = makeRoot(200, 150)
        let below = makeLayer(CGRect(x: 40, y: 40, width: 60, height: 40), red)
        below.shadowOpacity = 0.5
        let above = makeLayer(CGRect(x: 10, y: 10, width: 150, height: 110), white)
        above.cornerRadius = 8
        root.addSublayer(below)
        root.addSublayer(above)
        let r = CAImageRenderer(size: CGSize(width: 200, height: 150))
        _ = Rendered(root, width: 200, height: 150, renderer: r)
        #expect(r.statistics.current.occludedLayers == 1)
        // A translucent cover hides nothing.
        above.opacity = 0.99
        r.statistics.reset()
        let seen = Rendered(root, width: 200, height: 150, renderer: r)
        #expect(r.statistics.current.occludedLayers == 0)
        #expect(seen.at(70, 60).r > seen.at(70, 60).g)
    }
}
