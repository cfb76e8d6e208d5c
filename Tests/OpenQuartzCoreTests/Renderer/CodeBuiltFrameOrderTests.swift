import Foundation
import OpenQuartzCore
import Testing
import TestSupport

/// Frames depend only on their time for trees built in Swift too (docs/time.md): a label's
/// push transition, an implicit animation and an animation removed on completion, rendered
/// through `CAImageRenderer.frames(for:from:rate:range:)` one frame at a time in any order,
/// give the bytes of one sequential run; the transition's old appearance is the committed
/// label, whatever was rendered last.
@Suite("Frames of trees built in code depend only on their time")
struct CodeBuiltFrameOrderTests {
    static let size = CGSize(width: 120, height: 60)
    static let rate = FrameRate(framesPerSecond: 10)!
    /// The frames start at 1 s; the animations begin there (the sequence's start is the commit).
    static let start = 1.0
    static let count = 12

    /// A white canvas with a label "12" in a clipping blue box, committed by a render at 0.
    static func label(_ text: String = "12") -> (root: CALayer, label: CATextLayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let label = CATextLayer()
        label.frame = CGRect(x: 20, y: 10, width: 80, height: 40)
        label.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        label.fontSize = 28
        label.alignmentMode = .center
        label.masksToBounds = true
        label.string = text
        root.addSublayer(label)
        _ = CAImageRenderer(size: size).image(for: root, atTime: 0)
        return (root, label)
    }

    /// The label changes to "13" and then gets a push transition (the change comes first, as
    /// most iOS code writes it: the old appearance must still be "12").
    static func labelPush() -> CALayer {
        let (root, label) = label()
        label.string = "13"
        let push = CATransition()
        push.type = .push
        push.subtype = .fromTop
        push.duration = 0.8
        label.add(push, forKey: kCATransition)
        return root
    }

