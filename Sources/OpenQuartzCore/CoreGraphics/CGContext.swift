import Foundation
import Raster

/// A Quartz 2D drawing destination: a bitmap you paint paths, gradients and images into
/// through a graphics state (transform, colours, clip, line style, shadow, blend mode).
///
/// Coordinates follow Core Graphics: a bitmap context's device space has its origin at the
/// bottom-left corner with y growing upwards, one unit per pixel, and the initial current
/// transformation matrix (CTM) is the identity. The bitmap's memory still starts with its top
/// row, so an image made with `makeImage()` and drawn with `draw(_:in:)` stays upright.
/// Contexts a layer hands to `draw(in:)` are set up as iOS sets them up: flipped, origin at the
/// top-left of the layer's bounds (see `CALayer.display()`).
///
/// Drawing is anti-aliased by exact area coverage and blends in gamma-encoded sRGB with
/// premultiplied alpha, as Core Graphics does on iOS.
public final class CGContext {
    let storage: BitmapStorage
    var state = GraphicsState()
    var savedStates: [GraphicsState] = []
    /// The current path, in surface space (pixels, y down): points are mapped by the CTM when
    /// they are added, as Core Graphics does, so changing the CTM later does not move them.
    var currentPath = CGMutablePath()
    /// Stroking's working memory, kept from stroke to stroke (`StrokeBuffers`).
    var strokeBuffers = StrokeBuffers()
    /// The text position and matrix (`CGContext+Text.swift`), outside the graphics state.
    var text = TextState()
    /// Open transparency layers, innermost last.
    package var transparencyLayers: [TransparencyLayer] = []
    /// The pixels of `transparencyLayers` together, kept as they open and close: summing the
    /// open layers at each begin made 100 000 nested layers quadratic.
    var transparencyLayerPixels = 0
    let colorSpaceValue: CGColorSpace?
    let bitmapInfoValue: UInt32

    /// Largest pixel count a bitmap context accepts (its working surface is 4 bytes a pixel).
    static let maximumPixelCount = 1 << 27

