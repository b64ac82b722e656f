import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Synchronization
import Testing

/// Interrupt through the built library. A cue is one line in one write, taking
/// microseconds, so there is no progress to wait for mid-render: instead renders run on
/// one thread while this one interrupts, until some render was cut off. The log must then
/// hold exactly the cues whose render said they were delivered, each a whole line.
@Suite struct HapticLogInterruptTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("haptic-log.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.haptic-log")
    }

    func lines(_ url: URL) throws -> [[String: Any]] {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        #expect(text.isEmpty || text.hasSuffix("\n"), "a torn last line")
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
    }

    @Test func anInterruptedCueIsNotWrittenAndNoLineIsTorn() throws {
        let directory = try TemporaryDirectory()
        let target = try host.renderTarget(manifest, outputDirectory: directory.url)
        let counts = Mutex((delivered: 0, cancelled: 0, other: [String]()))
        let renders = CallOnAnotherThread {
            for sequence in 1...200_000 {
                do {
                    try target.render(OutputMessage(signal: .description, text: "It looks like there's a chair.", sequence: UInt64(sequence)))
                    counts.withLock { $0.delivered += 1 }
                } catch let error as PluginCallError where error.isCancelled {
                    let enough = counts.withLock { $0.cancelled += 1; return $0.cancelled >= 3 }
                    if enough { return }
                } catch {
                    counts.withLock { $0.other.append("\(error)") }
                    return
                }
            }
        }
        // Interrupt until a render was cut off (or the renders ran out, which fails below).
        _ = CallOnAnotherThread.until(seconds: 60) {
            target.interrupt()
            return renders.isFinished
        }
        _ = try renders.wait(seconds: 60)
        let (delivered, cancelled, other) = counts.withLock { ($0.delivered, $0.cancelled, $0.other) }
        print("haptic log: \(delivered) cues delivered, \(cancelled) cut off by interrupt")
        #expect(other.isEmpty, "\(other)")
        #expect(cancelled >= 3, "no render was cut off by interrupt")
        let file = directory.file("haptics.jsonl")
        #expect(try lines(file).count == delivered, "a cue whose render was cut off was still written, or one delivered is missing")

        // A render after all those interrupts is delivered as usual.
        try target.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true, sequence: 0))
        #expect(try lines(file).last?["signal"] as? String == "awarenessAlert")
    }

    @Test func anInterruptBetweenRendersDoesNotCutTheNextCue() throws {
        let directory = try TemporaryDirectory()
        let target = try host.renderTarget(manifest, outputDirectory: directory.url)
        target.interrupt()
        try target.render(OutputMessage(signal: .description, text: "Still felt."))
        #expect(try lines(directory.file("haptics.jsonl")).count == 1)
    }
}
