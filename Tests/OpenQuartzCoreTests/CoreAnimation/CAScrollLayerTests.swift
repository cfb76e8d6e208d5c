import Foundation
import OpenQuartzCore
import Testing

/// `CAScrollLayer` and the scrolling members of `CALayer`: scrolling moves the scroll layer's
/// bounds origin, along the axes its `scrollMode` allows; a sublayer scrolls its closest scroll
/// layer ancestor; with `masksToBounds`, what is scrolled out is clipped.
@Suite struct CAScrollLayerTests {
    @Test func defaultsAreApples() {
        let s = CAScrollLayer()
        #expect(s.scrollMode == .both)
        #expect(!s.masksToBounds)
        let names = [CAScrollLayerScrollMode.none, .vertically, .horizontally, .both].map(\.rawValue)
        #expect(names == ["none", "vertically", "horizontally", "both"])
        let copy = CAScrollLayer(layer: { let l = CAScrollLayer(); l.scrollMode = .vertically; return l }())
        #expect(copy.scrollMode == .vertically)
    }

    @Test func scrollingToAPointFollowsTheMode() {
        let expected: [(CAScrollLayerScrollMode, CGPoint)] = [
            (.both, CGPoint(x: 30, y: 40)), (.horizontally, CGPoint(x: 30, y: 0)),
            (.vertically, CGPoint(x: 0, y: 40)), (.none, .zero), (CAScrollLayerScrollMode("diagonal"), .zero),
        ]
        for (mode, origin) in expected {
            let s = CAScrollLayer()
            s.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            s.scrollMode = mode
            s.scroll(to: CGPoint(x: 30, y: 40))
            #expect(s.bounds == CGRect(origin: origin, size: CGSize(width: 100, height: 100)), "\(mode)")
        }
        let s = CAScrollLayer()
        s.scroll(to: CGPoint(x: CGFloat.nan, y: 7))
        #expect(s.bounds.origin == CGPoint(x: 0, y: 7))
    }

    /// Scroll and tiled layers survive a keyed archive with their own properties.
    @Test func scrollAndTiledLayersArchive() throws {
        func roundTrip<T: CALayer>(_ layer: T) throws -> T {
            let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
            return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
        }
        let scroll = CAScrollLayer()
        scroll.scrollMode = .vertically
        scroll.bounds = CGRect(x: 0, y: 30, width: 10, height: 10)
        let s = try roundTrip(scroll)
        #expect(s.scrollMode == .vertically && s.bounds == scroll.bounds)
        let tiled = CATiledLayer()
        tiled.levelsOfDetail = 4
        tiled.levelsOfDetailBias = 2
        tiled.tileSize = CGSize(width: 128, height: 64)
        let t = try roundTrip(tiled)
        #expect(t.levelsOfDetail == 4 && t.levelsOfDetailBias == 2 && t.tileSize == CGSize(width: 128, height: 64))
    }

    /// The least scroll that shows the rectangle, axis by axis (bounds 100 × 100 at the origin).
    @Test func scrollingToARectMovesTheLeast() {
        for (r, origin) in [
            (CGRect(x: 150, y: 20, width: 30, height: 30), CGPoint(x: 80, y: 0)),    // past the right edge
            (CGRect(x: -20, y: 250, width: 10, height: 10), CGPoint(x: -20, y: 160)), // before the left, below
            (CGRect(x: 10, y: 10, width: 300, height: 10), CGPoint(x: 10, y: 0)),     // wider: its start
            (CGRect(x: 10, y: 10, width: 20, height: 20), CGPoint.zero),              // already visible
        ] {
            let s = CAScrollLayer()
            s.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            s.scroll(to: r)
            #expect(s.bounds.origin == origin, "\(r)")
        }
    }

    /// A scroll layer (100 × 100) over content 400 × 400 with a 50 × 50 child at (200, 300).
    static func tree() -> (scroll: CAScrollLayer, content: CALayer, child: CALayer) {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let child = CALayer()
        child.frame = CGRect(x: 200, y: 300, width: 50, height: 50)
        content.addSublayer(child)
        scroll.addSublayer(content)
        return (scroll, content, child)
    }

