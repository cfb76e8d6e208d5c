/// The media clock an offline render substitutes for the wall clock: while it has a value on
/// the calling thread (or task), `CACurrentMediaTime()` returns it. A frame sequence sets it to
/// each frame's time around the frame's display link callbacks and its rendering;
/// `CAImageRenderer.withMediaTime(_:_:)` sets it for setup code (docs/animate.md, "Display
/// links"). Task-local, so one render's clock never leaks into another thread's.
enum MediaClock {
    @TaskLocal static var virtualTime: CFTimeInterval?
}
