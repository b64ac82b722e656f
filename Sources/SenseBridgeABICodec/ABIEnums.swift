import CSenseBridgeABI
import SenseBridgeCore

// Each Swift enum that mirrors a `#define` converts here and nowhere else;
// `ABIConstantsTests` pins every case to its define, so a renumbered header or a
// new case without a mapping fails a test instead of reaching a plugin.

extension PerceptionRecord.Kind {
    public var abiValue: sb_record_kind {
        switch self {
        case .object: return SB_RECORD_OBJECT
        case .text: return SB_RECORD_TEXT
        case .sound: return SB_RECORD_SOUND
        case .depth: return SB_RECORD_DEPTH
        }
    }

    /// nil for a kind this host does not know (a newer plugin's).
    public init?(abiValue: sb_record_kind) {
        guard let kind = Self.allCases.first(where: { $0.abiValue == abiValue }) else { return nil }
        self = kind
    }
}

extension PerceptionStream {
    public var abiValue: sb_stream {
        switch self {
        case .sight: return SB_STREAM_SIGHT
        case .sound: return SB_STREAM_SOUND
        case .text: return SB_STREAM_TEXT
        }
    }

    public init?(abiValue: sb_stream) {
        guard let stream = Self.allCases.first(where: { $0.abiValue == abiValue }) else { return nil }
        self = stream
    }
}

extension OutputSignal {
    public var abiValue: sb_signal {
        switch self {
        case .description: return SB_SIGNAL_DESCRIPTION
        case .awarenessAlert: return SB_SIGNAL_AWARENESS_ALERT
        case .awarenessClear: return SB_SIGNAL_AWARENESS_CLEAR
        case .readingSegment: return SB_SIGNAL_READING_SEGMENT
        case .status: return SB_SIGNAL_STATUS
        case .sessionSummary: return SB_SIGNAL_SESSION_SUMMARY
        case .awarenessPulse: return SB_SIGNAL_AWARENESS_PULSE
        case .safetyAlert: return SB_SIGNAL_SAFETY_ALERT
        }
    }

    /// nil for a signal from a newer host, which a target must accept and may ignore.
    public init?(abiValue: sb_signal) {
        guard let signal = Self.allCases.first(where: { $0.abiValue == abiValue }) else { return nil }
        self = signal
    }
}

/// The header's names for statuses, as a plugin author would search for them.
public enum ABIStatus {
    public static let names: [(status: sb_status, name: String)] = [
        (SB_OK, "SB_OK"),
        (SB_ERR_INVALID_ARGUMENT, "SB_ERR_INVALID_ARGUMENT"),
        (SB_ERR_INVALID_CONFIG, "SB_ERR_INVALID_CONFIG"),
        (SB_ERR_UNSUPPORTED, "SB_ERR_UNSUPPORTED"),
        (SB_ERR_TIMEOUT, "SB_ERR_TIMEOUT"),
        (SB_ERR_CANCELLED, "SB_ERR_CANCELLED"),
        (SB_ERR_END_OF_STREAM, "SB_ERR_END_OF_STREAM"),
        (SB_ERR_IO, "SB_ERR_IO"),
        (SB_ERR_NETWORK, "SB_ERR_NETWORK"),
        (SB_ERR_NOT_STARTED, "SB_ERR_NOT_STARTED"),
        (SB_ERR_INTERNAL, "SB_ERR_INTERNAL"),
        (SB_ERR_UNAVAILABLE, "SB_ERR_UNAVAILABLE"),
    ]

    public static func name(_ status: sb_status) -> String {
        names.first { $0.status == status }?.name ?? "status \(status)"
    }
}

extension ImageFrame.PixelFormat {
    public var abiValue: sb_pixel_format {
        switch self {
        case .gray8: return SB_PIXEL_GRAY8
        case .rgb24: return SB_PIXEL_RGB24
        }
    }

    /// nil for a format this host does not read; the frame is then refused, never guessed at.
    public init?(abiValue: sb_pixel_format) {
        guard let format = Self.allCases.first(where: { $0.abiValue == abiValue }) else { return nil }
        self = format
    }
}
