import Foundation
import OpenQuartzCore

/// `oqc render SCENE.json -o OUT.png`: draws the scene and replaces OUT.png atomically,
/// only once the image is complete.
enum RenderCommand {
    static let help = """
    Usage: oqc render SCENE.json -o OUT.png [options]
           oqc render SCENE.json --time T --scene-out FRAME.json [-o OUT.png]

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
      --scene-out FRAME.json   also (or, without -o, only) write what is drawn as a static
                               scene: every layer with its values at --time and no
                               animations, so that rendering FRAME.json gives the same
                               pixels. Images stay paths when FRAME.json is in the scene's
                               folder, otherwise they are embedded. Refused: a transition,
                               a replicator with instanceDelay over animated sublayers
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
                              valued: Arguments.sceneValued.union(Arguments.budgetValued)
                                .union(["--output", "--scale", "--background", "--time", "--scene-out"]),
                              flags: Arguments.sceneFlags, aliases: ["-o": "--output"])
        let scenePath = try a.singleOperand("scene file")
        let output = a.value("--output"), sceneOutput = a.value("--scene-out")
        if output == nil && sceneOutput == nil || output?.isEmpty == true {
            throw .invalid("oqc render: missing -o OUT.png (see oqc render --help)")
        }
        if sceneOutput?.isEmpty == true { throw .invalid("oqc render: --scene-out: expected a file name") }
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
        let out = try output.map { (path: String) throws(CommandLineError) in try OutputFile(path, command: "render") }
        let sceneOut = try sceneOutput.map { (path: String) throws(CommandLineError) in try OutputFile(path, command: "render") }
        if let out, let sceneOut { try StaticSceneOutput.checkDistinct(out, sceneOut) }
        let budget = try a.renderBudget()
        var scene = try loadScene(scenePath, options: options)
        if let background { scene.background = background }
        for o in [out, sceneOut].compactMap({ $0 }) { try o.checkNotAnInput([scenePath] + scene.inputFiles) }
        let warnings = fontFallbackWarnings(scene, command: "render")

        // The static scene is taken before the render: a timed render ends animations that
        // are over (removedOnCompletion), which would change the tree.
        let json = try sceneOut.map { (o: OutputFile) throws(CommandLineError) in
            try StaticSceneOutput.json(scene, at: time, scenePath: scenePath, output: o)
        }
        let png = try out.map { _ throws(CommandLineError) in try renderPNG(scene, budget: budget, command: "render", time: time) }
        // Both are complete before either is written.
        if let out, let png { try out.write(png) }
        if let sceneOut, let json { try sceneOut.write(Array(json.utf8)) }
        // Only now: a run that fails prints its error line alone.
        for w in warnings { printError(w) }
    }
}
