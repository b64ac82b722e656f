import Foundation
import FuzzSupport
import SenseBridgeNetwork

/// The settings file (reasoning backend, consent, endpoints). Guards: a refusal names the
/// file and a reason; what is read, written back and read again is the same settings
/// with the same unknown keys kept, so saving never loses or changes what was there.
let settingsPath = "/fuzz/settings.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let loaded = SettingsFile.decode(input.restData(), path: settingsPath)
    if let problem = loaded.problem {
        fuzzCheckNamesReason(problem, mentioning: settingsPath)
        return 0
    }
    let written: Data
    do {
        written = try SettingsFile.encode(loaded.settings, otherKeys: loaded.otherKeys)
    } catch {
        fuzzCheck(false, "settings that were read cannot be written: \(error)")
        return 0
    }
    let again = SettingsFile.decode(written, path: settingsPath)
    fuzzCheck(again.problem == nil, "the written settings are refused: \(again.problem.map(String.init(describing:)) ?? "")")
    fuzzCheck(again.settings == loaded.settings, "the settings changed on a write and read")
    fuzzCheck(again.otherKeys == loaded.otherKeys, "unknown keys changed on a write and read")
    return 0
}
