import Foundation

/// Reviewed, article-first names for the identifiers detectors produce.
///
/// Whole phrases, not article plus noun: Spanish agrees the article with gender ("una
/// silla", "un perro") and Vietnamese picks a classifier by the kind of thing ("một cái
/// ghế", "một con chó", "một quyển sách"); neither can be derived from an English
/// identifier, so composing one at run time would be the guess this table avoids.
/// A partial table, not a translated vocabulary: an identifier with no entry falls back
/// to an English phrase derived from the identifier, which degrades the language and
/// never the accuracy. Locale changes wording only, never which detections are named.
///
/// Singular, article-first forms here; the counted forms ("two chairs", "dos sillas",
/// "hai cái ghế") are reviewed beside them (`CountedName`), because they differ per
/// language in ways no rule derives. A count says how many records of one name the
/// detector reported, which is exactly what it claimed: two boxes around one chair are
/// the detector's and the stabiliser's to merge, and a doubtful second box weakens the
/// whole group's hedge, which comes from its weakest record.
public enum SpokenVocabulary {
    /// Every reviewed entry, sight then sound.
    public static let entries: [VocabularyEntry] = sightEntries + soundEntries

    /// The lookup key for an identifier: lowercased, spaces and hyphens as underscores,
    /// with the handful of detector aliases mapped to one reviewed entry.
    public static func canonicalIdentifier(_ identifier: String) -> String {
        let key = identifierWords(identifier).joined(separator: "_")
        return aliases[key] ?? key
    }

    /// The words of an identifier as the detector wrote it, before aliases:
    /// "Traffic-Light" → traffic, light.
    public static func identifierWords(_ identifier: String) -> [String] {
        let lower = identifier.lowercased()
        // In ASCII each character is one byte ("\r\n" aside, whose bytes are both
        // whitespace), and the whitespace characters are tab through carriage return and space.
        if TextNormalization.isASCII(lower), let words = lower.utf8.withContiguousStorageIfAvailable({ bytes in
            var words: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x5F || bytes[index] == 0x2D
                || bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
                if index > start { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return words
        }) {
            return words
        }
        return lower.split(whereSeparator: { $0 == "_" || $0 == "-" || $0.isWhitespace }).map(String.init)
    }

    /// The reviewed entry for an identifier, if there is one.
    public static func entry(for identifier: String) -> VocabularyEntry? {
        byIdentifier[canonicalIdentifier(identifier)]
    }

    /// The subject phrase for an identifier in a locale: the reviewed phrase, or the
    /// English phrase derived from the identifier when there is none.
    public static func subject(for identifier: String, locale: SpokenLocale) -> String {
        if let entry = entry(for: identifier) { return entry.phrase(locale) }
        return englishFallback(for: identifier)
    }

    /// "traffic_cone" → "a traffic cone", "umbrella_stand" → "an umbrella stand".
    /// Empty for an identifier with no letters, so callers drop it rather than guess.
    public static func englishFallback(for identifier: String) -> String {
        let words = canonicalIdentifier(identifier).split(separator: "_").map(String.init)
        guard let first = words.first else { return "" }
        return "\(indefiniteArticle(before: first)) \(words.joined(separator: " "))"
    }

    /// "a" or "an" by the sound of the next word, with the common spelling exceptions
    /// ("a unicycle", "an hour") so the fallback does not sound machine-made.
    static func indefiniteArticle(before word: String) -> String {
        let lower = word.lowercased()
        if anSoundingExceptions.contains(where: { lower.hasPrefix($0) }) { return "an" }
        if aSoundingExceptions.contains(where: { lower.hasPrefix($0) }) { return "a" }
        guard let first = lower.first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    static let aSoundingExceptions = ["uni", "use", "usu", "uti", "eu", "one", "once", "ur"]
    static let anSoundingExceptions = ["hour", "honest", "honor", "honour", "heir"]

    /// Detector spellings that mean an identifier already in the table: COCO's own
    /// names where they differ ("dining table", "sports ball", "remote", "hair drier";
    /// "wine glass" and "teddy bear" need none, spaces being underscores already).
    /// Only a spelling that can mean nothing else: COCO's "mouse" is the pointing device,
    /// but "mouse" from any other detector is first the animal, and naming an animal a
    /// device misleads where the English fallback "a mouse" does not, so the object
    /// detector reports computer_mouse and "mouse" is no alias.
    static let aliases: [String: String] = [
        "dining_table": "table", "sports_ball": "ball", "remote": "remote_control", "hair_drier": "hair_dryer",
        "aeroplane": "airplane", "doughnut": "donut",
        "tv": "television", "tvmonitor": "television", "sofa": "couch",
        "cellphone": "cell_phone", "mobile_phone": "cell_phone", "phone": "cell_phone",
        "bike": "bicycle", "motorbike": "motorcycle", "fridge": "refrigerator",
        "bin": "trash_can", "garbage_can": "trash_can", "door_way": "doorway",
        "staircase": "stairs", "stairway": "stairs", "lift": "elevator",
        "dog_bark": "dog_barking", "bark": "dog_barking", "crying_baby": "baby_crying",
        "baby_cry": "baby_crying", "vehicle_horn": "car_horn", "door_knock": "knock",
        "knocking": "knock", "ambulance_siren": "siren", "police_siren": "siren",
        "glass_break": "glass_breaking", "running_water": "water_running",
        "talking": "speech", "conversation": "speech", "telephone": "telephone_ringing",
        "phone_ringing": "telephone_ringing", "cat_meow": "cat_meowing",
        "footstep": "footsteps", "clapping": "applause", "cough": "coughing",
        "laugh": "laughter", "laughing": "laughter", "yelling": "shouting",
        "reversing_beep": "reversing_beeps", "backup_beeper": "reversing_beeps",
    ]

    /// The other spellings a plugin may report for a reviewed identifier, in canonical
    /// form and sorted ("dining_table" for "table"): a plugin author reads them beside the
    /// identifier (`sensebridge vocabulary`), since the host names them alike.
    public static func otherSpellings(of identifier: String) -> [String] {
        aliases.filter { $0.value == identifier }.map(\.key).sorted()
    }

    static let byIdentifier = table(entries, identifier: \.identifier)

    /// Reviewed rows by identifier; one identifier reviewed twice is a mistake in the data.
    static func table<Row>(_ rows: [Row], identifier: KeyPath<Row, String>) -> [String: Row] {
        var table: [String: Row] = [:]
        for row in rows {
            precondition(table[row[keyPath: identifier]] == nil, "\(Row.self) \(row[keyPath: identifier]) is reviewed twice")
            table[row[keyPath: identifier]] = row
        }
        return table
    }
}
