import Foundation
import Raster
import Testing
import OpenQuartzCore

/// A 60 × 20 canvas whose root holds `layer` (40 × 20 at x = 10, red unless given a colour),
/// committed by a timed render at media time 0, as an app's first frame commits its tree.
struct TransitionStage {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let root = CALayer()
    let layer: CALayer
    let renderer = CAImageRenderer(size: CGSize(width: 60, height: 20), scale: 1)

    init(_ layer: CALayer = CALayer(), frame: CGRect = CGRect(x: 10, y: 0, width: 40, height: 20), commit: Bool = true) {
        self.layer = layer
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 20)
        root.position = CGPoint(x: 30, y: 10)
        layer.frame = frame
        if layer.backgroundColor == nil { layer.backgroundColor = Self.red }
        if commit { root.addSublayer(layer) }
        CATransaction.flush()
        _ = self.frame(at: 0)
    }

    /// The frame at media time `t`.
    func frame(at t: CFTimeInterval) -> Surface {
        let s = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        renderer.render(root, into: s, atTime: t)
        return s
    }

    /// A transition of `type`/`subtype` lasting 1 s, linear unless told.
    static func transition(_ type: CATransitionType = .fade, _ subtype: CATransitionSubtype? = nil,
                           timing: CAMediaTimingFunctionName? = nil) -> CATransition {
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        if let timing { t.timingFunction = CAMediaTimingFunction(name: timing) }
        return t
    }

    /// Adds `t` and turns the layer blue in one transaction without implicit animations, then
    /// renders the commit frame at media time 1 (where the transition begins).
    func turnBlue(with t: CATransition) {
        CATransaction.setDisableActions(true)
        layer.add(t, forKey: kCATransition)
        layer.backgroundColor = Self.blue
        _ = frame(at: 1)
    }
}

/// The premultiplied RGBA of a pixel, 0…255 each.
func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [Int] {
    let p = s.pixel(x: x, y: y)
    return [Int(p & 0xFF), Int(p >> 8 & 0xFF), Int(p >> 16 & 0xFF), Int(p >> 24)]
}

/// Row `y` (or column `x`) as letters: R opaque red, B opaque blue, . transparent, ? other.
func letters(_ s: Surface, row y: Int) -> String { String((0..<s.width).map { letter(rgba(s, $0, y)) }) }
func letters(_ s: Surface, column x: Int) -> String { String((0..<s.height).map { letter(rgba(s, x, $0)) }) }
private func letter(_ c: [Int]) -> Character {
    if c[3] <= 2 { return "." }
    if c[3] >= 253 && c[0] >= 253 && c[2] <= 2 { return "R" }
    if c[3] >= 253 && c[2] >= 253 && c[0] <= 2 { return "B" }
    return "?"
}

func repeated(_ c: Character, _ n: Int) -> String { String(repeating: c, count: n) }

/// y(x) of a CSS/Core Animation cubic Bézier timing curve, solved by bisection (independent of
/// CAMediaTimingFunction's Newton solver).
func bezierProgress(_ x: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
    func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if b(mid, c1x, c2x) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, c1y, c2y)
}

final class CountingDelegate: NSObject, CAAnimationDelegate {
    var starts = 0
    var stops: [Bool] = []
    func animationDidStart(_ anim: CAAnimation) { starts += 1 }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

/// CATransition drawn: the old appearance (the last committed render of the layer) and the new
/// one, combined by type, subtype and progress. Expected pixels are worked out by hand from
/// the transition's documented geometry (docs/time.md "Transitions"); tolerances are stated.
@Suite struct CATransitionTests {
    typealias T = TransitionStage

