import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// What the host's `void *self` points at: the plugin object plus the C memory it
/// handed out on its last call.
class InstanceBox<Plugin> {
    let plugin: Plugin
    let memory = CArena()
    /// The C call in progress and its checkpoint, on the instance's host clock.
    let call: CallInProgress

    init(_ plugin: Plugin, host: HostServices) {
        self.plugin = plugin
        call = CallInProgress(clock: host)
    }

    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> Self? {
        guard let pointer else { return nil }
        return Unmanaged<Self>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<Self>.fromOpaque(pointer).release()
    }
}

/// Runs a plugin call and reports a thrown error through the host-owned `sb_error`.
func reporting(_ errorOut: UnsafeMutablePointer<sb_error>?, _ body: () throws -> Void) -> sb_status {
    do {
        try body()
        return SB_OK
    } catch {
        let failure = PluginError(wrapping: error)
        failure.write(to: errorOut)
        return failure.code.rawValue
    }
}

let nullInstance = PluginError(.invalidArgument, "The instance pointer is NULL.")

final class ComposerBox: InstanceBox<SceneComposerPlugin> {}
final class RenderTargetBox: InstanceBox<RenderTargetPlugin> {}
final class SensingSourceBox: InstanceBox<SensingSourcePlugin> {}
final class PerceiverBox: InstanceBox<ExportedPerceiver> {}

/// The two protocols a perceiver can conform to behind one C table: the table is the
/// same (`sensebridge.perceiver/1`), only what a request carries differs.
enum ExportedPerceiver {
    case looking(PerceiverPlugin)
    case listening(AudioPerceiverPlugin)

    func cancel() {
        switch self {
        case .looking(let plugin): plugin.cancel()
        case .listening(let plugin): plugin.cancel()
        }
    }
}

enum ComposerThunks {
    static func table(create: CreateThunk) -> sb_scene_composer {
        sb_scene_composer(
            struct_size: UInt32(MemoryLayout<sb_scene_composer>.size),
            create: create,
            destroy: { ComposerBox.release($0) },
            compose: { ComposerThunks.compose($0, $1, $2, $3) },
            cancel: { ComposerThunks.cancel($0) })
    }

    static func cancel(_ instance: UnsafeMutableRawPointer?) {
        guard let box = ComposerBox.from(instance) else { return }
        box.call.cancel()
        box.plugin.cancel()
    }

    static func compose(_ instance: UnsafeMutableRawPointer?, _ request: UnsafePointer<sb_compose_request>?,
                        _ result: UnsafeMutablePointer<sb_compose_result>?, _ errorOut: UnsafeMutablePointer<sb_error>?) -> sb_status {
        reporting(errorOut) {
            guard let box = ComposerBox.from(instance) else { throw nullInstance }
            guard let request, let result else { throw PluginError(.invalidArgument, "compose needs a request and a result.") }
            // The phrases are written into the host's result: one too short to hold them
            // is refused before anything is written past its end.
            if let problem = StructSizeProblem.check(result, "sb_compose_result", minimum: MemoryLayout<sb_compose_result>.size) {
                throw PluginError(.invalidArgument, "The result was refused: the result's \(problem).")
            }
            let checkpoint = box.call.begin(deadline: request.pointee.deadline_ns)
            defer { box.call.end(checkpoint) }
            box.memory.reset()
            let decoded: (records: [PerceptionRecord], locale: String?)
            let stopped = { () throws(PluginError) in try checkpoint.checkCancelled("Composing", "while the request was being read") }
            switch try CComposeRequest.decode(at: request, checkpoint: stopped) {
            case .success(let value): decoded = value
            case .failure(let problem): throw PluginError(.invalidArgument, "The request was refused: \(problem).")
            }
            try stopped()
            let c = request.pointee
            let phrases = try box.plugin.compose(ComposeRequest(
                records: decoded.records, localeIdentifier: decoded.locale ?? "en",
                maximumWords: Int(c.max_words), maximumLabels: Int(c.max_labels), checkpoint: checkpoint))
            (result.pointee.phrases, result.pointee.phrase_count) = PhraseCodec.encode(phrases, into: box.memory)
        }
    }
}

enum RenderTargetThunks {
    static func table(create: CreateThunk) -> sb_render_target {
        sb_render_target(
            struct_size: UInt32(MemoryLayout<sb_render_target>.size),
            create: create,
            destroy: { RenderTargetBox.release($0) },
            render: { RenderTargetThunks.render($0, $1, $2) },
            interrupt: { RenderTargetThunks.interrupt($0) })
    }

    static func interrupt(_ instance: UnsafeMutableRawPointer?) {
        guard let box = RenderTargetBox.from(instance) else { return }
        box.call.cancel()
        box.plugin.interrupt()
    }

    static func render(_ instance: UnsafeMutableRawPointer?, _ message: UnsafePointer<sb_message>?,
                       _ errorOut: UnsafeMutablePointer<sb_error>?) -> sb_status {
        reporting(errorOut) {
            guard let box = RenderTargetBox.from(instance) else { throw nullInstance }
            guard let message else { throw PluginError(.invalidArgument, "render needs a message.") }
            // A render has no deadline in the header: the host bounds it on its own side.
            let checkpoint = box.call.begin(deadline: .max)
            defer { box.call.end(checkpoint) }
            switch MessageCodec.decode(at: message) {
            case .failure(.textNotUTF8): throw PluginError(.invalidArgument, "Message text is not valid UTF-8; it was not rendered.")
            case .failure(.structSize(let problem)): throw PluginError(.invalidArgument, "The message was refused: the message's \(problem).")
            case .success(nil): return
            case .success(let converted?):
                if checkpoint.isCancelled { throw PluginError(.cancelled, "The message was interrupted before it was rendered.") }
                try box.plugin.render(RenderRequest(message: converted, checkpoint: checkpoint))
            }
        }
    }
}

