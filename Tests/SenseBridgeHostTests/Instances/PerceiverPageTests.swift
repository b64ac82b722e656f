import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// ABI 1.7 through the host, in this process and in a runner: the page a reader reports
/// comes back the same either way, a turn that is not a right angle costs the frame, and
/// a perceiver whose manifest declares 1.6 still loads, is never sent the page's
/// locales, and has its page taken as given.
@Suite struct PerceiverPageTests {
    static let bothPlacements = [false, true]

    func perceiver(minor: Int = Int(SB_ABI_MINOR), _ defines: [String: String] = [:], isolated: Bool)
        throws -> (PerceiverInstance, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "pages", id: "org.example.pages",
                               defines: ["FIXTURE_ROW_US": "0", "FIXTURE_ECHO_PAGE_LOCALES": "1"].merging(defines) { $1 },
                               manifest: ["kind": "perceiver", "abi": ["major": 1, "minor": minor]], source: "fixture_perceiver.c")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let manifest = try host.manifest(id: "org.example.pages")
        #expect(host.catalog.broken.isEmpty)
        return (try host.perceiver(manifest, placement: Placement(isolated: isolated)), directory)
    }

    func read(_ perceiver: PerceiverInstance, pageLocales: [String]? = ["es", "en", "vi"]) throws -> Perception {
        try perceiver.perceivePage(PerceiverInstanceTests.twoBars, timestampNanoseconds: 1, locale: "es",
                                   pageLocales: pageLocales, deadline: .max)
    }

    @Test(arguments: bothPlacements)
    func aTurnedFlattenedPageComesBackTheSameInProcessAndIsolated(isolated: Bool) throws {
        let flags = SB_PAGE_FLATTENED | SB_PAGE_CUT_LEFT | SB_PAGE_CUT_TOP
        let (perceiver, directory) = try perceiver(["FIXTURE_TURNED": "90", "FIXTURE_PAGE_FLAGS": "\(flags)u"], isolated: isolated)
        #expect(perceiver.isolated == isolated)
        let perception = try read(perceiver)
        #expect(perception.page == PageView(turnedDegrees: 90, flattened: true, cutEdges: [.left, .top]))
        #expect(perception.records.map(\.label) == ["band 1", "band 2", "page locales: es,en,vi"])
        // `perceive` is the same call, its records alone; the language then pinned.
        let records = try perceiver.perceive(PerceiverInstanceTests.twoBars, timestampNanoseconds: 1, locale: "es", deadline: .max)
        #expect(records.map(\.label) == ["band 1", "band 2", "page locales: none"])
        withExtendedLifetime(directory) {}
    }

    @Test(arguments: bothPlacements)
    func aPinnedLanguageSendsNoPageLocales(isolated: Bool) throws {
        let (perceiver, directory) = try perceiver(isolated: isolated)
        let perception = try read(perceiver, pageLocales: nil)
        #expect(perception.records.last?.label == "page locales: none" && perception.page == .asGiven)
        withExtendedLifetime(directory) {}
    }

    /// Its descriptor, built from today's header, could read the field; the manifest says
    /// it was written for 1.6, whose request ends before it, so the host sends NULL and
    /// ignores what it left in the result's 1.7 bytes (here a valid 180, written anyway).
    @Test(arguments: bothPlacements)
    func a16PerceiverLoadsIsNeverSentPageLocalesAndItsPageIsAsGiven(isolated: Bool) throws {
        let (perceiver, directory) = try perceiver(minor: 6, ["FIXTURE_TURNED": "180", "FIXTURE_PAGE_FLAGS": "\(SB_PAGE_CUT_TOP)u"],
                                                   isolated: isolated)
        #expect(perceiver.manifest.abiMinor == 6)
        let perception = try read(perceiver)
        #expect(perception.records.map(\.label) == ["band 1", "band 2", "page locales: none"])
        #expect(perception.page == .asGiven)
        withExtendedLifetime(directory) {}
    }

    @Test(arguments: bothPlacements)
    func aTurnOf45DegreesRefusesTheResultAndTheFrameIsUnread(isolated: Bool) throws {
        let (perceiver, directory) = try perceiver(["FIXTURE_TURNED": "45"], isolated: isolated)
        // Twice: the refusal costs that frame, never the perceiver (an isolated one is not
        // stopped as a runner that broke the protocol would be).
        for _ in 0..<2 {
            do {
                let perception = try read(perceiver)
                Issue.record("a turn of 45 degrees was accepted: \(perception.page)")
            } catch {
                #expect(!(error is PluginStopped), "\(error)")
                #expect("\(error)".contains("returned a result the host refused: turned_degrees is 45; only 0, 90, 180 or 270 can be reported"),
                        "\(error)")
            }
        }
        withExtendedLifetime(directory) {}
    }
}
