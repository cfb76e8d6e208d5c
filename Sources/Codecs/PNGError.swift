/// Why a PNG could not be read.
///
/// The message names the problem and, where it helps, the chunk and byte offset,
/// e.g. `PNG: bad CRC in IDAT chunk at offset 1234`.
package struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The problem in one line.
    package let message: String

    /// An error with this message.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
