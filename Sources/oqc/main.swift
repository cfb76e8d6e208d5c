import Foundation
import OpenQuartzCore

let usage = """
Usage: oqc COMMAND [arguments]

OpenQuartzCore's command-line tool: Core Animation layer trees from scene files
(the scene format is described in docs/).

Commands:
  render SCENE.json -o OUT.png   render a scene to PNG
  animate SCENE.json -o OUT      render its animations: APNG, PNG frames, video
  hit SCENE.json --at X,Y        which layer CALayer.hitTest finds at a point
  demo [-o DIR]                  render the gallery of the book's figures
  bench …                        benchmark the renderer

Run oqc COMMAND --help (or oqc help COMMAND) for a command's options; oqc --version
prints the version.
Exit status: 0 success, 2 invalid input (one line on standard error), 1 other failure.
"""

/// The help text and entry point of each command.
func lookUpCommand(_ name: String) -> (help: String, run: ([String]) throws(CommandLineError) -> Void)? {
    switch name {
    case "render": return (RenderCommand.help, RenderCommand.run)
    case "animate": return (AnimateCommand.help, AnimateCommand.run)
    case "hit": return (HitCommand.help, HitCommand.run)
    case "demo": return (DemoCommand.help, DemoCommand.run)
    case "bench": return (BenchCommand.help, BenchCommand.run)
    default: return nil
    }
}

/// The tool's version, as `oqc --version` prints it.
let version = "oqc 0.1.0 (OpenQuartzCore)"

/// One line on standard error: control characters in the message (a newline in a file
/// name) are escaped, so that a message is always exactly one line.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((escapedForOneLine(message) + "\n").utf8))
}

/// Runs the command line and returns the exit status.
func runCommandLine(_ argv: [String]) -> Int32 {
    guard let first = argv.first else {
        printError("oqc: missing command (see oqc --help)")
        return CommandLineError.Status.invalidInput.rawValue
    }
    if first == "--version" || first == "-V" {
        print(version)
        return 0
    }
    if first == "--help" || first == "-h" || first == "help" {
        // oqc help CMD prints what oqc CMD --help prints.
        if first == "help", argv.count > 1 {
            guard let c = lookUpCommand(argv[1]) else {
                printError("oqc help: unknown command '\(argv[1])' (see oqc --help)")
                return CommandLineError.Status.invalidInput.rawValue
            }
            print(c.help)
        } else {
            print(usage)
        }
        return 0
    }
    guard let command = lookUpCommand(first) else {
        printError("oqc: unknown command '\(first)' (see oqc --help)")
        return CommandLineError.Status.invalidInput.rawValue
    }
    let rest = Array(argv.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(command.help)
        return 0
    }
    do {
        try command.run(rest)
        return 0
    } catch {
        printError(error.message)
        return error.status.rawValue
    }
}

/// The worker thread's result, handed to the main thread after the semaphore.
final class ExitStatusBox: @unchecked Sendable {
    var value: Int32 = 1
}

// Deeply nested scenes recurse deeply; run on a thread whose stack fits the largest
// nesting the --max-depth flag allows, rather than the main thread's 8 MiB.
let exitStatus = ExitStatusBox()
let done = DispatchSemaphore(value: 0)
let arguments = Array(CommandLine.arguments.dropFirst())
let worker = Thread { [exitStatus, done, arguments] in
    exitStatus.value = runCommandLine(arguments)
    done.signal()
}
worker.stackSize = 1 << 30
worker.start()
done.wait()
exit(exitStatus.value)
