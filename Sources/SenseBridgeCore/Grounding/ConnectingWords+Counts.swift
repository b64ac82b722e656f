/// The number words a subject phrase may use, reviewed per locale like every connecting
/// word, and how the label list picks one.
///
/// Two to ten, in words: a blind person walking into a room needs to know there are two
/// chairs, not one, and a number word is as checkable as a name, since the grounding rule
/// accepts it only when it equals the covered records of the name it counts. Above ten
/// a count stops being useful to hear and starts costing words, so more than ten is
/// "many", which claims only that (and only more than ten records back it). "one" is not
/// here: a single thing keeps its article ("a chair"), as the reviewed names are written.
/// Spanish two to ten do not agree in gender; "muchos"/"muchas" do.
extension ConnectingWords {
    /// The largest number said as a number; above it, the locale's "many".
    public static let largestCount = 10

    static let englishCounts: [ConnectingWord] = [
        ConnectingWord("two", .count(2), note: "Counts sight records: exactly two covered records of the name."),
        ConnectingWord("three", .count(3), note: "Exactly three covered records of the name."),
        ConnectingWord("four", .count(4), note: "Exactly four covered records of the name."),
        ConnectingWord("five", .count(5), note: "Exactly five covered records of the name."),
        ConnectingWord("six", .count(6), note: "Exactly six covered records of the name."),
        ConnectingWord("seven", .count(7), note: "Exactly seven covered records of the name."),
        ConnectingWord("eight", .count(8), note: "Exactly eight covered records of the name."),
        ConnectingWord("nine", .count(9), note: "Exactly nine covered records of the name."),
        ConnectingWord("ten", .count(10), note: "Exactly ten covered records of the name; the largest count said."),
        ConnectingWord("many", .moreThan(largestCount), note: "More than ten covered records of the name, said instead of the number."),
    ]

    static let spanishCounts: [ConnectingWord] = [
        ConnectingWord("dos", .count(2), note: "Counts sight records: exactly two covered records of the name; no gender agreement."),
        ConnectingWord("tres", .count(3), note: "Exactly three; no gender agreement."),
        ConnectingWord("cuatro", .count(4), note: "Exactly four; no gender agreement."),
        ConnectingWord("cinco", .count(5), note: "Exactly five; no gender agreement."),
        ConnectingWord("seis", .count(6), note: "Exactly six; no gender agreement."),
        ConnectingWord("siete", .count(7), note: "Exactly seven; no gender agreement."),
        ConnectingWord("ocho", .count(8), note: "Exactly eight; no gender agreement."),
        ConnectingWord("nueve", .count(9), note: "Exactly nine; no gender agreement."),
        ConnectingWord("diez", .count(10), note: "Exactly ten; the largest count said."),
        ConnectingWord("muchos", .moreThan(largestCount), agreement: .masculine,
                       note: "More than ten, before a masculine plural (muchos perros)."),
        ConnectingWord("muchas", .moreThan(largestCount), agreement: .feminine,
                       note: "More than ten, before a feminine plural (muchas sillas)."),
    ]

    /// Vietnamese counts stand before the classifier, as "một" does: "hai cái ghế".
    static let vietnameseCounts: [ConnectingWord] = [
        ConnectingWord("hai", .count(2), note: "Exactly two, before the classifier (hai cái ghế)."),
        ConnectingWord("ba", .count(3), note: "Exactly three; \"ba lô\" (backpack) is matched whole as a name first."),
        ConnectingWord("bốn", .count(4), note: "Exactly four."),
        ConnectingWord("năm", .count(5), note: "Exactly five (also \"year\", which no name uses)."),
        ConnectingWord("sáu", .count(6), note: "Exactly six."),
        ConnectingWord("bảy", .count(7), note: "Exactly seven."),
        ConnectingWord("tám", .count(8), note: "Exactly eight."),
        ConnectingWord("chín", .count(9), note: "Exactly nine."),
        ConnectingWord("mười", .count(10), note: "Exactly ten; the largest count said."),
        ConnectingWord("nhiều", .moreThan(largestCount), note: "\"Many\": more than ten, before the classifier (nhiều cái ghế)."),
    ]

    /// The word the label list says before `count` things of one name, agreeing with
    /// `gender` where the locale's word agrees; nil for one (the name's own article).
    public func countWord(_ count: Int, gender: SpokenGender?) -> String? {
        guard count > 1 else { return nil }
        let claim: ConnectingWord.Role = count > Self.largestCount ? .moreThan(Self.largestCount) : .count(count)
        return words.first { $0.role == claim && ($0.agreement == nil || $0.agreement == gender) }?.word
    }
}
