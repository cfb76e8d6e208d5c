import Foundation
import Testing
import OpenQuartzCore

/// Counts how often the display pass asks whether it needs display, and its draws.
final class CountingDisplayLayer: CALayer {
    var asked = 0
    var draws = 0
    override func needsDisplay() -> Bool {
        asked += 1
        return super.needsDisplay()
    }
    override func draw(in ctx: CGContext) { draws += 1 }
}

/// Sets its contents itself in `display()`, as layers that skip `draw(in:)` do.
final class SelfDisplayingLayer: CALayer {
    var displays = 0
    override func display() {
        displays += 1
        contents = CGImage(width: 1, height: 1, rgba: [0, 0, 255, 255])
    }
}

/// The display pass visits only branches that may need display (a clean tree costs one
/// comparison), and the display properties travel with `init(layer:)` and archiving.
@Suite struct DisplayPassTests {
    /// A root with `fanout` children of `fanout` children each, every layer 10 × 10.
    static func tree(_ fanout: Int) -> (CountingDisplayLayer, [CountingDisplayLayer]) {
        let root = CountingDisplayLayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        var all = [root]
        for _ in 0..<fanout {
            let mid = CountingDisplayLayer()
            mid.bounds = root.bounds
            root.addSublayer(mid)
            all.append(mid)
            for _ in 0..<fanout {
                let leaf = CountingDisplayLayer()
                leaf.bounds = root.bounds
                mid.addSublayer(leaf)
                all.append(leaf)
            }
        }
        return (root, all)
    }

    static func resetCounts(_ all: [CountingDisplayLayer]) { for l in all { l.asked = 0; l.draws = 0 } }

    @Test func cleanTreeIsNotWalked() {
        let (root, all) = Self.tree(4)
        displayLayerTree(root)
        Self.resetCounts(all)
        displayLayerTree(root)
        displayLayerTree(root)
        #expect(all.allSatisfy { $0.asked == 0 && $0.draws == 0 })
    }

    @Test func markedLeafIsReachedAlone() {
        let (root, all) = Self.tree(4)
        displayLayerTree(root)
        Self.resetCounts(all)
        let mid = all[1], leaf = all[2], sibling = all[3], otherBranch = all[6]
        leaf.setNeedsDisplay()
        displayLayerTree(root)
        #expect(leaf.draws == 1)
        // Only the path to the leaf is visited: its siblings and the other branches are skipped.
        #expect(root.asked > 0 && mid.asked > 0)
        #expect(sibling.asked == 0 && otherBranch.asked == 0)
        #expect(all.reduce(0) { $0 + $1.draws } == 1)
        Self.resetCounts(all)
        displayLayerTree(root)
        #expect(all.allSatisfy { $0.asked == 0 })
    }

    @Test func layerMarkedBeforeJoiningIsDisplayed() {
        let (root, all) = Self.tree(2)
        displayLayerTree(root)
        let newcomer = CountingDisplayLayer()
        newcomer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        newcomer.setNeedsDisplay()
        all[2].addSublayer(newcomer)
        displayLayerTree(root)
        #expect(newcomer.draws == 1)
    }

    @Test func maskAndBoundsChangeAreSeen() {
        let (root, all) = Self.tree(2)
        let mask = CountingDisplayLayer()
        mask.bounds = root.bounds
        all[1].mask = mask
        displayLayerTree(root)
        mask.setNeedsDisplay()
        displayLayerTree(root)
        #expect(mask.draws == 1)
        let leaf = all[2]
        leaf.needsDisplayOnBoundsChange = true
        leaf.setNeedsDisplay()
        displayLayerTree(root)
        #expect(leaf.draws == 1)
        leaf.bounds = CGRect(x: 0, y: 0, width: 12, height: 10)
        displayLayerTree(root)
        #expect(leaf.draws == 2)
        displayLayerTree(root)
        #expect(leaf.draws == 2)
    }

    @Test func overriddenDisplayRunsOncePerMark() {
        let layer = SelfDisplayingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        displayLayerTree(layer)
        displayLayerTree(layer)
        #expect(layer.displays == 1 && !layer.needsDisplay())
        layer.setNeedsDisplay()
        displayLayerTree(layer)
        #expect(layer.displays == 2)
    }

    @Test func initLayerCopiesDisplayProperties() {
        let l = CALayer()
        l.needsDisplayOnBoundsChange = true
        l.isOpaque = true
        l.drawsAsynchronously = true
        l.contentsScale = 3
        l.setNeedsDisplay()
        let copy = CALayer(layer: l)
        #expect(copy.needsDisplayOnBoundsChange && copy.isOpaque && copy.drawsAsynchronously)
        #expect(copy.contentsScale == 3)
        // The mark is the model's: a copy is drawn only when asked.
        #expect(!copy.needsDisplay())
        let plain = CALayer(layer: CALayer())
        #expect(!plain.needsDisplayOnBoundsChange && !plain.isOpaque && !plain.drawsAsynchronously)
    }

    @Test func archivingCarriesDisplayProperties() throws {
        let l = CALayer()
        l.needsDisplayOnBoundsChange = true
        l.isOpaque = true
        l.drawsAsynchronously = true
        l.contentsScale = 2
        let data = try NSKeyedArchiver.archivedData(withRootObject: l, requiringSecureCoding: true)
        let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data))
        #expect(back.needsDisplayOnBoundsChange && back.isOpaque && back.drawsAsynchronously)
        #expect(back.contentsScale == 2)
        let plainData = try NSKeyedArchiver.archivedData(withRootObject: CALayer(), requiringSecureCoding: true)
        let plain = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: plainData))
        #expect(!plain.needsDisplayOnBoundsChange && !plain.isOpaque && !plain.drawsAsynchronously)
    }
}
