import Foundation
import Raster

/// Renders a layer tree into an image, the way Core Animation composites it on screen.
///
/// ```swift
/// let renderer = CAImageRenderer(size: CGSize(width: 400, height: 300), scale: 2)
/// let image = renderer.image(for: rootLayer)
/// try image.writePNG(toFile: "out.png")
/// ```
///
/// The layer is drawn as a root: its frame (bounds, position, anchor point and transform)
/// places it on a canvas of `size` points whose top-left is (0, 0). Each call takes an
/// immutable snapshot of the tree first, so rendering never reads the live layers after that
/// and a renderer may be used from any thread. A renderer keeps the bitmaps of
/// `shouldRasterize` layers between frames.
public final class CAImageRenderer: @unchecked Sendable {
    /// The canvas size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// Painted under the layers; nil leaves the canvas transparent.
    public let background: CGColor?
    /// What the renderer did so far (offscreen surfaces, raster-cache hits).
    package let statistics = RenderStatistics()
    /// Rasterized bitmaps, groups, masks and clips kept between frames.
    private let frames = FrameCaches()
    private let snapshotter = Snapshotter()
    /// One coverage cache of rounded boxes and one of paths per band (thread), so that
    /// threads share no lock.
    private var bandCaches: [(shapes: RoundedBoxCoverageCache, paths: PathCoverageCache)] = []
    private let snapshotLock = NSLock()

    /// How many threads share a frame: the canvas is cut into horizontal bands rendered in
    /// parallel, each clipped to its band. The result does not depend on the count: every blur
    /// reads as far beyond its band as its kernel reaches (ThreadCountDeterminismTests).
    public var threads: Int

    /// Whether what a frame rendered is kept for the next (rasterized bitmaps, groups, shadows,
    /// clips, shapes' coverage, text layout; each cache bounded, entries unused for six frames
    /// dropped), so that an unchanged subtree is composited instead of drawn again. Turn it off
    /// for one-shot renders: nothing then outlives a frame. The pictures are the same either
    /// way. Default true. OpenQuartzCore extension.
    public var cachesFrames = true

    /// Whether layers hidden under opaque layers drawn later are skipped; only tests turn it
    /// off, to check that the pictures are the same.
    package var occlusionCulling = true

    /// OpenQuartzCore extension: the work and memory one frame may take (RenderBudget.swift);
    /// default `RenderBudget.default`.
    public var budget = RenderBudget.default
    /// OpenQuartzCore extension: why the last frame left something out to stay within `budget`;
    /// nil when it fitted.
    public internal(set) var budgetExceeded: RenderBudgetExceeded?
    /// The map from the root layer's bounds space to canvas pixels, in place of its frame and
    /// `scale`; `CALayer.render(in:)` sets it to draw a layer in its own coordinate space.
    var rootPlacement: CATransform3D?

    /// A renderer for a canvas of `size` points at `scale` pixels per point (default 1), over
    /// `background` (default nil: transparent), drawing each frame with `threads` threads
    /// (default 1; at least 1).
    public init(size: CGSize, scale: CGFloat = 1, background: CGColor? = nil, threads: Int = 1) {
        self.size = size
        self.scale = scale
        self.background = background
        self.threads = max(threads, 1)
    }

    /// The canvas size in pixels: `round(width · scale) × round(height · scale)`.
    /// At least one pixel each way, so that there is always an image.
    public var pixelWidth: Int { max(Int(saturating: Double(size.width * scale), .toNearestOrAwayFromZero), 1) }
    /// The canvas height in pixels (see `pixelWidth`).
    public var pixelHeight: Int { max(Int(saturating: Double(size.height * scale), .toNearestOrAwayFromZero), 1) }

    /// The layer tree as it is (the model values, no animation), rendered into a new image of
    /// `pixelWidth` × `pixelHeight` pixels. A canvas over `budget.maxCanvasPixels` is not
    /// allocated: the image is one transparent pixel and `budgetExceeded` says why
    /// (`checkedImage(for:)` throws it).
    public func image(for layer: CALayer) -> CGImage {
        guard let surface = canvasSurface(for: layer) else { return Self.emptyImage }
        render(layer, into: surface)
        // The surface is at least 1×1, which is all CGImage(surface:) asks.
        return CGImage(surface: surface)!
    }

    /// A new surface of the canvas's size, or nil (with `budgetExceeded` set) when the canvas
    /// is over `budget.maxCanvasPixels`: a size of 1e9 × 1, 100 000², infinity or a scale of
    /// 1e308 would otherwise be allocated, or overflow, before any check.
    package func canvasSurface(for layer: CALayer) -> Surface? {
        if let refusal = RenderBudgetExceeded(canvasWidth: pixelWidth, height: pixelHeight, budget: budget, root: layer) {
            budgetExceeded = refusal
            return nil
        }
        budgetExceeded = nil
        return Surface(width: pixelWidth, height: pixelHeight)
    }

    /// What a refused canvas gives: one transparent pixel.
    static var emptyImage: CGImage { CGImage(surface: Surface(width: 1, height: 1))! }

