import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore

// The harness's defaults over the codec's owned C structs: a request with the limits
// most checks use, and a message with a sequence-derived session time. Conversion
// itself stays in SenseBridgeABICodec, so the harness sends what the host sends.

extension CComposeRequest {
    /// No deadline: each call sets its own (`RawComposer.compose(_:deadline:error:)`).
    convenience init(_ records: [PerceptionRecord], locale: String = "en", maximumWords: Int = 12, maximumLabels: Int = 5,
                     rawKinds: [sb_record_kind]? = nil) {
        self.init(records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels, deadline: .max, rawKinds: rawKinds)
    }
}

extension CMessage {
    convenience init(bytes: [UInt8], signal: sb_signal = SB_SIGNAL_DESCRIPTION, flags: UInt32 = 0, locale: String = "en", sequence: UInt64 = 1) {
        self.init(bytes: bytes, signal: signal, flags: flags, locale: locale,
                  sessionTimeNanoseconds: 1_000_000_000 * sequence, sequence: sequence)
    }

    convenience init(_ text: String, signal: sb_signal = SB_SIGNAL_DESCRIPTION, flags: UInt32 = 0, locale: String = "en", sequence: UInt64 = 1) {
        self.init(bytes: Array(text.utf8), signal: signal, flags: flags, locale: locale, sequence: sequence)
    }
}
