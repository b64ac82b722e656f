import Foundation

/// `sensebridge say`, whole process, beside the espeak-ng command line speaking the same
/// sentence: what a script or a person pays to hear one message. Both write audio where
/// no sound device is needed (WAV files; espeak-ng's stdout), so the bench is silent.
func startupBenchmarks(_ installed: InstalledLayout, scratch: URL) throws {
    let sentence = "There is a chair and a door."
    let profiles = try ["speech": [#"{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}}"#],
                        "blind": [#"{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}}"#,
                                  #"{"id": "org.sensebridge.haptic-log"}"#]]
        .mapValues { targets -> String in
            let url = scratch.appendingPathComponent("profile-\(targets.count).json")
            try Data("""
            {"schema": "sensebridge.output-profile/1", "name": "bench", "displayName": {"en": "Bench"}, "locale": "en",
             "detail": "standard", "composer": "org.sensebridge.label-list", "renderTargets": [\(targets.joined(separator: ", "))]}
            """.utf8).write(to: url)
            return url.path
        }
    let output = scratch.appendingPathComponent("say-output").path
    let say = { (profile: String) in { try installed.run(["say", "--profile", profile, "--output", output, sentence]) } }
    let floor = try (0..<11).map { _ in try installed.run(["--version"]) }
    report("sensebridge --version: the floor (Swift + Foundation)",
           "\(format(median(floor.map(\.wallSeconds)) * 1000)) ms, cpu \(format(median(floor.map(\.cpuSeconds)) * 1000)) ms")

    guard let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        let alone = try (0..<11).map { _ in try say(profiles["speech"]!)() }
        report("say, speech only (whole process)", "\(format(median(alone.map(\.wallSeconds)) * 1000)) ms; espeak-ng not found for the anchor")
        return
    }
    let anchor = { try WholeProcess.run(espeak, ["--stdout", sentence], environment: installed.environment, firstByte: true) }
    for (name, label) in [("speech", "speech only"), ("blind", "speech + haptics, as the blind profile")] {
        let (ours, theirs) = try WholeProcess.paired(runs: 11, say(profiles[name]!), anchor)
        let firstAudio = theirs.compactMap(\.firstByteSeconds)
        report("say, \(label) (whole process)",
               "\(format(median(ours.map(\.wallSeconds)) * 1000)) ms, cpu \(format(median(ours.map(\.cpuSeconds)) * 1000)) ms")
        report("espeak-ng --stdout: first audio byte / whole (anchor)",
               "\(format(median(firstAudio) * 1000)) ms / \(format(median(theirs.map(\.wallSeconds)) * 1000)) ms  "
                   + "(say ×\(format(pairedRatio(ours.map(\.wallSeconds), theirs.compactMap(\.firstByteSeconds)), 2)) its first audio; goal ≤ 1.3×)")
    }
}
