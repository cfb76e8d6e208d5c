import Foundation
import Raster

/// An open transparency layer: the surface drawing goes to until it ends.
package struct TransparencyLayer {
    package let surface: Surface
}

extension CGContext {
    // MARK: Transparency layers

    /// Starts a transparency layer: until `endTransparencyLayer()`, drawing goes to a
    /// transparent offscreen bitmap with alpha 1, the normal blend mode and no shadow; ending
    /// the layer composites it as one image with the alpha, blend mode and shadow that were
    /// current here (and the clip). The graphics state is saved and restored around the layer.
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        beginLayer(over: clipBox)
    }

    /// As `beginTransparencyLayer(auxiliaryInfo:)`, with the layer limited to `rect` (user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        let box = rect.applying(userToSurface).rasterRect.flatMap(PixelBox.init(enclosing:))
        beginLayer(over: box?.intersection(clipBox) ?? PixelBox(x: 0, y: 0, width: 0, height: 0))
    }

    /// Most pixels of transparency layers open at once: four bitmaps' worth (at least 16 M,
    /// at most `maximumPixelCount`), so that nesting cannot take memory without bound.
    package var maximumTransparencyLayerPixels: Int {
        min(max(4 * width * height, 1 << 24), CGContext.maximumPixelCount)
    }

    private func beginLayer(over requested: PixelBox) {
        saveGState()
        // A layer that would take the open layers past their bound is empty: what is drawn
        // in it is dropped (Core Graphics has no way to report the failure). OpenQuartzCore's
        // own bound; Apple documents none.
        let fits = requested.width * requested.height <= maximumTransparencyLayerPixels - transparencyLayerPixels
        let box = fits ? requested : PixelBox(x: requested.x, y: requested.y, width: 0, height: 0)
        let surface = Surface(width: box.width, height: box.height, originX: box.x, originY: box.y)
        transparencyLayers.append(TransparencyLayer(surface: surface))
        transparencyLayerPixels += box.width * box.height
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
    }

    /// Ends the innermost transparency layer and composites it; does nothing when none is open.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else { return }
        restoreGState()
        let s = layer.surface
        transparencyLayerPixels -= s.width * s.height
        guard s.width > 0, s.height > 0 else { return }
        let opacity = Float(state.alpha)
        paint(bounds: PixelBox(x: s.originX, y: s.originY, width: s.width, height: s.height).rect) { target, clip, mode, _ in
            target.composite(s, opacity: opacity, mask: clip, blend: mode)
        }
    }
}
