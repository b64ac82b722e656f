extension ConnectingWords {
    public static let en = ConnectingWords(locale: .en, [
        ConnectingWord("a", .article, note: "Indefinite article before a singular name."),
        ConnectingWord("an", .article, note: "Indefinite article before a vowel sound."),
        ConnectingWord("the", .article, note: "Definite article; names the same thing and claims nothing more."),
        ConnectingWord("and", .conjunction, note: "Joins the names of a list; commas also separate."),
        ConnectingWord("some", .quantity, note: "Before a plural or mass name (\"some stairs\"); says no number."),
        ConnectingWord("several", .pluralQuantity,
                       note: "Claims more than one: only before a name two or more covered records carry."),
    ] + englishCounts)
}
