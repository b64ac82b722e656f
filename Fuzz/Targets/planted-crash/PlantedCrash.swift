import FuzzSupport

/// The fuzzer's own check: four bytes, each found only by following coverage (a blind
/// fuzzer needs ~2^32 tries). scripts/fuzz.sh fails when this is not found in time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlantedCrash(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    guard input.byte() == 0x53 else { return 0 }
    guard input.byte() == 0x42 else { return 0 }
    guard input.byte() == 0x46 else { return 0 }
    guard input.byte() == 0x5A else { return 0 }
    fuzzCheck(false, "the planted crash was found (this target exists to be found)")
    return 0
}
