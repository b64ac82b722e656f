/// One thing the host tells the user, ready for every render target of a profile.
public struct OutputMessage: Equatable, Sendable, Codable {
    public var signal: OutputSignal
    public var text: String
    public var locale: SpokenLocale
    /// Interrupts whatever a target is rendering (an obstacle cuts off reading).
    public var isUrgent: Bool
    /// Seconds since the session started; captions and haptic logs are timed by it.
    public var sessionTime: Double
    /// Increasing per session, so a log can be put back in order.
    public var sequence: UInt64

    public init(signal: OutputSignal, text: String, locale: SpokenLocale = .en,
                isUrgent: Bool = false, sessionTime: Double = 0, sequence: UInt64 = 0) {
        self.signal = signal
        self.text = text
        self.locale = locale
        self.isUrgent = isUrgent
        self.sessionTime = sessionTime
        self.sequence = sequence
    }
}
