/// The host's grounding rule: a phrase may say only what the records it covers are.
///
/// The validator refuses the shapes of a bad phrase (a sentence, a hedge, a distance,
/// a danger); this refuses naming the wrong thing, which no word list can. Every
/// composer's phrase takes it — in-repo, third-party and network alike — after the
/// validator and before Phrasing, so a plugin can make the wording clumsy but cannot
/// make the host sound certain about something the detector did not report.
///
/// A phrase is read, left to right, as whole names (longest first: "fire hydrant",
/// never "fire" of it) and connecting words, and nothing else. Then:
/// - every name is the name of a covered record (the names come from the host's
///   vocabulary for the records of the scene, never from the composer);
/// - every covered record is named;
/// - a plural or "several" is backed by two or more covered records with that name;
/// - a number word ("two", "dos", "hai", and "many" for more than ten) stands before a
///   plural name of sight (a classifier may come between in Vietnamese) and equals the
///   covered records with that name, which the phrase names nowhere else: "three
///   chairs" over two chair records is a count the detector never reported, and "two
///   chairs" over three hides one. Sound is never counted (`LabelListComposition.countsRecords(of:)`);
/// - a name of sight said without a number covers one record of it: "a chair", "una
///   silla" or "một cái ghế" over two chair records tells a blind person there is one,
///   and a bare plural or "several chairs" hides how many, so both are refused as
///   unearned counts and the label list says those records with their number;
/// - in English and Spanish a singular countable name follows an article.
/// The number of the first name decides the hedge's number, as English and Spanish
/// speakers agree "there's a chair and two doors" with the first item.
///
/// Recognized text is exempt: the words read are the records' own, never the phrase's.
public enum PhraseGrounding {
    public struct Grounded: Equatable, Sendable {
        public let number: GrammaticalNumber
    }

    /// - Parameters:
    ///   - text: the phrase as the validator accepted it.
    ///   - covered: indices into `records`, all of `stream`, already checked in range.
    public static func ground(_ text: String, covering covered: [Int], records: [PerceptionRecord],
                              stream: PerceptionStream, locale: SpokenLocale) -> Result<Grounded, GroundingFailure> {
        ground(text, covering: covered, in: GroundingScene(records: records, stream: stream, locale: locale))
    }

    /// The same against a scene built once for every phrase of a moment: its names are
    /// read from the records once, not once per phrase (a result may hold a thousand).
    static func ground(_ text: String, covering covered: [Int], in scene: GroundingScene) -> Result<Grounded, GroundingFailure> {
        let records = scene.records, stream = scene.stream, locale = scene.locale
        let lexicon = scene.lexicon
        let connecting = ConnectingWords.forLocale(locale)
        let words = GroundingText.keys(text, locale: locale)
        let coveredKeys = covered.map { LabelListComposition.nameKey(records[$0], stream: stream) }
        var named = Set<String>()
        // Names said with a number: said once, so a count cannot be spent twice.
        var counted = Set<String>()
        var firstNumber: GrammaticalNumber?
        var determiner: ConnectingWord?
        // The number word before the next name, kept across a Vietnamese classifier.
        var count: (claim: ClaimedCount, word: String)?
        var position = 0
        while position < words.count {
            if let form = lexicon.longestMatch(in: words, at: position) {
                // Joined only for a refusal: an accepted phrase never shows it.
                var name: String { form.words.joined(separator: " ") }
                let backing = coveredKeys.filter(form.keys.contains)
                guard !backing.isEmpty else { return .failure(GroundingFailure(.uncoveredRecordNamed, word: name)) }
                if form.needsDeterminer && determiner == nil {
                    return .failure(GroundingFailure(.missingArticle, word: name))
                }
                if let count {
                    guard LabelListComposition.countsRecords(of: stream), form.takesCount, count.claim.isBacked(by: backing.count),
                          named.isDisjoint(with: backing) else {
                        return .failure(GroundingFailure(.countUnearned, word: count.word))
                    }
                    counted.formUnion(backing)
                } else if !counted.isDisjoint(with: backing) {
                    return .failure(GroundingFailure(.countUnearned, word: name))
                }
                let claimsSeveral = form.isMadePlural || determiner?.role == .pluralQuantity || count != nil
                if claimsSeveral && backing.count < 2 { return .failure(GroundingFailure(.pluralUnearned, word: name)) }
                // "a chair", "chairs" or "several chairs" over two chair records: the one
                // says there is one, the others hide how many. Only the number says it.
                // Per name key: two things a locale happens to spell alike are one record
                // of each, as the label list names them.
                if count == nil && LabelListComposition.countsRecords(of: stream) && Set(backing).count < backing.count {
                    return .failure(GroundingFailure(.countUnearned, word: name))
                }
                named.formUnion(backing)
                if firstNumber == nil { firstNumber = claimsSeveral ? .plural : form.number }
                determiner = nil
                count = nil
                position += form.words.count
            } else if let word = connecting.word(matching: words[position]) {
                // A number word counts the name after it; anything but a classifier in
                // between leaves it counting nothing.
                if let claim = word.claimedCount {
                    guard count == nil else { return .failure(GroundingFailure(.countUnearned, word: word.word)) }
                    count = (claim, word.word)
                } else if let pending = count, word.role != .classifier {
                    return .failure(GroundingFailure(.countUnearned, word: pending.word))
                }
                determiner = word.isDeterminer ? word : nil
                position += 1
            } else {
                let word = words[position]
                return .failure(GroundingFailure(ForeignWords.isForeign(word, in: locale) ? .wrongLanguage : .ungroundedWord, word: word))
            }
        }
        if let count { return .failure(GroundingFailure(.countUnearned, word: count.word)) }
        if let unnamed = covered.first(where: { !named.contains(LabelListComposition.nameKey(records[$0], stream: stream)) }) {
            return .failure(GroundingFailure(.recordNotNamed, word: records[unnamed].label))
        }
        return .success(Grounded(number: firstNumber ?? .singular))
    }
}

/// What the grounding rule needs of one stream of one moment, built once.
struct GroundingScene {
    let records: [PerceptionRecord]
    let stream: PerceptionStream
    let locale: SpokenLocale
    let lexicon: GroundingLexicon

    init(records: [PerceptionRecord], stream: PerceptionStream, locale: SpokenLocale) {
        self.records = records
        self.stream = stream
        self.locale = locale
        lexicon = GroundingLexicon(records: records, stream: stream, locale: locale)
    }
}
