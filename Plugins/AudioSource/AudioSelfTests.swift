import SenseBridgeCore
import SenseBridgePluginKit

/// The rules behind a run's blocks and inputs, run inside the library by the harness
/// (`self-test:<name>`): gaps, drift and timestamps are hard to make happen on demand
/// through a sound server, so they are checked with plain numbers here; the tests drive
/// the real inputs (Tests/AudioSourceTests).
enum AudioSelfTests {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func expect(_ condition: Bool, _ what: @autoclosure () -> String) throws {
        if !condition { throw Failed(description: what()) }
    }

    /// 1 kHz mono, 4-sample blocks: a sample is 1 ms.
    static func chunk(_ frames: Int, at milliseconds: UInt64, gap: Bool = false) -> CapturedChunk {
        CapturedChunk(samples: (0..<frames).map { Float($0) / 100 }, startNanoseconds: milliseconds * 1_000_000, followsGap: gap)
    }

    static let all: [PluginSelfTest] = [
        PluginSelfTest("blocks-follow-each-other") { _ in
            var blocks = BlockAssembler(sampleRate: 1000, channels: 1, blockFrames: 4)
            try expect(blocks.append(chunk(6, at: 100)) == nil, "the first chunk flushes nothing")
            try expect(blocks.append(chunk(6, at: 106)) == nil, "a chunk where the last ended flushes nothing")
            let first = blocks.nextBlock(), second = blocks.nextBlock(), third = blocks.nextBlock()
            try expect(first?.firstSampleNanoseconds == 100_000_000 && first?.continuesPrevious == false,
                       "the first block of a run starts at its first sample and continues nothing: \(String(describing: first))")
            try expect(second?.firstSampleNanoseconds == 104_000_000 && second?.continuesPrevious == true, "\(String(describing: second))")
            try expect(third?.firstSampleNanoseconds == 108_000_000 && third?.continuesPrevious == true, "\(String(describing: third))")
            try expect(blocks.nextBlock() == nil, "no whole block is left")
            try expect(blocks.finish() == nil, "nothing is left")
        },
        PluginSelfTest("a-gap-starts-afresh") { _ in
            for (late, flagged) in [(UInt64(50), false), (0, true)] {
                var blocks = BlockAssembler(sampleRate: 1000, channels: 1, blockFrames: 4)
                _ = blocks.append(chunk(6, at: 0))
                _ = blocks.nextBlock()
                let short = blocks.append(chunk(4, at: 6 + late, gap: flagged))
                try expect(short?.frameCount == 2 && short?.firstSampleNanoseconds == 4_000_000 && short?.continuesPrevious == true,
                           "late \(late) ms, flagged \(flagged): what waited goes out short: \(String(describing: short))")
                let after = blocks.nextBlock()
                try expect(after?.continuesPrevious == false && after?.firstSampleNanoseconds == (6 + late) * 1_000_000,
                           "late \(late) ms, flagged \(flagged): the next block starts afresh at the chunk: \(String(describing: after))")
            }
            var jitter = BlockAssembler(sampleRate: 1000, channels: 1, blockFrames: 4)
            _ = jitter.append(chunk(4, at: 0))
            try expect(jitter.append(chunk(4, at: 4 + 30)) == nil, "30 ms of jitter is no gap")
        },
        PluginSelfTest("drift-is-followed-and-stamps-increase") { _ in
            var blocks = BlockAssembler(sampleRate: 1000, channels: 1, blockFrames: 4)
            _ = blocks.append(chunk(6, at: 1000))
            _ = blocks.nextBlock()
            // The host's clock says the next chunk came 3 ms later than counted: the
            // samples waiting are moved with it.
            _ = blocks.append(chunk(6, at: 1009))
            try expect(blocks.nextBlock()?.firstSampleNanoseconds == 1_007_000_000, "the waiting samples follow the measured time")
            var back = BlockAssembler(sampleRate: 1000, channels: 1, blockFrames: 2)
            _ = back.append(chunk(2, at: 500))
            _ = back.append(chunk(2, at: 501))
            let stamps = [back.nextBlock(), back.nextBlock()].map { $0?.firstSampleNanoseconds ?? 0 }
            try expect(stamps[1] > stamps[0], "timestamps strictly increase when a measured time steps back: \(stamps)")
        },
        PluginSelfTest("inputs-by-name") { _ in
            try expect(AudioInput("microphone") == .pulse(source: nil), "microphone is the sound server's default")
            try expect(AudioInput("pulse:mic") == .pulse(source: "mic"), "pulse:NAME names a source")
            try expect(AudioInput("alsa:hw:1,0") == .alsa(device: "hw:1,0"), "alsa:DEVICE keeps the device's own colons")
            try expect(AudioInput("/tmp/a:b.wav") == .file(path: "/tmp/a:b.wav"), "a path with a colon is a file")
            try expect(AudioInput("pulse:") == .pulse(source: nil), "pulse: with no name is the default source")
        },
    ]
}
