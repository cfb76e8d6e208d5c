import Foundation
import OpenQuartzCore

/// The book's figures of chapters 4 and 5, each built in Swift against the public API and as a
/// scene file under `Examples/`, and rendered into a browsable gallery by `oqc demo`.
public enum Gallery {
    /// In the book's order.
    public static let figures: [Figure] = [
        .fig4_1, .fig4_2, .fig4_3, .fig4_4, .fig4_5, .fig4_6, .fig4_7, .fig4_8, .fig4_10, .fig4_11,
        .fig4_13, .fig4_20, .fig4_21,
        .fig5_3, .fig5_4, .fig5_5, .fig5_8, .fig5_10, .fig5_13, .fig5_14, .fig5_16, .fig5_18, .fig5_20, .fig5_21, .fig5_22, .fig5_23,
    ]

    public static func figure(id: String) -> Figure? { figures.first { $0.id == id } }

    /// The animations, each built in Swift and as a scene file under `Examples/animated/`.
    public static let animatedFigures: [AnimatedFigure] = [
        .spinningCube, .replicatorSpinner, .bezierFlight, .spring, .pushTransition, .fadeTransition,
        .implicitCompletion, .pauseAndScrub, .progressRing, .shimmer,
    ]

    /// Renders every figure's Swift build to `directory/<id>.png`, every animated figure's
    /// frames to the animated PNG `directory/<id>.png`, and writes `directory/index.html` (each
    /// figure with its caption, Swift code and scene file). Creates `directory` if needed.
    /// Returns the paths written, the PNGs first in figure order, then the animations, and
    /// index.html last. Each file is replaced atomically.
    @discardableResult
    public static func renderAll(to directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for figure in figures {
            let path = (directory as NSString).appendingPathComponent(figure.imageFileName)
            try figure.render().writePNG(toFile: path)
            written.append(path)
        }
        for figure in animatedFigures {
            let path = (directory as NSString).appendingPathComponent(figure.imageFileName)
            try Data(figure.animatedPNG()).write(to: URL(fileURLWithPath: path), options: .atomic)
            written.append(path)
        }
        let index = (directory as NSString).appendingPathComponent("index.html")
        try Data(IndexPage.html(for: figures, animated: animatedFigures).utf8).write(to: URL(fileURLWithPath: index), options: .atomic)
        written.append(index)
        return written
    }
}

extension Figure {
    /// "4.2.png".
    public var imageFileName: String { "\(id).png" }
}
