import Foundation
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// The systemd user unit `make install` installs for continuous listening, held to what
/// the CLI does: it runs `listen --continuous`, restarts on failure (a lost microphone
/// exits 69), and counts the CLI's exit on SIGTERM (143) as the stop it is.
@Suite struct ListenServiceUnitTests {
    static let template = RepositoryPaths.root.appendingPathComponent("scripts/systemd/sensebridge-listen.service.in")

    /// The unit's `key=value` lines of `section`.
    static func values(_ section: String) throws -> [String: String] {
        let text = try String(contentsOf: template, encoding: .utf8)
        var current = "", values: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("[") { current = String(line); continue }
            guard current == "[\(section)]", let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    @Test("it listens continuously, restarts on failure, and a stop by SIGTERM is success")
    func theServiceMatchesTheCommand() throws {
        let service = try Self.values("Service")
        #expect(service["ExecStart"] == "@BINDIR@/sensebridge listen --continuous")
        #expect(service["Restart"] == "on-failure")
        let success = Set((service["SuccessExitStatus"] ?? "").split(separator: " ").compactMap { Int32($0) })
        #expect(success.contains(128 + SIGTERM) && success.contains(128 + SIGINT), "\(success)")
        #expect(!success.contains(69), "a lost microphone must restart listening")
        #expect(try Self.values("Install")["WantedBy"] == "default.target")
    }

    @Test("make install puts it in PREFIX/lib/systemd/user, naming the installed CLI; DESTDIR is never written into it")
    func installPlacesIt() throws {
        let destination = try TemporaryDirectory()
        let prefix = "/opt/sensebridge-test"
        let installed = try ProcessRunner.run("/bin/bash", [RepositoryPaths.root.appendingPathComponent("scripts/install.sh").path,
                                                            "--prefix", prefix, "--destdir", destination.url.path, "--config", "debug"],
                                              timeout: 600)
        try #require(installed.status == 0, "\(installed.standardError)")
        let unit = try String(contentsOf: destination.file("opt/sensebridge-test/lib/systemd/user/sensebridge-listen.service"), encoding: .utf8)
        #expect(unit.contains("\nExecStart=\(prefix)/bin/sensebridge listen --continuous\n"), "\(unit)")
        #expect(!unit.contains(destination.url.path) && !unit.contains("@BINDIR@"), "\(unit)")
    }
}
