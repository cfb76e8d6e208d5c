import Testing
import Foundation
import OpenQuartzCore

private func near(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

private func near(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol
        && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
}

private func layer(_ bounds: CGRect, _ position: CGPoint, in parent: CALayer? = nil) -> CALayer {
    let l = CALayer()
    l.bounds = bounds
    l.position = position
    parent?.addSublayer(l)
    return l
}

/// Geometry (docs/semantics.md §1.2). Expected values are the Apple-checked vectors of docs/semantics.md §1.2, or
/// worked out by hand in the comments.
@Suite struct CALayerGeometryTests {

    // MARK: frame

    @Test func frameVectors() {
        // Research §1.2 vector 1 (GNUstep tests checked against Apple QuartzCore).
        let l = layer(CGRect(x: 0, y: 0, width: 100, height: 50), CGPoint(x: 200, y: 300))
        #expect(l.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
        l.anchorPoint = .zero
        #expect(l.frame == CGRect(x: 200, y: 300, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(l.frame == CGRect(x: 100, y: 250, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.transform = CATransform3DMakeScale(2, 4, 1)
        #expect(l.frame == CGRect(x: 100, y: 200, width: 200, height: 200))
        // The bounds origin never moves the layer itself.
        let o = layer(CGRect(x: 11, y: 22, width: 100, height: 50), CGPoint(x: 200, y: 300))
        #expect(o.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
    }

    @Test func frameSetterRoundTrips() {
        let l = CALayer()
        l.bounds = CGRect(x: 5, y: 6, width: 1, height: 1)
        l.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        // bounds.size = frame.size, origin kept; position = origin + anchorPoint·size.
        #expect(l.bounds == CGRect(x: 5, y: 6, width: 30, height: 40))
        #expect(l.position == CGPoint(x: 17.5, y: 50))
        #expect(l.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        // Changing the anchor moves the frame, not the position.
        l.anchorPoint = .zero
        #expect(l.position == CGPoint(x: 17.5, y: 50))
        #expect(l.frame == CGRect(x: 17.5, y: 50, width: 30, height: 40))
        // position → frame → position.
        l.position = CGPoint(x: -3, y: 9)
        let f = l.frame
        l.frame = f
        #expect(l.position == CGPoint(x: -3, y: 9) && l.bounds.size == CGSize(width: 30, height: 40))
    }

    @Test func listing5_2ScaleRotateTranslate() {
        // Book listing 5.2: scale 50%, rotate 30°, translate 200 (each prepended, so the
        // translation happens in the scaled and rotated frame). The centre moves by
        // 0.5·200·(cos 30°, sin 30°) = (86.6025…, 50): "diagonally, 100 points".
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), CGPoint(x: 200, y: 200))
        let l = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 150, y: 150), in: root)
        l.setAffineTransform(CGAffineTransform.identity.scaledBy(x: 0.5, y: 0.5)
            .rotated(by: .pi / 180 * 30).translatedBy(x: 200, y: 0))
        let centre = l.convert(CGPoint(x: 50, y: 50), to: root)
        #expect(near(centre, CGPoint(x: 150 + 86.60254037844388, y: 150 + 50)))
        // A 50-point square turned 30°: bounding box side 50·(cos 30° + sin 30°) = 68.3012…
        let side = 68.30127018922192
        #expect(near(l.frame, CGRect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)))
    }

    @Test func frameWithPerspectiveTransform() {
        // transform = Tr(0,0,100)·P(d=500): corners (±50, ±50, 100) get w = 1 − 100/500 = 0.8,
        // so the 100-point square shows 125 points wide about the position (200, 200).
        let l = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 200, y: 200))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        l.transform = CATransform3DTranslate(p, 0, 0, 100)
        #expect(near(l.frame, CGRect(x: 137.5, y: 137.5, width: 125, height: 125)))
        // zPosition is applied after the layer's own perspective: it does not change the size.
        l.transform = p
        l.zPosition = 100
        #expect(near(l.frame, CGRect(x: 150, y: 150, width: 100, height: 100)))
        // A corner behind the eye (w ≤ 0) leaves no meaningful box.
        l.transform = CATransform3DTranslate(p, 0, 0, 600)
        #expect(l.frame.isNull)
    }

    // MARK: convert

    /// Research §1.2 vector 2: parent bounds (0,0,200,200) at (100,100), child (0,0,50,50) at
    /// (100,50).
    private func parentAndChild() -> (CALayer, CALayer) {
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let child = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 50), in: parent)
        return (parent, child)
    }

    @Test func convertVectors() {
        var (parent, child) = parentAndChild()
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 75, y: 25))
        #expect(parent.convert(CGPoint.zero, from: child) == CGPoint(x: 75, y: 25))
        #expect(parent.convert(CGPoint(x: 75, y: 25), to: child) == .zero)

        child.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 50, y: 0))
        #expect(child.convert(CGPoint(x: 50, y: 50), to: parent) == CGPoint(x: 150, y: 100))

        (parent, child) = parentAndChild()
        parent.sublayerTransform = CATransform3DMakeTranslation(10, 20, 0)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 85, y: 45))

        (parent, child) = parentAndChild()
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)
        // (0,0) − anchor (25,25) + (5,6) + position (100,50) = (80,31); scaled ×2 about the
        // parent's anchor (100,100): (60, −38).
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 60, y: -38))
        #expect(near(child.convert(CGPoint(x: 60, y: -38), from: parent), .zero))
    }

    @Test func transformToSuperlayerIncludesParentSublayerTransform() {
        let (parent, child) = parentAndChild()
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)
        let m = child.transformToSuperlayer()
        let h = m.apply(x: 0, y: 0, z: 0)
        #expect(h.x == 60 && h.y == -38 && h.w == 1)
        // A root layer's matrix is its own placement only.
        // Tr(−100,−100)·Tr(100,100).
        #expect(parent.transformToSuperlayer() == CATransform3DIdentity)
    }

    @Test func boundsOriginScrollsSublayers() {
        // A parent whose bounds origin is (10,10): its bounds point (10,10) is its top-left
        // corner, so a child at position (20,20) sits 10 points in from that corner.
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), CGPoint(x: 150, y: 150))
        let p = layer(CGRect(x: 10, y: 10, width: 100, height: 100), CGPoint(x: 50, y: 50), in: root)
        let c = layer(CGRect(x: 0, y: 0, width: 20, height: 20), CGPoint(x: 20, y: 20), in: p)
        #expect(c.convert(CGPoint.zero, to: p) == CGPoint(x: 10, y: 10))
        #expect(c.convert(CGPoint.zero, to: root) == .zero)
        #expect(c.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func convertBetweenCousinsRectsAndRootSpace() {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), CGPoint(x: 150, y: 150))
        let a = layer(CGRect(x: 0, y: 0, width: 10, height: 10), CGPoint(x: 5, y: 5), in: root)
        let g = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 150, y: 50), in: root)
        let b = layer(CGRect(x: 0, y: 0, width: 10, height: 10), CGPoint(x: 5, y: 5), in: g)
        // b's (0,0) is g's (0,0) = root (100, 0); a's (0,0) is root (0,0).
        #expect(a.convert(CGPoint.zero, to: b) == CGPoint(x: -100, y: 0))
        #expect(b.convert(CGPoint(x: -100, y: 0), to: a) == .zero)
        #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: b) == CGRect(x: -100, y: 0, width: 10, height: 10))
        // A detached layer converts as its own root: nil is the space its frame lives in.
        let d = layer(CGRect(x: 0, y: 0, width: 100, height: 50), CGPoint(x: 200, y: 300))
        #expect(d.convert(CGPoint.zero, to: nil) == CGPoint(x: 150, y: 275))
        #expect(d.convert(CGPoint(x: 150, y: 275), from: nil) == .zero)
        #expect(d.convert(d.bounds, to: nil) == d.frame)
        // Layers of different trees meet in that space.
        #expect(d.convert(CGPoint.zero, to: a) == CGPoint(x: 150, y: 275))
        // A rotated rect converts to the bounding box of its corners: 90° turns the 10×20 box.
        a.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        a.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(near(a.convert(a.bounds, to: root), CGRect(x: -5, y: 0, width: 20, height: 10)))
    }

    @Test func convertThroughPerspectiveSublayerTransform() {
        // Parent bounds (0,0,200,200), anchor at (100,100), sublayerTransform m34 = −1/500.
        // Child bounds (0,0,100,100) at position (100,100), zPosition 100.
        // Child (0,0): − anchor (50,50) + (100,100,100) = (50,50,100); about the parent anchor:
        // (−50,−50,100), w = 1 − 100/500 = 0.8 → (−62.5,−62.5) → parent (37.5, 37.5).
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        parent.sublayerTransform = p
        let child = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 100, y: 100), in: parent)
        child.zPosition = 100
        #expect(near(child.convert(CGPoint.zero, to: parent), CGPoint(x: 37.5, y: 37.5)))
        #expect(near(child.convert(CGPoint(x: 100, y: 100), to: parent), CGPoint(x: 162.5, y: 162.5)))
        #expect(near(child.convert(CGPoint(x: 50, y: 50), to: parent), CGPoint(x: 100, y: 100)))
        // Going down un-projects onto the child's plane.
        #expect(near(parent.convert(CGPoint(x: 37.5, y: 37.5), to: child), .zero))
        #expect(near(child.convert(CGPoint(x: 162.5, y: 37.5), from: parent), CGPoint(x: 100, y: 0)))

        // Now turn the child 60° about y (zPosition 0). Child (100,50): (50,0,0) → x = 50·cos 60°
        // = 25, z = −50·sin 60° = −43.30 (+x recedes); w = 1 + 43.30/500 = 1.086603;
        // x = 25/1.086603 + 100 = 123.0074927. Child (0,50): x = −25, z = +43.30, w = 0.913397,
        // x = 100 − 27.3703 = 72.6296589. The near edge looks longer: perspective is in play.
        child.zPosition = 0
        child.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        #expect(near(child.convert(CGPoint(x: 100, y: 50), to: parent), CGPoint(x: 123.00749268568153, y: 100)))
        #expect(near(child.convert(CGPoint(x: 0, y: 50), to: parent), CGPoint(x: 72.62965893253289, y: 100)))
        #expect(near(parent.convert(CGPoint(x: 123.00749268568153, y: 100), to: child), CGPoint(x: 100, y: 50)))
        // Round trip of an arbitrary point.
        let q = parent.convert(CGPoint(x: 110, y: 90), to: child)
        #expect(near(child.convert(q, to: parent), CGPoint(x: 110, y: 90)))
        // Without perspective a plane turned 90° about y is seen edge on: no un-projection.
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        parent.sublayerTransform = CATransform3DIdentity
        #expect(parent.convert(CGPoint(x: 120, y: 100), to: child).x.isNaN)
        #expect(parent.convert(CGRect(x: 90, y: 90, width: 20, height: 20), to: child).isNull)
        // Behind the eye (zPosition 600 > d 500, w = −0.2) nothing is visible, either way.
        parent.sublayerTransform = p
        child.transform = CATransform3DIdentity
        child.zPosition = 600
        #expect(child.convert(CGPoint(x: 50, y: 50), to: parent).x.isNaN)
        #expect(parent.convert(CGPoint(x: 100, y: 100), to: child).y.isNaN)
    }

    @Test func anchorPointZIsThePivotDepth() {
        // bounds (0,0,100,100) at (0,0), anchorPointZ 50, rotated 90° about y. The anchor
        // (50,50) becomes (0,0,−50) before the rotation, and −50 of z turns to −50 of x.
        let l = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .zero)
        l.anchorPointZ = 50
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        #expect(near(l.convert(CGPoint(x: 50, y: 50), to: nil), CGPoint(x: -50, y: 0)))
    }

    @Test func transformLayerComposesIn3D() {
        // A transform layer turned 90° about y holds a child turned back −90°: composed in 3D the
        // child faces the viewer again. Transform layer bounds are empty, so its anchor is its
        // origin, at (200,200): child (x, y) ↦ (x − 50 + 200, y − 50 + 200).
        let root = layer(CGRect(x: 0, y: 0, width: 400, height: 400), CGPoint(x: 200, y: 200))
        let t = CATransformLayer()
        t.position = CGPoint(x: 200, y: 200)
        t.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        root.addSublayer(t)
        let c = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .zero, in: t)
        c.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
        #expect(near(c.convert(CGPoint(x: 10, y: 20), to: root), CGPoint(x: 160, y: 170)))
        #expect(near(c.convert(CGPoint(x: 160, y: 170), from: root), CGPoint(x: 10, y: 20)))
        // A flattening layer in the same place projects the child into its edge-on plane: x
        // collapses onto the plane's line x = 200.
        let f = layer(.zero, CGPoint(x: 200, y: 200), in: root)
        f.transform = t.transform
        let d = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .zero, in: f)
        d.transform = c.transform
        #expect(near(d.convert(CGPoint(x: 10, y: 20), to: root), CGPoint(x: 200, y: 170)))
    }

    @Test func geometryFlippedMirrorsSublayers() {
        // Our reading (docs/semantics.md §1.3): sublayers of a flipped layer are placed with y mirrored
        // about the middle of its bounds; their own frames are unchanged.
        let p = layer(CGRect(x: 0, y: 0, width: 100, height: 200), CGPoint(x: 50, y: 100))
        p.isGeometryFlipped = true
        let c = layer(CGRect(x: 0, y: 0, width: 10, height: 10), CGPoint(x: 5, y: 5), in: p)
        #expect(c.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(c.convert(CGPoint.zero, to: p) == CGPoint(x: 0, y: 200))
        #expect(c.convert(CGPoint(x: 10, y: 10), to: p) == CGPoint(x: 10, y: 190))
        #expect(p.hitTest(CGPoint(x: 5, y: 195)) === c)
        #expect(p.hitTest(CGPoint(x: 5, y: 5)) === p)
    }
}
