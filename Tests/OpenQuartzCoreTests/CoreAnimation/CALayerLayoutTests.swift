import Foundation
import Testing
import OpenQuartzCore

/// A layer that records its layouts in a shared log.
final class LoggingLayer: CALayer {
    var log: Log?
    var onLayout: ((LoggingLayer) -> Void)?
    final class Log { var entries: [String] = [] }

    init(_ name: String, _ log: Log) {
        super.init()
        self.name = name
        self.log = log
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSublayers() {
        super.layoutSublayers()
        log?.entries.append(name ?? "?")
        onLayout?(self)
    }
}

/// A delegate that lays out its layer, as a UIView does.
final class LayoutDelegate: NSObject, CALayerDelegate {
    var calls = 0
    func layoutSublayers(of layer: CALayer) {
        calls += 1
        layer.sublayers?.first?.frame = layer.bounds.insetBy(dx: 10, dy: 10)
    }
}

/// Layout as Core Animation runs it: marked layers are laid out before rendering, parents
/// before children, once per pass, only when marked (Apple: `setNeedsLayout()` is called "when
/// the layer's bounds change or when sublayers are added or removed").
@Suite struct CALayerLayoutTests {
    /// root ─ a ─ a1, a2; root ─ b. Every layer marked.
    func tree(_ log: LoggingLayer.Log) -> (root: LoggingLayer, a: LoggingLayer, a1: LoggingLayer, a2: LoggingLayer, b: LoggingLayer) {
        let root = LoggingLayer("root", log), a = LoggingLayer("a", log), b = LoggingLayer("b", log)
        let a1 = LoggingLayer("a1", log), a2 = LoggingLayer("a2", log)
        a.sublayers = [a1, a2]
        root.sublayers = [a, b]
        for l in [root, a, a1, a2, b] { l.setNeedsLayout() }
        return (root, a, a1, a2, b)
    }

    @Test func passIsTopDownOncePerLayer() {
        let log = LoggingLayer.Log()
        let t = tree(log)
        #expect(t.a1.needsLayout())
        t.root.layoutIfNeeded()
        #expect(log.entries == ["root", "a", "a1", "a2", "b"])
        #expect([t.root, t.a, t.a1, t.a2, t.b].allSatisfy { !$0.needsLayout() })
        // Nothing marked: nothing laid out.
        t.root.layoutIfNeeded()
        #expect(log.entries.count == 5)
    }

    @Test func onlyMarkedLayersAreLaidOut() {
        let log = LoggingLayer.Log()
        let t = tree(log)
        t.root.layoutIfNeeded()
        log.entries = []
        t.a2.setNeedsLayout()
        t.root.layoutIfNeeded()
        #expect(log.entries == ["a2"])
    }

    /// A parent's layout that resizes a child is seen by that child in the same pass.
    @Test func parentLayoutMarksChildrenForTheSamePass() {
        let log = LoggingLayer.Log()
        let parent = LoggingLayer("parent", log), child = LoggingLayer("child", log)
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        log.entries = []
        parent.onLayout = { p in p.sublayers?.first?.bounds.size = p.bounds.size }
        parent.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(parent.needsLayout() && !child.needsLayout())
        parent.layoutIfNeeded()
        #expect(log.entries == ["parent", "child"])
        #expect(child.bounds.size == CGSize(width: 50, height: 50))
    }

    /// A layout that marks its own layer again waits for the next pass (no loop in a frame).
    @Test func relayoutWaitsForTheNextPass() {
        let log = LoggingLayer.Log()
        let l = LoggingLayer("l", log)
        l.onLayout = { $0.setNeedsLayout() }
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(log.entries == ["l"])
        #expect(l.needsLayout())
    }

    @Test func whatMarksLayout() {
        let log = LoggingLayer.Log()
        let l = LoggingLayer("l", log)
        l.layoutIfNeeded()
        #expect(!l.needsLayout())
        l.bounds.size = CGSize(width: 10, height: 10)
        #expect(l.needsLayout())                      // size change
        l.layoutIfNeeded()
        l.bounds.origin = CGPoint(x: 5, y: 5)
        l.position = CGPoint(x: 3, y: 4)
        l.backgroundColor = CGColor(gray: 0, alpha: 1)
        #expect(!l.needsLayout())                     // origin, position, style: no
        l.bounds.size = CGSize(width: 10, height: 10)
        #expect(!l.needsLayout())                     // the same size: no
        let child = CALayer()
        l.addSublayer(child)
        #expect(l.needsLayout())                      // a sublayer added
        l.layoutIfNeeded()
        child.removeFromSuperlayer()
        #expect(l.needsLayout())                      // a sublayer removed
    }

    /// `layoutIfNeeded()` on a child lays out the marked ancestors above it first (Apple's
    /// discussion), then the child.
    @Test func layoutIfNeededStartsAtTheTopmostMarkedAncestor() {
        let log = LoggingLayer.Log()
        let t = tree(log)
        t.root.layoutIfNeeded()
        log.entries = []
        t.a.setNeedsLayout()
        t.a1.setNeedsLayout()
        t.a1.layoutIfNeeded()
        #expect(log.entries == ["a", "a1"])
    }

    /// The default `layoutSublayers()` asks the delegate, and the renderer runs the pass before
    /// it snapshots: the delegate's frame is what is drawn.
    @Test func rendererRunsTheDelegatesLayout() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        let delegate = LayoutDelegate()
        root.delegate = delegate
        let child = CALayer()
        child.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(child)
        let r = Rendered(root, width: 60, height: 60)
        #expect(delegate.calls == 1)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 40, height: 40))
        #expect(r.at(30, 30).a == 255 && r.at(5, 5).a == 0)
        _ = Rendered(root, width: 60, height: 60)
        #expect(delegate.calls == 1)
    }

    /// The default preferred size is the bounds mapped into the superlayer: the frame's size.
    @Test func preferredFrameSizeIsTheFramesSize() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(l.preferredFrameSize() == CGSize(width: 30, height: 20))
        l.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(l.preferredFrameSize() == CGSize(width: 60, height: 60))
    }
}
