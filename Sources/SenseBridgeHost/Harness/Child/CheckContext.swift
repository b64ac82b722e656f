import Foundation

/// What a check running in its child process can reach: the manifest, the loaded
/// plugin, one host-services table, a scratch output directory, and the channel
/// it reports its steps on.
final class CheckContext {
    let manifest: PluginManifest
    /// The time this check may take before the harness kills it; adaptive loops
    /// size themselves to a fraction of it so they finish before that.
    let timeout: TimeInterval
    let outputDirectory: URL
    let validator: PhraseValidating
    /// Values laid over the manifest's defaults (`--config`), as a profile would.
    let configOverrides: [String: JSONValue]
    let services: HostServicesTable
    let logAudit = LogAudit()
    private let channel: HarnessChannel?
    private var loaded: LoadedPlugin?

    init(manifest: PluginManifest, timeout: TimeInterval, outputDirectory: URL, validator: PhraseValidating,
         configOverrides: [String: JSONValue] = [:], channel: HarnessChannel?) {
        self.manifest = manifest
        self.configOverrides = configOverrides
        self.timeout = timeout
        self.outputDirectory = outputDirectory
        self.validator = validator
        self.channel = channel
        services = HostServicesTable(pluginID: manifest.id, log: logAudit.log)
    }

    /// Announces what the check is about to do, so a crash or hang is reported
    /// with the call it happened in.
    func step(_ text: String) {
        channel?.step(text)
    }

    /// Loads the library (the `manifest` check judges a failure; every other check
    /// was only scheduled because that one passed).
    func plugin() throws -> LoadedPlugin {
        if let loaded { return loaded }
        step("loading \(manifest.libraryURL.lastPathComponent)")
        do {
            let plugin = try LoadedPlugin.load(manifest)
            loaded = plugin
            return plugin
        } catch let problem as PluginProblem {
            throw CheckFailure(problem.explanation)
        }
    }

    /// "the default config", or "the given config" when `--config` changed it.
    var configName: String { configOverrides.isEmpty ? "the default config" : "the given config" }

    /// The manifest's defaults (with `--config` laid over them) and `{output}`
    /// pointing into the harness's scratch directory, so a render target that writes
    /// files writes them there.
    func defaultConfigJSON() throws -> String {
        do {
            return try PluginConfigResolver.resolve(manifest: manifest, overrides: configOverrides, outputDirectory: outputDirectory).jsonText
        } catch {
            throw CheckFailure("the manifest's config defaults cannot be resolved: \(error)")
        }
    }
}

/// The child's end of the result channel.
final class HarnessChannel {
    private let descriptor: Int32
    private let nonce: String

    init(descriptor: Int32, nonce: String) {
        self.descriptor = descriptor
        self.nonce = nonce
    }

    /// Takes the descriptor and nonce from the environment and hides both from the
    /// plugin: the variables are removed and the descriptor moves to a high number,
    /// close-on-exec, so a plugin writing to "fd 3" or spawning a helper reaches neither.
    static func takeFromEnvironment() -> HarnessChannel? {
        guard let nonce = getenv(ResultChannel.nonceVariable).map({ String(cString: $0) }),
              let fdText = getenv(ResultChannel.descriptorVariable).map({ String(cString: $0) }),
              let fd = Int32(fdText) else { return nil }
        unsetenv(ResultChannel.nonceVariable)
        unsetenv(ResultChannel.descriptorVariable)
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 200)
        guard moved >= 0 else { return nil }
        close(fd)
        // Keep fd 3 occupied (by /dev/null) so a plugin that opens a file cannot get it
        // and have its own writes mistaken for the harness's.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 && null != fd { dup2(null, fd); close(null) }
        return HarnessChannel(descriptor: moved, nonce: nonce)
    }

    func step(_ text: String) { write(ResultChannel.stepLine(nonce: nonce, text)) }

    func finish(_ report: CheckReport) { write(ResultChannel.resultLine(nonce: nonce, report)) }

    private func write(_ line: String) {
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