    /// A bitmap context over `data` (drawn into in place) or, when `data` is nil, over memory
    /// the context allocates, cleared to transparent black, and frees with itself.
    ///
    /// Supported formats, as Apple lists them for bitmap contexts: 8 bits per component with
    /// an RGB space and premultiplied or skipped alpha, first or last, in big (default) or
    /// 32-bit little-endian order (`byteOrder32Little | premultipliedFirst` is BGRA); a gray
    /// space without alpha (8 bits a pixel); alpha only (8 bits a pixel, any space). Anything
    /// else (straight alpha, 16-bit or float components, CMYK) returns nil, as does a size that
    /// is not positive or too large, or a `bytesPerRow` smaller than a row (0 computes it).
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        guard let layout = BitmapStorage.layout(bitsPerComponent: bitsPerComponent, space: space, bitmapInfo: bitmapInfo),
              width > 0, height > 0 else { return nil }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= CGContext.maximumPixelCount,
              let storage = BitmapStorage(data: data, width: width, height: height, bytesPerRow: bytesPerRow,
                                          layout: layout) else { return nil }
        self.storage = storage
        colorSpaceValue = layout == .alpha ? nil : space
        bitmapInfoValue = bitmapInfo
        if layout == .gray {
            state.fillColorSpace = space
            state.strokeColorSpace = space
        }
    }

    // MARK: Bitmap

    /// The bitmap's memory: the caller's buffer, or the one the context allocated.
    public var data: UnsafeMutableRawPointer? { storage.data }
    /// Width in pixels.
    public var width: Int { storage.width }
    /// Height in pixels.
    public var height: Int { storage.height }
    /// Bytes from one row to the next.
    public var bytesPerRow: Int { storage.bytesPerRow }
    /// Always 8.
    public var bitsPerComponent: Int { 8 }
    /// 32 for RGB formats, 8 for gray and alpha-only.
    public var bitsPerPixel: Int { storage.bytesPerPixel * 8 }
    /// The colour space; nil for an alpha-only context.
    public var colorSpace: CGColorSpace? { colorSpaceValue }
    /// The layout bits the context was made with.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: bitmapInfoValue) }
    /// Where the context keeps alpha.
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfoValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// An image of the bitmap as it is now (a copy: later drawing does not change it). Gray
    /// contexts give gray RGB pixels, alpha-only contexts black with the context's alpha.
    public func makeImage() -> CGImage? {
        storage.load(x: 0, y: 0, width: width, height: height)
        return CGImage(surface: storage.surface.copy())
    }

    /// Drawing is immediate: there is nothing to flush.
    public func flush() {}

    /// Drawing is immediate: there is nothing to synchronise.
    public func synchronize() {}

    // MARK: Painting core

    /// User space to surface space (pixels, y down from the top row).
    var userToSurface: CGAffineTransform {
        state.ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
    }

    /// The surface drawing goes to: the innermost transparency layer, or the bitmap.
    var target: Surface { transparencyLayers.last?.surface ?? storage.surface }

    /// The surface-space pixel rectangle drawing may touch: the clip's, within the bitmap.
    var clipBox: PixelBox {
        let whole = PixelBox(x: 0, y: 0, width: width, height: height)
        guard let clip = state.clip else { return whole }
        return whole.intersection(PixelBox(x: clip.originX, y: clip.originY, width: clip.width, height: clip.height))
    }

    /// Runs one painting operation: `body` draws into `target` through `clip` with `mode`,
    /// over the pixel rectangle `area`. Handles what every operation shares: limiting the work
    /// to the shape's device bounds (`bounds`, surface space; nil for the whole clip), the
    /// shadow (the shape is drawn into a scratch surface, its blurred alpha painted first),
    /// and keeping a buffer in another pixel format up to date.
    func paint(bounds: Raster.Rect?, _ body: (_ target: Surface, _ clip: Mask?, _ mode: BlendMode, _ area: PixelBox) -> Void) {
        let clipArea = clipBox
        let shadow = activeShadow
        var area = clipArea
        if let bounds {
            guard let b = PixelBox(enclosing: bounds) else { return }
            area = area.intersection(shadow.map { b.union(b.offsetBy($0.dx, $0.dy).outset(by: $0.pad)) } ?? b)
        }
        guard !area.isEmpty else { return }
        let base = transparencyLayers.isEmpty
        if base { storage.load(x: area.x, y: area.y, width: area.width, height: area.height) }
        defer { if base { storage.store(x: area.x, y: area.y, width: area.width, height: area.height) } }
        guard let shadow else {
            body(target, state.clip, state.rasterBlend, area)
            return
        }
        paintWithShadow(shadow, area: area, bounds: bounds, body)
    }
}

/// An integer rectangle of pixels in surface space.
struct PixelBox: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(width, 0); self.height = max(height, 0)
    }

    /// The pixels a rectangle touches, or nil when it is empty or not finite. Coordinates
    /// are clamped to ±2³⁰ first, so conversion to `Int` never traps.
    init?(enclosing r: Raster.Rect) {
        guard !r.isEmpty, !r.minX.isNaN, !r.minY.isNaN, !r.maxX.isNaN, !r.maxY.isNaN else { return nil }
        let limit = Double(1 << 30)
        @inline(__always) func c(_ v: Double) -> Int { Int(min(max(v, -limit), limit)) }
        let x0 = c(r.minX.rounded(.down)), y0 = c(r.minY.rounded(.down))
        let x1 = c(r.maxX.rounded(.up)), y1 = c(r.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    var isEmpty: Bool { width <= 0 || height <= 0 }

    func intersection(_ o: PixelBox) -> PixelBox {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func union(_ o: PixelBox) -> PixelBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        let x1 = max(x + width, o.x + o.width), y1 = max(y + height, o.y + o.height)
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func offsetBy(_ dx: Int, _ dy: Int) -> PixelBox { PixelBox(x: x + dx, y: y + dy, width: width, height: height) }

    func outset(by d: Int) -> PixelBox { PixelBox(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    var rect: Raster.Rect { Raster.Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}
