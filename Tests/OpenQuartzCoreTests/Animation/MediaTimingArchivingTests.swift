import Foundation
import Testing
import OpenQuartzCore

/// A layer's `CAMediaTiming` properties survive archiving, `init(layer:)` and `presentation()`;
/// an animation's survive `copy()` and `add(_:forKey:)`.
@Suite struct MediaTimingArchivingTests {
    static func roundTrip<T: CALayer>(_ layer: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: layer, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    /// Every timing property away from its default.
    static func time<T: CAMediaTiming>(_ o: inout T) {
        o.beginTime = 1.25; o.duration = 3.5; o.speed = 0.5; o.timeOffset = 0.75
        o.repeatCount = 2.5; o.repeatDuration = 7; o.autoreverses = true; o.fillMode = .both
    }

    static func expectTimed(_ o: some CAMediaTiming, _ what: String) {
        #expect(o.beginTime == 1.25 && o.duration == 3.5 && o.speed == 0.5 && o.timeOffset == 0.75, "\(what)")
        #expect(o.repeatCount == 2.5 && o.repeatDuration == 7 && o.autoreverses && o.fillMode == .both, "\(what)")
    }

    static func expectDefault(_ o: some CAMediaTiming, _ what: String) {
        #expect(o.beginTime == 0 && o.duration == 0 && o.speed == 1 && o.timeOffset == 0, "\(what)")
        #expect(o.repeatCount == 0 && o.repeatDuration == 0 && !o.autoreverses && o.fillMode == .removed, "\(what)")
    }

    @Test func layerTimingSurvivesArchiving() throws {
        var l = CALayer()
        Self.time(&l)
        Self.expectTimed(try Self.roundTrip(l), "archived layer")
        // A subclass and a sublayer deep in a tree too.
        let root = CAShapeLayer(), child = CAGradientLayer()
        var c = child as CALayer
        Self.time(&c)
        root.addSublayer(child)
        let back = try Self.roundTrip(root)
        Self.expectDefault(back, "untimed root")
        Self.expectTimed(try #require(back.sublayers?.first as? CAGradientLayer), "archived sublayer")
    }

    /// Infinity survives (`repeatCount = .infinity`, `HUGE`), and so does a paused layer.
    @Test func pausedAndForeverSurviveArchiving() throws {
        let l = CALayer()
        l.repeatCount = HUGE
        l.speed = 0
        l.timeOffset = 2
        let back = try Self.roundTrip(l)
        #expect(back.repeatCount == .infinity && back.speed == 0 && back.timeOffset == 2)
        // The decoded layer's time is paused at 2 s as the original's: the conversion
        // (t − beginTime) · speed + timeOffset gives 2 at any media time.
        #expect(back.convertTime(100, from: nil) == 2 && l.convertTime(100, from: nil) == 2)
    }

    /// A layer with the default timing archives no timing keys, and decodes with none.
    @Test func defaultTimingIsNotWritten() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        CALayer().encode(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        for key in ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode"] {
            #expect(!unarchiver.containsValue(forKey: key), "\(key) written for a default timing")
        }
        Self.expectDefault(try Self.roundTrip(CALayer()), "default layer")
    }

    @Test func layerTimingSurvivesCopies() throws {
        var l = CALayer()
        Self.time(&l)
        Self.expectTimed(CALayer(layer: l), "init(layer:)")
        Self.expectTimed(CAShapeLayer(layer: l), "a subclass's init(layer:)")
        // The presentation copy of a rendered layer.
        let child = CALayer()
        var c = child
        Self.time(&c)
        let stage = AnimationStage(child)
        let shown = stage.shown(child, at: 1)
        Self.expectTimed(shown, "presentation()")
        #expect(shown.model() === child)
    }

    @Test func animationTimingSurvivesCopiesAndPresentation() throws {
        var a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1
        Self.time(&a)
        Self.expectTimed(try #require(a.copy() as? CABasicAnimation), "copy()")
        let group = CAAnimationGroup()
        group.animations = [a]
        Self.expectTimed(try #require((group.copy() as? CAAnimationGroup)?.animations?.first), "a group's copy")
        let l = CALayer()
        let stage = AnimationStage(l)
        l.add(a, forKey: "fade")
        let added = try #require(l.animation(forKey: "fade"))
        #expect(added !== a)
        Self.expectTimed(added, "the layer's copy")
        _ = stage.shown(l, at: 2)
        // Rendering does not change an animation with a begin time of its own.
        Self.expectTimed(try #require(l.animation(forKey: "fade")), "after a render")
    }
}
