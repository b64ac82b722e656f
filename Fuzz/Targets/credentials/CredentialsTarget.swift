import Foundation
import FuzzSupport
import SenseBridgeNetwork

/// A stored API key, read from a real 0600 file (the store checks mode and owner, so the
/// file is part of the boundary). Guards: what is accepted is one printable ASCII token
/// exactly as stored, never printed by its description; a refusal names the file.
let store: CredentialStore = {
    let directory = FuzzScratch.directory.appendingPathComponent("credentials")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                             attributes: [.posixPermissions: 0o700])
    return CredentialStore(directory: directory)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCredentials(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let name = CredentialName.allCases[input.choose(CredentialName.allCases.count)]
    let bytes = input.restData()
    let path = store.path(for: name).path
    guard FileManager.default.createFile(atPath: path, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
        fuzzCheck(false, "the scratch file \(path) cannot be written")
        return 0
    }
    do {
        guard let secret = try store.read(name) else {
            fuzzCheck(false, "a key file that exists read as no key")
            return 0
        }
        let stored = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        fuzzCheck(secret.value == stored, "the key read is not the key stored")
        fuzzCheck(!secret.value.isEmpty && secret.value.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) },
                  "a key that is not one printable ASCII token was accepted")
        fuzzCheck("\(secret)" == "<redacted>", "a key's description is not the fixed \"<redacted>\"")
    } catch {
        fuzzCheckNamesReason(error, mentioning: path)
    }
    return 0
}
