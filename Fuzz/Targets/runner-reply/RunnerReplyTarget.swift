import FuzzSupport
import SenseBridgeHost

/// The isolation pipe, runner to host: what a child process serving a stranger's plugin
/// writes back. Guards: however the bytes are cut by reads, they frame into the same
/// messages; each message is refused with a reason or decoded so that writing it again
/// loses nothing (the host narrates exactly what the runner decoded, validated).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunnerReply(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunkSize = 1 + input.choose(32)
    let recordCount = input.choose(16)
    let framed = input.bool()
    let bytes = input.rest()
    guard framed else {
        check(RunnerWireDecoding.reply(bytes, recordCount: recordCount))
        return 0
    }
    let whole = RunnerWireDecoding.bodies(bytes, chunkSize: bytes.count)
    let cut = RunnerWireDecoding.bodies(bytes, chunkSize: chunkSize)
    fuzzCheck(whole == cut, "the stream frames differently when read \(chunkSize) bytes at a time")
    if case .success(let bodies) = whole {
        for body in bodies { check(RunnerWireDecoding.reply(body, recordCount: recordCount)) }
    }
    return 0
}

func check(_ outcome: RunnerWireDecoding.Outcome) {
    switch outcome {
    case .refused(let reason): fuzzCheck(!reason.isEmpty, "a reply refused with no reason")
    case .decoded(let kind, let canonical): fuzzCheck(canonical, "a \(kind) reply changes when written again")
    }
}
