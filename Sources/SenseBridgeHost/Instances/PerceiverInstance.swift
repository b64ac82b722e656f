import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created perceiver, in this process or isolated in a runner. Its records are copied
/// out before the next call and held to the header's caps: by the codec in process, and
/// again here for a runner, which shares its address space with the plugin.
/// Unchecked Sendable: only `let`s; `perceive` is [instance-thread], `cancel` [any-thread].
public final class PerceiverInstance: @unchecked Sendable {
    private let backend: PerceiverBackend
    public let manifest: PluginManifest
    public let isolated: Bool

    public var pluginID: String { manifest.id }

    init(manifest: PluginManifest, isolated: Bool, backend: PerceiverBackend) {
        self.manifest = manifest
        self.isolated = isolated
        self.backend = backend
    }

    /// Asks the plugin what it perceives in `image`. A result beyond the header's caps
    /// throws `PerceiverResultRefused`; a plugin that crashed or missed `deadline` by more
    /// than the grace throws `PluginStopped`. Either way the caller treats the image as
    /// unread, never as empty: an unread page is not a blank one (Invariant 2).
    public func perceive(_ image: ImageFrame, timestampNanoseconds: UInt64, locale: String,
                         deadline: UInt64) throws -> [PerceptionRecord] {
        try perceive(.image(image), timestampNanoseconds: timestampNanoseconds, locale: locale, deadline: deadline)
    }

    /// Asks the plugin what it perceives in a picture or a block of sound, under the same
    /// rules: a block it failed on is unheard, never silent (Invariant 2).
    public func perceive(_ input: PerceptionInput, timestampNanoseconds: UInt64, locale: String,
                         deadline: UInt64) throws -> [PerceptionRecord] {
        try perceivePage(input, timestampNanoseconds: timestampNanoseconds, locale: locale, pageLocales: nil,
                         deadline: deadline).records
    }

    /// The records and how a reader found the page (turned, flattened, edges out of view),
    /// under the same rules. `pageLocales` (the person's locale first) reaches only a
    /// perceiver whose manifest declares ABI 1.7 or later: an older one was built against a
    /// request that ends before `page_locales`, and reads its pinned `locale` as it always did.
    public func perceivePage(_ input: PerceptionInput, timestampNanoseconds: UInt64, locale: String,
                             pageLocales: [String]?, deadline: UInt64) throws -> Perception {
        let perception = try backend.perceive(RunnerRequest.PerceiveCall(
            input: input, timestampNanoseconds: timestampNanoseconds, locale: locale,
            pageLocales: manifest.abiMinor >= PerceiveCodec.pageMinor ? pageLocales : nil, deadline: deadline))
        // In process, `PerceiveCodec.decodeResult` held the caps while copying; a runner's
        // records arrive as values, from a process that shares memory with the plugin.
        if isolated, let problem = PerceiverResultRefused.problem(in: perception.records) {
            throw PerceiverResultRefused(pluginID: pluginID, problem: problem)
        }
        return Perception(records: perception.records.map(\.withoutPluginDistance), page: perception.page)
    }

    /// `perceivePage` for a picture.
    public func perceivePage(_ image: ImageFrame, timestampNanoseconds: UInt64, locale: String,
                             pageLocales: [String]?, deadline: UInt64) throws -> Perception {
        try perceivePage(.image(image), timestampNanoseconds: timestampNanoseconds, locale: locale,
                         pageLocales: pageLocales, deadline: deadline)
    }

    /// Safe from any thread, as the header promises.
    public func cancel() {
        backend.cancel()
    }
}

/// A perceive result the host will not use; names the rule broken, never the text.
public struct PerceiverResultRefused: Error, CustomStringConvertible, Sendable {
    public var pluginID: String
    public var problem: String

    public var description: String { "Perceiver '\(pluginID)' returned a result the host refused: \(problem)." }

    /// The header's caps, checked on Swift values (the C path checks them while decoding).
    static func problem(in records: [PerceptionRecord]) -> String? {
        if records.count > ABICodec.maximumPerceivedRecords {
            return "\(records.count) records; the limit is \(ABICodec.maximumPerceivedRecords)"
        }
        if let index = records.firstIndex(where: { $0.label.utf8.count > ABICodec.maximumPerceivedLabelBytes }) {
            return "record \(index) has a label longer than \(ABICodec.maximumPerceivedLabelBytes) bytes"
        }
        return nil
    }
}
