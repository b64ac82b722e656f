import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created perceiver, in this process or isolated in a runner. Its records are copied
/// out before the next call and held to the header's caps by `PerceiveCodec.validate`:
/// as the codec decodes them in process, and again on what a runner sent.
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
    /// perceiver whose manifest declares ABI 1.7 or later: an older one does not know
    /// `page_locales` (it may be built against a request that ends before it), and reads its
    /// pinned `locale` as it always did.
    public func perceivePage(_ input: PerceptionInput, timestampNanoseconds: UInt64, locale: String,
                             pageLocales: [String]?, deadline: UInt64) throws -> Perception {
        precondition(pageLocales.map { $0.first == locale } ?? true,
                     "perceivePage: pageLocales start with the person's locale, \(locale), as the header says")
        let perception = try backend.perceive(RunnerRequest.PerceiveCall(
            input: input, timestampNanoseconds: timestampNanoseconds, locale: locale,
            pageLocales: manifest.abiMinor >= PerceiveCodec.pageMinor ? pageLocales : nil, deadline: deadline))
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
}
