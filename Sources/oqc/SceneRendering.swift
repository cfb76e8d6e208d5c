import OpenQuartzCore

/// The pixel step of `oqc render`.
func renderPNG(_ scene: Scene) throws(CommandLineError) -> [UInt8] {
    let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background)
    renderer.cachesFrames = false   // one frame: nothing to reuse
    return renderer.image(for: scene.root).pngData()
}
