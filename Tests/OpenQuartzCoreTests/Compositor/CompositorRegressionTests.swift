import Testing
import Foundation
import OpenQuartzCore

/// Disagreements the Chromium conformance run found (Conformance/README.md, BUG-1…3).
@Suite struct CompositorRegressionTests {
    /// BUG-2: without group opacity, a translucent layer and its own shadow are still one
    /// image: the shadow does not darken the layer where it lies beneath it.
    @Test func nonGroupOpacityKeepsTheShadowUnderTheLayer() {
        let root = makeRoot(200, 200)
        let l = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), white)
        l.opacity = 0.5
        l.allowsGroupOpacity = false
        l.shadowOpacity = 1
        l.shadowOffset = CGSize(width: 0, height: 10)
        l.shadowRadius = 2
        root.addSublayer(l)
        let img = Rendered(root, width: 200, height: 200, background: blue)
        // White at 50 % over blue, untouched by the shadow under it.
        #expect(img.at(100, 100) == (128, 128, 255, 255))
    }

    /// BUG-3: group opacity over a single sublayer that casts a shadow is a group.
    @Test func groupOpacityCountsASublayersShadow() {
        let root = makeRoot(200, 200)
        let container = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200))
        container.opacity = 0.5
        let child = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), white)
        child.shadowOpacity = 1
        child.shadowOffset = CGSize(width: 0, height: 10)
        child.shadowRadius = 2
        container.addSublayer(child)
        root.addSublayer(container)
        let img = Rendered(root, width: 200, height: 200, background: blue)
        #expect(img.at(100, 100) == (128, 128, 255, 255))
    }

    /// BUG-1: a layer cut by the depth sort keeps what it draws outside its bounds.
    @Test func cutLayerKeepsItsOverflowingSublayer() {
        let root = makeRoot(300, 300)
        let tl = CATransformLayer()
        tl.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 800
        tl.transform = p
        let a = makeLayer(CGRect(x: 100, y: 100, width: 100, height: 100), red)
        a.transform = CATransform3DMakeRotation(.pi / 6, 0, 1, 0)
        a.addSublayer(makeLayer(CGRect(x: 20, y: -60, width: 20, height: 60), white))   // sticks out above
        let b = makeLayer(CGRect(x: 100, y: 100, width: 100, height: 100), blue)
        b.transform = CATransform3DMakeRotation(-.pi / 6, 0, 1, 0)
        b.addSublayer(makeLayer(CGRect(x: 60, y: 100, width: 20, height: 60), white))   // sticks out below
        tl.addSublayer(a)
        tl.addSublayer(b)
        root.addSublayer(tl)
        let img = Rendered(root, width: 300, height: 300)
        // The white tab above the red plane's left half, well outside both quads.
        let tabCentre = a.convert(CGPoint(x: 30, y: -30), to: nil)
        #expect(img.at(tabCentre.x, tabCentre.y) == (255, 255, 255, 255))
        // Whichever plane the sort cuts, its tab survives.
        let bottomTab = b.convert(CGPoint(x: 70, y: 130), to: nil)
        #expect(img.at(bottomTab.x, bottomTab.y) == (255, 255, 255, 255))
        #expect(img.at(130, 150) == (255, 0, 0, 255))
        #expect(img.at(170, 150) == (0, 0, 255, 255))
    }
}

@Suite struct ShadowOffCanvasTests {
    /// BUG-4: a shadow is the blur of all the content, also the part outside the canvas. The same
    /// border-only layer rendered straddling the top edge and well inside a taller canvas gives
    /// the same shadow below it.
    @Test func shadowIncludesContentOutsideTheCanvas() {
        func render(_ y: CGFloat, height: CGFloat) -> Rendered {
            let root = makeRoot(200, height)
            let l = makeLayer(CGRect(x: 50, y: y, width: 100, height: 100))
            l.borderWidth = 10
            l.shadowOpacity = 1
            l.shadowRadius = 5
            l.shadowOffset = CGSize(width: 0, height: 10)
            root.addSublayer(l)
            return Rendered(l.superlayer!, width: 200, height: height)
        }
        let straddling = render(-95, height: 100), inside = render(105, height: 300)
        for dy in [6, 8, 10, 12, 14] {
            let a = straddling.rgba(100, dy).a, b = inside.rgba(100, 200 + dy).a
            #expect(abs(a - b) <= 1, "row \(dy): \(a) vs \(b)")
        }
    }
}

@Suite struct GroupCacheTests {
    /// A static group is rendered once and composited from the cache on the next frames; any
    /// change below it (here a sublayer's colour) renders it again.
    @Test func unchangedGroupsComeFromTheCache() {
        let root = makeRoot(200, 100)
        let button = makeLayer(CGRect(x: 20, y: 20, width: 160, height: 60), white)
        button.opacity = 0.5
        let label = makeLayer(CGRect(x: 30, y: 15, width: 100, height: 30), red)
        button.addSublayer(label)
        root.addSublayer(button)
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 100), background: black)
        let first = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.groupCacheHits == 0)
        let second = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.groupCacheHits == 1)
        #expect(second.at(100, 50) == first.at(100, 50))
        label.backgroundColor = blue
        let third = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.groupCacheHits == 1)
        #expect(third.at(100, 50).b > third.at(100, 50).r)
        // Moving the group on the canvas is a different key too.
        button.position.x += 3
        _ = Rendered(root, width: 200, height: 100, renderer: renderer)
        #expect(renderer.statistics.current.groupCacheHits == 1)
    }
}
