import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Interrupt through the built library: a long caption stops between two cues, keeps the
/// cues it wrote whole, and leaves the next message's timing where the file ends. No
/// timing bound: the test waits for the first cue to reach the file, then compares what
/// was written with what the whole text would have been.
@Suite struct CaptionFileInterruptTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("caption-file.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.caption-file")
    }

    /// About 20,000 cues, each written and synced on its own: far more than can be written
    /// between the first cue appearing and the interrupt that follows it.
    static let longText = String(repeating: "The quick brown fox reads the sign aloud. ", count: 20_000)

    /// Each cue's "start --> end", in file order, in milliseconds.
    func timings(_ file: URL) throws -> [(start: Int64, end: Int64)] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.contains(" --> ") }.map { line in
            let parts = line.components(separatedBy: " --> ")
            return (Self.milliseconds(parts[0]), Self.milliseconds(parts[1]))
        }
    }

    /// "HH:MM:SS.mmm" (WebVTT).
    static func milliseconds(_ stamp: String) -> Int64 {
        let fields = stamp.trimmingCharacters(in: .whitespaces).split(separator: ":")
        let seconds = fields.last.map { Double($0) ?? 0 } ?? 0
        let minutes = fields.dropLast().last.flatMap { Int64($0) } ?? 0
        let hours = fields.count > 2 ? Int64(fields[0]) ?? 0 : 0
        return (hours * 3600 + minutes * 60) * 1000 + Int64((seconds * 1000).rounded())
    }

    @Test func interruptFromAnotherThreadStopsALongCaptionBetweenCues() throws {
        let directory = try TemporaryDirectory()
        let target = try host.renderTarget(manifest, outputDirectory: directory.url)
        let file = directory.file("captions.vtt")
        var layout = CaptionLayout()
        let whole = layout.cues(for: Self.longText, at: 1)

        let render = CallOnAnotherThread {
            try target.render(OutputMessage(signal: .readingSegment, text: Self.longText, sessionTime: 1, sequence: 1))
        }
        // The render is under way once its first cue is in the file.
        try #require(try CallOnAnotherThread.until(seconds: 60) { try !timings(file).isEmpty })
        target.interrupt()
        let error = try render.wait(seconds: 60)
        let callError = try #require(error as? PluginCallError, "the render ended with \(String(describing: error))")
        #expect(callError.isCancelled, "\(callError)")
        #expect(!callError.message.isEmpty)

        let written = try timings(file)
        print("captions: \(written.count) of \(whole.count) cues written before the interrupt")
        #expect(written.count >= 1)
        #expect(written.count < whole.count / 2, "\(written.count) of \(whole.count) cues: the interrupt did not stop the render early")
        // What was written is the start of the whole text, cue for cue.
        #expect(written.map(\.start) == whole.prefix(written.count).map(\.startMilliseconds))

        // The next message follows the last cue written, not the hours of text never shown.
        try target.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true, sessionTime: 2, sequence: 2))
        let after = try timings(file)
        #expect(after.count == written.count + 1)
        #expect(after.last?.start == max(2000, written.last!.end))
    }

    @Test func anInterruptBetweenRendersDoesNotCutTheNextCaption() throws {
        let directory = try TemporaryDirectory()
        let target = try host.renderTarget(manifest, outputDirectory: directory.url)
        target.interrupt()
        try target.render(OutputMessage(signal: .description, text: "Still captioned.", sessionTime: 1, sequence: 1))
        #expect(try timings(directory.file("captions.vtt")).count == 1)
    }
}
