import Foundation
import Testing
import Raster
import OpenQuartzCore

/// The snapshotter reuses the render nodes of unchanged layers between frames. Reuse must never
/// show a stale picture: after each change below, a renderer that has drawn every earlier frame
/// gives exactly the pixels of a fresh renderer, and the nodes of untouched subtrees are the
/// very objects of the frame before.
@Suite struct SnapshotReuseTests {
    /// A card with a header, a clipped group with a mask, and a few plain layers.
    static func tree() -> (root: CALayer, card: CALayer, header: CALayer, group: CALayer, dot: CALayer, other: CALayer) {
        let root = makeRoot(120, 90)
        let card = makeLayer(CGRect(x: 10, y: 10, width: 60, height: 50), white, name: "card")
        card.cornerRadius = 6
        card.shadowOpacity = 0.5
        let header = makeLayer(CGRect(x: 0, y: 0, width: 60, height: 12), red, name: "header")
        let group = makeLayer(CGRect(x: 5, y: 15, width: 40, height: 30), nil, name: "group")
        group.masksToBounds = true
        let dot = makeLayer(CGRect(x: 10, y: 5, width: 12, height: 12), blue, name: "dot")
        dot.cornerRadius = 6
        group.addSublayer(dot)
        let mask = makeLayer(CGRect(x: 0, y: 0, width: 30, height: 30), black)
        mask.cornerRadius = 15
        group.mask = mask
        card.addSublayer(header)
        card.addSublayer(group)
        let other = makeLayer(CGRect(x: 75, y: 20, width: 30, height: 40), blue, name: "other")
        root.addSublayer(card)
        root.addSublayer(other)
        return (root, card, header, group, dot, other)
    }

    func expectSameAsFresh(_ root: CALayer, _ renderer: CAImageRenderer, _ what: String) {
        let reused = Rendered(root, width: 120, height: 90, renderer: renderer)
        let fresh = Rendered(root, width: 120, height: 90)
        var differing = 0
        for y in 0..<90 { for x in 0..<120 where reused.surface.pixel(x: x, y: y) != fresh.surface.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "after \(what): \(differing) pixels differ from a fresh render")
    }

    @Test func everyChangeShowsInTheNextFrame() {
        let t = Self.tree()
        let renderer = CAImageRenderer(size: CGSize(width: 120, height: 90))
        expectSameAsFresh(t.root, renderer, "the first frame")
        let changes: [(String, () -> Void)] = [
            ("a leaf's colour", { t.dot.backgroundColor = red }),
            ("a parent's sublayerTransform", { t.card.sublayerTransform = CATransform3DMakeTranslation(4, 3, 0) }),
            ("hiding a layer", { t.header.isHidden = true }),
            ("showing it again", { t.header.isHidden = false }),
            ("reordering sublayers", { t.card.insertSublayer(t.group, at: 0) }),
            ("giving the mask a sublayer", { t.group.mask?.addSublayer(makeLayer(CGRect(x: 28, y: 0, width: 12, height: 30), black)) }),
            ("moving the mask's sublayer", { t.group.mask?.sublayers?.first?.position.x -= 9 }),
            ("a deep leaf set to its own colour", { t.dot.backgroundColor = t.dot.backgroundColor }),
            ("the deep leaf's corner", { t.dot.cornerRadius = 2 }),
            ("moving the mask", { t.group.mask?.position = CGPoint(x: 25, y: 20) }),
            ("replacing the mask", { t.group.mask = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 30), black) }),
            ("removing the mask", { t.group.mask = nil }),
            ("removing a layer", { t.other.removeFromSuperlayer() }),
            ("adding it back", { t.root.addSublayer(t.other) }),
            ("moving a grandparent", { t.card.position = CGPoint(x: 50, y: 45) }),
            ("a geometry flip", { t.card.isGeometryFlipped = true }),
            ("nothing", {}),
        ]
        for (what, change) in changes {
            change()
            expectSameAsFresh(t.root, renderer, what)
        }
    }

    @Test func unchangedSubtreesAreTheSameNodes() throws {
        let t = Self.tree()
        let snapshotter = Snapshotter()
        let first = try #require(snapshotter.snapshot(t.root, parent: nil))
        let again = try #require(snapshotter.snapshot(t.root, parent: nil))
        #expect(first === again)
        t.dot.backgroundColor = red
        let changed = try #require(snapshotter.snapshot(t.root, parent: nil))
        // The path from the root to the dot is new; the card's header and the other layer are not.
        #expect(changed !== again)
        let card = changed.sublayers[0], oldCard = again.sublayers[0]
        #expect(card !== oldCard)
        #expect(card.sublayers[0] === oldCard.sublayers[0]) // header
        #expect(card.sublayers[1] !== oldCard.sublayers[1]) // group, holding the dot
        #expect(card.sublayers[1].mask === oldCard.sublayers[1].mask)
        #expect(changed.sublayers[1] === again.sublayers[1]) // other
        #expect(card.sublayers[1].sublayers[0].background == Color(red))
    }

    /// A change counts in the layer's subtree counter and every ancestor's (through masks too),
    /// and nowhere else: the snapshot skips subtrees whose counter it has seen.
    @Test func changesCountUpTheTree() throws {
        let t = Self.tree()
        let mask = try #require(t.group.mask)
        let inMask = makeLayer(CGRect(x: 0, y: 0, width: 5, height: 5), black)
        mask.addSublayer(inMask)
        let before = [t.root, t.card, t.group, t.dot, t.header, t.other, mask].map(\.subtreeModificationCount)
        inMask.opacity = 0.5
        t.dot.opacity = 0.5
        let after = [t.root, t.card, t.group, t.dot, t.header, t.other, mask].map(\.subtreeModificationCount)
        #expect(zip(before, after).map { $1 &- $0 } == [2, 2, 2, 1, 0, 0, 1])
    }

    /// Long sublayer lists are snapshotted by several threads: changes in them still show.
    @Test func longListsSnapshottedInParallelShowChanges() {
        let root = makeRoot(200, 150)
        var cells: [CALayer] = []
        for i in 0..<(Snapshotter.parallelChildren + 100) {
            let l = makeLayer(CGRect(x: CGFloat(i % 80) * 2.5, y: CGFloat(i / 80) * 2.2, width: 2, height: 2),
                              CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: CGFloat(i % 5) / 5, alpha: 1))
            cells.append(l)
        }
        root.sublayers = cells
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 150), threads: 2)
        func same(_ what: String) {
            let a = Rendered(root, width: 200, height: 150, renderer: renderer)
            let b = Rendered(root, width: 200, height: 150)
            var differing = 0
            for y in 0..<150 { for x in 0..<200 where a.surface.pixel(x: x, y: y) != b.surface.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "after \(what): \(differing) pixels differ")
        }
        same("the first frame")
        same("nothing")
        cells[4000].backgroundColor = white
        cells[17].position = CGPoint(x: 100, y: 75)
        same("two changes")
        root.insertSublayer(makeLayer(CGRect(x: 0, y: 0, width: 30, height: 30), red), at: 10)
        same("an insertion")
        cells[99].isHidden = true
        same("hiding one")
    }
}
