/// How a command failed, and so which exit status it gets: 2 for invalid input (a bad
/// scene, a bad option), 1 for anything else (a failed write, a missing feature).
struct CommandLineError: Error {
    enum Status: Int32 {
        case failure = 1
        case invalidInput = 2
    }

    var status: Status
    /// One line for standard error.
    var message: String

    static func invalid(_ message: String) -> CommandLineError { .init(status: .invalidInput, message: message) }
    static func failure(_ message: String) -> CommandLineError { .init(status: .failure, message: message) }
}
