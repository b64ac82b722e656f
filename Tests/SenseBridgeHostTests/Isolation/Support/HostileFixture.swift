import Foundation
import SenseBridgeProcess
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Synchronization
import Testing
@testable import SenseBridgeHost

/// One misbehaving plugin built for one test, under an id no other test uses (so the
/// runners serving it can be told from every other test's), with a host that finds it
/// and a log that keeps every line the host wrote.
struct HostileFixture {
    typealias Mode = MisbehavingPlugin.Mode

    let directory: TemporaryDirectory
    let plugin: MisbehavingPlugin
    let log = CapturedLog()
    let host: PluginHost
    let manifest: PluginManifest

    init(_ kind: MisbehavingPlugin.Kind, usesNetwork: Bool = false) throws {
        directory = try TemporaryDirectory("sensebridge-hostile")
        let unique = UUID().uuidString.prefix(8).lowercased()
        plugin = try MisbehavingPlugin.make(in: directory.url, kind: kind, id: "org.sensebridge.test.hostile-\(unique)",
                                            usesNetwork: usesNetwork)
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]),
                          log: log.hostLog)
        manifest = try host.manifest(id: plugin.id)
    }

    func composer(_ mode: Mode, isolated: Bool, from: Int? = nil, port: Int? = nil,
                  memoryLimitMiB: Int? = nil) throws -> SceneComposerInstance {
        try host.sceneComposer(manifest, config: MisbehavingPlugin.config(mode, from: from, port: port),
                               placement: Placement(isolated: isolated, memoryLimitMiB: memoryLimitMiB))
    }

    func target(_ mode: Mode, isolated: Bool) throws -> RenderTargetInstance {
        try host.renderTarget(manifest, config: MisbehavingPlugin.config(mode), placement: Placement(isolated: isolated))
    }

    func source(_ mode: Mode, isolated: Bool, frame: MisbehavingPlugin.Frame? = nil) throws -> SensingSourceInstance {
        try host.sensingSource(manifest, config: MisbehavingPlugin.config(mode, frame: frame), placement: Placement(isolated: isolated))
    }

    /// The runners serving this fixture's plugin right now.
    var runners: [pid_t] { RunnerProcesses.serving(plugin.id) }
}

/// What every composer test asks about: one chair.
enum HostileScene {
    static let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)]
    static let wellBehaved: [ProposedPhrase] = [.phrase(SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0]))]
}

extension SceneComposerInstance {
    /// One compose of `HostileScene.records` with a deadline `seconds` away, and how
    /// long it took from just before the deadline was set.
    func timedCompose(deadlineIn seconds: Double) -> (result: Result<[ProposedPhrase], Error>, elapsed: Double) {
        let start = MonotonicClock.nanoseconds()
        let result = Result {
            try compose(records: HostileScene.records, locale: "en", maximumWords: 24, maximumLabels: 3,
                        deadline: start + UInt64(seconds * 1e9))
        }
        return (result, Double(MonotonicClock.nanoseconds() - start) / 1e9)
    }
}

/// Seconds since `start` (monotonic ns).
func secondsSince(_ start: UInt64) -> Double {
    Double(MonotonicClock.nanoseconds() - start) / 1e9
}

extension Result {
    /// The error, when it failed with one of type `E`; records an issue otherwise.
    func thrownError<E: Error>(_ expected: E.Type, sourceLocation: SourceLocation = #_sourceLocation) -> E? {
        switch self {
        case .success(let value):
            Issue.record("expected \(E.self), got a result: \(value)", sourceLocation: sourceLocation)
            return nil
        case .failure(let error as E):
            return error
        case .failure(let other):
            Issue.record("expected \(E.self), got \(type(of: other)): \(other)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// The error `body` throws, when it is of type `E`; records an issue otherwise.
func thrown<E: Error, T>(_ expected: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) -> E? {
    Result { try body() }.thrownError(expected, sourceLocation: sourceLocation)
}

/// Calls `body` every 20 ms on a thread of its own until stopped: a cancel or interrupt
/// that arrives before the call it is for begins is ignored by design, so a test that
/// must cancel a call in flight keeps cancelling until the call has returned.
final class Repeatedly: Sendable {
    private final class Flag: Sendable {
        let stopped = Mutex(false)
    }

    private let flag = Flag()

    init(_ body: @escaping @Sendable () -> Void) {
        let flag = self.flag
        Thread {
            while !flag.stopped.withLock({ $0 }) {
                body()
                usleep(20_000)
            }
        }.start()
    }

    func stop() { flag.stopped.withLock { $0 = true } }
}

/// A HostLog whose lines a test can read back.
final class CapturedLog: Sendable {
    private final class Lines: Sendable {
        let value = Mutex<[String]>([])
    }

    private let captured: Lines
    let hostLog: HostLog

    init() {
        let captured = Lines()
        self.captured = captured
        hostLog = HostLog(threshold: .debug) { line in captured.value.withLock { $0.append(line) } }
    }

    var lines: [String] { captured.value.withLock { $0 } }

    func lines(containing event: String) -> [String] {
        lines.filter { $0.split(separator: " ").contains(Substring(event)) }
    }
}

/// The runner processes this test process started, read from /proc.
enum RunnerProcesses {
    /// Live children of this process serving `pluginID`: the host names the plugin in
    /// each runner's environment (SENSEBRIDGE_RUNNER_PLUGIN), which a test that gave
    /// its plugin a unique id can read back, however many other tests run at once.
    static func serving(_ pluginID: String) -> [pid_t] {
        let wanted = "SENSEBRIDGE_RUNNER_PLUGIN=\(pluginID)"
        return children().filter { pid in
            guard let environment = WholeFile.read("/proc/\(pid)/environ") else { return false }
            return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == wanted }
        }
    }

    /// Whether `pid` is still this process's child, running or a zombie not yet reaped:
    /// either is a runner left behind.
    static func isChild(_ pid: pid_t) -> Bool {
        status(of: pid).map { $0.parent == getpid() } ?? false
    }

    /// This process's children whose command is the runner's (the kernel keeps 15 bytes of it).
    static func children() -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(pid_t.init).filter { pid in
            guard let status = status(of: pid) else { return false }
            return status.parent == getpid() && status.command == String(RunnerLocation.executableName.prefix(15))
        }
    }

    private static func status(of pid: pid_t) -> (command: String, parent: pid_t)? {
        guard let text = WholeFile.read("/proc/\(pid)/stat").map({ String(decoding: $0, as: UTF8.self) }),
              let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let command = String(text[text.index(after: open)..<close])
        // After the command: state, then the parent's pid.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (command, parent)
    }
}
