/// One way a phrase may name a thing in the scene: "chair", "chairs", "silla de ruedas".
struct NameForm: Equatable, Sendable {
    /// In comparison form (`GroundingText.key`).
    let words: [String]
    /// The records' name keys (`LabelListComposition.nameKey`) this form names.
    var keys: Set<String>
    let number: GrammaticalNumber
    /// A plural the phrase made ("chairs" for "chair"), not the reviewed name's own
    /// number: it claims more than one, which the covered records must back.
    let isMadePlural: Bool
    /// A singular countable name that must follow an article or classifier ("a chair",
    /// "una silla"); a mass name ("traffic", "música") and Vietnamese never need one.
    let needsDeterminer: Bool
    /// Whether a number word may count it: a plural form ("chairs", "dos paraguas"), and
    /// every Vietnamese form, as Vietnamese nouns do not inflect; never an English or
    /// Spanish singular ("two chair" is not a count of chairs).
    var takesCount: Bool

    init(words: [String], keys: Set<String>, number: GrammaticalNumber, isMadePlural: Bool, needsDeterminer: Bool,
         takesCount: Bool? = nil) {
        self.words = words
        self.keys = keys
        self.number = number
        self.isMadePlural = isMadePlural
        self.needsDeterminer = needsDeterminer
        self.takesCount = takesCount ?? (number == .plural)
    }
}

/// Every name form of the records of one stream, in one locale: what a phrase about
/// this scene may call each thing.
///
/// Built from the host's own knowledge, never from the composer's: a record's reviewed
/// name in the locale (SpokenVocabulary) and its plural; in English also the words of
/// its identifier; in Spanish and Vietnamese the English fallback only for a label with
/// no reviewed name there — exactly what the label list itself would say.
struct GroundingLexicon {
    let locale: SpokenLocale
    private var formsByFirstWord: [String: [NameForm]] = [:]

    init(records: [PerceptionRecord], stream: PerceptionStream, locale: SpokenLocale) {
        self.locale = locale
        var seen = Set<String>()
        for record in records where record.stream == stream {
            let key = LabelListComposition.nameKey(record, stream: stream)
            guard !key.isEmpty, seen.insert(record.label).inserted else { continue }
            for form in Self.forms(label: record.label, key: key, locale: locale) { add(form) }
        }
        for key in formsByFirstWord.keys {
            formsByFirstWord[key]?.sort { $0.words.count > $1.words.count }
        }
    }

    /// The longest form that starts at `start` in `words`.
    func longestMatch(in words: [String], at start: Int) -> NameForm? {
        formsByFirstWord[words[start]]?.first { form in
            start + form.words.count <= words.count && Array(words[start..<(start + form.words.count)]) == form.words
        }
    }

    /// A form already known by its words keeps its grammar (the reviewed name comes
    /// first) and gains the new key, so two labels sharing a name are both named by it.
    private mutating func add(_ form: NameForm) {
        guard let first = form.words.first else { return }
        // In place: a copy of the list would be made on every form added.
        if let existing = formsByFirstWord[first]?.firstIndex(where: { $0.words == form.words }) {
            formsByFirstWord[first]![existing].keys.formUnion(form.keys)
            // "paraguas" is the singular and the counted plural alike.
            if form.takesCount { formsByFirstWord[first]![existing].takesCount = true }
        } else {
            formsByFirstWord[first, default: []].append(form)
        }
    }

    static func forms(label: String, key: String, locale: SpokenLocale) -> [NameForm] {
        var forms: [NameForm] = []
        if let entry = SpokenVocabulary.entry(for: label) {
            if key == entry.identifier, let known = reviewedForms[locale]?[key] {
                forms += known
            } else {
                forms += reviewed(entry.phrase(locale), number: entry.number(locale), key: key, locale: locale)
                    + counted(SpokenVocabulary.countedName(for: label), key: key, locale: locale)
            }
            if locale == .en { forms += identifierForms(label, key: key) }
        } else if locale == .en {
            forms += identifierForms(label, key: key)
        } else {
            forms += englishFallbackForms(label, key: key)
        }
        return forms
    }

