import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeTesting

/// Reading, against the engine it wraps, in one run:
/// 1. accuracy: the character error rate of what SenseBridge reads (camera source →
///    tesseract perceiver → reading order) and of the `tesseract` command line's text, on
///    the same page images (scripts/make-reading-bench-pages.py: en/es/vi, scaled, tilted
///    ±5°, blurred, faint, and a two-column page), per locale;
/// 2. time to the first spoken segment: `sensebridge read IMAGE` as a person runs it, to
///    the first sentence handed to speech, beside `tesseract IMAGE - | espeak-ng --stdout`
///    to its first byte of audio.
func readingBenchmarks(_ installed: InstalledLayout, scratch: URL) throws {
    guard let tesseract = ["/usr/bin/tesseract", "/usr/local/bin/tesseract"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        report("reading", "skipped: the tesseract command line (the anchor) is not installed; scripts/deps.sh --bench installs it")
        return
    }
    let pages = scratch.appendingPathComponent("reading-pages")
    let made = try ProcessRunner.run("/usr/bin/python3", [RepositoryPaths.root.appendingPathComponent("scripts/make-reading-bench-pages.py").path, pages.path])
    guard made.status == 0 else { throw WholeProcess.Failed(description: "make-reading-bench-pages.py: \(made.standardError)") }

    let source = try host.manifest(id: "org.sensebridge.camera-source")
    let perceiver = try host.perceiver(try host.manifest(id: "org.sensebridge.tesseract-ocr"))
    let languages: [SpokenLocale: String] = [.en: "eng", .es: "spa", .vi: "vie"]
    var ours: [SpokenLocale: [Double]] = [:], theirs: [SpokenLocale: [Double]] = [:]
    var perPage: [SpokenLocale: [String]] = [:]
    var columns: (ours: Double, theirs: Double)?
    let images = try FileManager.default.contentsOfDirectory(atPath: pages.path).filter { $0.hasSuffix(".png") }.sorted()
    for name in images {
        let image = pages.appendingPathComponent(name)
        let truth = try String(contentsOf: image.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
        guard let locale = SpokenLocale(identifier: String(name.prefix(2))), let language = languages[locale] else { continue }
        let read = try readingText(image, locale: locale, source: source, perceiver: perceiver)
        let cli = try ProcessRunner.run(tesseract, [image.path, "-", "-l", language])
        guard cli.status == 0 else { throw WholeProcess.Failed(description: "tesseract \(name): \(cli.standardError)") }
        let (a, b) = (CharacterErrorRate.of(read, reference: truth), CharacterErrorRate.of(cli.standardOutput, reference: truth))
        if name.contains("columns") { columns = (a, b); continue }
        ours[locale, default: []].append(a)
        theirs[locale, default: []].append(b)
        let variant = name.dropFirst(3).dropLast(4)
        perPage[locale, default: []].append("\(variant) \(format(a * 100, 1))/\(format(b * 100, 1))")
    }
    for locale in SpokenLocale.allCases {
        guard let a = ours[locale], let b = theirs[locale] else { continue }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) * 100 }
        report("reading accuracy, \(locale.rawValue): CER SenseBridge / tesseract CLI",
               "\(format(mean(a), 2)) % / \(format(mean(b), 2)) %  (mean of \(a.count) pages; worst \(format((a.max() ?? 0) * 100, 1)) % / \(format((b.max() ?? 0) * 100, 1)) %)")
        report("  per page, % (SenseBridge/CLI)", (perPage[locale] ?? []).joined(separator: ", "))
    }
    if let columns {
        report("reading accuracy, two columns (en): CER SenseBridge / tesseract CLI",
               "\(format(columns.ours * 100, 2)) % / \(format(columns.theirs * 100, 2)) %")
    }

    // Time to the first spoken segment, whole processes, paired run by run.
    let page = pages.appendingPathComponent("en-clean.png").path
    let output = scratch.appendingPathComponent("read-output").path
    let profile = scratch.appendingPathComponent("read-profile.json")
    try Data("""
    {"schema": "sensebridge.output-profile/1", "name": "bench-read", "displayName": {"en": "Bench"}, "locale": "en",
     "detail": "standard", "composer": "org.sensebridge.label-list",
     "renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}}]}
    """.utf8).write(to: profile)
    let readCommand = { try installed.run(["read", page, "--profile", profile.path, "--output", output], firstByte: true) }
    let anchor = { try WholeProcess.run("/bin/sh", ["-c", "\(tesseract) \"$1\" - -l eng 2>/dev/null | espeak-ng --stdout", "sh", page],
                                        environment: installed.environment, firstByte: true) }
    let (read, piped) = try WholeProcess.paired(runs: 5, readCommand, anchor)
    let textAlone = try (0..<5).map { _ in try WholeProcess.run(tesseract, [page, "-", "-l", "eng"], environment: installed.environment, firstByte: true) }
    let first = read.compactMap(\.firstByteSeconds), audio = piped.compactMap(\.firstByteSeconds)
    report("read a page: first sentence handed to speech / whole (sensebridge read)",
           "\(format(median(first) * 1000)) ms / \(format(median(read.map(\.wallSeconds)) * 1000)) ms")
    report("tesseract | espeak-ng: first audio byte / whole (anchor)",
           "\(format(median(audio) * 1000)) ms / \(format(median(piped.map(\.wallSeconds)) * 1000)) ms  (read ×\(format(median(first) / median(audio), 2)) its first audio)")
    report("tesseract alone: the page's text on stdout (anchor)", "\(format(median(textAlone.compactMap(\.firstByteSeconds)) * 1000)) ms")
}

/// What SenseBridge reads on one image, before sentences and hedges: the camera source's
/// frame, the perceiver's lines, in reading order.
private func readingText(_ image: URL, locale: SpokenLocale, source manifest: PluginManifest, perceiver: PerceiverInstance) throws -> String {
    let source = try host.sensingSource(manifest, config: ["input": .string(image.path)])
    try source.start()
    defer { source.stop() }
    guard case .frame(let frame) = try source.next(timeoutMilliseconds: 10_000), case .image(let picture) = frame.content else {
        throw WholeProcess.Failed(description: "the camera source gave no picture for \(image.lastPathComponent)")
    }
    let records = try perceiver.perceive(picture, timestampNanoseconds: 0, locale: locale.rawValue, deadline: .max)
    return ReadingOrder.order(records, frameAspectRatio: Double(picture.width) / Double(picture.height)).text
}
