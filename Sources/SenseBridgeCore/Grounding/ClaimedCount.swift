/// How many of one name a number word claims: what the records it introduces must hold.
public enum ClaimedCount: Equatable, Sendable {
    /// "two chairs": exactly this many.
    case exactly(Int)
    /// "many chairs": more than this many (the largest number word the locale has).
    case moreThan(Int)

    /// Whether `records` records of the name back the claim. Exactly, not "at least":
    /// "two chairs" over three chair records hides one as surely as "a chair" would.
    public func isBacked(by records: Int) -> Bool {
        switch self {
        case .exactly(let number): return records == number
        case .moreThan(let number): return records > number
        }
    }
}