    /// Renders into an existing surface of the canvas's pixel size. Package access (Raster's
    /// `Surface` is not public API): the public form is `render(_:in:)`, into a bitmap context.
    ///
    /// This draws the layer tree as it is, ignoring animations and committing nothing, as
    /// Core Animation's `render(in:)` does; `render(_:into:atTime:)` draws what is on screen.
    package func render(_ layer: CALayer, into surface: Surface) {
        render(layer, into: surface, mediaTime: nil, recording: nil)
    }

    /// OpenQuartzCore extension: the presentation tree at media time `t` (seconds, the clock of
    /// `CACurrentMediaTime()`, or any clock an offline render chooses): the thread's implicit
    /// transaction commits first, animations waiting for the commit begin at `t`, every
    /// animation is evaluated at `t`, and afterwards delegates and completion blocks are told
    /// of the animations that started or ended. The same tree and times give the same pixels.
    public func image(for layer: CALayer, atTime t: CFTimeInterval) -> CGImage {
        guard let surface = canvasSurface(for: layer) else { return Self.emptyImage }
        render(layer, into: surface, atTime: t)
        return CGImage(surface: surface)!
    }

    /// `image(for:atTime:)` into an existing surface (package access, as `render(_:into:)`).
    package func render(_ layer: CALayer, into surface: Surface, atTime t: CFTimeInterval) {
        render(layer, into: surface, mediaTime: t.isFinite ? t : 0, recording: nil)
    }

    /// The draw list of the canvas, as one band: every operation drawn into the canvas itself
    /// (groups appear as the operation that composites them), in order, with its layer and
    /// part; `surface` receives the same pixels as `render(_:into:)` gives.
    package func drawList(for layer: CALayer, into surface: Surface) -> DrawList {
        let list = DrawList()
        render(layer, into: surface, mediaTime: nil, recording: list)
        return list
    }

    /// Every frame cache this renderer owns: its own, the snapshotter's and each band's.
    private var allFrameCaches: [any FrameCaching] {
        frames.all + snapshotter.frameCaches + bandCaches.flatMap { [$0.shapes, $0.paths] as [any FrameCaching] }
    }

    /// The frame caches' figures, added up: hits, misses, entries and bytes kept.
    package var frameCacheStatistics: FrameCacheStatistics {
        snapshotLock.lock(); defer { snapshotLock.unlock() }
        return allFrameCaches.reduce(FrameCacheStatistics()) { $0 + $1.statistics }
    }

    private func endFrame() {
        snapshotLock.lock(); defer { snapshotLock.unlock() }
        for cache in allFrameCaches { cache.endFrame() }
    }

    private func render(_ layer: CALayer, into surface: Surface, mediaTime: CFTimeInterval?, recording: DrawList?) {
        LayoutPass.run(layer)
        let clear = Color(background)?.premultipliedPixel ?? 0
        let events = mediaTime.map { CATransaction.commitForRender(layer, mediaTime: $0) }
        defer { endFrame(); events?.perform() }
        displayLayerTree(layer, mediaTime: mediaTime)
        // What the display pass drew is committed with the frame: a transition added before the
        // next commit starts from it (CALayer.committedAppearance()).
        if mediaTime != nil { TransactionState.current.forgetCommittedValuesIfClosed() }
        // One snapshot at a time (the snapshotter keeps the last tree); the caches lock themselves.
        snapshotLock.lock()
        snapshotter.maxParticles = budget.maxParticles
        let snapshot = snapshotter.snapshot(layer, parent: nil, threads: threads, mediaTime: mediaTime, events: events)
        guard let root = snapshot else { snapshotLock.unlock(); surface.clear(clear); return }
        let world = rootPlacement ?? CATransform3DConcat(root.toParent, CATransform3DMakeScale(scale, scale, 1))
        let bands = recording != nil ? 1 : min(threads, max(surface.height / 64, 1))
        while bandCaches.count < bands { bandCaches.append((RoundedBoxCoverageCache(), PathCoverageCache())) }
        for cache in allFrameCaches { cache.keepsFrames = cachesFrames }
        let ledger = RenderBudgetLedger(budget)
        let compositors = (0..<bands).map {
            Compositor(frames: frames, stats: statistics, occlusionCulling: occlusionCulling,
                       shapes: bandCaches[$0].shapes, paths: bandCaches[$0].paths, budget: RenderBudgetMeter(ledger),
                       caches: CoverageCaches(shapes: bandCaches[$0].shapes, paths: bandCaches[$0].paths))
        }
        snapshotLock.unlock()
        defer { budgetExceeded = ledger.exceeded }
        if bands <= 1 {
            surface.clear(clear)
            var target = Target(surface: surface)
            target.recorder = recording
            compositors[0].draw(root, world: world, alpha: 1, into: target)
            return
        }
        // Each band is a view of its rows of the canvas, drawn in place.
        let rows = (surface.height + bands - 1) / bands
        let out = UncheckedSendable(surface)
        DispatchQueue.concurrentPerform(iterations: bands) { i in
            let y0 = i * rows, y1 = min(y0 + rows, out.value.height)
            guard y0 < y1 else { return }
            let band = Surface(rowsOf: out.value, y0, y1)
            band.clear(clear)
            compositors[i].draw(root, world: world, alpha: 1, into: Target(surface: band))
        }
    }
}

/// Hands a value to `concurrentPerform`'s closure when the caller guarantees the accesses
/// do not overlap (here: disjoint rows of one surface).
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
