import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// Exports a Swift plugin type through the C ABI in one line:
///
/// ```swift
/// @_cdecl("sensebridge_plugin_entry")
/// public func entry() -> UnsafeRawPointer {
///     PluginExport.renderTarget(HapticLog.self, id: "org.sensebridge.haptic-log", version: "1.0.0")
/// }
/// ```
///
/// `abiMinor` is the ABI minor the descriptor declares, and must equal the manifest's
/// `abi.minor`: the oldest host the plugin needs, not the header PluginKit was built
/// against (docs/PLUGIN_ABI.md, "What a plugin's minor means"). Each export's default
/// is the minor that introduced its kind (1.0, or 1.4 for a perceiver, 1.6 for one
/// that listens); PluginKit reads and writes everything newer only as far as the
/// host's `struct_size` reaches. Raise it to the newest minor whose features the
/// plugin uses: a cue its manifest offers (1.3 `awareness-pulse`, 1.6 `safety-alert`),
/// `PluginError.Code.unavailable` (1.5), image frames (1.4), audio frames (1.6),
/// `PerceiveRequest.pageLocales` or a page it reports turned or flattened (1.7).
///
/// A C function pointer carries no context, so each export occupies one of a few
/// fixed slots whose thunks know their index. One library normally exports one
/// plugin; the sixteen slots exist so one test process can export every Swift fixture
/// its suites use (each suite exports its own, and the process outlives them all).
public enum PluginExport {
    public static func sceneComposer<T: SceneComposerPlugin>(
        _ type: T.Type, id: String, version: String, abiMinor: UInt32 = 0,
        selfTests: [PluginSelfTest] = []
    ) -> UnsafeRawPointer {
        ExportSlots.shared.export(id: id, version: version, abiMinor: abiMinor, kind: .composer { try T(host: $0, config: $1) }, selfTests: selfTests)
    }

    public static func renderTarget<T: RenderTargetPlugin>(
        _ type: T.Type, id: String, version: String, abiMinor: UInt32 = 0,
        selfTests: [PluginSelfTest] = []
    ) -> UnsafeRawPointer {
        ExportSlots.shared.export(id: id, version: version, abiMinor: abiMinor, kind: .renderTarget { try T(host: $0, config: $1) }, selfTests: selfTests)
    }

    public static func perceiver<T: PerceiverPlugin>(
        _ type: T.Type, id: String, version: String, abiMinor: UInt32 = 4,
        selfTests: [PluginSelfTest] = []
    ) -> UnsafeRawPointer {
        ExportSlots.shared.export(id: id, version: version, abiMinor: abiMinor, kind: .perceiver { try T(host: $0, config: $1) }, selfTests: selfTests)
    }

    /// A perceiver that listens (ABI 1.6): its manifest lists the "sounds" modality, and
    /// the host hands it audio blocks instead of images, through the same C table.
    public static func audioPerceiver<T: AudioPerceiverPlugin>(
        _ type: T.Type, id: String, version: String, abiMinor: UInt32 = 6,
        selfTests: [PluginSelfTest] = []
    ) -> UnsafeRawPointer {
        ExportSlots.shared.export(id: id, version: version, abiMinor: abiMinor, kind: .audioPerceiver { try T(host: $0, config: $1) }, selfTests: selfTests)
    }

    public static func sensingSource<T: SensingSourcePlugin>(
        _ type: T.Type, id: String, version: String, abiMinor: UInt32 = 0,
        selfTests: [PluginSelfTest] = []
    ) -> UnsafeRawPointer {
        ExportSlots.shared.export(id: id, version: version, abiMinor: abiMinor, kind: .sensingSource { try T(host: $0, config: $1) }, selfTests: selfTests)
    }
}

/// A test a plugin ships for the harness (the `sensebridge.plugin-tests/1` extension).
public struct PluginSelfTest: Sendable {
    public var name: String
    public var run: @Sendable (HostServices) throws -> Void

    public init(_ name: String, run: @escaping @Sendable (HostServices) throws -> Void) {
        self.name = name
        self.run = run
    }
}

enum ExportedKind {
    case composer((HostServices, PluginConfig) throws -> SceneComposerPlugin)
    case renderTarget((HostServices, PluginConfig) throws -> RenderTargetPlugin)
    case sensingSource((HostServices, PluginConfig) throws -> SensingSourcePlugin)
    case perceiver((HostServices, PluginConfig) throws -> PerceiverPlugin)
    case audioPerceiver((HostServices, PluginConfig) throws -> AudioPerceiverPlugin)
}

