import Foundation
import OpenQuartzCore

/// Where `oqc animate -o` puts the frames, decided from the argument alone, before anything
/// is rendered:
/// - `NAME.png`, `NAME.apng` or `-` (standard output): an animated PNG from our encoder;
/// - `DIR/`: one PNG per frame, `DIR/0000.png`, `DIR/0001.png`, … (frame numbers, so a
///   `--frames` slice writes the names the whole range would);
/// - a pattern with one `%d` or `%0Nd` (N from 1 to 9) ending in `.png`: the same, named by it;
/// - `NAME.mp4`, `.webm`, `.gif`, `.webp`: encoded by ffmpeg (FFmpegEncoder).
enum AnimationOutput {
    case animatedPNG(String)
    case sequence(PNGSequenceNames)
    case video(FFmpegEncoder.Format, String)

    init(_ path: String, command: String) throws(CommandLineError) {
        if path == "-" { self = .animatedPNG(path); return }
        if path.hasSuffix("/") {
            self = .sequence(PNGSequenceNames(prefix: path, digits: 4, suffix: ".png"))
            return
        }
        if path.contains("%") {
            guard let names = PNGSequenceNames(pattern: path) else {
                throw .invalid("oqc \(command): -o: a frame pattern has one %d or %0Nd (N from 1 to 9), no other %, and ends in .png; got '\(path)'")
            }
            self = .sequence(names)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        switch ext {
        case "png", "apng": self = .animatedPNG(path)
        default:
            guard let format = FFmpegEncoder.Format(rawValue: ext) else {
                let shown = ext.isEmpty ? "no extension" : "unknown extension '.\(ext)'"
                throw .invalid("oqc \(command): -o: \(shown) (use .png or .apng, .mp4, .webm, .gif, .webp, a folder/ or a %04d.png pattern)")
            }
            self = .video(format, path)
        }
    }
}

/// The file names of a PNG sequence: prefix, the frame number zero-padded to `digits`
/// (at least), suffix. Built by hand, never by `String(format:)` on the user's pattern.
struct PNGSequenceNames {
    let prefix: String
    let digits: Int
    let suffix: String

    init(prefix: String, digits: Int, suffix: String) {
        self.prefix = prefix
        self.digits = digits
        self.suffix = suffix
    }

    /// `frames/%04d.png`, `shot-%d.png`; nil for anything else.
    init?(pattern: String) {
        guard pattern.lowercased().hasSuffix(".png"), let percent = pattern.firstIndex(of: "%") else { return nil }
        var rest = pattern[pattern.index(after: percent)...]
        var width = 1
        if rest.first == "0" {
            rest = rest.dropFirst()
            guard let d = rest.first, let n = d.wholeNumberValue, n >= 1, n <= 9, d.isASCII else { return nil }
            width = n
            rest = rest.dropFirst()
        }
        guard rest.first == "d" else { return nil }
        let suffix = String(rest.dropFirst())
        guard !suffix.contains("%") else { return nil }
        self.init(prefix: String(pattern[..<percent]), digits: width, suffix: suffix)
    }

    func name(_ frame: Int) -> String {
        let number = String(frame)
        return prefix + String(repeating: "0", count: max(digits - number.count, 0)) + number + suffix
    }
}
