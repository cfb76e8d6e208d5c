import Foundation
import OpenQuartzCore

/// `oqc animate SCENE.json -o OUT`: the scene's animations rendered at the frame times of a
/// range, written as an animated PNG, a PNG sequence, or a video through ffmpeg.
enum AnimateCommand {
    static let help = """
    Usage: oqc animate SCENE.json -o OUT [options]

    Renders the scene's animations (format: see docs/) frame by frame: frame i shows media
    time FROM + i / FPS, the same picture oqc render --time gives at that time. Without --to
    or --duration the frames run until every animation has ended (--until-settled), the
    last frame at or after that time; an animation that repeats for ever needs --duration.

    Outputs (-o, chosen by the name):
      NAME.png, NAME.apng, -   an animated PNG (our encoder): plays once, or for ever when an
                               animation repeats for ever
      DIR/                     one PNG per frame: DIR/0000.png, DIR/0001.png, ...
      NAME-%04d.png            the same, named by the pattern (%d or %0Nd, N from 1 to 9)
      NAME.mp4, .webm, .gif, .webp
                               encoded by ffmpeg, which must be on PATH (Debian: apt-get
                               install ffmpeg); WebM, GIF and WebP keep transparency
    Files are replaced atomically, under the same rules as oqc render -o.

    Options:
      -o, --output OUT         where to write (required)
      --fps F                  frames per second: 30 (default), 29.97, 30000/1001; up to 1000
      --from T                 media time of frame 0, in seconds (default 0)
      --to T                   end of the range (not included)
      --duration D             length of the range in seconds (instead of --to)
      --until-settled          until every animation has ended (the default without --to
                               or --duration)
      --frames A:B             write only frames A to B-1 of the range (numbered from 0)
      --scale S                pixels per point, replacing canvas.scale
      --threads N              threads per frame (default 1)
      --max-frames N           most frames in the range (default \(defaultMaxFrames))
      --max-total-pixels N     most pixels over all frames written (default 20G)
      --timing                 print one line on standard error: CPU and wall seconds spent
                               rendering the frames and writing them (encoding, files, ffmpeg's
                               input)
      --allow-any-path         let contents images use absolute paths or leave the scene's folder
    \(Arguments.limitsHelp(.reading))
    \(Arguments.limitsHelp(.rendering))
                               (counts take K, M and G suffixes: thousands, millions, billions)
      -h, --help               show this help

    Progress is shown on standard error when it is a terminal.
    Exit status: 0 success, 2 invalid input (message on standard error), 1 other failure
    (ffmpeg missing or failing, a failed write).
    """

    static let defaultMaxFrames = 10_000
    static let defaultMaxTotalPixels = 20_000_000_000

