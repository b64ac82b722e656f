import Foundation
import FuzzSupport
import SenseBridgeHost

/// An output profile, from any directory on the plugin path. Guards: a refusal names the
/// file and its reason; an accepted profile has an output and names real-looking plugins,
/// since a profile with no target, or a target with no id, would leave the person in
/// silence while every check passed.
let profileURL = URL(fileURLWithPath: "/fuzz/profiles/fuzzed.json")
/// No plugin installed: every plugin a profile names is then a problem, which is judged too.
let noPlugins = PluginCatalog.discover(PluginSearchPath(entries: []))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    do {
        let profile = try ProfileReader.parse(input.restData(), at: profileURL)
        fuzzCheck(!profile.renderTargets.isEmpty, "a profile with no render target was accepted")
        fuzzCheck(profile.outputs.allSatisfy { !$0.alternatives.isEmpty }, "an output with no alternative was accepted")
        let references = profile.renderTargets + [profile.composer, profile.fallbackComposer]
        fuzzCheck(references.allSatisfy { !$0.id.isEmpty }, "a profile naming a plugin with an empty id was accepted")
        // Values are judged with the plugins, by the check every session makes before it starts.
        let problems = profile.problems(in: noPlugins)
        fuzzCheck(problems.allSatisfy { $0.path == profileURL.path && $0.field != nil }, "a profile problem named no file or field")
        fuzzCheck(["brief", "standard", "detailed"].contains(profile.detail) || problems.contains { $0.field == "detail" },
                  "detail '\(profile.detail)' was accepted")
    } catch {
        fuzzCheckNamesReason(error, mentioning: profileURL.path)
    }
    return 0
}
