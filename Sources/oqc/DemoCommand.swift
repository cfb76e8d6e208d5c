import Foundation
import Gallery

/// `oqc demo`: the gallery of the book's figures.
enum DemoCommand {
    static let help = """
    Usage: oqc demo [-o DIR]

    Renders the figures of chapters 4 and 5 of "iOS Core Animation: Advanced Techniques",
    each built in Swift against the public API and from a scene file, into DIR (default
    gallery/): one PNG per figure, one animated PNG per animation (Examples/animated), and
    an index.html showing each with its caption, the Swift code and the scene file.
    """

    static func run(_ args: [String]) throws(CommandLineError) {
        let a = try Arguments(command: "demo", args, valued: ["--output"], flags: [], aliases: ["-o": "--output"])
        if let extra = a.operands.first { throw .invalid("oqc demo: unexpected argument '\(extra)' (see oqc demo --help)") }
        let dir = a.value("--output") ?? "gallery"
        do {
            let written = try Gallery.renderAll(to: dir)
            print("oqc demo: wrote \(written.count - 1) figures and \(written.last ?? dir)")
        } catch {
            throw .failure("oqc demo: \(error)")
        }
    }
}
