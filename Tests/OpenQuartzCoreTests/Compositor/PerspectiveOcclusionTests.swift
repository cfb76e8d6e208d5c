import Foundation
import Testing
import Raster
import OpenQuartzCore

@Suite struct PerspectiveOcclusionTests {
    /// An opaque 64² image with a pattern, optionally with a translucent band near its left edge.
    static func image(seed: Int, translucentTexel: Bool = false) -> CGImage {
        var bytes = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for y in 0..<64 { for x in 0..<64 {
            let i = (y * 64 + x) * 4
            bytes[i] = UInt8((x * 4 + seed * 40) & 0xFF)
            bytes[i + 1] = UInt8((y * 4) & 0xFF)
            bytes[i + 2] = UInt8(((x ^ y) * 8 + seed * 17) & 0xFF)
        } }
        if translucentTexel { for y in 0..<64 { for x in 8..<16 { bytes[(y * 64 + x) * 4 + 3] = 128 } } }
        return CGImage(width: 64, height: 64, rgba: bytes)!
    }

    /// A coverflow row: overlapping covers turned ±50° about y under perspective, alternately
    /// with rounded, clipped corners and with a translucent border.
    static func row(clipped: Bool, translucentTexel: Bool = false) -> CALayer {
        let root = makeRoot(400, 160)
        let row = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 160))
        row.masksToBounds = clipped
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        row.sublayerTransform = p
        for i in 0..<9 {
            let cover = CALayer()
            cover.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            cover.position = CGPoint(x: 40 + CGFloat(i) * 40, y: 80)
            cover.zPosition = CGFloat(i <= 4 ? i : 8 - i)
            let angle: CGFloat = i < 4 ? 50 : i > 4 ? -50 : 0
            cover.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, i == 4 ? 0 : -60),
                                                  angle * .pi / 180, 0, 1, 0)
            cover.contents = image(seed: i, translucentTexel: translucentTexel && i == 3)
            cover.minificationFilter = .trilinear
            if i % 2 == 0 {
                cover.cornerRadius = 8
                cover.masksToBounds = true
            } else {
                cover.borderWidth = 2
                cover.borderColor = CGColor(gray: 1, alpha: 0.8)
            }
            row.addSublayer(cover)
        }
        root.addSublayer(row)
        return root
    }

    @Test func occludedPixelsAreLeftOutWithoutChangingAny() {
        // With masksToBounds on the row its covers draw into a clip, where nothing is occluded:
        // that render is the reference. The row's bounds cover the canvas, so the clip is full.
        let renderer = CAImageRenderer(size: CGSize(width: 400, height: 160), scale: 1, background: black)
        let open = Rendered(Self.row(clipped: false), width: 400, height: 160, renderer: renderer)
        let openMasks = renderer.statistics.current.masks
        renderer.statistics.reset()
        let reference = Rendered(Self.row(clipped: true), width: 400, height: 160, renderer: renderer)
        let referenceMasks = renderer.statistics.current.masks
        var differing = 0
        for y in 0..<160 { for x in 0..<400 where open.surface.pixel(x: x, y: y) != reference.surface.pixel(x: x, y: y) {
            differing += 1
        } }
        #expect(differing == 0)
        // The reference has one mask more (the row's clip) and no occlusion masks.
        #expect(openMasks > referenceMasks)
    }

    @Test func onlyCertainlyOpaqueLayersOcclude() {
        func node(_ configure: (CALayer) -> Void) -> RenderNode {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
            l.position = CGPoint(x: 100, y: 100)
            l.contents = Self.image(seed: 1)
            configure(l)
            return Snapshotter().snapshot(l, parent: nil)!
        }
        // The layer's bounds space to the target: its frame's origin, (50, 60).
        let world = CATransform3DMakeTranslation(50, 60, 0)
        let plain = PerspectiveOcclusion.opaqueRegion(node { _ in }, world: world, alpha: 1)
        #expect(plain != nil)
        // Shrunk by 1.5 pixels on each side of the 100×80 frame at (50, 60).
        if let p = plain {
            #expect(abs(p.map(\.x).min()! - 51.5) < 1e-9 && abs(p.map(\.x).max()! - 148.5) < 1e-9)
            #expect(abs(p.map(\.y).min()! - 61.5) < 1e-9 && abs(p.map(\.y).max()! - 138.5) < 1e-9)
        }
        let rounded = PerspectiveOcclusion.opaqueRegion(node { $0.cornerRadius = 10; $0.masksToBounds = true }, world: world, alpha: 1)
        #expect(rounded.map { abs($0.map(\.x).min()! - 61.5) < 1e-9 } == true)
        // Contents are not clipped to the corners without masksToBounds.
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.cornerRadius = 10 }, world: world, alpha: 1).map { abs($0.map(\.x).min()! - 51.5) < 1e-9 } == true)
        #expect(PerspectiveOcclusion.opaqueRegion(node { _ in }, world: world, alpha: 0.99) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.opacity = 0.5 }, world: world, alpha: 1) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.contents = Self.image(seed: 1, translucentTexel: true) }, world: world, alpha: 1) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.contentsGravity = .center }, world: world, alpha: 1) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1) }, world: world, alpha: 1) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.shadowOpacity = 0.5 }, world: world, alpha: 1) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.addSublayer(CALayer()) }, world: world, alpha: 1) == nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.contents = nil; $0.backgroundColor = red }, world: world, alpha: 1) != nil)
        #expect(PerspectiveOcclusion.opaqueRegion(node { $0.contents = nil; $0.backgroundColor = CGColor(gray: 1, alpha: 0.9) },
                                       world: world, alpha: 1) == nil)
        // Partly behind the eye (w = 1 − x/50 < 0 for x > 50): no occlusion.
        var behind = CATransform3DIdentity
        behind.m14 = -1.0 / 50
        #expect(PerspectiveOcclusion.opaqueRegion(node { _ in }, world: behind, alpha: 1) == nil)
        // Too thin to keep whole pixels after shrinking.
        #expect(PerspectiveOcclusion.shrunk([(0, 0), (100, 0), (100, 2.5), (0, 2.5)], by: 1.5) == nil)
    }

    @Test func aTranslucentTexelStopsAnOccluder() {
        // Same row, one cover's image with translucent texels where it overlaps the cover
        // before it: it must not hide that cover, so the render still matches the clipped
        // (unoccluded) reference.
        let renderer = CAImageRenderer(size: CGSize(width: 400, height: 160), scale: 1, background: black)
        let open = Rendered(Self.row(clipped: false, translucentTexel: true), width: 400, height: 160, renderer: renderer)
        let reference = Rendered(Self.row(clipped: true, translucentTexel: true), width: 400, height: 160, renderer: renderer)
        var differing = 0
        for y in 0..<160 { for x in 0..<400 where open.surface.pixel(x: x, y: y) != reference.surface.pixel(x: x, y: y) {
            differing += 1
        } }
        #expect(differing == 0)
    }
}
