@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Seeded generator of short strings that mix what the normalization fast paths take
/// (ASCII, Latin-1, Latin Extended, Vietnamese letters, combining diacritics) with
/// what they must hand to Foundation (fullwidth and compatibility forms, odd spaces,
/// singleton decompositions, other scripts, Hangul jamo that compose, marks outside
/// U+0300–U+036F, invisibles), and with the fragments the validator searches for.
/// `SeededGenerator` is a SplitMix64 and uses no system randomness, so every run
/// tries the same strings.
struct LatinTextGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static func scalars(_ range: ClosedRange<UInt32>) -> [String] {
        range.compactMap(Unicode.Scalar.init).map(String.init)
    }

    static let asciiLetters = scalars(0x41...0x5A) + scalars(0x61...0x7A)
    static let asciiOther = scalars(0x20...0x40) + scalars(0x5B...0x60) + scalars(0x7B...0x7E)
        + ["\t", "\n", "\r", "\r\n", "\u{0}", "\u{7F}", " ", " ", ",", "-"]
    static let latin1 = scalars(0x80...0xFF)
    static let latinExtended = scalars(0x100...0x24F)
    static let ipaAndModifiers = scalars(0x250...0x2FF)
    static let diacritics = scalars(0x300...0x36F)
    static let vietnamese = scalars(0x1E00...0x1EFF)
    static let compatibility = scalars(0xFF01...0xFF5E) + scalars(0xFB00...0xFB06) + scalars(0x2070...0x209C)
        + scalars(0x2460...0x2473) + scalars(0x2160...0x217F) + ["℃", "№", "™", "ª", "º", "²", "½", "ſ", "Ĳ", "ǅ", "ẛ"]
    static let spaces = ["\u{A0}", "\u{1680}", "\u{202F}", "\u{205F}", "\u{3000}"] + scalars(0x2000...0x200A)
    /// Scalars whose canonical decomposition is one other scalar.
    static let singletons = ["\u{212A}", "\u{2126}", "\u{212B}", "\u{037E}", "\u{1FEF}", "\u{0340}", "\u{0341}",
                             "\u{0343}", "\u{0344}", "\u{0374}", "\u{0387}", "\u{1FFD}", "\u{2000}"]
    static let otherScripts = scalars(0x391...0x3A9) + scalars(0x3B1...0x3C9) + scalars(0x410...0x44F)
        + scalars(0x1100...0x1112) + scalars(0x1161...0x1175) + scalars(0x11A8...0x11C2)
        + ["가", "한", "椅", "子", "\u{0600}", "\u{0605}", "क", "\u{093F}", "\u{0951}", "\u{0483}", "\u{05B0}",
           "\u{1AB0}", "\u{1DC0}", "\u{20D0}", "\u{FE20}", "😀", "🚗", "\u{1F3FB}", "\u{FE0F}", "\u{200D}",
           "\u{200B}", "\u{200C}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{85}", "\u{2028}", "\u{2029}", "\u{E000}"]
    static let fragments = ["www.", "WWW.", "wWw.", "://", "@", ",,", ", ,", "ñ", "Ñ", "n\u{303}", "N\u{303}",
                            "ẘ", "W\u{30A}", "w\u{30A}", "İ", "ß", "ẞ", "đ", "Đ", "ư\u{301}", "u\u{31B}\u{301}",
                            "a\u{323}\u{302}", "a\u{302}\u{323}", "e\u{301}\u{301}", "{", "}", "{subject}",
                            "chair", "metres", "centímetros", "kilómetro", "hundreds", "ahead", "nguy hiểm",
                            "có lẽ", "stop sign", "bus stop", "señal de alto", "ba lô", "biển báo dừng", "máy",
                            "tủ", "rùn", "the", "and", "el", "la", "y", "một", "cái", "ghế"]

    /// Pools the fast paths take, with their weights.
    static let latinPools: [(weight: Int, pool: [String])] = [
        (6, asciiLetters), (3, [" ", ",", "-"]), (2, latin1), (2, latinExtended), (3, diacritics),
        (3, vietnamese), (2, fragments),
    ]
    /// Everything, fast path or not.
    static let anyPools: [(weight: Int, pool: [String])] = latinPools + [
        (2, asciiOther), (1, ipaAndModifiers), (2, compatibility), (1, spaces), (1, singletons), (2, otherScripts),
    ]

    mutating func pick(_ pools: [(weight: Int, pool: [String])]) -> String {
        var roll = Int.random(in: 0..<pools.reduce(0) { $0 + $1.weight }, using: &random)
        for (weight, pool) in pools {
            if roll < weight { return pool.randomElement(using: &random)! }
            roll -= weight
        }
        return ""
    }

    /// Up to `length` picks from `pools`, joined.
    mutating func next(_ pools: [(weight: Int, pool: [String])], length: ClosedRange<Int> = 0...10) -> String {
        (0..<Int.random(in: length, using: &random)).map { _ in pick(pools) }.joined()
    }
}
