import CRunnerSandbox
import Foundation
import SenseBridgeHost

/// sensebridge-plugin-runner: serves one plugin in a process of its own, for a host
/// that started it (see RunnerProtocol). Not meant to be run by hand; `--help` says so.
let arguments = Array(CommandLine.arguments.dropFirst())

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data("sensebridge-plugin-runner: \(text)\n".utf8))
    exit(64)
}

guard arguments.contains("--serve") else {
    print("""
    Usage: sensebridge-plugin-runner --serve --parent-pid <pid> [--memory-limit-mib <n>] [--deny-network]

    Runs one SenseBridge plugin in a process of its own, serving its ABI calls to the host
    that started it over descriptors 3 (requests) and 4 (replies). The host starts it; run
    'sensebridge plugins list' to see which plugins run isolated.
    """)
    exit(arguments.contains("--help") ? 0 : 64)
}
guard let parent = value(after: "--parent-pid").flatMap(Int32.init), sb_runner_die_with_parent(parent) == 0 else {
    fail("the host that started this runner is gone (or --parent-pid is missing).")
}
guard sb_runner_ignore_stop_signals() == 0 else {
    fail("the stop signals could not be left to the host.")
}
if let limit = value(after: "--memory-limit-mib") {
    guard let mebibytes = UInt64(limit), mebibytes > 0, sb_runner_limit_data(mebibytes << 20) == 0 else {
        fail("--memory-limit-mib '\(limit)' could not be applied.")
    }
}
var network = "allowed"
if arguments.contains("--deny-network") {
    var why = [CChar](repeating: 0, count: 256)
    switch sb_runner_deny_network(&why, why.count) {
    case SB_RUNNER_NETWORK_NAMESPACE: network = "namespace"
    case SB_RUNNER_NETWORK_SECCOMP: network = "seccomp"
    default: network = "not-denied: " + String(cString: why)
    }
}
// The protocol's descriptors are close-on-exec before the plugin is loaded: a helper it
// starts in a session of its own (speech-dispatcher, autospawned by libspeechd) would
// otherwise hold the runner's pipes open after the runner died, and the host, which
// learns of a death by their end, would notice it only at a call's deadline plus grace,
// keeping a thread, descriptors and a zombie per restart.
for descriptor in RunnerProtocol.descriptors {
    let flags = fcntl(descriptor, F_GETFD)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
}
exit(RunnerServer.serve(network: network))
