import SenseBridgeCore

/// The reading bench's figures: every page's CER beside its two anchors, the issue's goals
/// as figures (photographed pages, the worst page, turned pages), and which step helps
/// where. Pure: it prints what `ReadingAccuracy` measured.
struct ReadingReport {
    var pages: [ReadingPage]
    var accuracy: ReadingAccuracy
    var steps: ReadingSteps
    /// The SenseBridge configurations beside "default", in the order they are printed.
    var variants: [String]

    /// A goal's bound in CER points: one point is 1 % of the printed characters.
    static let onePoint = 0.01

    /// Each condition once, in the order the pages came (the generator's, then the photograph).
    private var conditions: [String] {
        var seen = Set<String>()
        return pages.map(\.condition).filter { seen.insert($0).inserted }
    }

    private func isPhotographed(_ condition: String) -> Bool {
        pages.contains { $0.condition == condition && $0.photographed }
    }

    private func pages(_ condition: String) -> [ReadingPage] {
        pages.filter { $0.condition == condition }.sorted { $0.locale.rawValue < $1.locale.rawValue }
    }

    private func percent(_ rate: Double?) -> String { rate.map { format($0 * 100, 1) } ?? "–" }

    private func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }

    /// One line per condition: each locale's CER for SenseBridge, the plain command line and
    /// the best one; photographed conditions marked *.
    func printAccuracy() {
        report("reading accuracy, CER % per page", "SenseBridge / tesseract CLI / best CLI (the anchor); * photographed")
        for condition in conditions {
            let figures = pages(condition).map { page in
                "\(page.locale.rawValue) \(percent(accuracy.rate(page.name, .senseBridge("default"))))"
                    + "/\(percent(accuracy.rate(page.name, .plainCommandLine)))/\(percent(accuracy.rate(page.name, .bestCommandLine)))"
            }
            report("  \(condition)\(isPhotographed(condition) ? " *" : "")", figures.joined(separator: "  "))
        }
        for condition in conditions {
            if let best = TesseractCommandLine.best[condition] {
                if !best.options.isEmpty || best.allLanguages { report("  anchor for \(condition)", best.description) }
            } else {
                report("  anchor for \(condition)", "not searched yet: the plain command line stands in")
            }
        }
        for condition in conditions {
            guard let upright = ReadingCondition.turned[condition] else { continue }
            let turns = pages(condition).map { "\($0.locale.rawValue) \(accuracy.turned[$0.name].map { "\($0)°" } ?? "–")" }
            report("  \(condition): turned before reading (right: \(upright)°)", turns.joined(separator: "  "))
        }
        for failure in accuracy.unread {
            report("  unread (counted 100 % wrong)", failure)
        }
    }

    /// The issue's goals, each as the figure and its bound.
    func printGoals(firstSentenceRatio: Double?) {
        let photographed = pages.filter(\.photographed)
        let ours = mean(photographed.compactMap { accuracy.rate($0.name, .senseBridge("default")) })
        let plain = mean(photographed.compactMap { accuracy.rate($0.name, .plainCommandLine) })
        let best = mean(photographed.compactMap { accuracy.rate($0.name, .bestCommandLine) })
        report("goal: photographed mean CER ≤ ⅓ of the plain CLI's",
               "\(format(ours * 100, 2)) % against \(format(plain * 100 / 3, 2)) % (CLI \(format(plain * 100, 2)) %, best CLI \(format(best * 100, 2)) %; "
                   + "\(photographed.count) pages) \(verdict(ours <= plain / 3))")

        let excess = pages.compactMap { page -> (String, Double)? in
            guard let a = accuracy.rate(page.name, .senseBridge("default")), let b = accuracy.rate(page.name, .plainCommandLine) else { return nil }
            return (page.name, a - b)
        }.max { $0.1 < $1.1 }
        if let (name, points) = excess {
            report("goal: no page more than 1 point worse than the CLI",
                   "worst \(points >= 0 ? "+" : "")\(format(points * 100, 2)) points (\(name)) \(verdict(points <= Self.onePoint))")
        }

        let turned = pages.compactMap { page -> (String, Double)? in
            guard ReadingCondition.turned[page.condition] != nil,
                  let upright = pages.first(where: { $0.locale == page.locale && $0.condition == ReadingCondition.upright }),
                  let a = accuracy.rate(page.name, .senseBridge("default")), let b = accuracy.rate(upright.name, .senseBridge("default"))
            else { return nil }
            return (page.name, a - b)
        }.max { $0.1 < $1.1 }
        if let (name, points) = turned {
            report("goal: turned pages within 1 point of upright",
                   "worst \(points >= 0 ? "+" : "")\(format(points * 100, 2)) points (\(name) against the same page upright) \(verdict(points <= Self.onePoint))")
        } else {
            report("goal: turned pages within 1 point of upright", "not measured: the page set has no turned pages")
        }
        if let firstSentenceRatio {
            report("goal: first sentence ≤ 1.5× before (steps off, --locale en)",
                   "×\(format(firstSentenceRatio, 2)) \(verdict(firstSentenceRatio <= 1.5))")
        }
    }

    /// Each photographed condition's mean CER (over its locales) as shipped and with each
    /// step flipped: a step that lowers no condition's CER has not earned its place.
    func printAblation() {
        if !steps.absent.isEmpty {
            report("ablation: step not present", steps.absent.map(\.name).joined(separator: ", ")
                   + " (the staged plugin's config schema has no \(steps.absent.map { "'\($0.key)'" }.joined(separator: ", ")))")
        }
        guard !variants.isEmpty else { return }
        report("ablation, photographed: mean CER %", (["default"] + variants).joined(separator: " | "))
        for condition in conditions where isPhotographed(condition) {
            let figures = (["default"] + variants).map { label in
                format(mean(pages(condition).compactMap { accuracy.rate($0.name, .senseBridge(label)) }) * 100, 1)
            }
            report("  \(condition)", figures.joined(separator: " | "))
        }
    }

    private func verdict(_ met: Bool) -> String { met ? "met" : "NOT met" }
}
