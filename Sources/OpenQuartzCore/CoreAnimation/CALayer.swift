import Foundation
import Raster
import Synchronization

/// Core Animation's layer: a rectangle with a background, border, contents, shadow and sublayers,
/// placed in its superlayer by `position`, `anchorPoint`, `bounds` and `transform`.
///
/// Property names, types and defaults are Apple's (CALayer.h). Geometry helpers live in
/// `CALayer+Geometry.swift`, the layer tree in `CALayer+Hierarchy.swift`, hit testing in
/// `CALayer+HitTesting.swift`.
///
/// OpenQuartzCore extensions (not in Apple's API) are marked as such: `modificationCount`,
/// `allowsHitTesting`, `canAddSublayer(_:)`, `canSetMask(_:)`, `transformToSuperlayer()`.
open class CALayer: NSObject, NSSecureCoding, CAMediaTiming {
    // The stored properties are `@exclusivity(unchecked)`: the renderer reads dozens of them per
    // layer per frame, and Swift's run-time exclusivity check costs more than most reads. A
    // layer's properties, like Apple's Objective-C ones, are not meant to be changed by two
    // threads at once; that misuse is not diagnosed.

    // MARK: Change tracking (OpenQuartzCore extension)

    /// Bumped (wrapping) on every property set of this layer, and on every change of its
    /// `sublayers` list or `mask`. Not propagated to ancestors: a renderer that caches a subtree
    /// compares the counters of the layers in it. Setting a property to its current value still
    /// counts as a change.
    public internal(set) var modificationCount: UInt64 = 0

    /// Unique for the life of the process (unlike an object address, never reused), so that
    /// a renderer's cache keys cannot mistake a new layer for a freed one.
    let serialNumber: UInt64 = LayerSerial.next()

    /// Bumped with `modificationCount` here and in every layer of the subtree (sublayers and
    /// masks, at any depth), so that a renderer can skip a subtree whose counter it has seen.
    @exclusivity(unchecked) package var subtreeModificationCount: UInt64 = 0

    @inline(__always) final func noteChange() {
        modificationCount &+= 1
        subtreeModificationCount &+= 1
        var up = superlayer
        while let l = up {
            l.subtreeModificationCount &+= 1
            up = l.superlayer
        }
    }

    // MARK: Geometry

