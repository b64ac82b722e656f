import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Who read a page.
enum PageReader: Hashable, Sendable {
    /// SenseBridge (the tesseract perceiver through the host, then reading order) under a
    /// named configuration: "default" as shipped, a step flipped, or every step off.
    case senseBridge(String)
    case plainCommandLine
    case bestCommandLine
}

/// The character error rate of every reader on every page, measured two pages at a time
/// (one worker per core of the 2-core machine the bench is held to: each tesseract, in
/// the plugin and on the command line, runs one OpenMP thread).
struct ReadingAccuracy {
    /// Page name → reader → CER (0...1, or more when the reader adds text).
    var rates: [String: [PageReader: Double]] = [:]
    /// Pages a SenseBridge configuration failed on (a thrown call): counted as 100 % wrong.
    var unread: [String] = []
    /// Page name → how far the shipped configuration turned it before reading (ABI 1.7).
    var turned: [String: Int] = [:]

    /// Reads every page with the default configuration and both command lines, and the
    /// photographed ones also with each of `variants` (configuration label → config).
    static func measure(_ pages: [ReadingPage], perceiver manifest: PluginManifest, variants: [String: [String: JSONValue]],
                        tesseract: String) throws -> ReadingAccuracy {
        let jobs: [(page: ReadingPage, reader: PageReader)] = pages.flatMap { page in
            [(page, .senseBridge("default")), (page, .plainCommandLine), (page, .bestCommandLine)]
                + (page.photographed ? variants.keys.sorted().map { (page, PageReader.senseBridge($0)) } : [])
        }
        let configs = variants.merging(["default": [:]]) { $1 }
        let shared = SharedResults(jobs.count)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            var perceivers: [String: PerceiverInstance] = [:]
            while let index = shared.nextJob() {
                let (page, reader) = jobs[index]
                do {
                    let text: String
                    switch reader {
                    case .senseBridge(let label):
                        if perceivers[label] == nil { perceivers[label] = try host.perceiver(manifest, config: configs[label] ?? [:]) }
                        do {
                            let (read, view) = try senseBridgeText(page, perceiver: perceivers[label]!)
                            text = read
                            if label == "default" { shared.turned(page.name, view.turnedDegrees) }
                        } catch let error as PluginCallError {
                            shared.unread("\(page.name) (\(label)): \(error)")
                            text = ""
                        }
                    case .plainCommandLine:
                        text = try TesseractCommandLine.plain.read(page.image, locale: page.locale, tesseract: tesseract)
                    case .bestCommandLine:
                        text = try (TesseractCommandLine.best[page.condition] ?? .plain).read(page.image, locale: page.locale, tesseract: tesseract)
                    }
                    shared.set(index, CharacterErrorRate.of(text, reference: page.truth))
                } catch {
                    shared.fail(error)
                }
            }
        }
        if let error = shared.error { throw error }
        var accuracy = ReadingAccuracy(unread: shared.unreadPages, turned: shared.turns)
        for (index, job) in jobs.enumerated() {
            accuracy.rates[job.page.name, default: [:]][job.reader] = shared.rates[index]
        }
        return accuracy
    }

    /// The person every page is read for: an English speaker running `sensebridge read`
    /// without --locale. Their language comes first, as `ReadingSession` sends it, so a
    /// Spanish or Vietnamese page measures a page in another language than the listener's,
    /// the case reading with every language is for; the page's own language first would
    /// measure a listener who already reads it.
    static let listener = SpokenLocale.en

    /// What SenseBridge reads on a page, before sentences and hedges: the perceiver's lines,
    /// in reading order, and how it found the page. The language is not pinned: the page
    /// may be in any language SenseBridge speaks, the listener's first
    /// (`BlockLanguage.pageLocales`, as `sensebridge read` sends them).
    private static func senseBridgeText(_ page: ReadingPage, perceiver: PerceiverInstance) throws -> (text: String, page: PageView) {
        let perception = try perceiver.perceivePage(page.picture, timestampNanoseconds: 0, locale: listener.rawValue,
                                                    pageLocales: BlockLanguage.pageLocales(person: listener).map(\.rawValue), deadline: .max)
        // Boxes are in the turned page, so a quarter turn swaps its sides (a flattened page's
        // own shape is not reported; the frame's stands in for it).
        let quarter = perception.page.turnedDegrees % 180 == 90
        let (width, height) = quarter ? (page.picture.height, page.picture.width) : (page.picture.width, page.picture.height)
        return (ReadingOrder.order(perception.records, frameAspectRatio: Double(width) / Double(height)).text, perception.page)
    }

    func rate(_ page: String, _ reader: PageReader) -> Double? { rates[page]?[reader] }
}

/// The workers' shared state, behind one lock.
private final class SharedResults: @unchecked Sendable {  // Unchecked Sendable: every field is read and written under `lock`.
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private(set) var rates: [Double?]
    private(set) var error: Error?
    private(set) var unreadPages: [String] = []
    private(set) var turns: [String: Int] = [:]

    init(_ count: Int) {
        self.count = count
        rates = Array(repeating: nil, count: count)
    }

    /// The next job's index, or nil when every job is taken or one has failed.
    func nextJob() -> Int? {
        lock.withLock {
            guard error == nil, next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func set(_ index: Int, _ rate: Double) { lock.withLock { rates[index] = rate } }
    func unread(_ page: String) { lock.withLock { unreadPages.append(page) } }
    func turned(_ page: String, _ degrees: Int) { lock.withLock { turns[page] = degrees } }
    func fail(_ failure: Error) { lock.withLock { if error == nil { error = failure } } }
}
