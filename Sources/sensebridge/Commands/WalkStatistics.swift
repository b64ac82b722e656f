import Foundation
import SenseBridgeHost

/// `walk --stats`: what the walk cost, as figures a person tuning a profile can act on.
///
/// The alert figure is the host's whole share of an alert's delay: from the moment the
/// depth frame reached the host to the moment each render target was called with the
/// alert (reduction, the alert rules, the fan-out's queue and the target's thread waking).
/// It is measured per target, because one slow target must not be hidden by a fast one.
enum WalkStatistics {
    static func lines(_ summary: AwarenessSession.Summary, alertLatency: [(target: String, latency: LatencyHistogram)]) -> [String] {
        var lines = ["Statistics:",
                     "  depth frames: \(summary.depthFrames) (\(summary.unmeasuredFrames) could not be measured); "
                         + "slowest reduction \(microseconds(summary.slowestReductionNanoseconds))",
                     "  alerts raised: \(summary.alertsRaised)"]
        for (target, latency) in alertLatency {
            guard let p50 = latency.quantile(0.5), let p99 = latency.quantile(0.99) else {
                lines.append("  \(target): no alert reached its render call")
                continue
            }
            lines.append("  \(target): frame to render call p50 \(microseconds(p50)), p99 \(microseconds(p99)), "
                         + "max \(microseconds(latency.maximum)) over \(latency.count) alert message\(latency.count == 1 ? "" : "s")")
        }
        lines.append("  descriptions: \(summary.descriptionsSaid) said, \(summary.descriptionsSuppressed) unchanged, "
                     + "\(summary.descriptionsDropped) too late; \(summary.ticksSkipped) narration ticks found a composition in flight")
        return lines
    }

    static func json(_ summary: AwarenessSession.Summary, alertLatency: [(target: String, latency: LatencyHistogram)]) -> [String: Any] {
        let targets = alertLatency.map { target, latency -> [String: Any] in
            ["target": target, "count": latency.count,
             "p50Microseconds": latency.quantile(0.5).map(microsecondValue) ?? NSNull(),
             "p99Microseconds": latency.quantile(0.99).map(microsecondValue) ?? NSNull(),
             "maxMicroseconds": latency.count > 0 ? microsecondValue(latency.maximum) : NSNull()]
        }
        return ["type": "stats", "depthFrames": summary.depthFrames, "unmeasuredFrames": summary.unmeasuredFrames,
                "slowestReductionMicroseconds": microsecondValue(summary.slowestReductionNanoseconds),
                "alertsRaised": summary.alertsRaised, "alertFrameToRender": targets,
                "descriptionsSaid": summary.descriptionsSaid, "descriptionsUnchanged": summary.descriptionsSuppressed,
                "descriptionsTooLate": summary.descriptionsDropped, "ticksSkipped": summary.ticksSkipped]
    }

    static func microsecondValue(_ nanoseconds: UInt64) -> Double {
        (Double(nanoseconds) / 100).rounded() / 10
    }

    static func microseconds(_ nanoseconds: UInt64) -> String {
        nanoseconds >= 10_000_000 ? String(format: "%.1f ms", Double(nanoseconds) / 1e6) : String(format: "%.1f µs", Double(nanoseconds) / 1e3)
    }
}
