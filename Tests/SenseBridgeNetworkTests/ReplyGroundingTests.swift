import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// The reply may name only what was sent.
@Suite struct ReplyGroundingTests {
    @Test(arguments: ["a chair and a table", "chairs and a table", "the table", "Chair, table.", "a cell phone",
                      "an ironing board and two".replacingOccurrences(of: " and two", with: "")])
    func groundedEnglishReplies(reply: String) {
        #expect(ReplyGrounding.problem(reply: reply, labels: ["chair", "table", "cell_phone", "ironing board"], locale: .en) == nil)
    }

    @Test func theLoadedGunIsRejected() {
        let problem = ReplyGrounding.problem(reply: "a loaded gun", labels: ["knife", "table"], locale: .en)
        #expect(problem == "the reply names 'loaded', which is not among the labels sent")
    }

    @Test(arguments: [
        ("There is a car about 2 feet ahead — dangerous.", "there"),
        ("a car 2 feet ahead", "2"),
        ("maybe a car", "maybe"),
        ("a person with a knife", "with"),
        ("a car on the left", "on"),
    ])
    func claimsTheDetectorNeverMadeAreRejected(reply: String, word: String) {
        let problem = ReplyGrounding.problem(reply: reply, labels: ["car", "person", "knife"], locale: .en)
        #expect(problem == "the reply names '\(word)', which is not among the labels sent")
    }

    @Test func aReplyOfConnectingWordsAloneNamesNothing() {
        #expect(ReplyGrounding.problem(reply: "a and the", labels: ["chair"], locale: .en) == "the reply names none of the labels sent")
        #expect(ReplyGrounding.problem(reply: " — ", labels: ["chair"], locale: .en) == "the reply names nothing")
    }

    @Test func wrongLanguageIsRejected() {
        #expect(ReplyGrounding.problem(reply: "una silla y una mesa", labels: ["chair", "table"], locale: .en) != nil)
        // English identifiers are not Spanish words: without a vocabulary, es is never grounded.
        #expect(ReplyGrounding.problem(reply: "a chair and a table", labels: ["chair", "table"], locale: .es) != nil)
        #expect(ReplyGrounding.problem(reply: "chair", labels: ["chair"], locale: .es) != nil)
    }

    @Test func theReviewedVocabularyGroundsSpanishAndVietnamese() {
        let labels = ["chair", "table", "tv"]
        #expect(ReplyGrounding.problem(reply: "una silla y una mesa", labels: labels, locale: .es, vocabulary: ReplyChecks.vocabulary) == nil)
        #expect(ReplyGrounding.problem(reply: "một cái ghế và một cái bàn", labels: labels, locale: .vi, vocabulary: ReplyChecks.vocabulary) == nil)
        // "tv" is an alias of the reviewed "television".
        #expect(ReplyGrounding.problem(reply: "a television", labels: labels, locale: .en, vocabulary: ReplyChecks.vocabulary) == nil)
        #expect(ReplyGrounding.problem(reply: "una pistola", labels: labels, locale: .es, vocabulary: ReplyChecks.vocabulary) != nil)
    }

    @Test func theCoreValidatorRefusesWhatTheDesignForbids() {
        #expect(ReplyChecks.text("a chair and a table", .en, 8) == nil)
        #expect(ReplyChecks.text("There is a car about 2 feet ahead — dangerous.", .en, 20) != nil)
        #expect(ReplyChecks.text("maybe a chair", .en, 8)?.hasPrefix("hedge") == true)
        #expect(ReplyChecks.text("a chair and a table and a door", .en, 4) == "tooManyWords")
    }

    @Test func aVocabularyGroundsOtherLocales() {
        let vocabulary: ReplyGrounding.Vocabulary = { label, locale in
            switch (label, locale) {
            case ("chair", .es): return ["silla", "sillas"]
            case ("table", .es): return ["mesa"]
            case ("chair", .vi): return ["ghế"]
            case ("table", .vi): return ["bàn"]
            default: return []
            }
        }
        #expect(ReplyGrounding.problem(reply: "una silla y una mesa", labels: ["chair", "table"], locale: .es, vocabulary: vocabulary) == nil)
        #expect(ReplyGrounding.problem(reply: "một cái ghế và một cái bàn", labels: ["chair", "table"], locale: .vi, vocabulary: vocabulary) == nil)
        #expect(ReplyGrounding.problem(reply: "una pistola", labels: ["chair"], locale: .es, vocabulary: vocabulary) != nil)
    }
}
