import Foundation

/// Which sanitizer this process was built with, asked of the loaded runtime itself.
///
/// `make sanitize` runs the tests, the CLI, the runner and the harness's children with
/// AddressSanitizer or ThreadSanitizer. A few measurements mean something else there:
/// ASan's allocator holds freed memory in quarantine, so resident memory grows for a
/// plugin that leaks nothing, and every stack frame carries redzones. Code that measures
/// such things asks here and leaves the question to the sanitizer (LeakSanitizer finds
/// leaks at exit, with their stacks) instead of reporting a false finding.
public enum RuntimeSanitizer {
    /// AddressSanitizer's runtime is in this process.
    public static let address: Bool = dlsym(nil, "__asan_init") != nil
    /// ThreadSanitizer's runtime is in this process.
    public static let thread: Bool = dlsym(nil, "__tsan_init") != nil

    public enum Kind: String, Sendable {
        case address = "AddressSanitizer"
        case thread = "ThreadSanitizer"
    }

    /// The sanitizer this process runs under, if any.
    public static let current: Kind? = address ? .address : thread ? .thread : nil
}
