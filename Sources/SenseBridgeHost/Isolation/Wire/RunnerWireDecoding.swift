import SenseBridgeABICodec

/// The isolation pipe's decoders, reachable from outside the module for the fuzz targets
/// (Fuzz/Targets/runner-reply and runner-request). What a runner sends is as untrusted as
/// the plugin it serves, which shares its address space, so the host's reading of those
/// bytes is a trust boundary like a manifest or a network reply; the runner's reading of
/// the host's requests is fuzzed too, since a runner that misreads one serves the plugin
/// a request the host never made.
public enum RunnerWireDecoding {
    public enum Outcome: Equatable, Sendable {
        /// The body was refused; the reason the host would give.
        case refused(String)
        /// Decoded as a message of `kind`. `canonical`: writing the decoded message and
        /// reading it again gives the same bytes once more (no field is lost or altered
        /// between the two sides).
        case decoded(kind: String, canonical: Bool)
    }

    /// One body as the host reads a runner's reply. A phrases reply is also held to
    /// `PhraseCodec.validate`, and a perception to `PerceiveCodec.validate`, as the host
    /// does before using them.
    public static func reply(_ body: [UInt8], recordCount: Int) -> Outcome {
        do {
            let (id, reply, _) = try RunnerReply.decode(body)
            switch reply {
            case .phrases(let decoded):
                _ = PhraseCodec.validate(decoded, maximumWords: PhraseCodec.defaultMaximumWords, recordCount: recordCount)
            case .perception(let perception):
                _ = PerceiveCodec.validate(perception)
            default:
                break
            }
            let written = reply.encode(id: id)
            let again = try RunnerReply.decode(written)
            return .decoded(kind: "\(reply.kind)", canonical: again.reply.encode(id: again.id) == written)
        } catch {
            return .refused(error.description)
        }
    }

    /// One body as a runner reads the host's request. Canonical by bytes alone: a record
    /// may carry NaN on the wire (the host never sends one, its records are checked
    /// finite when read), and NaN is unequal to itself, so comparing the decoded values
    /// would call a faithful round trip a change.
    public static func request(_ body: [UInt8]) -> Outcome {
        do {
            let (id, request) = try RunnerRequest.decode(body)
            let written = request.encode(id: id)
            let again = try RunnerRequest.decode(written)
            return .decoded(kind: "\(request)".prefix { $0 != "(" }.description,
                            canonical: again.request.encode(id: again.id) == written)
        } catch {
            return .refused(error.description)
        }
    }

    /// The bodies framed in `bytes` when they arrive in pieces of `chunkSize` bytes (as
    /// reads of a pipe cut them), or why the stream was refused.
    public static func bodies(_ bytes: [UInt8], chunkSize: Int) -> Result<[[UInt8]], FramedPipe.Failure> {
        var accumulator = FrameAccumulator()
        var bodies: [[UInt8]] = []
        var start = 0
        do throws(FramedPipe.Failure) {
            repeat {
                let end = min(bytes.count, start + max(1, chunkSize))
                bodies += try accumulator.append(bytes[start..<end])
                start = end
            } while start < bytes.count
        } catch {
            return .failure(error)
        }
        return .success(bodies)
    }
}
