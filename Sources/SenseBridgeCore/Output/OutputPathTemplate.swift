/// Resolves `{output}` in a render target's path settings.
///
/// The host replaces `{output}` with the session's output directory before a plugin
/// sees its config. A plugin created without the host (a third party's own driver,
/// `create` with "{}") still gets a working default: the same place the host would use,
/// `$XDG_STATE_HOME/sensebridge/output`, else `~/.local/state/sensebridge/output`.
public enum OutputPathTemplate {
    public static let placeholder = "{output}"

    public static func resolve(_ template: String, environment: [String: String]) -> String {
        guard template.contains(placeholder) else { return template }
        return template.replacingPlaceholder(with: defaultOutputDirectory(environment: environment))
    }

    public static func defaultOutputDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/sensebridge/output"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.local/state/sensebridge/output"
    }
}

private extension String {
    func replacingPlaceholder(with value: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: OutputPathTemplate.placeholder) {
            out += rest[..<range.lowerBound]
            out += value
            rest = rest[range.upperBound...]
        }
        out += rest
        return out
    }
}
