import Foundation
import OpenQuartzCore

/// `oqc hit SCENE.json --at X,Y`: which layer `CALayer.hitTest(_:)` finds at a canvas point.
enum HitCommand {
    static let help = """
    Usage: oqc hit SCENE.json --at X,Y [options]

    Prints the layer that CALayer.hitTest(_:) on the root layer finds at the point (X, Y),
    given in canvas points (y down, origin top left), as a path of names from the root's
    sublayers down, such as container/face3/button; an unnamed layer is written #i (its
    index among its siblings). Prints none when no layer is hit.

    Options:
      --at X,Y                 the point, in canvas points (required)
      --mode layer|visible     layer (default): CALayer.hitTest; visible: the layer the user
                               sees there, depth-correct: drawn order with depth sorting,
                               back faces culled, masksToBounds and empty areas passed over
      --allow-any-path         let contents images use absolute paths or leave the scene's folder
    \(Arguments.limitsHelp(.reading))
      -h, --help               show this help

    Exit status: 0 success (including none), 2 invalid input, 1 other failure.
    """

    static func run(_ args: [String]) throws(CommandLineError) {
        let a = try Arguments(command: "hit", args, valued: Arguments.sceneValued.union(["--at", "--mode"]),
                              flags: Arguments.sceneFlags)
        let scenePath = try a.singleOperand("scene file")
        guard let at = a.value("--at") else { throw .invalid("oqc hit: missing --at X,Y (see oqc hit --help)") }
        let parts = at.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingCharacters(in: .whitespaces)), x.isFinite,
              let y = Double(parts[1].trimmingCharacters(in: .whitespaces)), y.isFinite else {
            throw .invalid("oqc hit: --at: expected two numbers X,Y, got '\(at)'")
        }
        let mode = a.value("--mode") ?? "layer"
        guard mode == "layer" || mode == "visible" else {
            throw .invalid("oqc hit: --mode: expected layer or visible, got '\(mode)'")
        }
        let scene = try loadScene(scenePath, options: try a.sceneOptions())
        let point = CGPoint(x: x, y: y)
        // The root stands for the canvas: a hit on it alone is none, in both modes.
        var hit = mode == "visible" ? scene.root.visibleLayer(at: point) : scene.hitTest(point)
        if hit === scene.root { hit = nil }
        print(hit.flatMap { scene.path(of: $0) } ?? "none")
    }
}
