import Foundation
import Testing
import Raster
import OpenQuartzCore

/// What a frame keeps for the next about transformed layers (the spans of aliased fills and
/// texture edges, `masksToBounds` clips through perspective, the masks of what later covers
/// hide) must never show a stale picture: a renderer that drew every earlier frame, twice each
/// so that shapes are kept, gives exactly the pixels of a fresh renderer after each change.
@Suite struct TransformedFrameCacheTests {
    static let width = 240, height = 140

    /// An opaque 16×16 checkerboard in two colours.
    static func checker(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8), alpha: UInt8 = 255) -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 {
            let c = (x / 4 + y / 4) % 2 == 0 ? a : b
            bytes += [c.0, c.1, c.2, alpha]
        } }
        return CGImage(width: 16, height: 16, rgba: bytes)!
    }

    /// A coverflow row: overlapping covers turned about y under perspective, some with rounded
    /// clipped corners and a border; and a tilted card with a border, drawn aliased.
    static func scene() -> (root: CALayer, row: CALayer, covers: [CALayer], card: CALayer) {
        let root = makeRoot(CGFloat(width), CGFloat(height))
        let row = makeLayer(CGRect(x: 0, y: 0, width: 240, height: 110), nil, name: "row")
        var p = CATransform3DIdentity
        p.m34 = -1 / 300
        row.sublayerTransform = p
        var covers: [CALayer] = []
        for i in 0..<4 {
            let c = makeLayer(CGRect(x: 20 + 40 * CGFloat(i), y: 15, width: 80, height: 80), nil, name: "cover\(i)")
            c.contents = checker((200, 40 * UInt8(i), 30), (20, 90, 160))
            c.minificationFilter = .trilinear
            c.transform = CATransform3DMakeRotation(CGFloat.pi / 3.5, 0, 1, 0)
            c.zPosition = CGFloat(i)
            if i % 2 == 1 { c.cornerRadius = 8; c.masksToBounds = true }
            if i == 2 { c.borderWidth = 2; c.borderColor = white }
            row.addSublayer(c)
            covers.append(c)
        }
        let card = makeLayer(CGRect(x: 150, y: 100, width: 70, height: 30), white, name: "card")
        card.cornerRadius = 6
        card.borderWidth = 3
        card.borderColor = blue
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        root.addSublayer(row)
        root.addSublayer(card)
        return (root, row, covers, card)
    }

    func expectSameAsFresh(_ root: CALayer, _ renderer: CAImageRenderer, _ what: String) {
        let w = CGFloat(Self.width), h = CGFloat(Self.height)
        _ = Rendered(root, width: w, height: h, renderer: renderer)
        let kept = Rendered(root, width: w, height: h, renderer: renderer)
        let fresh = Rendered(root, width: w, height: h)
        var differing = 0
        for y in 0..<Self.height { for x in 0..<Self.width where kept.surface.pixel(x: x, y: y) != fresh.surface.pixel(x: x, y: y) {
            differing += 1
        } }
        #expect(differing == 0, "after \(what): \(differing) pixels differ from a fresh render")
    }

    @Test(arguments: [1, 2])
    func everyChangeShowsInTheNextFrame(threads: Int) {
        let s = Self.scene()
        let renderer = CAImageRenderer(size: CGSize(width: Self.width, height: Self.height), threads: threads)
        expectSameAsFresh(s.root, renderer, "the first frames")
        let translucent = Self.checker((250, 250, 0), (0, 0, 0), alpha: 128)
        let changes: [(String, () -> Void)] = [
            ("turning a cover", { s.covers[1].transform = CATransform3DMakeRotation(CGFloat.pi / 4, 0, 1, 0) }),
            ("moving the cover in front", { s.covers[3].position.x -= 7 }),
            ("the row's opacity (what occludes)", { s.row.opacity = 0.8 }),
            ("the row opaque again", { s.row.opacity = 1 }),
            ("translucent contents in front", { s.covers[2].contents = translucent }),
            ("a clipped cover's radius", { s.covers[1].cornerRadius = 20 }),
            ("unclipping it", { s.covers[1].masksToBounds = false }),
            ("the row's perspective", { var p = CATransform3DIdentity; p.m34 = -1 / 200; s.row.sublayerTransform = p }),
            ("moving the row", { s.row.position.y += 3.5 }),
            ("turning the card", { s.card.transform = CATransform3DMakeRotation(-0.2, 0, 0, 1) }),
            ("the card's border", { s.card.borderWidth = 6 }),
            ("nothing", {}),
        ]
        for (what, change) in changes {
            change()
            expectSameAsFresh(s.root, renderer, what)
        }
    }

    /// A stroked shape keeps its outline and coverage between frames; a change of the device
    /// scale above it (the node itself unchanged) or of the stroke strokes it again.
    @Test func strokedShapesFollowScaleAndStyle() {
        let root = makeRoot(CGFloat(Self.width), CGFloat(Self.height))
        let parent = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 70), nil)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 120, height: 70)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: CGPoint(x: 110, y: 60), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 20, y: 70))
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = blue
        shape.lineWidth = 3
        parent.addSublayer(shape)
        root.addSublayer(parent)
        let renderer = CAImageRenderer(size: CGSize(width: Self.width, height: Self.height))
        expectSameAsFresh(root, renderer, "the first frames")
        let changes: [(String, () -> Void)] = [
            ("the parent scaled", { parent.transform = CATransform3DMakeScale(1.8, 1.8, 1) }),
            ("the parent moved", { parent.position.x += 30.5 }),
            ("a wider stroke", { shape.lineWidth = 6 }),
            ("a trimmed stroke", { shape.strokeEnd = 0.6 }),
            ("the parent at its size again", { parent.transform = CATransform3DIdentity }),
        ]
        for (what, change) in changes {
            change()
            expectSameAsFresh(root, renderer, what)
        }
    }

    /// The second and later frames of a static scene use what the first kept.
    @Test func aStaticSceneReusesWhatItKept() {
        let s = Self.scene()
        let renderer = CAImageRenderer(size: CGSize(width: Self.width, height: Self.height))
        let surface = Surface(width: Self.width, height: Self.height)
        renderer.render(s.root, into: surface)
        renderer.statistics.reset()
        renderer.render(s.root, into: surface)
        let hits = renderer.statistics.current.groupCacheHits
        #expect(hits >= 3, "occlusion masks and clips of the covers: \(hits) hits")
        // The covers show: much of the row is painted.
        var painted = 0
        for y in 0..<110 { for x in 0..<Self.width where surface.pixel(x: x, y: y) != 0 { painted += 1 } }
        #expect(painted > 6000, "\(painted) pixels painted")
    }
}
