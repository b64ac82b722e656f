import Foundation

/// The structural part of the rules: what a phrase may cover and how long it may be,
/// against the limits the request gave. It does not judge wording (hedges,
/// distances, dangers); `NarratorJudge` adds the host's own checks on top.
public struct StructuralJudge: CompositionJudging {
    public init() {}

    public func problems(with phrases: [SubjectPhrase], for request: PhraseRequest) -> [String] {
        var problems: [String] = []
        if request.records.isEmpty && !phrases.isEmpty {
            return ["\(phrases.count) phrase(s) for a request with no records: the composer invented a scene"]
        }
        for (index, phrase) in phrases.enumerated() {
            let quoted = "phrase \(index) \"\(phrase.text.prefix(80))\""
            let words = phrase.text.split(whereSeparator: { $0.isWhitespace }).count
            if phrase.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("phrase \(index) is empty")
                continue
            }
            if words > request.maximumWords {
                problems.append("\(quoted) has \(words) words; the request allowed \(request.maximumWords)")
            }
            if phrase.recordIndices.isEmpty {
                problems.append("\(quoted) names no record: a phrase must cover what the detector reported")
            }
            let covered = phrase.recordIndices.filter { $0 >= 0 && $0 < request.records.count }.map { request.records[$0] }
            if covered.count != phrase.recordIndices.count {
                problems.append("\(quoted) names a record index outside the request")
            }
            if let stray = covered.first(where: { $0.stream != phrase.stream }) {
                problems.append("\(quoted) is in the \(phrase.stream.name) stream but covers a \(stray.kind.rawValue) record")
            }
            let labels = Set(covered.map(\.label)).count
            if labels > request.maximumLabels {
                problems.append("\(quoted) names \(labels) labels; the request allowed \(request.maximumLabels)")
            }
            if let last = phrase.text.trimmingCharacters(in: .whitespaces).last, ".!?".contains(last) {
                problems.append("\(quoted) ends like a sentence; a composer returns subject phrases and the host writes the sentence")
            }
        }
        return problems
    }
}
