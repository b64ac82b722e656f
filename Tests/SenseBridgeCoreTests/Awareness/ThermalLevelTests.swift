import SenseBridgeCore
import Testing

@Suite struct ThermalLevelTests {
    @Test("the multiplier is 1× nominal and fair, 2× serious, 4× critical",
          arguments: [(ThermalLevel.nominal, 1), (.fair, 1), (.serious, 2), (.critical, 4)])
    func multiplier(level: ThermalLevel, expected: Int) {
        #expect(level.intervalMultiplier == expected)
    }

    @Test func hotterLevelsCompareGreaterAndNeverSlowLess() {
        let levels = ThermalLevel.allCases
        #expect(levels == levels.sorted())
        #expect(levels == [.nominal, .fair, .serious, .critical])
        for (cooler, hotter) in zip(levels, levels.dropFirst()) {
            #expect(cooler < hotter)
            #expect(cooler.intervalMultiplier <= hotter.intervalMultiplier)
        }
    }
}
