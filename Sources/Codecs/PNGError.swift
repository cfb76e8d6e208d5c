/// Why a PNG could not be read.
///
/// The message names the problem and, where it helps, the chunk and byte offset,
/// e.g. `PNG: bad CRC in IDAT chunk at offset 1234`.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The problem in one line.
    public let message: String

    /// An error with this message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
