/// Records that carry the same label, in the order the detector first reported it.
public struct LabelGroup: Equatable, Sendable {
    /// The label as the detector spelled it ("traffic_light").
    public var label: String
    /// Indices of the records this group covers, so the host can take the weakest
    /// confidence among them for its hedge.
    public var recordIndices: [Int]

    public init(label: String, recordIndices: [Int]) {
        self.label = label
        self.recordIndices = recordIndices
    }

    public var count: Int { recordIndices.count }

    /// The label as words: detectors use identifiers, people hear words.
    public var words: String {
        label.split(whereSeparator: { $0 == "_" || $0 == " " }).joined(separator: " ")
    }

    /// Groups labelled records by label, keeping the order of each label's first
    /// record: detectors report the most confident first, and counting must not
    /// reorder what the person hears first.
    public static func grouping(_ labels: [(index: Int, label: String)]) -> [LabelGroup] {
        grouping(labels, checkpoint: {})
    }

    /// The same, calling `checkpoint` before each label; it throws to stop.
    public static func grouping<E: Error>(_ labels: [(index: Int, label: String)],
                                          checkpoint: () throws(E) -> Void) throws(E) -> [LabelGroup] {
        var groups: [LabelGroup] = []
        var position: [String: Int] = [:]
        for (index, label) in labels {
            try checkpoint()
            let key = label.lowercased()
            if let at = position[key] {
                groups[at].recordIndices.append(index)
            } else {
                position[key] = groups.count
                groups.append(LabelGroup(label: label, recordIndices: [index]))
            }
        }
        return groups
    }
}
