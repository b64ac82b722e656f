import Testing
@testable import SenseBridgeCore

@Suite("SpokenVocabulary")
struct SpokenVocabularyTests {
    @Test("at least 75 reviewed identifiers, including the sound classes deaf users need")
    func coverage() {
        #expect(SpokenVocabulary.entries.count >= 75)
        let identifiers = Set(SpokenVocabulary.entries.map(\.identifier))
        let required = ["person", "chair", "door", "doorway", "table", "stairs", "car", "bicycle", "dog", "cat",
                        "bench", "bus", "traffic_light", "stop_sign", "smoke_alarm", "fire_alarm", "siren",
                        "doorbell", "knock", "baby_crying", "dog_barking", "car_horn", "reversing_beeps",
                        "glass_breaking", "water_running", "speech"]
        for identifier in required {
            #expect(identifiers.contains(identifier), "missing \(identifier)")
        }
    }

    @Test("every entry in every locale passes the validator as a one-label phrase", arguments: SpokenLocale.allCases)
    func everyEntryPassesValidator(locale: SpokenLocale) {
        let ceiling = SpokenDetail.brief.maximumPhraseWords(labelCount: 1)
        for entry in SpokenVocabulary.entries {
            let verdict = PhraseValidator.validate(entry.phrase(locale), locale: locale, maximumWords: ceiling)
            #expect(verdict == .accepted(entry.phrase(locale)), "\(entry.identifier) [\(locale)]: \(verdict)")
        }
    }

    @Test("Spanish articles agree with gender")
    func spanishGender() {
        let expected = ["chair": "una silla", "dog": "un perro", "door": "una puerta", "car": "un coche",
                        "table": "una mesa", "tree": "un árbol", "bicycle": "una bicicleta", "bus": "un autobús",
                        "smoke_alarm": "una alarma de humo", "doorbell": "un timbre", "stairs": "unas escaleras",
                        "microwave": "un microondas", "scissors": "unas tijeras", "skis": "un par de esquís",
                        "computer_mouse": "un ratón de ordenador", "kite": "una cometa"]
        for (identifier, phrase) in expected {
            #expect(SpokenVocabulary.subject(for: identifier, locale: .es) == phrase)
        }
    }

    @Test("Vietnamese uses the classifier for the kind of thing")
    func vietnameseClassifiers() {
        let expected = ["chair": "một cái ghế", "dog": "một con chó", "cat": "một con mèo", "book": "một quyển sách",
                        "bicycle": "một chiếc xe đạp", "car": "một chiếc ô tô", "door": "một cánh cửa",
                        "wall": "một bức tường", "sign": "một tấm biển", "knife": "một con dao",
                        "kite": "một con diều", "teddy_bear": "một con gấu bông", "skis": "một đôi ván trượt tuyết",
                        "microwave": "một cái lò vi sóng", "toaster": "một cái máy nướng bánh mì",
                        "toothbrush": "một cái bàn chải đánh răng"]
        for (identifier, phrase) in expected {
            #expect(SpokenVocabulary.subject(for: identifier, locale: .vi) == phrase)
        }
        for entry in SpokenVocabulary.entries where entry.stream == .sight {
            #expect(entry.vi.hasPrefix("một "), "\(entry.identifier) has no quantifier: \(entry.vi)")
        }
        for entry in SpokenVocabulary.entries where entry.stream == .sound {
            #expect(entry.vi.hasPrefix("tiếng "), "\(entry.identifier) sound lacks tiếng: \(entry.vi)")
        }
    }

    @Test("no reviewed phrase is longer than the per-label word ceiling")
    func phrasesFitTheCeiling() {
        for entry in SpokenVocabulary.entries {
            for locale in SpokenLocale.allCases {
                let words = entry.phrase(locale).split(separator: " ").count
                #expect(words <= SpokenDetail.maximumWordsPerLabel, "\(entry.identifier) [\(locale)]")
            }
        }
    }

    @Test("unknown identifiers fall back to an English phrase with the right article", arguments: [
        ("umbrella_stand", "an umbrella stand"), ("garden_gnome", "a garden gnome"),
        ("unicycle", "a unicycle"), ("hourglass", "an hourglass"), ("ice-cream truck", "an ice cream truck"),
        ("Fire_Extinguisher", "a fire extinguisher"), ("", ""), ("___", ""),
    ])
    func unknownIdentifierFallback(identifier: String, expected: String) {
        for locale in SpokenLocale.allCases {
            #expect(SpokenVocabulary.subject(for: identifier, locale: locale) == expected)
        }
    }

    @Test("aliases and spellings resolve to the reviewed entry")
    func aliases() {
        #expect(SpokenVocabulary.subject(for: "sofa", locale: .es) == "un sofá")
        #expect(SpokenVocabulary.subject(for: "Traffic Light", locale: .vi) == "một cột đèn giao thông")
        #expect(SpokenVocabulary.subject(for: "dog-barking", locale: .en) == "a dog barking")
        #expect(SpokenVocabulary.subject(for: "tv", locale: .en) == "a television")
    }
}