    /// The label's box fades out by an implicit animation of a committed layer.
    static func implicitFade() -> CALayer {
        let (root, label) = label()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.7)
        label.opacity = 0.1
        CATransaction.commit()
        return root
    }

    /// A move of 1 s removed on completion at 2 s, then a frame at an earlier time.
    static func removedOnCompletion() -> CALayer {
        let (root, label) = label()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 120
        move.beginTime = 1
        move.duration = 0.6
        label.add(move, forKey: "move")
        return root
    }

    /// The trees, by number (a static array of closures is not `Sendable`).
    static func builder(_ i: Int) -> (String, () -> CALayer) {
        switch i {
        case 0: return ("label push", labelPush)
        case 1: return ("implicit fade", implicitFade)
        default: return ("removed on completion", removedOnCompletion)
        }
    }

    /// The frames of `order`, each rendered alone by one renderer on one tree.
    static func frames(_ build: () -> CALayer, order: [Int]) -> [Int: [UInt8]] {
        let root = build()
        let renderer = CAImageRenderer(size: size)
        var out: [Int: [UInt8]] = [:]
        for i in order {
            for f in renderer.frames(for: root, from: start, rate: rate, range: i..<(i + 1)) {
                out[f.index] = f.image.premultipliedRGBA
            }
        }
        return out
    }

    @Test(arguments: 0..<3)
    func anyOrderGivesTheSequentialBytes(_ which: Int) {
        let (name, build) = Self.builder(which)
        let root = build()
        var sequential: [Int: [UInt8]] = [:]
        for f in CAImageRenderer(size: Self.size).frames(for: root, from: Self.start, rate: Self.rate, range: 0..<Self.count) {
            sequential[f.index] = f.image.premultipliedRGBA
        }
        #expect(sequential.count == Self.count)
        var rng = SplitMix64(state: 7 + UInt64(which))
        var shuffled = Array(0..<Self.count)
        for k in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
        let orders = [shuffled, Array((0..<Self.count).reversed()), [11, 4], [7, 3, 8, 3], [5]]
        for order in orders {
            let got = Self.frames(build, order: order)
            for i in order {
                #expect(got[i] == sequential[i], "\(name): frame \(i) rendered in the order \(order)")
            }
        }
        // The animation moved something.
        #expect(sequential[0] != sequential[4], "\(name): frames 0 and 4 are the same picture")
    }

    /// The push starts from the committed label and ends on the new one: its first frame is
    /// the untimed picture of a label "12", its last (after the end) that of "13", and the
    /// frame in the middle is neither.
    @Test func pushRunsFromTheCommittedLabel() {
        let root = Self.labelPush()
        let renderer = CAImageRenderer(size: Self.size)
        // Rendered backwards: the end first.
        let last = renderer.frames(for: root, from: Self.start, rate: Self.rate, range: 10..<11).map { $0.image.premultipliedRGBA }
        let middle = renderer.frames(for: root, from: Self.start, rate: Self.rate, range: 4..<5).map { $0.image.premultipliedRGBA }
        let first = renderer.frames(for: root, from: Self.start, rate: Self.rate, range: 0..<1).map { $0.image.premultipliedRGBA }
        let old = CAImageRenderer(size: Self.size).image(for: Self.label("12").root).premultipliedRGBA
        let new = CAImageRenderer(size: Self.size).image(for: Self.label("13").root).premultipliedRGBA
        #expect(first == [old])
        #expect(last == [new])
        #expect(middle != [old] && middle != [new])
    }

    /// Rendering past the end removes the animation (`animationKeys()` no longer lists it);
    /// a render at an earlier time still shows it, as a fresh tree does.
    @Test func anAnimationRemovedOnCompletionStillShowsAtEarlierTimes() {
        let root = Self.removedOnCompletion()
        let label = root.sublayers![0]
        let renderer = CAImageRenderer(size: Self.size)
        _ = renderer.image(for: root, atTime: 3)
        #expect(label.animationKeys() == nil)
        let again = renderer.image(for: root, atTime: 1.3).premultipliedRGBA
        let fresh = CAImageRenderer(size: Self.size).image(for: Self.removedOnCompletion(), atTime: 1.3).premultipliedRGBA
        let model = CAImageRenderer(size: Self.size).image(for: Self.removedOnCompletion()).premultipliedRGBA
        #expect(again == fresh)
        #expect(again != model)
        // Past the end again: removed again, the model shows.
        #expect(renderer.image(for: root, atTime: 2.5).premultipliedRGBA == model)
        #expect(label.animationKeys() == nil)
    }

    /// What one renderer presented is never another's: a move committed by a first renderer's
    /// frame at 0, then its layer paused at half a second, shows the paused place in a second
    /// renderer's frame at 0 (x = 20 + 100 · 0.5 = 70), not the first renderer's values.
    @Test func aSecondRendererSeesTheLayerTimingChangedSinceTheFirst() {
        let (root, label) = Self.label()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 120
        move.duration = 1
        label.add(move, forKey: "move")
        _ = CAImageRenderer(size: Self.size).image(for: root, atTime: 0)
        label.speed = 0
        label.timeOffset = 0.5
        let paused = CAImageRenderer(size: Self.size).image(for: root, atTime: 0).premultipliedRGBA
        let (still, placed) = Self.label()
        placed.position.x = 70
        #expect(paused == CAImageRenderer(size: Self.size).image(for: still).premultipliedRGBA)
    }

    /// A layer that draws itself, committed red by a frame, redrawn green by the next frame's
    /// display pass, then redrawn blue under a fade: the fade starts from the green that frame
    /// drew (committed with it), so its first frame is the green square (the untimed picture
    /// of a green one) and its end the blue.
    @Test func aFadeStartsFromWhatTheCommittingFrameDrew() {
        func swatch(_ color: CGColor) -> (CALayer, Swatch) {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: Self.size)
            let s = Swatch()
            s.frame = CGRect(x: 20, y: 10, width: 40, height: 40)
            s.fill = color
            s.setNeedsDisplay()
            root.addSublayer(s)
            return (root, s)
        }
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let (root, s) = swatch(red)
        _ = CAImageRenderer(size: Self.size).image(for: root, atTime: 0)
        s.fill = green
        s.setNeedsDisplay()
        _ = CAImageRenderer(size: Self.size).image(for: root, atTime: 0.5)
        s.fill = blue
        s.setNeedsDisplay()
        let fade = CATransition()
        fade.duration = 1
        s.add(fade, forKey: kCATransition)
        let frames = CAImageRenderer(size: Self.size).frames(for: root, from: Self.start, rate: Self.rate, range: 0..<11)
            .map { $0.image.premultipliedRGBA }
        #expect(frames.first == CAImageRenderer(size: Self.size).image(for: swatch(green).0).premultipliedRGBA)
        #expect(frames.last == CAImageRenderer(size: Self.size).image(for: swatch(blue).0).premultipliedRGBA)
    }
}

/// A layer that, displayed, sets its `contents` to an image of `fill` (as a `display()`
/// override or a delegate's `display(_:)` does in iOS code).
final class Swatch: CALayer {
    var fill = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    override func display() {
        guard let ctx = CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return }
        ctx.setFillColor(fill)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        contents = ctx.makeImage()
    }
}
