/// Which structured-output mode to ask in next: pure logic, no I/O.
///
/// A request starts in the mode remembered for the endpoint, else the strictest. When
/// the server refuses that mode (`schema-unsupported`) or answers without honouring it
/// (`format-ignored`), the next untried mode is asked at once, in the same moment: a
/// server that says no in 50 ms should cost the person neither a description nor a
/// breaker trip. Every other failure (a timeout, a 429, a refused phrase) is not about
/// the format and ends the attempt; retrying it would be the retry the composer never makes.
///
/// One negotiation lasts a session: the next moment goes on from the mode this one ended
/// on, so a mode already refused is not asked again, and the instance that was told to
/// wait (`Retry-After`) is the one asked next. Only when every mode was refused does the
/// next moment start over.
public struct FormatNegotiation: Sendable {
    public private(set) var current: StructuredOutputMode
    /// The modes refused in this attempt for their format, with the code each got.
    public private(set) var refused: [(mode: StructuredOutputMode, code: String)] = []
    public private(set) var remembered: StructuredOutputMode?

    public init(remembered: StructuredOutputMode?) {
        self.remembered = remembered
        self.current = remembered ?? .jsonSchema
    }

    /// The reason codes that mean "ask in another mode".
    public static func isAboutFormat(_ code: String) -> Bool {
        code == "schema-unsupported" || code == "format-ignored"
    }

    /// Records that `current` failed with `code`; returns the mode to ask next, or nil
    /// when the failure is not about the format or every mode has been tried. A
    /// remembered mode that fails is a re-probe: the others are tried strictest first.
    public mutating func failed(with code: String) -> StructuredOutputMode? {
        guard Self.isAboutFormat(code) else { return nil }
        refused.append((current, code))
        guard let next = StructuredOutputMode.allCases.first(where: { mode in !refused.contains { $0.mode == mode } }) else {
            return nil
        }
        current = next
        return next
    }

    /// Refusals as reports show them: "json_schema:schema-unsupported".
    public static func describe(_ refused: [(mode: StructuredOutputMode, code: String)]) -> [String] {
        refused.map { "\($0.mode.rawValue):\($0.code)" }
    }

    /// `current` worked: it is what is remembered from now on, and the refusals that led
    /// to it are done with.
    public mutating func worked() {
        remembered = current
        refused.removeAll()
    }

    /// What to store once `current` worked: nil when the memory already says so.
    public var modeToRemember: StructuredOutputMode? {
        current == remembered ? nil : current
    }
}
