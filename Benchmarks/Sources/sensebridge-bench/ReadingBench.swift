import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Reading, against the engine it wraps, in one run:
/// 1. accuracy: the character error rate of what SenseBridge reads (camera source →
///    tesseract perceiver → reading order), of the plain `tesseract` command line and of
///    the best single command line found for each condition (`TesseractCommandLine.best`),
///    on the same pages: scripts/make-reading-bench-pages.py's rendered and photographed
///    conditions in en, es and vi, and a real photograph of a book page (BookPagePhotograph);
/// 2. the issue's goals as figures, and each page step switched off by config on the
///    photographed conditions, so the bench says which step helps where (`ReadingReport`);
/// 3. time to the first spoken segment: `sensebridge read IMAGE` as a person runs it, to
///    the first sentence handed to speech, as shipped and as it read before the page steps
///    and the page's own language (`--locale en`, every step off), beside
///    `tesseract IMAGE - | espeak-ng --stdout` to its first byte of audio.
func readingBenchmarks(_ installed: InstalledLayout, scratch: URL) throws {
    guard let tesseract = ["/usr/bin/tesseract", "/usr/local/bin/tesseract"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        report("reading", "skipped: the tesseract command line (the anchor) is not installed; scripts/deps.sh --bench installs it")
        return
    }
    let directory = scratch.appendingPathComponent("reading-pages")
    let made = try ProcessRunner.run("/usr/bin/python3", [RepositoryPaths.root.appendingPathComponent("scripts/make-reading-bench-pages.py").path, directory.path])
    guard made.status == 0 else { throw WholeProcess.Failed(description: "make-reading-bench-pages.py: \(made.standardError)") }

    let manifest = try host.manifest(id: "org.sensebridge.tesseract-ocr")
    let pages = try ReadingPages.load(from: directory, source: try host.manifest(id: "org.sensebridge.camera-source"))
    let steps = ReadingSteps(manifest)
    var variants: [(label: String, config: [String: JSONValue])] = steps.present.map { $0.flipped(in: manifest) }
    if steps.present.count > 1 { variants.append(("steps off", steps.allOff)) }
    let started = MonotonicClock.nanoseconds()
    let accuracy = try ReadingAccuracy.measure(pages, perceiver: manifest, variants: Dictionary(uniqueKeysWithValues: variants.map { ($0.label, $0.config) }),
                                               tesseract: tesseract)
    let figures = ReadingReport(pages: pages, accuracy: accuracy, steps: steps, variants: variants.map(\.label))
    figures.printAccuracy()
    report("  pages read", "\(pages.count) in \(format(Double(MonotonicClock.nanoseconds() - started) / 1e9, 0)) s, two at a time, "
           + "by SenseBridge and both command lines" + (variants.isEmpty ? "" : ", the photographed ones by \(variants.count) more configuration\(variants.count == 1 ? "" : "s")"))

    let ratio = try firstSentenceTimes(page: directory.appendingPathComponent("en-clean.png").path, stepsOff: steps.allOff,
                                       installed: installed, scratch: scratch, tesseract: tesseract)
    figures.printGoals(firstSentenceRatio: ratio)
    figures.printAblation()
}

/// Time to the first spoken segment on a clean page, whole processes, paired run by run:
/// as shipped, as it read before (nil ratio when the plugin has no step), and the
/// command-line pipe as the anchor. Returns shipped ÷ before.
///
/// Before the page steps the page was read in the person's language alone: turning every
/// step off still reads it with all three languages' models, so the baseline also pins
/// the language (`--locale en`), or it would carry the cost it is compared against.
private func firstSentenceTimes(page: String, stepsOff: [String: JSONValue], installed: InstalledLayout, scratch: URL,
                                tesseract: String) throws -> Double? {
    let output = scratch.appendingPathComponent("read-output").path
    func profile(_ name: String, perceiverConfig: [String: JSONValue]?) throws -> String {
        let url = scratch.appendingPathComponent("\(name).json")
        let perceivers = perceiverConfig.map { ",\n \"perceivers\": [{\"id\": \"org.sensebridge.tesseract-ocr\", \"config\": \($0.jsonText)}]" } ?? ""
        try Data("""
        {"schema": "sensebridge.output-profile/1", "name": "\(name)", "displayName": {"en": "Bench"}, "locale": "en",
         "detail": "standard", "composer": "org.sensebridge.label-list",
         "renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}}]\(perceivers)}
        """.utf8).write(to: url)
        return url.path
    }
    let shipped = try profile("bench-read", perceiverConfig: nil)
    let readCommand = { try installed.run(["read", page, "--profile", shipped, "--output", output], firstByte: true) }
    let anchor = { try WholeProcess.run("/bin/sh", ["-c", "\(tesseract) \"$1\" - -l eng 2>/dev/null | espeak-ng --stdout", "sh", page],
                                        environment: installed.environment, firstByte: true) }
    let (read, piped) = try WholeProcess.paired(runs: 5, readCommand, anchor)
    let textAlone = try (0..<5).map { _ in try WholeProcess.run(tesseract, [page, "-", "-l", "eng"], environment: installed.environment, firstByte: true) }
    let first = read.compactMap(\.firstByteSeconds), audio = piped.compactMap(\.firstByteSeconds)
    report("sensebridge read: first sentence to speech / whole",
           "\(format(median(first) * 1000)) ms / \(format(median(read.map(\.wallSeconds)) * 1000)) ms")
    report("tesseract | espeak-ng: first audio byte / whole (anchor)",
           "\(format(median(audio) * 1000)) ms / \(format(median(piped.map(\.wallSeconds)) * 1000)) ms  (read ×\(format(median(first) / median(audio), 2)) its first audio)")
    report("tesseract alone: the page's text on stdout (anchor)", "\(format(median(textAlone.compactMap(\.firstByteSeconds)) * 1000)) ms")

    guard !stepsOff.isEmpty else {
        report("read a page as before the steps", "not measured: the staged plugin has none of them")
        return nil
    }
    let off = try profile("bench-read-steps-off", perceiverConfig: stepsOff)
    let readBefore = { try installed.run(["read", page, "--profile", off, "--locale", "en", "--output", output], firstByte: true) }
    let (now, before) = try WholeProcess.paired(runs: 5, readCommand, readBefore)
    let ratio = pairedRatio(now.compactMap(\.firstByteSeconds), before.compactMap(\.firstByteSeconds))
    report("sensebridge read: first sentence, shipped / before (steps off, --locale en)",
           "\(format(median(now.compactMap(\.firstByteSeconds)) * 1000)) ms / \(format(median(before.compactMap(\.firstByteSeconds)) * 1000)) ms  (×\(format(ratio, 2)), paired)")
    return ratio
}

