import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SenseBridgeCore
import SenseBridgePluginKit

/// Composes the sight stream's subject phrase with a language model over HTTP.
///
/// It sees only what the host chose to send: object labels with no confidence, box or
/// distance (the host builds that list in `NetworkPayload`, so even this plugin never
/// receives text, sounds or depth). It returns one sight phrase covering those records,
/// or a `PluginError` naming the failure; it never retries and never follows a redirect.
final class NetworkComposer: SceneComposerPlugin {
    private let host: HostServices
    private let config: NetworkComposerConfig
    private let lock = NSLock()
    /// Set when the provider asked, with `Retry-After`, not to be asked again before then
    /// (host monotonic nanoseconds), and the status that asked. Per instance is enough:
    /// the host's negotiation asks the same mode's instance next after a failure that is
    /// not about the format.
    private var notBefore: (until: UInt64, status: Int)?

    init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        self.config = try NetworkComposerConfig(config)
        // The key itself is never logged; only whether one is present.
        host.log(.info, "network-composer.created", [
            ("provider", .public(self.config.provider.rawValue)),
            ("hasKey", .public(self.config.apiKey == nil ? "no" : "yes")),
            ("responseFormat", .public(self.config.responseFormat.rawValue)),
        ])
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        guard let locale = request.spokenLocale else {
            throw PluginError(.unsupported, "The locale '\(request.localeIdentifier)' is not one SenseBridge speaks.")
        }
        let (labels, indices) = Self.labels(in: request)
        guard !labels.isEmpty else { return [] }
        let now = host.monotonicNanoseconds()
        if let wait = lock.withLock({ notBefore }), now < wait.until {
            // Asking before the provider said it would answer is a retry by another name:
            // it would only be refused again, and a rate limit may count it.
            let seconds = Double(wait.until - now) / 1e9
            throw PluginError(.network, reason: "http-\(wait.status)",
                              "The provider asked SenseBridge to wait before asking again (HTTP \(wait.status), Retry-After); \(HTTPFailure.format(seconds.rounded(.up))) more seconds, so nothing was sent.")
        }

        let remaining = request.deadline > now ? Double(request.deadline - now) / 1e9 : 0
        let seconds = min(config.timeoutSeconds, remaining)
        guard seconds > 0.05 else {
            throw PluginError(.timeout, reason: "timeout", "The deadline had passed before the request could be sent; nothing was sent.")
        }

        var urlRequest = URLRequest(url: config.endpoint)
        urlRequest.httpMethod = "POST"
        urlRequest.timeoutInterval = HTTPExchange.backstop(seconds)
        urlRequest.httpBody = ProviderWire.body(for: config, labels: labels, locale: locale, maximumWords: request.maximumWords)
        ProviderWire.headers(for: config).forEach { urlRequest.setValue($0.value, forHTTPHeaderField: $0.key) }

        let exchange = HTTPExchange(maximumBytes: config.maxReplyBytes)
        // A cancel wakes the waiting exchange at once (or stops it before it starts, if it
        // came while the request was being built); the checkpoint drops this when compose returns.
        request.checkpoint.onCancel { exchange.cancel() }

        let started = host.monotonicNanoseconds()
        let outcome = exchange.run(urlRequest, seconds: seconds)
        let elapsed = Double(host.monotonicNanoseconds() - started) / 1e6
        host.log(.info, "network-composer.exchange", [
            ("outcome", .public(Self.name(outcome))), ("milliseconds", .public(String(Int(elapsed)))),
            ("bytesReceived", .public(String(exchange.bytesReceived))),
        ])
        if case .response(let status, _) = outcome, let wait = exchange.retryAfterSeconds {
            lock.withLock { notBefore = (host.monotonicNanoseconds() + UInt64(wait * 1e9), status) }
        }
        if let failure = HTTPFailure.error(for: outcome, seconds: seconds, model: config.model, format: config.responseFormat) { throw failure }
        guard case .response(_, let body) = outcome else { throw PluginError(.internal, "The exchange ended in an unknown state.") }
        let phrase = try ProviderWire.phrase(from: body, provider: config.provider, format: config.responseFormat)
        return [ComposedPhrase(stream: .sight, text: phrase, recordIndices: indices)]
    }

    /// Object labels only, de-duplicated, at most `maximumLabels`. The host already
    /// sends nothing else; this is the second lock on the same door.
    static func labels(in request: ComposeRequest) -> ([String], [Int]) {
        var labels: [String] = []
        var indices: [Int] = []
        var seen = Set<String>()
        for (index, record) in request.records.enumerated() where record.kind == .object {
            let label = record.label.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.isEmpty else { continue }
            let key = label.lowercased()
            if !seen.contains(key) {
                guard labels.count < max(1, request.maximumLabels) else { continue }
                seen.insert(key)
                labels.append(label)
            }
            indices.append(index)
        }
        return (labels, indices)
    }

    private static func name(_ outcome: HTTPExchange.Outcome) -> String {
        switch outcome {
        case .response(let status, _): return "http-\(status)"
        case .timedOut: return "timeout"
        case .cancelled: return "cancelled"
        case .unreachable: return "unreachable"
        case .droppedMidBody: return "dropped"
        case .tooLarge: return "too-large"
        }
    }
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sceneComposer(NetworkComposer.self, id: "org.sensebridge.network-composer", version: "1.0.0", abiMinor: 7)
}
