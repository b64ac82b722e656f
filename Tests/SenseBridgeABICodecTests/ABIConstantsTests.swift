import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgePluginKit
import Testing

/// Every Swift enum that mirrors a `#define` of sensebridge.h, pinned case by case.
/// Each table is written out by hand on purpose: a renumbered define, or a new case
/// with no row here, fails; a conversion computed from the other side could not.
@Suite struct ABIConstantsTests {
    @Test func recordKinds() {
        let pinned: [(PerceptionRecord.Kind, sb_record_kind)] = [
            (.object, SB_RECORD_OBJECT), (.text, SB_RECORD_TEXT), (.sound, SB_RECORD_SOUND), (.depth, SB_RECORD_DEPTH),
        ]
        #expect(pinned.count == PerceptionRecord.Kind.allCases.count)
        for (kind, value) in pinned {
            #expect(kind.abiValue == value)
            #expect(PerceptionRecord.Kind(abiValue: value) == kind)
        }
        #expect(PerceptionRecord.Kind(abiValue: 0) == nil && PerceptionRecord.Kind(abiValue: 99) == nil)
    }

    @Test func streams() {
        let pinned: [(PerceptionStream, sb_stream)] = [(.sight, SB_STREAM_SIGHT), (.sound, SB_STREAM_SOUND), (.text, SB_STREAM_TEXT)]
        #expect(pinned.count == PerceptionStream.allCases.count)
        for (stream, value) in pinned {
            #expect(stream.abiValue == value)
            #expect(PerceptionStream(abiValue: value) == stream)
        }
        #expect(PerceptionStream(abiValue: 0) == nil)
    }

    /// The byte cap the header promises is the one the validator and the codec apply.
    @Test func phraseBytesPerWord() {
        #expect(PhraseValidator.bytesPerWord == Int(SB_PHRASE_BYTES_PER_WORD))
        #expect(PhraseValidator.maximumBytes(forWords: 19) == 19 * Int(SB_PHRASE_BYTES_PER_WORD))
    }

    /// `OutputSignal`'s raw values are the defines too (a C target sees the same number).
    @Test func signals() {
        let pinned: [(OutputSignal, sb_signal)] = [
            (.description, SB_SIGNAL_DESCRIPTION), (.awarenessAlert, SB_SIGNAL_AWARENESS_ALERT),
            (.awarenessClear, SB_SIGNAL_AWARENESS_CLEAR), (.readingSegment, SB_SIGNAL_READING_SEGMENT),
            (.status, SB_SIGNAL_STATUS), (.sessionSummary, SB_SIGNAL_SESSION_SUMMARY),
            (.awarenessPulse, SB_SIGNAL_AWARENESS_PULSE), (.safetyAlert, SB_SIGNAL_SAFETY_ALERT),
        ]
        #expect(pinned.count == OutputSignal.allCases.count)
        for (signal, value) in pinned {
            #expect(signal.abiValue == value)
            #expect(signal.rawValue == value)
            #expect(OutputSignal(abiValue: value) == signal)
        }
        #expect(OutputSignal(abiValue: 999) == nil)
    }

    @Test func pluginKinds() {
        let pinned: [(PluginKind, sb_plugin_kind, String)] = [
            (.sensingSource, SB_KIND_SENSING_SOURCE, SB_INTERFACE_SENSING_SOURCE),
            (.sceneComposer, SB_KIND_SCENE_COMPOSER, SB_INTERFACE_SCENE_COMPOSER),
            (.renderTarget, SB_KIND_RENDER_TARGET, SB_INTERFACE_RENDER_TARGET),
            (.perceiver, SB_KIND_PERCEIVER, SB_INTERFACE_PERCEIVER),
        ]
        #expect(pinned.count == PluginKind.allCases.count)
        for (kind, value, interface) in pinned {
            #expect(kind.abiValue == value)
            #expect(PluginKind(abiValue: value) == kind)
            #expect(kind.interfaceID == interface)
        }
    }

    @Test func pixelFormatsAndTheImageFrameKind() {
        let pinned: [(ImageFrame.PixelFormat, sb_pixel_format, Int)] = [(.gray8, SB_PIXEL_GRAY8, 1), (.rgb24, SB_PIXEL_RGB24, 3)]
        #expect(pinned.count == ImageFrame.PixelFormat.allCases.count)
        for (format, value, bytes) in pinned {
            #expect(format.abiValue == value && ImageFrame.PixelFormat(abiValue: value) == format && format.bytesPerPixel == bytes)
        }
        #expect(ImageFrame.PixelFormat(abiValue: 0) == nil && SB_FRAME_IMAGE == 3)
        #expect(ABICodec.maximumPerceivedRecords == 4096 && ABICodec.maximumPerceivedLabelBytes == 4096)
    }

    /// PluginKit's error codes are the statuses a Swift plugin returns.
    @Test func pluginErrorCodes() {
        let pinned: [(PluginError.Code, sb_status)] = [
            (.invalidArgument, SB_ERR_INVALID_ARGUMENT), (.invalidConfig, SB_ERR_INVALID_CONFIG), (.unsupported, SB_ERR_UNSUPPORTED),
            (.timeout, SB_ERR_TIMEOUT), (.cancelled, SB_ERR_CANCELLED), (.endOfStream, SB_ERR_END_OF_STREAM), (.io, SB_ERR_IO),
            (.network, SB_ERR_NETWORK), (.notStarted, SB_ERR_NOT_STARTED), (.internal, SB_ERR_INTERNAL),
            (.unavailable, SB_ERR_UNAVAILABLE),
        ]
        for (code, value) in pinned { #expect(code.rawValue == value) }
        // Every status but SB_OK is a code, and the status table names each one.
        #expect(pinned.count == ABIStatus.names.count - 1)
        for (code, value) in pinned { #expect(ABIStatus.name(value) != "status \(value)", "\(code) has no name") }
        #expect(ABIStatus.name(SB_OK) == "SB_OK" && ABIStatus.name(SB_ERR_TIMEOUT) == "SB_ERR_TIMEOUT" && ABIStatus.name(77) == "status 77")
    }

    @Test func flagsAndVersion() {
        #expect(SB_RECORD_HAS_BOX == 1 && SB_RECORD_HAS_DISTANCE == 2 && SB_MESSAGE_URGENT == 1)
        #expect(HostABI.major == SB_ABI_MAJOR && HostABI.minor == SB_ABI_MINOR)
    }
}
