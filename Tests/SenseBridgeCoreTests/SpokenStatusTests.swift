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
}
