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
    /// before (docs/time.md, "Frames depend only on their time").
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
        return Frame(index: i, time: t, image: renderer.image(for: layer, atTime: t))
    }
}
