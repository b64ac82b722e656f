import CBrlAPI
import CLouis
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(Braille.self, id: "org.sensebridge.braille", version: "1.0.0", abiMinor: 7)
}

/// Writes to the braille display BRLTTY owns, through BrlAPI, translated with liblouis
/// per locale (docs/BRAILLE.md).
///
/// - An alert (urgent, an awareness alert or a safety alert) takes the display at once and holds it for
///   `alertHoldSeconds`: a routine message waits (interruptibly) for the hold to end;
///   another urgent one replaces it at once. A safety alert's cells also carry dots 7
///   and 8 (`DisplayState.safetyAlertDots`), a mark under the line no other message has.
/// - A description, status, clear or summary shows its first window and returns; it stays
///   on the display, pannable with the display's own keys, until something replaces it.
/// - A reading segment shows its first window and returns once the person pans past the
///   last window, or after `readingWindowSeconds` per window (capped below the host's
///   render bound); an interrupt ends it with `cancelled`.
/// - Text is split into windows of the display's width at blank cells (word boundaries).
/// - BRLTTY gone mid-session: the render that finds it so tries one reconnect and throws
///   `unavailable` at once if that fails; a later render reconnects.
public final class Braille: RenderTargetPlugin {
    struct Settings: Decodable {
        var contracted: Bool?
        var tables: [String: String]?
        var alertHoldSeconds: Double?
        var readingWindowSeconds: Double?
        var host: String?
        var auth: String?
        var tty: Int?
    }

    static let knownKeys: Set<String> = ["contracted", "tables", "alertHoldSeconds", "readingWindowSeconds", "host", "auth", "tty"]
    static let contractedTables: [SpokenLocale: String] = [.en: "en-us-g2.ctb", .es: "es-g2.ctb", .vi: "vi-vn-g2.ctb"]
    static let uncontractedTables: [SpokenLocale: String] = [.en: "en-us-g1.ctb", .es: "es-g1.ctb", .vi: "vi-vn-g1.ctb"]

