import CLtdl
import Foundation

/// The only place the host talks to libltdl.
///
/// libltdl keeps global state and one error slot, so every `lt_*` call goes through
/// one lock and the error is read inside the same critical section: two plugins
/// loading on two threads each get their own reason. Libraries are made resident and
/// never closed — a Swift runtime cannot be unloaded safely.
/// Unchecked Sendable: `lock` guards `initialized`, `handles` and every `lt_*` call, as above.
final class LibraryLoader: @unchecked Sendable {
    static let shared = LibraryLoader()

    private let lock = NSLock()
    private var initialized = false
    private var handles: [String: lt_dlhandle] = [:]

    enum Failure: Error {
        case open(String)
        case symbol(String)
    }

    /// Opens (or returns the already open) library at an absolute path.
    func open(_ path: String) throws -> lt_dlhandle {
        lock.lock()
        defer { lock.unlock() }
        if let handle = handles[path] { return handle }
        if !initialized {
            guard lt_dlinit() == 0 else { throw Failure.open(lastError() ?? "libltdl failed to initialize") }
            initialized = true
        }
        var advise: lt_dladvise?
        lt_dladvise_init(&advise)
        // Local binding: each plugin carries its own static copy of the SDK, and a
        // global one would let one plugin's symbols interpose another's.
        lt_dladvise_local(&advise)
        lt_dladvise_ext(&advise)
        let handle = lt_dlopenadvise(path, advise)
        lt_dladvise_destroy(&advise)
        guard let handle else { throw Failure.open(lastError() ?? "unknown libltdl error") }
        lt_dlmakeresident(handle)
        handles[path] = handle
        return handle
    }

    func symbol(_ name: String, in handle: lt_dlhandle) throws -> UnsafeMutableRawPointer {
        lock.lock()
        defer { lock.unlock() }
        _ = lastError()  // Clear a stale error so the one reported is this call's.
        guard let address = lt_dlsym(handle, name) else {
            throw Failure.symbol(lastError() ?? "symbol not found")
        }
        return address
    }

    private func lastError() -> String? {
        guard let message = lt_dlerror() else { return nil }
        return String(cString: message)
    }
}
