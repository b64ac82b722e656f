import Testing
@testable import SenseBridgeCore

@Suite("SpokenTable")
struct SpokenTableTests {
    @Test("every entry has text and a note saying where it is used", arguments: SpokenLocale.allCases)
    func entriesHaveNotes(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        #expect(table.locale == locale)
        #expect(table.allEntries.count == 148)
        for (name, entry) in table.allEntries {
            #expect(!entry.text.isEmpty, "\(name)")
            #expect(entry.note.count > 10, "\(name) has no useful note")
        }
    }

    @Test("every locale has the same entries with the same slots", arguments: [SpokenLocale.es, .vi])
    func slotsAgree(locale: SpokenLocale) {
        let english = Dictionary(uniqueKeysWithValues: SpokenTable.en.allEntries.map { ($0.name, $0.entry.slots.sorted()) })
        let other = Dictionary(uniqueKeysWithValues: SpokenTable.forLocale(locale).allEntries.map { ($0.name, $0.entry.slots.sorted()) })
        #expect(english == other)
    }

    @Test("hedges take exactly one subject and end a sentence", arguments: SpokenLocale.allCases)
    func hedges(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        for stream in PerceptionStream.allCases {
            for certainty in Certainty.allCases {
                let hedge = table.hedge(certainty, stream: stream)
                #expect(hedge.slots == [stream == .text ? "text" : "subject"])
                if stream != .text { #expect(hedge.text.hasSuffix(".")) }
            }
            // Each certainty sounds different: the hedge is the certainty.
            #expect(Set(Certainty.allCases.map { table.hedge($0, stream: stream).text }).count == 3)
        }
    }

    /// The positioned hedges say the same certainty words as the hedges they stand for,
    /// after the host's position words; the oracle reads them as data, so they must be
    /// whole templates with exactly these slots.
    @Test("positioned hedges take a position and a subject, each certainty sounding different", arguments: SpokenLocale.allCases)
    func positionedHedges(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        for number in [GrammaticalNumber.singular, .plural] {
            for certainty in Certainty.allCases {
                let hedge = table.positionedHedge(certainty, number: number)
                #expect(hedge.slots == ["position", "subject"])
                #expect(hedge.text.hasPrefix("{position}, ") && hedge.text.hasSuffix("."))
                // The hedge it stands for, first letter lowered, follows the position.
                let plain = table.hedge(certainty, stream: .sight, number: number).text
                #expect(hedge.text == "{position}, " + plain.prefix(1).lowercased() + plain.dropFirst(), "\(locale) \(certainty) \(number)")
            }
            #expect(Set(Certainty.allCases.map { table.positionedHedge($0, number: number).text }).count == 3)
        }
        let words = ViewPosition.allCases.map { table.position($0).text }
        #expect(Set(words).count == 3)
        // Capitalised: the position begins the sentence.
        #expect(words.allSatisfy { $0.first?.isUppercase == true })
    }

    /// A safety alert sounds exactly as sure as a description of the same record would:
    /// the locale's alert word, then the sound hedge it stands for, first letter lowered.
    @Test("safety alerts are the sound hedges after the alert word, each certainty sounding different", arguments: SpokenLocale.allCases)
    func safetyAlerts(locale: SpokenLocale) {
        let table = SpokenTable.forLocale(locale)
        let alertWord = ["Alert: ", "Alerta: ", "Cảnh báo: "][SpokenLocale.allCases.firstIndex(of: locale)!]
        for certainty in Certainty.allCases {
            let alert = table.safetyAlert(certainty)
            #expect(alert.slots == ["subject"])
            let hedge = table.hedge(certainty, stream: .sound).text
            #expect(alert.text == alertWord + hedge.prefix(1).lowercased() + hedge.dropFirst(), "\(locale) \(certainty)")
        }
        #expect(Set(Certainty.allCases.map { table.safetyAlert($0).text }).count == 3)
        #expect(table.safetySoundNoLongerHeard.slots == ["subject"])
    }

    /// "No longer heard" is about what SenseBridge hears; "the alarm stopped" would be about
    /// the world, and a sound not heard may still be sounding (Invariant 2).
    @Test("no longer heard speaks of hearing, never of the sound stopping", arguments: SpokenLocale.allCases)
    func noLongerHeardIsAboutHearing(locale: SpokenLocale) {
        let sentence = SpokenTable.forLocale(locale).safetySoundNoLongerHeard.text.lowercased()
        #expect(["hears", "oye", "nghe thấy"].contains { sentence.contains($0) }, "\(sentence)")
        for claim in ["stopped", "is off", "safe", "clear", "paró", "se detuvo", "apagó", "seguro", "đã tắt", "an toàn", "dừng"] {
            #expect(!sentence.contains(claim), "\(sentence) contains \(claim)")
        }
    }

    @Test("the could-not-measure sentence never claims the way is clear", arguments: SpokenLocale.allCases)
    func couldNotMeasureIsNotClear(locale: SpokenLocale) {
        let sentence = SpokenTable.forLocale(locale).couldNotMeasure.text.lowercased()
        for word in ["clear", "nothing", "free", "despejado", "libre", "nada", "thông thoáng", "không có gì"] {
            #expect(!sentence.contains(word), "\(sentence) contains \(word)")
        }
    }

    /// "Nothing was recognized" is about the detector; "there is nothing" would be about
    /// the place, and absence is never inferred (Invariant 2).
    @Test("the nothing-recognized sentence speaks of recognition, never of an empty place", arguments: SpokenLocale.allCases)
    func nothingRecognizedIsAboutTheDetector(locale: SpokenLocale) {
        let sentence = Phrasing.nothingRecognized(locale: locale).lowercased()
        let recognition = ["recognized", "reconoció", "nhận ra"]
        #expect(recognition.contains { sentence.contains($0) }, "\(sentence)")
        // Whole words: "clearly" (how sure the detector was) is not "clear" (a claim about the way).
        let words = sentence.split { !$0.isLetter }.map(String.init)
        for claim in ["nothing is there", "nothing there", "there is nothing", "no hay nada", "không có gì"] {
            #expect(!sentence.contains(claim), "\(sentence) contains \(claim)")
        }
        for word in ["clear", "empty", "despejado", "vacío"] {
            #expect(!words.contains(word), "\(sentence) says \(word)")
        }
        #expect(sentence.hasSuffix("."))
    }

    @Test("filling a slot never re-reads the inserted text")
    func singlePassFill() {
        let entry = SpokenEntry("It looks like there's {subject}.", note: "test")
        #expect(entry.filled(["subject": "{subject} %@ {distance}"]) == "It looks like there's {subject} %@ {distance}.")
        #expect(entry.slots == ["subject"])
        #expect(entry.frame(around: "subject")! == ("It looks like there's ", "."))
    }
}
