import SenseBridgeABICodec
import SenseBridgeCore

/// Perception records on the wire, both in a compose request and in a records frame.
enum WireRecords {
    static func write(_ records: [PerceptionRecord], to out: inout WireWriter) {
        out.count(records.count)
        for record in records {
            out.u32(record.kind.abiValue)
            out.string(record.label)
            out.f64(record.confidence)
            out.optional(record.box) { out, box in
                out.f64(box.x); out.f64(box.y); out.f64(box.width); out.f64(box.height)
            }
            out.optional(record.distanceMetres) { $0.f64($1) }
        }
    }

    static func read(_ input: inout WireReader) throws(WireError) -> [PerceptionRecord] {
        // Each record is at least kind, label length, confidence and two flags: 18 bytes.
        let count = try input.count(minimumItemBytes: 18, limit: ABICodec.maximumFrameRecords)
        var records: [PerceptionRecord] = []
        records.reserveCapacity(count)
        for _ in 0..<count {
            let rawKind = try input.u32()
            guard let kind = PerceptionRecord.Kind(abiValue: rawKind) else { throw .invalid("record kind \(rawKind) is unknown") }
            let label = try input.string(limit: RunnerProtocol.maximumTextBytes)
            let confidence = try input.f64()
            let box = try input.optional { (input: inout WireReader) throws(WireError) in
                NormalizedBox(x: try input.f64(), y: try input.f64(), width: try input.f64(), height: try input.f64())
            }
            let distance = try input.optional { (input: inout WireReader) throws(WireError) in try input.f64() }
            records.append(PerceptionRecord(kind: kind, label: label, confidence: confidence, box: box, distanceMetres: distance))
        }
        return records
    }
}
