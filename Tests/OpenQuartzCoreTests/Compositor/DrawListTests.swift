import Testing
import Foundation
import Raster
import OpenQuartzCore

/// The compositor's draw list, read as data: what Core Animation draws for a layer, in order.
@Suite struct DrawListTests {
    /// A chapter-4 card (listings 4.1, 4.2 and 4.5: rounded corners, a border over the
    /// sublayers, a shadow path) with an image and one sublayer with one sublayer.
    static func card() -> (root: CALayer, card: CALayer) {
        let root = makeRoot(200, 160)
        let card = makeLayer(CGRect(x: 40, y: 30, width: 120, height: 90), white, name: "card")
        card.cornerRadius = 12
        card.borderWidth = 3
        card.borderColor = black
        card.shadowOpacity = 0.5
        card.shadowOffset = CGSize(width: 0, height: 4)
        card.shadowRadius = 5
        // A shadow path (listing 4.5) lets the shadow be drawn before the content; without
        // one, the shadow of a layer with contents is cast by the rendered content (a group).
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)
        var bytes: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { bytes += (x + y) % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        card.contents = CGImage(width: 8, height: 8, rgba: bytes)
        card.contentsGravity = .center
        card.addSublayer(makeLayer(CGRect(x: 10, y: 10, width: 30, height: 20), blue, name: "badge"))
        root.addSublayer(card)
        return (root, card)
    }

    /// Inside a layer: shadow, background, contents, sublayers, border (CALayer.h's drawing
    /// order; the border is "composited above the layer's content and sublayers").
    @Test func chapter4LayerDrawsShadowBackgroundContentsSublayersBorder() throws {
        let (root, _) = Self.card()
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 160))
        let surface = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        let list = renderer.drawList(for: root, into: surface)
        let labels = list.entries.map { "\($0.label.layer).\($0.label.part)" }
        #expect(labels == ["card.shadow", "card.background", "card.contents", "badge.background", "card.border"])
        // The shadow is a blurred coverage, the background and border rounded boxes (the
        // border with a hole), the contents a texture.
        guard labels.count == 5 else { return }
        if case .fillCoverage = list.entries[0].operation {} else { Issue.record("shadow: \(list.entries[0].operation)") }
        if case .fillRoundedBox(_, let hole, _) = list.entries[1].operation { #expect(hole == nil) } else {
            Issue.record("background: \(list.entries[1].operation)")
        }
        if case .drawTexture = list.entries[2].operation {} else { Issue.record("contents: \(list.entries[2].operation)") }
        if case .fillRoundedBox(_, let hole, _) = list.entries[4].operation { #expect(hole != nil) } else {
            Issue.record("border: \(list.entries[4].operation)")
        }
    }

    /// Performing the recorded list on a cleared surface gives the very pixels the renderer drew.
    @Test func performingTheListGivesTheRenderedPixels() {
        let (root, _) = Self.card()
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 160))
        let drawn = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        let list = renderer.drawList(for: root, into: drawn)
        let replayed = Surface(width: drawn.width, height: drawn.height)
        replayed.clear(0)
        list.perform(on: replayed)
        var differing = 0
        for y in 0..<drawn.height { for x in 0..<drawn.width where drawn.pixel(x: x, y: y) != replayed.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
        // And the renderer's ordinary frame is the same picture.
        let plain = Rendered(root, width: 200, height: 160)
        var other = 0
        for y in 0..<drawn.height { for x in 0..<drawn.width where drawn.pixel(x: x, y: y) != plain.surface.pixel(x: x, y: y) { other += 1 } }
        #expect(other == 0)
    }

    /// A translucent layer with overlapping parts is one group: its list entry composites the
    /// group, and nothing of its inside is drawn into the canvas directly.
    @Test func groupOpacityIsOneComposite() {
        let root = makeRoot(100, 100)
        let l = makeLayer(CGRect(x: 10, y: 10, width: 60, height: 60), red, name: "group")
        l.opacity = 0.5
        l.addSublayer(makeLayer(CGRect(x: 20, y: 20, width: 60, height: 60), blue, name: "inner"))
        root.addSublayer(l)
        let renderer = CAImageRenderer(size: CGSize(width: 100, height: 100))
        let list = renderer.drawList(for: root, into: Surface(width: 100, height: 100))
        #expect(list.entries.map { "\($0.label.layer).\($0.label.part)" } == ["group.group"])
        if case .composite(_, let opacity, _) = list.entries.first?.operation { #expect(opacity == 0.5) } else {
            Issue.record("expected a composite")
        }
    }
}
