import SenseBridgeABICodec
import SenseBridgeCore

/// What a runner answers. `failed` is a plugin call that returned an error status
/// (the same status and message the in-process host would read); `problem` is the
/// runner itself unable to serve (the library would not load, the version differs).
enum RunnerReply: Sendable {
    /// `network`: how the runner cut itself off from the network (`namespace`,
    /// `seccomp`), `allowed` when the manifest declares network use, or why it could not.
    case ready(version: UInt32, pid: Int32, network: String)
    case done
    case failed(status: Int32, message: String)
    case problem(String)
    case phrases(PhraseCodec.Decoded)
    case frame(SensingFrame)
    case log(LogEvent)
    /// A perceive call's records and the page as the reader found it.
    case perception(Perception)
    /// The runner's codec refused a perceive result as a whole (`PerceiveCodec`'s rules),
    /// with the rule it broke: the host refuses it in those words, as it would in process,
    /// rather than reading it as the plugin's own failure.
    case refused(String)

    struct LogEvent: Sendable, Equatable {
        var level: HostLog.Level
        var name: String
        var fields: [HostLog.Field]
    }

    /// The bytes of a frame's block (samples or pixels); 0 for other replies.
    private var blockBytes: Int {
        guard case .frame(let frame) = self else { return 0 }
        switch frame.content {
        case .depth(let map): return map.metres.count * 4
        case .image(let image): return image.pixels.count
        case .audio(let block): return block.samples.count * 4
        case .records: return 0
        }
    }

    var kind: RunnerMessageKind {
        switch self {
        case .ready: return .ready
        case .done: return .done
        case .failed: return .failed
        case .problem: return .problem
        case .phrases: return .phrases
        case .frame: return .frame
        case .log: return .log
        case .perception: return .perception
        case .refused: return .refused
        }
    }

    /// `ring`: the runner's half of its ring, where a frame's block is written; nil puts
    /// it on the pipe.
    func encode(id: UInt32, ring: RingRegion? = nil) -> [UInt8] {
        // Room for the whole body in one allocation: a block on the pipe (no ring, or one
        // too small for it) is written once, not copied through every doubling of a
        // growing buffer; a block in the ring leaves only its slot on the pipe.
        let inRing = ring.map { blockBytes <= $0.bounds.count } ?? false
        var out = WireWriter(capacity: 256 + (inRing ? 0 : blockBytes), ring: ring)
        out.u8(kind.rawValue)
        out.u32(id)
        switch self {
        case let .ready(version, pid, network):
            out.u32(version)
            out.i32(pid)
            out.string(network)
        case .done:
            break
        case let .failed(status, message):
            out.i32(status)
            out.string(message)
        case .problem(let text), .refused(let text):
            out.string(text)
        case .phrases(let decoded):
            WirePhrases.write(decoded, to: &out)
        case .frame(let frame):
            WireFrames.write(frame, to: &out)
        case .perception(let perception):
            WireRecords.write(perception.records, to: &out)
            WirePage.write(perception.page, to: &out)
        case .log(let event):
            out.u8(UInt8(event.level.rawValue))
            out.string(event.name)
            out.count(event.fields.count)
            for field in event.fields {
                out.string(field.name)
                out.string(field.value)
                out.u8(field.privacy.wireValue)
            }
        }
        return out.bytes
    }

    /// `ring`: the runner's half of the connection's ring, where a frame's block may lie,
    /// clear of the slots `inUse` (those the host still holds); `named` are the slots the
    /// reply named, which the host holds from now until its next request.
    static func decode(_ body: [UInt8], ring: RingRegion? = nil,
                       inUse: [RingSlot] = []) throws(WireError) -> (id: UInt32, reply: RunnerReply, named: [RingSlot]) {
        var input = WireReader(body, ring: ring, inUse: inUse)
        let rawKind = try input.u8()
        let id = try input.u32()
        guard let kind = RunnerMessageKind(rawValue: rawKind) else { throw .invalid("message kind \(rawKind) is unknown") }
        let reply: RunnerReply
        switch kind {
        case .ready:
            reply = .ready(version: try input.u32(), pid: try input.i32(), network: try input.string(limit: RunnerProtocol.maximumNameBytes))
        case .done:
            reply = .done
        case .failed:
            reply = .failed(status: try input.i32(), message: try input.string(limit: RunnerProtocol.maximumNameBytes))
        case .problem:
            reply = .problem(try input.string(limit: RunnerProtocol.maximumNameBytes))
        case .refused:
            reply = .refused(try input.string(limit: RunnerProtocol.maximumNameBytes))
        case .phrases:
            reply = .phrases(try WirePhrases.read(&input))
        case .frame:
            reply = .frame(try WireFrames.read(&input))
        case .perception:
            reply = .perception(Perception(records: try WireRecords.read(&input), page: try WirePage.read(&input)))
        case .log:
            let rawLevel = try input.u8()
            guard let level = HostLog.Level(rawValue: Int(rawLevel)) else { throw .invalid("log level \(rawLevel) is unknown") }
            let name = try input.string(limit: RunnerProtocol.maximumNameBytes)
            let count = try input.count(minimumItemBytes: 9, limit: 64)
            var fields: [HostLog.Field] = []
            for _ in 0..<count {
                let fieldName = try input.string(limit: RunnerProtocol.maximumNameBytes)
                let value = try input.string(limit: RunnerProtocol.maximumNameBytes)
                fields.append(HostLog.Field(name: fieldName, value: value, privacy: try HostLog.Privacy(wireValue: try input.u8())))
            }
            reply = .log(LogEvent(level: level, name: name, fields: fields))
        default:
            throw .invalid("message kind \(rawKind) is not a reply")
        }
        try input.finish()
        return (id, reply, input.named)
    }
}

extension HostLog.Privacy {
    var wireValue: UInt8 {
        switch self {
        case .public: return 1
        case .private: return 2
        case .unlabelled: return 0
        }
    }

    init(wireValue: UInt8) throws(WireError) {
        switch wireValue {
        case 0: self = .unlabelled
        case 1: self = .public
        case 2: self = .private
        default: throw .invalid("log privacy \(wireValue) is unknown")
        }
    }
}
