import CSenseBridgeABI
import FuzzSupport
import Glibc
import SenseBridgeABICodec
import SenseBridgeCore

/// An `sb_compose_result` laid out in C memory as a plugin would leave it, shaped by
/// the input. Every pointer it holds points at memory of the size its count claims,
/// except where the codec must refuse the count before reading (a count past the ABI's
/// caps, or a NULL array with a count): a plugin that lies about memory in a way the
/// host cannot see is a crash isolation contains, not a parse the codec can check.
struct CComposerResult {
    private(set) var value = sb_compose_result(struct_size: UInt32(MemoryLayout<sb_compose_result>.size), phrases: nil, phrase_count: 0)
    private var allocations: [UnsafeMutableRawPointer] = []

    /// Words a composer might put in a subject: every reviewed name in every locale,
    /// aliases, counts, joiners, and claims the validator must refuse.
    static let words: [String] = {
        var words = Set<String>()
        for entry in SpokenVocabulary.entries {
            for text in [entry.identifier, entry.en, entry.es, entry.vi] {
                words.formUnion(text.split(separator: " ").map(String.init))
            }
        }
        words.formUnion(["two", "three", "several", "dos", "varios", "unas", "hai", "những", "các", "and", "y", "và",
                         "a", "an", "the", "un", "una", "một", "cái", "con", "of", "near", "left", "danger", "clear",
                         "fire", "car", "speeding", "green", "light", "sofa", "tv", "zorbulator", "EXIT", "Sol",
                         "chairs", "people", "sillas", "ghế", ","])
        return words.sorted()
    }()

    init(_ input: inout FuzzInput, records: [PerceptionRecord], locale: SpokenLocale, maximumBytes: Int) {
        let recordCount = records.count
        let shape = input.choose(16)
        let count: Int
        switch shape {
        case 0: count = ABICodec.maximumPhrases + 1 + Int(input.byte())  // a hostile count
        case 1: count = Int.max
        default: count = input.choose(recordCount + 2)  // one more than records: too many phrases
        }
        let stored = min(count, recordCount + 2)
        let phrases = allocate(sb_phrase.self, max(stored, 1))
        for index in 0..<stored {
            phrases[index] = phrase(&input, records: records, locale: locale, maximumBytes: maximumBytes)
        }
        value.phrases = shape == 2 && count > 0 ? nil : UnsafePointer(phrases)
        value.phrase_count = count
    }

    private mutating func phrase(_ input: inout FuzzInput, records: [PerceptionRecord], locale: SpokenLocale,
                                 maximumBytes: Int) -> sb_phrase {
        let recordCount = records.count
        let streams: [sb_stream] = [SB_STREAM_SIGHT, SB_STREAM_SIGHT, SB_STREAM_SOUND, SB_STREAM_SOUND, SB_STREAM_TEXT, 0, 4, .max]
        var c = sb_phrase(stream: streams[input.choose(streams.count)], text: nil, record_indices: nil, record_index_count: 0)
        var named: [Int] = []
        switch input.choose(10) {
        case 0: break  // NULL text
        case 1: c.text = cString(input.chunk())  // any bytes: invalid UTF-8, NUL inside
        case 2:  // past the byte cap for the request's word ceiling
            let word = Array(Self.words[input.choose(Self.words.count)].utf8) + [0x20]
            c.text = cString(Array(repeating: word, count: maximumBytes / word.count + 1).flatMap { $0 })
        case 3, 4, 5:
            // The scene's own names, as an honest composer (or a plausible liar) writes
            // them: without these, almost nothing random grounds, and the paths that
            // accept a phrase and choose its hedge would go unfuzzed.
            named = (0..<(1 + input.choose(3))).map { _ in input.choose(recordCount) }
            let joiner = [SpokenLocale.en: " and ", .es: " y ", .vi: " và "][locale]!
            let names = named.map { index in
                let label = records[index].label
                return input.bool() ? label : SpokenVocabulary.entry(for: label)?.phrase(locale) ?? label
            }
            c.text = cString(Array(names.joined(separator: input.bool() ? joiner : ", ").utf8))
        default:
            let words = (0..<(1 + input.choose(6))).map { _ in Self.words[input.choose(Self.words.count)] }
            c.text = cString(Array(words.joined(separator: " ").utf8))
        }
        switch input.choose(8) {
        case 0:  // a count with a NULL array
            c.record_index_count = 1 + input.choose(4)
        case 1:  // past the ABI's cap, refused unread
            c.record_index_count = ABICodec.maximumIndicesPerPhrase + 1
        case 2, 3, 4 where !named.isEmpty:  // the records the text names
            let stored = allocate(UInt32.self, named.count)
            for (offset, index) in named.enumerated() { stored[offset] = UInt32(index) }
            c.record_indices = UnsafePointer(stored)
            c.record_index_count = named.count
        default:
            let indices = (0..<input.choose(5)).map { _ in UInt32(input.choose(recordCount + 2)) }
            let stored = allocate(UInt32.self, max(indices.count, 1))
            for (offset, index) in indices.enumerated() { stored[offset] = index }
            c.record_indices = UnsafePointer(stored)
            c.record_index_count = indices.count
        }
        return c
    }

    private mutating func allocate<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: count)
        allocations.append(UnsafeMutableRawPointer(memory))
        return memory
    }

    private mutating func cString(_ bytes: [UInt8]) -> UnsafePointer<CChar> {
        let memory = allocate(CChar.self, bytes.count + 1)
        for (offset, byte) in bytes.enumerated() { memory[offset] = CChar(bitPattern: byte) }
        memory[bytes.count] = 0
        return UnsafePointer(memory)
    }

    func free() {
        for memory in allocations { memory.deallocate() }
    }
}
