/// One frame from a sensing source, as the host and a Swift plugin both see it: the
/// same value on either side of the C boundary, so the codec converts one type.
public struct SensingFrame: Sendable {
    public enum Content: Sendable {
        case depth(DepthMap)
        case records([PerceptionRecord])
        /// A picture for a perceiver to read (ABI 1.4).
        case image(ImageFrame)
        /// A block of sound for a perceiver to hear (ABI 1.6).
        case audio(AudioBlock)
    }

    /// Monotonic within a run, strictly increasing.
    public var timestampNanoseconds: UInt64
    /// Changes when the source restarts; records from an older run describe a place left behind.
    public var runID: UInt64
    public var content: Content

    public init(timestampNanoseconds: UInt64, runID: UInt64, content: Content) {
        self.timestampNanoseconds = timestampNanoseconds
        self.runID = runID
        self.content = content
    }
}
