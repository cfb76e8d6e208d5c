import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Applidium's ADTransitioningController, ADDualTransition.m (`finishInit`,
/// `reverseTransition`, `startTransitionFromView:toView:inside:`): a pop is the push's two
/// animations swapped between the views and played at speed −1. On iOS the popped view slides
/// back out the way it came in; it can only do so if an animation at speed −1 plays from its
/// end to its start over its duration. Rendered at several times.
@Suite struct PortedReverseTransitionTests {
    @Test func reversedPushSlidesBack() {
        let root = makeRoot(200, 20)
        let renderer = CAImageRenderer(size: CGSize(width: 200, height: 20))
        let viewOut = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let viewIn = makeLayer(CGRect(x: 100, y: 0, width: 100, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(viewOut)
        root.addSublayer(viewIn)
        _ = renderer.image(for: root, atTime: 0)

        // The push (a slide, as ADSlideTransition's in and out animations move the views by
        // one width): the in view enters from the right, the out view leaves to the left.
        let push = CABasicAnimation(keyPath: "position.x")
        push.fromValue = 250; push.toValue = 150; push.duration = 0.5
        let leave = CABasicAnimation(keyPath: "position.x")
        leave.fromValue = 50; leave.toValue = -50; leave.duration = 0.5
        // --- ported code (finishInit, reverseTransition, startTransition…) ---
        var inAnimation: CAAnimation = push, outAnimation: CAAnimation = leave
        for a in [inAnimation, outAnimation] { a.fillMode = kCAFillModeForwards; a.isRemovedOnCompletion = false }
        let inAnimationCopy = inAnimation.copy() as! CAAnimation
        let outAnimationCopy = outAnimation.copy() as! CAAnimation
        inAnimation = outAnimationCopy                                    // swapped
        outAnimation = inAnimationCopy
        inAnimation.speed = -1.0 * inAnimation.speed
        outAnimation.speed = -1.0 * outAnimation.speed
        // (ADTransition's `inverseFunction` of the timing function: none here, linear.)
        viewOut.add(inAnimation, forKey: "ADTransitionAnimationKey")      // the pop: viewOut comes back in
        viewIn.add(outAnimation, forKey: "ADTransitionAnimationKey")      // viewIn goes back out
        // --- end of ported code ---
        let begin = 3.0
        _ = renderer.image(for: root, atTime: begin)                      // the commit
        let surface = Surface(width: 200, height: 20)
        for t in [0.0, 0.1, 0.25, 0.4] {
            renderer.render(root, into: surface, atTime: begin + t)
            // Played backwards: viewOut's centre runs −50 → 50, viewIn's 150 → 250.
            let outCentre = -50 + 100 * t / 0.5, inCentre = 150 + 100 * t / 0.5
            #expect(close(Double(viewOut.presentation()!.position.x), outCentre, tol: 1e-9), "at \(t)")
            #expect(close(Double(viewIn.presentation()!.position.x), inCentre, tol: 1e-9), "at \(t)")
            // Pixels: blue up to viewOut's right edge, red from viewIn's left edge on.
            let blueEdge = outCentre + 50, redEdge = inCentre - 50
            for x in stride(from: 0, to: 200, by: 7) {
                let p = surface.pixel(x: x, y: 10)
                let red = p & 0xFF, blue = (p >> 16) & 0xFF
                let cx = Double(x) + 0.5
                if cx < blueEdge - 1 { #expect(blue == 255 && red == 0, "at \(t), x \(x)") }
                if cx > blueEdge + 1 && cx < redEdge - 1 { #expect(p >> 24 == 0, "at \(t), x \(x)") }
                if cx > redEdge + 1 { #expect(red == 255 && blue == 0, "at \(t), x \(x)") }
            }
        }
    }
}
