import Testing
import Foundation
import Raster
import OpenQuartzCore

/// Chapter 4's visual effects, checked for what they mean (listing numbers from the book).
@Suite struct CompositorChapter4Tests {
    /// Listing 4.1: a white view with cornerRadius 20 and a red subview that overflows its
    /// top-left corner; only masksToBounds clips the subview, along the arc.
    @Test(arguments: [false, true]) func cornerRadiusClipsSublayersOnlyWithMasksToBounds(masks: Bool) {
        let root = makeRoot(300, 300)
        let card = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 200), white)
        card.cornerRadius = 20
        card.masksToBounds = masks
        card.addSublayer(makeLayer(CGRect(x: -25, y: -25, width: 100, height: 100), red))
        root.addSublayer(card)
        let img = Rendered(root, width: 300, height: 300)
        // Outside the card, where the red square overflows.
        #expect(img.at(40, 40) == (masks ? (0, 0, 0, 0) : (255, 0, 0, 255)))
        // Inside the bounds but outside the corner arc (centre (70, 70), radius 20).
        #expect(img.at(52, 52) == (masks ? (0, 0, 0, 0) : (255, 0, 0, 255)))
        // Inside the arc: red either way.
        #expect(img.at(80, 80) == (255, 0, 0, 255))
        // The white card's far corner is rounded whether or not it clips.
        #expect(img.at(248, 248).a == 0)
        #expect(img.at(150, 150) == (255, 255, 255, 255))
    }

    /// Listing 4.2: the border is drawn inside the bounds, above the sublayers.
    @Test func borderIsAboveSublayersAndInsideBounds() {
        let root = makeRoot(200, 200)
        let card = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), white)
        card.borderWidth = 5
        card.addSublayer(makeLayer(CGRect(x: -20, y: 20, width: 140, height: 60), red))
        root.addSublayer(card)
        let img = Rendered(root, width: 200, height: 200)
        #expect(img.at(52, 100) == (0, 0, 0, 255))      // border over the red sublayer
        #expect(img.at(147, 100) == (0, 0, 0, 255))
        #expect(img.at(58, 100) == (255, 0, 0, 255))    // inside the border: the sublayer
        #expect(img.at(40, 100) == (255, 0, 0, 255))    // outside the bounds: the sublayer, no border
        #expect(img.at(52, 60) == (0, 0, 0, 255))
        #expect(img.at(60, 60) == (255, 255, 255, 255))
        #expect(img.at(49, 60).a == 0)                  // the border does not grow outwards
    }

    /// Listing 4.3: a shadow with offset (0, 5) and radius 5 falls off below the layer as a
    /// Gaussian of sigma = shadowRadius centred on the offset edge.
    @Test func shadowFallsOffWithSigmaBelowTheOffsetEdge() {
        let root = makeRoot(200, 240)
        let card = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), white)
        card.shadowOpacity = 1
        card.shadowOffset = CGSize(width: 0, height: 10)
        card.shadowRadius = 5
        root.addSublayer(card)
        let img = Rendered(root, width: 200, height: 240)
        // The layer's bottom edge is y = 150; the offset shadow edge is y = 160.
        for (y, tol) in [(152.5, 0.03), (157.5, 0.03), (160.5, 0.03), (165.5, 0.03), (170.5, 0.02)] {
            let expected = 1 - phi((y - 160) / 5)
            let a = img.alpha(100, Int(y))
            #expect(abs(a - expected) <= tol, "alpha at y=\(y): \(a), expected \(expected)")
        }
        // Nothing above the layer: the offset pushes the shadow down.
        #expect(img.alpha(100, 40) < 0.01)
        // Shadow is black: premultiplied colour channels stay 0 outside the card.
        #expect(img.rgba(100, 162).r == 0)
        // The card itself is unaffected.
        #expect(img.at(100, 100) == (255, 255, 255, 255))
    }

    /// Figure 4.8: masksToBounds clips the layer's own shadow away outside its bounds.
    @Test func masksToBoundsRemovesTheShadowOutside() {
        let root = makeRoot(200, 200)
        let card = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), white)
        card.shadowOpacity = 1
        card.shadowOffset = CGSize(width: 0, height: 10)
        card.shadowRadius = 5
        card.masksToBounds = true
        root.addSublayer(card)
        let img = Rendered(root, width: 200, height: 200)
        #expect(img.alpha(100, 158) == 0)
        #expect(img.at(100, 100) == (255, 255, 255, 255))
    }

    /// The shadow is not knocked out under a translucent layer: it shows through.
    @Test func shadowShowsThroughATranslucentLayer() {
        let root = makeRoot(200, 200)
        let card = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), CGColor(gray: 1, alpha: 0.5))
        card.shadowOpacity = 1
        card.shadowOffset = CGSize(width: 0, height: 0)
        card.shadowRadius = 2
        root.addSublayer(card)
        let img = Rendered(root, width: 200, height: 200)
        let p = img.at(100, 100)
        // White at 0.5 over a black shadow of alpha 0.5 (uniform content alpha 0.5):
        // a = 0.5 + 0.5·0.5 = 0.75, colour = 0.5·255.
        #expect(abs(p.a - 191) <= 2)
        #expect(abs(p.r - 128) <= 2)
    }

    /// Listing 4.5: a circular shadowPath under a square layer gives a round shadow.
    @Test func circularShadowPathIsRound() {
        let root = makeRoot(300, 300)
        let card = makeLayer(CGRect(x: 100, y: 100, width: 100, height: 100), white)
        card.shadowOpacity = 1
        card.shadowOffset = .zero
        card.shadowRadius = 4
        card.shadowPath = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 140, height: 140), transform: nil)
        root.addSublayer(card)
        let img = Rendered(root, width: 300, height: 300)
        // The circle has centre (150, 150) and radius 70: along an axis and along a diagonal
        // the alpha follows the same radial profile 1 − Φ((r − 70) / σ), which a square
        // shadow would not.
        for (x, y) in [(223, 150), (201, 201), (150, 77), (99, 200), (212, 212)] {
            let dx = Double(x) + 0.5 - 150, dy = Double(y) + 0.5 - 150
            let expected = 1 - phi(((dx * dx + dy * dy).squareRoot() - 70) / 4)
            #expect(abs(img.alpha(x, y) - expected) < 0.03, "(\(x), \(y)): \(img.alpha(x, y)) vs \(expected)")
        }
        // Just outside the square's corner a square shadow would be nearly opaque.
        #expect(img.alpha(96, 96) < 0.12)
    }

    /// Listing 4.6's idea: a mask's alpha cuts the layer; colour is irrelevant.
    @Test func maskKeepsOnlyWhereTheMaskIsOpaque() {
        let root = makeRoot(200, 200)
        let card = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), red)
        card.borderWidth = 4
        card.shadowOpacity = 1
        card.shadowOffset = CGSize(width: 0, height: 30)
        card.shadowRadius = 0
        let mask = CAShapeLayer()
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        mask.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        card.mask = mask
        root.addSublayer(card)
        let img = Rendered(root, width: 200, height: 200)
        #expect(img.at(100, 100) == (255, 0, 0, 255))
        #expect(img.at(53, 53).a == 0)      // corner: outside the ellipse
        #expect(img.at(100, 52) == (0, 0, 0, 255))   // border inside the ellipse
        // The shadow is masked too: below the layer (outside the mask) nothing.
        #expect(img.at(100, 170).a == 0)
    }

    /// Figures 4.20 and 4.21: a half-transparent button with a label. As a group the label's
    /// outline does not show; without group opacity it does.
    @Test(arguments: [true, false]) func groupOpacityHidesTheLabelOutline(group: Bool) {
        let root = makeRoot(200, 100)
        let button = makeLayer(CGRect(x: 20, y: 20, width: 160, height: 60), white)
        button.cornerRadius = 10
        button.opacity = 0.5
        button.allowsGroupOpacity = group
        button.addSublayer(makeLayer(CGRect(x: 30, y: 15, width: 100, height: 30), white))
        root.addSublayer(button)
        let img = Rendered(root, width: 200, height: 100, background: black)
        let onButton = img.at(30, 50), onLabel = img.at(100, 50)
        #expect(abs(onButton.r - 128) <= 1)
        if group {
            #expect(onLabel == onButton)
        } else {
            // Two layers at 50 %: 1 − 0.5·0.5 = 75 % white.
            #expect(abs(onLabel.r - 191) <= 2)
        }
    }

    /// shouldRasterize also groups, and its bitmap is reused on the next frame.
    @Test func shouldRasterizeGroupsAndHitsTheCacheOnTheSecondFrame() {
        let root = makeRoot(200, 100)
        let button = makeLayer(CGRect(x: 20, y: 20, width: 160, height: 60), white)
        button.opacity = 0.5
        button.allowsGroupOpacity = false
        button.shouldRasterize = true
        button.addSublayer(makeLayer(CGRect(x: 30, y: 15, width: 100, height: 30), white))
        root.addSublayer(button)
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 100), background: black)
        let first = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.rasterCacheMisses == 1)
        #expect(renderer.statistics.current.rasterCacheHits == 0)
        let second = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.rasterCacheHits == 1)
        #expect(first.at(100, 50) == first.at(30, 50))
        #expect(second.at(100, 50) == first.at(100, 50))
        // A change invalidates the bitmap.
        button.sublayers?.first?.backgroundColor = red
        let third = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.rasterCacheMisses == 2)
        #expect(third.at(100, 50).r > third.at(100, 50).g)
    }

    /// Plain layers need no offscreen surface at all.
    @Test func tenThousandPlainLayersNeedNoOffscreenSurface() {
        let root = makeRoot(1000, 1000)
        for i in 0..<10_000 {
            let l = makeLayer(CGRect(x: CGFloat(i % 100) * 10 + 0.3, y: CGFloat(i / 100) * 10 + 0.6, width: 8, height: 8),
                              CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.5, alpha: 1))
            l.cornerRadius = 2
            root.addSublayer(l)
        }
        let renderer = CAImageRenderer(size: CGSize(width: 1000, height: 1000))
        let img = Rendered(root, width: 1000, height: 1000, renderer: renderer)
        #expect(renderer.statistics.current.offscreenSurfaces == 0)
        #expect(img.at(5, 5).a == 255)
        #expect(img.at(9.9, 5).a == 0)
    }

    /// Rendering reads a snapshot: two threads rendering the same tree get the same pixels.
    @Test func twoThreadsRenderIdenticalPixels() async {
        let root = makeRoot(300, 200)
        let card = makeLayer(CGRect(x: 40, y: 30, width: 200, height: 120), white)
        card.cornerRadius = 16
        card.shadowOpacity = 0.6
        card.shadowRadius = 8
        card.borderWidth = 2
        card.opacity = 0.8
        card.addSublayer(makeLayer(CGRect(x: -10, y: 20, width: 80, height: 40), red))
        root.addSublayer(card)
        let box = UncheckedBox(root)
        async let a = Task.detached { Self.pixels(box.value) }.value
        async let b = Task.detached { Self.pixels(box.value) }.value
        let (pa, pb) = await (a, b)
        #expect(pa == pb)
        #expect(pa.contains { $0 != 0 })
    }

    static func pixels(_ root: CALayer) -> [UInt32] {
        let img = Rendered(root, width: 300, height: 200)
        return Array(UnsafeBufferPointer(start: img.surface.pixels, count: img.surface.width * img.surface.height))
    }
}

struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ v: T) { value = v }
}
