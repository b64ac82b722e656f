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
        #expect(Phrasing.status(.outputLost(role: .speech, reason: .crashed, others: [.captions, .haptics]), locale: .en)
            == "The speech output stopped working: its plugin crashed. Continuing with captions and haptics.")
        #expect(Phrasing.status(.outputLost(role: .haptics, reason: .notInstalled, others: []), locale: .en)
            == "The haptics output stopped working: it is not installed. No other output is running.")
        #expect(Phrasing.status(.outputLost(role: .speech, reason: .settingsInvalid, others: [.captions]), locale: .es)
            == "La salida de voz dejó de funcionar: los ajustes del perfil para ella no son válidos. Se continúa con subtítulos.")
        #expect(Phrasing.status(.outputLost(role: .other, reason: .reportedError, others: [.braille]), locale: .vi)
            == "Một đầu ra đã ngừng hoạt động: nó báo lỗi. Tiếp tục với chữ nổi.")
        #expect(Phrasing.status(.backendNotAnswering, locale: .en)
            == "The cloud service is not answering, so SenseBridge is continuing with on-device descriptions.")
    }

    /// Every role and every reason is worded in every locale by its own entry: a
    /// sentence about an output is whole in the person's language, whatever failed.
    @Test("every output role and loss reason is worded in every locale", arguments: SpokenLocale.allCases)
    func outputWordsAreWhole(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        for role in OutputRole.allCases {
            for reason in OutputLossReason.allCases {
                let said = Phrasing.status(.outputLost(role: role, reason: reason, others: [.captions]), locale: locale)
                #expect(said.hasPrefix(table.outputSubject(role).text), "\(said)")
                #expect(said.contains(table.lossReason(reason).text), "\(said)")
                #expect(!said.contains("{") && !said.contains("}"), "\(said)")
            }
            #expect(Phrasing.status(.outputReturned(role: role), locale: locale).hasPrefix(table.outputSubject(role).text))
            #expect(Phrasing.status(.outputChosen(role: role, firstChoice: false), locale: locale)
                != Phrasing.status(.outputChosen(role: role, firstChoice: true), locale: locale))
        }
        #expect(Set(OutputLossReason.allCases.map { table.lossReason($0).text }).count == OutputLossReason.allCases.count)
        #expect(Set(OutputRole.allCases.map { table.outputName($0).text }).count == OutputRole.allCases.count)
    }

    @Test("a channel or role outside the closed list is the generic output")
    func roleCodes() {
        #expect(OutputRole(code: "captions") == .captions)
        #expect(OutputRole(code: "All clear, it is safe to cross now") == .other)
        #expect(OutputRole(code: "Speech") == .other, "codes are exact; a near miss is not a role")
        #expect(OutputRole(code: nil) == .other)
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
