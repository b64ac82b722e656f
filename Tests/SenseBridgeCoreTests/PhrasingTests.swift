import Testing
@testable import SenseBridgeCore

struct DescribeCase: Sendable, CustomTestStringConvertible {
    let locale: SpokenLocale
    let stream: PerceptionStream
    let certainty: Certainty
    let subject: String
    let expected: String
    var testDescription: String { "[\(locale)] \(stream) \(certainty)" }
}

@Suite("Phrasing")
struct PhrasingTests {
    static let describeCases: [DescribeCase] = [
        .init(locale: .en, stream: .sight, certainty: .high, subject: "a chair and a doorway",
              expected: "It looks like there's a chair and a doorway."),
        .init(locale: .en, stream: .sight, certainty: .medium, subject: "a dog", expected: "It may be a dog."),
        .init(locale: .en, stream: .sight, certainty: .low, subject: "a cat", expected: "It might be a cat, but I'm not sure."),
        .init(locale: .en, stream: .sound, certainty: .high, subject: "a smoke alarm", expected: "It sounds like a smoke alarm."),
        .init(locale: .en, stream: .sound, certainty: .medium, subject: "a doorbell",
              expected: "It may be the sound of a doorbell."),
        .init(locale: .en, stream: .text, certainty: .high, subject: "EXIT", expected: "The text appears to say: EXIT"),
        .init(locale: .es, stream: .sight, certainty: .high, subject: "una silla y una entrada",
              expected: "Parece que hay una silla y una entrada."),
        .init(locale: .es, stream: .sight, certainty: .low, subject: "un perro",
              expected: "Quizás haya un perro, aunque no es seguro."),
        .init(locale: .es, stream: .sound, certainty: .high, subject: "una sirena", expected: "Suena como una sirena."),
        .init(locale: .es, stream: .text, certainty: .medium, subject: "SALIDA", expected: "Puede que el texto diga: SALIDA"),
        .init(locale: .vi, stream: .sight, certainty: .high, subject: "một cái ghế và một con chó",
              expected: "Có vẻ như có một cái ghế và một con chó."),
        .init(locale: .vi, stream: .sound, certainty: .high, subject: "tiếng chó sủa", expected: "Nghe như có tiếng chó sủa."),
        .init(locale: .vi, stream: .sight, certainty: .medium, subject: "một con mèo", expected: "Có thể có một con mèo."),
        .init(locale: .vi, stream: .text, certainty: .low, subject: "LỐI RA",
              expected: "Dòng chữ có lẽ ghi, nhưng tôi không chắc: LỐI RA"),
    ]

