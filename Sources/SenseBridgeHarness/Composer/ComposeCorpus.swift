import CSenseBridgeABI
import Foundation
import SenseBridgeHost
import SenseBridgeCore

/// The standard requests every composer is given. Each entry exists because a
/// composer is known to get it wrong in some way a person would hear.
enum ComposeCorpus {
    struct Entry {
        var name: String
        var records: [PerceptionRecord]
        var locale: String
        var maximumWords = 12
        var maximumLabels = 5
        /// The composer may refuse this request's locale with SB_ERR_UNSUPPORTED and a
        /// message instead of composing: an unknown locale, or es and vi (`isDecline`).
        var mayBeUnsupported = false
    }

    /// A composer may decline a locale other than English with SB_ERR_UNSUPPORTED and a
    /// message: the host then speaks the label list's reviewed names, which is better
    /// than a composer's English in a Spanish session. English it must compose.
    static func isDecline(_ status: sb_status, locale: String, error: ErrorSlot) -> Bool {
        status == SB_ERR_UNSUPPORTED && !error.isEmpty && locale != SpokenLocale.en.rawValue
    }

    /// "; es and vi were declined with SB_ERR_UNSUPPORTED", for a pass detail, so a
    /// composer that passes by declining is not mistaken for one that composed them.
    static func declinedNote(_ locales: [String]) -> String {
        guard !locales.isEmpty else { return "" }
        let listed = locales.count == 1 ? locales[0] : locales.dropLast().joined(separator: ", ") + " and " + locales.last!
        return "; \(listed) \(locales.count == 1 ? "was" : "were") declined with SB_ERR_UNSUPPORTED"
    }

    static func box(_ x: Double) -> NormalizedBox { NormalizedBox(x: x, y: 0.3, width: 0.2, height: 0.4) }

    static let oneLabel = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.91, box: box(0.4))]

    static let manyLabels: [PerceptionRecord] = ["chair", "table", "door", "person", "cup", "bottle", "laptop",
                                                  "book", "bicycle", "dog", "bench", "backpack"].enumerated().map { index, label in
        PerceptionRecord(kind: .object, label: label, confidence: 0.55 + Double(index % 5) * 0.08, box: box(Double(index) / 13))
    }

    static let allStreams: [PerceptionRecord] = [
        PerceptionRecord(kind: .object, label: "door", confidence: 0.82, box: box(0.5)),
        PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.7),
        PerceptionRecord(kind: .text, label: "Café Sol — abierto", confidence: 0.88, box: box(0.2)),
        PerceptionRecord(kind: .depth, label: "depth", confidence: 1, distanceMetres: 1.4),
    ]

    /// Labels no model the composer knows would produce: it must neither crash nor
    /// pretend to recognise them.
    static let unknownIdentifiers: [PerceptionRecord] = [
        PerceptionRecord(kind: .object, label: "zorbulator", confidence: 0.6, box: box(0.1)),
        PerceptionRecord(kind: .sound, label: "quux_hum", confidence: 0.52),
    ]

    static var entries: [Entry] {
        var entries = [
            Entry(name: "empty input", records: [], locale: "en"),
            Entry(name: "unknown identifiers", records: unknownIdentifiers, locale: "en"),
            Entry(name: "all three streams", records: allStreams, locale: "en"),
            Entry(name: "many labels, two per phrase", records: manyLabels, locale: "en", maximumWords: 8, maximumLabels: 2),
            Entry(name: "unsupported locale", records: oneLabel, locale: "xx", mayBeUnsupported: true),
        ]
        for locale in SpokenLocale.allCases.map(\.rawValue) {
            let declinable = locale != SpokenLocale.en.rawValue
            entries.append(Entry(name: "one label (\(locale))", records: oneLabel, locale: locale, mayBeUnsupported: declinable))
            entries.append(Entry(name: "many labels (\(locale))", records: manyLabels, locale: locale, mayBeUnsupported: declinable))
        }
        return entries
    }

    /// Enough work that a composer which honours cancel visibly stops early: far
    /// more records than any frame carries.
    static let largeCount = 20_000

    static func large(count: Int = largeCount) -> [PerceptionRecord] {
        (0..<count).map { index in
            PerceptionRecord(kind: .object, label: manyLabels[index % manyLabels.count].label, confidence: 0.6, box: box(0.5))
        }
    }
}
