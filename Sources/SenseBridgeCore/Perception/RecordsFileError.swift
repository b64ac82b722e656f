/// A records file line that could not be read, named the way a person fixes it:
/// "records.jsonl line 4: confidence 1.7 is outside 0…1".
public struct RecordsFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name as the caller gave it.
    public let name: String
    /// 1-based.
    public let line: Int
    public let reason: String

    public init(name: String, line: Int, reason: String) {
        self.name = name
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(name) line \(line): \(reason)" }
}
