import Foundation
import Raster
import Testing
import OpenQuartzCore

// Public iOS code that uses CATransition, compiled unchanged against stand-ins for the UIKit
// it touches (UIKitStandIn.swift, and the two classes below), and rendered at several times.

/// UIKit's view controller, as far as the ported code uses it: a root view and viewDidLoad.
class UIViewController: NSObject {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 340, height: 180))
    func viewDidLoad() {}
}

/// UIKit's label, as far as the ported code uses it: its text drawn by a text layer filling
/// the view, and `clipsToBounds` true, UILabel's default (UIKit documents that UILabel changes
/// UIView's default to true), which keeps a pushed text inside the label.
class UILabel: UIView {
    let textLayer = CATextLayer()
    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.masksToBounds = true
        textLayer.frame = layer.bounds
        textLayer.fontSize = 16
        textLayer.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.addSublayer(textLayer)
    }
    var text: String? {
        get { textLayer.string as? String }
        set { textLayer.string = newValue }
    }
}

// MARK: Apple's CATransition overview (developer.apple.com/documentation/quartzcore/catransition),
// the listing verbatim in a view controller.

final class TransitionOverviewController: UIViewController {
    let transitioningLayer = CATextLayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        transitioningLayer.frame = CGRect(x: 10, y: 10,
                                          width: 320, height: 160)

        view.layer.addSublayer(transitioningLayer)

        // Initial "red" state
        transitioningLayer.backgroundColor = UIColor.red.cgColor
        transitioningLayer.string = "Red"
    }


    func runTransition() {
        let transition = CATransition()
        transition.duration = 2

        transition.type = kCATransitionPush

        transitioningLayer.add(transition,
                               forKey: "transition")

        // Transition to "blue" state
        transitioningLayer.backgroundColor = UIColor.blue.cgColor
        transitioningLayer.string = "Blue"
    }
}

// MARK: A UILabel extension changing its text with a push (public Swift code, iOS 12+ names).

extension UILabel {
    func setup(text: String, direction: CATransitionSubtype?, duration: TimeInterval) {
        if let direction {
            let animation = CATransition()
            animation.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeInEaseOut)
            animation.type = CATransitionType.push
            animation.subtype = direction
            animation.duration = duration
            layer.add(animation, forKey: "pushTextChange")
        }
        self.text = text
    }
}

// MARK: A museum app's transitions for setViewControllers (CATransition+animationType.swift).

extension CATransition {

    static var toBottom: CATransition {
        let caTransition = CATransition()
        caTransition.duration = 0.45
        caTransition.timingFunction = CAMediaTimingFunction(name: .easeOut)
        caTransition.type = .reveal
        caTransition.subtype = .fromBottom
        return caTransition
    }

    static var toTop: CATransition {
        let caTransition = CATransition()
        caTransition.duration = 0.25
        caTransition.timingFunction = CAMediaTimingFunction(name: .easeOut)
        caTransition.type = .moveIn
        caTransition.subtype = .fromTop
        return caTransition
    }

    static var systemDefault: CATransition {
        CATransition()
    }
}

// MARK: CA360's "Layer Transitions" sample (neror/CA360, LayerTransitions.m), translated from
// Objective-C line by line: a clear 240-point container holding a blue and a red layer of 75 %
// alpha, one hidden; each tap adds a transition to the container and swaps which one shows.

final class LayerTransitionsSample {
    let containerLayer = CALayer()
    let blueLayer = CALayer()
    let redLayer = CALayer()

    init() {
        containerLayer.addSublayer(blueLayer)
        containerLayer.addSublayer(redLayer)
    }

    func viewWillAppear() {
        let rect = CGRect(x: 0, y: 0, width: 240, height: 240)
        containerLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        containerLayer.bounds = rect
        containerLayer.position = CGPoint(x: 120, y: 120)
        redLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.75)
        redLayer.bounds = rect
        redLayer.position = CGPoint(x: 120, y: 120)
        redLayer.isHidden = true
        blueLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.75)
        blueLayer.bounds = rect
        blueLayer.position = CGPoint(x: 120, y: 120)
    }

    func toggleTransition(type: CATransitionType, subtype: CATransitionSubtype) {
        let transition = CATransition()
        transition.duration = 0.5
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        transition.type = type
        transition.subtype = subtype
        containerLayer.add(transition, forKey: nil)
        blueLayer.isHidden = !blueLayer.isHidden
        redLayer.isHidden = !redLayer.isHidden
    }
}

