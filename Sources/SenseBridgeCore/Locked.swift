import Foundation

/// A value behind a lock, for state several threads share: the project's one lock type.
///
/// Not the standard library's `Synchronization.Mutex`: on Linux it locks with a futex in
/// code ThreadSanitizer does not see, so every access it guards was reported as a race
/// (`make sanitize`), which would bury a real one. `NSLock` is a pthread mutex, which the
/// sanitizer understands. The interface is `Mutex`'s, so a call site reads the same.
/// Unchecked Sendable: `lock` guards `value`, which is reached only inside `withLock`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
