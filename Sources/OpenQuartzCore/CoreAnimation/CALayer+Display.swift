import Foundation
import Raster

/// A layer's display-cycle state: whether it needs display, which part, and the backing store
/// it drew last (kept so that `setNeedsDisplay(_:)` can redraw just a part).
final class CALayerDisplayState {
    var needsDisplay = false
    /// The part to redraw, in bounds coordinates; nil for all of it.
    var dirtyRect: CGRect?
    /// The context drawn last, and the bounds and scale it was drawn for.
    var backingStore: CGContext?
    var drawnBounds: CGRect?
    var drawnScale: CGFloat = 0
}

extension CALayer {
    var displayStorage: CALayerDisplayState {
        if let s = displayState { return s }
        let s = CALayerDisplayState()
        displayState = s
        return s
    }

    /// Largest backing store side, in pixels; beyond it the layer's drawn contents are nil.
    static let maximumBackingStoreDimension = 1 << 14

    /// What `display()` does when nobody overrides it: draws the layer through `draw(in:)` into
    /// a backing store of `bounds.size × contentsScale` pixels (rounded up) and makes that the
    /// layer's `contents`. The context is set up as iOS sets up a layer's: user space is the
    /// bounds space, origin at the bounds' top-left corner, y down, one unit per point.
    package func drawBackingStore() {
        let s = displayStorage
        let dirty = s.dirtyRect
        s.needsDisplay = false
        s.dirtyRect = nil
        let b = bounds.standardized
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let limit = CGFloat(CALayer.maximumBackingStoreDimension)
        let pw = (b.width * scale).rounded(.up), ph = (b.height * scale).rounded(.up)
        guard pw.isFinite, ph.isFinite, pw >= 1, ph >= 1, pw <= limit, ph <= limit else {
            s.backingStore = nil
            s.drawnBounds = b
            contents = nil
            return
        }
        let w = Int(pw), h = Int(ph)
        // Reuse the last backing store for a partial redraw of an unchanged geometry.
        let reuse: CGContext?
        if dirty != nil, let old = s.backingStore, s.drawnBounds == b, s.drawnScale == scale, old.width == w,
           old.height == h, (old.alphaInfo == .noneSkipLast) == isOpaque {
            reuse = old
        } else {
            reuse = nil
        }
        let info = isOpaque ? CGImageAlphaInfo.noneSkipLast : .premultipliedLast
        guard let ctx = reuse ?? CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info.rawValue) else {
            contents = nil
            return
        }
        ctx.saveGState()
        // Flipped: bounds' top-left at the bitmap's top-left, y down (iOS's layer drawing space).
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: scale, y: -scale)
        ctx.translateBy(x: -b.minX, y: -b.minY)
        if reuse != nil, let dirty {
            ctx.clip(to: dirty)
            ctx.clear(dirty)
        }
        delegate?.layerWillDraw(self)
        draw(in: ctx)
        ctx.restoreGState()
        s.backingStore = ctx
        s.drawnBounds = b
        s.drawnScale = scale
        contents = ctx.makeImage()
    }

    /// The display properties `init(layer:)` copies, as Core Animation's copy carries every
    /// property of the layer: the drawn `contents` and `contentsScale` are copied with the rest;
    /// the backing store and the needs-display mark are not (a copy is drawn only when asked).
    final func copyDisplayProperties(from l: CALayer) {
        needsDisplayOnBoundsChange = l.needsDisplayOnBoundsChange
        isOpaque = l.isOpaque
        drawsAsynchronously = l.drawsAsynchronously
    }

    /// Archives the display properties under their key-value coding names.
    final func encodeDisplayProperties(with c: NSCoder) {
        c.encode(needsDisplayOnBoundsChange, forKey: "needsDisplayOnBoundsChange")
        c.encode(isOpaque, forKey: "opaque")
        c.encode(drawsAsynchronously, forKey: "drawsAsynchronously")
    }

    /// Reads what `encodeDisplayProperties(with:)` wrote; missing keys keep the defaults.
    final func decodeDisplayProperties(from c: NSCoder) {
        if let v = c.decodeBoolValue(forKey: "needsDisplayOnBoundsChange") { needsDisplayOnBoundsChange = v }
        if let v = c.decodeBoolValue(forKey: "opaque") { isOpaque = v }
        if let v = c.decodeBoolValue(forKey: "drawsAsynchronously") { drawsAsynchronously = v }
    }

    /// What Core Animation does when a property changes through key-value coding: a key for
    /// which `needsDisplay(forKey:)` is true marks the layer as needing display. For whoever
    /// sets layer properties by key (animations, `setValue(_:forKey:)`).
    package func displayedPropertyDidChange(_ key: String) {
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    }
}

/// The display pass: before each snapshot, every layer of the tree (sublayers and masks) that
/// needs display is displayed, parents before children, as Core Animation does in its
/// transaction commit. In a render at media time `mediaTime`, a layer animating a key that
/// needs display is displayed with the key's in-flight value (`CALayer+AnimatedDisplay.swift`).
///
/// Like the layout pass, it visits only branches that may hold work: every mark that can make
/// a layer need display (`setNeedsDisplay`, a bounds change, a layer joining the tree, an
/// animation) bumps the `subtreeModificationCount` of the layer and all its ancestors, so a
/// subtree whose count is the one the last pass left clean is skipped whole, and a clean tree
/// costs one comparison. Subtrees holding animations are always visited (an animated key that
/// needs display redraws every frame).
package func displayLayerTree(_ layer: CALayer, mediaTime: CFTimeInterval? = nil) {
    guard layer.animatedSubtree || layer.displayPassStamp != layer.subtreeModificationCount else { return }
    let animated = layer.animationStorage != nil && mediaTime.map { layer.displayAnimatedKeys(atMediaTime: $0) } == true
    if !animated { layer.displayIfNeeded() }
    if let m = layer.mask { displayLayerTree(m, mediaTime: mediaTime) }
    if let subs = layer.sublayers {
        for s in subs { displayLayerTree(s, mediaTime: mediaTime) }
    }
    recordDisplayPass(layer)
}

/// Stamps `layer`'s subtree as clean when nothing in it is left to display: the layer itself,
/// and each sublayer and mask stamped clean at its current count (just visited, or skipped).
func recordDisplayPass(_ layer: CALayer) {
    // A tiled layer is never stamped clean: scrolling an ancestor changes which of its tiles
    // can be seen without changing anything in its subtree.
    guard !layer.animatedSubtree, !layer.needsDisplay(), !(layer is CATiledLayer) else { return }
    @inline(__always) func clean(_ l: CALayer) -> Bool { l.displayPassStamp == l.subtreeModificationCount }
    if let m = layer.storedMask, !clean(m) { return }
    if let subs = layer.storedSublayers, !subs.allSatisfy(clean) { return }
    layer.displayPassStamp = layer.subtreeModificationCount
}
