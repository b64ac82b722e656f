/// What one perceive call found: its records and, for a reader, how it found the page.
///
/// One value, so the page's turn travels with the records whose boxes are in the turned
/// image: a caller never holds boxes without knowing which way up they are.
public struct Perception: Equatable, Sendable {
    public var records: [PerceptionRecord]
    public var page: PageView

    public init(records: [PerceptionRecord], page: PageView = .asGiven) {
        self.records = records
        self.page = page
    }
}
