import OpenQuartzCore

/// A command's arguments: options (`--name value`, `--name=value`, `-o value`, flags)
/// and positional operands, checked against what the command accepts.
struct Arguments {
    let command: String
    private(set) var operands: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// `valued` options take a value; `flags` do not. Aliases map short names to long ones.
    init(command: String, _ args: [String], valued: Set<String>, flags allowedFlags: Set<String>,
         aliases: [String: String] = [:]) throws(CommandLineError) {
        self.command = command
        var i = 0
        var onlyOperands = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyOperands || !a.hasPrefix("-") || a == "-" {
                operands.append(a)
                continue
            }
            if a == "--" { onlyOperands = true; continue }
            var name = a
            var inline: String? = nil
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            name = aliases[name] ?? name
            if valued.contains(name) {
                // A second value would silently win: `-o a -o b` is a mistake, not a choice.
                if values[name] != nil {
                    throw .invalid("oqc \(command): \(name) given more than once (see oqc \(command) --help)")
                }
                if let inline {
                    values[name] = inline
                } else {
                    guard i < args.count else { throw .invalid("oqc \(command): \(name) needs a value (see oqc \(command) --help)") }
                    values[name] = args[i]
                    i += 1
                }
            } else if allowedFlags.contains(name), inline == nil {
                flags.insert(name)
            } else {
                throw .invalid("oqc \(command): unknown option '\(a)' (see oqc \(command) --help)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Exactly one operand (the scene file).
    func singleOperand(_ what: String) throws(CommandLineError) -> String {
        guard let first = operands.first else { throw .invalid("oqc \(command): missing \(what) (see oqc \(command) --help)") }
        guard operands.count == 1 else {
            throw .invalid("oqc \(command): unexpected argument '\(operands[1])' (see oqc \(command) --help)")
        }
        return first
    }

    func number(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let d = Double(text), d.isFinite else { throw .invalid("oqc \(command): \(name): expected a number, got '\(text)'") }
        return d
    }

    /// A frame rate (`30`, `29.97`, `30000/1001`: FrameRate's forms), or nil when the option is absent.
    func frameRate(_ name: String) throws(CommandLineError) -> FrameRate? {
        guard let text = value(name) else { return nil }
        guard let r = FrameRate(text) else {
            throw .invalid("oqc \(command): \(name): expected frames per second above 0 and at most 1000 (30, 29.97 or 30000/1001), got '\(text)'")
        }
        return r
    }

    /// A finite number above 0 (a scale), or nil when the option is absent.
    func positiveNumber(_ name: String) throws(CommandLineError) -> Double? {
        guard let d = try number(name) else { return nil }
        guard d > 0 else { throw .invalid("oqc \(command): \(name): expected a number > 0, got '\(value(name) ?? "")'") }
        return d
    }

    /// A whole number ≥ `min` (1 unless the option allows 0), with an optional K or M suffix.
    func count(_ name: String, min: Int = 1, max: Int = Int.max) throws(CommandLineError) -> Int? {
        guard let text = value(name) else { return nil }
        var digits = Substring(text)
        var factor = 1
        if let last = digits.last, last == "K" || last == "k" { factor = 1000; digits = digits.dropLast() }
        else if let last = digits.last, last == "M" || last == "m" { factor = 1_000_000; digits = digits.dropLast() }
        guard let n = Int(digits), n >= min, !n.multipliedReportingOverflow(by: factor).overflow else {
            throw .invalid("oqc \(command): \(name): expected a whole number ≥ \(min), got '\(text)'")
        }
        guard n * factor <= max else { throw .invalid("oqc \(command): \(name): at most \(max), got '\(text)'") }
        return n * factor
    }

    /// The scene options every scene-reading command shares: `--allow-any-path` and the
    /// reader's limits (OperatorLimit).
    func sceneOptions() throws(CommandLineError) -> SceneOptions {
        var options = SceneOptions()
        options.allowAnyPath = flag("--allow-any-path")
        var unused = RenderBudget.default
        for limit in OperatorLimit.all where limit.stage == .reading {
            if let n = try count(limit.flag, max: limit.ceiling) { limit.set(n, in: &options.limits, &unused) }
        }
        return options
    }

    /// The render budget every rendering command shares (RenderBudget, docs/limits.md).
    func renderBudget() throws(CommandLineError) -> RenderBudget {
        var b = RenderBudget.default
        var unused = SceneLimits.default
        for limit in OperatorLimit.all where limit.stage == .rendering {
            if let n = try count(limit.flag, max: limit.ceiling) { limit.set(n, in: &unused, &b) }
        }
        return b
    }

    static let sceneValued = Set(OperatorLimit.all.filter { $0.stage == .reading }.map(\.flag))
    static let budgetValued = Set(OperatorLimit.all.filter { $0.stage == .rendering }.map(\.flag))

    /// The help's lines for the limits of `stage`, one per flag with its default, aligned as
    /// the commands' other options are.
    static func limitsHelp(_ stage: OperatorLimit.Stage) -> String {
        OperatorLimit.all.filter { $0.stage == stage }.map { limit in
            let option = "\(limit.flag) \(limit.valueName)"
            let padded = option.count < 25 ? option.padding(toLength: 25, withPad: " ", startingAt: 0) : option + " "
            return "  " + padded + "\(limit.summary) (default \(limit.defaultText))"
        }.joined(separator: "\n")
    }
    static let sceneFlags: Set<String> = ["--allow-any-path"]
}
