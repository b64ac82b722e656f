import Testing
@testable import SenseBridgeCore

/// The reviewed counted forms, as data: every sight name has one, each agrees with its
/// singular, and the number words that precede them are reviewed in every locale.
@Suite("Counted names")
struct CountedNameTests {
    static let sight = SpokenVocabulary.entries.filter { $0.stream == .sight }

    @Test("every reviewed sight name has a counted form with a note, and only sight names do")
    func everySightNameIsCounted() {
        let counted = Set(SpokenVocabulary.countedSightNames.map(\.identifier))
        #expect(counted == Set(Self.sight.map(\.identifier)))
        #expect(SpokenVocabulary.countedSightNames.allSatisfy { !$0.note.isEmpty })
        for entry in SpokenVocabulary.entries where entry.stream == .sound {
            #expect(SpokenVocabulary.countedName(for: entry.identifier) == nil, "\(entry.identifier)")
        }
    }

    @Test("the Spanish gender is the reviewed article's, and Vietnamese keeps the singular's classifier")
    func agreesWithTheSingular() {
        for entry in Self.sight {
            let counted = SpokenVocabulary.countedName(for: entry.identifier)!
            let article = entry.es.split(separator: " ").first.map(String.init)
            #expect(["una", "unas"].contains(article) == (counted.esGender == .feminine), "\(entry.identifier)")
            #expect(entry.vi == "một " + counted.vi, "\(entry.identifier)")
        }
    }

    @Test("counted subjects in en, es and vi, with agreement", arguments: [
        ("chair", SpokenLocale.en, 2, "two chairs"), ("chair", .es, 2, "dos sillas"), ("chair", .vi, 2, "hai cái ghế"),
        ("dog", .en, 3, "three dogs"), ("dog", .es, 3, "tres perros"), ("dog", .vi, 3, "ba con chó"),
        ("person", .en, 10, "ten people"), ("bus", .es, 4, "cuatro autobuses"), ("umbrella", .es, 2, "dos paraguas"),
        ("stairs", .en, 2, "two staircases"), ("sofa", .en, 2, "two couches"),
        ("chair", .en, 11, "many chairs"), ("chair", .es, 12, "muchas sillas"), ("dog", .es, 40, "muchos perros"),
        ("chair", .vi, 11, "nhiều cái ghế"), ("chair", .vi, 8, "tám cái ghế"), ("sign", .vi, 8, "tám tấm biển"),
        ("umbrella_stand", .en, 2, "two umbrella stands"), ("umbrella_stand", .es, 2, "dos umbrella stands"),
        ("chair", .en, 1, "a chair"), ("chair", .vi, 1, "một cái ghế"),
        ("microwave", .es, 2, "dos microondas"), ("scissors", .es, 11, "muchas tijeras"), ("scissors", .en, 2, "two pairs of scissors"),
        ("skis", .en, 2, "two pairs of skis"), ("skis", .es, 2, "dos pares de esquís"), ("sheep", .en, 3, "three sheep"),
        ("knife", .en, 2, "two knives"), ("computer_mouse", .en, 2, "two computer mice"), ("broccoli", .en, 2, "two heads of broccoli"),
        ("knife", .vi, 7, "bảy con dao"),
    ])
    func subjects(label: String, locale: SpokenLocale, count: Int, expected: String) {
        #expect(SpokenVocabulary.subject(for: label, locale: locale, count: count) == expected)
    }

    @Test("sounds are never counted")
    func soundsAreNotCounted() {
        #expect(SpokenVocabulary.subject(for: "dog_barking", locale: .en, count: 2) == nil)
        #expect(!SpokenVocabulary.isCountable("siren"))
    }

    @Test("each locale reviews one number word for two to ten and a 'many' that agrees", arguments: SpokenLocale.allCases)
    func numberWords(locale: SpokenLocale) {
        let words = ConnectingWords.forLocale(locale)
        for count in 2...ConnectingWords.largestCount {
            #expect(words.words.filter { $0.role == .count(count) }.count == 1, "\(locale) \(count)")
        }
        #expect(words.countWord(1, gender: nil) == nil)
        #expect(words.countWord(11, gender: .feminine) != nil && words.countWord(11, gender: .masculine) != nil)
        #expect(words.words.allSatisfy { !$0.note.isEmpty })
    }

    @Test("every counted subject passes the validator within the one-label ceiling", arguments: SpokenLocale.allCases)
    func countedSubjectsPassTheValidator(locale: SpokenLocale) {
        for entry in Self.sight {
            for count in [2, 7, 10, 11] {
                let subject = SpokenVocabulary.subject(for: entry.identifier, locale: locale, count: count)!
                let verdict = PhraseValidator.validate(subject, locale: locale, maximumWords: SpokenDetail.maximumWordsPerLabel)
                #expect(verdict.acceptedPhrase != nil, "\(subject): \(verdict)")
            }
        }
    }
}
