import Foundation
import OpenQuartzCore

/// `oqc render --scene-out FRAME.json`: what is drawn, written as a static scene
/// (`Scene.presentationScene(atTime:)`), for renderers that read static scenes only (the
/// benchmark's peers draw the frames of an animation from it).
enum StaticSceneOutput {
    /// The scene file's text. Image paths in a scene are relative to its folder, so they are
    /// kept when FRAME.json lies in the scene's folder; anywhere else (standard output, a
    /// device, another folder) the images are embedded, so that the file stands alone.
    static func json(_ scene: Scene, at time: CFTimeInterval?, scenePath: String, output: OutputFile) throws(CommandLineError) -> String {
        let frame: Scene
        do {
            frame = try scene.presentationScene(atTime: time)
        } catch {
            let file = scenePath == "-" ? "<stdin>" : scenePath
            throw .invalid("oqc render: --scene-out: " + SceneError(kind: error.kind, file: file, location: error.location,
                                                                      problem: error.problem).description)
        }
        let sceneFolder = scenePath == "-" ? "." : SceneFilePath.folder(of: scenePath)
        let embedding = output.kind == .standardOutput
            || canonical(SceneFilePath.folder(of: output.path)) != canonical(sceneFolder)
        return frame.jsonString(embeddingImages: embedding)
    }

    /// Refuses `-o` and `--scene-out` naming one file (or both standard output): one would
    /// overwrite the other.
    static func checkDistinct(_ image: OutputFile, _ scene: OutputFile) throws(CommandLineError) {
        if image.kind == .standardOutput || scene.kind == .standardOutput {
            guard image.kind != scene.kind else { throw .invalid("oqc render: -o and --scene-out both write to standard output") }
            return
        }
        var a = stat(), b = stat()
        let sameFile = stat(image.path, &a) == 0 && stat(scene.path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
        if sameFile || canonical(image.path) == canonical(scene.path) {
            throw .invalid("oqc render: -o and --scene-out name the same file \(scene.path)")
        }
    }

    /// An absolute path with `.`, `..` and symbolic links resolved, for comparing names.
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
