import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore

/// The phrases of one result, and what was wrong with its shape: the codec's reading
/// (the host's own), plus the index range the harness holds a composer to.
struct PhraseCopy {
    var phrases: [SubjectPhrase] = []
    var problems: [String] = []

    init() {}

    /// Read with the request's limits, as the host reads it: text over the byte cap for
    /// `maximumWords` and a result with more phrases than records are problems here too.
    init(_ result: sb_compose_result, recordCount: Int, maximumWords: Int) {
        let decoded = PhraseCodec.decode(result, maximumWords: maximumWords, recordCount: recordCount)
        problems = decoded.problems
        for (index, phrase) in decoded.phrases.enumerated() {
            if let bad = phrase.recordIndices.first(where: { $0 >= recordCount }) {
                problems.append("phrase \(index) names record \(bad) of a request with \(recordCount)")
                continue
            }
            phrases.append(phrase)
        }
    }
}
