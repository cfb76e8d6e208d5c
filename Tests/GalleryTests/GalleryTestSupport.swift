import Foundation
import Gallery
import OpenQuartzCore
import Raster

/// The repository's root, found from this file's path (Tests/GalleryTests/…).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

let examplesDirectory = repositoryRoot + "/Examples"

/// Straight-alpha-free view of a rendered pixel: the premultiplied bytes, R first.
struct RGBA8: Equatable, CustomStringConvertible {
    var r, g, b, a: UInt8
    init(_ p: UInt32) {
        r = UInt8(p & 0xFF); g = UInt8((p >> 8) & 0xFF); b = UInt8((p >> 16) & 0xFF); a = UInt8(p >> 24)
    }
    var description: String { "(\(r), \(g), \(b), \(a))" }
    /// Mean of the colour channels, for "brighter than" checks.
    var brightness: Double { (Double(r) + Double(g) + Double(b)) / 3 }
}

extension CGImage {
    /// The pixel under the canvas point `p` of a picture rendered at `scale`.
    func pixel(at p: CGPoint, scale: CGFloat) -> RGBA8 {
        let x = min(max(Int((p.x * scale).rounded(.down)), 0), width - 1)
        let y = min(max(Int((p.y * scale).rounded(.down)), 0), height - 1)
        return RGBA8(surface.pixel(x: x, y: y))
    }
}

/// Largest per-channel difference between two images of the same size, and how many pixels differ.
func compare(_ a: CGImage, _ b: CGImage) -> (maxDifference: Int, differingPixels: Int)? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var worst = 0, count = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a.surface.pixel(x: x, y: y), q = b.surface.pixel(x: x, y: y)
            if p == q { continue }
            count += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
    }
    return (worst, count)
}

extension Figure {
    /// The figure's scene file, loaded as `oqc render` loads it.
    func loadScene() throws -> Scene {
        try Scene.load(path: examplesDirectory + "/" + sceneFile)
    }
}

extension Scene {
    func render() -> CGImage {
        CAImageRenderer(size: size, scale: scale, background: background).image(for: root)
    }
}