    /// Every reviewed entry's forms in every locale, keyed by its identifier (a record's
    /// name key when the entry is its): read from the vocabulary once rather than for
    /// each record of each moment.
    static let reviewedForms: [SpokenLocale: [String: [NameForm]]] = Dictionary(uniqueKeysWithValues: SpokenLocale.allCases.map { locale in
        (locale, Dictionary(uniqueKeysWithValues: SpokenVocabulary.entries.map { entry in
            (entry.identifier, reviewed(entry.phrase(locale), number: entry.number(locale), key: entry.identifier, locale: locale)
                + counted(SpokenVocabulary.countedName(for: entry.identifier), key: entry.identifier, locale: locale))
        }))
    })

    /// The reviewed counted form ("staircases", "autobuses", "cái ghế") as a plural name,
    /// so what the label list counts with is a name the grounding rule knows.
    static func counted(_ name: CountedName?, key: String, locale: SpokenLocale) -> [NameForm] {
        guard let name else { return [] }
        let words = GroundingText.keys(name.plural(locale), locale: locale)
        let connecting = ConnectingWords.forLocale(locale)
        let core = Array(words.drop { connecting.word(matching: $0)?.role == .classifier })
        guard !core.isEmpty else { return [] }
        return [NameForm(words: core, keys: [key], number: locale == .vi ? .singular : .plural,
                         isMadePlural: locale != .vi, needsDeterminer: false, takesCount: true)]
    }

    /// "una silla" → "silla" (needing an article) and "sillas"; "some stairs" → "stairs".
    static func reviewed(_ phrase: String, number: GrammaticalNumber, key: String, locale: SpokenLocale) -> [NameForm] {
        let words = GroundingText.keys(phrase, locale: locale)
        let connecting = ConnectingWords.forLocale(locale)
        let leading = words.prefix { connecting.word(matching: $0)?.isDeterminer == true }.count
        let core = leading < words.count ? Array(words[leading...]) : words
        let countable = leading > 0 && number == .singular && locale != .vi
        var forms = [NameForm(words: core, keys: [key], number: number, isMadePlural: false, needsDeterminer: countable,
                              takesCount: locale == .vi || number == .plural)]
        if number == .singular, let plural = Plural.name(core, locale: locale), plural != core {
            forms.append(NameForm(words: plural, keys: [key], number: .plural, isMadePlural: true, needsDeterminer: false))
        }
        return forms
    }

    /// English names from the identifier as the detector wrote it and as the host reads
    /// it: "sofa" and "couch", "cell phone" beside the reviewed "phone".
    static func identifierForms(_ label: String, key: String) -> [NameForm] {
        let written = SpokenVocabulary.identifierWords(label), read = key.split(separator: "_").map(String.init)
        // Usually one spelling: a second identical one would only add the same forms again.
        let spellings = written == read ? [written] : [written, read]
        var forms: [NameForm] = []
        for words in spellings where !words.isEmpty {
            let keys = words.map { GroundingText.key($0, locale: .en) }
            forms.append(NameForm(words: keys, keys: [key], number: .singular, isMadePlural: false, needsDeterminer: true))
            if let plural = Plural.name(keys, locale: .en), plural != keys {
                forms.append(NameForm(words: plural, keys: [key], number: .plural, isMadePlural: true, needsDeterminer: false))
            }
        }
        return forms
    }

    /// In Spanish or Vietnamese, a label with no reviewed name is said in English, with
    /// its English article ("Puede que haya an umbrella stand."), as the label list says
    /// it, and counted with the locale's number and the English plural ("dos umbrella stands").
    static func englishFallbackForms(_ label: String, key: String) -> [NameForm] {
        let fallback = GroundingText.keys(SpokenVocabulary.englishFallback(for: label), locale: .en)
        let bare = key.split(separator: "_").map { GroundingText.key(String($0), locale: .en) }
        var forms = [fallback, bare].filter { !$0.isEmpty }.map {
            NameForm(words: $0, keys: [key], number: .singular, isMadePlural: false, needsDeterminer: false)
        }
        if let plural = Plural.name(bare, locale: .en), plural != bare {
            forms.append(NameForm(words: plural, keys: [key], number: .plural, isMadePlural: true, needsDeterminer: false))
        }
        return forms
    }
}
