/// The arguments after a command's name, parsed against that command's declared options.
///
/// Hand-written because the package may depend on nothing outside the toolchain;
/// it follows swift-argument-parser's conventions: `--name value`, `--name=value`,
/// flags, positionals, and `--` to end options.
struct Arguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []
    /// What was declared, by every spelling, so reading an undeclared option is caught.
    private let declared: [String: OptionSpec]

    init(_ arguments: [String], options: [OptionSpec], command: String) throws {
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
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
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
                values[option.name, default: []].append(arguments[index])
                index += 1
            }
        }
        for option in options where option.required && values[option.name] == nil {
            throw CLIError.usage("\(option.synopsis) is required.", command: command)
        }
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
