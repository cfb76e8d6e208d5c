import Foundation
import Testing
import OpenQuartzCore

/// Particles as pixels: the same seed and time give the same bytes whatever frames came before
/// and however many threads draw; additive and source-over blending; clipping.
@Suite struct EmitterRendererTests {
    typealias E = EmitterTestSupport

    /// A 256 × 256 scene (four bands of 64 rows, so four threads split it) with two cells of
    /// spinning, scaled, tinted particles over the whole canvas.
    static func scene(seed: UInt32) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 256, height: 256)
        root.position = CGPoint(x: 128, y: 128)
        let spark = E.cell("spark", birthRate: 400, lifetime: 3)
        spark.contents = softDot
        spark.velocity = 60
        spark.velocityRange = 40
        spark.emissionRange = 2 * .pi
        spark.spinRange = 4
        spark.scaleRange = 0.8
        spark.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        spark.redRange = 0.3
        spark.alphaSpeed = -0.2
        let bit = E.cell("bit", birthRate: 100, lifetime: 4)
        bit.contents = E.image(6, 3, [40, 80, 200, 255])
        bit.velocity = 80
        bit.emissionLongitude = .pi / 2
        bit.emissionRange = .pi
        bit.yAcceleration = 30
        bit.spin = 2
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: 128, y: 100)
        e.emitterShape = .rectangle
        e.emitterSize = CGSize(width: 120, height: 40)
        e.emitterCells = [spark, bit]
        e.seed = seed
        root.addSublayer(e)
        return root
    }

    /// A 9 × 9 disc whose alpha falls off from the centre.
    static let softDot: CGImage = {
        var bytes: [UInt8] = []
        for y in 0..<9 {
            for x in 0..<9 {
                let d = hypot(Double(x) - 4, Double(y) - 4) / 4.5
                let a = UInt8(max(0, 1 - d) * 255)
                bytes += [a, a, a, a]
            }
        }
        return CGImage(width: 9, height: 9, premultipliedRGBA: bytes)!
    }()

    static func bytes(_ root: CALayer, times: [Double], threads: Int) -> [UInt8] {
        let r = CAImageRenderer(size: CGSize(width: 256, height: 256), threads: threads)
        var last: [UInt8] = []
        for t in times { last = r.image(for: root, atTime: t).premultipliedRGBA }
        return last
    }

    @Test func framesDependOnTimeAloneAndNotOnThreads() {
        let root = Self.scene(seed: 42)
        let alone = Self.bytes(root, times: [1.7], threads: 1)
        #expect(alone.contains { $0 != 0 })
        #expect(Self.bytes(root, times: [0.3, 1.0, 1.7], threads: 1) == alone)
        #expect(Self.bytes(root, times: [2.5, 0.2, 1.7], threads: 4) == alone)
        #expect(Self.bytes(Self.scene(seed: 42), times: [1.7], threads: 4) == alone)
        // Another seed draws other particles.
        #expect(Self.bytes(Self.scene(seed: 43), times: [1.7], threads: 1) != alone)
        // Untimed renders draw no particles (as render(in:) on iOS).
        let untimed = CAImageRenderer(size: CGSize(width: 256, height: 256)).image(for: root).premultipliedRGBA
        #expect(untimed.allSatisfy { $0 == 0 })
    }

    /// Two opaque white 4 × 4 particles at rest on the same point of a black canvas, tinted
    /// 25 % grey: source-over shows one (64 = round(0.25 · 255)), additive their sum (128).
    @Test(arguments: [(CAEmitterLayerRenderMode.unordered, UInt8(64)), (.additive, 128)])
    func additiveAddsAndOthersCover(mode: CAEmitterLayerRenderMode, expected: UInt8) {
        let c = E.cell(birthRate: 2, lifetime: 10)
        c.contents = E.image(4, 4)
        c.magnificationFilter = "nearest"
        c.color = CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 1)
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        e.emitterPosition = CGPoint(x: 10, y: 10)
        e.emitterCells = [c]
        e.renderMode = mode
        let r = CAImageRenderer(size: CGSize(width: 20, height: 20), background: CGColor.black)
        let px = r.image(for: e, atTime: 1.2).premultipliedRGBA
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(px[(y * 20 + x) * 4..<(y * 20 + x) * 4 + 4]) }
        // Inside the sprite (pixels 8…11), within one level for rounding; black outside.
        #expect(pixel(9, 9).prefix(3).allSatisfy { abs(Int($0) - Int(expected)) <= 1 }, "\(pixel(9, 9))")
        #expect(pixel(11, 8).prefix(3).allSatisfy { abs(Int($0) - Int(expected)) <= 1 })
        #expect(pixel(12, 9) == [0, 0, 0, 255] && pixel(7, 9) == [0, 0, 0, 255])
    }

    @Test func masksToBoundsClipsParticles() {
        // Particles flying right out of a 20 × 20 emitter: without masksToBounds they show past
        // its right edge, with it nothing past x = 20 is drawn.
        let c = E.cell(birthRate: 50, lifetime: 10)
        c.contents = E.image(4, 4)
        c.velocity = 30
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        e.emitterPosition = CGPoint(x: 10, y: 10)
        e.emitterCells = [c]
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        root.addSublayer(e)
        func inkRight(of x0: Int) -> Bool {
            let px = CAImageRenderer(size: CGSize(width: 60, height: 20)).image(for: root, atTime: 1).premultipliedRGBA
            return (0..<20).contains { y in (x0..<60).contains { x in px[(y * 60 + x) * 4 + 3] != 0 } }
        }
        #expect(inkRight(of: 21))
        e.masksToBounds = true
        #expect(!inkRight(of: 20))
    }

    @Test func theBudgetBoundsParticles() {
        // 100 a second of 2 × 2 particles flying apart: 300 by 3 s, but a budget of one particle
        // draws one, at most four pixels.
        let c = E.cell(birthRate: 100, lifetime: 100)
        c.velocity = 20
        c.emissionRange = 2 * .pi
        let e = E.emitter([c])
        func ink(_ budget: RenderBudget) -> Int {
            let r = CAImageRenderer(size: CGSize(width: 100, height: 100))
            r.budget = budget
            let px = r.image(for: e, atTime: 3).premultipliedRGBA
            return stride(from: 3, to: px.count, by: 4).filter { px[$0] != 0 }.count
        }
        var one = RenderBudget.default
        one.maxParticles = 1
        #expect(ink(one) <= 4 && ink(one) > 0)
        #expect(ink(.default) > 100)
        #expect(OperatorLimit.particles.flag == "--max-particles" && RenderBudget.default.maxParticles == 1 << 20)
    }

    @Test func hugeParticlesAreBoundedByCoveredPixels() {
        // 300 particles each scaled to 40 000 px: 1.6·10⁹ px each, over the 2²⁸ a frame may
        // cover, so none is drawn and the frame is quick; at scale 30 (14 400 px each) all fit
        // and are drawn.
        let c = E.cell(birthRate: 100, lifetime: 100)
        c.contents = E.image(4, 4)
        c.scale = 10_000
        let e = E.emitter([c])
        let r = CAImageRenderer(size: CGSize(width: 100, height: 100))
        let start = Date()
        #expect(r.image(for: e, atTime: 3).premultipliedRGBA.allSatisfy { $0 == 0 })
        #expect(Date().timeIntervalSince(start) < 10)
        c.scale = 30
        #expect(r.image(for: e, atTime: 3).premultipliedRGBA.contains { $0 != 0 })
    }

    @Test func hostileCellValuesDrawWithoutTrapping() {
        let c = E.cell(birthRate: 20, lifetime: 5)
        c.velocity = .nan
        c.scale = .greatestFiniteMagnitude
        c.spin = .infinity
        c.color = nil
        c.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: .infinity, height: -1)
        c.contentsScale = -1
        let d = E.cell(birthRate: 20, lifetime: 5)
        d.contentsScale = 0
        d.xAcceleration = -.greatestFiniteMagnitude
        let e = E.emitter([c, d])
        e.emitterPosition = CGPoint(x: CGFloat.infinity, y: -.infinity)
        _ = CAImageRenderer(size: CGSize(width: 50, height: 50)).image(for: e, atTime: 1)
    }
}
