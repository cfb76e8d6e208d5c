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

/// The warnings about text layers whose font is not installed: one line per font name (the
/// first layer asking for it named, how many more do counted), at most `maxFontWarnings`
/// lines, then one for the rest. A scene of 1 000 layers naming missing fonts gets a dozen
/// lines, not 1 000. The caller prints them only once the command has succeeded, so that a
/// failing run prints its one error line and nothing else.
func fontFallbackWarnings(_ scene: Scene, command: String) -> [String] {
    var names: [String] = []
    var byName: [String: (first: SceneFontFallback, count: Int)] = [:]
    for f in scene.fontFallbacks() {
        if let seen = byName[f.requested] {
            byName[f.requested] = (seen.first, seen.count + 1)
        } else {
            names.append(f.requested)
            byName[f.requested] = (f, 1)
        }
    }
    var lines: [String] = names.prefix(maxFontWarnings).compactMap { name in
        guard let (f, count) = byName[name] else { return nil }
        let used = f.used.map { "drawn with \"\(escapedForOneLine($0))\"" } ?? "no font is installed"
        let others = count > 1 ? " (and \(count - 1) more layer\(count == 2 ? "" : "s"))" : ""
        let layer = f.layerPath.isEmpty ? "" : escapedForOneLine(f.layerPath) + ": "
        return "oqc \(command): warning: \(layer)font \"\(escapedForOneLine(name))\" not found; \(used)\(others)"
    }
    if names.count > maxFontWarnings {
        lines.append("oqc \(command): warning: \(names.count - maxFontWarnings) more fonts not found")
    }
    return lines
}

/// Most font warnings a run prints, one per distinct font.
let maxFontWarnings = 10
