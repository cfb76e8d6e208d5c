import Foundation
import OpenQuartzCore

/// `oqc render SCENE.json -o OUT.png`: draws the scene and replaces OUT.png atomically,
/// only once the image is complete.
enum RenderCommand {
    static let help = """
    Usage: oqc render SCENE.json -o OUT.png [options]

    Renders a scene file (format: see docs/; - reads it from standard input, its images
    then resolving against the working folder) to a PNG of round(width*scale) x
    round(height*scale) pixels. The output file is replaced atomically, and only when
    rendering succeeded; a FIFO or character device is written through instead, a symbolic
    link or an input of the command is refused.

    Options:
      -o, --output OUT.png     where to write the PNG (required; - for standard output)
      --scale S                pixels per point, replacing canvas.scale
      --time T                 the media time (seconds) to show the scene's animations at;
                               without it the layers are drawn as the scene sets them
      --background C           colour behind the scene, replacing canvas.background:
                               "#RRGGBB", "#RRGGBBAA", a UIKit name such as "white",
                               or "none" for transparent
      --allow-any-path         let contents images use absolute paths or leave the scene's folder
    \(Arguments.limitsHelp(.reading))
    \(Arguments.limitsHelp(.rendering))
                               (counts take K and M suffixes: thousands, millions)
      -h, --help               show this help

    Exit status: 0 success, 2 invalid input (message on standard error), 1 other failure.
    """

    static func run(_ args: [String]) throws(CommandLineError) {
        let a = try Arguments(command: "render", args,
                              valued: Arguments.sceneValued.union(Arguments.budgetValued).union(["--output", "--scale", "--background", "--time"]),
                              flags: Arguments.sceneFlags, aliases: ["-o": "--output"])
        let scenePath = try a.singleOperand("scene file")
        guard let output = a.value("--output"), !output.isEmpty else {
            throw .invalid("oqc render: missing -o OUT.png (see oqc render --help)")
        }
        var options = try a.sceneOptions()
        if let s = try a.positiveNumber("--scale") { options.scale = CGFloat(s) }
        let time = try a.number("--time")
        var background: CGColor?? = nil
        if let text = a.value("--background") {
            do {
                background = .some(text == "none" ? nil : try Scene.parseColor(text, location: "oqc render: --background"))
            } catch {
                throw .invalid(error.description)
            }
        }
        let out = try OutputFile(output, command: "render")
        var scene = try loadScene(scenePath, options: options)
        if let background { scene.background = background }
        try out.checkNotAnInput([scenePath] + scene.inputFiles)
        let warnings = fontFallbackWarnings(scene, command: "render")

        let png = try renderPNG(scene, budget: try a.renderBudget(), command: "render", time: time)
        try out.write(png)
        // Only now: a run that fails prints its error line alone.
        for w in warnings { printError(w) }
    }
}
