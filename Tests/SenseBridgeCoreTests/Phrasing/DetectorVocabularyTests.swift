import Testing
import SenseBridgeRepositoryTesting
@testable import SenseBridgeCore

/// Every class the object detector can report is said in the person's language: a
/// reviewed name and counted form in en, es and vi, and the label list says one and two
/// of it, hedged, with nothing refused. A class without them would be said in English
/// in a Spanish or Vietnamese sentence, or, refused, not at all.
@Suite("Object detector vocabulary")
struct DetectorVocabularyTests {
    /// The identifiers the object detector reports, in COCO class id order (1–90, 80
    /// used): the COCO label map of TensorFlow's SSD MobileNetV2 COCO graph
    /// (ssd_mobilenet_v2_coco_2018_03_29), COCO's names as the project spells them
    /// ("dining table" is table, "tv" television, "sports ball" ball, "mouse"
    /// computer_mouse, "remote" remote_control, "hair drier" hair_dryer). Written out,
    /// not read from the plugin, so a class the vocabulary lacks fails here.
    static let identifiers = [
        "person", "bicycle", "car", "motorcycle", "airplane", "bus", "train", "truck", "boat", "traffic_light",
        "fire_hydrant", "stop_sign", "parking_meter", "bench", "bird", "cat", "dog", "horse", "sheep", "cow",
        "elephant", "bear", "zebra", "giraffe", "backpack", "umbrella", "handbag", "tie", "suitcase", "frisbee",
        "skis", "snowboard", "ball", "kite", "baseball_bat", "baseball_glove", "skateboard", "surfboard",
        "tennis_racket", "bottle", "wine_glass", "cup", "fork", "knife", "spoon", "bowl", "banana", "apple",
        "sandwich", "orange", "broccoli", "carrot", "hot_dog", "pizza", "donut", "cake", "chair", "couch",
        "potted_plant", "bed", "table", "toilet", "television", "laptop", "computer_mouse", "remote_control",
        "keyboard", "cell_phone", "microwave", "oven", "toaster", "sink", "refrigerator", "book", "clock", "vase",
        "scissors", "teddy_bear", "hair_dryer", "toothbrush",
    ]

    @Test("the detector's table is COCO's 80 classes, each named once")
    func eightyClasses() {
        #expect(Self.identifiers.count == 80)
        #expect(Set(Self.identifiers).count == 80)
    }

    @Test("every class has a reviewed sight name and counted form in en, es and vi")
    func everyClassIsReviewed() {
        for identifier in Self.identifiers {
            let entry = SpokenVocabulary.entry(for: identifier)
            #expect(entry?.identifier == identifier && entry?.stream == .sight, "\(identifier)")
            #expect(SpokenVocabulary.countedName(for: identifier)?.identifier == identifier, "\(identifier)")
            for locale in SpokenLocale.allCases {
                #expect(entry.map { !$0.phrase(locale).isEmpty } == true, "\(identifier) [\(locale)]")
            }
        }
    }

    /// One record and two, through the narrator as a composer and the label list alone
    /// reach a person: the exact hedged sentence, each record covered, no refusal, and
    /// nothing the independent oracle reads as a wrong name or count.
    @Test("the label list says one and two of every class, hedged, refusing none", arguments: SpokenLocale.allCases)
    func oneAndTwoOfEach(locale: SpokenLocale) {
        let oracle = GroundingOracle()
        for identifier in Self.identifiers {
            for count in 1...2 {
                let records = Array(repeating: PerceptionRecord(kind: .object, label: identifier, confidence: 0.9), count: count)
                guard let entry = SpokenVocabulary.entry(for: identifier),
                      let subject = SpokenVocabulary.subject(for: identifier, locale: locale, count: count) else {
                    Issue.record("\(identifier) has no subject for \(count) [\(locale)]")
                    continue
                }
                let number = count == 1 ? entry.number(locale) : .plural
                let expected = Phrasing.describe(subject: subject, certainty: .high, stream: .sight, locale: locale, number: number)
                let phrases = LabelListComposition.compose(records: records, locale: locale, detail: .standard)
                #expect(phrases == [SubjectPhrase(stream: .sight, text: subject, recordIndices: Array(0..<count))],
                        "\(identifier) ×\(count) [\(locale)]")
                let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: locale, detail: .standard)
                #expect(narration.spokenText == [expected], "\(identifier) ×\(count) [\(locale)]")
                #expect(narration.report.composerFailures.isEmpty, "\(identifier) ×\(count) [\(locale)]: \(narration.report.composerFailures)")
                #expect(narration.report.acceptedComposerPhrases == 1, "\(identifier) ×\(count) [\(locale)]")
                let fallback = SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: .standard)
                #expect(fallback.spokenText == [expected], "\(identifier) ×\(count) [\(locale)]")
                #expect(fallback.report.fallbackFailures.isEmpty, "\(identifier) ×\(count) [\(locale)]: \(fallback.report.fallbackFailures)")
                let breaches = oracle.breaches(of: narration, records: records, locale: locale)
                #expect(breaches.isEmpty, "\(identifier) ×\(count) [\(locale)]: \(breaches)")
            }
        }
    }

    /// COCO's own names for the classes whose identifier differs resolve to the reviewed
    /// entry; "mouse" does not, because from another detector it is the animal.
    @Test("COCO's names resolve where they cannot mislead", arguments: [
        ("dining table", "table"), ("tv", "television"), ("sports ball", "ball"), ("remote", "remote_control"),
        ("hair drier", "hair_dryer"), ("wine glass", "wine_glass"), ("teddy bear", "teddy_bear"),
        ("hot dog", "hot_dog"), ("cell phone", "cell_phone"), ("potted plant", "potted_plant"),
    ])
    func cocoNames(name: String, identifier: String) {
        #expect(SpokenVocabulary.canonicalIdentifier(name) == identifier)
        #expect(SpokenVocabulary.entry(for: name)?.identifier == identifier)
    }

    @Test("a bare 'mouse' is the English fallback, never the pointing device")
    func mouseIsNotTheDevice() {
        #expect(SpokenVocabulary.entry(for: "mouse") == nil)
        for locale in SpokenLocale.allCases {
            #expect(SpokenVocabulary.subject(for: "mouse", locale: locale) == "a mouse")
        }
        #expect(SpokenVocabulary.subject(for: "computer_mouse", locale: .es) == "un ratón de ordenador")
    }
}
