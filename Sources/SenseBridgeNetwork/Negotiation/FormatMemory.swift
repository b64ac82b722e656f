import Foundation
import SenseBridgeHost

/// Which structured-output mode each endpoint and model was found to accept, kept in
/// `$XDG_STATE_HOME/sensebridge/endpoint-formats.json` so the negotiation is paid once
/// per server, not once per session.
///
/// Holds no perception and no key: the base URL, the model name, the mode, and the reason
/// codes of the modes that were refused (public codes, never the server's text). A file
/// that cannot be read or parsed is treated as empty and replaced on the next write, so a
/// corrupt memory costs at most one renegotiation.
public struct FormatMemory: Sendable {
    public struct Endpoint: Hashable, Codable, Sendable {
        public var baseURL: String
        public var model: String

        public init(baseURL: String, model: String) {
            self.baseURL = baseURL
            self.model = model
        }
    }

    public struct Entry: Codable, Equatable, Sendable {
        public var endpoint: Endpoint
        public var mode: StructuredOutputMode
        /// Mode → reason code, for the modes this server refused when `mode` was found.
        public var refused: [String: String]
        /// ISO 8601, for a person reading the file.
        public var found: String
    }

    private struct File: Codable {
        var schema = "sensebridge.endpoint-formats/1"
        var endpoints: [Entry]
    }

    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> FormatMemory {
        FormatMemory(url: HostPaths.stateHome(environment).appendingPathComponent("sensebridge/endpoint-formats.json"))
    }

    public var entries: [Entry] {
        guard case .data(let data) = StateFile.contents(of: url),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.endpoints
    }

    public func mode(for endpoint: Endpoint) -> StructuredOutputMode? {
        entries.last { $0.endpoint == endpoint }?.mode
    }

    /// Stores what was found; failing to write is reported, and costs only a renegotiation later.
    public func remember(_ mode: StructuredOutputMode, for endpoint: Endpoint, refused: [(mode: StructuredOutputMode, code: String)],
                         now: Date = Date()) throws {
        let entry = Entry(endpoint: endpoint, mode: mode,
                          refused: Dictionary(refused.map { ($0.mode.rawValue, $0.code) }, uniquingKeysWith: { _, last in last }),
                          found: ISO8601DateFormatter().string(from: now))
        try update { $0.append(entry) }
    }

    /// A remembered mode that stopped working is dropped before it is probed again.
    public func forget(_ endpoint: Endpoint) throws {
        try update { entries in entries.removeAll { $0.endpoint == endpoint } }
    }

    private func update(_ change: (inout [Entry]) -> Void) throws {
        let lock = url.deletingLastPathComponent().appendingPathComponent(".endpoint-formats.lock")
        try StateFile.withLock(lock) {
            var endpoints = entries
            change(&endpoints)
            var seen = Set<Endpoint>()
            // The newest entry per endpoint wins; order is kept for a person reading it.
            let newest = endpoints.reversed().filter { seen.insert($0.endpoint).inserted }.reversed()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try StateFile.writeAtomically(try encoder.encode(File(endpoints: Array(newest))), to: url)
        }
    }
}
