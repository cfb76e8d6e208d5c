// Turns a fuzzer's bytes into the values an API harness passes: small integers, hostile
// numbers (NaN, infinities, 1e308, denormals, values past Int's range) as often as ordinary
// ones, and choices. Reading past the end gives zeros, so every input is a complete program.
import Foundation

/// A cursor over a fuzzer input.
public struct FuzzReader {
    let bytes: [UInt8]
    var index = 0
    /// The numbers read since the last `trace(_:)`, when the environment sets FUZZ_TRACE
    /// (to turn a finding into a test: the harness prints each call with its arguments).
    var log: [String]?

    /// A reader over `bytes`, from the first.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if getenv("FUZZ_TRACE") != nil { log = [] }
    }

    /// Prints `call` with the numbers read for it, when tracing.
    public mutating func trace(_ call: String) {
        guard let entries = log else { return }
        FileHandle.standardError.write(Data("\(call): \(entries.joined(separator: ", "))\n".utf8))
        log = []
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, 0 past the end.
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(byte()) % max(n, 1) }

    /// A coin toss.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Values that break arithmetic: where hostile input starts.
    static let hostileDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, .nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude,
        1e-308, .leastNonzeroMagnitude, 1e-200, 1e19, -1e19, 9.3e18, 1e9, 1e10, -1e9, 2147483648, 4294967296,
        1e6, 1e4, 3000, 1e-9, 0.25, 100, 1e15, 65536, 32768, -32768,
    ]

    /// A number: one of the hostile values, a small ordinary one, or any bit pattern.
    public mutating func double() -> Double {
        let b = byte()
        switch b {
        case 0..<64: return logged(FuzzReader.hostileDoubles[Int(b) % FuzzReader.hostileDoubles.count])
        case 64..<224: return logged(Double(Int(b) - 144) * Double(byte()) / 16)
        default:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return logged(Double(bitPattern: bits))
        }
    }

    private mutating func logged(_ v: Double) -> Double {
        log?.append("\(v)")
        return v
    }

    /// Integers that break size arithmetic.
    static let hostileInts: [Int] = [
        0, -1, 1, 2, 3, 7, 16, 255, 256, 1 << 15, (1 << 15) + 1, 46341, 65536, 1 << 20, 1 << 27,
        1 << 31, 1 << 32, Int.max, Int.min, Int.max / 4, 1 << 62,
    ]

    /// An integer: hostile or small.
    public mutating func int() -> Int {
        let b = byte()
        let v = b < 64 ? FuzzReader.hostileInts[Int(b) % FuzzReader.hostileInts.count] : Int(b) - 64
        log?.append("\(v)")
        return v
    }
}
