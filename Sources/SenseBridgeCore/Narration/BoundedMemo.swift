
/// Answers of a pure, costly question remembered by key, thread-safe and bounded.
///
/// The keys come from what plugins and network replies send, so the table must not grow
/// with them: when full it is emptied, not evicted entry by entry. A flood of distinct
/// keys costs recomputation, never memory; the few keys a detector repeats moment after
/// moment are back in the table one moment later.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let table = Locked<[Key: Value]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func value(for key: Key, compute: () -> Value) -> Value {
        if let known = table.withLock({ $0[key] }) { return known }
        let value = compute()
        table.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }

    var count: Int { table.withLock { $0.count } }

    func removeAll() {
        table.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
