import CSenseBridgeABI
import Glibc
import SenseBridgeCore

/// `sb_compose_result` <-> `[SubjectPhrase]`.
///
/// Decoding keeps every entry in its place: a well-formed phrase as a phrase, one whose
/// text the ABI cannot carry (NULL, not UTF-8, over the byte cap, an unknown stream) as
/// `ProposedPhrase.unreadable` with its reason, so the host can say which one it was
/// and still say its records. A result whose shape is broken as a whole (a hostile
/// count, NULL phrases, more phrases than records) is refused with no phrases at all.
/// Whether an index is in range is the judge's concern, not the codec's: a phrase is
/// carried as the plugin wrote it so the host can say why it was refused.
public enum PhraseCodec {
    /// Why a whole result was refused. Raw values are the stable codes of docs/WRITING_PLUGINS.md.
    public enum ResultRefusal: String, Sendable {
        /// A count beyond any request, or NULL phrases with a count.
        case malformedResult = "malformed-result"
        /// More phrases than the request had records: each phrase names at least one
        /// record, so such a result cannot be honest.
        case tooManyPhrases = "too-many-phrases"
    }

    public struct Decoded: Sendable {
        /// Every entry of the result, in the plugin's order.
        public var proposed: [ProposedPhrase] = []
        /// Set when the result was refused as a whole; `proposed` is then empty.
        public var refusal: ResultRefusal?
        /// One line per unreadable phrase or broken result; no phrase text.
        public var problems: [String] = []
        public init() {}

        /// The readable phrases alone.
        public var phrases: [SubjectPhrase] {
            proposed.compactMap(\.phrase)
        }
    }

    /// The byte cap of the longest ceiling any request carries, for callers that do not
    /// know the request's `max_words`.
    public static let defaultMaximumWords = SpokenDetail.detailed.maximumPhraseWords(labelCount: SpokenDetail.detailed.maximumLabels)

    /// - Parameters:
    ///   - maximumWords: the request's `max_words`; text longer than
    ///     `PhraseValidator.maximumBytes(forWords:)` is refused unread (`strnlen` up to
    ///     the cap), so a 10 MB phrase costs what a short one does.
    ///   - recordCount: the request's record count; nil when unknown (no phrase-count rule).
    public static func decode(_ result: sb_compose_result, maximumWords: Int = defaultMaximumWords,
                              recordCount: Int? = nil) -> Decoded {
        var decoded = Decoded()
        func refuse(_ refusal: ResultRefusal, _ problem: String) -> Decoded {
            decoded.refusal = refusal
            decoded.problems.append(problem)
            return decoded
        }
        guard result.phrase_count <= ABICodec.maximumPhrases else {
            return refuse(.malformedResult, "phrase_count is \(result.phrase_count), more than any request could need")
        }
        if let recordCount, result.phrase_count > recordCount {
            return refuse(.tooManyPhrases, "\(result.phrase_count) phrases for \(recordCount) records; every phrase must name a record")
        }
        guard result.phrase_count == 0 || result.phrases != nil else {
            return refuse(.malformedResult, "phrases is NULL with phrase_count \(result.phrase_count)")
        }
        let maximumBytes = PhraseValidator.maximumBytes(forWords: maximumWords)
        for index in 0..<result.phrase_count {
            let c = result.phrases![index]
            let entry = decodePhrase(c, maximumBytes: maximumBytes)
            if case .unreadable(let unreadable) = entry {
                decoded.problems.append("phrase \(index) \(describe(unreadable.reason, c, maximumBytes: maximumBytes)) (\(unreadable.reason.rawValue))")
            }
            decoded.proposed.append(entry)
        }
        return decoded
    }

    /// A result decoded in another process (an isolated plugin's runner), checked again
    /// by the rules `decode` applies to C memory: the runner shares its address space
    /// with the plugin, so what it says it decoded is trusted no further than the plugin.
    public static func recheck(_ received: Decoded, maximumWords: Int, recordCount: Int) -> Decoded {
        var decoded = Decoded()
        decoded.problems = received.problems
        if let refusal = received.refusal {
            decoded.refusal = refusal
            return decoded
        }
        guard received.proposed.count <= min(recordCount, ABICodec.maximumPhrases) else {
            decoded.refusal = .tooManyPhrases
            decoded.problems.append("\(received.proposed.count) phrases for \(recordCount) records; every phrase must name a record")
            return decoded
        }
        let maximumBytes = PhraseValidator.maximumBytes(forWords: maximumWords)
        for (index, entry) in received.proposed.enumerated() {
            guard case .phrase(let phrase) = entry else {
                decoded.proposed.append(entry)
                continue
            }
            let reason: UnreadablePhrase.Reason? = phrase.text.utf8.count > maximumBytes ? .tooLong
                : phrase.recordIndices.count > ABICodec.maximumIndicesPerPhrase ? .invalidIndices : nil
            if let reason {
                decoded.problems.append("phrase \(index) was refused after it crossed the process boundary (\(reason.rawValue))")
                decoded.proposed.append(.unreadable(UnreadablePhrase(stream: phrase.stream, recordIndices: reason == .tooLong ? phrase.recordIndices : [],
                                                                    reason: reason)))
            } else {
                decoded.proposed.append(entry)
            }
        }
        return decoded
    }

    static func decodePhrase(_ c: sb_phrase, maximumBytes: Int) -> ProposedPhrase {
        let stream = PerceptionStream(abiValue: c.stream)
        guard c.record_index_count <= ABICodec.maximumIndicesPerPhrase, c.record_index_count == 0 || c.record_indices != nil else {
            return .unreadable(UnreadablePhrase(stream: stream, recordIndices: [], reason: .invalidIndices))
        }
        let indices = (0..<c.record_index_count).map { Int(c.record_indices![$0]) }
        func unreadable(_ reason: UnreadablePhrase.Reason) -> ProposedPhrase {
            .unreadable(UnreadablePhrase(stream: stream, recordIndices: indices, reason: reason))
        }
        guard let stream else { return unreadable(.unknownStream) }
        guard let textPointer = c.text else { return unreadable(.nullText) }
        guard strnlen(textPointer, maximumBytes + 1) <= maximumBytes else { return unreadable(.tooLong) }
        guard let text = String(validatingCString: textPointer) else { return unreadable(.invalidUTF8) }
        return .phrase(SubjectPhrase(stream: stream, text: text, recordIndices: indices))
    }

    static func describe(_ reason: UnreadablePhrase.Reason, _ c: sb_phrase, maximumBytes: Int) -> String {
        switch reason {
        case .unknownStream: return "has unknown stream \(c.stream)"
        case .nullText: return "has NULL text"
        case .tooLong: return "has text longer than \(maximumBytes) bytes, the cap for its word ceiling"
        case .invalidUTF8: return "has text that is not valid UTF-8"
        case .invalidIndices:
            return "has \(c.record_index_count) record indices at \(c.record_indices == nil ? "NULL" : "an address")"
        }
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
