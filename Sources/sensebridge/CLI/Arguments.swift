/// The arguments after a command's name, parsed against that command's declared options.
///
/// Hand-written because the package may depend on nothing outside the toolchain;
/// it follows swift-argument-parser's conventions: `--name value`, `--name=value`,
/// flags, positionals, and `--` to end options. The rules that decide what a word is:
///
/// - After `--`, every word is a positional: nothing there is an option or a help
///   request (`say -- --help` says "--help"). The dispatcher's help check stops at `--` too.
/// - `-` alone is a positional (standard input, by convention).
/// - A negative number (`-1`, `-0.5`) is a positional or a value, never an option: no
///   option here starts with a digit, so `--timeout -1` reaches the command, which says
///   what range it takes, instead of being told "-1" is an unknown option.
/// - Any other word that starts with `-` is an option. A value option written
///   `--name value` refuses an option there (`describe --records --json`): the value was
///   forgotten, and taking "--json" as a file name would only fail later and stranger.
/// - `--name=value` takes the value exactly as written, dash or not: the `=` says it was
///   meant (`--records=--odd-name`), and it is the spelling the refusal suggests.
struct Arguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []
    /// What was declared, by every spelling, so reading an undeclared option is caught.
    private let declared: [String: OptionSpec]

    /// What followed the options when parsing stopped at the first positional.
    private(set) var remainder: [String] = []

    /// With `stopsAtFirstPositional`, parsing ends at the first word that is not an option
    /// (or after `--`), which is left in `remainder` with everything after it: the root's
    /// options end at the command's name, and the command parses the rest itself.
    init(_ arguments: [String], options: [OptionSpec], command: String, stopsAtFirstPositional: Bool = false) throws {
        var declared: [String: OptionSpec] = [:]
        for option in options {
            for spelling in [option.name] + (option.shortName.map { [$0] } ?? []) {
                precondition(declared[spelling] == nil, "'\(command)' declares \(spelling) twice")
                declared[spelling] = option
            }
        }
        self.declared = declared
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !Self.isOption(argument) {
                if stopsAtFirstPositional {
                    remainder = Array(arguments[(index - 1)...])
                    break
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = declared[name] else {
                throw CLIError.usage("Unknown option '\(name)'.", command: command)
            }
            if !option.takesValue {
                guard inlineValue == nil else { throw CLIError.usage("\(option.name) takes no value.", command: command) }
                flags.insert(option.name)
            } else if let inlineValue {
                values[option.name, default: []].append(inlineValue)
            } else {
                guard index < arguments.count else { throw CLIError.usage("\(option.name) needs a value.", command: command) }
                let next = arguments[index]
                if next == "--" {
                    throw CLIError.usage("\(option.name) needs a value before '--'.", command: command)
                }
                if Self.isOption(next) {
                    throw CLIError.usage("\(option.name) needs a value; '\(next)' is an option. If the value really begins with a dash, write \(option.name)=\(next).",
                                         command: command)
                }
                values[option.name, default: []].append(next)
                index += 1
            }
        }
        for option in options where option.required && values[option.name] == nil {
            throw CLIError.usage("\(option.synopsis) is required.", command: command)
        }
    }

    /// Whether a word is an option (or `--`) rather than a positional or value.
    static func isOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !isNegativeNumber(word)
    }

    static func isNegativeNumber(_ word: String) -> Bool {
        let digits = word.dropFirst()
        guard word.hasPrefix("-"), let first = digits.first else { return false }
        let startsLikeANumber = first.isASCII && (first.isNumber || (first == "." && digits.dropFirst().first?.isNumber == true))
        return startsLikeANumber && Double(word) != nil
    }

    /// True when `-h` or `--help` comes before any `--`: after it they are text.
    static func requestsHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    }

    /// Reading an option the command never declared is a programming mistake, not a
    /// user's: it would silently read nothing.
    private func option(_ name: String, takesValue: Bool, repeatable: Bool? = nil) -> OptionSpec {
        guard let option = declared[name] else { preconditionFailure("\(name) is read but not declared") }
        precondition(option.takesValue == takesValue, "\(name) is read as a \(takesValue ? "value option" : "flag") but declared otherwise")
        if let repeatable {
            precondition(option.repeatable == repeatable, "\(name) is \(option.repeatable ? "" : "not ")repeatable; read it with \(option.repeatable ? "all" : "value")")
        }
        return option
    }

    func has(_ flag: String) -> Bool { flags.contains(option(flag, takesValue: false).name) }
    func value(_ name: String) -> String? { values[option(name, takesValue: true, repeatable: false).name]?.last }
    func all(_ name: String) -> [String] { values[option(name, takesValue: true, repeatable: true).name] ?? [] }
}
