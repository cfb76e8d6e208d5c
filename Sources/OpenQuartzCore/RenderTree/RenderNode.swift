import Foundation
import Raster
import Synchronization

/// The render tree: a snapshot of a layer tree, taken once per frame.
///
/// Rendering reads only these values, never a `CALayer`, so a frame can be rendered on any
/// thread while the model goes on changing (docs/architecture.md: layer tree → render tree →
/// draw list → pixels). What the node describes never changes; it also keeps, behind locks,
/// what is worked out from it on first use (the context's depth order, occlusion plans, the
/// subtree-unchanged mark), which are functions of that description.
package final class RenderNode: @unchecked Sendable {
    /// Content layers' payloads are boxed (`indirect`): most layers are plain, and a node
    /// stays small (a scene of 20 000 layers keeps 20 000 nodes).
    package enum Kind {
        case plain
        /// A `CATransformLayer`: draws nothing and does not flatten its sublayers.
        case transform
        indirect case shape(ShapeContent)
        indirect case gradient(GradientContent)
        indirect case replicator(ReplicatorContent)
        /// A `CAEmitterLayer`'s particles of the frame.
        indirect case emitter(EmitterContent)
    }

    package let kind: Kind
    let identity: ObjectIdentifier
    let name: String?
    let bounds: CGRect
    /// This layer's bounds space to its superlayer's bounds space, including the superlayer's
    /// `sublayerTransform` about its anchor point (docs/semantics.md §1.2), but not flattening.
    package let toParent: CATransform3D
    package let zPosition: CGFloat
    package let opacity: Float
    let allowsGroupOpacity: Bool
    package let background: Color?
    let corners: CornerShape
    /// The rounded bounds as a path (shared between layers of the same shape).
    let outline: Raster.Path
    package let borderWidth: CGFloat
    package let borderColor: Color?
    let masksToBounds: Bool
    package let shadow: ShadowSpec?
    package let mask: RenderNode?
    let contents: ContentsSpec?
    let rasterization: RasterizationSpec?
    let isDoubleSided: Bool
    let allowsEdgeAntialiasing: Bool
    /// `edgeAntialiasingMask`'s bits: minX 1, maxX 2, minY 4, maxY 8.
    let antialiasedEdges: UInt32
    package let sublayers: [RenderNode]
    /// Changes whenever anything in the subtree (mask included) changes: with `identity` it
    /// keys the caches of rendered groups.
    let version: UInt64
    /// The layer's serial number and `modificationCount` when this node was made: a later
    /// snapshot reuses the node while they are unchanged.
    let layerSerial: UInt64
    let layerModification: UInt64
    /// The layer's `subtreeModificationCount` when this node was last found current: while it
    /// is unchanged (and the node's place too) the snapshot reuses the whole subtree unvisited.
    let layerSubtreeModification: Atomic<UInt64>
    /// Set on the node of a layer in transition (RenderNode+Transition.swift); nil otherwise.
    let transition: TransitionContent?
    /// The blend the layer's `compositingFilter` names; nil: source-over.
    let compositing: BlendMode?

    init(kind: Kind, identity: ObjectIdentifier, name: String?, bounds: CGRect, toParent: CATransform3D,
         zPosition: CGFloat, opacity: Float, allowsGroupOpacity: Bool, background: Color?, corners: CornerShape,
         outline: Raster.Path, borderWidth: CGFloat, borderColor: Color?, masksToBounds: Bool, shadow: ShadowSpec?, mask: RenderNode?,
         contents: ContentsSpec?, rasterization: RasterizationSpec?, isDoubleSided: Bool,
         allowsEdgeAntialiasing: Bool, antialiasedEdges: UInt32, sublayers: [RenderNode], version: UInt64,
         layerSerial: UInt64, layerModification: UInt64, layerSubtreeModification: UInt64,
         transition: TransitionContent? = nil, compositing: BlendMode? = nil) {
        self.kind = kind; self.identity = identity; self.name = name; self.bounds = bounds
        self.toParent = toParent; self.zPosition = zPosition; self.opacity = opacity
        self.allowsGroupOpacity = allowsGroupOpacity; self.background = background; self.corners = corners
        self.outline = outline
        self.borderWidth = borderWidth; self.borderColor = borderColor; self.masksToBounds = masksToBounds
        self.shadow = shadow; self.mask = mask; self.contents = contents; self.rasterization = rasterization
        self.isDoubleSided = isDoubleSided; self.allowsEdgeAntialiasing = allowsEdgeAntialiasing
        self.antialiasedEdges = antialiasedEdges
        self.sublayers = sublayers
        self.version = version
        self.layerSerial = layerSerial
        self.layerModification = layerModification
        self.layerSubtreeModification = Atomic(layerSubtreeModification)
        self.transition = transition
        self.compositing = compositing
        caches = sublayers.isEmpty ? nil : Locked(Caches())
    }

    var isTransformLayer: Bool { if case .transform = kind { return true } else { return false } }

    /// The sublayers' rendering context and its back-to-front order (depth-sorted and cut in
    /// 3D): a function of this immutable subtree, so worked out once, on first use, however
    /// many frames and bands draw the node. A leaf's is empty, with no lock taken.
    var context: RenderingContext.Ordered {
        guard let caches else { return RenderingContext.Ordered(members: [], items: []) }
        return caches.withLock { c in
            if let cached = c.ordered { return cached }
            let members = RenderingContext.members(of: self)
            let ordered = RenderingContext.Ordered(members: members, items: RenderingContext.drawOrder(members))
            c.ordered = ordered
            return ordered
        }
    }

    /// The occlusion plan for drawing the sublayers through `world` into `t` (at full
    /// inherited opacity), kept for the last few placements: a static scene redrawn every
    /// frame, in any number of bands, works it out once.
    func occlusionPlan(world: CATransform3D, into t: Target) -> OcclusionPlan? {
        guard let caches else { return OcclusionPlan.make(context, world: world, into: t) }
        let key = OcclusionPlan.Key(world: world, visible: t.visible, occluded: t.occluded)
        if let hit = caches.withLock({ c in c.occlusionPlans.first { $0.key == key } }) { return hit.plan }
        let plan = OcclusionPlan.make(context, world: world, into: t)
        caches.withLock { c in
            if c.occlusionPlans.count >= 4 { c.occlusionPlans.removeFirst() }
            c.occlusionPlans.append((key, plan))
        }
        return plan
    }

    /// What is worked out from the sublayers on first use, behind one lock; nil for a leaf
    /// (nothing to order or plan), so that the many leaves of a large scene allocate no lock.
    private struct Caches {
        var ordered: RenderingContext.Ordered?
        var occlusionPlans: [(key: OcclusionPlan.Key, plan: OcclusionPlan?)] = []
    }
    private let caches: Locked<Caches>?

    /// How many things this layer draws itself (background, contents, content layer, border),
    /// ignoring sublayers: group opacity only matters when something overlaps something else.
    var ownPrimitiveCount: Int {
        var n = 0
        if background != nil { n += 1 }
        if contents != nil { n += 1 }
        if hasBorder { n += 1 }
        switch kind {
        case .shape(let s): n += (s.fillColor != nil ? 1 : 0) + (s.stroke != nil ? 1 : 0)
        case .gradient: n += 1
        case .emitter(let e): n += min(e.particles.count, 2)
        case .replicator, .plain, .transform: break
        }
        return n
    }

    var hasBorder: Bool { borderWidth > 0 && borderColor != nil && !isTransformLayer }
}