@Suite struct PortedTransitionTests {
    @Test func ca360LayerTransitionsSwapTranslucentLayers() {
        // Half-way in time (easeInEaseOut is symmetric: p = 0.5): a push fromRight has the old
        // container picture (blue at 75 %: premultiplied (0, 0, 191, 191)) 120 points left and
        // the new (red, (191, 0, 0, 191)) 120 points right; a fade dissolves them to
        // (96, 0, 96, 191) (±1: 8-bit weights).
        for (type, left, right) in [(CATransitionType.push, [0, 0, 191, 191], [191, 0, 0, 191]),
                                    (.fade, [96, 0, 96, 191], [96, 0, 96, 191])] {
            let sample = LayerTransitionsSample()
            sample.viewWillAppear()
            let renderer = CAImageRenderer(size: CGSize(width: 240, height: 240), scale: 1)
            renderer.render(sample.containerLayer, into: Surface(width: 240, height: 240), atTime: 0)
            CATransaction.setDisableActions(true)
            sample.toggleTransition(type: type, subtype: .fromRight)
            renderer.render(sample.containerLayer, into: Surface(width: 240, height: 240), atTime: 1)
            let s = Surface(width: 240, height: 240)
            renderer.render(sample.containerLayer, into: s, atTime: 1.25)
            #expect(zip(rgba(s, 60, 120), left).allSatisfy { abs($0 - $1) <= 1 }, "\(type.rawValue) left: \(rgba(s, 60, 120))")
            #expect(zip(rgba(s, 180, 120), right).allSatisfy { abs($0 - $1) <= 1 }, "\(type.rawValue) right: \(rgba(s, 180, 120))")
            // The end: the red layer alone.
            renderer.render(sample.containerLayer, into: Surface(width: 240, height: 240), atTime: 2)
            renderer.render(sample.containerLayer, into: s, atTime: 2.1)
            #expect(zip(rgba(s, 60, 120), [191, 0, 0, 191]).allSatisfy { abs($0 - $1) <= 1 })
        }
    }

    static func render(_ root: CALayer, size: CGSize, at t: CFTimeInterval) -> Surface {
        let renderer = CAImageRenderer(size: size, scale: 1)
        let s = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        renderer.render(root, into: s, atTime: t)
        return s
    }

    @Test func applesOverviewPushesRedOutToTheRight() {
        // Duration 2 s, linear, no subtype: at 0.5 s into it (p = 0.25) the blue state is at
        // −320·0.75 = −240 in the layer, so blue covers canvas x 10…89 of the layer's rows; the
        // red state at +80 covers 90 onwards (past the layer: nothing clips it), its "Red" text
        // moved with it. Rows below the text (y = 120) are checked pixel by pixel.
        let vc = TransitionOverviewController()
        vc.viewDidLoad()
        let renderer = CAImageRenderer(size: CGSize(width: 340, height: 180), scale: 1)
        let first = Surface(width: 340, height: 180)
        renderer.render(vc.view.layer, into: first, atTime: 0)
        CATransaction.setDisableActions(true)  // the listing's layer is a plain one: no colour animation on top
        vc.runTransition()
        let frames = [1.0, 1.5, 3.5].map { t -> Surface in
            let s = Surface(width: 340, height: 180)
            renderer.render(vc.view.layer, into: s, atTime: t)
            return s
        }
        // At the commit (p = 0) the blue state waits just left of the layer (canvas 0…9).
        #expect(letters(frames[0], row: 120) == repeated("B", 10) + repeated("R", 320) + repeated(".", 10))
        #expect(letters(frames[1], row: 120) == repeated("B", 90) + repeated("R", 250))
        // The text ink (white, the text layer's default foreground) of "Red" moved 80 points:
        // at 1.5 s none of it lies left of x = 90 in the text rows.
        func ink(_ s: Surface, _ xs: Range<Int>) -> Int {
            var n = 0
            for y in 10..<60 { for x in xs where rgba(s, x, y)[1] > 128 { n += 1 } }
            return n
        }
        #expect(ink(first, 10..<90) > 50 && ink(frames[1], 10..<90) == 0 && ink(frames[1], 90..<170) > 50)
        // After the end (2 s later): the blue state, its text in place.
        #expect(letters(frames[2], row: 120) == repeated(".", 10) + repeated("B", 320) + repeated(".", 10))
    }

