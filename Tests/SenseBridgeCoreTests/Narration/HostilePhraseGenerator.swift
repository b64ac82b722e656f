@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Seeded generator of phrases a careless model, a broken endpoint or a hostile plugin
/// might return as a "subject phrase": sentence openings, units, spelled numbers,
/// directions, danger and hedge words, mixed scripts, markup, control characters,
/// zero-width tricks, fullwidth digits and homoglyphs, in all three languages.
struct HostilePhraseGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let subjects: [String] = SpokenVocabulary.entries.flatMap { [$0.en, $0.es, $0.vi] }
        + ["a garden gnome", "the car", "cars", "a chair's leg"]
    static let openings = ["There is", "There's", "there are", "I see", "I can see", "This is", "It is", "Here is",
                           "You are near", "Hay", "Veo", "Es", "Esto es", "Se ve", "Có", "Tôi thấy", "Đây là", "Đó là"]
    static let distances = ["2 feet", "three metres", "dos metros", "hai mét", "5m", "１０ m", "a few feet",
                            "about 3 meters", "nearby", "far away", "cerca", "gần", "½ metre", "two", "٣ meters",
                            "₂ ft", "① metre", "Ⅲ yards", "un metro", "ba mét", "xa", "a unos pasos", "within reach"]
    static let directions = ["ahead", "to your left", "on the right", "in front", "behind you", "a la izquierda",
                             "delante", "bên trái", "phía trước", "at 2 o'clock", "straight ahead", "up ahead",
                             "detrás de ti", "bên phải", "phía sau", "above", "below you", "next to you"]
    static let dangers = ["dangerous", "watch out", "stop", "safe to cross", "all clear", "clear path", "peligro",
                          "cuidado", "nguy hiểm", "cẩn thận", "careful", "hazard", "obstacle", "STOP NOW",
                          "dừng lại", "peligroso", "unsafe", "beware", "a salvo", "an toàn"]
    static let hedges = ["maybe", "possibly", "likely", "appears to be", "quizás", "posiblemente", "có lẽ", "có thể",
                         "perhaps", "seems like", "tal vez", "hình như", "might be", "probably"]
    static let absences = ["nothing", "no obstacles", "empty", "blank page", "nada", "không có gì", "nobody",
                           "vacío", "none"]
    static let certainties = ["definitely", "certainly", "sin duda", "chắc chắn", "for sure", "clearly"]
    static let markup = ["<b>", "</b>", "**", "[link](http://x.y)", "`", "#", "http://evil.example", "www.x.com",
                         "{subject}", "%@", "&amp;", "@user", "<script>", "|", "\\", "_emph_"]
    static let quotes = ["\"", "“", "”", "'", "«", "»", "‘"]
    static let controls = ["\n", "\r\n", "\t", "\u{0007}", "\u{001B}[31m", "\u{0000}", "\u{2028}", "\u{0085}"]
    static let invisibles = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{202E}"]
    static let foreign = ["车", "автомобиль", "سيارة", "자동차", "αυτοκίνητο", "🚗", "⚠️"]
    static let punctuation = [".", "!", "?", "…", "—", ";", ":", "¿", "¡", "–"]

    mutating func pick(_ pool: [String]) -> String { pool.randomElement(using: &random)! }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    /// One phrase of 1–5 fragments, with random Unicode transforms applied.
    mutating func next() -> String {
        let pools = [Self.openings, Self.distances, Self.directions, Self.dangers, Self.hedges, Self.absences,
                     Self.certainties, Self.markup, Self.quotes, Self.controls, Self.foreign, Self.punctuation]
        var fragments = [pick(Self.subjects)]
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            fragments.insert(pick(pools.randomElement(using: &random)!), at: Int.random(in: 0...fragments.count, using: &random))
        }
        fragments = fragments.map { transform($0) }
        let separator = pick([" ", " ", ", ", "", "  ", " - "])
        return fragments.joined(separator: separator)
    }

    mutating func transform(_ fragment: String) -> String {
        var text = fragment
        if chance(0.15) { text = text.uppercased() }
        if chance(0.12) { text = Self.fullwidth(text) }
        if chance(0.12) { text = Self.homoglyphs(text) }
        if chance(0.15), !text.isEmpty {
            var characters = Array(text)
            characters.insert(contentsOf: pick(Self.invisibles), at: Int.random(in: 0...characters.count, using: &random))
            text = String(characters)
        }
        return text
    }

    /// ASCII letters and digits as their fullwidth forms: "２ ｆｅｅｔ".
    static func fullwidth(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { return scalar }
            return Unicode.Scalar(scalar.value + 0xFEE0)!
        }))
    }

    /// Latin letters swapped for Cyrillic look-alikes.
    static func homoglyphs(_ text: String) -> String {
        let swaps: [Character: Character] = ["a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х"]
        return String(text.map { swaps[$0] ?? $0 })
    }
}
