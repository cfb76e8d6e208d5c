/// Commands that exist in the interface but are provided by other parts of the project.
enum ReservedCommands {
    static let demoHelp = """
    Usage: oqc demo [-o DIR]

    Renders the gallery of the book's figures into DIR (default gallery/).
    Not available in this build yet.
    """

    static let benchHelp = """
    Usage: oqc bench …

    Benchmarks the renderer. Not available in this build yet.
    """

    static func demo(_ args: [String]) throws(CommandLineError) {
        throw .failure("oqc demo: not available yet")
    }

    static func bench(_ args: [String]) throws(CommandLineError) {
        throw .failure("oqc bench: not available yet")
    }
}
