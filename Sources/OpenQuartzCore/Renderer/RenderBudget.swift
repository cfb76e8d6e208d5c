import Foundation
import Raster
import Synchronization

/// OpenQuartzCore extension: bounds on the work and memory one frame may take, derived from
/// what is drawn rather than from the canvas alone, so that a renderer serving strangers'
/// scenes cannot be made to allocate or compute without limit by a few hundred bytes of
/// geometry (a shadow radius of 1e4, 255 nested groups, a rasterization scale of 1e9).
///
/// The compositor asks the budget before each offscreen allocation (group, mask, tinted
/// replica, rasterization plane, blur) and before each layer it draws. When a request does not
/// fit, that layer's effect is left out of the frame and the first such refusal is kept in
/// `CAImageRenderer.budgetExceeded`; `CAImageRenderer.checkedImage(for:)` turns it into an
/// error. Each limit's default and `oqc` flag are declared in `OperatorLimit`; docs/limits.md
/// describes them.
public struct RenderBudget: Equatable, Sendable {
    /// Most pixels of offscreen surfaces and masks made in one frame, all counted (default
    /// 256 M: at most 1 GiB of RGBA if all were alive at once). `oqc --max-offscreen-pixels`.
    public var maxOffscreenPixels: Int = OperatorLimit.offscreenPixels.defaultValue
    /// Most pixels of one offscreen surface (default 64 M, a 8192 × 8192 plane).
    /// `oqc --max-surface-pixels`.
    public var maxSurfacePixels: Int = OperatorLimit.surfacePixels.defaultValue
    /// Deepest nesting of offscreen groups inside one another (default 32).
    /// `oqc --max-offscreen-depth`.
    public var maxOffscreenDepth: Int = OperatorLimit.offscreenDepth.defaultValue
    /// Most layers drawn in one frame, replicator instances and every band's pass included
    /// (default 10 M). `oqc --max-draw-operations`.
    public var maxDrawOperations: Int = OperatorLimit.drawOperations.defaultValue
    /// Most pixels blurred in one frame (shadows of content and of paths; default 256 M).
    /// `oqc --max-blur-pixels`.
    public var maxBlurPixels: Int = OperatorLimit.blurPixels.defaultValue
    /// Most pixels of the renderer's own canvas, the image it renders into (default 16384²,
    /// the largest canvas `oqc --max-canvas` allows at its default). A larger canvas is not
    /// allocated: the frame is refused before anything is drawn, as an offscreen surface over
    /// its limit is. `oqc --max-canvas-pixels`.
    public var maxCanvasPixels: Int = OperatorLimit.canvasPixels.defaultValue
    /// Most particles one emitter layer shows in a frame (default 2²⁰): past it the youngest
    /// are kept, and the simulation looks at no more than four times as many candidates.
    /// `oqc --max-particles`.
    public var maxParticles: Int = OperatorLimit.particles.defaultValue

    /// The default budget.
    public init() {}

    /// The default budget.
    public static let `default` = RenderBudget()
    /// No bound beyond what the address space allows (for trusted scenes and tests).
    public static let unlimited = RenderBudget(maxOffscreenPixels: .max, maxSurfacePixels: .max, maxOffscreenDepth: .max,
                                               maxDrawOperations: .max, maxBlurPixels: .max, maxCanvasPixels: .max,
                                               maxParticles: .max)

    /// A budget with the given bounds.
    public init(maxOffscreenPixels: Int, maxSurfacePixels: Int, maxOffscreenDepth: Int, maxDrawOperations: Int,
                maxBlurPixels: Int, maxCanvasPixels: Int = OperatorLimit.canvasPixels.defaultValue,
                maxParticles: Int = OperatorLimit.particles.defaultValue) {
        self.maxCanvasPixels = maxCanvasPixels
        self.maxParticles = maxParticles
        self.maxOffscreenPixels = maxOffscreenPixels
        self.maxSurfacePixels = maxSurfacePixels
        self.maxOffscreenDepth = maxOffscreenDepth
        self.maxDrawOperations = maxDrawOperations
        self.maxBlurPixels = maxBlurPixels
    }
}

/// OpenQuartzCore extension: a frame that did not fit its `RenderBudget`: which limit, and the
/// layer whose drawing asked for more.
public struct RenderBudgetExceeded: Error, Sendable, CustomStringConvertible {
    /// The limit that was reached, as `oqc` names its flag (`--max-offscreen-pixels`, …).
    public let flag: String
    /// What was asked and what the limit is, in words.
    public let problem: String
    /// The layer being drawn when the limit was reached.
    let layerIdentity: ObjectIdentifier

    init(flag: String, problem: String, layerIdentity: ObjectIdentifier) {
        self.flag = flag
        self.problem = problem
        self.layerIdentity = layerIdentity
    }

    /// The canvas of `width × height` pixels is over `budget.maxCanvasPixels`, or nil; the
    /// layer named is the root being rendered.
    init?(canvasWidth width: Int, height: Int, budget: RenderBudget, root: CALayer) {
        if let pixels = Int.checkedArea(width, height), pixels <= budget.maxCanvasPixels { return nil }
        self.init(flag: OperatorLimit.canvasPixels.flag,
                  problem: "the canvas of \(width) x \(height) pixels is over the limit of \(budget.maxCanvasPixels) pixels",
                  layerIdentity: ObjectIdentifier(root))
    }

    /// The layer of the tree under `root` that asked for more, if it is there.
    public func layer(in root: CALayer) -> CALayer? {
        var stack = [root]
        while let l = stack.popLast() {
            if ObjectIdentifier(l) == layerIdentity { return l }
            if let m = l.mask { stack.append(m) }
            if let s = l.sublayers { stack.append(contentsOf: s) }
        }
        return nil
    }

