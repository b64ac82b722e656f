/// One option of one command, declared once: the help table, the usage line and the
/// parser are all read from it, so an option cannot be documented without being
/// accepted, or accepted without being documented (`hidden` ones aside).
struct OptionSpec {
    /// The long name with its dashes, e.g. `--records`.
    var name: String
    /// A one-letter spelling with its dash; only `-h` has one, as in swift-argument-parser.
    var shortName: String? = nil
    /// What the value is called in help (`file` shows as `--records <file>`); nil makes
    /// the option a flag, which takes no value.
    var valueName: String? = nil
    var help: String
    /// Every value given is kept (read them with `Arguments.all`); for any other option
    /// given twice the last one wins, as in swift-argument-parser.
    var repeatable = false
    /// The parser refuses the command line without it, before the command runs.
    var required = false
    /// Accepted but shown in neither help nor usage: for options the CLI passes to
    /// itself, never typed by a person. Say where it is declared who passes it.
    var hidden = false

    var takesValue: Bool { valueName != nil }

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, help: help)
    }

    static func value(_ name: String, _ valueName: String, _ help: String,
                      repeatable: Bool = false, required: Bool = false, hidden: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, repeatable: repeatable, required: required, hidden: hidden)
    }

    /// `--records <file>`: how usage lines and messages name it.
    var synopsis: String { valueName.map { "\(name) <\($0)>" } ?? name }

    /// `-h, --help`, `--records <file>`: the left column of the help table.
    var label: String { shortName.map { "\($0), \(synopsis)" } ?? synopsis }

    /// In the usage line, an optional option is bracketed.
    var usage: String { required ? synopsis : "[\(synopsis)]" }

    /// The option every command takes (and the root, before the command name).
    static let pluginPath = OptionSpec.value("--plugin-path", "dir", "Search this directory for plugin manifests first (repeatable).",
                                             repeatable: true)
    /// Answered by the dispatcher before any parsing, so it is declared for help and for
    /// the parser's sake only: a command never sees it.
    static let help = OptionSpec(name: "--help", shortName: "-h", help: "Show help information.")
}