    @Test("describe wraps the subject in the hedge for its certainty, stream and locale", arguments: describeCases)
    func describe(row: DescribeCase) {
        #expect(Phrasing.describe(subject: row.subject, certainty: row.certainty, stream: row.stream, locale: row.locale)
            == row.expected)
    }

    @Test("every description starts with its hedge template", arguments: SpokenLocale.allCases)
    func startsWithHedge(locale: SpokenLocale) {
        for stream in PerceptionStream.allCases {
            for certainty in Certainty.allCases {
                let template = Phrasing.hedgeTemplate(certainty: certainty, stream: stream, locale: locale)
                let frame = template.frame(around: stream == .text ? "text" : "subject")!
                let sentence = Phrasing.describe(subject: "x", certainty: certainty, stream: stream, locale: locale)
                #expect(sentence.hasPrefix(frame.prefix) && sentence.hasSuffix(frame.suffix))
                #expect(frame.prefix.count > 5, "a hedge must say something before the subject")
            }
        }
    }

    @Test("lists join per locale", arguments: [
        (SpokenLocale.en, ["a chair"], "a chair"),
        (.en, ["a chair", "a doorway"], "a chair and a doorway"),
        (.en, ["a chair", "a table", "a doorway"], "a chair, a table and a doorway"),
        (.es, ["una silla", "un perro"], "una silla y un perro"),
        (.es, ["una silla", "una mesa", "un perro"], "una silla, una mesa y un perro"),
        (.vi, ["một cái ghế", "một con chó"], "một cái ghế và một con chó"),
        (.vi, [], ""),
    ])
    func lists(locale: SpokenLocale, items: [String], expected: String) {
        #expect(Phrasing.list(items, locale: locale) == expected)
    }

    @Test("nearest measurement rounds down toward the user", arguments: [
        (SpokenLocale.en, 3.9, "The nearest thing measured is about 3 metres away."),
        (.en, 1.0, "The nearest thing measured is about 1 metre away."),
        (.en, 1.74, "The nearest thing measured is about 1.5 metres away."),
        (.en, 0.99, "The nearest thing measured is about 0.5 metres away."),
        (.en, 0.3, "The nearest thing measured is less than half a metre away."),
        (.en, 0, "The nearest thing measured is less than half a metre away."),
        (.en, 2.0, "The nearest thing measured is about 2 metres away."),
        (.en, 14.2, "The nearest thing measured is about 10 metres away."),
        (.es, 1.6, "Lo más cercano que se midió está a alrededor de 1,5 metros."),
        (.es, 1.2, "Lo más cercano que se midió está a alrededor de 1 metro."),
        (.vi, 3.2, "Vật gần nhất đo được cách khoảng 3 mét."),
        (.vi, 0.7, "Vật gần nhất đo được cách khoảng 0,5 mét."),
    ])
    func nearest(locale: SpokenLocale, metres: Double, expected: String) {
        #expect(Phrasing.nearestMeasurement(atDistance: metres, locale: locale) == expected)
    }

    @Test("the rounded distance is never farther than the measured one")
    func neverFarther() {
        var metres = 0.0
        while metres < 30 {
            let rounded = Phrasing.roundedTowardUser(metres)!
            #expect(rounded <= metres && rounded >= 0)
            metres += 0.013
        }
    }

    /// Phrasing is public: whatever a caller passes, it answers and never traps. 1e19
    /// killed `describe` with SIGILL (`Int` of a Double beyond Int.max); 1e15 was said as
    /// "about 1000000000000000 metres". Beyond what any sensor measures is not a distance.
    @Test("a reading that is not a measurement says could-not-measure, never nothing-here",
          arguments: [-1.0, Double.nan, Double.infinity, -Double.infinity, 1e19, 1e15, 9.3e18, 100.000001,
                      Double.greatestFiniteMagnitude, -Double.leastNonzeroMagnitude, -0.5, -1e19])
    func notAMeasurement(metres: Double) {
        for locale in SpokenLocale.allCases {
            #expect(Phrasing.nearestMeasurement(atDistance: metres, locale: locale) == Phrasing.couldNotMeasure(locale: locale))
        }
    }

    @Test("up to the farthest distance a record may hold, the number is said in every locale", arguments: [
        (SpokenLocale.en, 100.0, "The nearest thing measured is about 100 metres away."),
        (.es, 100, "Lo más cercano que se midió está a alrededor de 100 metros."),
        (.vi, 100, "Vật gần nhất đo được cách khoảng 100 mét."),
        (.en, 99.99, "The nearest thing measured is about 95 metres away."),
        (.es, 1.5, "Lo más cercano que se midió está a alrededor de 1,5 metros."),
        (.vi, 1.999_999_999, "Vật gần nhất đo được cách khoảng 1,5 mét."),
        (.en, -0.0, "The nearest thing measured is less than half a metre away."),
        (.en, Double.leastNonzeroMagnitude, "The nearest thing measured is less than half a metre away."),
    ])
    func farthest(locale: SpokenLocale, metres: Double, expected: String) {
        #expect(Phrasing.nearestMeasurement(atDistance: metres, locale: locale) == expected)
    }

    /// The number itself is total, whatever reaches it: counted in tenths, held to the
    /// measurable range, and never "1.10" for a value just under 2.
    @Test("the spoken number is total", arguments: [
        (1.96, "2"), (1.94, "1.9"), (0.5, "0.5"), (100, "100"), (1e19, "100"), (-3, "0"), (Double.nan, "0"),
        (Double.infinity, "100"), (-Double.infinity, "0"),
    ])
    func spokenNumber(value: Double, expected: String) {
        #expect(Phrasing.spokenNumber(value, locale: .en) == expected)
    }

    @Test("the session summary is total in every locale", arguments: [
        (1e300, SpokenLocale.en, "This session ran for \(Int.max) minutes and gave 2 obstacle alerts."),
        (Double.infinity, .es, "Esta sesión duró \(Int.max) minutos y dio 2 avisos de obstáculo."),
        (-Double.infinity, .vi, "Phiên này đã chạy chưa đầy một phút và đưa ra 2 cảnh báo vật cản."),
        (-5, .en, "This session ran for less than a minute and gave 2 obstacle alerts."),
        (1_733_480_000, .en, "This session ran for 28891333 minutes and gave 2 obstacle alerts."),
    ])
    func summary(seconds: Double, locale: SpokenLocale, expected: String) {
        #expect(Phrasing.sessionSummary(alerts: 2, seconds: seconds, locale: locale) == expected)
    }
}
