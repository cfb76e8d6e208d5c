import OpenQuartzCore

/// Loads a scene for a command, turning its errors into exit statuses.
func loadScene(_ path: String, options: SceneOptions) throws(CommandLineError) -> Scene {
    do {
        return try Scene.load(path: path, options: options)
    } catch {
        // An unreadable scene file is a bad argument too: both are the caller's input.
        throw .invalid(error.description)
    }
}
