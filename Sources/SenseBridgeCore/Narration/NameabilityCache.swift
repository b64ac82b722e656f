import Synchronization

/// Whether a label can be named alone, remembered across moments.
///
/// Answering it validates the label's phrase in all three locales, and the narrator
/// asks it for every distinct label of every moment to know what the label list would
/// say; a detector repeats the same few labels moment after moment.
/// Bounded, because labels come from plugins: a flood of distinct ones empties the
/// memory instead of growing it.
final class NameabilityCache: Sendable {
    static let shared = NameabilityCache(capacity: 4096)

    let capacity: Int
    private let verdicts = Mutex<[Key: Bool]>([:])

    private struct Key: Hashable {
        let stream: PerceptionStream
        let wordCeiling: Int
        let label: String
    }

    init(capacity: Int) {
        self.capacity = capacity
    }

    func verdict(label: String, stream: PerceptionStream, wordCeiling: Int, compute: () -> Bool) -> Bool {
        let key = Key(stream: stream, wordCeiling: wordCeiling, label: label)
        if let known = verdicts.withLock({ $0[key] }) { return known }
        let verdict = compute()
        verdicts.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = verdict
        }
        return verdict
    }

    func removeAll() {
        verdicts.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