    static func run(_ args: [String]) throws(CommandLineError) {
        let valued: Set<String> = ["--output", "--fps", "--from", "--to", "--duration", "--frames", "--scale",
                                   "--threads", "--max-frames", "--max-total-pixels"]
        let a = try Arguments(command: "animate", args,
                              valued: Arguments.sceneValued.union(Arguments.budgetValued).union(valued),
                              flags: Arguments.sceneFlags.union(["--until-settled", "--timing"]), aliases: ["-o": "--output"])
        let scenePath = try a.singleOperand("scene file")
        guard let outputPath = a.value("--output"), !outputPath.isEmpty else {
            throw .invalid("oqc animate: missing -o OUT (see oqc animate --help)")
        }
        let output = try AnimationOutput(outputPath, command: "animate")
        let rate = try a.frameRate("--fps") ?? FrameRate(framesPerSecond: 30)!
        var options = try a.sceneOptions()
        if let s = try a.positiveNumber("--scale") { options.scale = CGFloat(s) }
        let threads = try a.count("--threads", max: 256) ?? 1
        let maxFrames = try a.count("--max-frames", max: 100_000_000) ?? defaultMaxFrames
        let maxTotalPixels = try gigaCount(a, "--max-total-pixels") ?? defaultMaxTotalPixels
        let range = try FrameRange(a, rate: rate)
        let budget = try a.renderBudget()

        // What cannot work is refused before anything is read or rendered.
        var ffmpeg: String?
        if case .video = output {
            ffmpeg = FFmpegEncoder.locate()
            guard ffmpeg != nil else {
                throw .failure("oqc animate: ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg) or write .png/.apng, a folder/ or a %04d.png pattern")
            }
        }
        let scene = try loadScene(scenePath, options: options)
        let inputs = [scenePath] + scene.inputFiles
        let warnings = fontFallbackWarnings(scene, command: "animate")
        let plan = try range.plan(for: AnimationSpan(scene), maxFrames: maxFrames, slice: a.value("--frames"))

        let renderer = CAImageRenderer(size: scene.size, scale: scene.scale, background: scene.background, threads: threads)
        renderer.budget = budget
        let pixels = renderer.pixelWidth.multipliedReportingOverflow(by: renderer.pixelHeight)
        let total = pixels.partialValue.multipliedReportingOverflow(by: plan.frames.count)
        guard !pixels.overflow, !total.overflow, total.partialValue <= maxTotalPixels else {
            throw .invalid("oqc animate: \(plan.frames.count) frames of \(renderer.pixelWidth)x\(renderer.pixelHeight) pixels are over --max-total-pixels \(maxTotalPixels) (raise it with --max-total-pixels)")
        }
        let progress = Progress(total: plan.frames.count)
        defer { progress.end() }
        let clock = FrameClock()
        var frames = renderer.frames(for: scene.root, from: plan.start, rate: rate, range: plan.frames)
        /// The next frame, or a one-line error when it went over the render budget.
        func nextFrame() throws(CommandLineError) -> AnimationFrames.Frame? {
            guard let f = clock.rendering({ frames.next() }) else { return nil }
            if let exceeded = renderer.budgetExceeded {
                throw .invalid(budgetMessage(exceeded, scene: scene, command: "animate"))
            }
            progress.advance()
            return f
        }

        switch output {
        case .animatedPNG(let path):
            let out = try OutputFile(path, command: "animate")
            try out.checkNotAnInput(inputs)
            guard var writer = AnimatedPNGWriter(width: renderer.pixelWidth, height: renderer.pixelHeight,
                                                 loopCount: plan.loopsForever ? 0 : 1) else {
                throw .invalid("oqc animate: a frame of \(renderer.pixelWidth)x\(renderer.pixelHeight) pixels is too large for a PNG (lower --scale)")
            }
            while let f = try nextFrame() {
                do { try writer.append(f.image, delay: rate.frameDelay) } catch { throw .failure("oqc animate: \(error)") }
            }
            guard let bytes = writer.finish() else { throw .failure("oqc animate: no frame was rendered") }
            try out.write(bytes)
        case .sequence(let names):
            // Every name is checked before the first frame is rendered.
            var outs: [OutputFile] = []
            for i in plan.frames {
                let out = try OutputFile(names.name(i), command: "animate")
                try out.checkNotAnInput(inputs)
                outs.append(out)
            }
            var k = 0
            while let f = try nextFrame() {
                try outs[k].write(f.image.pngData())
                k += 1
            }
        case .video(let format, let path):
            let out = try OutputFile(path, command: "animate")
            guard out.kind == .replace else {
                throw .invalid("oqc animate: -o: .\(format.rawValue) is written to a regular file, not standard output or a device")
            }
            try out.checkNotAnInput(inputs)
            try out.replace { (temp) throws(CommandLineError) in
                let encoder = try FFmpegEncoder(executable: ffmpeg!, format: format, path: temp,
                                                width: renderer.pixelWidth, height: renderer.pixelHeight, rate: rate,
                                                loopForever: plan.loopsForever, command: "animate")
                do throws(CommandLineError) {
                    while let f = try nextFrame() { try encoder.write(f.image) }
                } catch {
                    try? encoder.finish()
                    throw error
                }
                try encoder.finish()
            }
        }
        if a.flag("--timing") {
            printError("oqc animate: \(plan.frames.count) frames of \(renderer.pixelWidth)x\(renderer.pixelHeight): "
                + clock.summary())
        }
        // Only now: a run that fails prints its error line alone.
        for w in warnings { printError(w) }
    }

    /// A count that may also take a G suffix (billions), for pixel totals.
    static func gigaCount(_ a: Arguments, _ name: String) throws(CommandLineError) -> Int? {
        guard let text = a.value(name) else { return nil }
        if let last = text.last, last == "G" || last == "g" {
            let n = Int(text.dropLast()) ?? 0
            let v = n.multipliedReportingOverflow(by: 1_000_000_000)
            guard n >= 1, !v.overflow else {
                throw .invalid("oqc animate: \(name): expected a whole number ≥ 1, got '\(text)'")
            }
            return v.partialValue
        }
        return try a.count(name)
    }
}