enum SensingSourceThunks {
    static func table(create: CreateThunk) -> sb_sensing_source {
        sb_sensing_source(
            struct_size: UInt32(MemoryLayout<sb_sensing_source>.size),
            create: create,
            destroy: { SensingSourceBox.release($0) },
            start: { instance, errorOut in
                reporting(errorOut) {
                    guard let box = SensingSourceBox.from(instance) else { throw nullInstance }
                    try box.plugin.start()
                }
            },
            next_frame: { SensingSourceThunks.nextFrame($0, $1, $2, $3) },
            stop: { SensingSourceBox.from($0)?.plugin.stop() })
    }

    static func nextFrame(_ instance: UnsafeMutableRawPointer?, _ timeout: UInt32,
                          _ frame: UnsafeMutablePointer<sb_frame>?, _ errorOut: UnsafeMutablePointer<sb_error>?) -> sb_status {
        var timedOut = false
        let status = reporting(errorOut) {
            guard let box = SensingSourceBox.from(instance) else { throw nullInstance }
            guard let frame else { throw PluginError(.invalidArgument, "next_frame needs a frame to fill.") }
            // A host of any 1.x offers at least 1.0's frame; only an image needs 1.4's.
            let room = Int(frame.pointee.struct_size)
            guard room >= FrameCodec.version10FrameSize else {
                throw PluginError(.invalidArgument, "next_frame's frame has struct_size \(room); the host must set it to the size of the frame it passes.")
            }
            box.memory.reset()
            guard let next = try box.plugin.nextFrame(timeoutMilliseconds: timeout) else {
                timedOut = true
                return
            }
            if case .image = next.content, room < FrameCodec.imageFrameSize {
                throw PluginError(.unsupported, "This source gives image frames, which need a host of ABI 1.4 or later.")
            }
            if case .audio = next.content, room < FrameCodec.audioFrameSize {
                throw PluginError(.unsupported, "This source gives audio frames, which need a host of ABI 1.6 or later.")
            }
            FrameCodec.write(FrameCodec.encode(next, into: box.memory), to: frame)
        }
        if status == SB_OK && timedOut {
            PluginError(.timeout, "No frame arrived within \(timeout) ms.").write(to: errorOut)
            return SB_ERR_TIMEOUT
        }
        return status
    }
}

enum PerceiverThunks {
    static func table(create: CreateThunk) -> sb_perceiver {
        sb_perceiver(
            struct_size: UInt32(MemoryLayout<sb_perceiver>.size),
            create: create,
            destroy: { PerceiverBox.release($0) },
            perceive: { PerceiverThunks.perceive($0, $1, $2, $3) },
            cancel: { PerceiverThunks.cancel($0) })
    }

    static func cancel(_ instance: UnsafeMutableRawPointer?) {
        guard let box = PerceiverBox.from(instance) else { return }
        box.call.cancel()
        box.plugin.cancel()
    }

    static func perceive(_ instance: UnsafeMutableRawPointer?, _ request: UnsafePointer<sb_perceive_request>?,
                         _ result: UnsafeMutablePointer<sb_perceive_result>?, _ errorOut: UnsafeMutablePointer<sb_error>?) -> sb_status {
        reporting(errorOut) {
            guard let box = PerceiverBox.from(instance) else { throw nullInstance }
            guard let request, let result else { throw PluginError(.invalidArgument, "perceive needs a request and a result.") }
            if let problem = StructSizeProblem.check(result, "sb_perceive_result", minimum: PerceiveCodec.version14ResultSize) {
                throw PluginError(.invalidArgument, "The result was refused: the result's \(problem).")
            }
            // The deadline is known once the request is read; a cancel counts from here.
            let checkpoint = box.call.begin(deadline: .max)
            defer { box.call.end(checkpoint) }
            box.memory.reset()
            let decoded: PerceiveCodec.Request
            switch PerceiveCodec.decodeRequest(at: request) {
            case .success(let value): decoded = value
            case .failure(let problem): throw PluginError(.invalidArgument, "The request was refused: \(problem).")
            }
            checkpoint.bound(by: decoded.deadline)
            try checkpoint.checkCancelled("Perceiving", "while the request was being read")
            let locale = decoded.locale ?? "en"
            let perception: Perception
            switch (box.plugin, decoded.input) {
            case (.looking(let plugin), .image(let image)):
                perception = try plugin.perceivePage(PerceiveRequest(
                    image: image, timestampNanoseconds: decoded.timestampNanoseconds,
                    localeIdentifier: locale, pageLocales: decoded.pageLocales, checkpoint: checkpoint))
            case (.listening(let plugin), .audio(let block)):
                perception = Perception(records: try plugin.perceive(AudioPerceiveRequest(audio: block, localeIdentifier: locale,
                                                                                          checkpoint: checkpoint)))
            case (.looking, .audio):
                throw PluginError(.unsupported, "This perceiver reads images; it was handed audio.")
            case (.listening, .image):
                throw PluginError(.unsupported, "This perceiver listens; it was handed an image.")
            }
            // The host would refuse the whole result by these rules; saying so here names the plugin's mistake.
            if case .failure(let problem) = PerceiveCodec.validate(perception) {
                throw PluginError(.internal, "The perceiver's result breaks the header's rules: \(problem).")
            }
            PerceiveCodec.encodeResult(perception, into: box.memory, result: result)
        }
    }
}
