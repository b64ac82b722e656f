import Foundation
import SenseBridgeTesting

/// Compiles a C plugin against the header alone, as a third party would, for tests
/// that need a real library with a particular defect.
public enum CPluginBuilder {
    public struct BuildFailed: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "cc failed:\n\(output)" }
    }

    /// Builds `source` into `output` (a .so) with the given `-D` defines.
    public static func build(source: URL, output: URL, defines: [String: String] = [:]) throws {
        var arguments = ["-std=c11", "-shared", "-fPIC", "-O1", "-fvisibility=hidden", "-Wall", "-Wextra",
                         "-I", RepositoryPaths.header.path, "-o", output.path, source.path, "-lpthread"]
        arguments += defines.sorted { $0.key < $1.key }.map { "-D\($0.key)=\($0.value)" }
        arguments += extraFlags
        let result = try ProcessRunner.run(compiler, arguments)
        guard result.status == 0 else { throw BuildFailed(output: result.standardError + result.standardOutput) }
    }

    /// `SENSEBRIDGE_TEST_CFLAGS`, split at spaces: `make sanitize` builds the fixtures
    /// with its sanitizer too, so calls across the C ABI are checked on both sides.
    static let extraFlags: [String] = (ProcessInfo.processInfo.environment["SENSEBRIDGE_TEST_CFLAGS"] ?? "")
        .split(separator: " ").map(String.init)

    /// `SENSEBRIDGE_TEST_CC`, or the system's cc. `make sanitize` names the toolchain's
    /// clang: a fixture built by gcc with `-fsanitize` links gcc's own ASan runtime, which
    /// cannot share a process with the one the Swift toolchain linked into the host.
    static let compiler = ProcessInfo.processInfo.environment["SENSEBRIDGE_TEST_CC"] ?? "/usr/bin/cc"

    /// The fixture plugin source shipped in Tests/Fixtures/c.
    public static func fixture(_ name: String) -> URL {
        RepositoryPaths.fixtures.appendingPathComponent("c/\(name)")
    }
}
