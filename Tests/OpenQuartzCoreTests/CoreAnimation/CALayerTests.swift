import Testing
import Foundation
import OpenQuartzCore

/// Defaults (docs/semantics.md §0, CALayer.h and the subclass headers), the layer tree, copies and the
/// change counter.
@Suite struct CALayerTests {
    @Test func calayerDefaults() {
        let l = CALayer()
        #expect(l.bounds == .zero && l.position == .zero && l.frame == .zero)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.anchorPointZ == 0 && l.zPosition == 0)
        #expect(l.transform == CATransform3DIdentity && l.sublayerTransform == CATransform3DIdentity)
        #expect(l.affineTransform() == .identity)
        #expect(!l.isHidden && l.opacity == 1 && l.allowsGroupOpacity && l.isDoubleSided)
        #expect(!l.masksToBounds && l.mask == nil && !l.isGeometryFlipped)
        #expect(l.backgroundColor == nil && l.cornerRadius == 0 && l.cornerCurve == .circular)
        #expect(l.maskedCorners.rawValue == 0b1111)
        #expect(l.borderWidth == 0 && l.borderColor == CGColor(gray: 0, alpha: 1))
        #expect(l.shadowOpacity == 0 && l.shadowColor == CGColor(gray: 0, alpha: 1))
        #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
        #expect(l.contents == nil && l.contentsGravity == .resize && l.contentsScale == 1)
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear && l.minificationFilterBias == 0)
        #expect(!l.shouldRasterize && l.rasterizationScale == 1)
        #expect(!l.allowsEdgeAntialiasing && l.edgeAntialiasingMask.rawValue == 0b1111)
        #expect(l.name == nil && l.superlayer == nil && l.sublayers == nil)
        #expect(l.allowsHitTesting && l.flattensSublayers && !l.contentsAreFlipped())
    }

    @Test func rawValuesMatchApple() {
        let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .resizeAspectFill, .center, .top, .bottom,
                                                   .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight]
        #expect(gravities.map(\.rawValue) == ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom",
                                              "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"])
        #expect([CALayerContentsFilter.linear, .nearest, .trilinear].map(\.rawValue) == ["linear", "nearest", "trilinear"])
        #expect(CALayerCornerCurve.continuous.rawValue == "continuous")
        #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero" && CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
        #expect(CAShapeLayerLineCap(rawValue: "round") == .round && CAShapeLayerLineJoin.bevel.rawValue == "bevel")
        #expect(CAGradientLayerType.conic.rawValue == "conic" && CATextLayerAlignmentMode.justified.rawValue == "justified")
        #expect(CACornerMask.layerMaxXMaxYCorner.rawValue == 8 && CACornerMask.layerMaxXMinYCorner.rawValue == 2)
        #expect(CAEdgeAntialiasingMask.layerBottomEdge.rawValue == 4 && CAEdgeAntialiasingMask.layerTopEdge.rawValue == 8)
    }

    @Test func subclassDefaults() {
        let s = CAShapeLayer()
        #expect(s.path == nil && s.fillColor == CGColor(gray: 0, alpha: 1) && s.strokeColor == nil)
        #expect(s.fillRule == .nonZero && s.lineWidth == 1 && s.miterLimit == 10)
        #expect(s.lineCap == .butt && s.lineJoin == .miter && s.lineDashPattern == nil && s.lineDashPhase == 0)
        #expect(s.strokeStart == 0 && s.strokeEnd == 1)
        let t = CATextLayer()
        #expect(t.string == nil && t.font == nil && t.fontSize == 36 && t.foregroundColor == CGColor(gray: 1, alpha: 1))
        #expect(!t.isWrapped && t.alignmentMode == .natural && t.truncationMode == CATextLayerTruncationMode.none)
        let g = CAGradientLayer()
        #expect(g.colors == nil && g.locations == nil && g.type == .axial)
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))
        let r = CAReplicatorLayer()
        #expect(r.instanceCount == 1 && r.instanceDelay == 0 && r.instanceTransform == CATransform3DIdentity)
        #expect(r.instanceColor == CGColor(gray: 1, alpha: 1) && !r.preservesDepth && r.flattensSublayers)
        #expect(r.instanceRedOffset == 0 && r.instanceGreenOffset == 0 && r.instanceBlueOffset == 0 && r.instanceAlphaOffset == 0)
        r.preservesDepth = true
        #expect(!r.flattensSublayers)
        #expect(!CATransformLayer().flattensSublayers)
    }

    @Test func affineTransformRoundTripAndNonAffineReadsIdentity() {
        let l = CALayer()
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        l.setAffineTransform(a)
        #expect(l.affineTransform() == a)
        #expect(l.transform.m11 == 1 && l.transform.m12 == 2 && l.transform.m21 == 3 && l.transform.m42 == 6)
        l.transform = CATransform3DMakeScale(1, 1, 2)      // docs/semantics.md §1.2 vector 3
        #expect(l.affineTransform() == .identity)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        l.transform = p
        #expect(l.affineTransform() == .identity)
    }

    @Test func sublayerOrderAndReparenting() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        #expect(root.sublayers! == [c, a, b])
        root.insertSublayer(d, below: b)
        #expect(root.sublayers! == [c, a, d, b])
        root.insertSublayer(c, above: b)                // moving an existing sublayer
        #expect(root.sublayers! == [a, d, b, c])
        root.insertSublayer(a, at: 99)                  // past the end appends
        #expect(root.sublayers! == [d, b, c, a])
        let e = CALayer()
        root.replaceSublayer(b, with: e)
        #expect(root.sublayers! == [d, e, c, a] && b.superlayer == nil && e.superlayer === root)
        let other = CALayer()
        other.addSublayer(d)                            // re-parenting removes it from root
        #expect(root.sublayers! == [e, c, a] && d.superlayer === other)
        a.removeFromSuperlayer()
        #expect(root.sublayers! == [e, c] && a.superlayer == nil)
        root.sublayers = [a, e]
        #expect(c.superlayer == nil && a.superlayer === root && e.superlayer === root)
        root.sublayers = nil
        #expect(a.superlayer == nil && e.superlayer == nil && root.sublayers == nil)
    }

    @Test func maskIsNotASublayer() {
        let host = CALayer(), m = CALayer()
        host.addSublayer(m)
        host.mask = m                                   // taken out of sublayers
        #expect(host.sublayers! == [] && m.superlayer === host && host.mask === m)
        let other = CALayer()
        #expect(!other.canAddSublayer(m))               // a mask cannot be a sublayer
        #expect(!other.canSetMask(m))                   // nor another layer's mask
        #expect(host.canSetMask(m) && host.canSetMask(nil))
        m.removeFromSuperlayer()
        #expect(host.mask == nil && m.superlayer == nil)
        host.mask = m
        host.mask = nil
        #expect(m.superlayer == nil)
        #expect(other.canAddSublayer(m))
    }

    @Test func cyclesAreDetected() {
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b)
        b.addSublayer(c)
        #expect(!c.canAddSublayer(a) && !c.canAddSublayer(b) && !c.canAddSublayer(c))
        #expect(!c.canSetMask(a) && !b.canSetMask(b))
        #expect(a.canAddSublayer(c) && c.canAddSublayer(CALayer()))
        let m = CALayer()
        c.mask = m                                      // m's superlayer chain reaches a
        #expect(!m.canAddSublayer(a))
        // The refusal message names both layers.
        a.name = "outer"
        #expect(c.sublayerRefusal(a)?.contains("'outer'") == true)
        #expect(c.sublayerRefusal(a)?.contains("CALayer@") == true)
    }

    /// Core Animation raises an exception for these; here the call is ignored (reported once on
    /// standard error, docs/limits.md "Misuse of the API") and the tree is left as it was.
    @Test func addingAnAncestorLeavesTheTreeAlone() {
        let a = CALayer(), b = CALayer()
        a.addSublayer(b)
        b.addSublayer(a)
        #expect(a.superlayer == nil && b.superlayer === a && b.sublayers == nil)
        let host = CALayer(), m = CALayer(), other = CALayer()
        host.mask = m
        other.addSublayer(m)
        #expect(host.mask === m && m.superlayer === host && other.sublayers == nil)
        let c = CALayer()
        c.sublayers = [c]
        #expect(c.sublayers?.isEmpty == true && c.superlayer == nil)
    }

    @Test func initLayerCopiesPropertiesNotTree() {
        let parent = CALayer(), src = CALayer()
        parent.addSublayer(src)
        src.addSublayer(CALayer())
        src.mask = CALayer()
        src.bounds = CGRect(x: 1, y: 2, width: 3, height: 4); src.position = CGPoint(x: 5, y: 6)
        src.anchorPoint = CGPoint(x: 0.25, y: 1); src.anchorPointZ = 7; src.zPosition = 8
        src.transform = CATransform3DMakeRotation(0.3, 1, 1, 0); src.sublayerTransform = CATransform3DMakeScale(2, 2, 2)
        src.opacity = 0.5; src.isHidden = true; src.cornerRadius = 9; src.cornerCurve = .continuous
        src.maskedCorners = .layerMinXMinYCorner; src.borderWidth = 2; src.borderColor = nil
        src.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        src.shadowOpacity = 0.7; src.shadowOffset = CGSize(width: 1, height: 2); src.shadowRadius = 4
        src.contentsGravity = .topLeft; src.contentsScale = 2; src.minificationFilter = .nearest
        src.edgeAntialiasingMask = .layerTopEdge; src.name = "src"; src.allowsHitTesting = false
        src.isGeometryFlipped = true; src.isDoubleSided = false; src.masksToBounds = true
        let copy = CALayer(layer: src)
        #expect(copy.bounds == src.bounds && copy.position == src.position && copy.anchorPoint == src.anchorPoint)
        #expect(copy.anchorPointZ == 7 && copy.zPosition == 8 && copy.transform == src.transform)
        #expect(copy.sublayerTransform == src.sublayerTransform && copy.opacity == 0.5 && copy.isHidden)
        #expect(copy.cornerRadius == 9 && copy.cornerCurve == .continuous && copy.maskedCorners == .layerMinXMinYCorner)
        #expect(copy.borderWidth == 2 && copy.borderColor == nil && copy.backgroundColor == src.backgroundColor)
        #expect(copy.shadowOpacity == 0.7 && copy.shadowOffset == CGSize(width: 1, height: 2) && copy.shadowRadius == 4)
        #expect(copy.contentsGravity == .topLeft && copy.contentsScale == 2 && copy.minificationFilter == .nearest)
        #expect(copy.edgeAntialiasingMask == .layerTopEdge && copy.name == "src" && !copy.allowsHitTesting)
        #expect(copy.isGeometryFlipped && !copy.isDoubleSided && copy.masksToBounds)
        #expect(copy.superlayer == nil && copy.sublayers == nil && copy.mask == nil)
        #expect(src.superlayer === parent && src.sublayers?.count == 1 && src.mask != nil)

        let shape = CAShapeLayer()
        shape.lineWidth = 3; shape.lineDashPattern = [4, 2]; shape.fillRule = .evenOdd; shape.strokeEnd = 0.5
        let shapeCopy = CAShapeLayer(layer: shape)
        #expect(shapeCopy.lineWidth == 3 && shapeCopy.lineDashPattern == [4, 2] && shapeCopy.fillRule == .evenOdd)
        #expect(shapeCopy.strokeEnd == 0.5)
        let text = CATextLayer(); text.string = "hi"; text.fontSize = 12; text.alignmentMode = .center
        let textCopy = CATextLayer(layer: text)
        #expect(textCopy.string as? String == "hi" && textCopy.fontSize == 12 && textCopy.alignmentMode == .center)
        let grad = CAGradientLayer(); grad.type = .radial; grad.locations = [0, 1]; grad.endPoint = .zero
        let gradCopy = CAGradientLayer(layer: grad)
        #expect(gradCopy.type == .radial && gradCopy.locations == [0, 1] && gradCopy.endPoint == .zero)
        let rep = CAReplicatorLayer(); rep.instanceCount = 5; rep.instanceAlphaOffset = -0.1; rep.preservesDepth = true
        let repCopy = CAReplicatorLayer(layer: rep)
        #expect(repCopy.instanceCount == 5 && repCopy.instanceAlphaOffset == -0.1 && repCopy.preservesDepth)
        // A plain copy of a shape layer keeps the CALayer part only.
        #expect(CALayer(layer: shape).bounds == shape.bounds)
    }

    @Test func modificationCountCountsSetsAndTreeChanges() {
        let l = CAShapeLayer(), child = CALayer()
        #expect(l.modificationCount == 0)
        l.opacity = 0.5
        l.lineWidth = 2
        l.bounds.size.width = 10
        #expect(l.modificationCount == 3)
        l.addSublayer(child)
        #expect(l.modificationCount == 4)
        child.removeFromSuperlayer()
        #expect(l.modificationCount == 5)
        l.mask = CALayer()
        #expect(l.modificationCount == 6)
        let before = child.modificationCount
        child.name = "x"
        #expect(child.modificationCount == before + 1)
    }

    @Test func contentsAreFlippedCountsFlippedAncestors() {
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b); b.addSublayer(c)
        a.isGeometryFlipped = true
        #expect(c.contentsAreFlipped() && b.contentsAreFlipped() && a.contentsAreFlipped())
        b.isGeometryFlipped = true
        #expect(!c.contentsAreFlipped() && !b.contentsAreFlipped() && a.contentsAreFlipped())
    }
}