struct ExportSlot {
    let id: String
    let kind: ExportedKind
    let selfTests: [PluginSelfTest]
    let descriptor: UnsafeMutablePointer<sb_plugin_descriptor>
    let interface: UnsafeRawPointer
    let interfaceID: String
    let testsTable: UnsafeMutablePointer<sb_plugin_tests>?
}

// Unchecked Sendable: `lock` guards `slots`; a slot's descriptor and tables are filled before it is appended, then never written.
final class ExportSlots: @unchecked Sendable {
    static let shared = ExportSlots()
    private let lock = NSLock()
    private var slots: [ExportSlot] = []

    func slot(_ index: Int) -> ExportSlot? {
        lock.lock()
        defer { lock.unlock() }
        return index < slots.count ? slots[index] : nil
    }

    /// The same id exported again returns the same descriptor: a host may call the
    /// entry symbol more than once.
    func export(id: String, version: String, abiMinor: UInt32, kind: ExportedKind, selfTests: [PluginSelfTest]) -> UnsafeRawPointer {
        lock.lock()
        defer { lock.unlock() }
        if let existing = slots.first(where: { $0.id == id }) {
            return UnsafeRawPointer(existing.descriptor)
        }
        let index = slots.count
        precondition(index < SlotThunks.create.count,
                     "PluginExport: at most \(SlotThunks.create.count) plugins can be exported from one library")
        let (kindValue, interfaceID, interface) = Self.vtable(for: kind, slot: index)
        let descriptor = UnsafeMutablePointer<sb_plugin_descriptor>.allocate(capacity: 1)
        descriptor.initialize(to: sb_plugin_descriptor(
            abi_major: SB_ABI_MAJOR, abi_minor: abiMinor,
            struct_size: UInt32(MemoryLayout<sb_plugin_descriptor>.size),
            kind: kindValue, id: UnsafePointer(strdup(id)), version: UnsafePointer(strdup(version)),
            runtime: UnsafePointer(strdup(SwiftRuntime.current)),
            get_interface: SlotThunks.getInterface[index]))
        var testsTable: UnsafeMutablePointer<sb_plugin_tests>?
        if !selfTests.isEmpty {
            testsTable = .allocate(capacity: 1)
            testsTable!.initialize(to: sb_plugin_tests(
                struct_size: UInt32(MemoryLayout<sb_plugin_tests>.size),
                count: SlotThunks.testCount[index], name: SlotThunks.testName[index], run: SlotThunks.testRun[index]))
        }
        slots.append(ExportSlot(id: id, kind: kind, selfTests: selfTests, descriptor: descriptor,
                                interface: interface, interfaceID: interfaceID, testsTable: testsTable))
        return UnsafeRawPointer(descriptor)
    }

    private static func vtable(for kind: ExportedKind, slot: Int) -> (sb_plugin_kind, String, UnsafeRawPointer) {
        switch kind {
        case .composer:
            let table = UnsafeMutablePointer<sb_scene_composer>.allocate(capacity: 1)
            table.initialize(to: ComposerThunks.table(create: SlotThunks.create[slot]))
            return (SB_KIND_SCENE_COMPOSER, SB_INTERFACE_SCENE_COMPOSER, UnsafeRawPointer(table))
        case .renderTarget:
            let table = UnsafeMutablePointer<sb_render_target>.allocate(capacity: 1)
            table.initialize(to: RenderTargetThunks.table(create: SlotThunks.create[slot]))
            return (SB_KIND_RENDER_TARGET, SB_INTERFACE_RENDER_TARGET, UnsafeRawPointer(table))
        case .sensingSource:
            let table = UnsafeMutablePointer<sb_sensing_source>.allocate(capacity: 1)
            table.initialize(to: SensingSourceThunks.table(create: SlotThunks.create[slot]))
            return (SB_KIND_SENSING_SOURCE, SB_INTERFACE_SENSING_SOURCE, UnsafeRawPointer(table))
        case .perceiver, .audioPerceiver:
            let table = UnsafeMutablePointer<sb_perceiver>.allocate(capacity: 1)
            table.initialize(to: PerceiverThunks.table(create: SlotThunks.create[slot]))
            return (SB_KIND_PERCEIVER, SB_INTERFACE_PERCEIVER, UnsafeRawPointer(table))
        }
    }
}