    @Test func fadeIsALinearDissolve() {
        // Red (255, 0, 0) into blue at progress p: (255(1 − p), 0, 255p), opaque throughout.
        // Tolerance 1 per channel (8-bit rounding of the two weights).
        let st = T()
        st.turnBlue(with: T.transition())
        for p in [0.0, 0.25, 0.5, 0.8] {
            let c = rgba(st.frame(at: 1 + p), 30, 10)
            let want = [255 * (1 - p), 0, 255 * p, 255].map { Int($0.rounded()) }
            #expect(zip(c, want).allSatisfy { abs($0 - $1) <= 1 }, "p = \(p): \(c), want \(want)")
        }
        // Outside the layer nothing was ever drawn.
        #expect(rgba(st.frame(at: 1.5), 5, 10) == [0, 0, 0, 0])
    }

    @Test func pushFromLeftMovesBothOneWidthToTheRight() {
        // At p = 0.25 the new (blue) picture is at −40·0.75 = −30 in the layer, the old (red)
        // at +40·0.25 = +10: blue covers canvas x < 20 (also left of the layer, which does not
        // clip), red 20…59. A nil subtype moves as fromLeft (Apple's CATransition overview).
        for subtype in [CATransitionSubtype.fromLeft, nil] {
            let st = T()
            st.turnBlue(with: T.transition(.push, subtype))
            #expect(letters(st.frame(at: 1.25), row: 10) == repeated("B", 20) + repeated("R", 40), "\(String(describing: subtype))")
            #expect(letters(st.frame(at: 1.75), row: 10) == repeated("B", 40) + repeated("R", 20))
        }
    }

    @Test func pushFromRightMovesLeft() {
        // p = 0.25: old at −10 (canvas 0…39), new at +30 (canvas 40…79, cut by the canvas).
        let st = T()
        st.turnBlue(with: T.transition(.push, .fromRight))
        #expect(letters(st.frame(at: 1.25), row: 10) == repeated("R", 40) + repeated("B", 20))
    }

    @Test func pushEdgeFollowsTheTimingFunction() {
        // easeInEaseOut (0.42, 0, 0.58, 1) at time fraction 0.3, solved by bisection: the edge
        // between new and old lies at canvas x = 10 + 40p. Pixels wholly left of it are blue,
        // wholly right of it (up to the old picture's far edge, 40 further) red, and the edge
        // pixel holds the blue coverage 255·frac (±2).
        let p = bezierProgress(0.3, 0.42, 0, 0.58, 1)
        let edge = 10 + 40 * p
        let st = T()
        st.turnBlue(with: T.transition(.push, .fromLeft, timing: .easeInEaseOut))
        let s = st.frame(at: 1.3)
        let whole = Int(edge.rounded(.down))
        let row = Array(letters(s, row: 10))
        #expect(row[..<whole].allSatisfy { $0 == "B" } && row[(whole + 1)..<(whole + 40)].allSatisfy { $0 == "R" }, "edge \(edge): \(String(row))")
        #expect(abs(Double(rgba(s, whole, 10)[2]) - 255 * (edge - Double(whole))) <= 2)
    }

    @Test func verticalSubtypesAreNamedYUp() {
        // fromTop begins at the layer's maximum y (Core Animation's top, y up): with y down the
        // new picture rises from the bottom. p = 0.25 on a 20-point-tall layer: fromTop puts
        // the new picture at +15 (rows 15…19) and the old at −5 (rows 0…14); fromBottom the
        // new at −15 (rows 0…4) and the old at +5 (rows 5…19).
        let up = T()
        up.turnBlue(with: T.transition(.push, .fromTop))
        #expect(letters(up.frame(at: 1.25), column: 30) == repeated("R", 15) + repeated("B", 5))
        let down = T()
        down.turnBlue(with: T.transition(.push, .fromBottom))
        #expect(letters(down.frame(at: 1.25), column: 30) == repeated("B", 5) + repeated("R", 15))
    }