    /// Changing the size marks the layer as needing layout (`setNeedsLayout()`), as Core
    /// Animation does when "the layer's bounds change" (Apple's `setNeedsLayout()` discussion);
    /// moving the origin alone scrolls the contents and does not.
    @exclusivity(unchecked) open var bounds: CGRect = .zero {
        didSet {
            noteChange(oldValue)
            if bounds.size != oldValue.size { setNeedsLayout() }
        }
    }
    /// The layer's anchor point in its superlayer's coordinate space. Default (0, 0). Animatable.
    @exclusivity(unchecked) open var position: CGPoint = .zero { didSet { noteChange(oldValue) } }
    /// The layer's position on the z axis: added to the z of `position`, it orders siblings
    /// (higher in front) and places the layer in 3D. Default 0. Animatable.
    @exclusivity(unchecked) open var zPosition: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// The point of `bounds`, in unit coordinates, that sits at `position` and that
    /// `transform` turns about. Default (0.5, 0.5), the centre. Animatable.
    @exclusivity(unchecked) open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { noteChange(oldValue) } }
    /// The z of the anchor point, in points, for transforms that turn the layer in 3D. Default 0. Animatable.
    @exclusivity(unchecked) open var anchorPointZ: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// The transform applied to the layer, about its anchor point, relative to its superlayer.
    /// Default the identity. Animatable.
    @exclusivity(unchecked) open var transform: CATransform3D = CATransform3DIdentity { didSet { noteChange(oldValue) } }
    /// A transform applied to every sublayer (not to the layer itself), about the layer's anchor
    /// point; the usual place for a shared perspective (`m34`). Default the identity. Animatable.
    open var sublayerTransform: CATransform3D {
        get { rare?.sublayerTransform ?? CATransform3DIdentity }
        set { let old = sublayerTransform; rarelySet.sublayerTransform = newValue; noteChange(old) }
    }
    /// Flips the geometry of the sublayers vertically about the middle of `bounds`
    /// (see `transformToSuperlayer()`); `contents` keep their orientation.
    @exclusivity(unchecked) open var isGeometryFlipped = false { didSet { noteChange() } }

    /// The bounding box of the layer's bounds in the superlayer's coordinate space (the space
    /// `position` is measured in). Setting it sets `bounds.size` (keeping `bounds.origin`) and
    /// `position = frame.origin + anchorPoint * frame.size`, ignoring `transform`, as Core
    /// Animation does; Apple calls the result undefined under non-rectilinear transforms.
    open var frame: CGRect {
        get { computedFrame() }
        set { applyFrame(newValue) }
    }

    // MARK: Tree

    /// The layer this one is a sublayer or the `mask` of.
    public internal(set) weak var superlayer: CALayer? {
        // A move can change the layer's local time (LayerTimeTree).
        didSet { LayerTimeTree.changed() }
    }

    /// Back to front. Setting it re-parents the new layers and detaches the old ones; a layer that
    /// `canAddSublayer(_:)` refuses stops the program (check first for untrusted input).
    open var sublayers: [CALayer]? {
        get { storedSublayers }
        set { replaceAllSublayers(with: newValue) }
    }
    @exclusivity(unchecked) var storedSublayers: [CALayer]?

    /// A layer whose alpha masks this layer's composite. Its `superlayer` becomes this layer; it is
    /// not in `sublayers`. A layer that `canSetMask(_:)` refuses stops the program.
    open var mask: CALayer? {
        get { storedMask }
        set { replaceMask(with: newValue) }
    }
    @exclusivity(unchecked) var storedMask: CALayer?

    // MARK: Visibility and compositing

    /// Whether the layer and its subtree are left out of rendering and hit testing. Default false.
    /// Animatable. Showing or hiding a layer of a tree on screen runs its `kCAOnOrderIn` or
    /// `kCAOnOrderOut` action, as Core Animation does.
    @exclusivity(unchecked) open var isHidden = false {
        didSet {
            noteChange(oldValue)
            if isHidden != oldValue, (superlayer ?? self).isCommittedToRender {
                runAction(forKey: isHidden ? kCAOnOrderOut : kCAOnOrderIn, old: nil)
            }
        }
    }
    /// The layer's opacity, 0 to 1, applied to everything it draws and its sublayers. Default 1. Animatable.
    @exclusivity(unchecked) open var opacity: Float = 1 { didSet { noteChange(oldValue) } }
    /// Apple's default is true on iOS ≥ 7 and macOS; a scene's canvas may give another default.
    @exclusivity(unchecked) open var allowsGroupOpacity = true { didSet { noteChange() } }
    /// Whether the layer is drawn when its back faces the viewer; false culls it then. Default true. Animatable.
    @exclusivity(unchecked) open var isDoubleSided = true { didSet { noteChange(oldValue) } }
    /// Whether the layer's sublayers and contents are clipped to its bounds (rounded by
    /// `cornerRadius`); the layer's own shadow is clipped too. Default false.
    @exclusivity(unchecked) open var masksToBounds = false { didSet { noteChange(oldValue) } }
    /// Apple's default is false on iOS, true on macOS; OpenQuartzCore follows iOS.
    @exclusivity(unchecked) open var allowsEdgeAntialiasing = false { didSet { noteChange() } }
    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is on. Default all four.
    @exclusivity(unchecked) open var edgeAntialiasingMask: CAEdgeAntialiasingMask =
        [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge] { didSet { noteChange() } }
    /// Whether the layer and its subtree are rendered once into a bitmap (at
    /// `rasterizationScale`) that is reused while the subtree does not change. Default false.
    @exclusivity(unchecked) open var shouldRasterize = false { didSet { noteChange(oldValue) } }
    /// The scale of the bitmap `shouldRasterize` keeps, in pixels per point. Default 1. Animatable.
    @exclusivity(unchecked) open var rasterizationScale: CGFloat = 1 { didSet { noteChange(oldValue) } }

    /// The Core Image filter that composites the layer, with its subtree as one image, with
    /// the content behind it: what was drawn before it into the same surface (its superlayer's
    /// and siblings' content, up to the nearest ancestor drawn as a group: group opacity, a
    /// mask, `shouldRasterize`). Default nil, source-over. Animatable (the change is immediate).
    ///
    /// Apple's value is a `CIFilter`; there is no Core Image on Linux, so the filter is given by
    /// name, Core Image's (`"CIMultiplyBlendMode"`) or Core Animation's (`"multiplyBlendMode"`).
    /// The blend modes of Core Image's composite-operation category that Core Graphics has are
    /// drawn; other values draw source-over and are reported once on standard error
    /// (docs/semantics.md, "Compositing filters"). Transform layers ignore it, as they ignore
    /// everything a layer draws itself.
    open var compositingFilter: Any? {
        get { rare?.compositingFilter }
        set {
            rarelySet.compositingFilter = newValue
            rarelySet.compositingBlend = CompositingFilter.blend(for: newValue)
            noteChange()
        }
    }
    /// The blend `compositingFilter` resolves to (nil: source-over), worked out when it is set.
    var compositingBlend: BlendMode? { rare?.compositingBlend }
    /// Core Image filters for the layer's content and sublayers. Default nil. There is no Core
    /// Image on Linux: the array is kept and copied but draws nothing (docs/limits.md).
    open var filters: [Any]? {
        get { rare?.filters }
        set { rarelySet.filters = newValue; noteChange() }
    }
    /// Core Image filters for the content behind the layer. Default nil. There is no Core Image
    /// on Linux: the array is kept and copied but draws nothing (docs/limits.md).
    open var backgroundFilters: [Any]? {
        get { rare?.backgroundFilters }
        set { rarelySet.backgroundFilters = newValue; noteChange() }
    }

    // MARK: Background and border

    /// The colour that fills the layer's bounds, rounded by `cornerRadius`. Default nil (none). Animatable.
    @exclusivity(unchecked) open var backgroundColor: CGColor? { didSet { noteChange(oldValue) } }
    /// The radius of the rounded corners of the background, border and `masksToBounds` clip;
    /// clamped to half the shorter side. Default 0. Animatable.
    @exclusivity(unchecked) open var cornerRadius: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// The shape of the rounded corners: circular arcs or a continuous curve. Default `.circular`.
    @exclusivity(unchecked) open var cornerCurve: CALayerCornerCurve = .circular { didSet { noteChange() } }
    /// Which corners `cornerRadius` rounds. Default all four.
    @exclusivity(unchecked) open var maskedCorners: CACornerMask =
        [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] { didSet { noteChange() } }
    /// The width of the border, drawn inside the bounds, above the sublayers. Default 0. Animatable.
    @exclusivity(unchecked) open var borderWidth: CGFloat = 0 { didSet { noteChange(oldValue) } }
    /// The border's colour. Default opaque black. Animatable.
    @exclusivity(unchecked) open var borderColor: CGColor? = CGColor.black { didSet { noteChange(oldValue) } }

    // MARK: Shadow

    /// The opacity of the shadow, 0 to 1. Default 0 (no shadow). Animatable.
    open var shadowOpacity: Float {
        get { rare?.shadowOpacity ?? 0 }
        set { let old = shadowOpacity; rarelySet.shadowOpacity = newValue; noteChange(old) }
    }
    /// The colour of the shadow. Default opaque black. Animatable.
    open var shadowColor: CGColor? {
        get { rare.map { $0.shadowColor } ?? CGColor.black }
        set { let old = shadowColor; rarelySet.shadowColor = newValue; noteChange(old) }
    }
    /// The shadow's offset, in points. Default (0, −3). Animatable.
    open var shadowOffset: CGSize {
        get { rare?.shadowOffset ?? CGSize(width: 0, height: -3) }
        set { let old = shadowOffset; rarelySet.shadowOffset = newValue; noteChange(old) }
    }
    /// The blur radius of the shadow, in points: the sigma of its Gaussian here. Default 3. Animatable.
    open var shadowRadius: CGFloat {
        get { rare?.shadowRadius ?? 3 }
        set { let old = shadowRadius; rarelySet.shadowRadius = newValue; noteChange(old) }
    }
    /// The shape of the shadow; nil takes it from the alpha of what the layer draws. Giving it
    /// is also faster. Default nil. Animatable.
    open var shadowPath: CGPath? {
        get { rare?.shadowPath }
        set { let old = shadowPath; rarelySet.shadowPath = newValue; noteChange(old) }
    }

    // MARK: Contents

    /// Normally a `CGImage`; anything else draws nothing.
    open var contents: Any? {
        get { rare?.contents }
        set { let old = contents; rarelySet.contents = newValue; noteChange(old) }
    }
    /// How `contents` is placed in the bounds: stretched, fitted, filled or aligned. Default `.resize`.
    open var contentsGravity: CALayerContentsGravity {
        get { rare?.contentsGravity ?? .resize }
        set { rarelySet.contentsGravity = newValue; noteChange() }
    }
    /// The pixels per point of `contents`, which sets the natural size of an image for the
    /// gravities that do not resize it. Default 1.
    open var contentsScale: CGFloat {
        get { rare?.contentsScale ?? 1 }
        set { rarelySet.contentsScale = newValue; noteChange() }
    }
    /// The part of `contents` drawn, in unit coordinates of the image. Default (0, 0, 1, 1). Animatable.
    open var contentsRect: CGRect {
        get { rare?.contentsRect ?? CGRect(x: 0, y: 0, width: 1, height: 1) }
        set { let old = contentsRect; rarelySet.contentsRect = newValue; noteChange(old) }
    }
    /// The stretchable middle of `contents`, in unit coordinates. Default (0, 0, 1, 1). Animatable.
    open var contentsCenter: CGRect {
        get { rare?.contentsCenter ?? CGRect(x: 0, y: 0, width: 1, height: 1) }
        set { let old = contentsCenter; rarelySet.contentsCenter = newValue; noteChange(old) }
    }
    /// The filter used when `contents` is drawn smaller than its pixels. Default `.linear`.
    open var minificationFilter: CALayerContentsFilter {
        get { rare?.minificationFilter ?? .linear }
        set { rarelySet.minificationFilter = newValue; noteChange() }
    }
    /// The filter used when `contents` is drawn larger than its pixels. Default `.linear`.
    open var magnificationFilter: CALayerContentsFilter {
        get { rare?.magnificationFilter ?? .linear }
        set { rarelySet.magnificationFilter = newValue; noteChange() }
    }
    /// A bias added to the mipmap level the trilinear filter picks. Default 0.
    open var minificationFilterBias: Float {
        get { rare?.minificationFilterBias ?? 0 }
        set { rarelySet.minificationFilterBias = newValue; noteChange() }
    }
    /// A hint for the storage format of the backing store `display()` draws. Default
    /// `.RGBA8Uint`. Backing stores are always 8-bit RGBA here: the hint changes no pixel.
    open var contentsFormat: CALayerContentsFormat {
        get { rare?.contentsFormat ?? .RGBA8Uint }
        set { rarelySet.contentsFormat = newValue; noteChange() }
    }
    /// Whether the layer's contents may use extended dynamic range. Default false. Output is
    /// standard range here: kept, changes no pixel.
    open var wantsExtendedDynamicRangeContent: Bool {
        get { rare?.wantsExtendedDynamicRangeContent ?? false }
        set { rarelySet.wantsExtendedDynamicRangeContent = newValue; noteChange() }
    }
    /// How extended-range contents are tone-mapped. Default `.automatic`. Output is standard
    /// range here: kept, changes no pixel.
    open var toneMapMode: CALayer.ToneMapMode {
        get { rare?.toneMapMode ?? .automatic }
        set { rarelySet.toneMapMode = newValue; noteChange() }
    }
    /// The dynamic range the contents would like to be shown in. Default `.automatic`. Output
    /// is standard range here: kept, changes no pixel.
    open var preferredDynamicRange: CALayer.DynamicRange {
        get { rare?.preferredDynamicRange ?? .automatic }
        set { rarelySet.preferredDynamicRange = newValue; noteChange() }
    }
    /// The headroom of the contents above standard white (1 is standard range; 0, the default,
    /// lets the system decide). Output is standard range here: kept, changes no pixel.
    open var contentsHeadroom: CGFloat {
        get { rare?.contentsHeadroom ?? 0 }
        set { rarelySet.contentsHeadroom = newValue; noteChange() }
    }
    /// Whether the layer's drawing is recorded so that it is redrawn sharp at any scale.
    /// Default false. The renderer here draws shapes, text and borders from their geometry at
    /// every frame's scale already; a backing store drawn by `draw(in:)` keeps its pixels.
    open var wantsDynamicContentScaling: Bool {
        get { rare?.wantsDynamicContentScaling ?? false }
        set { rarelySet.wantsDynamicContentScaling = newValue; noteChange() }
    }
    /// Values for keys the layer does not define itself, as Core Animation's style dictionary.
    /// Default nil. Its `"actions"` dictionary is searched for a layer's actions after
    /// `actions` (Apple's order for `action(forKey:)`). Every property of a layer here has a
    /// value of its own (its default when not set), so the dictionary supplies no property
    /// values (docs/limits.md).
    open var style: [AnyHashable: Any]? {
        get { rare?.style }
        set { rarelySet.style = newValue; noteChange() }
    }

    /// Properties most layers leave at their defaults (sublayer transform, shadow, contents),
    /// kept out of line: a layer that sets none of them is 300 bytes smaller, which a tree of
    /// tens of thousands of layers notices.
    private final class RareProperties {
        var sublayerTransform = CATransform3DIdentity
        var shadowOpacity: Float = 0
        var shadowColor: CGColor? = CGColor.black
        var shadowOffset = CGSize(width: 0, height: -3)
        var shadowRadius: CGFloat = 3
        var shadowPath: CGPath?
        var contents: Any?
        var contentsGravity: CALayerContentsGravity = .resize
        var contentsScale: CGFloat = 1
        var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        var minificationFilter: CALayerContentsFilter = .linear
        var magnificationFilter: CALayerContentsFilter = .linear
        var minificationFilterBias: Float = 0
        var compositingFilter: Any?
        var compositingBlend: BlendMode?
        var filters: [Any]?
        var backgroundFilters: [Any]?
        var contentsFormat: CALayerContentsFormat = .RGBA8Uint
        var wantsExtendedDynamicRangeContent = false
        var toneMapMode: CALayer.ToneMapMode = .automatic
        var preferredDynamicRange: CALayer.DynamicRange = .automatic
        var contentsHeadroom: CGFloat = 0
        var wantsDynamicContentScaling = false
        var style: [AnyHashable: Any]?
    }
    @exclusivity(unchecked) private var rare: RareProperties?
    private var rarelySet: RareProperties {
        if let r = rare { return r }
        let r = RareProperties()
        rare = r
        return r
    }

    // MARK: Delegate

    /// The object that lays out this layer's sublayers, provides its actions and (with the
    /// drawing model) its contents. Held weakly, as on Apple's platforms; a `UIView` is the
    /// delegate of its layer there.
    open weak var delegate: (any CALayerDelegate)?

    // MARK: Identification and interaction

    /// A name for the layer, for finding it (`oqc hit` prints it). Default nil.
    @exclusivity(unchecked) open var name: String? { didSet { noteChange() } }

    /// OpenQuartzCore extension: false keeps this layer and its whole subtree out of `hitTest(_:)`
    /// (the role UIKit's `isUserInteractionEnabled` plays for views). Rendering is unaffected.
    @exclusivity(unchecked) open var allowsHitTesting = true { didSet { noteChange() } }

    // MARK: Initialisers

    /// Creates a layer with Core Animation's defaults for every property.
    public override init() { super.init() }

    /// A copy of `layer`'s own properties, as Core Animation makes presentation layers. The tree
    /// is not copied: the new layer has no superlayer, no sublayers and no mask. Anything that is
    /// not a `CALayer` gives a default layer. Subclasses copy their own properties after calling
    /// this.
    public init(layer: Any) {
        super.init()
        if let l = layer as? CALayer { copyLayerState(from: l) }
    }

    /// Copies `l`'s own properties (not its tree) into this layer: the body of `init(layer:)`,
    /// and of `init?(coder:)` given a presentation coder. Each Core Animation subclass overrides
    /// it to copy its own properties after calling super's, so the dynamic class decides what
    /// is copied whichever initializer ran (a subclass's stored properties are set by then).
    func copyLayerState(from l: CALayer) {
        bounds = l.bounds; position = l.position; zPosition = l.zPosition
        anchorPoint = l.anchorPoint; anchorPointZ = l.anchorPointZ
        transform = l.transform; sublayerTransform = l.sublayerTransform
        isGeometryFlipped = l.isGeometryFlipped
        isHidden = l.isHidden; opacity = l.opacity; allowsGroupOpacity = l.allowsGroupOpacity
        isDoubleSided = l.isDoubleSided; masksToBounds = l.masksToBounds
        allowsEdgeAntialiasing = l.allowsEdgeAntialiasing; edgeAntialiasingMask = l.edgeAntialiasingMask
        shouldRasterize = l.shouldRasterize; rasterizationScale = l.rasterizationScale
        backgroundColor = l.backgroundColor; cornerRadius = l.cornerRadius; cornerCurve = l.cornerCurve
        maskedCorners = l.maskedCorners; borderWidth = l.borderWidth; borderColor = l.borderColor
        shadowOpacity = l.shadowOpacity; shadowColor = l.shadowColor; shadowOffset = l.shadowOffset
        shadowRadius = l.shadowRadius; shadowPath = l.shadowPath
        contents = l.contents; contentsGravity = l.contentsGravity; contentsScale = l.contentsScale
        contentsRect = l.contentsRect; contentsCenter = l.contentsCenter
        minificationFilter = l.minificationFilter; magnificationFilter = l.magnificationFilter
        minificationFilterBias = l.minificationFilterBias
        if l.rare != nil {
            compositingFilter = l.compositingFilter; filters = l.filters; backgroundFilters = l.backgroundFilters
            contentsFormat = l.contentsFormat; wantsExtendedDynamicRangeContent = l.wantsExtendedDynamicRangeContent
            toneMapMode = l.toneMapMode; preferredDynamicRange = l.preferredDynamicRange
            contentsHeadroom = l.contentsHeadroom; wantsDynamicContentScaling = l.wantsDynamicContentScaling
            style = l.style
        }
        name = l.name; allowsHitTesting = l.allowsHitTesting
        copyAnimationState(from: l)
        copyDisplayProperties(from: l)
    }

    // MARK: Affine transform

    /// The affine part of `transform`, or the identity when `transform` is not affine
    /// (Apple-measured, docs/semantics.md §1.2).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets `transform` to the 3D form of an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// How far, in multiples of `cornerRadius`, a corner of this curve reaches along each edge:
    /// 1 for circular corners, about 1.528665 for continuous ones (whose curvature eases into
    /// the straight edges). Unknown curves answer 1.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CGFloat(CALayerCornerCurve.continuousReach) : 1
    }

    // MARK: Overridable queries

    /// Whether `p` (in this layer's bounds space) is inside the layer: the half-open rectangle
    /// `bounds` (min edges in, max edges out), ignoring corner radius and content alpha, as Core
    /// Animation does. Override to change the hit area.
    open func contains(_ p: CGPoint) -> Bool {
        let b = bounds.standardized
        return p.x >= b.minX && p.x < b.maxX && p.y >= b.minY && p.y < b.maxY
    }

    /// The front-most layer under `p` (in the superlayer's coordinate space) among this layer and
    /// its subtree, or nil. See `CALayer+HitTesting.swift` for the rules.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTest(p, through: transformFromSuperlayerToHitSpace()) }

    // MARK: - Scrolling (Apple's CALayerScrolling; CALayer+Scrolling.swift)

    /// Scrolls the closest ancestor `CAScrollLayer` so that `p`, in this layer's bounds space,
    /// lies at its origin (the top-left of its bounds). Does nothing outside a scroll layer.
    open func scroll(_ p: CGPoint) { scrollEnclosingScrollLayer(to: p) }

    /// Scrolls the closest ancestor `CAScrollLayer` so that `r`, in this layer's bounds space,
    /// becomes visible (`CAScrollLayer.scroll(to:)` with `r` in its space). Does nothing outside
    /// a scroll layer.
    open func scrollRectToVisible(_ r: CGRect) { scrollEnclosingScrollLayer(toVisible: r) }

    /// The part of the layer the closest ancestor scroll layer does not clip away, in the layer's
    /// bounds space: the bounds cut to the scroll layer's bounds; `CGRect.null` when scrolled
    /// wholly out of view; the bounds outside a scroll layer.
    open var visibleRect: CGRect { boundsVisibleInScrollLayer }

    /// Whether `contents` are drawn flipped relative to this layer's bounds space: true when an odd
    /// number of layers from this one up to the root have `isGeometryFlipped` set.
    open func contentsAreFlipped() -> Bool {
        var flipped = false
        var l: CALayer? = self
        while let layer = l {
            if layer.isGeometryFlipped { flipped.toggle() }
            l = layer.superlayer
        }
        return flipped
    }

    /// OpenQuartzCore extension: false for layers that keep their sublayers in 3D instead of
    /// projecting them into their own plane (CATransformLayer, a CAReplicatorLayer with
    /// `preservesDepth`). Such a layer is never hit itself and draws no content of its own.
    public var flattensSublayers: Bool { true }

    // MARK: - Layer tree (open, as Apple declares it)

    // Apple's hierarchy, geometry and hit-testing members are `open`: subclasses override them
    // (a view's layer tracks its sublayers, a gauge widens its hit area). Swift cannot override
    // members declared in extensions without Objective-C, so they live in the class body; the
    // work is done by the final helpers in `CALayer+Hierarchy.swift` and
    // `CALayer+Geometry.swift`, which never call back into these overridable entry points, so an
    // override that calls `super` cannot recurse through another one.

    /// Appends `layer` to `sublayers` (front-most), removing it from its old superlayer first.
    /// Marks this layer as needing layout.
    open func addSublayer(_ layer: CALayer) {
        attachSublayer(layer, at: storedSublayers?.count ?? 0)
    }

    /// Inserts `layer` at `idx` of `sublayers` (counted after removing it from its old place);
    /// an index past the end appends. Marks this layer as needing layout.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        attachSublayer(layer, at: Int(idx))
    }

    /// Inserts `layer` just behind `sibling`; at the back when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        attachSublayer(layer, nextTo: sibling, above: false)
    }

    /// Inserts `layer` just in front of `sibling`; at the front when `sibling` is nil or not a
    /// sublayer.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        attachSublayer(layer, nextTo: sibling, above: true)
    }

    /// Puts `newLayer` where `oldLayer` is in `sublayers`. Does nothing when `oldLayer` is not a
    /// sublayer of this layer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        swapSublayer(oldLayer, for: newLayer)
    }

    /// Detaches the layer from its superlayer, or from its host when it is a mask. Marks the old
    /// superlayer as needing layout.
    open func removeFromSuperlayer() {
        let parent = superlayer
        detachFromSuperlayer()
        // Core Animation runs the layer's onOrderOut action when it leaves a tree on screen.
        if parent?.isCommittedToRender == true, !isHidden { runAction(forKey: kCAOnOrderOut, old: nil) }
    }

    // MARK: - Converting between coordinate spaces

    /// `p`, given in `layer`'s bounds space, in this layer's bounds space. A nil `layer` means the
    /// space the root layer's `frame` lives in (the canvas, for a scene). Layers of different
    /// trees meet in that space. Points go up by projection (divide by w, drop z at every
    /// flattening layer) and down by un-projection onto each layer's z = 0 plane, so perspective
    /// in transforms and sublayerTransforms is honoured. Where no visible point maps (a plane
    /// seen edge on, a point on or behind the eye plane of a perspective) the result is NaN.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        CALayer.map(p, from: layer, to: self)
    }

    /// `p`, given in this layer's bounds space, in `layer`'s bounds space (nil: the root's
    /// superlayer space). See `convert(_:from:)`.
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        CALayer.map(p, from: self, to: layer)
    }

    /// The bounding box of `r`'s corners converted from `layer`'s bounds space.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        CALayer.map(r, from: layer, to: self)
    }

    /// The bounding box of `r`'s corners converted to `layer`'s bounds space.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        CALayer.map(r, from: self, to: layer)
    }

    // MARK: - Layout

    /// Marks the layer as needing layout: the next render (or `layoutIfNeeded()`) calls its
    /// `layoutSublayers()`. Core Animation calls it when the bounds' size changes and when
    /// sublayers are added or removed.
    open func setNeedsLayout() { markNeedsLayout() }

    /// Whether the layer is marked as needing layout (`setNeedsLayout()` since its last layout).
    open func needsLayout() -> Bool { layoutState.contains(.needsLayout) }

    /// Lays out now, if anything needs it: walks up the superlayers while they need layout, then
    /// lays out the tree under the top-most one, parents before children (Apple's discussion of
    /// `layoutIfNeeded()`).
    open func layoutIfNeeded() {
        var top: CALayer = self
        while let up = top.superlayer, up.needsLayout() { top = up }
        top.runLayoutPass()
    }

    /// Lays out the sublayers. The default asks the `delegate` (`layoutSublayers(of:)`), which
    /// is how a view lays out its layer on iOS; subclasses override it to set their sublayers'
    /// frames. Called by the layout pass, never directly.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The size the layer would like in its superlayer's space. The default is the size of
    /// `bounds` mapped into the superlayer (the size of `frame`; zero where that is undefined),
    /// as Apple documents it without a layout manager.
    open func preferredFrameSize() -> CGSize {
        let f = computedFrame()
        return f.isNull ? .zero : f.size
    }

    /// Layout flags (see `CALayer+Layout.swift`).
    final var layoutState: LayoutState = []

    // MARK: - Archiving

    /// True: layers decode with `NSKeyedUnarchiver`'s secure decoding. Subclasses that archive
    /// objects of their own classes override it to stay secure.
    open class var supportsSecureCoding: Bool { true }

    /// A layer read from a keyed archive written by `encode(with:)`: every property, its
    /// sublayers and mask. Absent or malformed values keep their defaults (see
    /// `CALayer+Coding.swift`); the delegate is not archived.
    public required init?(coder: NSCoder) {
        super.init()
        // presentation() of a subclass of yours: a copy of the model layer, not an archive.
        if let p = coder as? PresentationCoder { copyLayerState(from: p.model) } else { decodeLayerProperties(from: coder) }
    }

    /// Writes every property, the sublayers and the mask, under the properties' names.
    /// Subclasses call `super` and add their own.
    open func encode(with coder: NSCoder) { encodeLayerProperties(with: coder) }

    /// Whether the value of `key` is archived. OpenQuartzCore archives every property it has,
    /// so the default is true, as Apple's is for properties.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Identity

    // Equality and hashing are NSObject's: identity, as for every CALayer on Apple's platforms.

    /// The layer's class and name (or serial number), for debugging.
    open override var description: String { "<\(type(of: self)) \(debugLabel)>" }

    /// The name, or the type and object identity of an unnamed layer (used in error messages).
    final var debugLabel: String {
        if let name { return "'\(name)'" }
        return "\(type(of: self))@\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))"
    }

    // MARK: - Animation and timing

    /// Animations, timing, custom key-value storage and the render's presentation copy; nil
    /// for a layer that never used any of them (most layers), which keeps layers small.
    package final var animationStorage: LayerAnimationStorage?
    /// Whether a timed render has drawn this layer (Core Animation's "committed to the render
    /// tree"): only then do property changes run actions (implicit animations).
    @exclusivity(unchecked) var isCommittedToRender = false
    /// Whether this layer or one below it may have animations: set upwards when an animation is
    /// added, recomputed by the snapshot, so unchanged subtrees without animations are reused.
    @exclusivity(unchecked) var animatedSubtree = false

    /// Marks a change of an animatable property: what `noteChange()` does, then (for a layer
    /// already rendered) Core Animation's action search for the property's key, with the value
    /// it had. `key` is the Swift property name (the observer's `#function`).
    @inline(__always) final func noteChange<T>(_ old: T, _ key: StaticString = #function) {
        noteChange()
        if isCommittedToRender { runAction(forChangeOf: key, from: old) }
    }

    /// When the layer's time starts, in its superlayer's time. Default 0. Not animatable.
    open var beginTime: CFTimeInterval {
        get { animationStorage?.timing.beginTime ?? 0 }
        set { animStorage.timing.beginTime = newValue; noteChange() }
    }
    /// Layers have no simple duration of their own; stored for `CAMediaTiming`. Default 0.
    open var duration: CFTimeInterval {
        get { animationStorage?.timing.duration ?? 0 }
        set { animStorage.timing.duration = newValue; noteChange() }
    }
    /// How fast the layer's time (and its sublayers' and animations') runs against its
    /// superlayer's. Default 1; 0 pauses.
    open var speed: Float {
        get { animationStorage?.timing.speed ?? 1 }
        set { animStorage.timing.speed = newValue; noteChange() }
    }
    /// Added to the layer's local time. Default 0; with `speed = 0`, the time shown.
    open var timeOffset: CFTimeInterval {
        get { animationStorage?.timing.timeOffset ?? 0 }
        set { animStorage.timing.timeOffset = newValue; noteChange() }
    }
    /// Stored for `CAMediaTiming`; a layer's time does not repeat. Default 0.
    open var repeatCount: Float {
        get { animationStorage?.timing.repeatCount ?? 0 }
        set { animStorage.timing.repeatCount = newValue; noteChange() }
    }
    /// Stored for `CAMediaTiming`. Default 0.
    open var repeatDuration: CFTimeInterval {
        get { animationStorage?.timing.repeatDuration ?? 0 }
        set { animStorage.timing.repeatDuration = newValue; noteChange() }
    }
    /// Stored for `CAMediaTiming`. Default false.
    open var autoreverses: Bool {
        get { animationStorage?.timing.autoreverses ?? false }
        set { animStorage.timing.autoreverses = newValue; noteChange() }
    }
    /// Stored for `CAMediaTiming`. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { animationStorage?.timing.fillMode ?? .removed }
        set { animStorage.timing.fillMode = newValue; noteChange() }
    }

    /// Converts a time from `l`'s local time (nil: media time) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: l.map { $0.mediaTime(fromLocalTime: t) } ?? t)
    }

    /// Converts a time from this layer's local time to `l`'s (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return l.map { $0.localTime(fromMediaTime: media) } ?? media
    }

    /// Adds a copy of `anim` under `key` (nil: a key of its own), replacing an animation with
    /// the same key. An animation with `beginTime` 0 starts when the transaction commits (see
    /// `CATransaction`); one with `duration` 0 lasts the transaction's `animationDuration`.
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimationCopy(anim, forKey: key) }

    /// The animation added under `key` (the layer's copy, which must not be changed), or nil.
    open func animation(forKey key: String) -> CAAnimation? {
        animationStorage?.animations.first(where: { $0.key == key })?.animation
    }

    /// Removes the animation under `key`; its delegate is told it stopped unfinished.
    open func removeAnimation(forKey key: String) { removeAnimations { $0 == key } }

    /// Removes every animation of the layer.
    open func removeAllAnimations() { removeAnimations { _ in true } }

    /// The keys of the layer's animations, in the order they were added (and apply); nil when
    /// there are none.
    open func animationKeys() -> [String]? {
        guard let list = animationStorage?.animations, !list.isEmpty else { return nil }
        return list.map(\.key)
    }

    /// A copy of the layer as it is shown: its model values with its animations applied at
    /// the media time of the last render of its tree. Nil for a layer no timed render has
    /// drawn yet (Core Animation returns nil for a layer not yet committed).
    open func presentation() -> Self? { makePresentation() as? Self }

    /// The model layer: `self` for a model layer, the layer a presentation copy was made from.
    open func model() -> Self { (animationStorage?.modelLayer as? Self) ?? self }

    /// Actions for property keys and events, searched after the delegate. `NSNull` values
    /// disable the action. Default nil.
    open var actions: [String: any CAAction]? {
        get { animationStorage?.actions }
        set { animStorage.actions = newValue }
    }

    /// The action for `event`, searched as Core Animation documents: the delegate's
    /// `action(for:forKey:)`, then `actions`, then `defaultAction(forKey:)`, then (for an
    /// animatable property) the implicit animation, a `CABasicAnimation` of the key from its
    /// previous value. `NSNull` at any step ends the search with nil.
    open func action(forKey event: String) -> (any CAAction)? { searchAction(forKey: event) }

    /// The class's default action for `event`; nil (the implicit animation is decided in
    /// `action(forKey:)`). Subclasses override it to give a key an action.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// The default value of a property by key; nil (the layer's own defaults apply).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// The value of a property by its key (Objective-C name), or of a key stored with
    /// `setValue(_:forKey:)`: numbers as `CGFloat` or `Float` (the property's type), geometry as
    /// `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, colours as `CGColor`.
    open func value(forKey key: String) -> Any? { keyValue(forKeyPath: key) }

    /// Sets a property by key, or stores any other key (layers are key-value coding
    /// containers). A value of the wrong kind leaves the property as it is; use
    /// `setValueChecked(_:forKeyPath:)` to get the error.
    open func setValue(_ value: Any?, forKey key: String) { try? setKeyValue(value, forKeyPath: key) }

    /// The value at a key path: `position.x`, `bounds.size.width`, `transform.rotation.z`,
    /// `transform.scale`, `shadowOffset.height`, …
    open func value(forKeyPath keyPath: String) -> Any? { keyValue(forKeyPath: keyPath) }

    /// Sets the value at a key path; a value of the wrong kind is ignored.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { try? setKeyValue(value, forKeyPath: keyPath) }

    // MARK: - Display

    /// The display cycle's bookkeeping (needs-display flag, dirty rectangle, backing store),
    /// out of line: most layers never draw.
    final var displayState: CALayerDisplayState?

    /// The `subtreeModificationCount` at which the display pass last left this layer's subtree
    /// with nothing to display (`.max`: never), so that the next pass skips an unchanged subtree.
    final var displayPassStamp: UInt64 = .max

    /// Marks the whole layer as needing its contents drawn again: `display()` runs before the
    /// next render. A new layer does not need display.
    open func setNeedsDisplay() {
        let s = displayStorage
        s.needsDisplay = true
        s.dirtyRect = nil
        noteChange()
    }

    /// Marks the part `r` of the layer (bounds coordinates) as needing display; the next
    /// `display()` redraws only that part, clipped to it, and keeps the rest of the backing
    /// store. Several calls before a display add up to their union.
    open func setNeedsDisplay(_ r: CGRect) {
        let s = displayStorage
        if s.needsDisplay {
            if let d = s.dirtyRect { s.dirtyRect = d.union(r) }
        } else {
            s.needsDisplay = true
            s.dirtyRect = r
        }
        noteChange()
    }

    /// Whether the layer is marked as needing display (including, with
    /// `needsDisplayOnBoundsChange`, because its size changed since it was drawn).
    open func needsDisplay() -> Bool {
        guard let s = displayState else { return false }
        if s.needsDisplay { return true }
        if needsDisplayOnBoundsChange, let drawn = s.drawnBounds, drawn.size != bounds.size { return true }
        return false
    }

    /// Calls `display()` when the layer needs display. The renderer does this for every layer
    /// in the tree before it takes its snapshot.
    open func displayIfNeeded() {
        guard needsDisplay() else { return }
        // The mark is consumed before display() runs, as on Apple's platforms: an override of
        // display() that sets contents itself is not called again every frame, and a mark made
        // while drawing waits for the next pass.
        displayState?.needsDisplay = false
        display()
    }

    /// Whether a change of the bounds' size marks the layer as needing display. Default false.
    @exclusivity(unchecked) open var needsDisplayOnBoundsChange = false

    /// Draws the layer's contents: by default asks the delegate (`display(_:)`, whose default
    /// implementation does what follows), else makes a backing store of the bounds' size times
    /// `contentsScale` pixels, calls `layerWillDraw(_:)` and `draw(in:)` with a context whose
    /// origin is the top-left of `bounds` (y down, as on iOS), and sets `contents` to the
    /// result. Override to set `contents` yourself. Not called when nothing asks for display.
    open func display() {
        if let delegate {
            delegate.display(self)
        } else {
            drawBackingStore()
        }
    }

    /// Draws the layer's content into `ctx`; the default calls the delegate's `draw(_:in:)`
    /// (which draws nothing unless implemented). Override to draw custom content. `ctx` is
    /// flipped so that user space is the layer's bounds space, origin top-left, y down.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Whether changes to the property `key` make the layer need display (and so redraw each
    /// frame while `key` is animated). Default false; subclasses return true for their own
    /// drawn properties, calling `super` for the rest.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Whether the layer promises to cover its bounds with opaque content: its backing store
    /// has no alpha (undrawn pixels are black). Default false.
    @exclusivity(unchecked) open var isOpaque = false { didSet { noteChange() } }

    /// Accepted for compatibility; drawing happens synchronously on the caller's thread. Default false.
    @exclusivity(unchecked) open var drawsAsynchronously = false

    /// Renders this layer and its sublayers, masks, shadows and 3D transforms included, into
    /// `ctx` in the layer's own coordinate space (its bounds space mapped by the context's CTM;
    /// the layer's position and transform are ignored), through the context's clip, alpha,
    /// blend mode and shadow. Layers that need display are displayed first. In a bitmap
    /// context with the identity CTM the y-down layer comes out upside down, as on Apple's
    /// platforms; flip the context first for an upright picture.
    open func render(in ctx: CGContext) {
        ctx.render(self)
    }
}
