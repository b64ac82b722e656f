import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// The checks for each kind, in the order they run. Cheap checks that others
/// depend on come first, so a plugin that cannot be loaded or created is reported
/// once, as that, and not as a dozen unrelated failures.
public enum ConformanceSuite {
    public static let selfTestPrefix = "self-test:"

    public static let manifest = CheckDefinition(
        "manifest", "the manifest is valid and agrees with the library's descriptor (kind, id, version, ABI, struct sizes)", needs: .nothing)
    public static let createDefault = CheckDefinition(
        "create-default", "create with the manifest's default config returns an instance", needs: .library)

    static let common: [CheckDefinition] = [
        manifest,
        createDefault,
        CheckDefinition("create-invalid-config", "create with malformed config returns NULL with SB_ERR_INVALID_CONFIG and a message", needs: .library),
        CheckDefinition("error-messages", "every error message is NUL-terminated UTF-8 within the 512-byte buffer", needs: .instance),
        CheckDefinition("create-destroy-cycles", "1,000 create/destroy cycles without resident memory growth", needs: .instance, timeScale: 3),
        CheckDefinition("leak-per-call", "1,000 calls without resident memory growth", needs: .instance, timeScale: 3),
        CheckDefinition("threading", "calls from a second thread, with cancel/interrupt from a third, as the header's threading rules allow", needs: .instance),
    ]

    static let renderTarget: [CheckDefinition] = [
        CheckDefinition("render-signals", "every signal a target gets renders with SB_OK, and each cue without words its manifest offers", needs: .instance),
        CheckDefinition("render-unknown-signal", "a signal value from a newer host is accepted with SB_OK", needs: .instance),
        // timeScale 3: 64 KiB is over an hour of speech, which a debug build of a speech
        // target synthesizes in about 14 s on a busy machine; the timeout only catches a hang.
        CheckDefinition("render-text-lengths", "empty and very long (64 KiB) text render with SB_OK", needs: .instance, timeScale: 3),
        CheckDefinition("render-invalid-utf8", "text that is not UTF-8 is refused with SB_ERR_INVALID_ARGUMENT and a message", needs: .instance),
        // timeScale 2: the render is timed uninterrupted before it is interrupted, and a
        // hang is waited for twice before it is called one.
        CheckDefinition("render-interrupt", "interrupt from another thread ends a long render early, with SB_ERR_CANCELLED, against the target's own uninterrupted time", needs: .instance, timeScale: 2),
        CheckDefinition("render-after-interrupt", "a render after an interrupt (idle or mid-call) succeeds", needs: .instance),
    ]

    static let sceneComposer: [CheckDefinition] = [
        CheckDefinition("compose-corpus", "the standard record corpus composes, within the deadline, into phrases the host would keep", needs: .instance),
        CheckDefinition("compose-grounding", "generated scenes in en/es/vi compose into phrases that name only covered records, name every one, and drop none", needs: .instance),
        CheckDefinition("compose-cancel", "cancel from another thread ends a long compose early, with SB_ERR_CANCELLED, against the composer's own uncancelled time", needs: .instance, timeScale: 2),
    ]

    static let sensingSource: [CheckDefinition] = [
        CheckDefinition("frame-timestamps", "frame timestamps strictly increase within a run", needs: .instance),
        CheckDefinition("end-of-stream", "end of stream, once reported, stays reported", needs: .instance, timeScale: 2),
        CheckDefinition("stop-restart", "stop mid-stream, then start again with a new run id", needs: .instance),
        CheckDefinition("frames-after-stop", "next_frame before start and after stop returns SB_ERR_NOT_STARTED", needs: .instance),
    ]

    static let perceiver: [CheckDefinition] = [
        CheckDefinition("perceive-images", "standard images (blank, print, noise, 1x1, padded rows) give well-formed records within the deadline; a blank page gives none", needs: .instance),
        CheckDefinition("perceive-bad-images", "images no reader can use (NULL pixels, short stride, unknown format, zero width) are refused with SB_ERR_INVALID_ARGUMENT and a message", needs: .instance),
        CheckDefinition("perceive-cancel", "cancel from another thread ends a long perceive early, with SB_ERR_CANCELLED, against the perceiver's own uncancelled time", needs: .instance, timeScale: 2),
    ]

    /// A perceiver that listens (ABI 1.6) is played sounds instead of shown pictures.
    static let listeningPerceiver: [CheckDefinition] = [
        CheckDefinition("hear-audio", "blocks of one stream (silence, noise, a tone, a square wave), then again from a discontinuous start, give well-formed sound records within the deadline; silence gives none", needs: .instance),
        CheckDefinition("hear-bad-audio", "blocks no listener can use (NULL samples, 0 Hz, 0 channels, 0 frames, unknown format) are refused with SB_ERR_INVALID_ARGUMENT and a message", needs: .instance),
        CheckDefinition("hear-cancel", "cancel from another thread ends a long perceive early, with SB_ERR_CANCELLED, against the perceiver's own uncancelled time", needs: .instance, timeScale: 2),
    ]

    public static func checks(for kind: PluginKind, listens: Bool = false) -> [CheckDefinition] {
        switch kind {
        case .renderTarget: return common + renderTarget
        case .sceneComposer: return common + sceneComposer
        case .sensingSource: return common + sensingSource
        case .perceiver: return common + (listens ? listeningPerceiver : perceiver)
        }
    }

    public static func checks(for manifest: PluginManifest) -> [CheckDefinition] {
        checks(for: manifest.kind, listens: manifest.listens)
    }

    /// A test the plugin ships through `SB_INTERFACE_PLUGIN_TESTS`.
    public static func selfTest(_ name: String) -> CheckDefinition {
        CheckDefinition(selfTestPrefix + name, "the plugin's own test '\(name)'", needs: .library)
    }

    public static func definition(named name: String, kind: PluginKind, listens: Bool = false) -> CheckDefinition? {
        if name.hasPrefix(selfTestPrefix) { return selfTest(String(name.dropFirst(selfTestPrefix.count))) }
        return checks(for: kind, listens: listens).first { $0.name == name }
    }

    /// A self-test name becomes part of a check name on a command line and in JSON;
    /// keep it to characters that need no quoting.
    static func isValidSelfTestName(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }
}
