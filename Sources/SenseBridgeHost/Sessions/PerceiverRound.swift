import Dispatch
import SenseBridgeCore

/// Every perceiver of a session on the same input at once: a picture for `describe`, an
/// audio block for `listen`. Each instance is called from this round alone, one call at a
/// time, as the header asks, and the round returns when all have answered or failed.
///
/// A failure is kept by the stream the perceiver serves (what the person is told is
/// missing) and logged by the error's type only: a perceiver's message could quote what it
/// saw or heard, so it goes to `problems`, for the person's terminal, never to the log.
struct PerceiverRound {
    /// Each perceiver's records that answered, in the profile's order.
    var records: [[PerceptionRecord]] = []
    /// The streams of those that failed, each once.
    var failed: [PerceptionStream] = []
    /// Each failure as "plugin id: its error".
    var problems: [String] = []

    init(_ perceivers: [PerceiverInstance], on input: PerceptionInput, timestampNanoseconds: UInt64, locale: SpokenLocale,
         deadline: UInt64, log: HostLog, failureEvent: String) {
        let results = Locked<[Int: Result<[PerceptionRecord], Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: perceivers.count) { index in
            let result = Result {
                try perceivers[index].perceive(input, timestampNanoseconds: timestampNanoseconds, locale: locale.rawValue, deadline: deadline)
            }
            results.withLock { $0[index] = result }
        }
        let collected = results.withLock { $0 }
        for (index, perceiver) in perceivers.enumerated() {
            switch collected[index] {
            case .success(let perceived)?:
                records.append(perceived)
            case .failure(let error)?:
                log.event(.warning, failureEvent, [.public("perceiver", perceiver.pluginID), .public("reason", String(describing: type(of: error)))])
                if !failed.contains(perceiver.stream) { failed.append(perceiver.stream) }
                problems.append("\(perceiver.pluginID): \(error)")
            case nil:
                break
            }
        }
    }
}
