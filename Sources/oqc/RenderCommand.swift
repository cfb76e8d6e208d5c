import Foundation
import OpenQuartzCore

/// `oqc render SCENE.json -o OUT.png`: draws the scene and replaces OUT.png atomically,
/// only once the image is complete.
enum RenderCommand {
    static let help = """
    Usage: oqc render SCENE.json -o OUT.png [options]

    Renders a scene file (see docs/scene-format.md) to a PNG of round(width*scale) x round(height*scale)
    pixels. The output file is replaced atomically, and only when rendering succeeded.

    Options:
      -o, --output OUT.png     where to write the PNG (required)
      --scale S                pixels per point, replacing canvas.scale
      --background C           colour behind the scene, replacing canvas.background:
                               "#RRGGBB", "#RRGGBBAA", a UIKit name such as "white",
                               or "none" for transparent
      --allow-any-path         let contents images use absolute paths or leave the scene's folder
      --max-canvas PX          largest canvas side in pixels (default 16384)
      --max-depth N            deepest layer nesting (default 256)
      --max-layers N           most layers (default 1000000)
      --max-image-pixels N     largest contents image in pixels, K/M suffixes allowed (default 100M)
      -h, --help               show this help

    Exit status: 0 success, 2 invalid input (message on standard error), 1 other failure.
    """

    static func run(_ args: [String]) throws(CommandLineError) {
        let a = try Arguments(command: "render", args,
                              valued: Arguments.sceneValued.union(["--output", "--scale", "--background"]),
                              flags: Arguments.sceneFlags, aliases: ["-o": "--output"])
        let scenePath = try a.singleOperand("scene file")
        guard let output = a.value("--output"), !output.isEmpty else {
            throw .invalid("oqc render: missing -o OUT.png (see oqc render --help)")
        }
        var options = try a.sceneOptions()
        if let s = try a.number("--scale") {
            guard s > 0 else { throw .invalid("oqc render: --scale: expected a number > 0, got '\(a.value("--scale") ?? "")'") }
            options.scale = CGFloat(s)
        }
        var background: CGColor?? = nil
        if let text = a.value("--background") {
            do {
                background = .some(text == "none" ? nil : try Scene.parseColor(text, location: "oqc render: --background"))
            } catch {
                throw .invalid(error.description)
            }
        }
        try checkWritable(output)
        var scene = try loadScene(scenePath, options: options)
        if let background { scene.background = background }

        let png = try renderPNG(scene)
        try writeAtomically(png, to: output)
    }

    /// Fails early, before a long render, when the output cannot be written at all.
    static func checkWritable(_ output: String) throws(CommandLineError) {
        let folder = (output as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .failure("oqc render: cannot write \(output): folder \(dir) does not exist")
        }
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .failure("oqc render: cannot write \(output): it is a folder")
        }
    }

    /// Writes a temporary file next to the destination and renames it over the destination,
    /// so readers see the old file or the new one, never a part.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            throw .failure("oqc render: cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var written = 0
        var failure: String? = nil
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temp)
            throw .failure("oqc render: cannot write \(path): \(failure)")
        }
    }
}
