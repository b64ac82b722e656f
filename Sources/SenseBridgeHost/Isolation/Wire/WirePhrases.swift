import SenseBridgeABICodec
import SenseBridgeCore

/// A compose result on the wire: the runner has already decoded the plugin's C
/// result with PhraseCodec, and sends every entry in its place. The host runs the
/// same codec's rules over it again (`PhraseCodec.validate`), since a runner shares its
/// address space with the plugin and is trusted no further.
enum WirePhrases {
    private static let readable: UInt8 = 0
    private static let unreadable: UInt8 = 1

    static func write(_ decoded: PhraseCodec.Decoded, to out: inout WireWriter) {
        out.optional(decoded.refusal) { $0.string($1.rawValue) }
        out.count(decoded.problems.count)
        decoded.problems.forEach { out.string($0) }
        out.count(decoded.proposed.count)
        for entry in decoded.proposed {
            switch entry {
            case .phrase(let phrase):
                out.u8(readable)
                out.u32(phrase.stream.abiValue)
                out.string(phrase.text)
                indices(phrase.recordIndices, &out)
            case .unreadable(let phrase):
                out.u8(unreadable)
                out.u32(phrase.stream?.abiValue ?? 0)
                out.string(phrase.reason.rawValue)
                indices(phrase.recordIndices, &out)
            }
        }
    }

    private static func indices(_ values: [Int], _ out: inout WireWriter) {
        out.count(values.count)
        values.forEach { out.u32(UInt32(clamping: $0)) }
    }

    static func read(_ input: inout WireReader) throws(WireError) -> PhraseCodec.Decoded {
        var decoded = PhraseCodec.Decoded()
        decoded.refusal = try input.optional { (input: inout WireReader) throws(WireError) in
            let code = try input.string(limit: RunnerProtocol.maximumNameBytes)
            guard let refusal = PhraseCodec.ResultRefusal(rawValue: code) else { throw .invalid("result refusal '\(code)' is unknown") }
            return refusal
        }
        let problemCount = try input.count(minimumItemBytes: 4, limit: ABICodec.maximumPhrases + 1)
        for _ in 0..<problemCount { decoded.problems.append(try input.string(limit: RunnerProtocol.maximumNameBytes)) }
        let count = try input.count(minimumItemBytes: 13, limit: ABICodec.maximumPhrases)
        for _ in 0..<count {
            let tag = try input.u8()
            let rawStream = try input.u32()
            let stream = PerceptionStream(abiValue: rawStream)
            // Text is read to a bound past any cap, so validate can say "too long" without
            // the host holding more than that.
            let text = try input.string(limit: RunnerProtocol.maximumTextBytes)
            let indexCount = try input.count(minimumItemBytes: 4, limit: ABICodec.maximumIndicesPerPhrase)
            var indices: [Int] = []
            indices.reserveCapacity(indexCount)
            for _ in 0..<indexCount { indices.append(Int(try input.u32())) }
            switch tag {
            case readable:
                guard let stream else { throw .invalid("a readable phrase has unknown stream \(rawStream)") }
                decoded.proposed.append(.phrase(SubjectPhrase(stream: stream, text: text, recordIndices: indices)))
            case unreadable:
                guard let reason = UnreadablePhrase.Reason(rawValue: text) else { throw .invalid("unreadable reason '\(text)' is unknown") }
                decoded.proposed.append(.unreadable(UnreadablePhrase(stream: stream, recordIndices: indices, reason: reason)))
            default:
                throw .invalid("phrase tag \(tag) is unknown")
            }
        }
        return decoded
    }
}
