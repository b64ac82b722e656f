/// The languages a page is read with.
enum LanguageChoice {
    /// The person's own language first, then every other of `pageLocales` this plugin
    /// reads and has the data for, in the order given, each once.
    ///
    /// nil `pageLocales` means the host pinned the language: `locale` alone, so a page the
    /// person said is Spanish is never read as Vietnamese. The person's own language is
    /// always read, installed or not (its missing data is the error the person needs);
    /// another page locale without data, or one tesseract is not set up to read here, is
    /// left out: the page is still read in the languages that are there.
    static func languages(locale: String, pageLocales: [String]?,
                          installed: (TesseractLanguage) -> Bool) throws -> [TesseractLanguage] {
        var chosen = [try TesseractLanguage(locale: locale)]
        for other in pageLocales ?? [] {
            guard let language = try? TesseractLanguage(locale: other), !chosen.contains(language), installed(language) else { continue }
            chosen.append(language)
        }
        return chosen
    }
}
