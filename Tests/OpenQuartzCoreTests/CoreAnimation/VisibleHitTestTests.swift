import Testing
import Foundation
import OpenQuartzCore

/// The depth-correct hit test: what the user sees, unlike Core Animation's hitTest.
@Suite struct VisibleHitTestTests {
    /// The book's touch-event cube: a button on face 3. hitTest gives a face added later
    /// (hidden behind); the visible hit test gives the button.
    @Test func cubeButtonIsReachableByWhatIsSeen() {
        let root = CompositorChapter5Tests.cube(order: [0, 1, 2, 3, 4, 5], corner: true)
        let container = root.sublayers![0]
        let face3 = container.sublayers!.first { $0.name == "face3" }!
        let button = makeLayer(CGRect(x: 50, y: 75, width: 100, height: 50), white, name: "button")
        face3.addSublayer(button)
        let centre = button.convert(CGPoint(x: 50, y: 25), to: nil)
        #expect(centre.x.isFinite && centre.y.isFinite)
        let classic = root.hitTest(centre)
        #expect(classic?.name == "face5" || classic?.name == "face6" || classic?.name == "face4")
        #expect(root.visibleLayer(at: centre) === button)
        // A point on face 1 far from the button.
        let onFace1 = container.sublayers![0].convert(CGPoint(x: 100, y: 100), to: nil)
        #expect(root.visibleLayer(at: onFace1)?.name == "face1")
    }

    @Test func backFacesHiddenLayersAndClippedAreasAreSkipped() {
        let root = makeRoot(300, 200)
        let back = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 100), blue, name: "back")
        let front = makeLayer(CGRect(x: 50, y: 50, width: 200, height: 100), red, name: "front")
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        front.transform = CATransform3DRotate(t, .pi, 0, 1, 0)
        front.isDoubleSided = false
        root.addSublayer(back)
        root.addSublayer(front)
        #expect(root.hitTest(CGPoint(x: 150, y: 100)) === front)        // Core Animation's answer
        #expect(root.visibleLayer(at: CGPoint(x: 150, y: 100)) === back) // culled: not seen
        front.isDoubleSided = true
        #expect(root.visibleLayer(at: CGPoint(x: 150, y: 100)) === front)
        front.isHidden = true
        #expect(root.visibleLayer(at: CGPoint(x: 150, y: 100)) === back)

        let clip = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), nil, name: "clip")
        clip.masksToBounds = true
        let wide = makeLayer(CGRect(x: 0, y: 0, width: 300, height: 20), red, name: "wide")
        clip.addSublayer(wide)
        root.addSublayer(clip)
        #expect(root.hitTest(CGPoint(x: 200, y: 10)) === root)
        #expect(root.visibleLayer(at: CGPoint(x: 200, y: 10)) == nil)
        #expect(root.visibleLayer(at: CGPoint(x: 50, y: 10)) === wide)
    }
}
