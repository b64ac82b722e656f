@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Seeded scenes and the phrases a careless or lying composer returns for them: true
/// names, names of things not in the scene, aliases, wrong coverage, plurals a count
/// does not back, English in a Spanish or Vietnamese session, another locale's name,
/// and claims dressed as names. Most must be refused; some are honest, so the
/// acceptance path is exercised too.
struct GroundingScenarioGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// Detector spellings for reviewed entries; a composer may use either.
    static let aliases = ["sofa", "tv", "bike", "fridge", "phone", "motorbike", "staircase", "lift", "bin"]
    static let unreviewedSight = ["zorbulator", "umbrella_stand", "garden_gnome", "coat_rack"]
    static let unreviewedSound = ["quux_hum", "fan_whir"]
    static let claims = ["a speeding car", "an oncoming car", "a green light", "a walk signal", "a fire",
                         "a low branch at head height", "a chair underfoot", "a pair of chairs", "a loaded gun",
                         "una silla rota", "một cái ghế đổ"]

    /// Every label a scene may hold, by stream.
    static let sightLabels = SpokenVocabulary.entries.filter { $0.stream == .sight }.map(\.identifier) + unreviewedSight + aliases
    static let soundLabels = SpokenVocabulary.entries.filter { $0.stream == .sound }.map(\.identifier) + unreviewedSound

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    mutating func pick<T>(_ pool: [T]) -> T { pool.randomElement(using: &random)! }

    /// One to six sight and sound records with confidences across every bucket and below
    /// the floor, some labels twice; never two spellings of one thing (that is one name).
    mutating func scene() -> [PerceptionRecord] {
        var records: [PerceptionRecord] = []
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let confidence = Double.random(in: 0.2...1, using: &random)
            if let twin = records.randomElement(using: &random), chance(0.3) {
                records.append(PerceptionRecord(kind: twin.kind, label: twin.label, confidence: confidence))
                continue
            }
            let sound = chance(0.3)
            let label = pick(sound ? Self.soundLabels : Self.sightLabels)
            let canonical = SpokenVocabulary.canonicalIdentifier(label)
            if records.contains(where: { SpokenVocabulary.canonicalIdentifier($0.label) == canonical && $0.label != label }) { continue }
            records.append(PerceptionRecord(kind: sound ? .sound : .object, label: label, confidence: confidence))
        }
        return records
    }

    /// One to three phrases for `records`.
    mutating func phrases(for records: [PerceptionRecord], locale: SpokenLocale) -> [SubjectPhrase] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in phrase(for: records, locale: locale) }
    }

    mutating func phrase(for records: [PerceptionRecord], locale: SpokenLocale) -> SubjectPhrase {
        let stream: PerceptionStream = records.contains { $0.kind == .sound } && chance(0.35) ? .sound : .sight
        let own = records.indices.filter { records[$0].stream == stream }
        var names: [String] = []
        var named: [Int] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let (name, indices) = name(records: records, own: own, stream: stream, locale: locale)
            names.append(name)
            named += indices
        }
        let text = names.joined(separator: pick([" and ", " y ", " và ", ", "]))
        var covered = Array(Set(named)).sorted()
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55: break  // what it names
        case 55..<70: if covered.count > 1 { covered.removeLast() }  // claims fewer than it names
        case 70..<85: if let extra = own.randomElement(using: &random) { covered = Array(Set(covered + [extra])).sorted() }
        default: covered = (0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0..<records.count, using: &random) }
        }
        return SubjectPhrase(stream: stream, text: text, recordIndices: covered)
    }

    /// A name and the records it is meant to cover (none for a name not in the scene).
    mutating func name(records: [PerceptionRecord], own: [Int], stream: PerceptionStream,
                       locale: SpokenLocale) -> (String, [Int]) {
        let labels = stream == .sight ? Self.sightLabels : Self.soundLabels
        guard let index = own.randomElement(using: &random) else { return (pick(Self.claims), []) }
        let label = records[index].label
        let entry = SpokenVocabulary.entry(for: label)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40:  // the label list's own words for it
            return (SpokenVocabulary.subject(for: label, locale: locale), [index])
        case 40..<55:  // something not in the scene
            let stranger = pick(labels.filter { candidate in !records.contains { $0.label == candidate } })
            return (SpokenVocabulary.subject(for: stranger, locale: locale), [index])
        case 55..<63:  // an alias spelling, or the identifier as written
            return ("a " + label.replacingOccurrences(of: "_", with: " "), [index])
        case 63..<69:  // a count, right or one off, of the twins it covers
            let twins = own.filter { records[$0].label == label }
            let count = max(twins.count + Int.random(in: -1...1, using: &random), 2)
            return (SpokenVocabulary.subject(for: label, locale: locale, count: count)
                    ?? SpokenVocabulary.subject(for: label, locale: locale), twins)
        case 69..<75:  // a plural, backed by a twin or not
            let twins = own.filter { records[$0].label == label }
            let core = SpokenVocabulary.subject(for: label, locale: locale).split(separator: " ").last.map(String.init) ?? label
            let plural = [SpokenLocale.en: "several \(core)s", .es: "unas \(core)s", .vi: "những \(core)"][locale]!
            return (plural, twins)
        case 75..<87:  // English, or another locale's reviewed name
            let other = pick(SpokenLocale.allCases.filter { $0 != locale })
            return (entry.map { chance(0.5) ? $0.en : $0.phrase(other) } ?? label, [index])
        default:
            return (pick(Self.claims), [index])
        }
    }
}
