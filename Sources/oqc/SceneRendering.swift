import OpenQuartzCore

/// The pixel step of `oqc render`: the frame within `budget`, or a one-line error naming the
/// layer that asked for more and the flag that allows it.
/// With `time`, the scene's animations are shown at that media time (`oqc render --time`).
func renderPNG(_ scene: Scene, budget: RenderBudget, command: String, time: CFTimeInterval? = nil) throws(CommandLineError) -> [UInt8] {
    let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background)
    renderer.cachesFrames = false   // one frame: nothing to reuse
    renderer.budget = budget
    guard let time else {
        do {
            return try renderer.checkedImage(for: scene.root).pngData()
        } catch {
            throw .invalid(budgetMessage(error, scene: scene, command: command))
        }
    }
    let image = renderer.image(for: scene.root, atTime: time)
    if let exceeded = renderer.budgetExceeded { throw .invalid(budgetMessage(exceeded, scene: scene, command: command)) }
    return image.pngData()
}

/// "oqc render: layers[0].sublayers[2]: …", naming the layer as scene errors do.
func budgetMessage(_ error: RenderBudgetExceeded, scene: Scene, command: String) -> String {
    let layer = error.layer(in: scene.root).flatMap { scene.jsonPath(of: $0) }
    return "oqc \(command): \(layer.map { $0 + ": " } ?? "")\(error.description)"
}
