import CSpeechd
import Foundation
import Glibc
import SenseBridgePluginKit

/// The C callbacks libspeechd calls on its connection thread; they carry no context, so
/// they hand the event to the router by client id.
private func speechdEndCallback(_ messageID: Int, _ clientID: Int, _ type: SPDNotificationType) {
    SpeechdEventRouter.deliver(messageID: messageID, clientID: clientID, .end)
}

private func speechdCancelCallback(_ messageID: Int, _ clientID: Int, _ type: SPDNotificationType) {
    SpeechdEventRouter.deliver(messageID: messageID, clientID: clientID, .cancel)
}

/// One open SSIP connection (libspeechd, threaded mode), used from the render thread only.
final class SpeechdConnection {
    private let connection: UnsafeMutablePointer<SPDConnection>
    let clientID: Int
    let board: SpeechdEventBoard
    private var language: String?
    private var voice: String?
    private var closed = false

    struct OpenFailure: Error {
        var reason: String
    }

    /// Connects, asks for END and CANCEL events, turns SSML off and applies what the
    /// profile overrides. Fails with libspeechd's reason.
    init(address: SpeechdAddress?, autospawn: Bool, clientName: String, board: SpeechdEventBoard,
         outputModule: String?, rate: Int?) throws {
        var error: UnsafeMutablePointer<CChar>?
        let opened: UnsafeMutablePointer<SPDConnection>? = PipeSignalGuard.run {
            if let address {
                return SpeechdConnection.withCAddress(address) { c in
                    spd_open2(clientName, "main", nil, SPD_MODE_THREADED, c, autospawn ? 1 : 0, &error)
                }
            }
            return spd_open2(clientName, "main", nil, SPD_MODE_THREADED, nil, autospawn ? 1 : 0, &error)
        }
        guard let opened else {
            let reason = error.map { String(cString: $0) } ?? "libspeechd gave no reason"
            free(error)
            throw OpenFailure(reason: Self.shortReason(reason))
        }
        free(error)
        connection = opened
        self.board = board
        connection.pointee.callback_end = speechdEndCallback
        connection.pointee.callback_cancel = speechdCancelCallback
        let id = PipeSignalGuard.run { Int(spd_get_client_id(opened)) }
        clientID = id
        SpeechdEventRouter.register(board, clientID: id)
        let configured: Bool = PipeSignalGuard.run {
            guard id > 0,
                  spd_set_notification_on(opened, SPD_END) == 0,
                  spd_set_notification_on(opened, SPD_CANCEL) == 0,
                  spd_set_data_mode(opened, SPD_DATA_TEXT) == 0 else { return false }
            if let outputModule, spd_set_output_module(opened, outputModule) != 0 { return false }
            if let rate, spd_set_voice_rate(opened, Int32(rate)) != 0 { return false }
            return true
        }
        guard configured else {
            let alive = isAlive
            close()
            throw OpenFailure(reason: alive
                ? "it refused the settings (client id, events, text mode\(outputModule.map { ", output module \"\($0)\"" } ?? "")\(rate.map { ", rate \($0)" } ?? ""))"
                : "it closed the connection while it was being set up")
        }
    }

    deinit { close() }

    /// False once libspeechd's thread saw the socket close: it then closes its stream and
    /// sets `stream` to NULL (0.11.4; later versions also set `socket` to -1). After that
    /// no libspeechd call but `spd_close` is made on it (which, tested, closes nothing).
    var isAlive: Bool { !closed && connection.pointee.socket >= 0 && connection.pointee.stream != nil }

    /// Sets language (and voice) when they differ from the last ones set; false when the
    /// daemon refused or the connection failed.
    func select(language: String, voice: String?) -> Bool {
        if self.language == language && self.voice == voice { return true }
        let ok: Bool = PipeSignalGuard.run {
            guard spd_set_language(connection, language) == 0 else { return false }
            if let voice, spd_set_synthesis_voice(connection, voice) != 0 { return false }
            return true
        }
        if ok {
            self.language = language
            self.voice = voice
        } else {
            self.language = nil
            self.voice = nil
        }
        return ok
    }

    /// The message id, or nil when the daemon refused it or the connection failed.
    func say(_ text: String, priority: SPDPriority) -> Int? {
        let id = PipeSignalGuard.run { spd_say(connection, priority, text) }
        return id > 0 ? Int(id) : nil
    }

    /// CANCEL SELF: this client's message in progress and any queued.
    func cancel() {
        guard isAlive else { return }
        _ = PipeSignalGuard.run { spd_cancel(connection) }
    }

    func close() {
        guard !closed else { return }
        closed = true
        SpeechdEventRouter.unregister(board, clientID: clientID)
        PipeSignalGuard.run { spd_close(connection) }
    }

    /// libspeechd's address, for the default one: SPEECHD_ADDRESS or the runtime socket.
    static func defaultAddress() -> SpeechdAddress? {
        var error: UnsafeMutablePointer<CChar>?
        guard let address = spd_get_default_address(&error) else {
            free(error)
            return nil
        }
        defer { SPDConnectionAddress__free(address) }
        switch address.pointee.method {
        case SPD_METHOD_INET_SOCKET:
            let host = address.pointee.inet_socket_host.map { String(cString: $0) } ?? "127.0.0.1"
            return SpeechdAddress(method: .inet(host: host, port: Int(address.pointee.inet_socket_port)))
        default:
            let path = address.pointee.unix_socket_name.map { String(cString: $0) } ?? ""
            return SpeechdAddress(method: .unix(path: path))
        }
    }

    private static func withCAddress<T>(_ address: SpeechdAddress, _ body: (UnsafeMutablePointer<SPDConnectionAddress>) -> T) -> T {
        let c = UnsafeMutablePointer<SPDConnectionAddress>.allocate(capacity: 1)
        c.initialize(to: SPDConnectionAddress())
        defer {
            free(c.pointee.unix_socket_name)
            free(c.pointee.inet_socket_host)
            c.deallocate()
        }
        switch address.method {
        case .unix(let path):
            c.pointee.method = SPD_METHOD_UNIX_SOCKET
            c.pointee.unix_socket_name = strdup(path)
        case .inet(let host, let port):
            c.pointee.method = SPD_METHOD_INET_SOCKET
            c.pointee.inet_socket_host = strdup(host)
            c.pointee.inet_socket_port = Int32(port)
        }
        return body(c)
    }

    /// libspeechd's "Error: Can't connect to unix socket /x: No such file or directory.
    /// Autospawn: Autospawn disabled" as "No such file or directory (autospawn disabled)".
    static func shortReason(_ reason: String) -> String {
        var text = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        if let range = text.range(of: "Autospawn: ") {
            let spawn = text[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " ."))
            text = String(text[..<range.lowerBound]).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
            if let colon = text.range(of: ": ", options: .backwards) { text = String(text[colon.upperBound...]) }
            text += " (\(spawn.prefix(1).lowercased() + spawn.dropFirst()))"
        }
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}
