import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Animated custom properties redraw: the ported rings (PortedAnimatedDrawingLayers.swift) draw
/// the arc of the animated value at each frame. The expected arcs are worked out from the
/// drawing code's geometry, not from our output: a point at angle φ on the stroke's centre
/// line is covered when φ lies inside the arc (away from its ends by more than the cap), and
/// uncovered when it lies outside by as much.
@Suite struct AnimatedDisplayTests {
    /// Renders `l` (placed at the origin of a `size`-point canvas) at each time; `check` gets
    /// the time and the max alpha (0…1) of the 3×3 pixels around a canvas point.
    static func frames(_ l: CALayer, size: CGFloat, at times: [CFTimeInterval],
                       _ check: (CFTimeInterval, (CGFloat, CGFloat) -> Double) -> Void) {
        let root = makeRoot(size, size)
        root.addSublayer(l)
        let renderer = CAImageRenderer(size: CGSize(width: size, height: size))
        let surface = Surface(width: Int(size), height: Int(size))
        for t in times {
            renderer.render(root, into: surface, atTime: t)
            check(t) { x, y in
                var m = 0.0
                for dy in -1...1 { for dx in -1...1 {
                    let px = Int(x.rounded(.down)) + dx, py = Int(y.rounded(.down)) + dy
                    guard px >= 0, py >= 0, px < surface.width, py < surface.height else { continue }
                    m = max(m, Double(surface.pixel(x: px, y: py) >> 24) / 255)
                } }
                return m
            }
        }
    }

    /// A linear animation of `key` from 0 to `to` between media times 1 and 2.
    static func animation(_ key: String, to: CGFloat) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = 0; a.toValue = to
        a.beginTime = 1; a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        return a
    }

    /// Degrees of the arc covered at `t` by a value animated from 0 to 1 over [1, 2], the
    /// model value `model` outside.
    static func progress(at t: CFTimeInterval, model: CGFloat) -> CGFloat {
        (1...2).contains(t) && t < 2 ? CGFloat(t - 1) : model
    }

    @Test func circleLayerDrawsTheAnimatedProgress() {
        // DTCamera's ring: 100 pt, stroke 10, round caps, from twelve o'clock clockwise on
        // screen (iOS's flipped drawing space, clockwise: false). Cap: 5 pt = 6.4° at r = 45.
        let ring = CircleLayer(strokeColor: red, lineWidth: 10, progress: 0.1)
        ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        ring.add(Self.animation("progress", to: 1), forKey: "progress")
        let times: [CFTimeInterval] = [0.5, 1.25, 1.5, 1.8, 3, 3.5]
        Self.frames(ring, size: 100, at: times) { t, alpha in
            let sweep = 360 * Self.progress(at: t, model: 0.1)
            for phi in stride(from: CGFloat(0), to: 360, by: 4) {
                let r = phi * .pi / 180
                let a = alpha(50 + 45 * sin(r), 50 - 45 * cos(r))
                if phi >= 2 && phi <= sweep - 12 { #expect(a > 0.9, "t \(t): φ \(phi) inside the \(sweep)° arc, alpha \(a)") }
                if phi >= sweep + 12 && phi <= 348 { #expect(a < 0.05, "t \(t): φ \(phi) outside the \(sweep)° arc, alpha \(a)") }
            }
        }
        #expect(ring.progress == 0.1)
    }

    @Test func borderLayerDrawsTheAnimatedEndAngle() {
        // CarMasterNotify2's spinner ring: 60 pt, stroke 2 at radius 28, from three o'clock
        // clockwise on screen; butt caps.
        let ring = BorderLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        ring.endAngle = .pi / 2
        ring.setNeedsDisplay()
        ring.add(Self.animation("endAngle", to: 2 * .pi), forKey: "spin")
        let times: [CFTimeInterval] = [1.2, 1.5, 1.9, 2.5]
        Self.frames(ring, size: 60, at: times) { t, alpha in
            let sweep = 360 * Self.progress(at: t, model: 0.25)
            for phi in stride(from: CGFloat(0), to: 360, by: 5) {
                let r = phi * .pi / 180
                let a = alpha(30 + 28 * cos(r), 30 + 28 * sin(r))
                if phi >= 8 && phi <= sweep - 8 { #expect(a > 0.5, "t \(t): φ \(phi) inside the \(sweep)° arc, alpha \(a)") }
                if phi >= sweep + 8 && phi <= 352 { #expect(a < 0.05, "t \(t): φ \(phi) outside the \(sweep)° arc, alpha \(a)") }
            }
        }
    }

    @Test func onlyKeysThatNeedDisplayRedraw() {
        final class Counting: CALayer {
            var draws = 0
            override func draw(in ctx: CGContext) { draws += 1 }
        }
        let l = Counting()
        l.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        l.setNeedsDisplay()
        l.add(Self.animation("someKey", to: 1), forKey: nil)   // needsDisplay(forKey:) is false
        Self.frames(l, size: 4, at: [1.2, 1.4, 1.6]) { _, _ in }
        #expect(l.draws == 1)
    }
}
