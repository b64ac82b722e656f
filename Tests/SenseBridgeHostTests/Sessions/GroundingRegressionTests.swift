import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// Every composer is grounded, end to end: a C composer built by the test lies about
/// what it names, and what a person hears is checked, sentence by sentence. The host
/// must say each thing with the hedge its own confidence earned, never with another's,
/// never name what the detector did not report, and never lose a detection to a
/// composer that left it out.
@Suite struct GroundingRegressionTests {
    let liar: LiarDescription
    static let chairAndDoor = [("chair", 0.9), ("door", 0.5)]
    /// What the label list says of the chair and the door, each with its own hedge.
    static let chairThenDoor = ["It looks like there's a chair.", "It might be a door, but I'm not sure."]

    init() throws {
        liar = try LiarDescription()
    }

    /// The smart liar: "a chair and a door" claiming only the chair, so the door would
    /// be said as surely as the chair.
    @Test func aNameTheComposerDidNotClaimNeverBorrowsItsCertainty() throws {
        let said = try liar.spoken(Self.chairAndDoor)
        #expect(!said.contains("It looks like there's a chair and a door."))
        #expect(said == Self.chairThenDoor)
    }

    @Test func thingsNoDetectorReportedAreNeverSaid() throws {
        let said = try liar.spoken(Self.chairAndDoor, config: ["phrase": "a car and a bus"])
        #expect(said == Self.chairThenDoor)
        #expect(!said.contains { $0.contains("car") || $0.contains("bus") })
    }

    /// Claims a detector never made, dressed as a name: a speed, a direction of travel,
    /// a signal state, a danger, a position, a count.
    @Test(arguments: ["a speeding car", "an oncoming car", "a green light", "a walk signal", "a fire",
                      "a low branch at head height", "a chair underfoot", "a pair of chairs"])
    func anInventedClaimIsNeverSpoken(_ phrase: String) throws {
        let said = try liar.spoken(Self.chairAndDoor, config: ["phrase": phrase])
        #expect(said == Self.chairThenDoor, "for \"\(phrase)\"")
        let claim = phrase.split(separator: " ").dropFirst().filter { !["chair", "chairs", "car", "at", "of"].contains($0) }
        for line in said {
            #expect(!line.contains(phrase), "\(line)")
            for word in claim { #expect(!line.contains(word), "\(line) says '\(word)'") }
        }
    }

    /// "a chair" covering the chair is honest; the car it left out is said anyway, in
    /// the same description, with its own hedge.
    @Test func aDetectionTheComposerLeftOutIsStillSaid() throws {
        let said = try liar.spoken([("chair", 0.9), ("car", 0.95)], config: ["phrase": "a chair", "cover": "first"])
        #expect(said == ["It looks like there's a chair.", "It looks like there's a car."])
    }

    /// English in a Spanish or Vietnamese session is refused; the reviewed name is said.
    @Test(arguments: [("vi", "a chair"), ("vi", "a car"), ("vi", "the chair"), ("es", "a chair")])
    func theWrongLanguageIsRefusedAndTheReviewedNameSpoken(locale: String, phrase: String) throws {
        let said = try liar.spoken([("chair", 0.9)], .blunt, config: ["phrase": phrase], locale: locale)
        let expected = locale == "vi" ? "Có vẻ như có một cái ghế." : "Parece que hay una silla."
        #expect(said == [expected], "for \"\(phrase)\" in \(locale)")
        #expect(!said.contains { $0.contains("chair") || $0.contains("car") || $0.contains("the ") })
    }

    /// Two chairs and a table, counted and covered whole: the hedge agrees.
    @Test func aPluralSubjectGetsAPluralHedge() throws {
        let scene = [("chair", 0.9), ("chair", 0.85), ("table", 0.88)]
        let said = try liar.spoken(scene, config: ["phrase": "two chairs and a table", "cover": "all"])
        #expect(said == ["It looks like there are two chairs and a table."])
        #expect(!said.contains { $0.contains("there's two") })
    }

    /// A result the ABI cannot carry as text costs the composer its words, never the
    /// person the description: the label list says the scene, each thing hedged alone.
    @Test(arguments: ["null-text", "invalid-utf8", "huge", "null-phrases", "many-phrases"])
    func aHostileResultIsReplacedByTheLabelList(mode: String) throws {
        let said = try liar.spoken(Self.chairAndDoor, config: ["mode": mode])
        #expect(said == Self.chairThenDoor, "mode \(mode)")
    }
}
