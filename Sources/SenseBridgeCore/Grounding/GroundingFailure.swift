/// Why a phrase that passed the validator does not match the records it covers.
public struct GroundingFailure: Error, Equatable, Sendable {
    public enum Reason: String, CaseIterable, Sendable, Codable {
        /// A word that is neither a name of a covered record nor a connecting word:
        /// "car" when the records hold a chair, "speeding", "green", "pair".
        case ungroundedWord = "ungrounded-word"
        /// The name of a record in the scene that the phrase does not cover: it would
        /// borrow the covered records' certainty for a thing that did not earn it.
        case uncoveredRecordNamed = "uncovered-record-named"
        /// A covered record the phrase never names: it would lend its certainty (or
        /// claim to have said something) without saying it.
        case recordNotNamed = "record-not-named"
        /// A word of another of the three languages, or English where the record has a
        /// reviewed name in the requested one ("a chair" in Spanish).
        case wrongLanguage = "wrong-language"
        /// A singular countable name with no article or classifier before it: "It
        /// might be chair" is not a sentence a person should hear.
        case missingArticle = "missing-article"
        /// A plural or "several" where fewer than two covered records carry the name:
        /// a count the detector did not report.
        case pluralUnearned = "plural-unearned"
        /// A number word that is not the number of covered records of the name it
        /// counts ("three chairs" over two chair records), that counts nothing (before a
        /// singular name, another number word or no name at all), that counts a sound,
        /// or a name counted and also said apart ("two chairs and a chair"); and a name
        /// of sight said without a number over more than one covered record of it ("a
        /// chair", "chairs" or "several chairs" over two), which claims one or hides
        /// the count. The word is the name.
        case countUnearned = "count-unearned"
    }

    public let reason: Reason
    /// The phrase's word (or name) that decided the refusal, or the covered record's
    /// label for `recordNotNamed`. Content, not our data: log it as private.
    public let word: String

    public init(_ reason: Reason, word: String) {
        self.reason = reason
        self.word = word
    }
}
