import SenseBridgeHost

/// The plugin's own error from a call that must fail.
enum PluginFailure {
    struct DidNotFail: Error, CustomStringConvertible {
        var description: String { "the call succeeded; the plugin was expected to refuse it" }
    }

    static func of(_ body: () throws -> Void) throws -> PluginCallError {
        do {
            try body()
        } catch let error as PluginCallError {
            return error
        }
        throw DidNotFail()
    }
}
