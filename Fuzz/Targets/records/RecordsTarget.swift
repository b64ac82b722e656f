import Foundation
import FuzzNarration
import FuzzSupport
import SenseBridgeCore

/// A records file (JSON Lines of detections), the input of `describe` and of replays.
/// Guards: a refusal names the file and a line; an accepted record is one the narrator
/// can trust: a label to say, a confidence in 0…1, a box inside the frame, a distance that
/// is a distance no farther than any sensor measures. A record slipping through with a
/// NaN confidence would be hedged as anything at all. Every accepted file is then
/// described as `describe` says it, in every locale at every detail level
/// (`FuzzNarration`): no trap, no sentence surer than its records, every depth said as a
/// measurement never farther than measured.
let recordsName = "fuzzed.records.jsonl"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let records: [PerceptionRecord]
    do {
        records = try RecordsFile.parse(input.restData(), name: recordsName)
    } catch {
        fuzzCheckNamesReason(error, mentioning: recordsName)
        fuzzCheck("\(error)".contains("line"), "a refusal that names no line: \(error)")
        return 0
    }
    for record in records {
        fuzzCheck(record.confidence.isFinite && (0...1).contains(record.confidence), "confidence \(record.confidence) accepted")
        if record.kind != .depth {
            fuzzCheck(!record.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "a blank label accepted")
        }
        if let box = record.box {
            let edges = [box.x, box.y, box.width, box.height]
            fuzzCheck(edges.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "box \(edges) accepted")
            fuzzCheck(box.x + box.width <= 1 + 1e-9 && box.y + box.height <= 1 + 1e-9, "a box past the frame's edge accepted")
        }
        if let distance = record.distanceMetres {
            fuzzCheck(distance.isFinite && distance >= 0 && distance <= PerceptionRecord.maximumDistanceMetres,
                      "distance \(distance) accepted")
        }
    }
    FuzzNarration.describe(records)
    return 0
}
