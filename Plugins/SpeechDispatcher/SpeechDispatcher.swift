import CSpeechd
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(SpeechDispatcher.self, id: "org.sensebridge.speech-dispatcher", version: "1.0.0", abiMinor: 7)
}

/// Speaks through the person's own speech-dispatcher, in their voice, rate and output
/// module unless the profile overrides them (docs/SPEECH_DISPATCHER.md).
///
/// Priorities: an alert is `important` (it cuts off whatever speech-dispatcher is saying,
/// ours or another client's); descriptions, reading segments, the end of an alert and
/// session summaries are `text`; statuses are `notification`. Every render returns when
/// speech-dispatcher reports the message's END, so a reading cursor knows a sentence was
/// said; a CANCEL (an interrupt, or other speech that displaced it) returns
/// SB_ERR_CANCELLED.
///
/// A daemon that goes away is SB_ERR_UNAVAILABLE (ABI 1.5): the render closes the dead
/// connection, tries one reconnect at once, and failing that returns; a later render
/// connects again, so the host can say the output is back.
public final class SpeechDispatcher: RenderTargetPlugin {
    private let settings: SpeechdSettings
    private let host: HostServices
    /// The address as given, nil for libspeechd's default (resolved again at each connect,
    /// as libspeechd does).
    private let address: SpeechdAddress?
    private let board = SpeechdEventBoard()
    /// Used by the render thread only (and create/destroy), never by `interrupt`.
    private var connection: SpeechdConnection?

