import Testing
@testable import SenseBridgeHarness
import SenseBridgeHost

@Suite struct ConformanceSuiteTests {
    @Test func everyKindStartsWithItsPrerequisitesAndHasUniqueNames() {
        for kind in PluginKind.allCases {
            let checks = ConformanceSuite.checks(for: kind)
            #expect(checks.prefix(2).map(\.name) == ["manifest", "create-default"])
            #expect(Set(checks.map(\.name)).count == checks.count)
            #expect(checks.dropFirst().allSatisfy { $0.needs != .nothing })
            #expect(HarnessRunner.checkNames(for: kind).suffix(2) == [HarnessRunner.stdoutCheck, HarnessRunner.logPrivacyCheck])
        }
        #expect(ConformanceSuite.checks(for: .renderTarget).contains { $0.name == "render-interrupt" })
        #expect(ConformanceSuite.checks(for: .sceneComposer).contains { $0.name == "compose-cancel" })
        #expect(ConformanceSuite.checks(for: .sensingSource).contains { $0.name == "frame-timestamps" })
        // Wording first, then what the wording names: each check reports one kind of fault.
        let composer = ConformanceSuite.checks(for: .sceneComposer).map(\.name)
        #expect(composer.firstIndex(of: "compose-grounding") == composer.firstIndex(of: "compose-corpus").map { $0 + 1 })
    }

    @Test func selfTestNamesNeedNoQuoting() {
        #expect(ConformanceSuite.isValidSelfTestName("decodes-sample_file.v2"))
        #expect(!ConformanceSuite.isValidSelfTestName(""))
        #expect(!ConformanceSuite.isValidSelfTestName("has space"))
        #expect(!ConformanceSuite.isValidSelfTestName(String(repeating: "a", count: 65)))
        #expect(ConformanceSuite.definition(named: "self-test:x", kind: .renderTarget)?.needs == .library)
    }
}
