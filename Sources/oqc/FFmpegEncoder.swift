import Foundation
import OpenQuartzCore

/// Video and animated-image outputs of `oqc animate` that ffmpeg encodes: frames are streamed
/// to its standard input as raw premultiplied RGBA, and it writes the file. The library never
/// needs ffmpeg; `oqc animate` runs it when it is on PATH.
struct FFmpegEncoder {
    /// A container ffmpeg writes, by output extension.
    enum Format: String, CaseIterable {
        case mp4, webm, gif, webp

        /// ffmpeg's arguments after the input: filters, codec, muxer. Frames arrive
        /// premultiplied: MP4 has no alpha, and premultiplied colour is the picture over
        /// black, which is what a player shows; the formats with alpha un-premultiply first.
        func arguments(loopForever: Bool) -> [String] {
            switch self {
            case .mp4:
                // yuv420p (what players accept) needs even sides.
                return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                        "-movflags", "+faststart", "-f", "mp4"]
            case .webm:
                return ["-vf", "unpremultiply=inplace=1", "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p",
                        "-b:v", "0", "-crf", "30", "-f", "webm"]
            case .gif:
                return ["-filter_complex",
                        "[0:v]unpremultiply=inplace=1,split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse",
                        "-loop", loopForever ? "0" : "-1", "-f", "gif"]
            case .webp:
                return ["-vf", "unpremultiply=inplace=1", "-c:v", "libwebp_anim", "-lossless", "1",
                        "-loop", loopForever ? "0" : "1", "-f", "webp"]
            }
        }
    }

    /// The ffmpeg found on PATH, or nil.
    static func locate() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private let process = Process()
    private let input: FileHandle
    private let errors = Pipe()
    private let command: String

    /// Starts `ffmpeg` writing `format` to `path` from frames of `width × height` at `rate`.
    init(executable: String, format: Format, path: String, width: Int, height: Int, rate: FrameRate,
         loopForever: Bool, command: String) throws(CommandLineError) {
        self.command = command
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                             "-framerate", "\(rate.numerator)/\(rate.denominator)", "-i", "pipe:0"]
            + format.arguments(loopForever: loopForever) + [path]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        input = pipe.fileHandleForWriting
        // A failed ffmpeg closes its input; the write must fail with EPIPE, not kill oqc.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch {
            throw .failure("oqc \(command): cannot run \(executable): \(error)")
        }
    }

    /// Sends one frame.
    func write(_ image: CGImage) throws(CommandLineError) {
        do { try input.write(contentsOf: Data(image.premultipliedRGBA)) } catch {
            throw finishFailed()
        }
    }

    /// Ends the input and waits for ffmpeg; fails with its last message when it fails.
    func finish() throws(CommandLineError) {
        try? input.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw failure(message) }
    }

    private func finishFailed() -> CommandLineError {
        try? input.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return failure(message)
    }

    private func failure(_ message: Data) -> CommandLineError {
        let last = String(decoding: message, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "no message"
        return .failure("oqc \(command): ffmpeg failed (status \(process.terminationStatus)): \(last)")
    }
}
