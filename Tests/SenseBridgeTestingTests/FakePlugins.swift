import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Small plugins written for these tests only; no Plugins/* target is linked.

/// Keeps what it renders; refuses text containing "FAIL".
final class RecordingTarget: RenderTargetPlugin {
    private(set) var rendered: [String] = []
    private(set) var interrupts = 0
    let host: HostServices

    init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        struct Config: Decodable { var refuse: Bool? }
        if try config.decode(Config.self).refuse == true { throw PluginError.invalidConfig("refuse is set") }
    }

    func render(_ request: RenderRequest) throws {
        let message = request.message
        if message.text.contains("FAIL") { throw PluginError.io("The caption file could not be written.") }
        rendered.append(message.text)
        host.log(.debug, "message.rendered", [("signal", .public("\(message.signal.rawValue)")), ("text", .private(message.text))])
    }

    func interrupt() { interrupts += 1 }
}

/// Keeps itself alive through a closure stored in a global: the leak finish() must see.
final class CyclicTarget: RenderTargetPlugin {
    // Unsafe: only one test creates a CyclicTarget, and it clears `keepers` on its own thread.
    nonisolated(unsafe) static var keepers: [() -> Void] = []
    init(host: HostServices, config: PluginConfig) throws {
        CyclicTarget.keepers.append { _ = self }
    }
    func render(_ request: RenderRequest) throws {}
}

/// Names each object or sound record: "a chair". `sentences` makes it write
/// sentences instead, which the host would discard.
final class NamingComposer: SceneComposerPlugin {
    let sentences: Bool
    let host: HostServices
    // Unsafe: set and cleared by one test of the serialized EmbeddedComposerHostTests, read by its compose.
    nonisolated(unsafe) static var beforeReturning: (() -> Void)?

    init(host: HostServices, config: PluginConfig) throws {
        struct Config: Decodable { var sentences: Bool? }
        self.host = host
        sentences = try config.decode(Config.self).sentences ?? false
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        defer { NamingComposer.beforeReturning?() }
        return request.records.enumerated().compactMap { index, record in
            guard let stream = record.stream, record.kind != .text else { return nil }
            let text = sentences ? "There is a \(record.label)." : "a \(record.label)"
            return ComposedPhrase(stream: stream, text: text, recordIndices: [index])
        }
    }
}

/// Replays `count` frames a run, then ends; `repeatTimestamps` makes every frame
/// carry the same timestamp.
final class CountingSource: SensingSourcePlugin {
    struct Config: Decodable { var count: Int?; var repeatTimestamps: Bool? }
    let host: HostServices
    let count: Int
    let repeatTimestamps: Bool
    private var started = false
    private var delivered = 0
    private var run: UInt64 = 0

    init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        let decoded = try config.decode(Config.self)
        count = decoded.count ?? 5
        repeatTimestamps = decoded.repeatTimestamps ?? false
    }

    func start() throws {
        started = true
        delivered = 0
        run += 1
    }

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        guard started else { throw PluginError.notStarted }
        guard delivered < count else { throw PluginError.endOfStream }
        delivered += 1
        let timestamp = repeatTimestamps ? 1000 : host.monotonicNanoseconds() + UInt64(delivered)
        return SensingFrame(timestampNanoseconds: timestamp, runID: run,
                            content: .records([PerceptionRecord(kind: .object, label: "chair", confidence: 0.8)]))
    }

    func stop() { started = false }
}

/// Reads the rows of a gray picture that are all white, one text record each ("row 1"),
/// boxed to its row. `copies` repeats each record and `label` replaces every label, to
/// reach the header's caps; `distance` writes a distance the host does not take from a
/// perceiver; `waitForCancel` holds the call until it is cancelled.
final class WhiteRowReader: PerceiverPlugin {
    struct Config: Decodable { var copies: Int?; var label: String?; var distance: Double?; var waitForCancel: Bool? }
    let config: Config
    // Unsafe: set and cleared by one test of the serialized EmbeddedPerceiverHostTests, read by its perceive.
    nonisolated(unsafe) static var beforeReturning: (() -> Void)?

    init(host: HostServices, config: PluginConfig) throws {
        self.config = try config.decode(Config.self)
    }

    func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord] {
        defer { WhiteRowReader.beforeReturning?() }
        if config.waitForCancel == true { _ = request.checkpoint.wait(seconds: 20) }
        try request.checkpoint.check("Reading the picture")
        let image = request.image
        let rows = (0..<image.height).filter { row in
            image.pixels[(row * image.width)..<((row + 1) * image.width)].allSatisfy { $0 == 255 }
        }
        return rows.flatMap { row in
            let box = NormalizedBox(x: 0, y: Double(row) / Double(image.height), width: 1, height: 1 / Double(image.height))
            let record = PerceptionRecord(kind: .text, label: config.label ?? "row \(row)", confidence: 0.9, box: box,
                                          distanceMetres: config.distance)
            return Array(repeating: record, count: config.copies ?? 1)
        }
    }
}

/// Hears a click (a sample at 0.5 or louder) in a block; a click in a block that
/// continues one that also clicked is a "double_click", so the order of blocks shows.
final class ClickListener: AudioPerceiverPlugin {
    private var previousClicked = false

    init(host: HostServices, config: PluginConfig) throws {}

    func perceive(_ request: AudioPerceiveRequest) throws -> [PerceptionRecord] {
        try request.checkpoint.check("Listening")
        let block = request.audio
        let clicked = block.samples.contains { abs($0) >= 0.5 }
        defer { previousClicked = clicked }
        guard clicked else { return [] }
        let label = block.continuesPrevious && previousClicked ? "double_click" : "click"
        return [PerceptionRecord(kind: .sound, label: label, confidence: 0.8)]
    }
}
