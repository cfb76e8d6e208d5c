import Foundation
import Testing
import Gallery
import OpenQuartzCore

@Suite struct RenderAllTests {
    /// `renderAll` writes one PNG per figure, of the canvas's pixel size, one animated PNG per
    /// animation, and an index.html that names every picture. Set OQC_GALLERY_DIR to keep the output for a look.
    @Test func writesEveryFigureAndTheIndex() throws {
        let keep = ProcessInfo.processInfo.environment["OQC_GALLERY_DIR"]
        let dir = keep ?? NSTemporaryDirectory() + "gallery-\(UUID().uuidString)"
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }
        let written = try Gallery.renderAll(to: dir)
        #expect(written.count == Gallery.figures.count + Gallery.animatedFigures.count + 1)
        #expect(written.last == dir + "/index.html")
        for figure in Gallery.figures {
            let path = dir + "/" + figure.imageFileName
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let image = try CGImage(pngData: bytes)
            #expect(image.width == Int((figure.canvas.size.width * figure.canvas.scale).rounded()))
            #expect(image.height == Int((figure.canvas.size.height * figure.canvas.scale).rounded()))
        }
        let html = try String(contentsOfFile: dir + "/index.html", encoding: .utf8)
        for figure in Gallery.figures {
            #expect(html.contains("src=\"\(figure.imageFileName)\""))
            #expect(html.contains("id=\"fig\(figure.id)\""))
        }
        for figure in Gallery.animatedFigures {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + figure.imageFileName))
            #expect(html.contains("src=\"\(figure.imageFileName)\""))
            #expect(html.contains("id=\"\(figure.id)\""))
        }
    }
}
