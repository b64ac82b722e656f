import Testing
@testable import SenseBridgeCore

/// Which language a block is read in: each language's running text told apart whoever is
/// listening, and every doubt (short, mixed, names, numbers) kept in the person's locale.
@Suite struct BlockLanguageTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var text: String
        var language: SpokenLocale
        var testDescription: String { "\(language.rawValue): \(text)" }
    }

    /// Running text in each language, as tesseract gives it: some with the accents a
    /// single-language read loses ("manana"), the tone marks Vietnamese keeps.
    static let running: [Row] = [
        Row(text: "The pharmacy opens at nine in the morning and closes at six.", language: .en),
        Row(text: "Take two tablets with water, and do not drive after you have taken them.", language: .en),
        Row(text: "This medicine is for adults only; keep it out of the reach of children.", language: .en),
        Row(text: "La farmacia abre a las nueve de la mañana y cierra a las seis.", language: .es),
        Row(text: "La farmacia abre a las nueve de la manana y cierra a las seis.", language: .es),
        Row(text: "¿Dónde está la estación de tren más cercana?", language: .es),
        Row(text: "Tome dos comprimidos con agua y no conduzca después de tomarlos.", language: .es),
        Row(text: "Este medicamento es solo para adultos; manténgalo fuera del alcance de los niños.", language: .es),
        Row(text: "Nhà thuốc mở cửa lúc chín giờ sáng và đóng cửa lúc sáu giờ chiều.", language: .vi),
        Row(text: "Uống hai viên với nước, không lái xe sau khi uống thuốc.", language: .vi),
        Row(text: "Thuốc này chỉ dành cho người lớn; để xa tầm tay trẻ em.", language: .vi),
        // The sample pages' paragraphs and headings (scripts/make-sample-page.py), which the
        // bench's mixed pages put together, with their lines as tesseract breaks them.
        Row(text: "Dr. Rivera saw Maria on Monday morning and\nwrote a new prescription: take 3.5 ml of the\nsyrup twice a day, after breakfast and after din-\nner, for the next ten days.", language: .en),
        Row(text: "Please bring this letter to the pharmacy on\nElm Street. Call the front desk if the pain\ncomes back or if you have any questions.", language: .en),
        Row(text: "El señor Núñez cambiará el ascensor el miércoles.\n¿Necesita ayuda con las escaleras? ¡Llame a la\nportería antes de las nueve de la mañana!", language: .es),
        Row(text: "Bác sĩ dặn uống thuốc hai lần mỗi ngày,\nsau bữa sáng và sau bữa tối. Nếu còn đau,\nxin gọi điện cho chúng tôi trước thứ Sáu.", language: .vi),
        Row(text: "Notes from the Clinic", language: .en),
        Row(text: "Thông báo của phòng khám", language: .vi),
    ]

    @Test("running text is told apart whoever is listening", arguments: running, SpokenLocale.allCases)
    func runningTextIsToldApart(row: Row, person: SpokenLocale) {
        let candidates = BlockLanguage.pageLocales(person: person)
        #expect(BlockLanguage.identify(row.text, among: candidates, person: person) == row.language)
    }

    /// Too short, too mixed or without words: what a guess would get wrong, so it is not made.
    static let unsure: [String] = [
        "¿Dónde?", "Café", "Hà Nội", "OK", "Total", "Total: 12,50 €", "12 34 56 — 78", "",
        "La Paz",
        // A three-word heading with one function word: too little to switch for.
        "Aviso del edificio",
        // Names in another language's letters inside an English sentence: a name says
        // where the name comes from, not what the sentence is written in.
        "Visit Hà Nội this summer with the family.",
        "Visit Hà Nội this summer",
        "Nguyễn Văn An lives in Hà Nội with his family.",
        "Prescribed by Dr. José Martínez for María López.",
        "The café on Calle de la Rosa serves tapas y más.",
        // A label with no English function word at all: only the names' letters, no evidence.
        "Patient Nguyễn Thị Hồng Nhung, born 1948 in Hà Nội.",
        // A quoted phrase: one function word of another language is not enough.
        "The sign said salida de emergencia in red letters.",
        // Half one language, half another: neither clearly beats the other.
        "Open the door and the window, la puerta de la casa.",
        // Names and numbers: nothing to tell a language by.
        "Nguyen Garcia Smith 42 Lopez Tran",
    ]

    @Test("short, quoted and nameless text keeps an English listener's locale", arguments: unsure)
    func unsureTextKeepsThePersonsLocale(text: String) {
        #expect(BlockLanguage.identify(text, among: BlockLanguage.pageLocales(person: .en), person: .en) == .en)
    }

    @Test("short text keeps a Spanish or Vietnamese listener's locale", arguments: ["OK", "Total", "Hà Nội", "¿Dónde?", "The end"],
          [SpokenLocale.es, .vi])
    func shortTextKeepsTheLocale(text: String, person: SpokenLocale) {
        #expect(BlockLanguage.identify(text, among: BlockLanguage.pageLocales(person: person), person: person) == person)
    }

    @Test("the answer is always a candidate: a language not asked for is never chosen")
    func onlyCandidatesAreChosen() {
        let vietnamese = Self.running.filter { $0.language == .vi }.map(\.text)
        for text in vietnamese {
            #expect(BlockLanguage.identify(text, among: [.en, .es], person: .en) == .en)
            #expect(BlockLanguage.identify(text, among: [.es], person: .es) == .es)
        }
        let spanish = Self.running.filter { $0.language == .es }.map(\.text)
        for text in spanish {
            #expect(BlockLanguage.identify(text, among: [.en], person: .en) == .en, "a pinned locale never changes")
            #expect(BlockLanguage.identify(text, among: [], person: .vi) == .vi)
        }
    }

    @Test("the page locales are the person's first, then the others, each once", arguments: SpokenLocale.allCases)
    func pageLocalesStartWithThePersons(person: SpokenLocale) {
        let locales = BlockLanguage.pageLocales(person: person)
        #expect(locales.first == person)
        #expect(Set(locales) == Set(SpokenLocale.allCases) && locales.count == SpokenLocale.allCases.count)
    }

    @Test("no function word is listed for two languages, nor any word another of them uses")
    func functionWordListsDoNotOverlap() {
        let lists = BlockLanguage.functionWords
        for (one, other) in [(SpokenLocale.en, SpokenLocale.es), (.en, .vi), (.es, .vi)] {
            let shared = lists[one]!.intersection(lists[other]!)
            #expect(shared.isEmpty, "\(one) and \(other) share \(shared.sorted())")
        }
        let everyList = lists.values.reduce(Set<String>()) { $0.union($1) }
        let sharedWords: Set<String> = ["a", "no", "me", "he", "once", "son", "con", "o", "do", "an", "in", "sin"]
        #expect(everyList.isDisjoint(with: sharedWords), "\(everyList.intersection(sharedWords).sorted())")
        #expect(everyList.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty && $0.allSatisfy(\.isLetter) })
    }
}
