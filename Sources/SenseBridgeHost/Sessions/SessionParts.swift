import Foundation
import SenseBridgeCore

/// Why a session could not get one of its plugins, in words for the person's terminal;
/// the command turns `reason` into its exit status.
public struct SessionPartUnavailable: Error, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        /// No manifest of that id is installed.
        case notInstalled
        /// Installed, but not the kind the session needs (a composer given as a perceiver).
        case wrongKind
        /// The plugin refused its config or failed to start.
        case couldNotStart
        /// The source started but cannot open what it was given (a file it cannot decode).
        case inputUnreadable
        /// The profile's plugins cannot work together as listed (sound perceivers that ask
        /// for different audio, or none that hears): the profile is to be fixed.
        case profileUnfit
    }

    public var pluginID: String
    public var reason: Reason
    public var description: String
}

/// Where every session gets its plugins. The commands name no plugin id: the sources a
/// kind of input needs are the host's choice, written here once, and what perceives and
/// composes is the profile's. So `describe`, `read` and `walk` assemble the same way, and
/// a profile that swaps the text reader swaps it for all of them.
extension PluginHost {
    /// Pictures from an image, a folder of images, a video or a V4L2 camera.
    public static let pictureSourceID = "org.sensebridge.camera-source"
    /// A recorded walk (depth and records), replayed.
    public static let replaySourceID = "org.sensebridge.replay-source"

    /// What the picture source reads: a path on this machine, or a camera device.
    public enum PictureInput: Sendable, Equatable {
        case path(String)
        case camera(String)

        /// As the person gave it, for messages.
        var given: String {
            switch self {
            case .path(let path), .camera(let path): return path
            }
        }

        var configValue: String {
            switch self {
            case .path(let path): return URL(fileURLWithPath: path).standardizedFileURL.path
            case .camera(let device): return device
            }
        }
    }

    /// The installed manifest of `id` of kind `kind`, or why not.
    public func sessionManifest(_ id: String, kind: PluginKind) throws -> PluginManifest {
        let manifest: PluginManifest
        do {
            manifest = try self.manifest(id: id)
        } catch let error as LookupError {
            throw SessionPartUnavailable(pluginID: id, reason: .notInstalled, description: error.description)
        }
        guard manifest.kind == kind else {
            throw SessionPartUnavailable(pluginID: id, reason: .wrongKind,
                                         description: "\(id) is a \(manifest.kind.rawValue), not a \(kind.rawValue).")
        }
        return manifest
    }

    /// The picture source over `input`, handing frames in `pixelFormat`: RGB where a
    /// detector looks at the picture, gray where only text is read.
    /// `realtime`: a file's frames each at its own time, as a camera would give them (a
    /// video standing in for a camera on a walk); otherwise as fast as they decode.
    public func pictureSource(_ input: PictureInput, pixelFormat: ImageFrame.PixelFormat, realtime: Bool = false) throws -> SensingSourceInstance {
        let manifest = try sessionManifest(Self.pictureSourceID, kind: .sensingSource)
        var config: [String: JSONValue] = ["input": .string(input.configValue), "pixelFormat": .string(pixelFormat.rawValue)]
        if realtime { config["pace"] = .string("realtime") }
        do {
            return try sensingSource(manifest, config: config)
        } catch {
            let reason: SessionPartUnavailable.Reason
            if case .camera = input { reason = .couldNotStart } else { reason = .inputUnreadable }
            throw SessionPartUnavailable(pluginID: manifest.id, reason: reason, description: "\(input.given) could not be opened: \(error)")
        }
    }

    /// The profile's perceivers that look at pictures, created in its order (those that
    /// hear sounds are `listen`'s). Every one must start: a person who asked for a picture
    /// to be described is told which perceiver is missing rather than hearing a
    /// description made without it.
    public func perceivers(_ references: [OutputProfile.PluginReference]) throws -> [PerceiverInstance] {
        try references.compactMap { reference in
            let manifest = try sessionManifest(reference.id, kind: .perceiver)
            return manifest.listens ? nil : try startPerceiver(reference, manifest: manifest)
        }
    }

    /// The profile's perceivers of one stream (sight, for a walk's live detection), created
    /// in its order; none is not an error (a profile that only reads text walks without).
    public func perceivers(_ references: [OutputProfile.PluginReference], of stream: PerceptionStream) throws -> [PerceiverInstance] {
        try references.compactMap { reference in
            let manifest = try sessionManifest(reference.id, kind: .perceiver)
            return manifest.perceivedStream == stream ? try startPerceiver(reference, manifest: manifest) : nil
        }
    }

    /// The first of the profile's perceivers whose manifest says it perceives `modality`
    /// ("text" for reading); only that one is started.
    public func firstPerceiver(_ references: [OutputProfile.PluginReference], perceiving modality: String) throws -> PerceiverInstance {
        for reference in references {
            let manifest = try sessionManifest(reference.id, kind: .perceiver)
            if manifest.capabilities.modalities.contains(modality) { return try startPerceiver(reference, manifest: manifest) }
        }
        let ids = references.map(\.id).joined(separator: ", ")
        throw SessionPartUnavailable(pluginID: ids, reason: .wrongKind, description: "None of the perceivers \(ids) perceives \(modality).")
    }

    func startPerceiver(_ reference: OutputProfile.PluginReference, manifest: PluginManifest) throws -> PerceiverInstance {
        do {
            return try perceiver(manifest, config: reference.config, placement: Placement(reference))
        } catch {
            throw SessionPartUnavailable(pluginID: manifest.id, reason: .couldNotStart,
                                         description: "The perceiver \(manifest.id) could not start: \(error)")
        }
    }
}

extension PluginManifest {
    /// The stream a perceiver's records belong to, from its modalities: what the person is
    /// told is missing when it fails ("text", "sound", else sight).
    public var perceivedStream: PerceptionStream {
        let modalities = capabilities.modalities
        if modalities.contains("text") { return .text }
        if modalities.contains("sound") || modalities.contains("sounds") { return .sound }
        return .sight
    }
}

extension PerceiverInstance {
    public var stream: PerceptionStream { manifest.perceivedStream }
}
