import Glibc
import SenseBridgePluginKit
import Testing

/// A write to a pipe nobody reads, as libspeechd's or BrlAPI's to a daemon that died:
/// under the guard it fails with EPIPE and nothing is left pending to end the process
/// later (without the guard, SIGPIPE's default action ends this test process).
@Suite struct PipeSignalGuardTests {
    @Test func aWriteToAClosedPipeFailsInsteadOfEndingTheProcess() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let (written, error) = PipeSignalGuard.run { () -> (Int, Int32) in
            let byte: [UInt8] = [1]
            let result = byte.withUnsafeBytes { write(ends[1], $0.baseAddress, 1) }
            return (result, errno)
        }
        #expect(written == -1)
        #expect(error == EPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "the SIGPIPE the write raised was left pending")
    }

    @Test func theThreadsSignalMaskIsRestored() {
        var before = sigset_t(), after = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &before)
        let inside = PipeSignalGuard.run { () -> Bool in
            var mask = sigset_t()
            pthread_sigmask(SIG_SETMASK, nil, &mask)
            return sigismember(&mask, SIGPIPE) == 1
        }
        pthread_sigmask(SIG_SETMASK, nil, &after)
        #expect(inside)
        #expect(sigismember(&after, SIGPIPE) == sigismember(&before, SIGPIPE))
    }
}
