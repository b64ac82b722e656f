/// What a composer returns: a subject phrase for one stream and the records it names.
///
/// "a chair and a doorway", never "There's a chair and a doorway ahead." The host
/// validates the text, checks the indices, and chooses the hedge from the weakest
/// confidence among `recordIndices`, so the phrase cannot claim more than they earned.
public struct SubjectPhrase: Equatable, Hashable, Sendable, Codable {
    public var stream: PerceptionStream
    public var text: String
    /// Indices into the request's records; each must be a record of `stream`.
    public var recordIndices: [Int]

    public init(stream: PerceptionStream, text: String, recordIndices: [Int]) {
        self.stream = stream
        self.text = text
        self.recordIndices = recordIndices
    }
}
