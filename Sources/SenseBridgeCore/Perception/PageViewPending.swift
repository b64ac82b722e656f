// Stand-in for ABI 1.7's PageView and Perception (docs in the ABI commit); removed when it lands.

public struct PageView: Equatable, Hashable, Sendable {
    public var turnedDegrees: Int
    public var flattened: Bool
    public var cutEdges: Set<FrameEdge>
    public init(turnedDegrees: Int = 0, flattened: Bool = false, cutEdges: Set<FrameEdge> = []) {
        self.turnedDegrees = turnedDegrees
        self.flattened = flattened
        self.cutEdges = cutEdges
    }
    public static let asGiven = PageView()
}

public struct Perception: Equatable, Sendable {
    public var records: [PerceptionRecord]
    public var page: PageView
    public init(records: [PerceptionRecord], page: PageView = .asGiven) {
        self.records = records
        self.page = page
    }
}