/// Rounded-corner geometry of a layer's bounds: radius per corner after `maskedCorners` and
/// clamping, in the order minXminY, maxXminY, maxXmaxY, minXmaxY.
struct CornerShape: Equatable {
    var radii: (CGFloat, CGFloat, CGFloat, CGFloat)
    var continuous: Bool

    static let square = CornerShape(radii: (0, 0, 0, 0), continuous: false)

    var isSquare: Bool { radii.0 == 0 && radii.1 == 0 && radii.2 == 0 && radii.3 == 0 }

    static func == (l: CornerShape, r: CornerShape) -> Bool {
        l.radii.0 == r.radii.0 && l.radii.1 == r.radii.1 && l.radii.2 == r.radii.2 && l.radii.3 == r.radii.3
            && l.continuous == r.continuous
    }

    /// The same corners, each shrunk by `inset` (the inner edge of a border; CSS's rule, docs/semantics.md §3).
    func inset(by inset: CGFloat) -> CornerShape {
        CornerShape(radii: (max(radii.0 - inset, 0), max(radii.1 - inset, 0),
                            max(radii.2 - inset, 0), max(radii.3 - inset, 0)), continuous: continuous)
    }
}

/// A node's shadow; a class, so that nodes without one pay a pointer.
package final class ShadowSpec: @unchecked Sendable {
    /// Straight colour with `shadowOpacity` folded into alpha.
    package let color: Color
    let offset: CGSize
    /// Gaussian sigma in points (see `shadowSigmaPerRadius`).
    let sigma: CGFloat
    let path: ShadowShape?

    init(color: Color, offset: CGSize, sigma: CGFloat, path: ShadowShape?) {
        self.color = color; self.offset = offset; self.sigma = sigma; self.path = path
    }
}

