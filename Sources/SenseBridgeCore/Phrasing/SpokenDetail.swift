/// How much a description says: brief, standard or detailed.
///
/// Detail scales two numbers: how many labels are named and how many words a subject
/// phrase may use; and at the detailed level the host also says where in the view each
/// thing of sight is, from its measured box (`NarrationPart`). The precision floor, the
/// certainty buckets and the hedges' certainty words never depend on it, so a user who
/// asks for more detail hears more of what was recognized, never a surer claim about
/// any one thing.
public enum SpokenDetail: String, CaseIterable, Sendable, Codable {
    case brief
    case standard
    case detailed

    /// The longest reviewed subject for one label in any locale ("một chiếc máy tính
    /// xách tay" is six). The ceiling is the same in every locale so that a longer
    /// language never causes fewer detections to be named.
    public static let maximumWordsPerLabel = 6

    /// How many distinct labels one stream may name per description.
    ///
    /// Brief keeps a walking description to the two most confident things, because a
    /// listener moving through a space can hold only a few names at once.
    public var maximumLabels: Int {
        switch self {
        case .brief: return 2
        case .standard: return 3
        case .detailed: return 5
        }
    }

    /// The word ceiling for a subject phrase naming `labelCount` labels: each label's
    /// reviewed phrase plus one joining word ("and", "y", "và"). Counts above
    /// `maximumLabels` get no extra room, so a composer cannot buy words by claiming
    /// to cover more records than it may name.
    public func maximumPhraseWords(labelCount: Int) -> Int {
        let labels = min(max(labelCount, 1), maximumLabels)
        return labels * SpokenDetail.maximumWordsPerLabel + (labels > 1 ? 1 : 0)
    }
}