    @Test func moveInSlidesTheNewOverTheStillOld() {
        // p = 0.25: new at −30 over the old at 0: canvas 0…19 blue (10 of them left of the
        // layer), the old shows at 20…49, nothing right of the layer. With masksToBounds the
        // moving picture is cut to the layer's bounds.
        let st = T()
        st.turnBlue(with: T.transition(.moveIn, .fromLeft))
        #expect(letters(st.frame(at: 1.25), row: 10) == repeated("B", 20) + repeated("R", 30) + repeated(".", 10))
        let clipped = T()
        clipped.layer.masksToBounds = true
        clipped.turnBlue(with: T.transition(.moveIn, .fromLeft))
        #expect(letters(clipped.frame(at: 1.25), row: 10) == repeated(".", 10) + repeated("B", 10) + repeated("R", 30) + repeated(".", 10))
    }

    @Test func revealSlidesTheOldAwayOverTheStillNew() {
        // p = 0.25: the new picture stays (canvas 10…49), the old moves to +10 over it (canvas
        // 20…59): blue only at 10…19.
        let st = T()
        st.turnBlue(with: T.transition(.reveal, .fromLeft))
        #expect(letters(st.frame(at: 1.25), row: 10) == repeated(".", 10) + repeated("B", 10) + repeated("R", 40))
        // fromRight: the old moves left to −10 (canvas 0…39) over the new (40…49 shows).
        let right = T()
        right.turnBlue(with: T.transition(.reveal, .fromRight))
        #expect(letters(right.frame(at: 1.25), row: 10) == repeated("R", 40) + repeated("B", 10) + repeated(".", 10))
    }

    @Test func startAndEndProgressNarrowTheTransition() {
        // startProgress 0.5, endProgress 0.9: progress 0.5 + 0.4·f. A push fromLeft at time
        // fraction 0.25 is at progress 0.6: edge at canvas 10 + 24 = 34.
        let t = T.transition(.push, .fromLeft)
        t.startProgress = 0.5
        t.endProgress = 0.9
        let st = T()
        st.turnBlue(with: t)
        #expect(letters(st.frame(at: 1), row: 10) == repeated("B", 30) + repeated("R", 30))
        #expect(letters(st.frame(at: 1.25), row: 10) == repeated("B", 34) + repeated("R", 26))
        // At the end the transition is removed: the new state, no old picture.
        _ = st.frame(at: 2.5)
        #expect(letters(st.frame(at: 2.6), row: 10) == repeated(".", 10) + repeated("B", 40) + repeated(".", 10))
        #expect(st.layer.animation(forKey: kCATransition) == nil)
    }

    @Test func theTransitionMayBeAddedBeforeOrAfterTheChange() {
        // Either way the old appearance is the committed one (red) and the new the layer now.
        let before = T()
        CATransaction.setDisableActions(true)
        before.layer.add(T.transition(.push, .fromLeft), forKey: nil)
        before.layer.backgroundColor = T.blue
        let after = T()
        CATransaction.setDisableActions(true)
        after.layer.backgroundColor = T.blue
        after.layer.add(T.transition(.push, .fromLeft), forKey: nil)
        for st in [before, after] {
            _ = st.frame(at: 1)
            #expect(letters(st.frame(at: 1.5), row: 10) == repeated("B", 30) + repeated("R", 30))
        }
    }

