import Foundation
import OpenQuartzCore

/// Loads a scene for a command, turning its errors into exit statuses. `-` reads the scene
/// from standard input; its relative image paths then resolve against the working folder,
/// under the same `--allow-any-path` rule as a file's.
func loadScene(_ path: String, options: SceneOptions) throws(CommandLineError) -> Scene {
    do {
        if path == "-" {
            let data = try Scene.readInput(fileDescriptor: 0, options: options, fileName: "<stdin>")
            return try Scene.parse(data: data, baseDirectory: ".", options: options, fileName: "<stdin>")
        }
        return try Scene.load(path: path, options: options)
    } catch {
        // An unreadable scene file is a bad argument too: both are the caller's input.
        throw .invalid(error.description)
    }
}

/// One warning line on standard error for each text layer whose font is not installed.
func warnAboutFontFallbacks(_ scene: Scene, command: String) {
    for f in scene.fontFallbacks() {
        let used = f.used.map { "drawn with \"\($0)\"" } ?? "no font is installed"
        printError("oqc \(command): warning: \(f.layerPath.isEmpty ? "" : f.layerPath + ": ")font \"\(f.requested)\" not found; \(used)")
    }
}
