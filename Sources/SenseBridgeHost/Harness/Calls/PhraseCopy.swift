import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// The phrases of one result, and what was wrong with the result's shape.
struct PhraseCopy {
    var phrases: [SubjectPhrase] = []
    var problems: [String] = []

    init() {}

    init(_ result: sb_compose_result, recordCount: Int) {
        let limit = 1024
        guard result.phrase_count <= limit else {
            problems.append("phrase_count is \(result.phrase_count), more than any request could need")
            return
        }
        guard result.phrase_count == 0 || result.phrases != nil else {
            problems.append("phrases is NULL with phrase_count \(result.phrase_count)")
            return
        }
        for index in 0..<result.phrase_count {
            let c = result.phrases![index]
            guard let stream = PerceptionStream(rawValue: Int(c.stream)) else {
                problems.append("phrase \(index) has unknown stream \(c.stream)")
                continue
            }
            guard let textPointer = c.text else {
                problems.append("phrase \(index) has NULL text")
                continue
            }
            guard let text = String(validatingCString: textPointer) else {
                problems.append("phrase \(index)'s text is not valid UTF-8")
                continue
            }
            guard c.record_index_count <= 4096, c.record_index_count == 0 || c.record_indices != nil else {
                problems.append("phrase \(index) has \(c.record_index_count) record indices at \(c.record_indices == nil ? "NULL" : "an address")")
                continue
            }
            let indices = (0..<c.record_index_count).map { Int(c.record_indices![$0]) }
            if let bad = indices.first(where: { $0 >= recordCount }) {
                problems.append("phrase \(index) names record \(bad) of a request with \(recordCount)")
                continue
            }
            phrases.append(SubjectPhrase(stream: stream, text: text, recordIndices: indices))
        }
    }
}
