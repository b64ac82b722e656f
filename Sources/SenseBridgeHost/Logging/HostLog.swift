import Foundation

/// The host's event log: event identifiers and labelled values, never user content.
///
/// Values logged as private (or with no label at all) are replaced before anything is
/// written, so a transcript of recognized text or a confidence derived from what the
/// camera saw cannot reach a log file however a plugin logs it (Invariant 4).
public final class HostLog: Sendable {
    public enum Level: Int, Comparable, CaseIterable, Sendable {
        case debug = 0, info, warning, error
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        /// As `SENSEBRIDGE_LOG` spells it, and as each line names its level.
        public var name: String { ["debug", "info", "warning", "error"][rawValue] }
    }

    public enum Privacy: Sendable, Equatable {
        case `public`, `private`, unlabelled
    }

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public var privacy: Privacy

        public static func `public`(_ name: String, _ value: String) -> Field { Field(name: name, value: value, privacy: .public) }
        public static func `private`(_ name: String, _ value: String) -> Field { Field(name: name, value: value, privacy: .private) }
    }

    public static let shared = HostLog(threshold: HostLog.thresholdFromEnvironment())

    public let threshold: Level
    private let lock = NSLock()
    private let sink: @Sendable (String) -> Void
    private let forward: (@Sendable (Level, String, [Field]) -> Void)?

    public init(threshold: Level, sink: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.threshold = threshold
        self.sink = sink
        self.forward = nil
    }

    /// A log that renders nothing itself and hands each event on whole: the plugin
    /// runner's, which sends events to the host so that redaction happens in the host,
    /// by the same code as for a plugin in process.
    public init(threshold: Level, forward: @escaping @Sendable (Level, String, [Field]) -> Void) {
        self.threshold = threshold
        self.sink = { _ in }
        self.forward = forward
    }

    public func event(_ level: Level, _ name: String, _ fields: [Field] = []) {
        guard level >= threshold else { return }
        if let forward {
            forward(level, name, fields)
            return
        }
        let rendered = fields.map { field -> String in
            switch field.privacy {
            case .public: return "\(field.name)=\(field.value)"
            case .private: return "\(field.name)=<private>"
            case .unlabelled: return "\(field.name)=<unlabelled>"
            }
        }
        let line = (["sensebridge[\(level.name)]", name] + rendered).joined(separator: " ")
        lock.lock()
        sink(line)
        lock.unlock()
    }

    /// The variable that sets the threshold: `SENSEBRIDGE_LOG=debug|info|warning|error`.
    public static let environmentVariable = "SENSEBRIDGE_LOG"

    /// Warnings by default, so the terminal a user reads stays quiet when nothing is wrong.
    public static let defaultThreshold = Level.warning

    /// The level `value` names (any case); the default when it is unset or empty; nil
    /// when it names no level. A misspelt level must not stop a person's session, so the
    /// log then runs at the default, and the CLI says once what it ignored
    /// (`CommandLineInterface.warnAboutLogLevel`).
    public static func threshold(named value: String?) -> Level? {
        guard let value, !value.isEmpty else { return defaultThreshold }
        return Level.allCases.first { $0.name == value.lowercased() }
    }

    static func thresholdFromEnvironment() -> Level {
        threshold(named: ProcessInfo.processInfo.environment[environmentVariable]) ?? defaultThreshold
    }
}
