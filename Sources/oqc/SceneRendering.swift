import OpenQuartzCore

/// The pixel step of `oqc render`, kept apart from the command so the command builds
/// while the compositor (`CAImageRenderer`, `CGImage.pngData()`) is still on its way to main.
func renderPNG(_ scene: Scene) throws(CommandLineError) -> [UInt8] {
    throw .failure("oqc render: rendering is not available in this build yet (CAImageRenderer has not been merged)")
}
