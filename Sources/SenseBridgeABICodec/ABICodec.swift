import CSenseBridgeABI
/// SenseBridgeABICodec: the one place where a C struct of `sensebridge.h` becomes a
/// Swift value and back.
///
/// The host, the conformance harness and PluginKit all cross the same boundary; when
/// each wrote its own conversion, the copies drifted (one bounded a hostile count, one
/// did not; one refused a NULL label, one skipped it). Here every limit is written once,
/// so a rule about what a plugin may hand over holds on every path that reads it.
///
/// May import: CSenseBridgeABI, SenseBridgeCore, Foundation. Nothing that loads,
/// logs or schedules: a conversion is pure apart from the C memory it owns.
public enum ABICodec {
    /// More phrases than any request could need; a larger count is a hostile or broken result.
    public static let maximumPhrases = 1024
    /// More record indices than one phrase could honestly cover.
    public static let maximumIndicesPerPhrase = 4096
    /// More records than any frame carries.
    public static let maximumFrameRecords = 100_000
    /// A depth map side beyond any sensor's.
    public static let maximumDepthSide = 8192
    /// An image side beyond any camera's (8K video is 7680 wide).
    public static let maximumImageSide = 16384
    /// 64 megapixels: a 48 MP phone sensor fits, a corrupt 16384x16384 header does not
    /// make the host copy 768 MiB.
    public static let maximumImagePixels = 64 << 20
    /// Sample rates a microphone or a file can honestly have (SB_AUDIO's documented range).
    public static let audioSampleRates = 1000...192_000
    /// Channels of an audio block; beyond 7.1 is no microphone a person wears.
    public static let maximumAudioChannels = 8
    /// Ten seconds per block: a listener is handed blocks of a fraction of a second, and
    /// a corrupt count must not make the host copy gigabytes.
    public static let maximumAudioBlockSeconds = 10
    /// A perceive result's caps (SB_PERCEIVE_MAX_RECORDS, SB_PERCEIVE_MAX_LABEL_BYTES).
    public static let maximumPerceivedRecords = Int(SB_PERCEIVE_MAX_RECORDS)
    public static let maximumPerceivedLabelBytes = Int(SB_PERCEIVE_MAX_LABEL_BYTES)
}

/// Why an appendable struct the other side passed is refused before any field is read:
/// its `struct_size` (the first field of every appendable struct, by the header's rule)
/// is smaller than the first minor that had the struct. A reader that went on would
/// read fields its writer never had; a writer would write past the caller's buffer.
public struct StructSizeProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The header's name for the struct, e.g. "sb_compose_request".
    public var structName: String
    public var structSize: UInt32
    /// The bytes every 1.x version of the struct holds.
    public var minimum: Int

    public var description: String {
        "\(structName).struct_size is \(structSize), smaller than the \(minimum) bytes every 1.x \(structName) holds"
    }

    public init(structName: String, structSize: UInt32, minimum: Int) {
        self.structName = structName
        self.structSize = structSize
        self.minimum = minimum
    }

    /// The problem with the struct at `pointer`, reading only its first four bytes; nil
    /// when it is long enough.
    public static func check<T>(_ pointer: UnsafePointer<T>, _ structName: String, minimum: Int) -> StructSizeProblem? {
        let size = UnsafeRawPointer(pointer).load(as: UInt32.self)
        return Int(size) >= minimum ? nil : StructSizeProblem(structName: structName, structSize: size, minimum: minimum)
    }
}
