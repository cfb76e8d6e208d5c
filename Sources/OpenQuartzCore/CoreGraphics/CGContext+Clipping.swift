import Foundation
import Raster

extension CGContext {
    // MARK: Clipping
    //
    // The clip is coverage (anti-aliased unless `setShouldAntialias(false)`), intersected with
    // the previous clip and saved with the graphics state.

    /// Intersects the clip with the current path filled by `rule`, and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        let p = Raster.Path(currentPath)
        currentPath.removeAllElements()
        let fillRule: FillRule = rule == .evenOdd ? .evenOdd : .nonZero
        let aa = state.shouldAntialias
        intersectClip(bounds: p.isEmpty ? nil : p.bounds, empty: p.isEmpty) { mask in
            mask.fill(p, rule: fillRule, antialias: aa)
        }
    }

    /// Intersects the clip with `rect`; the current path is left alone.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects, transform: userToSurface)
        let outline = Raster.Path(p)
        let aa = state.shouldAntialias
        intersectClip(bounds: outline.isEmpty ? nil : outline.bounds, empty: outline.isEmpty) { mask in
            mask.fill(outline, antialias: aa)
        }
    }

    /// Intersects the clip with `mask` drawn upright into `rect`, as `draw(_:in:)` would draw it.
    /// An image with transparency clips by its alpha; an opaque image (a gray mask, the usual
    /// case in Core Graphics, which asks for a DeviceGray image without alpha) by its gray level,
    /// white letting everything through. Outside `rect` everything is clipped away.
    public func clip(to rect: CGRect, mask: CGImage) {
        let drawn = userToSurface
        let outline = Raster.Path(CGPath(rect: rect, transform: nil), transform: drawn)
        guard !outline.isEmpty, let box = PixelBox(enclosing: outline.bounds)?.intersection(clipBox),
              !box.isEmpty else {
            intersectClip(bounds: nil, empty: true) { _ in }
            return
        }
        let picture = Surface(width: box.width, height: box.height, originX: box.x, originY: box.y)
        picture.draw(mask.texture, transform: imageTransform(mask, in: rect), filter: samplingFilter,
                     antialias: state.shouldAntialias)
        let opaque = mask.texture.isOpaque
        intersectClip(bounds: box.rect, empty: false) { m in
            for y in 0..<box.height {
                let src = picture.pixels + y * picture.stride
                let dst = m.coverage(atDeviceX: box.x, y: y + box.y)
                for x in 0..<box.width {
                    let p = src[x]
                    if opaque {
                        // Premultiplied, so edge pixels are already scaled by their coverage.
                        dst[x] = UInt8((54 * (p & 0xFF) + 183 * ((p >> 8) & 0xFF) + 19 * ((p >> 16) & 0xFF) + 128) >> 8)
                    } else {
                        dst[x] = UInt8(p >> 24)
                    }
                }
            }
        }
    }

    /// Removes the clip: the whole bitmap is drawable again.
    public func resetClip() { state.clip = nil }

    /// The bounding box of the clip in user space (the whole bitmap when nothing is clipped).
    public var boundingBoxOfClipPath: CGRect {
        let b = clipBox
        if b.isEmpty { return .zero }
        return CGRect(x: b.x, y: b.y, width: b.width, height: b.height).applying(userToSurface.inverted())
    }

    /// Replaces the clip by its intersection with coverage that `draw` puts into a mask over
    /// `bounds` (surface space, within the current clip); `empty` clips everything away.
    func intersectClip(bounds: Raster.Rect?, empty: Bool, _ draw: (Mask) -> Void) {
        var box = clipBox
        if let bounds { box = box.intersection(PixelBox(enclosing: bounds) ?? PixelBox(x: 0, y: 0, width: 0, height: 0)) }
        guard !empty, !box.isEmpty else {
            state.clip = Mask(width: 0, height: 0)
            return
        }
        let mask = Mask(width: box.width, height: box.height, originX: box.x, originY: box.y)
        draw(mask)
        if let old = state.clip { mask.multiply(by: old) }
        state.clip = mask
    }
}