/// A node's `contents`; a class, so that nodes without any pay a pointer.
package final class ContentsSpec: @unchecked Sendable {
    /// `contentsGravity`, read once from its name: unknown names place the image as `center`
    /// does (Apple-measured, docs/semantics.md §9).
    enum Gravity {
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
        case resize, resizeAspect, resizeAspectFill

        init(_ name: String) {
            switch name {
            case "top": self = .top
            case "bottom": self = .bottom
            case "left": self = .left
            case "right": self = .right
            case "topLeft": self = .topLeft
            case "topRight": self = .topRight
            case "bottomLeft": self = .bottomLeft
            case "bottomRight": self = .bottomRight
            case "resize": self = .resize
            case "resizeAspect": self = .resizeAspect
            case "resizeAspectFill": self = .resizeAspectFill
            default: self = .center
            }
        }

        /// Whether the image is scaled to the bounds (the three resize gravities).
        var scales: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }
    }

    let image: CGImage
    let gravity: Gravity
    let scale: CGFloat
    let rect: CGRect
    let center: CGRect
    let minification: SamplingFilter
    let magnification: SamplingFilter

    package init(image: CGImage, gravity: String, scale: CGFloat, rect: CGRect, center: CGRect,
         minification: SamplingFilter, magnification: SamplingFilter) {
        self.image = image; self.gravity = Gravity(gravity); self.scale = scale; self.rect = rect; self.center = center
        self.minification = minification; self.magnification = magnification
    }
}

struct RasterizationSpec {
    var scale: CGFloat
}

/// A further fill of a shape in a colour of its own (a text layer's runs in other colours).
struct ShapeFill {
    let path: Raster.Path
    let color: Color
}

package struct ShapeContent {
    let path: Raster.Path
    /// The path's control-point box (with `furtherFills`' boxes), found once (extents ask for
    /// it every frame).
    private(set) var pathBounds: CGRect
    /// Filled after `path`, each in its own colour, with the same rule; kept in `pathBounds`.
    var furtherFills: [ShapeFill] = [] {
        didSet { for f in furtherFills { pathBounds = pathBounds.union(f.path.boundsRect) } }
    }
    package var fillColor: Color?
    var fillRule: FillRule
    package var stroke: StrokeSpec?
    /// False for glyph outlines, whose contours never overlap: the fill can skip the
    /// rasterizer's exact pass for shared pixels.
    var contoursOverlap = true

    init(path: Raster.Path, fillColor: Color?, fillRule: FillRule, stroke: StrokeSpec?, contoursOverlap: Bool = true) {
        self.path = path
        pathBounds = path.boundsRect
        self.fillColor = fillColor; self.fillRule = fillRule; self.stroke = stroke
        self.contoursOverlap = contoursOverlap
    }
}

package struct StrokeSpec {
    package var color: Color
    package var style: StrokeStyle
    package var start: CGFloat
    package var end: CGFloat
    /// The stroked outline, kept with the node for the device scale it was flattened for.
    let outlines = StrokeOutlines()
}

/// A shape's stroked outline, made once per device scale: its flattening tolerance depends
/// on the scale, and a static scene redraws it at the same one every frame.
struct StrokeOutlines: Sendable {
    private let kept = Locked<(scale: Double, outline: Raster.Path)?>(nil)

    func outline(scale: Double, _ make: () -> Raster.Path) -> Raster.Path {
        if let k = kept.withLock({ $0 }), k.scale == scale { return k.outline }
        let outline = make()
        kept.withLock { $0 = (scale, outline) }
        return outline
    }
}

package struct GradientContent {
    enum Kind { case axial, radial, conic }
    var kind: Kind
    var colors: [Color]
    var locations: [CGFloat]
    var startPoint: CGPoint
    var endPoint: CGPoint
}

package struct ReplicatorContent {
    /// The most instances drawn of one replicator (2¹⁶): `instanceCount` is any `Int`, and
    /// work in proportion to it never ends (`Int.max` iterations of the extent and draw loops).
    /// The extent of a group or shadow unions every instance without a budget to stop it:
    /// 2²⁰ instances of three layers took 35 s in a debug build, 2¹⁶ take about 2 s.
    package static let maxInstances = 1 << 16

    /// `instanceCount`, at least 0 and at most `maxInstances`.
    var instanceCount: Int
    var instanceTransform: CATransform3D
    var instanceColor: Color
    var redOffset: Float, greenOffset: Float, blueOffset: Float, alphaOffset: Float
    /// With `instanceDelay` and animations below: instance i's sublayers, evaluated i delays
    /// earlier (a node whose sublayers stand for the replicator's); nil: every instance draws
    /// the replicator's own sublayers.
    var instanceNodes: [RenderNode]? = nil

    /// Instance `i`'s tint: `instanceColor` plus `i` times the colour offsets, each channel
    /// clamped to 0…1 (CAReplicatorLayer.h). The offsets come from setters and animations that
    /// take any `Float`, so an offset that is NaN counts as 0 (no change from instance to
    /// instance), an infinite one saturates the channel from instance 1 on (instance 0 is
    /// `instanceColor` itself, where 0 × ∞ would be NaN), and a channel never leaves 0…1.
    func tint(ofInstance i: Int) -> Color {
        let k = Float(max(i, 0))
        func channel(_ base: Float, _ offset: Float) -> Float {
            let x = i > 0 && !offset.isNaN ? base + k * offset : base
            return x.isNaN ? 0 : min(max(x, 0), 1)
        }
        return Color(r: channel(instanceColor.r, redOffset), g: channel(instanceColor.g, greenOffset),
                     b: channel(instanceColor.b, blueOffset), a: channel(instanceColor.a, alphaOffset))
    }
}
