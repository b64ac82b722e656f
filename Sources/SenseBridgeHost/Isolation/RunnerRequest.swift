import SenseBridgeABICodec
import SenseBridgeCore

/// What the host asks a runner to do: the ABI calls of one plugin instance, with
/// Swift values where the in-process host would build C structs from them.
enum RunnerRequest: Equatable, Sendable {
    /// `ringBytes`: the size of the `FrameRing` on `RunnerProtocol.ringDescriptor`, 0 when
    /// this runner has none (a composer or a render target is handed no frames).
    case hello(version: UInt32, logThreshold: UInt8, ringBytes: UInt32)
    /// `manifestPath` is read again by the runner, so it loads exactly what the host
    /// checked (ManifestReader and LoadedPlugin are the same code in both processes).
    case create(kind: PluginKind, manifestPath: String, configJSON: String)
    case compose(ComposeCall)
    case cancel
    case render(RenderCall)
    case interrupt
    case start
    case nextFrame(timeoutMilliseconds: UInt32)
    case stop
    case destroy
    case perceive(PerceiveCall)

    struct ComposeCall: Equatable, Sendable {
        var records: [PerceptionRecord]
        var locale: String
        var maximumWords: Int
        var maximumLabels: Int
        /// Monotonic nanoseconds: CLOCK_MONOTONIC is one clock for every process on the
        /// machine, so the plugin sees the very deadline the host enforces.
        var deadline: UInt64
    }

    struct PerceiveCall: Equatable, Sendable {
        var input: PerceptionInput
        var timestampNanoseconds: UInt64
        var locale: String
        /// Nil unless the perceiver is 1.7 or later and the language is not pinned.
        var pageLocales: [String]? = nil
        /// Monotonic nanoseconds, as a compose call's.
        var deadline: UInt64
    }

    /// An `sb_message` as bytes: the text is carried raw (not as a String) so the
    /// harness's not-UTF-8 render reaches an isolated target exactly as it would in process.
    struct RenderCall: Equatable, Sendable {
        var text: [UInt8]
        var signal: UInt32
        var flags: UInt32
        var locale: String
        var sessionTimeNanoseconds: UInt64
        var sequence: UInt64
    }

    var kind: RunnerMessageKind {
        switch self {
        case .hello: return .hello
        case .create: return .create
        case .compose: return .compose
        case .cancel: return .cancel
        case .render: return .render
        case .interrupt: return .interrupt
        case .start: return .start
        case .nextFrame: return .nextFrame
        case .stop: return .stop
        case .destroy: return .destroy
        case .perceive: return .perceive
        }
    }

    /// `ring`: the host's half of the connection's ring, where a perceive call's picture
    /// or sound is written; nil puts it on the pipe.
    func encode(id: UInt32, ring: RingRegion? = nil) -> [UInt8] {
        var out = WireWriter(ring: ring)
        out.u8(kind.rawValue)
        out.u32(id)
        switch self {
        case let .hello(version, threshold, ringBytes):
            out.u32(version)
            out.u8(threshold)
            out.u32(ringBytes)
        case let .create(kind, path, config):
            out.string(kind.rawValue)
            out.string(path)
            out.string(config)
        case .compose(let call):
            WireRecords.write(call.records, to: &out)
            out.string(call.locale)
            out.count(call.maximumWords)
            out.count(call.maximumLabels)
            out.u64(call.deadline)
        case .render(let call):
            out.data(call.text)
            out.u32(call.signal)
            out.u32(call.flags)
            out.string(call.locale)
            out.u64(call.sessionTimeNanoseconds)
            out.u64(call.sequence)
        case .nextFrame(let timeout):
            out.u32(timeout)
        case .perceive(let call):
            WireFrames.writeInput(call.input, to: &out)
            out.u64(call.timestampNanoseconds)
            out.string(call.locale)
            WirePage.writeLocales(call.pageLocales, to: &out)
            out.u64(call.deadline)
        case .cancel, .interrupt, .start, .stop, .destroy:
            break
        }
        return out.bytes
    }

    /// `ring`: the host's half of the runner's ring, where a perceive call's input may lie.
    static func decode(_ body: [UInt8], ring: RingRegion? = nil) throws(WireError) -> (id: UInt32, request: RunnerRequest) {
        var input = WireReader(body, ring: ring)
        let rawKind = try input.u8()
        let id = try input.u32()
        guard let kind = RunnerMessageKind(rawValue: rawKind) else { throw .invalid("message kind \(rawKind) is unknown") }
        let request: RunnerRequest
        switch kind {
        case .hello:
            request = .hello(version: try input.u32(), logThreshold: try input.u8(), ringBytes: try input.u32())
        case .create:
            let name = try input.string(limit: RunnerProtocol.maximumNameBytes)
            guard let pluginKind = PluginKind(rawValue: name) else { throw .invalid("plugin kind '\(name)' is unknown") }
            request = .create(kind: pluginKind, manifestPath: try input.string(limit: RunnerProtocol.maximumNameBytes),
                              configJSON: try input.string(limit: RunnerProtocol.maximumTextBytes))
        case .compose:
            let records = try WireRecords.read(&input)
            request = .compose(ComposeCall(records: records, locale: try input.string(limit: RunnerProtocol.maximumNameBytes),
                                           maximumWords: Int(try input.u32()), maximumLabels: Int(try input.u32()),
                                           deadline: try input.u64()))
        case .render:
            request = .render(RenderCall(text: try input.data(limit: RunnerProtocol.maximumTextBytes), signal: try input.u32(),
                                         flags: try input.u32(), locale: try input.string(limit: RunnerProtocol.maximumNameBytes),
                                         sessionTimeNanoseconds: try input.u64(), sequence: try input.u64()))
        case .nextFrame:
            request = .nextFrame(timeoutMilliseconds: try input.u32())
        case .perceive:
            request = .perceive(PerceiveCall(input: try WireFrames.readInput(&input), timestampNanoseconds: try input.u64(),
                                             locale: try input.string(limit: RunnerProtocol.maximumNameBytes),
                                             pageLocales: try WirePage.readLocales(&input), deadline: try input.u64()))
        case .cancel: request = .cancel
        case .interrupt: request = .interrupt
        case .start: request = .start
        case .stop: request = .stop
        case .destroy: request = .destroy
        default:
            throw .invalid("message kind \(rawKind) is not a request")
        }
        try input.finish()
        return (id, request)
    }
}

extension RunnerRequest.RenderCall {
    /// `message` as `CMessage(_:)` would carry it, without building the C struct first:
    /// the in-process backend builds that once, the runner's pipe never needs it.
    init(_ message: OutputMessage) {
        let fields = MessageFields(message)
        self.init(text: fields.text, signal: fields.signal, flags: fields.flags, locale: fields.locale,
                  sessionTimeNanoseconds: fields.sessionTimeNanoseconds, sequence: fields.sequence)
    }
}
