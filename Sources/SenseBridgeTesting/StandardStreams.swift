import Foundation


/// What this process writes to its stdout and stderr while a body runs, caught at the
/// file descriptors, so C code (tesseract, leptonica, a runner's relayed stderr) is
/// caught as well as Swift's prints.
///
/// Other tests running meanwhile write into the same capture; what was caught is written
/// back to stderr afterwards, so their output is delayed, never lost, and the test
/// runner's own lines are left out of what the body is said to have written.
public enum StandardStreams {
    public static func capture<T>(_ body: () throws -> T) throws -> (T, String) {
        let directory = try TemporaryDirectory("sensebridge-streams")
        let file = directory.file("streams.txt")
        let target = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard target >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        fflush(nil)  // every C stream, so what was buffered before lands where it belongs
        let savedOut = dup(STDOUT_FILENO), savedErr = dup(STDERR_FILENO)
        dup2(target, STDOUT_FILENO)
        dup2(target, STDERR_FILENO)
        close(target)
        let outcome = Result { try body() }
        fflush(nil)
        dup2(savedOut, STDOUT_FILENO)
        dup2(savedErr, STDERR_FILENO)
        close(savedOut)
        close(savedErr)
        let captured = (try? Data(contentsOf: file)) ?? Data()
        FileHandle.standardError.write(captured)
        return (try outcome.get(), withoutTestEvents(String(decoding: captured, as: UTF8.self)))
    }

    /// The test runner's own lines, which other tests write while a capture runs, are not
    /// the body's: they carry test names, arguments and durations ("passed after 1.003
    /// seconds"), so a canary as common as "cup" or "1.00" would be found in them. Each
    /// starts with one of Swift Testing's event symbols; its indented continuation lines
    /// (an expectation's message) go with it.
    static let testEventSymbols: Set<Character> = ["◇", "✔", "✘", "↳", "⊘", "􀟈", "􁁛", "􀢄", "􀄣", "􀊄"]

    static func withoutTestEvents(_ text: String) -> String {
        var kept: [Substring] = []
        var inEvent = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, testEventSymbols.contains(first) {
                inEvent = true
            } else if !(inEvent && line.hasPrefix("  ")) {
                inEvent = false
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }
}