    @Test func sublayersScrollTheirScrollLayer() {
        let (scroll, _, child) = Self.tree()
        // (10, 5) of the child is (210, 305) of the scroll layer.
        child.scroll(CGPoint(x: 10, y: 5))
        #expect(scroll.bounds.origin == CGPoint(x: 210, y: 305))
        scroll.scroll(to: CGPoint.zero)
        child.scrollRectToVisible(child.bounds)  // (200, 300, 50, 50): its far corner to the far corner
        #expect(scroll.bounds.origin == CGPoint(x: 150, y: 250))
        #expect(child.visibleRect == child.bounds)
        scroll.scroll(to: CGPoint(x: 220, y: 320))  // the scroll layer shows (20, 20)… of the child
        #expect(child.visibleRect == CGRect(x: 20, y: 20, width: 30, height: 30))
        scroll.scroll(to: CGPoint.zero)
        #expect(child.visibleRect.isNull)
        // No scroll layer above: nothing moves, and the whole bounds are visible.
        let lone = CALayer()
        lone.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        lone.scroll(CGPoint(x: 5, y: 5))
        lone.scrollRectToVisible(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(lone.bounds.origin == .zero && lone.visibleRect == lone.bounds)
        #expect(scroll.visibleRect == scroll.bounds)
    }

    /// A scroll layer 40 × 40 at (10, 10) over four 40 × 40 squares (red, green / blue, white).
    static func canvas() -> (root: CALayer, scroll: CAScrollLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        scroll.masksToBounds = true
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                      CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
        for (i, c) in colors.enumerated() {
            let square = CALayer()
            square.frame = CGRect(x: CGFloat(i % 2) * 40, y: CGFloat(i / 2) * 40, width: 40, height: 40)
            square.backgroundColor = c
            scroll.addSublayer(square)
        }
        root.addSublayer(scroll)
        return (root, scroll)
    }

    /// Scrolled to (40, 40), the window shows the white square, and nothing outside it (masks to
    /// bounds); an animation of `bounds.origin` from (0, 0) to (40, 0) over 1 s shows at 0.5 s
    /// exactly what a scroll to (20, 0) shows.
    @Test func scrollingMovesWhatIsDrawnAndClips() throws {
        let (root, scroll) = Self.canvas()
        let renderer = CAImageRenderer(size: CGSize(width: 60, height: 60))
        func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * image.width + x) * 4
            return Array(image.premultipliedRGBA[i..<i + 4])
        }
        var image = renderer.image(for: root)
        #expect(pixel(image, 20, 20) == [255, 0, 0, 255])
        #expect(pixel(image, 5, 5) == [0, 0, 0, 0])
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scroll.scroll(to: CGPoint(x: 40, y: 40))
        CATransaction.commit()
        image = renderer.image(for: root)
        #expect(pixel(image, 20, 20) == [255, 255, 255, 255])
        #expect(pixel(image, 55, 55) == [0, 0, 0, 0])

        let (animatedRoot, animated) = Self.canvas()
        let slide = CABasicAnimation(keyPath: "bounds.origin")
        slide.fromValue = NSValue(cgPoint: .zero)
        slide.toValue = NSValue(cgPoint: CGPoint(x: 40, y: 0))
        slide.duration = 1
        animated.add(slide, forKey: "scroll")
        let animatedRenderer = CAImageRenderer(size: CGSize(width: 60, height: 60))
        _ = animatedRenderer.image(for: animatedRoot, atTime: 0)
        let halfway = animatedRenderer.image(for: animatedRoot, atTime: 0.5)
        let (stillRoot, still) = Self.canvas()
        still.scroll(to: CGPoint(x: 20, y: 0))
        let stillImage = CAImageRenderer(size: CGSize(width: 60, height: 60)).image(for: stillRoot)
        #expect(halfway.premultipliedRGBA == stillImage.premultipliedRGBA)
        #expect(pixel(halfway, 15, 20) == [255, 0, 0, 255])
        #expect(pixel(halfway, 35, 20) == [0, 255, 0, 255])
    }
}
