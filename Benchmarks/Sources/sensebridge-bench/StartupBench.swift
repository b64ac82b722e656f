import Foundation

/// `sensebridge say`, whole process, beside the espeak-ng command line speaking the same
/// sentence: what a script or a person pays to hear one message. Both write audio where
/// no sound device is needed (WAV files; espeak-ng's stdout), so the bench is silent.
/// Each profile names where its targets run ("isolation" in the entry), so the figures
/// keep their meaning whichever placement is the default: speech in process, speech in
/// its own runner, and the blind profile's speech and haptics each in a runner.
func startupBenchmarks(_ installed: InstalledLayout, scratch: URL) throws {
    let sentence = "There is a chair and a door."
    func speech(_ isolation: String) -> String {
        #"{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}, "isolation": "\#(isolation)"}"#
    }
    let cases: [(name: String, label: String, targets: [String])] = [
        ("speech", "speech only, in process", [speech("in-process")]),
        ("speech-isolated", "speech only, isolated", [speech("process")]),
        ("blind-isolated", "speech + haptics isolated, as the blind profile", [speech("process"),
                                                                                #"{"id": "org.sensebridge.haptic-log", "isolation": "process"}"#]),
    ]
    let profiles = try Dictionary(uniqueKeysWithValues: cases.map { item -> (String, String) in
        let url = scratch.appendingPathComponent("profile-\(item.name).json")
        try Data("""
        {"schema": "sensebridge.output-profile/1", "name": "bench", "displayName": {"en": "Bench"}, "locale": "en",
         "detail": "standard", "composer": "org.sensebridge.label-list", "renderTargets": [\(item.targets.joined(separator: ", "))]}
        """.utf8).write(to: url)
        return (item.name, url.path)
    })
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
    for (name, label, _) in cases {
        let (ours, theirs) = try WholeProcess.paired(runs: 11, say(profiles[name]!), anchor)
        let firstAudio = theirs.compactMap(\.firstByteSeconds)
        let goal = name == "speech" ? "goal ≤ 1.3×" : "goal ≤ 2×"
        report("say, \(label) (whole process)",
               "\(format(median(ours.map(\.wallSeconds)) * 1000)) ms, cpu \(format(median(ours.map(\.cpuSeconds)) * 1000)) ms")
        report("espeak-ng --stdout: first audio byte / whole (anchor)",
               "\(format(median(firstAudio) * 1000)) ms / \(format(median(theirs.map(\.wallSeconds)) * 1000)) ms  "
                   + "(say ×\(format(pairedRatio(ours.map(\.wallSeconds), theirs.compactMap(\.firstByteSeconds)), 2)) its first audio; \(goal))")
    }
}
