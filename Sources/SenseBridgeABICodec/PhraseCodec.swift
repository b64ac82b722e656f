import CSenseBridgeABI
import SenseBridgeCore

/// `sb_compose_result` <-> `[SubjectPhrase]`.
///
/// Decoding keeps every phrase that is well formed and reports each one that is not;
/// a result whose shape is broken as a whole (a hostile count, NULL phrases) yields no
/// phrases at all. Whether an index is in range is the judge's concern, not the codec's:
/// a phrase is carried as the plugin wrote it so the host can say why it was refused.
public enum PhraseCodec {
    public struct Decoded: Sendable {
        public var phrases: [SubjectPhrase] = []
        /// One line per malformed phrase or broken result; no phrase text.
        public var problems: [String] = []
        public init() {}
    }

    public static func decode(_ result: sb_compose_result) -> Decoded {
        var decoded = Decoded()
        guard result.phrase_count <= ABICodec.maximumPhrases else {
            decoded.problems.append("phrase_count is \(result.phrase_count), more than any request could need")
            return decoded
        }
        guard result.phrase_count == 0 || result.phrases != nil else {
            decoded.problems.append("phrases is NULL with phrase_count \(result.phrase_count)")
            return decoded
        }
        for index in 0..<result.phrase_count {
            let c = result.phrases![index]
            guard let stream = PerceptionStream(abiValue: c.stream) else {
                decoded.problems.append("phrase \(index) has unknown stream \(c.stream)")
                continue
            }
            guard let textPointer = c.text else {
                decoded.problems.append("phrase \(index) has NULL text")
                continue
            }
            guard let text = String(validatingCString: textPointer) else {
                decoded.problems.append("phrase \(index)'s text is not valid UTF-8")
                continue
            }
            guard c.record_index_count <= ABICodec.maximumIndicesPerPhrase, c.record_index_count == 0 || c.record_indices != nil else {
                decoded.problems.append("phrase \(index) has \(c.record_index_count) record indices at \(c.record_indices == nil ? "NULL" : "an address")")
                continue
            }
            let indices = (0..<c.record_index_count).map { Int(c.record_indices![$0]) }
            decoded.phrases.append(SubjectPhrase(stream: stream, text: text, recordIndices: indices))
        }
        return decoded
    }

    /// The C form of `phrases`, valid as long as `arena` keeps its contents.
    public static func encode(_ phrases: [SubjectPhrase], into arena: CArena) -> (UnsafePointer<sb_phrase>?, Int) {
        let cPhrases = phrases.map { phrase in
            sb_phrase(stream: phrase.stream.abiValue, text: arena.string(phrase.text),
                      record_indices: arena.array(phrase.recordIndices.map { UInt32(clamping: $0) }),
                      record_index_count: phrase.recordIndices.count)
        }
        return (arena.array(cPhrases), cPhrases.count)
    }
}
