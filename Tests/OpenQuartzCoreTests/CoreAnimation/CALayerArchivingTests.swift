import Foundation
import Testing
import OpenQuartzCore

/// A layer tree survives an `NSKeyedArchiver` / `NSKeyedUnarchiver` round trip (secure coding,
/// swift-corelibs-foundation's keyed archiver on Linux) with every property of every class.
@Suite struct CALayerArchivingTests {
    static func roundTrip<T: CALayer>(_ layer: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    /// Sets every CALayer property to a value other than its default.
    static func decorate(_ l: CALayer, _ k: CGFloat) {
        l.bounds = CGRect(x: 1 + k, y: 2, width: 30, height: 40)
        l.position = CGPoint(x: 5, y: 6 + k)
        l.zPosition = 7; l.anchorPoint = CGPoint(x: 0.25, y: 0.75); l.anchorPointZ = 3
        l.transform = CATransform3DMakeRotation(0.3, 1, 2, 3)
        l.sublayerTransform = CATransform3DMakeScale(2, 3, 4)
        l.isGeometryFlipped = true; l.isHidden = true; l.opacity = 0.5; l.allowsGroupOpacity = false
        l.isDoubleSided = false; l.masksToBounds = true; l.allowsEdgeAntialiasing = true
        l.edgeAntialiasingMask = [.layerLeftEdge]; l.shouldRasterize = true; l.rasterizationScale = 2
        l.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        l.cornerRadius = 8; l.cornerCurve = .continuous; l.maskedCorners = [.layerMaxXMaxYCorner]
        l.borderWidth = 2; l.borderColor = nil
        l.shadowOpacity = 0.6; l.shadowColor = CGColor(gray: 0.5, alpha: 1)
        l.shadowOffset = CGSize(width: 1, height: 2); l.shadowRadius = 9
        l.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 5))
        l.contents = CGImage(width: 2, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 64, 0, 128])
        l.contentsGravity = .topLeft; l.contentsScale = 3
        l.contentsRect = CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.5)
        l.contentsCenter = CGRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4)
        l.minificationFilter = .nearest; l.magnificationFilter = .trilinear; l.minificationFilterBias = 0.5
        l.name = "layer \(k)"; l.allowsHitTesting = false
    }

    static func expectSameLayerProperties(_ a: CALayer, _ b: CALayer) {
        #expect(a.bounds == b.bounds && a.position == b.position && a.zPosition == b.zPosition)
        #expect(a.anchorPoint == b.anchorPoint && a.anchorPointZ == b.anchorPointZ)
        #expect(a.transform == b.transform && a.sublayerTransform == b.sublayerTransform)
        #expect(a.isGeometryFlipped == b.isGeometryFlipped && a.isHidden == b.isHidden && a.opacity == b.opacity)
        #expect(a.allowsGroupOpacity == b.allowsGroupOpacity && a.isDoubleSided == b.isDoubleSided)
        #expect(a.masksToBounds == b.masksToBounds && a.allowsEdgeAntialiasing == b.allowsEdgeAntialiasing)
        #expect(a.edgeAntialiasingMask == b.edgeAntialiasingMask && a.shouldRasterize == b.shouldRasterize)
        #expect(a.rasterizationScale == b.rasterizationScale && a.backgroundColor == b.backgroundColor)
        #expect(a.cornerRadius == b.cornerRadius && a.cornerCurve == b.cornerCurve && a.maskedCorners == b.maskedCorners)
        #expect(a.borderWidth == b.borderWidth && a.borderColor == b.borderColor)
        #expect(a.shadowOpacity == b.shadowOpacity && a.shadowColor == b.shadowColor)
        #expect(a.shadowOffset == b.shadowOffset && a.shadowRadius == b.shadowRadius && a.shadowPath == b.shadowPath)
        #expect((a.contents as? CGImage)?.premultipliedRGBA == (b.contents as? CGImage)?.premultipliedRGBA)
        #expect((a.contents as? CGImage)?.width == (b.contents as? CGImage)?.width)
        #expect(a.contentsGravity == b.contentsGravity && a.contentsScale == b.contentsScale)
        #expect(a.contentsRect == b.contentsRect && a.contentsCenter == b.contentsCenter)
        #expect(a.minificationFilter == b.minificationFilter && a.magnificationFilter == b.magnificationFilter)
        #expect(a.minificationFilterBias == b.minificationFilterBias)
        #expect(a.name == b.name && a.allowsHitTesting == b.allowsHitTesting)
    }

    @Test func everyLayerPropertySurvives() throws {
        let l = CALayer()
        Self.decorate(l, 1)
        let back = try Self.roundTrip(l)
        Self.expectSameLayerProperties(l, back)
        #expect(back !== l)
        // Defaults survive too (nil shadow path, default border colour).
        let plain = try Self.roundTrip(CALayer())
        Self.expectSameLayerProperties(CALayer(), plain)
    }

    @Test func treeWithEverySubclassSurvives() throws {
        let root = CALayer()
        Self.decorate(root, 0)
        let shape = CAShapeLayer()
        Self.decorate(shape, 1)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2)); p.addLine(to: CGPoint(x: 3, y: 4))
        p.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 7, y: 8))
        p.addCurve(to: CGPoint(x: 9, y: 10), control1: CGPoint(x: 11, y: 12), control2: CGPoint(x: 13, y: 14))
        p.closeSubpath()
        shape.path = p; shape.fillColor = nil; shape.fillRule = .evenOdd
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.strokeStart = 0.1; shape.strokeEnd = 0.9; shape.lineWidth = 3; shape.miterLimit = 4
        shape.lineCap = .round; shape.lineJoin = .bevel; shape.lineDashPhase = 2; shape.lineDashPattern = [4, 2]
        let text = CATextLayer()
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        style.lineBreakMode = .byTruncatingMiddle
        let attributed = NSMutableAttributedString(string: "ab", attributes: [.font: CTFontCreateWithName("DejaVu Sans", 14, nil)])
        attributed.addAttributes([.foregroundColor: CGColor(gray: 0.25, alpha: 1), .kern: 1.5, .paragraphStyle: style],
                                 range: NSRange(location: 1, length: 1))
        text.string = attributed
        text.font = "DejaVu Serif"; text.fontSize = 20; text.foregroundColor = nil
        text.isWrapped = true; text.truncationMode = .end; text.alignmentMode = .center
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 0.5)]
        gradient.locations = [0.2, 0.8]; gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5); gradient.type = .radial
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 5; replicator.preservesDepth = true; replicator.instanceDelay = 0.25
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceColor = CGColor(gray: 0.5, alpha: 1)
        replicator.instanceRedOffset = -0.1; replicator.instanceGreenOffset = -0.2
        replicator.instanceBlueOffset = -0.3; replicator.instanceAlphaOffset = -0.4
        let transform = CATransformLayer()
        transform.addSublayer(CALayer())
        let mask = CAShapeLayer()
        mask.path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        root.sublayers = [shape, text, gradient, replicator, transform]
        root.mask = mask

        let back = try Self.roundTrip(root)
        Self.expectSameLayerProperties(root, back)
        let kids = try #require(back.sublayers)
        #expect(kids.count == 5)
        #expect(kids.allSatisfy { $0.superlayer === back })
        let s = try #require(kids[0] as? CAShapeLayer)
        Self.expectSameLayerProperties(shape, s)
        #expect(s.path == shape.path && s.fillColor == nil && s.fillRule == .evenOdd && s.strokeColor == shape.strokeColor)
        #expect(s.strokeStart == 0.1 && s.strokeEnd == 0.9 && s.lineWidth == 3 && s.miterLimit == 4)
        #expect(s.lineCap == .round && s.lineJoin == .bevel && s.lineDashPhase == 2 && s.lineDashPattern == [4, 2])
        let t = try #require(kids[1] as? CATextLayer)
        #expect(t.font as? String == "DejaVu Serif" && t.fontSize == 20 && t.foregroundColor == nil)
        #expect(t.isWrapped && t.truncationMode == .end && t.alignmentMode == .center)
        let a = try #require(t.string as? NSAttributedString)
        #expect(a.string == "ab")
        let first = a.attributes(at: 0, effectiveRange: nil)
        #expect((first[.font] as? CTFont).map(CTFontGetSize) == 14)
        let second = a.attributes(at: 1, effectiveRange: nil)
        #expect(second[.foregroundColor] as? CGColor == CGColor(gray: 0.25, alpha: 1))
        #expect(AttributedTextRuns.number(second[.kern]) == 1.5)
        #expect((second[.paragraphStyle] as? NSParagraphStyle)?.alignment == .right)
        #expect((second[.paragraphStyle] as? NSParagraphStyle)?.lineBreakMode == .byTruncatingMiddle)
        let g = try #require(kids[2] as? CAGradientLayer)
        #expect((g.colors as? [CGColor]) == (gradient.colors as? [CGColor]))
        #expect(g.locations == [0.2, 0.8] && g.startPoint == gradient.startPoint && g.endPoint == gradient.endPoint)
        #expect(g.type == .radial)
        let r = try #require(kids[3] as? CAReplicatorLayer)
        #expect(r.instanceCount == 5 && r.preservesDepth && r.instanceDelay == 0.25)
        #expect(r.instanceTransform == replicator.instanceTransform && r.instanceColor == replicator.instanceColor)
        #expect(r.instanceRedOffset == -0.1 && r.instanceGreenOffset == -0.2)
        #expect(r.instanceBlueOffset == -0.3 && r.instanceAlphaOffset == -0.4)
        let tl = try #require(kids[4] as? CATransformLayer)
        #expect(tl.sublayers?.count == 1)
        let m = try #require(back.mask as? CAShapeLayer)
        #expect(m.path == mask.path && m.superlayer === back)
    }

    /// What Apple's NSObject gives: identity equality and hashing, a description per object.
    @Test func equalityIsIdentity() throws {
        let a = CALayer(), b = CALayer()
        #expect(a.isEqual(a) && !a.isEqual(b) && a != b)
        #expect(Set([a, b, a]).count == 2)
        #expect(CALayer.supportsSecureCoding && CAShapeLayer.supportsSecureCoding)
        #expect(!a.debugDescription.isEmpty)
    }

    /// An archive nests at most 256 levels below its root (a cyclic archive, which
    /// swift-corelibs-foundation would decode without end, stops there too).
    @Test func decodingStopsAtTheDepthLimit() throws {
        let root = CALayer()
        var last = root
        for _ in 0..<300 {
            let l = CALayer()
            last.addSublayer(l)
            last = l
        }
        let back = try Self.roundTrip(root)
        var depth = 0
        var l = back
        while let next = l.sublayers?.first { depth += 1; l = next }
        #expect(depth == LayerDecoding.maximumDepth)
    }

    /// Damaged input is not trusted: a value of the wrong shape keeps the default.
    @Test func malformedValuesKeepDefaults() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(Data([1, 2, 3]), forKey: "bounds")
        archiver.encode("nonsense", forKey: "position")
        archiver.encode(Data(count: 16), forKey: "backgroundColor")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let l = try #require(CALayer(coder: unarchiver))
        #expect(l.bounds == .zero && l.position == .zero && l.backgroundColor == nil)
    }
}
