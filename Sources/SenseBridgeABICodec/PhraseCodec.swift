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
/// The rules on what the phrases hold are `validate`, the one function for a result
/// decoded here and for one a runner decoded in its own process.
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

        init(refusal: ResultRefusal, problem: String) {
            self.refusal = refusal
            problems = [problem]
        }

        /// The readable phrases alone.
        public var phrases: [SubjectPhrase] {
            proposed.compactMap(\.phrase)
        }
    }

    /// The byte cap of the longest ceiling any request carries, for callers that do not
    /// know the request's `max_words`.
    public static let defaultMaximumWords = SpokenDetail.detailed.maximumPhraseWords(labelCount: SpokenDetail.detailed.maximumLabels)

    /// Copies a result out of the plugin's memory, then holds it to `validate`: the
    /// copy makes only the checks no Swift value can need (NULL pointers, an unknown
    /// stream, text that is not UTF-8) and bounds every read by the rules' own limits,
    /// so what it hands `validate` is refused there, by the same words as anywhere else.
    ///
    /// - Parameters:
    ///   - maximumWords: the request's `max_words`; text is read no further than one byte
    ///     past `PhraseValidator.maximumBytes(forWords:)` (`strnlen` up to it), so a
    ///     10 MB phrase costs what a short one does and is still refused as too long.
    ///   - recordCount: the request's record count; nil when unknown (no phrase-count rule).
    public static func decode(_ result: sb_compose_result, maximumWords: Int = defaultMaximumWords,
                              recordCount: Int? = nil) -> Decoded {
        // A hostile count is refused before a single phrase is read.
        if let refused = refusal(phraseCount: result.phrase_count, recordCount: recordCount) { return refused }
        guard result.phrase_count == 0 || result.phrases != nil else {
            return Decoded(refusal: .malformedResult, problem: "phrases is NULL with phrase_count \(result.phrase_count)")
        }
        let maximumBytes = PhraseValidator.maximumBytes(forWords: maximumWords)
        var copied = Decoded()
        for index in 0..<result.phrase_count {
            let entry = copy(result.phrases![index], readingAtMost: maximumBytes + 1)
            if case .unreadable(let unreadable) = entry {
                copied.problems.append(problem(index, unreadable.reason, copied: result.phrases![index]))
            }
            copied.proposed.append(entry)
        }
        return validate(copied, maximumWords: maximumWords, recordCount: recordCount)
    }

    /// The rules a composer's result is held to, on Swift values, wherever the plugin ran:
    /// `decode` ends here in the process that holds the C memory, and the host calls it
    /// again on what a runner sent, since a runner shares its address space with the
    /// plugin and its word is worth no more. One function, so a rule cannot hold on one
    /// path and not the other. A result already refused stays refused.
    ///
    /// Whole result: no more than `ABICodec.maximumPhrases`, nor than `recordCount` (each
    /// phrase names a record). Each readable phrase: text within the byte cap of
    /// `maximumWords` (too long: unreadable, keeping its records so they are still said),
    /// at most `ABICodec.maximumIndicesPerPhrase` indices (unreadable, with none).
    public static func validate(_ received: Decoded, maximumWords: Int, recordCount: Int?) -> Decoded {
        if received.refusal != nil {
            var refused = received
            refused.proposed = []
            return refused
        }
        if var refused = refusal(phraseCount: received.proposed.count, recordCount: recordCount) {
            refused.problems = received.problems + refused.problems
            return refused
        }
        let maximumBytes = PhraseValidator.maximumBytes(forWords: maximumWords)
        var checked = received
        for (index, entry) in received.proposed.enumerated() {
            guard case .phrase(let phrase) = entry else { continue }
            let reason: UnreadablePhrase.Reason?
            if phrase.recordIndices.count > ABICodec.maximumIndicesPerPhrase {
                reason = .invalidIndices
            } else if phrase.text.utf8.count > maximumBytes {
                reason = .tooLong
            } else {
                reason = nil
            }
            guard let reason else { continue }
            checked.problems.append(problem(index, reason, maximumBytes: maximumBytes, indexCount: phrase.recordIndices.count))
            checked.proposed[index] = .unreadable(UnreadablePhrase(stream: phrase.stream,
                                                                  recordIndices: reason == .tooLong ? phrase.recordIndices : [],
                                                                  reason: reason))
        }
        return checked
    }

    /// The whole-result rules on a count, asked before anything is read (`decode`) and of
    /// values (`validate`).
    static func refusal(phraseCount: Int, recordCount: Int?) -> Decoded? {
        guard phraseCount <= ABICodec.maximumPhrases else {
            return Decoded(refusal: .malformedResult, problem: "phrase_count is \(phraseCount), more than any request could need")
        }
        if let recordCount, phraseCount > recordCount {
            return Decoded(refusal: .tooManyPhrases, problem: "\(phraseCount) phrases for \(recordCount) records; every phrase must name a record")
        }
        return nil
    }

    /// One phrase copied out of C memory, its text at most `limit` bytes. Text longer than
    /// that is kept cut at `limit` (any character cut in half replaced, which never makes
    /// it shorter), so `validate` refuses it as too long rather than as not UTF-8.
    static func copy(_ c: sb_phrase, readingAtMost limit: Int) -> ProposedPhrase {
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
        let length = strnlen(textPointer, limit)
        let bytes = UnsafeRawBufferPointer(start: textPointer, count: length)
        let text: String
        if length >= limit {
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            guard let valid = String(validating: bytes, as: UTF8.self) else { return unreadable(.invalidUTF8) }
            text = valid
        }
        return .phrase(SubjectPhrase(stream: stream, text: text, recordIndices: indices))
    }

    /// A problem line for the terminal: the phrase's index and the rule, never its text.
    static func problem(_ index: Int, _ reason: UnreadablePhrase.Reason, maximumBytes: Int = 0, indexCount: Int = 0,
                        copied c: sb_phrase? = nil) -> String {
        let what: String
        switch reason {
        case .unknownStream: what = "has unknown stream \(c?.stream ?? 0)"
        case .nullText: what = "has NULL text"
        case .tooLong: what = "has text longer than \(maximumBytes) bytes, the cap for its word ceiling"
        case .invalidUTF8: what = "has text that is not valid UTF-8"
        case .invalidIndices:
            let count = c?.record_index_count ?? indexCount
            what = count > ABICodec.maximumIndicesPerPhrase
                ? "has \(count) record indices, more than \(ABICodec.maximumIndicesPerPhrase)"
                : "has \(count) record indices at NULL"
        }
        return "phrase \(index) \(what) (\(reason.rawValue))"
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
