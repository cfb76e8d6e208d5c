/// Why a PNG could not be read.
///
/// The message names the problem and, where it helps, the chunk and byte offset,
/// e.g. `PNG: bad CRC in IDAT chunk at offset 1234`.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
