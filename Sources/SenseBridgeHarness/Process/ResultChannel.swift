import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// The line protocol a check's child process speaks on its private descriptor:
///
///     SBSTEP <nonce> <what the check is doing now>
///     SBRESULT <nonce> <CheckReport as one line of JSON>
///
/// The nonce is fresh per run and removed from the child's environment before any
/// plugin code runs, and the descriptor is not stdout: a plugin that prints a line
/// that looks like a pass — by accident or from a copied log — cannot fake one.
/// (Code in the same address space could still read the nonce from memory; the
/// harness guards against sloppy plugins, not against an adversary it has loaded.)
public enum ResultChannel {
    public static let nonceVariable = "SENSEBRIDGE_HARNESS_NONCE"
    public static let descriptorVariable = "SENSEBRIDGE_HARNESS_FD"

    public struct Parsed: Equatable {
        public var report: CheckReport?
        /// The last step the child announced: where it was when it crashed or hung.
        public var lastStep: String?
        /// Why the channel could not be trusted, when it could not.
        public var problem: String?
    }

    public static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.joined()
    }

    public static func stepLine(nonce: String, _ text: String) -> String {
        "SBSTEP \(nonce) \(singleLine(text))\n"
    }

    public static func resultLine(nonce: String, _ report: CheckReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) }
            ?? #"{"reason":"the check's report could not be encoded","status":"fail"}"#
        return "SBRESULT \(nonce) \(json)\n"
    }

    public static func parse(_ bytes: [UInt8], nonce: String) -> Parsed {
        var parsed = Parsed()
        let text = String(decoding: bytes, as: UTF8.self)
        var results = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[1] == nonce else { continue }  // Not ours: ignored, never trusted.
            switch fields[0] {
            case "SBSTEP":
                parsed.lastStep = String(fields[2])
            case "SBRESULT":
                results += 1
                if let report = try? JSONDecoder().decode(CheckReport.self, from: Data(fields[2].utf8)) {
                    parsed.report = report
                } else {
                    parsed.problem = "the check's result line could not be read"
                }
            default:
                continue
            }
        }
        if results > 1 {
            parsed.report = nil
            parsed.problem = "the result channel carried \(results) results for one check"
        }
        return parsed
    }

    static func singleLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }
}
