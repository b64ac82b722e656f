/// English counting words, reviewed as data.
///
/// Only what a grouped subject phrase needs: the article for one, and the number and
/// plural for more. Anything not listed follows the regular rules below.
enum EnglishNouns {
    /// Plurals the suffix rules get wrong, for labels common detectors emit.
    static let irregularPlurals: [String: String] = [
        "person": "people",      // COCO's most frequent label
        "child": "children",
        "man": "men",
        "woman": "women",
        "foot": "feet",
        "mouse": "mice",          // the computer mouse, too
        "knife": "knives",        // COCO
        "shelf": "shelves",
        "leaf": "leaves",
        "wolf": "wolves",
        "sheep": "sheep",         // COCO; unchanged
        "deer": "deer",
        "fish": "fish",
        "bus": "buses",
        "glasses": "glasses",     // already plural
        "scissors": "scissors",   // COCO; already plural
        "skis": "skis",           // COCO; already plural
    ]

    /// Words whose first letter misleads the a/an choice.
    static let articleExceptions: [String: String] = [
        "hour": "an", "honest": "an", "heir": "an",
        "one": "a", "once": "a",
        "unicorn": "a", "uniform": "a", "unit": "a", "university": "a", "user": "a",
        "usb": "a", "euro": "a", "european": "a", "ukulele": "a",
        "umbrella": "an",         // COCO; the regular rule, listed because "u" is mixed
    ]

    /// Counts a person can take in at a glance are said as words; beyond ten the exact
    /// number stops being useful to hear, so it is "many". These are the host's own
    /// number words, and it accepts one only when it is exactly the records covered.
    static let numberWords = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    static func plural(_ noun: String) -> String {
        var words = noun.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return noun }
        words.append(pluralWord(last))
        return words.joined(separator: " ")
    }

    static func pluralWord(_ word: String) -> String {
        let lower = word.lowercased()
        if let irregular = irregularPlurals[lower] { return irregular }
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
        if lower.hasSuffix("y"), lower.count > 1,
           !"aeiou".contains(lower[lower.index(lower.endIndex, offsetBy: -2)]) {
            return String(word.dropLast()) + "ies"
        }
        return word + "s"
    }

    static func article(for noun: String) -> String {
        let first = noun.split(separator: " ").first.map { $0.lowercased() } ?? ""
        if let exception = articleExceptions[first] { return exception }
        return first.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// "a chair", "an oven", "two chairs", "many chairs" (over ten). Never "several
    /// chairs" or "a chair" for two: the host refuses a name of sight said without the
    /// number of records it covers, since a blind person would hear one, or not how many.
    static func counted(_ noun: String, count: Int) -> String {
        if count <= 1 { return "\(article(for: noun)) \(noun)" }
        return "\(count > numberWords.count + 1 ? "many" : numberWords[count - 2]) \(plural(noun))"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        if items.count == 1 { return last }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
