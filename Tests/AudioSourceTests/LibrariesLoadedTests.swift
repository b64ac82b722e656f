import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// A file is read without libavdevice in the process: Debian's brings libavfilter and
/// some eighty libraries more (speech synthesis voices, SVG, SDL, OpenGL), about 16 MiB
/// of every audio source runner, that only an ALSA microphone needs (LibAV.devices).
/// The ALSA path still finds its input: InputErrorTests' missing ALSA device is refused
/// by ALSA itself, naming `arecord -L`.
@Suite struct LibrariesLoadedTests {
    @Test func aFileIsReadWithoutLibavdevice() throws {
        let runner = try #require(RunnerLocation.find(), "sensebridge-plugin-runner is not built")
        let fixtures = try AudioFixtures()
        let pidFile = fixtures.path("runner.pid")
        // exec keeps the process: the pid written is the runner's.
        let wrapper = try fixtures.directory.writeScript("runner.sh", """
            #!/bin/sh
            echo $$ > '\(pidFile)'
            exec '\(runner.path)' "$@"

            """).path
        let file = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 440, amplitudes: [0.5], rate: 16000, seconds: 1),
                                    rate: 16000, channels: 1, encoding: .s16)
        let host = try AudioSourceClient.host(runner: URL(fileURLWithPath: wrapper), brokenPlugins: fixtures.directory.file("state"))
        let source = try host.sensingSource(try host.manifest(id: AudioSourceClient.id), config: ["input": .string(file)],
                                            placement: Placement(isolated: true))
        try source.start()
        defer { source.stop() }
        guard case .frame = try source.next(timeoutMilliseconds: 5000) else {
            Issue.record("no sound was read from \(file)")
            return
        }
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Read to its end: /proc files say they are empty, and a sized read stops early.
        let maps = String(decoding: try #require(WholeFile.read("/proc/\(pid)/maps")), as: UTF8.self)
        let loaded = Set(maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
        #expect(loaded.contains("libAudioSource.so") && loaded.contains { $0.hasPrefix("libavformat") },
                "the runner must be the one reading: \(loaded.sorted())")
        #expect(!loaded.contains { $0.hasPrefix("libavdevice") || $0.hasPrefix("libavfilter") },
                "\(loaded.filter { $0.hasPrefix("libav") }.sorted())")
    }
}
