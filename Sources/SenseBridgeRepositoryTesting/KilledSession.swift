import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeTesting

/// The CLI running a session a test kills a runner of, its output read as it comes.
/// Unchecked Sendable: the buffers are `Locked`; `printedBeforeKill` is written by the test's thread alone.
public final class KilledSession: @unchecked Sendable {
    private let child: SpawnedChild
    private let out = Locked(Data())
    private let err = Locked(Data())
    private let readers = DispatchGroup()
    /// What stdout held when the runner was killed.
    public private(set) var printedBeforeKill = ""

    public init(_ arguments: [String], home: URL, extraEnvironment: [String: String] = [:]) throws {
        // A crash report would fill stderr with the runner's registers: not wanted here.
        child = try ProcessRunner.startCLI(arguments, home: home,
                                          extraEnvironment: extraEnvironment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 })
        for (descriptor, buffer) in [(child.standardOutput, out), (child.standardError, err)] {
            DispatchQueue.global().async(group: readers) {
                var bytes = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    buffer.withLock { $0.append(contentsOf: bytes[..<count]) }
                }
            }
        }
    }

    public var standardOutput: String { out.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Once stdout satisfies `ready`, every runner of `pluginID` the CLI started is sent
    /// SIGSEGV; how many were. Gives up (0) after two minutes or when the CLI ends.
    public func kill(_ pluginID: String, after ready: (String) -> Bool) -> Int {
        let start = Date()
        while Date().timeIntervalSince(start) < 120, child.isRunning {
            let printed = standardOutput
            if ready(printed) {
                let runners = PluginRunners.children(of: child.pid, serving: pluginID)
                if !runners.isEmpty {
                    printedBeforeKill = printed
                    runners.forEach { Glibc.kill($0, SIGSEGV) }
                    return runners.count
                }
            }
            usleep(20_000)
        }
        return 0
    }

    public struct Ended: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Waits for the session's own end (at most five minutes), then its output.
    public func end() -> Ended {
        let ended = child.termination(within: 300)
        if ended == nil { child.kill() }
        readers.wait()
        let status: Int32
        switch ended {
        case .exited(let code)?: status = code
        default: status = -1
        }
        return Ended(status: status, standardOutput: standardOutput, standardError: err.withLock { String(decoding: $0, as: UTF8.self) })
    }
}
