import Foundation
import OpenQuartzCore

/// `oqc bench`: frame times of the real renderer, as a live app would see them.
enum BenchCommand {
    static let help = """
    Usage: oqc bench SCENE.json... [--frames N] [--warmup K] [--threads T] [--scale S] [--time T] [-o DIR]

    Renders each scene N times into the same surface and prints one line per scene:
      scene=NAME median_ms=… min_ms=… max_ms=… frames=N pixels=W*H threads=T
    The scene is parsed once; every frame snapshots the layer tree again (as a live app's
    changing tree would need) and composites it. PNG encoding is not timed.

    Options:
      --frames N    timed frames per scene (default 10, at most 10000)
      --warmup K    untimed frames first (default 2, at most 1000)
      --threads T   threads per frame (default 1)
      --scale S     override the canvas scale
      --time T      draw every frame at media time T (animations and particles as oqc
                    render --time T shows them); without it, as oqc render draws the scene
      -o DIR        also write each scene's last frame as DIR/NAME.png (DIR is created;
                    each NAME.png must be new or a regular file, neither an input nor
                    another scene's output: checked before any frame is drawn)
      --allow-any-path, --max-…   as for oqc render (limits and render budget)
    """

    static func run(_ args: [String]) throws(CommandLineError) {
        let a = try Arguments(command: "bench", args,
                              valued: Arguments.sceneValued.union(Arguments.budgetValued)
                                .union(["--frames", "--warmup", "--threads", "--scale", "--time", "--output"]),
                              flags: Arguments.sceneFlags, aliases: ["-o": "--output"])
        guard !a.operands.isEmpty else { throw .invalid("oqc bench: missing scene file (see oqc bench --help)") }
        let frames = try a.count("--frames", max: maxFrames) ?? 10
        let warmup = try a.count("--warmup", min: 0, max: maxWarmup) ?? 2
        let threads = try a.count("--threads", max: 256) ?? 1
        guard frames > 0 else { throw .invalid("oqc bench: --frames: expected a count > 0") }
        guard threads > 0 else { throw .invalid("oqc bench: --threads: expected a count > 0") }
        var options = try a.sceneOptions()
        if let s = try a.positiveNumber("--scale") { options.scale = CGFloat(s) }
        let budget = try a.renderBudget()
        let time = try a.number("--time")
        // Parse everything first, so a bad scene fails before any timing.
        let scenes = try a.operands.map { (path: String) throws(CommandLineError) -> (String, Scene) in
            (path, try loadScene(path, options: options))
        }
        var outputs: [OutputFile?] = scenes.map { _ in nil }
        if let dir = a.value("--output") {
            try makeFolder(dir)
            outputs = try outputFiles(in: dir, for: scenes)
        }
        for ((path, scene), output) in zip(scenes, outputs) {
            let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background,
                                           threads: threads)
            renderer.budget = budget
            // Every frame renders into one canvas, as a live app's would: a bitmap context in the
            // renderer's own pixel format, drawn into in place. A canvas too large for a bitmap
            // context (over 2^27 pixels) gets a new image a frame instead.
            let canvas = CGContext(data: nil, width: renderer.pixelWidth, height: renderer.pixelHeight, bitsPerComponent: 8,
                                   bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                   bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            var lastImage: CGImage?
            func renderFrame() {
                switch (canvas, time) {
                case (let canvas?, let t?): renderer.render(scene.root, in: canvas, atTime: t)
                case (let canvas?, nil): renderer.render(scene.root, in: canvas)
                case (nil, let t?): lastImage = renderer.image(for: scene.root, atTime: t)
                case (nil, nil): lastImage = renderer.image(for: scene.root)
                }
            }
            // One frame first, outside the timing: a scene over the budget fails before it is timed.
            renderFrame()
            if let exceeded = renderer.budgetExceeded { throw .invalid(budgetMessage(exceeded, scene: scene, command: "bench")) }
            for _ in 0..<warmup { renderFrame() }
            var times: [Double] = []
            times.reserveCapacity(frames)
            for _ in 0..<frames {
                let t0 = DispatchTime.now().uptimeNanoseconds
                renderFrame()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            times.sort()
            let median = times.count % 2 == 1 ? times[times.count / 2]
                                               : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
            let name = Self.name(of: path)
            print(String(format: "scene=%@ median_ms=%.3f min_ms=%.3f max_ms=%.3f frames=%d pixels=%d*%d threads=%d",
                         name, median, times.first!, times.last!, frames, renderer.pixelWidth, renderer.pixelHeight, threads))
            if let output, let image = canvas?.makeImage() ?? lastImage {
                try output.write(image.pngData())
            }
        }
    }

    /// Most timed frames, and most warm-up frames, per scene: a run of the largest counts
    /// at a second a frame ends within hours, not months.
    static let maxFrames = 10_000
    static let maxWarmup = 1_000

    /// The name a scene's line and frame go by: its file name without extension.
    static func name(of path: String) -> String { path == "-" ? "stdin" : SceneFilePath.stem(of: path) }

    /// Each scene's output `DIR/NAME.png`, decided before any frame is drawn, under
    /// `oqc render`'s rules and bench's own: only a regular file or a new name (a FIFO or a
    /// device in the folder would block or swallow the frame; bench names its files itself),
    /// never one of the inputs of any scene (the scene files, their images and fonts), and no
    /// two scenes writing one file (`a/x.json` and `b/x.json` both make `x.png`).
    static func outputFiles(in dir: String, for scenes: [(String, Scene)]) throws(CommandLineError) -> [OutputFile?] {
        let inputs = scenes.flatMap { [$0.0] + $0.1.inputFiles }
        var byFile: [String: String] = [:]
        var out: [OutputFile?] = []
        for (path, _) in scenes {
            let file = (dir.hasSuffix("/") ? dir : dir + "/") + name(of: path) + ".png"
            if let other = byFile[file] {
                throw .invalid("oqc bench: scenes \(escapedForOneLine(other)) and \(escapedForOneLine(path)) would both write \(escapedForOneLine(file))")
            }
            byFile[file] = path
            let output = try OutputFile(file, command: "bench")
            guard output.kind == .replace else {
                throw .failure("oqc bench: cannot write \(escapedForOneLine(file)): it is not a regular file (bench writes only regular files)")
            }
            try output.checkNotAnInput(inputs)
            out.append(output)
        }
        return out
    }

    /// Creates `dir` and the folders above it as needed, failing in the one-line format.
    static func makeFolder(_ dir: String) throws(CommandLineError) {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw .failure("oqc bench: cannot write into \(dir): it is not a folder") }
            return
        }
        // mkdir -p: each folder on the way, one that exists already being fine.
        var prefix = dir.hasPrefix("/") ? "/" : ""
        for part in dir.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .failure("oqc bench: cannot create folder \(dir): \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
        guard stat(dir, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw .failure("oqc bench: cannot create folder \(dir)")
        }
    }
}
