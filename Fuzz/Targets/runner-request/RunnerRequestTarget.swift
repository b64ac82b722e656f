import FuzzSupport
import SenseBridgeHost

/// The isolation pipe, host to runner: requests as the runner reads them. Guards: each
/// body is refused with a reason or decoded so that writing it again gives the same
/// request, so the plugin is never served a call the host did not make.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunnerRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    switch RunnerWireDecoding.request(input.rest()) {
    case .refused(let reason): fuzzCheck(!reason.isEmpty, "a request refused with no reason")
    case .decoded(let kind, let canonical): fuzzCheck(canonical, "a \(kind) request changes when written again")
    }
    return 0
}