    private let host: HostServices
    private let endpoint: BrlAPIEndpoint
    private let tables: [SpokenLocale: String]
    private let alertHoldNanoseconds: UInt64
    private let readingWindowNanoseconds: UInt64
    private let display: DisplayState

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        try config.requireOnly(Self.knownKeys)
        let settings = try config.decode(Settings.self)
        let hold = settings.alertHoldSeconds ?? 3
        guard hold >= 0, hold <= 4 else {
            throw PluginError.invalidConfig("Config key 'alertHoldSeconds' is \(hold); give 0 to 4 seconds (a render must end within the host's bound).")
        }
        let window = settings.readingWindowSeconds ?? 4
        guard window >= 0.5, window <= 30 else {
            throw PluginError.invalidConfig("Config key 'readingWindowSeconds' is \(window); give 0.5 to 30 seconds.")
        }
        if let tty = settings.tty, tty < 0 {
            throw PluginError.invalidConfig("Config key 'tty' is \(tty); give a virtual terminal number (0 or more), or leave it out.")
        }
        alertHoldNanoseconds = UInt64(hold * 1e9)
        readingWindowNanoseconds = UInt64(window * 1e9)
        var chosen = (settings.contracted ?? true) ? Self.contractedTables : Self.uncontractedTables
        for (key, table) in settings.tables ?? [:] {
            guard let locale = SpokenLocale(rawValue: key) else {
                throw PluginError.invalidConfig("Config key 'tables.\(key)' is not a locale of this plugin; give en, es or vi.")
            }
            chosen[locale] = table
        }
        for locale in SpokenLocale.allCases {
            guard let table = chosen[locale], !table.isEmpty else { continue }
            guard LouisTranslator.tableFile(table) != nil else {
                throw PluginError.invalidConfig("The liblouis table \(table) (for \(locale.rawValue)) was not found in \(LouisTranslator.tableDirectory); install liblouis-data or give a table path under 'tables'.")
            }
            guard LouisTranslator.compiles(table) else {
                throw PluginError.invalidConfig("The liblouis table \(table) (for \(locale.rawValue)) does not compile; check the file or choose another table.")
            }
        }
        tables = chosen
        endpoint = BrlAPIEndpoint(host: settings.host.flatMap { $0.isEmpty ? nil : $0 },
                                  auth: settings.auth.flatMap { $0.isEmpty ? nil : $0 }, tty: settings.tty)
        display = DisplayState(endpoint: endpoint)
        do {
            let width = try display.connect()
            host.log(.info, "braille.connected", [("host", .private(endpoint.displayName)), ("cells", .public(String(width)))])
        } catch let error as PluginError where error.code == .unavailable {
            // At create, a missing BRLTTY or display is a failure to start, not "gone for now".
            throw PluginError(.io, error.message)
        }
    }

    deinit {
        display.shutDown()
    }

    public func render(_ request: RenderRequest) throws {
        let message = request.message
        let interruption = request.checkpoint
        // Braille has no cue without words; the manifest does not offer the pulse.
        if message.signal == .awarenessPulse { return }
        let text = message.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return }
        let start = host.monotonicNanoseconds()
        // Safely below the host's bound of 5 s + 80 ms per byte.
        let deadline = start + 4_000_000_000 + UInt64(message.text.utf8.count) * 70_000_000
        guard let table = tables[message.locale] else {
            throw PluginError(.unsupported, "No braille table is set for the locale \(message.locale.rawValue).")
        }
        let cells = try LouisTranslator.cells(text, table: table)
        let isAlert = message.isUrgent || message.signal == .awarenessAlert || message.signal == .safetyAlert
        if !isAlert {
            try display.waitForHold(interruption: interruption, host: host)
        }
        if interruption.isCancelled { throw PluginError(.cancelled, "The braille message was interrupted before it was shown.") }
        let windowCount = try display.show(cells, marked: message.signal == .safetyAlert)
        host.log(.debug, "braille.shown", [("signal", .public("\(message.signal)")), ("windows", .public(String(windowCount)))])
        if isAlert {
            display.hold(until: host.monotonicNanoseconds() + alertHoldNanoseconds)
            return
        }
        if message.signal == .readingSegment {
            let readingEnd = min(host.monotonicNanoseconds() + UInt64(windowCount) * readingWindowNanoseconds, deadline)
            try display.waitForReading(until: readingEnd, interruption: interruption, host: host)
        }
    }

    /// [any-thread] Cuts a waiting render short; what is on the display stays.
    public func interrupt() {
        display.wake()
    }
}

/// The display as this instance sees it: the connection, the windows of the message
/// shown, which one is up, the alert hold; and the thread reading the display's keys.
/// The connection is written to under `condition`, so a pan from the key thread and a
/// render never interleave on the display.
/// Unchecked Sendable: `condition` guards every var, the connection's writes included.
final class DisplayState: @unchecked Sendable {
    private let condition = NSCondition()
    private let endpoint: BrlAPIEndpoint
    private var connection: BrlAPIConnection?
    private var reader: KeyReader?
    private var dead = false
    private var windows: [[UInt8]] = []
    private var index = 0
    private var pannedPastEnd = false
    private var holdUntil: UInt64 = 0

    init(endpoint: BrlAPIEndpoint) {
        self.endpoint = endpoint
    }

    /// Connects (again) if there is no live connection; returns the display's width.
    /// Throws `unavailable` at once when BRLTTY does not answer.
    @discardableResult
    func connect() throws -> Int {
        condition.lock()
        if let connection, !dead {
            condition.unlock()
            return connection.width
        }
        let old = (connection, reader)
        connection = nil
        reader = nil
        condition.unlock()
        old.1?.stop()
        old.0?.close()
        let fresh = try BrlAPIConnection(endpoint)
        let freshReader = KeyReader(connection: fresh) { [weak self] event in self?.handle(event, from: fresh) }
        condition.lock()
        connection = fresh
        reader = freshReader
        dead = false
        condition.unlock()
        freshReader.start()
        return fresh.width
    }

    /// Dots 7 and 8 (BrlAPI's bits 0x40 and 0x80), under every cell of a safety alert's
    /// windows, blanks included: the six-dot text stays as liblouis wrote it, and a finger
    /// on the display feels a line underlined as no other message is (Invariant 10).
    static let safetyAlertDots: UInt8 = 0xC0

