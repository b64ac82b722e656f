import Foundation

/// A fresh directory under the system temp dir, removed when the value is released.
public final class TemporaryDirectory {
    public let url: URL

    public init(_ prefix: String = "sensebridge-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    @discardableResult
    public func write(_ name: String, _ text: String) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target
    }

    /// Writes a script a test then executes (a wrapper around the plugin runner), its
    /// descriptor closed on exec: the test process starts children on other threads,
    /// daemons among them, and a child that inherited the descriptor still open for
    /// writing makes executing the script fail with "Text file busy" for as long as that
    /// child lives (seen in CI, under fakenect).
    public func writeScript(_ name: String, _ text: String) throws -> URL {
        let target = file(name)
        let descriptor = open(target.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path]) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
        return target
    }

    /// The non-empty lines of a file a target writes as it goes; none while it does not
    /// exist yet, so a test can poll it before the first line.
    public func lines(_ name: String) -> [String] {
        ((try? String(contentsOf: file(name), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// What a WebVTT file said, its cues' text in order joined by spaces: a long sentence
    /// spans cues, so a test reads it as the person did, not cue by cue.
    public func captionText(_ name: String) -> String {
        lines(name).filter { $0 != "WEBVTT" && !$0.contains(" --> ") }.joined(separator: " ")
    }
}