    /// How long a discarded status is offered again before the render gives up on it.
    static let statusRetryWindow: TimeInterval = 1.0
    static let statusRetryInterval: TimeInterval = 0.2

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        settings = try SpeechdSettings(config)
        address = settings.address.isEmpty ? nil : SpeechdAddress(settings.address)
        do {
            connection = try open()
        } catch let failure as SpeechdConnection.OpenFailure {
            throw PluginError.io("speech-dispatcher is not running at \(addressDescription): \(failure.reason).")
        }
        host.log(.info, "speechd.connected", [("address", .private(addressDescription)),
                                              ("autospawn", .public(settings.autospawn ? "on" : "off"))])
    }

    deinit {
        connection?.close()
    }

    private var addressDescription: String {
        (address ?? SpeechdConnection.defaultAddress())?.description ?? "speech-dispatcher's default address"
    }

    private func open() throws -> SpeechdConnection {
        try SpeechdConnection(address: address, autospawn: settings.autospawn, clientName: settings.clientName,
                              board: board, outputModule: settings.outputModule, rate: settings.rate)
    }

    static func priority(for message: OutputMessage) -> SPDPriority {
        if message.isUrgent { return SPD_IMPORTANT }
        switch message.signal {
        // A safety sound is at least as urgent as an obstacle, however it was sent.
        case .awarenessAlert, .safetyAlert: return SPD_IMPORTANT
        case .status: return SPD_NOTIFICATION
        // The end of an alert is news, but not worth cutting off what is being read.
        case .description, .awarenessClear, .readingSegment, .sessionSummary, .awarenessPulse: return SPD_TEXT
        }
    }

    /// An interrupt (marked on the request's checkpoint) ends the board's wait at once, and
    /// this thread then cancels the message in speech-dispatcher: libspeechd is only ever
    /// called from the render thread. One with no render in progress is ignored.
    public func render(_ request: RenderRequest) throws {
        let message = request.message
        board.beginRender(request.checkpoint)
        defer { board.endRender() }
        // The pulse is a cue without words; this target offers none (the manifest does not
        // list it), and one that arrives anyway is not spoken.
        if message.signal == .awarenessPulse { return }
        // Control characters (CR, LF among them) become spaces: SSIP ends a message at a
        // line holding only ".", and libspeechd escapes only the CR LF form of that.
        let text = SpeechText.neutralized(message.text)
        guard SpeechText.isSpeakable(text) else { return }
        let priority = Self.priority(for: message)
        let deadline = Date().addingTimeInterval(4 + 0.07 * Double(text.utf8.count))
        let started = Date()

        var outcome = try speakOnce(text, message: message, priority: priority, deadline: deadline)
        if outcome == .event(.cancel), priority == SPD_NOTIFICATION, !board.isInterrupted {
            // speech-dispatcher drops a notification while anything else is spoken. A status
            // is said once (a lost output, a stopped session), so it is offered again for a
            // moment; after that the render reports it cancelled, and the host says it again
            // later (it re-queues a cancelled status), rather than it being lost silently.
            let window = min(deadline, started.addingTimeInterval(Self.statusRetryWindow))
            while outcome == .event(.cancel), !board.isInterrupted, Date() < window {
                board.pause(until: Date().addingTimeInterval(Self.statusRetryInterval))
                if board.isInterrupted { break }
                outcome = try speakOnce(text, message: message, priority: priority, deadline: deadline)
            }
            // An interrupt while it waited to offer the status again is reported as one.
            if outcome == .event(.cancel), board.isInterrupted { outcome = .interrupted }
            if outcome == .event(.cancel) {
                host.log(.info, "speechd.status_discarded", [("signal", .public("\(message.signal)"))])
                throw PluginError(.cancelled, "speech-dispatcher at \(addressDescription) discarded the status: other speech was playing, and a status has notification priority.")
            }
        }
        switch outcome {
        case .event(.end):
            return
        case .event(.cancel):
            throw PluginError(.cancelled, "speech-dispatcher at \(addressDescription) cut the message off for other speech.")
        case .interrupted:
            connection?.cancel()
            throw PluginError(.cancelled, "Speech was interrupted.")
        case .timedOut:
            connection?.cancel()
            connection?.close()
            connection = nil
            host.log(.warning, "speechd.timed_out", [("bytes", .public("\(text.utf8.count)"))])
            throw PluginError(.unavailable, "speech-dispatcher at \(addressDescription) did not finish speaking in time: its output module may be stuck.")
        case .connectionLost:
            throw PluginError(.unavailable, "speech-dispatcher at \(addressDescription) stopped while speaking: the connection closed.")
        }
    }

    /// Says `text` once and waits for it. A connection found dead (before or while
    /// speaking) is closed and reopened once; when that fails the render ends at once with
    /// SB_ERR_UNAVAILABLE, and a later render tries again.
    private func speakOnce(_ text: String, message: OutputMessage, priority: SPDPriority, deadline: Date) throws -> SpeechdEventBoard.Wait {
        var reopened = false
        while true {
            let live = try liveConnection(reopened: &reopened)
            if board.isInterrupted { return .interrupted }
            let language = settings.language(for: message.locale)
            let voice = settings.voices[message.locale]
            guard live.select(language: language, voice: voice) else {
                if live.isAlive {
                    throw PluginError.io("speech-dispatcher at \(addressDescription) refused language \"\(language)\"\(voice.map { " with voice \"\($0)\"" } ?? ""); check the profile's language and voices.")
                }
                try lost(live, reopened: &reopened)
                continue
            }
            guard let messageID = live.say(text, priority: priority) else {
                if live.isAlive {
                    throw PluginError.io("speech-dispatcher at \(addressDescription) refused the message although the connection is open; its log says why.")
                }
                try lost(live, reopened: &reopened)
                continue
            }
            let outcome = board.wait(for: messageID, until: deadline) { live.isAlive }
            if outcome == .connectionLost {
                try lost(live, reopened: &reopened)
                continue
            }
            return outcome
        }
    }

    /// The open connection, or a new one (once per render).
    private func liveConnection(reopened: inout Bool) throws -> SpeechdConnection {
        if let connection, connection.isAlive { return connection }
        if let connection {
            connection.close()
            self.connection = nil
        }
        return try reopen(&reopened)
    }

    private func lost(_ dead: SpeechdConnection, reopened: inout Bool) throws {
        dead.close()
        connection = nil
        host.log(.warning, "speechd.connection_lost", [])
        _ = try reopen(&reopened)
    }

    private func reopen(_ reopened: inout Bool) throws -> SpeechdConnection {
        guard !reopened else {
            throw PluginError(.unavailable, "speech-dispatcher at \(addressDescription) closed the connection again right after it was reopened.")
        }
        reopened = true
        do {
            let fresh = try open()
            connection = fresh
            host.log(.info, "speechd.reconnected", [])
            return fresh
        } catch let failure as SpeechdConnection.OpenFailure {
            throw PluginError(.unavailable, "speech-dispatcher is not running at \(addressDescription): \(failure.reason).")
        }
    }
}
