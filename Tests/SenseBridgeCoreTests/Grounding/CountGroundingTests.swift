import Testing
@testable import SenseBridgeCore

/// A number word in a phrase is a claim like a name: accepted only when it equals the
/// covered records of the name it counts, in every locale, and never for a sound.
@Suite("Count grounding")
struct CountGroundingTests {
    static func object(_ label: String, _ confidence: Double = 0.9) -> PerceptionRecord {
        PerceptionRecord(kind: .object, label: label, confidence: confidence)
    }

    let twoChairsAndADog = [object("chair"), object("chair", 0.8), object("dog")]
    let threeChairs = [object("chair"), object("chair"), object("chair")]

    func failure(_ text: String, _ covered: [Int], _ records: [PerceptionRecord], _ locale: SpokenLocale = .en,
                 stream: PerceptionStream = .sight) -> GroundingFailure? {
        if case .failure(let failure) = PhraseGrounding.ground(text, covering: covered, records: records, stream: stream, locale: locale) {
            return failure
        }
        return nil
    }

    @Test("the right count is accepted, and makes the hedge plural", arguments: [
        ("two chairs", SpokenLocale.en), ("dos sillas", .es), ("las dos sillas", .es), ("hai cái ghế", .vi), ("hai ghế", .vi),
        ("the two chairs", .en),
    ])
    func rightCount(text: String, locale: SpokenLocale) {
        let grounded = PhraseGrounding.ground(text, covering: [0, 1], records: twoChairsAndADog, stream: .sight, locale: locale)
        #expect(grounded == .success(.init(number: .plural)))
    }

    @Test("a count and another name", arguments: [
        ("two chairs and a dog", SpokenLocale.en), ("a dog and two chairs", .en), ("dos sillas y un perro", .es),
        ("hai cái ghế và một con chó", .vi),
    ])
    func countInAList(text: String, locale: SpokenLocale) {
        #expect(failure(text, [0, 1, 2], twoChairsAndADog, locale) == nil)
    }

    @Test("a count the covered records do not hold is refused, naming the number word", arguments: [
        ("three chairs", [0, 1], "three", SpokenLocale.en), ("tres sillas", [0, 1], "tres", .es),
        ("ba cái ghế", [0, 1], "ba", .vi),
        // Fewer than covered hides one as surely as "a chair" would.
        ("two chairs", [0, 1, 2], "two", .en), ("dos sillas", [0, 1, 2], "dos", .es), ("hai cái ghế", [0, 1, 2], "hai", .vi),
        ("many chairs", [0, 1, 2], "many", .en), ("muchas sillas", [0, 1, 2], "muchas", .es), ("nhiều cái ghế", [0, 1, 2], "nhiều", .vi),
    ])
    func wrongCount(text: String, covered: [Int], word: String, locale: SpokenLocale) {
        #expect(failure(text, covered, threeChairs, locale) == GroundingFailure(.countUnearned, word: word))
    }

    @Test("a name of sight said without its number over several records of it is refused, naming the name", arguments: [
        ("a chair", "chair", SpokenLocale.en), ("chairs", "chairs", .en),
        ("several chairs", "chairs", .en), ("the chairs", "chairs", .en),
        ("una silla", "silla", .es), ("sillas", "sillas", .es), ("varias sillas", "sillas", .es),
        ("algunas sillas", "sillas", .es),
        ("một cái ghế", "ghế", .vi), ("cái ghế", "ghế", .vi), ("ghế", "ghế", .vi), ("những cái ghế", "ghế", .vi),
    ])
    func nameWithoutItsNumber(text: String, name: String, locale: SpokenLocale) {
        #expect(failure(text, [0, 1], twoChairsAndADog, locale) == GroundingFailure(.countUnearned, word: name))
        // In a list too, wherever the name stands.
        let and = ["en": "and", "es": "y", "vi": "và"][locale.rawValue]!
        let dog = ["en": "a dog", "es": "un perro", "vi": "một con chó"][locale.rawValue]!
        #expect(failure("\(dog) \(and) \(text)", [0, 1, 2], twoChairsAndADog, locale) == GroundingFailure(.countUnearned, word: name))
    }

    /// Without its article the name is refused first for that ("It might be chair").
    @Test("a bare singular over several records is refused too", arguments: [("chair", SpokenLocale.en), ("silla", .es)])
    func bareSingular(text: String, locale: SpokenLocale) {
        #expect(failure(text, [0, 1], twoChairsAndADog, locale)?.reason == .missingArticle)
    }

    @Test("one record of a name needs no number, however many the scene holds", arguments: [
        ("a chair", SpokenLocale.en), ("una silla", .es), ("một cái ghế", .vi),
    ])
    func oneOfSeveral(text: String, locale: SpokenLocale) {
        #expect(failure(text, [0], twoChairsAndADog, locale) == nil)
        #expect(failure(text, [1], twoChairsAndADog, locale) == nil)
    }

    @Test("many is more than ten")
    func many() {
        let eleven = Array(repeating: Self.object("chair"), count: 11)
        #expect(failure("many chairs", Array(0..<11), eleven) == nil)
        #expect(failure("muchas sillas", Array(0..<11), eleven, .es) == nil)
        #expect(failure("ten chairs", Array(0..<10), eleven) == nil)
        #expect(failure("ten chairs", Array(0..<11), eleven) == GroundingFailure(.countUnearned, word: "ten"))
    }

    @Test("a number that counts nothing, or a name counted twice, is refused", arguments: [
        "two chair", "a chair and two", "two and two chairs", "two two chairs", "two chairs and a chair", "a chair and two chairs",
    ])
    func countingNothing(text: String) {
        #expect(failure(text, [0, 1], twoChairsAndADog)?.reason == .countUnearned)
    }

    @Test("another locale's number word is the wrong language")
    func foreignNumber() {
        #expect(failure("dos chairs", [0, 1], twoChairsAndADog)?.reason == .wrongLanguage)
        #expect(failure("two sillas", [0, 1], twoChairsAndADog, .es)?.reason == .wrongLanguage)
    }

    @Test("a sound is never counted, even over two records of it")
    func soundsAreNotCounted() {
        let barking = [PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.9),
                       PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.8)]
        #expect(failure("two dogs barking", [0, 1], barking, stream: .sound) != nil)
        #expect(failure("hai tiếng chó sủa", [0, 1], barking, .vi, stream: .sound)?.reason == .countUnearned)
        // Named without a number, a sound covers every record of it, as the label list names it.
        #expect(failure("a dog barking", [0, 1], barking, stream: .sound) == nil)
        #expect(failure("tiếng chó sủa", [0, 1], barking, .vi, stream: .sound) == nil)
        let steps = [PerceptionRecord(kind: .sound, label: "footsteps", confidence: 0.9),
                     PerceptionRecord(kind: .sound, label: "footsteps", confidence: 0.8)]
        #expect(failure("two footsteps", [0, 1], steps, stream: .sound) == GroundingFailure(.countUnearned, word: "two"))
        #expect(failure("dos pisadas", [0, 1], steps, .es, stream: .sound) == GroundingFailure(.countUnearned, word: "dos"))
    }
}
