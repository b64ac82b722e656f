import Testing
@testable import SenseBridgeCore

@Suite("SpokenStatus")
struct SpokenStatusTests {
    @Test("status and disclosure strings come from the table", arguments: SpokenLocale.allCases)
    func status(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        #expect(Phrasing.status(.backendNotAnswering, locale: locale) == table.backendNotAnswering.text)
        #expect(Phrasing.status(.backendRecovered, locale: locale) == table.backendRecovered.text)
        #expect(Phrasing.status(.sessionStarted, locale: locale) == table.sessionStarted.text)
        #expect(Phrasing.status(.sessionStopped, locale: locale) == table.sessionStopped.text)
        #expect(Phrasing.status(.couldNotMeasure, locale: locale) == table.couldNotMeasure.text)
    }

    @Test("a lost output names what is left")
    func outputLost() {
        #expect(Phrasing.status(.outputLost(name: "speech", reason: "the audio device disappeared.",
                                            others: ["captions", "haptics"]), locale: .en)
            == "The speech output stopped working: the audio device disappeared. Continuing with captions and haptics.")
        #expect(Phrasing.status(.outputLost(name: "haptics", reason: "unplugged", others: []), locale: .en)
            == "The haptics output stopped working: unplugged. No other output is running.")
        #expect(Phrasing.status(.outputLost(name: "voz", reason: "sin audio", others: ["subtítulos"]), locale: .es)
            == "La salida voz dejó de funcionar: sin audio. Se continúa con subtítulos.")
        #expect(Phrasing.status(.backendNotAnswering, locale: .en)
            == "The cloud service is not answering, so SenseBridge is continuing with on-device descriptions.")
    }

    @Test("thermal backoff says the pace in effect, each pace its own sentence", arguments: SpokenLocale.allCases)
    func thermalBackoff(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        let said = ThermalLevel.allCases.map { Phrasing.status(.thermalBackoff($0), locale: locale) }
        #expect(said == [table.thermalRecovered.text, table.thermalRecovered.text,
                         table.thermalSlowedHalf.text, table.thermalSlowedQuarter.text])
        #expect(Set(said).count == 3)
        for sentence in said {
            #expect(sentence.contains("SenseBridge"), "a fact about the app: \(sentence)")
            #expect(sentence.hasSuffix("."))
            // Facts about the pace, never alarm beyond the truth: the session goes on.
            let lowered = sentence.lowercased()
            for word in ["danger", "stop", "shut", "overheat", "peligro", "deten", "apag", "nguy hiểm", "dừng", "tắt"] {
                #expect(!lowered.contains(word), "\(sentence) says \(word)")
            }
        }
    }

    @Test func thermalBackoffInEnglish() {
        #expect(Phrasing.status(.thermalBackoff(.serious), locale: .en)
            == "The device is running hot, so SenseBridge checks for obstacles half as often until it cools.")
        #expect(Phrasing.status(.thermalBackoff(.critical), locale: .en)
            == "The device is running hot, so SenseBridge checks for obstacles a quarter as often until it cools.")
        #expect(Phrasing.status(.thermalBackoff(.nominal), locale: .en)
            == "The device has cooled; SenseBridge checks for obstacles at the usual rate again.")
    }
}
