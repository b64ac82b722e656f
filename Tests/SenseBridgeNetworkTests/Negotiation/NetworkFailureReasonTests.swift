import CSenseBridgeABI
@testable import SenseBridgeHost
@testable import SenseBridgeNetwork
import Testing

/// Reason codes are public, so only the header's closed list (and http-nnn) is read from a
/// plugin's message; everything else a plugin brackets is reported as composer-error.
@Suite struct NetworkFailureReasonTests {
    func reason(_ message: String, status: Int32 = SB_ERR_NETWORK) -> NetworkFailureReason {
        NetworkFailureReason(PluginCallError(pluginID: "org.example.net", status: status, message: message))
    }

    @Test("a listed code is read, and the rest of the message kept private", arguments: [
        ("[http-500] The provider had a server error (500).", "http-500", NetworkFailureReason.Kind.serverError(status: 500)),
        ("[http-429] Rate limited.", "http-429", .serverError(status: 429)),
        ("[timeout] No reply within 4 seconds.", "timeout", .notAnswering),
        ("[unreachable] The connection was refused.", "unreachable", .notAnswering),
        ("[dropped] Cut off.", "dropped", .notAnswering),
        ("[schema-unsupported] json_schema refused.", "schema-unsupported", .unreadable),
        ("[format-ignored] Not JSON.", "format-ignored", .unreadable),
        ("[malformed-reply] Bad body.", "malformed-reply", .unreadable),
    ])
    func listedCodes(message: String, code: String, kind: NetworkFailureReason.Kind) {
        let read = reason(message)
        #expect(read.code == code && read.kind == kind)
        #expect(!read.detail.hasPrefix("["), "the tag is not repeated in the detail")
    }

    @Test("free text in brackets is never made public", arguments: [
        "[a-knife-near-the-door] look", "[http-5000] x", "[http-abc] x", "[HTTP-500] x", "[] x", "no tag at all", "[timeout x",
    ])
    func unlistedTextIsNotACode(message: String) {
        #expect(reason(message).code == "composer-error")
    }

    @Test func anUntaggedTimeoutOrCancelIsReadFromItsStatus() {
        #expect(reason("slow", status: SB_ERR_TIMEOUT).code == "timeout")
        #expect(reason("stop", status: SB_ERR_CANCELLED).code == "cancelled")
    }

    @Test func theHostsOwnCodes() {
        #expect(NetworkFailureReason.refused("record-not-named", detail: "x").code == "refused:record-not-named")
        #expect(NetworkFailureReason.refused("record-not-named", detail: "x").kind == .mismatch)
        #expect(NetworkFailureReason.wrongPhraseCount(3).code == "wrong-phrase-count")
    }
}
