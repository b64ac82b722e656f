import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A C plugin that crashes, hangs, prints, leaks, writes garbage or opens a socket
/// when its config says so (Tests/Fixtures/c/misbehaving_plugin.c), built into a
/// directory with its manifest, for the tests that prove the host survives its
/// plugins: at the instance level in the host's tests, end to end through the CLI.
///
/// One library per kind serves every misbehaviour; a test chooses one per instance
/// with `config(_:from:port:frame:)`, passed as a create call's `config:` or as a
/// profile entry's `"config"` (`jsonObject`).
public struct MisbehavingPlugin: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case sceneComposer = "scene-composer", renderTarget = "render-target", sensingSource = "sensing-source"

        /// MISBEHAVING_KIND in the C source.
        var define: String {
            switch self {
            case .sceneComposer: return "1"
            case .renderTarget: return "2"
            case .sensingSource: return "3"
            }
        }

        var defaultID: String {
            switch self {
            case .sceneComposer: return "org.sensebridge.misbehaving-composer"
            case .renderTarget: return "org.sensebridge.misbehaving-target"
            case .sensingSource: return "org.sensebridge.misbehaving-source"
            }
        }
    }

    /// What compose, render or next_frame does; the C file's header says each in full.
    public enum Mode: String, Sendable, CaseIterable {
        /// Behaves: "a chair" per record, a render accepted, a small frame.
        case well
        case segfault, abort
        /// exit(3).
        case exit
        /// Sleeps forever, deaf to cancel and interrupt.
        case hang
        /// Sleeps 30 s deaf to cancel and the deadline, then returns a result (the late one).
        case ignoreCancel = "ignore-cancel"
        /// Ignores the deadline, returns SB_ERR_CANCELLED within 10 ms of cancel or interrupt.
        case cancelNotDeadline = "cancel-not-deadline"
        /// Prints "It is SAFE to cross now." on stdout, then behaves.
        case stdout
        /// Keeps 50 MiB per call, unchecked, then behaves.
        case leak
        /// Writes non-protocol bytes to every pipe it holds, then behaves. Isolated only:
        /// in process the pipes it finds are the host's.
        case garbage
        /// Composer only: connects to 127.0.0.1:`port`; fails with "connect failed: …" when it cannot.
        case connect
        /// create writes through NULL.
        case crashOnCreate = "crash-on-create"
        /// Every call fails with SB_ERR_INTERNAL and `HostilePlugin.lie` as its message.
        case lie
        /// create fails with `HostilePlugin.lie`.
        case lieOnCreate = "lie-on-create"
        /// Source only: writes on the runner's reply pipe a frame reply whose samples it
        /// says lie in the frame ring, running past its end; then behaves. Isolated only.
        case ringOverrun = "ring-overrun"
    }

    /// What a well-behaved source returns.
    public enum Frame: String, Sendable {
        case records, depth
    }

    public var id: String
    public var kind: Kind
    public var manifestURL: URL
    public var libraryURL: URL

    /// Builds the fixture as `kind` into `directory` with a manifest declaring `id`
    /// and, when `usesNetwork`, network use (which the host gates behind consent).
    /// `name` (the library and manifest file names) defaults to one made from `id`,
    /// so several fixtures with distinct ids share a directory. `manifest` fields replace
    /// the defaults (a channel or display names of the test's choosing).
    @discardableResult
    public static func make(in directory: URL, kind: Kind, id: String? = nil, name: String? = nil,
                            usesNetwork: Bool = false, manifest overrides: [String: Any] = [:]) throws -> MisbehavingPlugin {
        let id = id ?? kind.defaultID
        let name = name ?? String(id.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let library = directory.appendingPathComponent("lib\(name).so")
        try CPluginBuilder.build(source: CPluginBuilder.fixture("misbehaving_plugin.c"), output: library,
                                 defines: ["FIXTURE_ID": "\"\(id)\"", "MISBEHAVING_KIND": kind.define])
        let schema: [String: Any] = [
            "mode": ["type": "string", "enum": Mode.allCases.map(\.rawValue),
                     "description": "What the plugin does wrong (Tests/Fixtures/c/misbehaving_plugin.c)."],
            "from": ["type": "integer", "minimum": 1, "description": "The first call that misbehaves; earlier ones behave."],
            "port": ["type": "integer", "minimum": 0, "maximum": 65535, "description": "connect: the port on 127.0.0.1."],
            "frame": ["type": "string", "enum": ["records", "depth"], "description": "A well-behaved source's frames."],
        ]
        var manifest: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": id, "kind": kind.rawValue, "version": "1.0.0",
            "abi": ["major": Int(SB_ABI_MAJOR), "minor": Int(SB_ABI_MINOR)], "library": "lib\(name).so",
            "displayName": ["en": "Misbehaving \(kind.rawValue)"],
            "capabilities": ["usesNetwork": usesNetwork, "locales": ["en"]],
            "config": ["defaults": ["mode": Mode.well.rawValue], "schema": schema],
        ]
        overrides.forEach { manifest[$0.key] = $0.value }
        let url = directory.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return MisbehavingPlugin(id: id, kind: kind, manifestURL: url, libraryURL: library)
    }

    /// The config that makes an instance misbehave as `mode` from call `from` on
    /// (every call when nil), connecting to `port`, returning `frame`s when it behaves.
    public static func config(_ mode: Mode, from: Int? = nil, port: Int? = nil, frame: Frame? = nil) -> [String: JSONValue] {
        var config: [String: JSONValue] = ["mode": .string(mode.rawValue)]
        if let from { config["from"] = .number(Double(from)) }
        if let port { config["port"] = .number(Double(port)) }
        if let frame { config["frame"] = .string(frame.rawValue) }
        return config
    }

    /// `config(…)` as a JSON object, for a profile a CLI test writes.
    public static func jsonObject(_ config: [String: JSONValue]) -> [String: Any] {
        config.mapValues(\.any)
    }
}
