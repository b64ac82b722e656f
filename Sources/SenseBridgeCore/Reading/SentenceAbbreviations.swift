/// The abbreviations after which a full stop does not end a sentence, per locale.
///
/// Each is written as it appears before its final full stop ("e.g", "Th.S"), matched
/// exactly and case-sensitively: "No." before a number is an abbreviation, "no." at the
/// end of a reply is not. Capitalized forms are listed where a sentence may begin with
/// one. Swift compares strings by canonical equivalence, so "pág" typed with a
/// combining accent matches.
///
/// Two kinds, because the cost of a mistake differs:
/// - `beforeName`: titles and labels that are always followed by what they qualify (a
///   name, a number). A full stop after one never ends a sentence.
/// - `mayEndSentence`: "etc.", "p.m." — they end sentences often, so a full stop after
///   one ends the sentence when the next word begins with a capital, as any other would.
struct SentenceAbbreviations: Sendable {
    let beforeName: Set<String>
    let mayEndSentence: Set<String>

    static func forLocale(_ locale: SpokenLocale) -> SentenceAbbreviations {
        switch locale {
        case .en: return english
        case .es: return spanish
        case .vi: return vietnamese
        }
    }

    /// "St." is kept with what follows: as "Saint" it always is, and "Main St. The…"
    /// costs only a longer utterance, where splitting "St. Paul" would cut a name.
    static let english = SentenceAbbreviations(
        beforeName: ["Mr", "Mrs", "Ms", "Dr", "Prof", "St", "Mt", "e.g", "E.g", "i.e", "I.e",
                     "vs", "cf", "No", "Nos", "Fig", "Figs", "approx", "Approx", "p", "pp", "vol", "Vol"],
        mayEndSentence: ["etc", "a.m", "p.m", "Jr", "Sr", "Inc", "Ltd", "Co"])

    /// "p. ej." arrives as the tokens "p." and "ej."; "EE. UU." as "EE." and "UU.".
    static let spanish = SentenceAbbreviations(
        beforeName: ["Sr", "Sra", "Srta", "Sres", "Dr", "Dra", "Ud", "Uds", "Vd", "Vds", "D", "Dña",
                     "Prof", "Lic", "Ing", "Av", "Avda", "pág", "págs", "Pág", "núm", "Núm", "nº",
                     "aprox", "Aprox", "ej", "EE", "fig", "Fig", "vol", "cap"],
        mayEndSentence: ["etc", "a.m", "p.m", "UU", "S.A", "S.L"])

    /// Titles and place labels written before names: "TP. Hồ Chí Minh", "PGS.TS. Nguyễn…",
    /// "tr. 12" (trang, page). "v.v." (vân vân) is the "etc." that ends sentences.
    static let vietnamese = SentenceAbbreviations(
        beforeName: ["TP", "Tp", "GS", "PGS", "TS", "ThS", "Th.S", "BS", "KS", "CN", "GS.TS", "PGS.TS",
                     "Q", "P", "TX", "TT", "NXB", "tr", "Tr", "St"],
        mayEndSentence: ["v.v", "V.v"])
}