    @Test func aSublayerAddedFadesInAndOneRemovedFadesOut() {
        // The transition is on a clear container; a red sublayer fills its left half. Adding a
        // blue one on the right under a fade: at p the right half is blue at alpha p
        // (premultiplied (0, 0, 255p, 255p)), the left stays red (red·(1 − p) + red·p).
        let container = CALayer()
        container.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        let left = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        left.backgroundColor = T.red
        container.addSublayer(left)
        let st = T(container)
        CATransaction.setDisableActions(true)
        let right = CALayer()
        right.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
        right.backgroundColor = T.blue
        container.add(T.transition(), forKey: kCATransition)
        container.addSublayer(right)
        _ = st.frame(at: 1)
        let s = st.frame(at: 1.3)
        #expect(zip(rgba(s, 40, 10), [0, 0, 77, 77]).allSatisfy { abs($0 - $1) <= 1 }, "\(rgba(s, 40, 10))")
        #expect(zip(rgba(s, 15, 10), [255, 0, 0, 255]).allSatisfy { abs($0 - $1) <= 1 })
        // Removing the red one under a push fromRight: at p = 0.5 the old picture (red left
        // half, blue right half) is at −20, the new (blue right half only) at +20.
        _ = st.frame(at: 3)
        CATransaction.setDisableActions(true)
        container.add(T.transition(.push, .fromRight), forKey: kCATransition)
        left.removeFromSuperlayer()
        _ = st.frame(at: 4)
        // Old: red at canvas −10…9, blue 10…29; new: blue at canvas 50…69.
        #expect(letters(st.frame(at: 4.5), row: 10) == repeated("R", 10) + repeated("B", 20) + repeated(".", 20) + repeated("B", 10))
    }

    @Test func layersHiddenAndShownInTheTransactionLeaveAndEnter() {
        // Apple's "Animating a transition between two views" recipe: the same push fromRight
        // added to two layers, one hidden and the other shown. At p = 0.5 the one hidden (red)
        // has left by 20 points to the left, the one shown (blue) entered 20 points.
        let red = CALayer(), blue = CALayer()
        red.backgroundColor = T.red
        blue.backgroundColor = T.blue
        let st = T(red)
        CATransaction.setDisableActions(true)
        blue.frame = red.frame
        blue.isHidden = true
        st.root.addSublayer(blue)
        _ = st.frame(at: 0.5)
        CATransaction.setDisableActions(true)
        let t = T.transition(.push, .fromRight)
        red.add(t, forKey: "transition")
        blue.add(t, forKey: "transition")
        red.isHidden = true
        blue.isHidden = false
        _ = st.frame(at: 1)
        #expect(letters(st.frame(at: 1.5), row: 10) == repeated(".", 0) + repeated("R", 30) + repeated("B", 30))
        _ = st.frame(at: 2.5)
        #expect(letters(st.frame(at: 2.6), row: 10) == repeated(".", 10) + repeated("B", 40) + repeated(".", 10))
    }

    @Test func aLayerNeverRenderedFadesInFromNothing() {
        // No timed render drew the layer: its old appearance is nothing. At p = 0.4 it shows
        // red at alpha 0.4 (premultiplied (102, 0, 0, 102), ±1).
        let st = T(commit: false)
        CATransaction.setDisableActions(true)
        st.layer.add(T.transition(), forKey: kCATransition)
        st.root.addSublayer(st.layer)
        _ = st.frame(at: 1)
        let c = rgba(st.frame(at: 1.4), 30, 10)
        #expect(zip(c, [102, 0, 0, 102]).allSatisfy { abs($0 - $1) <= 1 }, "\(c)")
    }

    @Test func delegateIsToldOnceAndTheTransitionIsRemoved() {
        let st = T()
        let d = CountingDelegate()
        let t = T.transition(.push, .fromLeft)
        t.delegate = d
        st.turnBlue(with: t)
        for time in stride(from: 1.1, through: 3, by: 0.3) { _ = st.frame(at: time) }
        #expect(d.starts == 1 && d.stops == [true])
        #expect(st.layer.animationKeys() == nil || st.layer.animationKeys()?.isEmpty == true)
        #expect(letters(st.frame(at: 3.1), row: 10) == repeated(".", 10) + repeated("B", 40) + repeated(".", 10))
    }

