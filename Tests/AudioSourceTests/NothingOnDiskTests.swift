import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

extension SoundServerTests {
    /// What the microphone heard stays in memory (Invariant 11): the plugin, served by its
    /// runner under strace while it listens to a tone, creates, writes, renames or removes
    /// no file anywhere. Only /dev (the frames' shared memory, /dev/null), /proc and /sys
    /// may be opened for writing. strace -D keeps the runner the host's own child, which
    /// the runner checks.
    @Suite struct NothingOnDiskTests {
        static let traced = "open,openat,openat2,creat,mkdir,mkdirat,rename,renameat,renameat2,link,linkat,symlink,symlinkat,truncate,unlink,unlinkat"

        /// The traced calls that changed something on disk: a successful open for writing
        /// outside /dev, /proc and /sys, or any successful create, rename, link or removal.
        static func writes(in trace: String) -> [String] {
            trace.split(separator: "\n").map(String.init).filter { line in
                guard let call = line.split(separator: " ", maxSplits: 1).last, !line.contains(" = -1 "), line.contains(" = ") else { return false }
                let path = call.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
                let harmless = ["/dev/", "/proc/", "/sys/"].contains { path.hasPrefix($0) }
                if call.hasPrefix("open") {
                    let writing = ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"].contains { call.contains($0) }
                    return writing && !harmless
                }
                return !harmless && Self.traced.split(separator: ",").contains { call.hasPrefix($0 + "(") }
            }
        }

        @Test func listeningWritesNothing() throws {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "strace is missing (scripts/deps.sh)")
            let runner = try #require(RunnerLocation.find(), "sensebridge-plugin-runner is not built")
            let fixtures = try AudioFixtures()
            let pulse = try TestPulse(fixtures)
            pulse.use()
            let trace = fixtures.path("runner.trace")
            let wrapper = try fixtures.directory.writeScript("traced-runner.sh", """
                #!/bin/sh
                exec strace -D -f -q -e trace=\(Self.traced) -o '\(trace)' '\(runner.path)' "$@"

                """).path
            let clip = try MicrophoneTests.toneClip(fixtures)
            do {
                let host = try AudioSourceClient.host(runner: URL(fileURLWithPath: wrapper), brokenPlugins: fixtures.directory.file("state"))
                let source = try host.sensingSource(try host.manifest(id: AudioSourceClient.id), config: ["input": .string("pulse:mic")],
                                                    placement: Placement(isolated: true))
                try source.start()
                let feeder = try pulse.feed(clip)
                let blocks = try MicrophoneTests.listen(source, seconds: 6) { $0.contains { $0.samples.contains { abs($0) > 0.25 } } }
                #expect(blocks.contains { $0.samples.contains { abs($0) > 0.25 } }, "the tone was heard")
                source.stop()
                _ = feeder.termination(within: 5)
            }
            // The runner has gone with its instance; strace ends its log when its child does.
            let finished = CallOnAnotherThread.until(seconds: 10) {
                let log = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
                return log.contains("+++ exited with") || log.contains("+++ killed by")
            }
            #expect(finished, "the traced runner did not exit")
            let log = try String(contentsOfFile: trace, encoding: .utf8)
            #expect(log.contains("libAudioSource.so"), "the trace must show the plugin being loaded: \(log.prefix(400))")
            let written = Self.writes(in: log)
            #expect(written.isEmpty, "files touched while listening:\n\(written.joined(separator: "\n"))")
        }

        /// The filter itself: each kind of change is caught, reads and /dev/shm are not.
        @Test func theTraceFilterCatchesEachKindOfWrite() {
            let trace = """
                10 openat(AT_FDCWD, "/home/a/.config/pulse/cookie", O_RDONLY|O_CLOEXEC) = 5
                10 openat(AT_FDCWD, "/dev/shm/sensebridge-1", O_RDWR|O_CREAT|O_EXCL, 0600) = 6
                10 openat(AT_FDCWD, "/tmp/x.wav", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 7
                10 openat(AT_FDCWD, "/tmp/y.wav", O_WRONLY|O_CREAT|O_TRUNC, 0666) = -1 EACCES (Permission denied)
                11 mkdir("/home/a/.config/pulse", 0700) = 0
                11 rename("/tmp/a", "/tmp/b") = 0
                11 unlink("/dev/shm/sensebridge-1") = 0
                """
            #expect(Self.writes(in: trace).count == 3, "\(Self.writes(in: trace))")
        }
    }
}
