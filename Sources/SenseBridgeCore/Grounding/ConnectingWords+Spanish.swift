extension ConnectingWords {
    public static let es = ConnectingWords(locale: .es, [
        ConnectingWord("un", .article, note: "Indefinite article, masculine singular."),
        ConnectingWord("una", .article, note: "Indefinite article, feminine singular."),
        ConnectingWord("unos", .quantity, note: "Indefinite plural; \"unas escaleras\" is one staircase, so it claims no count."),
        ConnectingWord("unas", .quantity, note: "Indefinite plural, feminine; claims no count (\"unas pisadas\")."),
        ConnectingWord("el", .article, note: "Definite article, masculine singular."),
        ConnectingWord("la", .article, note: "Definite article, feminine singular."),
        ConnectingWord("los", .quantity, note: "Definite plural; claims no count beyond the name's own number."),
        ConnectingWord("las", .quantity, note: "Definite plural, feminine."),
        ConnectingWord("y", .conjunction, note: "Joins the names of a list."),
        ConnectingWord("e", .conjunction, note: "\"y\" before a name starting with an i sound."),
        ConnectingWord("varios", .pluralQuantity, note: "Claims more than one: needs two or more covered records."),
        ConnectingWord("varias", .pluralQuantity, note: "Claims more than one, feminine."),
        ConnectingWord("algunos", .pluralQuantity, note: "\"Some\" of a countable plural: claims more than one."),
        ConnectingWord("algunas", .pluralQuantity, note: "As algunos, feminine."),
    ] + spanishCounts)
}
