import Foundation
import Raster
import Testing
import OpenQuartzCore
import TestSupport

/// Bands must not change a pixel: a frame drawn by 1 to 8 threads (the canvas cut into that
/// many bands) is bit-identical to the frame drawn by one. Blurs near a band's edge used to
/// read a source cropped 3σ beyond the band while the kernel reaches 3.5σ and more (±1 in
/// thousands of pixels of a blurred `shadowPath` at 3, 4, 7 and 16 threads).
@Suite("Thread-count determinism")
struct ThreadCountDeterminismTests {
    static func pixels(_ scene: Scene, threads: Int) -> [UInt32] {
        let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background, threads: threads)
        renderer.cachesFrames = false
        let surface = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        renderer.render(scene.root, into: surface)
        return (0..<(surface.width * surface.height)).map { surface.pixels[$0] }
    }

    /// Counts of pixels that differ from the one-thread frame, by thread count.
    static func differences(_ scene: Scene, threads: [Int] = Array(2...8)) -> [Int: Int] {
        let one = pixels(scene, threads: 1)
        var out: [Int: Int] = [:]
        for t in threads {
            let other = pixels(scene, threads: t)
            let n = zip(one, other).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
            if n > 0 { out[t] = n }
        }
        return out
    }

    /// Like the bench's shadows-large: panels with large blurred shadows of every shadowPath
    /// kind (rectangle, rounded rectangle, ellipse, curved path), content shadows (no
    /// background, so the blur of the rendered content) and closed-form ones, each crossing
    /// several band edges.
    static let shadowPanels: String = {
        let shapes = [#"{"rect": [0, 0, 180, 120]}"#, #"{"roundedRect": [0, 0, 180, 120], "cornerRadius": 30}"#,
                      #"{"ellipse": [20, 90, 140, 40]}"#, #""M -10 0 L 190 0 L 190 130 C 130 110 50 110 -10 130 Q -5 60 -10 0 Z""#]
        var layers: [String] = []
        for i in 0..<8 {
            let x = 20 + Double(i % 3) * 200, y = 30 + Double(i / 3) * 190
            let radius = 18 + 7 * Double(i)
            let shadow = i < shapes.count ? ##""shadowPath": \##(shapes[i]), "backgroundColor": "#F7B9E4","##
                : i == 6 ? ##""backgroundColor": "#B9D3F7", "cornerRadius": 24,"## : ""
            layers.append(##"{"frame": [\##(x), \##(y), 180, 120], \##(shadow) "shadowOpacity": 0.6, "shadowRadius": \##(radius), "shadowOffset": [0, \##(i * 3)], "shadowColor": "#3F1933", "sublayers": [{"frame": [24, 24, 90, 18], "cornerRadius": 9, "backgroundColor": "#B24791"}]}"##)
        }
        return ##"{"canvas": {"width": 640, "height": 600, "background": "#F4F4F4"}, "layers": [\##(layers.joined(separator: ","))]}"##
    }()

    @Test func blurredShadowsAreTheSameForEveryThreadCount() throws {
        let scene = try Scene.parse(data: Array(Self.shadowPanels.utf8), baseDirectory: nil)
        #expect(Self.differences(scene) == [:])
    }

    /// Every gallery figure's scene file: at 3, 4 and 7 threads (where blurs used to differ)
    /// in a plain `swift test`, at 2 to 8 with OQC_ALL_THREAD_COUNTS=1 (slow in debug builds).
    @Test func galleryFiguresAreTheSameForEveryThreadCount() throws {
        let all = ProcessInfo.processInfo.environment["OQC_ALL_THREAD_COUNTS"] != nil
        let examples = Repository.path("Examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 20)
        for file in files {
            let scene = try Scene.load(path: examples + "/" + file, options: SceneOptions(allowAnyPath: true))
            let d = Self.differences(scene, threads: all ? Array(2...8) : [3, 4, 7])
            #expect(d == [:], "\(file): differing pixels by thread count \(d)")
        }
    }
}
