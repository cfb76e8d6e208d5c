import Foundation
import Testing
import OpenQuartzCore

/// Draws a red square in the top-left quarter of its bounds and counts its draws.
final class QuarterLayer: CALayer {
    var draws = 0
    var clipSeen: CGRect = .null
    override func draw(in ctx: CGContext) {
        draws += 1
        clipSeen = ctx.boundingBoxOfClipPath
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width / 2, height: bounds.height / 2))
    }
}

final class DrawingDelegate: NSObject, CALayerDelegate {
    var events: [String] = []
    func layerWillDraw(_ layer: CALayer) { events.append("willDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        events.append("draw")
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
    }
}

final class ContentsDelegate: NSObject, CALayerDelegate {
    func display(_ layer: CALayer) { layer.contents = CGImage(width: 1, height: 1, rgba: [0, 255, 0, 255]) }
}

@Suite struct CALayerDisplayTests {
    @Test func drawnContentsAreFlippedAndKept() {
        let layer = QuarterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(!layer.needsDisplay())
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        let r = Rendered(layer, width: 20, height: 20)
        #expect(!layer.needsDisplay() && layer.draws == 1)
        // iOS: the context's origin is the top-left of the bounds, y down.
        #expect(r.rgba(2, 2) == (255, 0, 0, 255))
        #expect(r.rgba(2, 15).a == 0 && r.rgba(15, 2).a == 0)
        _ = Rendered(layer, width: 20, height: 20)
        #expect(layer.draws == 1)
        #expect((layer.contents as? CGImage)?.width == 20)
    }

    @Test func boundsOriginAndContentsScale() {
        let layer = QuarterLayer()
        layer.bounds = CGRect(x: 100, y: 50, width: 10, height: 8)
        layer.position = CGPoint(x: 5, y: 4)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        let r = Rendered(layer, width: 10, height: 8, scale: 2)
        let image = layer.contents as? CGImage
        #expect(image?.width == 20 && image?.height == 16)
        #expect(r.rgba(1, 1) == (255, 0, 0, 255) && r.rgba(9, 7) == (255, 0, 0, 255))
        #expect(r.rgba(11, 9).a == 0)
    }

    @Test func delegateDrawsAndIsToldBeforehand() {
        let delegate = DrawingDelegate()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.delegate = delegate
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(delegate.events == ["willDraw", "draw"])
        let r = Rendered(layer, width: 10, height: 10)
        #expect(r.rgba(5, 2) == (0, 0, 255, 255) && r.rgba(5, 7).a == 0)
        let other = CALayer()
        let contents = ContentsDelegate()
        other.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        other.delegate = contents
        other.setNeedsDisplay()
        #expect(Rendered(other, width: 4, height: 4).rgba(1, 1) == (0, 255, 0, 255))
    }

    @Test func partialRedisplayKeepsTheRest() {
        let layer = QuarterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.setNeedsDisplay(CGRect(x: 10, y: 10, width: 5, height: 5))
        layer.setNeedsDisplay(CGRect(x: 12, y: 12, width: 5, height: 5))
        layer.displayIfNeeded()
        #expect(layer.draws == 2)
        #expect(layer.clipSeen == CGRect(x: 10, y: 10, width: 7, height: 7))
        #expect(Rendered(layer, width: 20, height: 20).rgba(2, 2) == (255, 0, 0, 255))
    }

    @Test func boundsChangeOpaqueAndKeys() {
        let layer = QuarterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.needsDisplayOnBoundsChange = true
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.bounds.origin = CGPoint(x: 3, y: 3)
        #expect(!layer.needsDisplay())
        layer.bounds.size = CGSize(width: 12, height: 10)
        #expect(layer.needsDisplay())
        layer.isOpaque = true
        layer.displayIfNeeded()
        let image = layer.contents as! CGImage
        #expect(image.width == 12 && image.premultipliedRGBA[4 * 11 + 3] == 255)
        #expect(!CALayer.needsDisplay(forKey: "bounds"))
        layer.drawsAsynchronously = true
        #expect(layer.drawsAsynchronously)
    }

    @Test func renderInContextFlippedAndNot() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.position = CGPoint(x: 500, y: 500) // ignored by render(in:)
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 10, height: 3)
        top.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(top)
        // Unflipped bitmap context: the y-down layer lands upside down in memory.
        let plain = makeRGBAContext(10, 10)
        root.render(in: plain)
        #expect(plain.rgba(5, row: 9) == (255, 0, 0, 255) && plain.rgba(5, row: 0).a == 0)
        // Flipped the iOS way: upright.
        let flipped = makeRGBAContext(10, 10)
        flipped.translateBy(x: 0, y: 10)
        flipped.scaleBy(x: 1, y: -1)
        root.render(in: flipped)
        #expect(flipped.rgba(5, row: 0) == (255, 0, 0, 255) && flipped.rgba(5, row: 9).a == 0)
        // Layers that need display are drawn first; the context's alpha applies.
        let drawn = QuarterLayer()
        drawn.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        drawn.setNeedsDisplay()
        let half = makeRGBAContext(10, 10)
        half.translateBy(x: 0, y: 10)
        half.scaleBy(x: 1, y: -1)
        half.setAlpha(0.5)
        drawn.render(in: half)
        #expect(drawn.draws == 1 && half.rgba(1, row: 1) == (128, 0, 0, 128))
    }
}

/// The README's drawing example, as written there.
final class RingLayer: CALayer {
    var progress: CGFloat = 0 { didSet { setNeedsDisplay() } }
    override func draw(in ctx: CGContext) {
        ctx.setStrokeColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.setLineWidth(6)
        ctx.setLineCap(.round)
        ctx.addArc(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 4,
                   startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }
}

@Suite struct ReadmeDrawingExampleTests {
    @Test func ringDrawsAQuarterClockwiseFromTwelve() {
        let ring = RingLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
        ring.progress = 0.25
        let r = Rendered(ring, width: 48, height: 48)
        // Radius 20 around (24, 24): one o'clock-and-a-half is on the arc, nine o'clock is not.
        #expect(r.at(24 + 20 * cos(-.pi / 4), 24 + 20 * sin(-.pi / 4)) == (255, 128, 0, 255))
        #expect(r.at(4, 24).a == 0)
    }
}

/// A layer whose "progress" key redraws it, as ring-progress layers declare.
final class KeyedProgressLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

@Suite struct DisplayKeyTests {
    @Test func keysThatNeedDisplayMarkTheLayer() {
        let layer = KeyedProgressLayer()
        layer.displayedPropertyDidChange("opacity")
        #expect(!layer.needsDisplay())
        layer.displayedPropertyDidChange("progress")
        #expect(layer.needsDisplay())
        #expect(KeyedProgressLayer.needsDisplay(forKey: "progress") && !CALayer.needsDisplay(forKey: "progress"))
    }
}
