import Foundation
import Raster
import Testing
import OpenQuartzCore

/// The implicit action of `contents`: Core Animation crossfades a layer's old contents into the
/// new ones with a `CATransition` of type `.fade`, over the transaction's duration (0.25 s by
/// default) and timing function. Expected pixels: the fade's documented mix,
/// old · (1 − p) + new · p, with p from the bisection solver of the timing curve.
@Suite struct ContentsFadeActionTests {
    typealias T = TransitionStage

    /// A 4 × 4 image of one opaque colour.
    static func image(_ color: CGColor) throws -> CGImage {
        let ctx = try #require(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(color)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return try #require(ctx.makeImage())
    }

    /// A stage whose layer shows a red image, committed at media time 0.
    static func redImageStage() throws -> T {
        let layer = CALayer()
        layer.contents = try image(T.red)
        return T(layer)
    }

    @Test func theActionIsAFadeTransitionOfTheTransactionsDuration() throws {
        let action = try #require(CALayer().action(forKey: "contents") as? CATransition)
        #expect(action.type == .fade)
        #expect(action.duration == 0)   // the transaction's, 0.25 s, when added
    }

    @Test func newContentsFadeInOverAQuarterSecondWithTheDefaultCurve() throws {
        let st = try Self.redImageStage()
        st.layer.contents = try Self.image(T.blue)
        #expect(st.layer.animation(forKey: "contents") is CATransition)
        _ = st.frame(at: 1)   // the commit: the fade begins here
        // 1/8 s into 1/4 s: linear progress 1/2, through Apple's default curve (0.25, 0.1, 0.25, 1).
        // Tolerance 1 per channel (8-bit rounding of the two weights).
        let p = bezierProgress(0.5, 0.25, 0.1, 0.25, 1)
        let c = rgba(st.frame(at: 1.125), 30, 10)
        let want = [255 * (1 - p), 0, 255 * p, 255].map { Int($0.rounded()) }
        #expect(zip(c, want).allSatisfy { abs($0 - $1) <= 1 }, "\(c), want \(want)")
        // Over after 1/4 s: the new contents alone.
        #expect(rgba(st.frame(at: 1.3), 30, 10) == [0, 0, 255, 255])
    }

    @Test func theFadeTakesTheTransactionsDurationAndCurve() throws {
        let st = try Self.redImageStage()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        st.layer.contents = try Self.image(T.blue)
        _ = st.frame(at: 1)
        for p in [0.25, 0.75] {
            let c = rgba(st.frame(at: 1 + p), 30, 10)
            let want = [255 * (1 - p), 0, 255 * p, 255].map { Int($0.rounded()) }
            #expect(zip(c, want).allSatisfy { abs($0 - $1) <= 1 }, "p = \(p): \(c), want \(want)")
        }
    }

    @Test func disabledActionsAndNSNullChangeContentsAtOnce() throws {
        for disable in [true, false] {
            let st = try Self.redImageStage()
            if disable { CATransaction.setDisableActions(true) } else { st.layer.actions = ["contents": NSNull()] }
            st.layer.contents = try Self.image(T.blue)
            #expect(st.layer.animation(forKey: "contents") == nil)
            _ = st.frame(at: 1)
            #expect(rgba(st.frame(at: 1.1), 30, 10) == [0, 0, 255, 255])
        }
    }
}
