/// Whether a label can be named alone, remembered across moments.
///
/// Answering it validates the label's phrase in all three locales, and the narrator
/// asks it for every distinct label of every moment to know what the label list would
/// say; a detector repeats the same few labels moment after moment.
/// Bounded, because labels come from plugins: a flood of distinct ones empties the
/// memory instead of growing it.
final class NameabilityCache: Sendable {
    static let shared = NameabilityCache(capacity: 4096)

    private struct Key: Hashable {
        let stream: PerceptionStream
        let wordCeiling: Int
        let label: String
    }

    var capacity: Int { verdicts.capacity }
    private let verdicts: BoundedMemo<Key, Bool>

    init(capacity: Int) {
        verdicts = BoundedMemo(capacity: capacity)
    }

    func verdict(label: String, stream: PerceptionStream, wordCeiling: Int, compute: () -> Bool) -> Bool {
        verdicts.value(for: Key(stream: stream, wordCeiling: wordCeiling, label: label), compute: compute)
    }

    func removeAll() {
        verdicts.removeAll()
    }
}