    /// Shows the first window of `cells`; returns how many windows there are. `marked`
    /// adds `safetyAlertDots` to every cell, after the split at blank cells.
    /// A write that fails marks the connection dead and is tried once over a new one.
    func show(_ cells: [UInt8], marked: Bool = false) throws -> Int {
        for _ in 0..<2 {
            let width = try connect()
            let split = BrailleWindows.split(cells, width: width)
            condition.lock()
            windows = (split.isEmpty ? [[]] : split).map { marked ? $0.map { $0 | Self.safetyAlertDots } : $0 }
            index = 0
            pannedPastEnd = false
            let written = connection?.write(windows[0]) ?? false
            if !written { dead = true }
            condition.broadcast()
            let count = windows.count
            condition.unlock()
            if written { return count }
        }
        throw PluginError(.unavailable, "BRLTTY at \(endpoint.displayName) stopped taking braille; it will be tried again with the next message.")
    }

    func hold(until time: UInt64) {
        condition.lock()
        holdUntil = time
        condition.unlock()
    }

    /// Waits until an alert's hold ends, or throws `cancelled` on interrupt.
    func waitForHold(interruption: CallCheckpoint, host: HostServices) throws {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if interruption.isCancelled { throw PluginError(.cancelled, "The braille message was interrupted while an alert held the display.") }
            let now = host.monotonicNanoseconds()
            if now >= holdUntil { return }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(holdUntil - now) / 1e9))
        }
    }

    /// Waits until the person pans past the last window, the time is up, or the
    /// connection is gone (what was shown counts as delivered); `cancelled` on interrupt.
    func waitForReading(until end: UInt64, interruption: CallCheckpoint, host: HostServices) throws {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if interruption.isCancelled { throw PluginError(.cancelled, "The braille reading was interrupted.") }
            if pannedPastEnd || dead { return }
            let now = host.monotonicNanoseconds()
            if now >= end { return }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(end - now) / 1e9))
        }
    }

    func wake() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    private func handle(_ event: KeyReader.Event, from source: BrlAPIConnection) {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        guard connection === source, !dead else { return }
        switch event {
        case .lost:
            dead = true
        case .key(.forward):
            if index + 1 < windows.count {
                index += 1
                if !(connection?.write(windows[index]) ?? false) { dead = true }
            } else {
                pannedPastEnd = true
            }
        case .key(.back):
            if index > 0 {
                index -= 1
                if !(connection?.write(windows[index]) ?? false) { dead = true }
            }
        case .key(.ignored):
            break
        }
    }

    func shutDown() {
        condition.lock()
        let old = (connection, reader)
        connection = nil
        reader = nil
        dead = true
        condition.broadcast()
        condition.unlock()
        old.1?.stop()
        old.0?.close()
    }
}

/// The thread that reads one connection's keys, every 200 ms checking whether to stop.
/// Unchecked Sendable: `stopping` is Locked, `finished` a semaphore, `thread` written once in start().
final class KeyReader: @unchecked Sendable {
    enum Event { case key(PanKey), lost }
    private let connection: BrlAPIConnection
    private let onEvent: @Sendable (Event) -> Void
    private let stopping = Locked(false)
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    init(connection: BrlAPIConnection, onEvent: @escaping @Sendable (Event) -> Void) {
        self.connection = connection
        self.onEvent = onEvent
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "braille-keys"
        thread.start()
        self.thread = thread
    }

    private func run() {
        defer { finished.signal() }
        while !stopping.withLock({ $0 }) {
            switch connection.readKey(timeoutMilliseconds: 200) {
            case .timeout: continue
            case .key(let code): onEvent(.key(PanKey(code: code)))
            case .failed:
                if !stopping.withLock({ $0 }) { onEvent(.lost) }
                return
            }
        }
    }

    /// Returns once the thread no longer uses the connection.
    func stop() {
        stopping.withLock { $0 = true }
        guard thread != nil else { return }
        _ = finished.wait(timeout: .now() + 2)
    }
}
