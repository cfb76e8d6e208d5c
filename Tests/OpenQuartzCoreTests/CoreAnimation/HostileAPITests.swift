import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Values and calls through the Swift API that once trapped, overflowed the stack or ended in
/// a deliberate `fatalError`: each call returns, and the render shows the picture the rules of
/// docs/limits.md give. Expected pixels are worked out from the geometry and the clamping rules.
@Suite("Hostile Swift API")
struct HostileAPITests {
    /// A 2×1 canvas: a replicator of two instances of a 1×1 white square, the second moved one
    /// point right, so pixel 0 shows instance 0 and pixel 1 instance 1.
    static func replicator(_ configure: (CAReplicatorLayer) -> Void) -> (root: CALayer, replicator: CAReplicatorLayer) {
        let root = makeRoot(2, 1)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 2, height: 1)
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeTranslation(1, 0, 0)
        r.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 1, height: 1), white))
        configure(r)
        root.addSublayer(r)
        return (root, r)
    }

    static func pixels(_ root: CALayer) -> [(r: Int, g: Int, b: Int, a: Int)] {
        let image = Rendered(root, width: 2, height: 1)
        return [image.rgba(0, 0), image.rgba(1, 0)]
    }

    /// `instanceRedOffset` (…`AlphaOffset`) of NaN, ±∞ or the largest Float trapped converting
    /// the tint to an integer. NaN counts as no offset; an infinite or huge offset saturates the
    /// channel from instance 1 on; instance 0 is `instanceColor` itself.
    @Test func replicatorOffsetsThatAreNotFinite() {
        let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
        let cases: [(String, (CAReplicatorLayer) -> Void, [(Int, Int, Int, Int)])] = [
            ("red NaN", { $0.instanceColor = cyan; $0.instanceRedOffset = .nan }, [(0, 255, 255, 255), (0, 255, 255, 255)]),
            ("red +inf", { $0.instanceColor = cyan; $0.instanceRedOffset = .infinity }, [(0, 255, 255, 255), (255, 255, 255, 255)]),
            ("red -inf", { $0.instanceRedOffset = -.infinity }, [(255, 255, 255, 255), (0, 255, 255, 255)]),
            ("green max", { $0.instanceGreenOffset = -.greatestFiniteMagnitude }, [(255, 255, 255, 255), (255, 0, 255, 255)]),
            ("blue NaN, color", { $0.instanceColor = cyan; $0.instanceBlueOffset = .nan }, [(0, 255, 255, 255), (0, 255, 255, 255)]),
            ("alpha -inf", { $0.instanceAlphaOffset = -.infinity }, [(255, 255, 255, 255), (0, 0, 0, 0)]),
            ("alpha NaN", { $0.instanceColor = cyan; $0.instanceAlphaOffset = .nan }, [(0, 255, 255, 255), (0, 255, 255, 255)]),
            ("all NaN", {
                $0.instanceColor = cyan
                $0.instanceRedOffset = .nan; $0.instanceGreenOffset = .nan; $0.instanceBlueOffset = .nan; $0.instanceAlphaOffset = .nan
            }, [(0, 255, 255, 255), (0, 255, 255, 255)]),
        ]
        for (name, configure, expected) in cases {
            let p = Self.pixels(Self.replicator(configure).root)
            for i in 0..<2 {
                #expect(p[i] == expected[i], "\(name), instance \(i)")
            }
        }
    }

    /// The same offsets reached through an animation (the presentation value, not the model's)
    /// trapped in the same conversion: an animated value reaches the render through the same
    /// rule as one set directly.
    @Test func animatedReplicatorOffsetsThatAreNotFinite() {
        for value in [Float.nan, .infinity, -.infinity, .greatestFiniteMagnitude] {
            let (root, r) = Self.replicator { $0.instanceColor = CGColor(red: 0, green: 1, blue: 1, alpha: 1) }
            let a = CABasicAnimation(keyPath: "instanceRedOffset")
            a.fromValue = value
            a.toValue = value
            a.duration = 10
            a.beginTime = 1  // media time 1 (a begin time of 0 would mean the commit's time)
            r.add(a, forKey: "tint")
            let renderer = CAImageRenderer(size: CGSize(width: 2, height: 1))
            let surface = Surface(width: 2, height: 1)
            renderer.render(root, into: surface, atTime: 5)
            let p0 = surface.pixel(x: 0, y: 0), p1 = surface.pixel(x: 1, y: 0)
            #expect(p0 == 0xFFFF_FF00, "value \(value): instance 0 is instanceColor")
            // Instance 1 keeps green, blue and alpha; its red is 0 for NaN and saturated for the
            // largest Float (from + (to − from)·f stays finite). For ±∞ the interpolation itself
            // gives ∞ − ∞ = NaN, so either rule's red is fine as long as nothing traps.
            #expect(p1 >> 8 == 0xFF_FFFF, "value \(value): instance 1's green, blue, alpha")
            let red1 = Int(p1 & 0xFF)
            if value.isNaN { #expect(red1 == 0) }
            if value.isFinite { #expect(red1 == 255, "value \(value): instance 1's red") }
        }
    }

    /// The checked conversion itself: NaN, ±∞ and values beyond 0…1 never trap.
    @Test func byteOfUnitSaturates() {
        #expect(UInt32(byteOfUnit: .nan) == 0)
        #expect(UInt32(byteOfUnit: .infinity) == 255)
        #expect(UInt32(byteOfUnit: -.infinity) == 0)
        #expect(UInt32(byteOfUnit: 2) == 255)
        #expect(UInt32(byteOfUnit: -1) == 0)
        #expect(UInt32(byteOfUnit: 0.5) == 128)  // 127.5 rounds away from zero
        #expect(UInt32(byteOfUnit: 1) == 255)
    }

    // MARK: animation groups

    /// The deepest nesting of groups in `a` (1 for a group of plain animations), walked
    /// without recursion so that the test itself cannot overflow the stack.
    static func nesting(_ a: CAAnimation) -> Int {
        var deepest = 0
        var stack: [(CAAnimation, Int)] = [(a, 1)]
        while let (x, d) = stack.popLast() {
            guard let g = x as? CAAnimationGroup else { continue }
            deepest = max(deepest, d)
            for c in g.animations ?? [] { stack.append((c, d + 1)) }
        }
        return deepest
    }

    /// A group containing itself made the layer's copy recurse without end. The copy leaves
    /// the inner reference out; the group's other animation still runs.
    @Test func groupContainingItself() throws {
        let layer = makeLayer(CGRect(x: 0, y: 0, width: 2, height: 1), white)
        let root = makeRoot(2, 1)
        root.addSublayer(layer)
        let g = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 0
        g.animations = [fade, g]
        g.duration = 10; g.beginTime = 1
        let before = MisuseReport.count(.animationGroupCut)
        layer.add(g, forKey: "loop")
        #expect(MisuseReport.count(.animationGroupCut) > before)
        let kept = try #require(layer.animation(forKey: "loop") as? CAAnimationGroup)
        #expect(kept.animations?.count == 1 && kept.animations?.first is CABasicAnimation)
        let copy = try #require(g.copy() as? CAAnimationGroup)
        #expect(copy.animations?.count == 1)
        // At media time 5 the fade holds opacity 0: nothing is drawn.
        let surface = Surface(width: 2, height: 1)
        CAImageRenderer(size: CGSize(width: 2, height: 1)).render(root, into: surface, atTime: 5)
        #expect(surface.pixel(x: 0, y: 0) == 0)
    }

    /// 3 000 nested groups overflowed the stack when copied and evaluated; the copy keeps
    /// `CAAnimationGroup.maxNesting` levels.
    @Test func deeplyNestedGroups() throws {
        var g = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 0
        g.animations = [fade]
        for _ in 1..<3000 {
            let outer = CAAnimationGroup()
            outer.animations = [g]
            g = outer
        }
        g.duration = 10; g.beginTime = 1
        #expect(Self.nesting(g) == 3000)
        let layer = makeLayer(CGRect(x: 0, y: 0, width: 2, height: 1), white)
        let root = makeRoot(2, 1)
        root.addSublayer(layer)
        layer.add(g, forKey: "deep")
        let kept = try #require(layer.animation(forKey: "deep"))
        #expect(Self.nesting(kept) == CAAnimationGroup.maxNesting)
        let surface = Surface(width: 2, height: 1)
        CAImageRenderer(size: CGSize(width: 2, height: 1)).render(root, into: surface, atTime: 5)
        // The fade was cut with the levels below 64: the layer shows its model opacity.
        #expect(surface.pixel(x: 0, y: 0) == 0xFFFF_FFFF)
    }

    /// A group whose children are one group many times over, 40 levels deep (2⁴⁰ leaves in 40
    /// objects), is copied with at most `CAAnimationGroup.maxAnimations` animations.
    @Test func sharedGroupsAreCountedInTheCopy() throws {
        var g = CAAnimationGroup()
        g.animations = [CABasicAnimation(keyPath: "opacity"), CABasicAnimation(keyPath: "opacity")]
        for _ in 1..<40 {
            let outer = CAAnimationGroup()
            outer.animations = [g, g]
            g = outer
        }
        let copy = try #require(g.copy() as? CAAnimationGroup)
        var count = 0
        var stack: [CAAnimation] = copy.animations ?? []
        while let x = stack.popLast() {
            count += 1
            if let c = (x as? CAAnimationGroup)?.animations { stack.append(contentsOf: c) }
        }
        #expect(count <= CAAnimationGroup.maxAnimations && count > 1000)
    }

    // MARK: hierarchy misuse

    /// Adding a layer to itself or under one of its descendants, making a layer its own mask or
    /// listing a layer twice in `sublayers` ended in a deliberate trap. Each call now leaves the
    /// tree as it was (or keeps each layer's first place) and is reported once.
    @Test func hierarchyMisuseLeavesTheTreeATree() {
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b)
        b.addSublayer(c)
        let refusedBefore = MisuseReport.count(.sublayerRefused)
        c.addSublayer(a)                      // a cycle: a is c's ancestor
        c.addSublayer(c)                      // itself
        c.insertSublayer(a, at: 0)
        c.insertSublayer(b, below: nil)
        c.insertSublayer(a, above: nil)
        #expect(MisuseReport.count(.sublayerRefused) == refusedBefore + 5)
        #expect(c.sublayers == nil && a.superlayer == nil && b.superlayer === a && c.superlayer === b)

        let d = CALayer()
        c.addSublayer(d)
        c.replaceSublayer(d, with: a)         // a cycle again
        #expect(c.sublayers?.count == 1 && c.sublayers?.first === d && a.superlayer == nil)

        let maskBefore = MisuseReport.count(.maskRefused)
        c.mask = c
        c.mask = a
        #expect(MisuseReport.count(.maskRefused) == maskBefore + 2)
        #expect(c.mask == nil && a.mask == nil)

        let e = CALayer(), f = CALayer()
        let twiceBefore = MisuseReport.count(.duplicateSublayer)
        e.sublayers = [f, f]
        #expect(MisuseReport.count(.duplicateSublayer) == twiceBefore + 1)
        #expect(e.sublayers?.count == 1 && e.sublayers?.first === f && f.superlayer === e)
        e.sublayers = [f, a, f]               // a: fine (no superlayer); f listed twice
        #expect(e.sublayers?.count == 2 && e.sublayers?[0] === f && e.sublayers?[1] === a && a.superlayer === e)
        f.sublayers = [e]                     // e is f's superlayer: a cycle
        #expect(f.sublayers?.isEmpty == true && e.superlayer == nil)
        // The tree still renders.
        let r = CAImageRenderer(size: CGSize(width: 2, height: 2))
        #expect(r.image(for: e).width == 2)
    }

    // MARK: renderer sizes

    /// Canvases of 1e9 × 1, 100 000², infinity or scale 1e308 were allocated before any check
    /// (an abort or an overflow trap). They are refused by the budget, with a 1-pixel image.
    @Test func canvasesOverTheBudget() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 1, height: 1), white)
        let cases: [(CGSize, CGFloat)] = [
            (CGSize(width: 1e9, height: 1), 1), (CGSize(width: 100_000, height: 100_000), 1),
            (CGSize(width: CGFloat.infinity, height: 1), 1), (CGSize(width: 1, height: 1), 1e308),
            (CGSize(width: 20_000, height: 20_000), 1),
        ]
        for (size, scale) in cases {
            let r = CAImageRenderer(size: size, scale: scale)
            var threw: RenderBudgetExceeded?
            do { _ = try r.checkedImage(for: root) } catch { threw = error }
            #expect(threw?.flag == "--max-canvas-pixels", "size \(size) scale \(scale)")
            let image = r.image(for: root)
            #expect(image.width == 1 && image.height == 1)
            #expect(r.budgetExceeded != nil)
        }
        // At the limit's edge: 16384 × 16384 is allowed by default, one pixel more is not
        // (checked without rendering, on the budget itself).
        let edge = CAImageRenderer(size: CGSize(width: 16384, height: 16385))
        #expect(edge.canvasSurface(for: root) == nil)
        // A raised budget lets a canvas through; a small one renders as before.
        let small = CAImageRenderer(size: CGSize(width: 4, height: 2))
        small.budget.maxCanvasPixels = 8
        #expect((try? small.checkedImage(for: root))?.width == 4)
        small.budget.maxCanvasPixels = 7
        #expect((try? small.checkedImage(for: root)) == nil)
    }

    // MARK: text

    /// A string of millions of characters at a tiny size asked for gigabytes of glyphs; a
    /// layout reads at most `TextLayout.maxCharacters` of it.
    @Test func hugeStringsAreLaidOutInPart() throws {
        let t = CATextLayer()
        t.string = String(repeating: "ab ", count: 400_000)   // 1.2 M characters
        t.fontSize = 0.01
        t.isWrapped = true
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let clock = ContinuousClock()
        let start = clock.now
        let layout = try #require(t.textLayout()?.layout)
        let glyphs = layout.lines.reduce(0) { $0 + $1.glyphs.count }
        #expect(glyphs > 0 && glyphs <= TextLayout.maxCharacters)
        #expect(clock.now - start < .seconds(60))
    }

    // MARK: unbounded work

    /// `instanceCount = Int.max` iterated without end (the draw loop went on after the budget
    /// stopped the frame, and the extent loop ran `Int.max` times). The frame stops at the
    /// draw budget, or draws at most `ReplicatorContent.maxInstances` instances.
    @Test func replicatorOfIntMaxInstances() {
        for groupOpacity in [false, true] {
            let root = makeRoot(4, 4)
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
            r.instanceCount = .max
            r.instanceTransform = CATransform3DMakeTranslation(1, 0, 0)
            r.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 1, height: 1), white))
            if groupOpacity { r.opacity = 0.5 }   // the group's extent unions the instances
            root.addSublayer(r)
            let renderer = CAImageRenderer(size: CGSize(width: 4, height: 4))
            renderer.budget.maxDrawOperations = 1000
            let clock = ContinuousClock()
            let start = clock.now
            _ = renderer.image(for: root)
            #expect(clock.now - start < .seconds(60), "group opacity \(groupOpacity)")
            #expect(renderer.budgetExceeded?.flag == "--max-draw-operations")
        }
    }

    // MARK: keyed archives

    /// 30 000 sublayers took minutes to decode (each compared with those before it); the
    /// layer's decoder is linear. Foundation's own archiving and unarchiving (swift-corelibs)
    /// dominate what is left: about 9 s and 8 s for 10 000 layers in a debug build, growing
    /// faster than linearly (docs/limits.md, "Keyed archives").
    @Test func manySublayersDecode() throws {
        let root = CALayer()
        root.sublayers = (0..<10_000).map { _ in CALayer() }
        let data = try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: true)
        let clock = ContinuousClock()
        let start = clock.now
        let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CALayer.self, from: data))
        #expect(decoded.sublayers?.count == 10_000)
        #expect(clock.now - start < .seconds(60))
    }

    /// An archived replicator of `Int.max` instances decoded and then rendered without end.
    @Test func archivedHugeInstanceCountRendersBounded() throws {
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        r.instanceCount = .max
        r.addSublayer(makeLayer(CGRect(x: 0, y: 0, width: 1, height: 1), white))
        let data = try NSKeyedArchiver.archivedData(withRootObject: r, requiringSecureCoding: true)
        let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAReplicatorLayer.self, from: data))
        #expect(decoded.instanceCount == .max)
        let renderer = CAImageRenderer(size: CGSize(width: 4, height: 4))
        renderer.budget.maxDrawOperations = 1000
        let clock = ContinuousClock()
        let start = clock.now
        _ = renderer.image(for: decoded)
        #expect(clock.now - start < .seconds(60))
        #expect(renderer.budgetExceeded?.flag == "--max-draw-operations")
    }

    // MARK: transactions

    /// A million nested `CATransaction.begin()` made every property change walk a million open
    /// transactions (100 changes at 200 000 took 20 s in a debug build). Past 1 024 they are counted, not opened, and
    /// the commits still balance them.
    @Test func deeplyNestedTransactions() {
        let root = CALayer(), l = CALayer()
        root.addSublayer(l)
        let renderer = CAImageRenderer(size: CGSize(width: 4, height: 4))
        _ = renderer.image(for: root, atTime: 0)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<300_000 { CATransaction.begin() }
        for i in 0..<100 { l.opacity = Float(i) / 100 }
        for _ in 0..<300_000 { CATransaction.commit() }
        // Before: about 0.3 s a change at this depth (30 s); now a few seconds in all.
        #expect(clock.now - start < .seconds(12))
        #expect(MisuseReport.count(.transactionDepth) > 0)
        // Balanced: a transaction opened now is the outermost again, and its commit commits.
        var done = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { done = true }
        CATransaction.commit()
        #expect(done)
    }

    // MARK: Core Graphics

    /// 100 000 nested transparency layers summed the open layers at each begin (quadratic).
    /// The ones past the pixel bound are empty, as docs/limits.md says; the first, within it,
    /// still composites what is drawn before the deeper ones open.
    @Test func deeplyNestedTransparencyLayers() throws {
        let ctx = try #require(CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let clock = ContinuousClock()
        let start = clock.now
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
        for _ in 0..<100_000 { ctx.beginTransparencyLayer(auxiliaryInfo: nil) }
        for _ in 0..<100_000 { ctx.endTransparencyLayer() }
        ctx.endTransparencyLayer()
        // Linear: about 5 s in a debug build; the sums took minutes.
        #expect(clock.now - start < .seconds(30))
        let image = try #require(ctx.makeImage())
        #expect(image.premultipliedRGBA.prefix(4).elementsEqual([255, 0, 0, 255]))
    }
}
