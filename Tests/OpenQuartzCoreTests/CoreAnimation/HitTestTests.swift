import Testing
import Foundation
import OpenQuartzCore

private func layer(_ name: String, _ bounds: CGRect, _ position: CGPoint, in parent: CALayer? = nil) -> CALayer {
    let l = CALayer()
    l.name = name
    l.bounds = bounds
    l.position = position
    parent?.addSublayer(l)
    return l
}

/// A root whose bounds space equals the space hit-test points are given in (docs/semantics.md §8.1:
/// the point is in the receiver's superlayer space).
private func canvas(_ w: CGFloat = 300, _ h: CGFloat = 300) -> CALayer {
    layer("root", CGRect(x: 0, y: 0, width: w, height: h), CGPoint(x: w / 2, y: h / 2))
}

@Suite struct HitTestTests {

    @Test func containsIsHalfOpen() {
        // Apple-measured (docs/semantics.md §8.1, GS2 hittest.m).
        let a = layer("a", CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 50, y: 50))
        #expect(a.contains(CGPoint(x: 99.9, y: 99.9)) && a.contains(.zero))
        #expect(!a.contains(CGPoint(x: 100, y: 100)) && !a.contains(CGPoint(x: 100, y: 50)))
        let b = layer("b", CGRect(x: 10, y: 10, width: 100, height: 100), .zero)
        #expect(b.contains(CGPoint(x: 109, y: 109)) && !b.contains(CGPoint(x: 5, y: 5)))
        // hitTest takes superlayer coordinates: a's frame is its bounds here.
        #expect(a.hitTest(CGPoint(x: 99.9, y: 99.9)) === a)
        #expect(a.hitTest(CGPoint(x: 100, y: 100)) == nil)
        #expect(a.hitTest(CGPoint(x: -0.01, y: 50)) == nil)
    }

    @Test func orderIsZPositionThenReverseArrayOrder() {
        let root = canvas()
        let back = layer("back", CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 100, y: 100), in: root)
        let front = layer("front", CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 120, y: 120), in: root)
        #expect(root.hitTest(CGPoint(x: 110, y: 110)) === front)      // later sublayer first
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === back)
        #expect(root.hitTest(CGPoint(x: 290, y: 290)) === root)
        back.zPosition = 10                                          // Apple-measured: zPosition wins
        #expect(root.hitTest(CGPoint(x: 110, y: 110)) === back)
        front.zPosition = 10                                         // equal z: array order again
        #expect(root.hitTest(CGPoint(x: 110, y: 110)) === front)
        front.zPosition = -1
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === front)     // only front is there
    }

    @Test func sublayersOutsideBoundsUnlessMasked() {
        let root = canvas()
        let box = layer("box", CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 100), in: root)
        let out = layer("out", CGRect(x: 0, y: 0, width: 20, height: 20), CGPoint(x: 70, y: 25), in: box)
        // out covers box x 60..80, y 15..35 → root x 135..155, y 90..110.
        #expect(root.hitTest(CGPoint(x: 140, y: 100)) === out)
        box.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 140, y: 100)) === root)
        #expect(root.hitTest(CGPoint(x: 110, y: 100)) === box)
    }

    @Test func hiddenAndAllowsHitTestingSkipSubtrees() {
        let root = canvas()
        let p = layer("p", CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 100, y: 100), in: root)
        let c = layer("c", CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 50, y: 50), in: p)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === c)
        c.isHidden = true
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === p)
        c.isHidden = false
        p.isHidden = true
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
        p.isHidden = false
        p.allowsHitTesting = false
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
        p.allowsHitTesting = true
        c.allowsHitTesting = false
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === p)
        // Neither opacity nor doubleSided matter (docs/semantics.md §8.1).
        c.allowsHitTesting = true
        c.opacity = 0
        c.isDoubleSided = false
        c.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === c)
    }

    @Test func containsOverrideChangesHitArea() {
        final class Round: CALayer {
            override func contains(_ p: CGPoint) -> Bool {
                let dx = p.x - bounds.midX, dy = p.y - bounds.midY
                return dx * dx + dy * dy < bounds.width * bounds.width / 4
            }
        }
        let root = canvas()
        let r = Round()
        r.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.position = CGPoint(x: 100, y: 100)
        root.addSublayer(r)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === r)
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === root)          // the square's corner
    }

    @Test func perspectiveAndBehindTheEye() {
        // Same set-up as the convert test: the child (zPosition 100) shows over parent
        // 37.5..162.5 instead of 50..150.
        let root = canvas(200, 200)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        root.sublayerTransform = p
        let c = layer("c", CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 100, y: 100), in: root)
        c.zPosition = 100
        #expect(root.hitTest(CGPoint(x: 40, y: 40)) === c)
        #expect(root.hitTest(CGPoint(x: 35, y: 40)) === root)
        #expect(root.hitTest(CGPoint(x: 162, y: 162)) === c)
        c.zPosition = 0
        #expect(root.hitTest(CGPoint(x: 40, y: 40)) === root)
        // Beyond the eye (z 600 > d 500): w = −0.2, the point is behind the viewer.
        c.zPosition = 600
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
    }

    @Test func transformLayerIsNeverHitButPassesThrough() {
        // See CALayerGeometryTests.transformLayerComposesIn3D: child (x,y) shows at
        // (x + 150, y + 150) through the transform layer, and is edge on through a plain layer.
        let root = canvas(400, 400)
        let t = CATransformLayer()
        t.name = "t"
        t.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        t.anchorPoint = .zero
        t.position = CGPoint(x: 200, y: 200)
        t.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        root.addSublayer(t)
        let c = layer("c", CGRect(x: 0, y: 0, width: 100, height: 100), .zero, in: t)
        c.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        #expect(root.hitTest(CGPoint(x: 160, y: 170)) === c)
        #expect(root.hitTest(CGPoint(x: 140, y: 170)) === root)   // t has bounds there but is never hit
        #expect(t.hitTest(CGPoint(x: 160, y: 170)) === c)         // t's own hitTest passes through
        // The child asked directly takes points in its nearest flattening ancestor's space.
        #expect(c.hitTest(CGPoint(x: 249, y: 249)) === c)
        #expect(c.hitTest(CGPoint(x: 251, y: 249)) == nil)
        t.isHidden = true
        #expect(root.hitTest(CGPoint(x: 160, y: 170)) === root)
        // A flattening layer in its place: the child is projected into an edge-on plane.
        let f = CALayer()
        f.bounds = t.bounds; f.anchorPoint = .zero; f.position = t.position; f.transform = t.transform
        root.addSublayer(f)
        let d = layer("d", CGRect(x: 0, y: 0, width: 100, height: 100), .zero, in: f)
        d.transform = c.transform
        #expect(root.hitTest(CGPoint(x: 160, y: 170)) === root)
    }

    // MARK: The book's cube (chapter 5, "Solid objects" and "Touch events")

    /// Listing 5.9: six 200×200 faces centred in a 300×300 container whose sublayerTransform is
    /// the perspective (d = 500) turned −45° about x, then −45° about y; a button (80×40) on
    /// face 3, centred at face point (100, 60). `order` is the order the faces are added in.
    private func cube(order: [Int] = [0, 1, 2, 3, 4, 5]) -> (root: CALayer, faces: [CALayer], button: CALayer) {
        let root = canvas()
        let container = layer("container", CGRect(x: 0, y: 0, width: 300, height: 300), CGPoint(x: 150, y: 150), in: root)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        container.sublayerTransform = perspective
        let transforms = [
            CATransform3DMakeTranslation(0, 0, 100),
            CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
        ]
        let faces = transforms.enumerated().map { i, t -> CALayer in
            let f = layer("face\(i + 1)", CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 150, y: 150))
            f.transform = t
            return f
        }
        for i in order { container.addSublayer(faces[i]) }
        let button = layer("button", CGRect(x: 0, y: 0, width: 80, height: 40), CGPoint(x: 100, y: 60), in: faces[2])
        return (root, faces, button)
    }

    /// Where the button's centre shows, worked out independently (numpy, row vectors, the
    /// docs/semantics.md §1.2 matrices): face 3 point (100,60) ↦ (0,−40,0) ↦ R_x(90°): (0,0,−40) ↦
    /// Tr(0,−100,0): (0,−100,−40) ↦ about the container anchor (150,150): R_y(−45°), R_x(−45°),
    /// perspective ↦ container (181.47667869, 49.05093032) with w = 0.89858. Un-projected onto
    /// face 6's plane that point is (151.724, 52.459), inside face 6 (w 1.084), and face 6 is
    /// tested first: it was added last.
    private let buttonOnScreen = CGPoint(x: 181.47667869, y: 49.05093032)

    @Test func cubeButtonCentreIsWhereTheHandComputationSaysAndThroughConvert() {
        let (root, _, button) = cube()
        let onScreen = button.convert(CGPoint(x: 40, y: 20), to: root)
        #expect(abs(onScreen.x - buttonOnScreen.x) < 1e-6 && abs(onScreen.y - buttonOnScreen.y) < 1e-6)
        let back = button.convert(buttonOnScreen, from: root)
        #expect(abs(back.x - 40) < 1e-6 && abs(back.y - 20) < 1e-6)
    }

    @Test func cubeButtonIsShadowedByALaterFace() {
        let (root, faces, button) = cube()
        #expect(root.hitTest(buttonOnScreen)?.name == "face6")
        // Face 3 point (100,140) shows at (115.447, 88.050) (same computation); un-projected it
        // misses face 6 (266.7, 169.0) but lands in face 5 at (56, 101.4).
        #expect(root.hitTest(CGPoint(x: 115.44709361, y: 88.05032845))?.name == "face5")
        // doubleSided = NO does not help (the book): back faces still take the touch.
        for f in faces { f.isDoubleSided = false }
        #expect(root.hitTest(buttonOnScreen)?.name == "face6")
        #expect(root.hitTest(buttonOnScreen) !== button)
    }

    @Test func cubeFixOneOtherFacesIgnoreTouches() {
        let (root, faces, button) = cube()
        for (i, f) in faces.enumerated() where i != 2 { f.allowsHitTesting = false }
        #expect(root.hitTest(buttonOnScreen) === button)
        #expect(root.hitTest(CGPoint(x: 115.44709361, y: 88.05032845))?.name == "face3")
    }

    @Test func cubeFixTwoAddFaceThreeLast() {
        let (root, _, button) = cube(order: [0, 1, 3, 4, 5, 2])
        #expect(root.hitTest(buttonOnScreen) === button)
        #expect(root.hitTest(CGPoint(x: 115.44709361, y: 88.05032845))?.name == "face3")
    }
}
