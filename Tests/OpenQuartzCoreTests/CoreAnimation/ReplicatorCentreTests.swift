import Foundation
import Testing
import OpenQuartzCore

/// `instanceTransform` is applied relative to the centre of the replicator (CAReplicatorLayer.h:
/// "The matrix is applied relative to the center of this layer"), not its origin.
@Suite struct ReplicatorCentreTests {
    /// A ten-dot spinner: a 10 × 10 dot at the top centre of a 100 × 100 replicator, ten
    /// instances 36° apart, draws a ring of dots around the replicator's centre. Row-vector
    /// rotation turns (0, −40) about the centre into (40 sin θ, −40 cos θ), so dot k is centred
    /// at (50 + 40 sin 36k°, 50 − 40 cos 36k°). Tolerance: the dot centres are fully covered
    /// (alpha 255) and the centre and corners stay empty.
    @Test func tenDotSpinnerDrawsARing() {
        let root = makeRoot(100, 100)
        let spinner = CAReplicatorLayer()
        spinner.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        spinner.instanceCount = 10
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / 10, 0, 0, 1)
        let dot = makeLayer(CGRect(x: 45, y: 5, width: 10, height: 10), black)
        spinner.addSublayer(dot)
        root.addSublayer(spinner)
        let r = Rendered(root, width: 100, height: 100)
        for k in 0..<10 {
            let a = Double(k) * 2 * .pi / 10
            let x = 50 + 40 * sin(a), y = 50 - 40 * cos(a)
            #expect(r.at(CGFloat(x), CGFloat(y)).a == 255, "dot \(k) at (\(x), \(y))")
        }
        #expect(r.at(50, 50).a == 0)
        #expect(r.at(2, 2).a == 0 && r.at(97, 97).a == 0)
    }

    /// The pivot is the centre of `bounds`, not the anchor point nor the bounds origin: a
    /// replicator anchored at its top-left corner with bounds (−30, −30, 100, 100) turns its
    /// copies about (20, 20) of its own space, canvas (100, 100).
    @Test func pivotIsTheCentreOfTheBounds() {
        let root = makeRoot(200, 200)
        let rep = CAReplicatorLayer()
        rep.anchorPoint = .zero
        rep.bounds = CGRect(x: -30, y: -30, width: 100, height: 100)
        rep.position = CGPoint(x: 50, y: 50)          // bounds (x, y) lands on canvas (x + 80, y + 80)
        rep.instanceCount = 2
        rep.instanceTransform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        rep.addSublayer(makeLayer(CGRect(x: 40, y: 15, width: 20, height: 10), black))   // right of centre
        root.addSublayer(rep)
        let r = Rendered(root, width: 200, height: 200)
        #expect(r.at(130, 100).a == 255)             // the original
        #expect(r.at(70, 100).a == 255)              // the copy, half a turn about (100, 100)
        #expect(r.at(100, 100).a == 0)
        #expect(r.at(30, 60).a == 0)                 // where a turn about the bounds origin puts it
    }
}
