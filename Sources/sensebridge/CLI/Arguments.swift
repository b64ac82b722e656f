/// The arguments after a command's name, parsed against that command's options.
///
/// Hand-written because the package may depend on nothing outside the toolchain;
/// it follows swift-argument-parser's conventions: `--name value`, `--name=value`,
/// flags, positionals, and `--` to end options.
struct Arguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    struct Spec {
        var flags: Set<String> = []
        var options: Set<String> = []
    }

    init(_ arguments: [String], spec: Spec, command: String) throws {
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
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw CLIError.usage("\(name) takes no value.", command: command) }
                flags.insert(name)
            } else if spec.options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw CLIError.usage("\(name) needs a value.", command: command) }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                throw CLIError.usage("Unknown option '\(name)'.", command: command)
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { values[option]?.last }
    func all(_ option: String) -> [String] { values[option] ?? [] }
}
