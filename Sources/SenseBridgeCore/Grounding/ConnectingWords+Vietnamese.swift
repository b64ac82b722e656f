extension ConnectingWords {
    /// Vietnamese nouns need no article; "một" (one) and a classifier usually precede
    /// a counted thing. "cây" is left out: it is also the noun "tree". "tiếng" (the
    /// sound of) is not here: it is part of every reviewed sound name.
    public static let vi = ConnectingWords(locale: .vi, [
        ConnectingWord("và", .conjunction, note: "Joins the names of a list."),
        ConnectingWord("một", .article, note: "\"One\", the usual indefinite before a classifier; the one number word allowed, as every reviewed name uses it."),
        ConnectingWord("những", .pluralQuantity, note: "Plural marker: claims more than one."),
        ConnectingWord("các", .pluralQuantity, note: "Plural marker (all of them): claims more than one."),
        ConnectingWord("vài", .pluralQuantity, note: "\"A few\": claims more than one."),
        ConnectingWord("cái", .classifier, note: "Classifier for objects (một cái ghế)."),
        ConnectingWord("chiếc", .classifier, note: "Classifier for vehicles and single items (một chiếc ô tô)."),
        ConnectingWord("con", .classifier, note: "Classifier for animals (một con chó)."),
        ConnectingWord("quyển", .classifier, note: "Classifier for books."),
        ConnectingWord("cuốn", .classifier, note: "Classifier for books, southern usage."),
        ConnectingWord("tờ", .classifier, note: "Classifier for sheets of paper."),
        ConnectingWord("bức", .classifier, note: "Classifier for walls and pictures (một bức tường)."),
        ConnectingWord("cánh", .classifier, note: "Classifier for doors and gates (một cánh cửa)."),
        ConnectingWord("tấm", .classifier, note: "Classifier for flat things such as signs (một tấm biển)."),
    ] + vietnameseCounts)
}
