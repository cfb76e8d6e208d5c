import Foundation

/// An animation file as Pillow reads it (Scripts/apng_frames.py, run by Debian's Python):
/// an encoder-independent decoder for the tests of our APNG writer and of `oqc animate`.
/// It gives the frame count, loop count, Pillow's durations, each fcTL's delay as stored,
/// and every frame as Pillow composites it, as a plain RGBA PNG for the caller to decode.
/// Throws, never skips, when Python or Pillow is missing (.ci/run installs python3-pil).
public struct PillowFrames {
    /// Pixels across.
    public var width = 0
    /// Pixels down.
    public var height = 0
    /// Pillow's frame count.
    public var count = 0
    /// The loop count Pillow read (APNG num_plays, GIF loop); nil when absent.
    public var loop: Int?
    /// Pillow's durations in milliseconds.
    public var durations: [Double] = []
    /// Each fcTL's delay, `[numerator, denominator]`, as stored (APNG only).
    public var delays: [[Int]] = []
    /// Each frame as a PNG file's bytes.
    public var pngs: [[UInt8]] = []

    /// Decodes `file`'s bytes.
    public init(file bytes: [UInt8]) throws {
        let dir = NSTemporaryDirectory() + "pillow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/in"))
        let json = try Self.runScript([dir + "/in", dir])
        guard let o = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw PillowFailure(description: "Scripts/apng_frames.py printed no JSON object")
        }
        width = o["width"] as? Int ?? 0
        height = o["height"] as? Int ?? 0
        count = o["frames"] as? Int ?? 0
        loop = o["loop"] as? Int
        durations = (o["durations"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        delays = o["delays"] as? [[Int]] ?? []
        for i in 0..<count {
            pngs.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + String(format: "/%04d.png", i)))))
        }
    }

    /// A small animation written by Pillow's own APNG encoder (`apng_frames.py --write`:
    /// five frames, every dispose and blend op, loop count 2), for decoders to read.
    public static func writtenByPillow() throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "pillow-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try runScript(["--write", path])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs Scripts/apng_frames.py with Debian's Python; its standard output.
    static func runScript(_ arguments: [String]) throws -> Data {
        let script = Repository.path("Scripts/apng_frames.py")
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [python, script] + arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let why = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw PillowFailure(description: "Scripts/apng_frames.py failed (Python 3 with Pillow is needed: apt-get install python3-pil): \(why)")
        }
        return data
    }

    /// Reads the file at `path`.
    public init(path: String) throws {
        try self.init(file: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }
}

/// Why Pillow gave no frames, in one line.
public struct PillowFailure: Error, CustomStringConvertible {
    /// The reason, with Pillow's message.
    public var description: String
}
