import Foundation
import SenseBridgeCore

/// The documents `sensebridge read` read, kept only when the person turned history on.
///
/// What was read is the most private thing SenseBridge handles (letters, prescriptions,
/// bank statements), so the defaults are the seeds' privacy doctrine:
/// - **off** until turned on; being on is the file existing, so there is no second
///   switch to get out of step with the data;
/// - one file, `$XDG_STATE_HOME/sensebridge/reading-history.json`, outside the settings
///   (settings get copied between machines; this must not travel with them), written
///   atomically and readable by its owner only (0600);
/// - at most `capacity` documents, the oldest dropped first;
/// - turning it off **deletes** the file, text and all; nothing is kept hidden.
public struct ReadingHistory: Sendable {
    public static let capacity = 25
    public static let schema = "sensebridge.reading-history/1"

    public struct Document: Equatable, Sendable {
        /// When the reading ended, ISO 8601 in UTC.
        public var time: String
        /// What was read: a file name, a folder, or the camera device.
        public var source: String
        /// The text as it was read, pages separated by blank lines.
        public var text: String

        public init(time: String, source: String, text: String) {
            self.time = time
            self.source = source
            self.text = text
        }
    }

    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    public static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ReadingHistory {
        ReadingHistory(fileURL: HostPaths.stateHome(environment).appendingPathComponent("sensebridge/reading-history.json"))
    }

    public var isOn: Bool {
        if case .missing = StateFile.contents(of: fileURL) { return false }
        return true
    }

    /// Creates the empty file; documents already kept stay.
    public func turnOn() throws {
        guard !isOn else { return }
        try write([])
    }

    /// Deletes the file and every document in it, and its lock file.
    public func turnOff() throws {
        for url in [fileURL, lockURL] {
            guard unlink(url.path) == 0 || errno == ENOENT else {
                throw Problem(path: url.path, reason: "cannot be deleted (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Oldest first; empty when history is off.
    public func documents() throws -> [Document] {
        switch StateFile.contents(of: fileURL) {
        case .missing: return []
        case .unreadable(let reason): throw Problem(path: fileURL.path, reason: "cannot be read (\(reason))")
        case .data(let data): return try decode(data)
        }
    }

    /// Keeps `document` when history is on (and does nothing when it is off), dropping
    /// the oldest beyond `capacity`.
    public func record(_ document: Document) throws {
        try locked {
            guard isOn else { return }
            var kept = try documents()
            kept.append(document)
            try write(Array(kept.suffix(Self.capacity)))
        }
    }

    /// Forgets every document and stays on.
    public func clear() throws {
        try locked {
            guard isOn else { return }
            try write([])
        }
    }

    private var lockURL: URL { fileURL.appendingPathExtension("lock") }

    /// Two `read`s ending at once must not each drop the other's document.
    private func locked(_ body: () throws -> Void) throws {
        do {
            try StateFile.withLock(lockURL, body)
        } catch let failure as StateFile.Failure {
            throw Problem(path: failure.path, reason: failure.reason)
        }
    }

    private func write(_ documents: [Document]) throws {
        let object: [String: Any] = ["schema": Self.schema,
                                     "documents": documents.map { ["time": $0.time, "source": $0.source, "text": $0.text] }]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        do {
            try StateFile.writeAtomically(data, to: fileURL)
        } catch let failure as StateFile.Failure {
            throw Problem(path: failure.path, reason: failure.reason)
        }
    }

    private func decode(_ data: Data) throws -> [Document] {
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(data) } catch {
            throw Problem(path: fileURL.path, reason: "\(error.reason); 'sensebridge history off' deletes it")
        }
        guard let object = parsed.objectValue, object["schema"] == .string(Self.schema),
              case .array(let entries)? = object["documents"] else {
            throw Problem(path: fileURL.path, reason: "is not a reading history (\(Self.schema)); 'sensebridge history off' deletes it")
        }
        return try entries.map { entry in
            guard case .string(let time)? = entry.objectValue?["time"], case .string(let source)? = entry.objectValue?["source"],
                  case .string(let text)? = entry.objectValue?["text"] else {
                throw Problem(path: fileURL.path, reason: "has a document without time, source and text; 'sensebridge history off' deletes it")
            }
            return Document(time: time, source: source, text: text)
        }
    }
}