    @Test func fillModesHoldTheEnds() {
        // Not removed, filling forwards, ending at 0.5: after its end a push stays half-way.
        let held = T.transition(.push, .fromLeft)
        held.endProgress = 0.5
        held.fillMode = .forwards
        held.isRemovedOnCompletion = false
        let st = T()
        st.turnBlue(with: held)
        #expect(letters(st.frame(at: 5), row: 10) == repeated("B", 30) + repeated("R", 30))
        // Beginning later (beginTime 3 in the layer's time): before it the new state shows
        // unless the transition fills backwards, which shows progress 0: the old picture, and
        // the new one just left of it (nothing clips it).
        let removed = repeated(".", 10) + repeated("B", 40) + repeated(".", 10)
        let backwards = repeated("B", 10) + repeated("R", 40) + repeated(".", 10)
        for (fill, want) in [(CAMediaTimingFillMode.removed, removed), (.backwards, backwards)] {
            let late = T.transition(.push, .fromLeft)
            late.beginTime = 3
            late.fillMode = fill
            let s = T()
            s.turnBlue(with: late)
            #expect(letters(s.frame(at: 2), row: 10) == want, "\(fill.rawValue)")
            #expect(letters(s.frame(at: 3.25), row: 10) == repeated("B", 20) + repeated("R", 40))
        }
    }

    @Test func aTransitionInterruptedByAnotherStartsFromTheCommittedModel() {
        // A second push added half-way through the first takes the committed model (the layer
        // all blue, as the first transaction left it) as its old appearance, not the frame
        // shown then, which would depend on which frame was rendered last (docs/time.md).
        let st = T()
        st.turnBlue(with: T.transition(.push, .fromLeft))
        _ = st.frame(at: 1.5)
        CATransaction.setDisableActions(true)
        st.layer.add(T.transition(.push, .fromLeft), forKey: kCATransition)
        st.layer.backgroundColor = T.red
        _ = st.frame(at: 2)
        // At p = 0.25: the new (red) at −30 (canvas −20…19) beside the blue layer at +10
        // (canvas 20…59).
        let row = letters(st.frame(at: 2.25), row: 10)
        #expect(row == repeated("R", 20) + repeated("B", 40), "\(row)")
    }

    @Test func theMotionIsInTheLayersOwnSpace() {
        // A 20-point square at canvas x 20…39, turned a quarter (its +x is the canvas's +y): a
        // push fromLeft moves along the layer's x, so down the canvas. p = 0.25: the new
        // picture at layer x −15 (canvas rows −15…4), the old at +5 (rows 5…24).
        let square = CALayer()
        let st = T(square, frame: CGRect(x: 20, y: 0, width: 20, height: 20))
        CATransaction.setDisableActions(true)
        square.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        _ = st.frame(at: 0.5)
        st.turnBlue(with: T.transition(.push, .fromLeft))
        #expect(letters(st.frame(at: 1.25), column: 30) == repeated("B", 5) + repeated("R", 15))
        // Across the canvas nothing moved sideways: row 10 (old picture) is red in the square only.
        #expect(letters(st.frame(at: 1.25), row: 10) == repeated(".", 20) + repeated("R", 20) + repeated(".", 20))
    }

    @Test func motionTableMatchesTheDefinition() {
        let size = CGSize(width: 40, height: 20)
        #expect(TransitionMotion(type: .moveIn, subtype: .fromTop, progress: 0.25, size: size)
            == TransitionMotion(before: .zero, after: CGPoint(x: 0, y: 15), beforeOnTop: false, dissolve: nil))
        #expect(TransitionMotion(type: .reveal, subtype: .fromBottom, progress: 0.5, size: size)
            == TransitionMotion(before: CGPoint(x: 0, y: 10), after: .zero, beforeOnTop: true, dissolve: nil))
        #expect(TransitionMotion(type: CATransitionType(rawValue: "cube"), subtype: nil, progress: .nan, size: size).dissolve == 0)
        #expect(TransitionMotion(type: .push, subtype: CATransitionSubtype("sideways"), progress: 1, size: size)
            == TransitionMotion(before: CGPoint(x: 40, y: 0), after: .zero, beforeOnTop: false, dissolve: nil))
    }
}