    @Test func labelTextPushedFromTopRisesWithinTheLabel() {
        // The extension pushes "2" in over "1" from the top (Core Animation's top, y up: the
        // bottom of the screen), easeInEaseOut over 0.4 s. Expected frames are built by hand
        // without a transition: the label's clip holding the old text moved up by 20p and the
        // new text 20(1 − p) below, p from the timing curve by bisection. Tolerance 2 per
        // channel (the same glyphs drawn at the same places).
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        label.text = "1"
        host.addSubview(label)
        let size = CGSize(width: 60, height: 40)
        // The renderer that commits the first frame holds the appearance the transition leaves.
        let renderer = CAImageRenderer(size: size, scale: 1)
        renderer.render(host.layer, into: Surface(width: 60, height: 40), atTime: 0)
        CATransaction.setDisableActions(true)
        label.setup(text: "2", direction: .fromTop, duration: 0.4)
        // The first frame (1.0) is the commit: the transition begins there.
        for (t, fraction) in [(1.0, 0.0), (1.1, 0.25), (1.2, 0.5), (1.3, 0.75)] {
            let s = Surface(width: 60, height: 40)
            renderer.render(host.layer, into: s, atTime: t)
            let p = CGFloat(bezierProgress(fraction, 0.42, 0, 0.58, 1))
            let want = Self.render(Self.handMadeFrame(old: "1", new: "2", oldY: -20 * p, newY: 20 * (1 - p)), size: size, at: 0)
            var worst = 0
            for y in 0..<40 { for x in 0..<60 { worst = max(worst, zip(rgba(s, x, y), rgba(want, x, y)).map { abs($0 - $1) }.max()!) } }
            #expect(worst <= 2, "t = \(t): worst channel difference \(worst)")
        }
    }

    /// The label's two pictures placed by hand: a clipping layer at the label's frame holding a
    /// copy of the old text layer at `oldY` and of the new one at `newY`.
    static func handMadeFrame(old: String, new: String, oldY: CGFloat, newY: CGFloat) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.position = CGPoint(x: 30, y: 20)
        let clip = CALayer()
        clip.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        clip.masksToBounds = true
        root.addSublayer(clip)
        for (text, y) in [(old, oldY), (new, newY)] {
            let l = CATextLayer()
            l.frame = CGRect(x: 0, y: y, width: 40, height: 20)
            l.fontSize = 16
            l.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            l.string = text
            clip.addSublayer(l)
        }
        return root
    }

    @Test func museumTransitionsMoveAsTheirNamesSay() {
        // "toTop" (moveIn fromTop, 0.25 s, easeOut): the new screen rises from the bottom over
        // the old one. "toBottom" (reveal fromBottom, 0.45 s, easeOut): the old screen slides
        // down, uncovering the new. Screens are 40 × 20 layers swapped in a container, as
        // setViewControllers swaps views; checked down column 30 at time fraction 0.5.
        for (transition, duration, want) in [(CATransition.toTop, 0.25, "top"), (CATransition.toBottom, 0.45, "bottom")] {
            let st = TransitionStage()  // red old screen at canvas x 10…49
            let container = st.layer
            let screen = CALayer()
            screen.frame = container.bounds
            screen.backgroundColor = TransitionStage.blue
            CATransaction.setDisableActions(true)
            container.add(transition, forKey: kCATransition)
            container.addSublayer(screen)
            _ = st.frame(at: 1)
            let p = bezierProgress(0.5, 0, 0, 0.58, 1)  // easeOut
            let column = Array(letters(st.frame(at: 1 + duration / 2), column: 30))
            // toTop: the new (blue) screen's top edge at 20(1 − p); toBottom: the old (red)
            // screen's top edge moved down to 20p, the new one showing above it. Rows wholly
            // above and below the edge are checked (the edge row is a blend).
            let edge = 20 * (want == "top" ? 1 - p : p)
            let (above, below): (Character, Character) = want == "top" ? ("R", "B") : ("B", "R")
            let lo = Int(edge.rounded(.down)), hi = Int(edge.rounded(.up))
            #expect(column[..<lo].allSatisfy { $0 == above } && column[max(hi, lo + 1)...].allSatisfy { $0 == below },
                    "\(want): edge \(edge), \(String(column))")
        }
    }
}