    /// The problem and the flag that raises the limit.
    public var description: String { "\(problem) (raise it with \(flag))" }
}

/// What one frame has spent of its budget: totals shared by the bands, the first refusal.
final class RenderBudgetLedger: @unchecked Sendable {
    let budget: RenderBudget
    private struct Spent {
        var offscreen = 0, blur = 0
        var exceeded: RenderBudgetExceeded?
    }
    private let spent = Locked(Spent())
    /// Set at the first refusal: the frame has failed, and every band stops drawing at once
    /// instead of finishing work whose result is thrown away.
    let stopped = Atomic<Bool>(false)

    init(_ budget: RenderBudget) { self.budget = budget }

    var exceeded: RenderBudgetExceeded? { spent.withLock { $0.exceeded } }

    /// Records a refusal unless one is already kept (the first explains the frame).
    func refuse(_ node: RenderNode, flag: String, _ problem: String) {
        spent.withLock { s in
            if s.exceeded == nil { s.exceeded = RenderBudgetExceeded(flag: flag, problem: problem, layerIdentity: node.identity) }
        }
        stopped.store(true, ordering: .relaxed)
    }

    /// Whether a surface or mask of `width × height` pixels may be made for `node`; counts it.
    func allowOffscreen(_ width: Int, _ height: Int, for node: RenderNode) -> Bool {
        if stopped.load(ordering: .relaxed) { return false }
        guard let pixels = Int.checkedArea(width, height), pixels <= budget.maxSurfacePixels else {
            refuse(node, flag: OperatorLimit.surfacePixels.flag,
                   "an offscreen surface of \(width) x \(height) pixels is over the limit of \(budget.maxSurfacePixels) pixels")
            return false
        }
        let ok = spent.withLock { s -> Bool in
            let (total, o) = s.offscreen.addingReportingOverflow(pixels)
            guard !o, total <= budget.maxOffscreenPixels else { return false }
            s.offscreen = total
            return true
        }
        if !ok {
            refuse(node, flag: OperatorLimit.offscreenPixels.flag,
                   "the frame's offscreen surfaces come to more than \(budget.maxOffscreenPixels) pixels")
        }
        return ok
    }

    /// Whether `pixels` more may be blurred for `node`; counts them.
    func allowBlur(_ pixels: Int, for node: RenderNode) -> Bool {
        if stopped.load(ordering: .relaxed) { return false }
        let ok = spent.withLock { s -> Bool in
            let (total, o) = s.blur.addingReportingOverflow(max(pixels, 0))
            guard !o, total <= budget.maxBlurPixels else { return false }
            s.blur = total
            return true
        }
        if !ok {
            refuse(node, flag: OperatorLimit.blurPixels.flag, "the frame's blurs come to more than \(budget.maxBlurPixels) pixels")
        }
        return ok
    }
}

/// One band's view of the budget: its own draw count and nesting depth (a band is drawn by one
/// thread), the shared ledger for the rest.
final class RenderBudgetMeter: @unchecked Sendable {
    let ledger: RenderBudgetLedger
    private var draws = 0
    private var depth = 0

    init(_ ledger: RenderBudgetLedger) { self.ledger = ledger }

    var budget: RenderBudget { ledger.budget }

    /// Counts one layer drawn; false once the band has drawn its share.
    @inline(__always)
    func allowDraw(_ node: RenderNode) -> Bool {
        if ledger.stopped.load(ordering: .relaxed) { return false }
        draws &+= 1
        if draws <= ledger.budget.maxDrawOperations { return true }
        if draws == ledger.budget.maxDrawOperations &+ 1 {
            ledger.refuse(node, flag: OperatorLimit.drawOperations.flag,
                          "the frame draws more than \(ledger.budget.maxDrawOperations) layers")
        }
        return false
    }

    /// Runs `body` one offscreen level deeper, or refuses when that is deeper than allowed.
    func nested<T>(_ node: RenderNode, _ body: () -> T?) -> T? {
        guard depth < ledger.budget.maxOffscreenDepth else {
            ledger.refuse(node, flag: OperatorLimit.offscreenDepth.flag,
                          "offscreen groups nested deeper than \(ledger.budget.maxOffscreenDepth) levels")
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        return body()
    }

    /// `allowOffscreen` of the ledger for a pixel rectangle.
    func allowOffscreen(_ r: PixelRect, for node: RenderNode) -> Bool {
        ledger.allowOffscreen(r.width, r.height, for: node)
    }
}

extension Compositor {
    /// Whether the plane `shouldRasterize` renders `n` into at `scale` is within the budget's
    /// largest surface (the plane is cut to ±8192 pixels about the layer's origin, as
    /// `renderGroupInPlane` cuts it).
    func rasterizedPlaneFits(_ n: RenderNode, scale: CGFloat) -> Bool {
        var ext = Extent.of(n, world: CATransform3DMakeScale(scale, scale, 1))
        if ext.isEmpty { return true }
        ext = ext.intersection(DeviceRect(minX: -8192, minY: -8192, maxX: 8192, maxY: 8192))
        let r = PixelRect(covering: ext)
        guard let pixels = Int.checkedArea(r.width, r.height) else { return false }
        return pixels <= budget.budget.maxSurfacePixels
    }
}

extension CAImageRenderer {
    /// OpenQuartzCore extension: `image(for:)`, or the reason the frame did not fit `budget`
    /// (nothing of a partial frame is returned), a canvas over `budget.maxCanvasPixels`
    /// included.
    public func checkedImage(for layer: CALayer) throws(RenderBudgetExceeded) -> CGImage {
        let image = self.image(for: layer)
        if let exceeded = budgetExceeded { throw exceeded }
        return image
    }
}
