import SenseBridgeABICodec
import SenseBridgeCore

/// A perceive call's page locales and a reply's page on the wire (runner protocol 4, ABI 1.7).
///
/// Held to the codec's rules again here: the runner shares its memory with the plugin,
/// and a list the runner would have to refuse must not reach `CPerceiveRequest`.
enum WirePage {
    /// More languages than anyone could have installed; a corrupt count must not allocate.
    static let maximumPageLocales = 64

    static func writeLocales(_ locales: [String]?, to out: inout WireWriter) {
        out.optional(locales) { out, locales in
            out.count(locales.count)
            for locale in locales { out.string(locale) }
        }
    }

    static func readLocales(_ input: inout WireReader) throws(WireError) -> [String]? {
        try input.optional { (input: inout WireReader) throws(WireError) -> [String] in
            let count = try input.count(minimumItemBytes: 4, limit: maximumPageLocales)
            guard count > 0 else { throw .invalid("a perceive call's page locales are an empty list") }
            var locales: [String] = []
            for _ in 0..<count {
                let locale = try input.string(limit: RunnerProtocol.maximumNameBytes)
                guard !locale.isEmpty, !locale.contains(",") else {
                    throw .invalid("a perceive call's page locale is empty or holds a comma")
                }
                locales.append(locale)
            }
            return locales
        }
    }

    /// The same bits the header defines, so nothing is lost or invented on the way.
    static func write(_ page: PageView, to out: inout WireWriter) {
        out.u32(UInt32(page.turnedDegrees))
        out.u32(PageCodec.flags(of: page))
    }

    static func read(_ input: inout WireReader) throws(WireError) -> PageView {
        let turned = try input.u32(), flags = try input.u32()
        // The runner decoded these with PageCodec, which drops unknown bits; any here was
        // not written by its encoder.
        guard flags & ~PageCodec.knownFlags == 0 else { throw .invalid("a page's flags \(flags) hold an unknown bit") }
        switch PageCodec.decode(turnedDegrees: turned, flags: flags) {
        case .success(let page): return page
        case .failure(let problem): throw .invalid("a page's \(problem.reason)")
        }
    }
}
