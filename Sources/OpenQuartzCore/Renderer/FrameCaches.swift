import Foundation
import Raster

/// The renderer's frame caches: one design (`FrameCache`, `FrameCachePolicy`: a byte budget,
/// frame-age eviction, optional second-sighting admission, one lock, hit and miss counts),
/// one typed instance per kind of thing kept. A static scene re-rendered every frame
/// composites most of itself from here; an animated one pays for the uncached path and no more.
/// The coverage caches (one pair per band) and the snapshotter's caches follow the same
/// policy; `CAImageRenderer` ends frames on all of them and switches them with `cachesFrames`.
final class FrameCaches: Sendable {
    /// `shouldRasterize` bitmaps by layer, version and scale (CALayer.h: reused while the
    /// subtree is unchanged).
    struct RasterizedKey: Hashable {
        let identity: ObjectIdentifier
        let version: UInt64
        let scale: Double
    }

    /// A rasterized layer's bitmap and the map from its pixels to the layer's bounds space.
    struct RasterizedBitmap: @unchecked Sendable {
        let texture: Texture
        let toLayer: ProjectiveTransform
    }

    /// Something rendered for one layer at one place on one target: the layer (whose version
    /// changes with anything in its subtree), the matrix to the target and the visible region.
    struct PlacedKey: Hashable {
        package enum Kind: Hashable {
            /// The layer's offscreen group (content, shadow, mask).
            case group
            /// A closed-form shadow's blurred coverage, less the hole the background covers.
            case shadow(sigma: Double, hole: PixelRect?)
            /// A path shadow's blurred mask.
            case pathShadow(sigma: Double)
            /// A masksToBounds clip through a non-axis-aligned matrix, cut within a clip.
            case boundsClip(antialias: Bool, within: ObjectIdentifier?)
            /// What later items of a perspective context leave visible of item `item`.
            case occlusion(item: Int, alpha: Float)
        }
        let kind: Kind
        let identity: ObjectIdentifier
        let version: UInt64
        let world: CATransform3D
        let region: PixelRect
    }

    let rasterized = FrameCache<RasterizedKey, RasterizedBitmap>(
        FrameCachePolicy(byteLimit: 128 << 20, largestShare: 2))
    /// Rendered groups: the only entries that pay back only in a later frame.
    let groups = FrameCache<PlacedKey, Surface>(FrameCachePolicy(byteLimit: 32 << 20, reusedWithinFrame: false))
    /// Shadows' blurred coverage and occlusion masks.
    let masks = FrameCache<PlacedKey, Mask>(FrameCachePolicy(byteLimit: 16 << 20, reusedWithinFrame: false))
    /// Clips through transformed bounds.
    let clips = FrameCache<PlacedKey, KeptClip>(FrameCachePolicy(byteLimit: 8 << 20, reusedWithinFrame: false))

    /// Every instance, for ending frames and reading statistics.
    var all: [any FrameCaching] { [rasterized, groups, masks, clips] }
}

/// A clip mask kept between frames, with the clip it was cut from: the entry's key names that
/// clip by identity, which cannot name another mask while the entry holds it.
final class KeptClip: @unchecked Sendable {
    let mask: Mask
    let within: Mask?
    init(mask: Mask, within: Mask?) { self.mask = mask; self.within = within }
}
