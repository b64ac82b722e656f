import Foundation

/// What the config's `input` names, decided once from its text.
///
/// - `microphone` (or `pulse`): the sound server's default source, through PulseAudio or
///   PipeWire's pulse server (`PULSE_SERVER` chooses another server, as for every pulse
///   client);
/// - `pulse:SOURCE`: that source by its name (`pactl list short sources`);
/// - `alsa:DEVICE`: an ALSA capture device by name (`alsa:hw:1`, `alsa:default`), for a
///   machine without a sound server;
/// - anything else is a file, an audio file or a video whose sound is read; libavformat
///   tells which from its content. Relative paths are made absolute here, so every
///   message names the file that was really tried.
enum AudioInput: Equatable {
    case pulse(source: String?)
    case alsa(device: String)
    case file(path: String)

    init(_ input: String) {
        if input == "microphone" || input == "pulse" {
            self = .pulse(source: nil)
        } else if input.hasPrefix("pulse:") {
            let source = String(input.dropFirst("pulse:".count))
            self = .pulse(source: source.isEmpty ? nil : source)
        } else if input.hasPrefix("alsa:") {
            let device = String(input.dropFirst("alsa:".count))
            self = .alsa(device: device.isEmpty ? "default" : device)
        } else if input.hasPrefix("/") {
            self = .file(path: input)
        } else {
            self = .file(path: (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(input))
        }
    }

    /// The input as a person named it, for messages (which go to stderr and the log's
    /// private fields, never into speech: Invariant 1).
    var name: String {
        switch self {
        case .pulse(nil): return "the sound server's default microphone"
        case .pulse(let source?): return "microphone 'pulse:\(source)'"
        case .alsa(let device): return "microphone 'alsa:\(device)'"
        case .file(let path): return "'\(path)'"
        }
    }

    /// The kind in a log event: public, since it names no file or device.
    var kind: String {
        switch self {
        case .pulse: return "pulse"
        case .alsa: return "alsa"
        case .file: return "file"
        }
    }

    var isLive: Bool {
        if case .file = self { return false }
        return true
    }
}
