import Foundation


/// What this process writes to its stdout and stderr while a body runs, caught at the
/// file descriptors, so C code (tesseract, leptonica, a runner's relayed stderr) is
/// caught as well as Swift's prints.
///
/// Other tests running meanwhile write into the same capture; what was caught is written
/// back to stderr afterwards, so their output is delayed, never lost.
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
        return (try outcome.get(), String(decoding: captured, as: UTF8.self))
    }
}
