import Foundation

extension CAImageRenderer {
    /// OpenQuartzCore extension: the presentation tree of `layer` at the times of the frames
    /// numbered `range` of an animation at `rate` whose frame 0 is at `start` (frame i at
    /// `rate.time(ofFrame: i, from: start)`), each rendered when the sequence reaches it, as
    /// `image(for:atTime:)` renders it. `0..<n` gives the first n frames; a later slice gives
    /// the same pictures as the same frames of the whole range.
    ///
    /// The sequence's start is the commit: animations of the tree still waiting for it (added
    /// with `beginTime` 0 since the last timed render) begin at `start`, whichever frames are
    /// rendered. Frames are rendered in time order, so the renderer's caches carry over from
    /// one frame to the next; a frame's pixels depend only on its time, whatever was rendered
    /// before (docs/time.md, "Frames depend only on their time"). The sequence is the display
    /// of the thread iterating it: before each frame, the display links scheduled on that
    /// thread's run loop are called with the frame's time (`CADisplayLink`; docs/animate.md,
    /// "Display links").
    public func frames(for layer: CALayer, from start: CFTimeInterval, rate: FrameRate, range: Range<Int>) -> AnimationFrames {
        CATransaction.commitForFrames(layer, startingAt: start.isFinite ? start : 0)
        return AnimationFrames(renderer: self, layer: layer, start: start, indices: range, rate: rate)
    }
}

/// OpenQuartzCore extension: frames of an animation, rendered one at a time as they are
/// iterated (`CAImageRenderer.frames(for:from:rate:range:)`).
public struct AnimationFrames: Sequence, IteratorProtocol {
    /// One frame: its number, its media time and its picture.
    public struct Frame {
        /// The frame's number (0 at the animation's start time).
        public let index: Int
        /// The media time it shows.
        public let time: CFTimeInterval
        /// The rendered canvas.
        public let image: CGImage
    }

    let renderer: CAImageRenderer
    let layer: CALayer
    let start: CFTimeInterval
    var indices: Range<Int>
    let rate: FrameRate

    /// Renders the next frame; nil after the last.
    public mutating func next() -> Frame? {
        guard let i = indices.first else { return nil }
        indices = indices.dropFirst()
        let t = rate.time(ofFrame: i, from: start)
        // The sequence is the display of this thread's run loop: its display links are called
        // first, with the frame's time, then the frame is drawn; both read the frame's time
        // from CACurrentMediaTime() (docs/animate.md, "Display links").
        let duration = Double(rate.denominator) / Double(rate.numerator)
        let (before, overflow) = i.subtractingReportingOverflow(1)
        let previous = overflow ? t - duration : rate.time(ofFrame: before, from: start)
        CADisplayLink.refreshLinks(on: RunLoop.current, frame: i, time: t, previous: previous, duration: duration)
        let image = CAImageRenderer.withMediaTime(t) { renderer.image(for: layer, atTime: t) }
        return Frame(index: i, time: t, image: image)
    }
}

extension CAImageRenderer {
    /// OpenQuartzCore extension: runs `body` with `CACurrentMediaTime()` reading `t` on this
    /// thread (a non-finite `t` leaves the clock alone), as a frame sequence does around each
    /// frame. For the setup of code that reads the clock before its display link is first
    /// called, such as a timer-based animation noting when it started:
    /// `CAImageRenderer.withMediaTime(0) { ball.startBouncing() }`, then the frames from 0.
    public static func withMediaTime<R>(_ t: CFTimeInterval, _ body: () throws -> R) rethrows -> R {
        guard t.isFinite else { return try body() }
        return try MediaClock.$virtualTime.withValue(t, operation: body)
    }
}
