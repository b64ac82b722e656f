// TEMPORARY: stands in for SoundAlerts (Sources/SenseBridgeCore/Awareness/SoundAlerts.swift)
// until it lands; delete this file when merging it. Same interface, simplest behaviour:
// each safety sound above the floor is said once when first heard, urgent.

public struct SoundAlertSettings: Sendable, Equatable {
    public init() {}
}

public struct SoundAlerts: Sendable {
    private let locale: SpokenLocale
    private var heardNow: Set<String> = []

    public init(locale: SpokenLocale, settings: SoundAlertSettings = .init()) {
        self.locale = locale
    }

    public static func isSafetySound(_ label: String) -> Bool {
        ["smoke_alarm", "fire_alarm", "carbon_monoxide_alarm", "siren"].contains(label)
    }

    public mutating func heard(_ records: [PerceptionRecord], until: UInt64) -> [OutputMessage] {
        var messages: [OutputMessage] = []
        var now: Set<String> = []
        for record in records where Self.isSafetySound(record.label) {
            guard let certainty = Certainty(confidence: record.confidence) else { continue }
            now.insert(record.label)
            guard !heardNow.contains(record.label) else { continue }
            let table = SpokenTable.forLocale(locale)
            let text = table.hedge(certainty, stream: .sound).filled(["subject": SpokenVocabulary.subject(for: record.label, locale: locale)])
            messages.append(OutputMessage(signal: .awarenessAlert, text: text, locale: locale, isUrgent: true))
        }
        heardNow = now
        return messages
    }

    public mutating func measuringStopped() {
        heardNow = []
    }
}
