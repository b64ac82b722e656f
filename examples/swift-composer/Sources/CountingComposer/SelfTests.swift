import SenseBridgePluginKit

extension CountingComposer {
    /// Shipped in the library for `sensebridge.plugin-tests/1`: the harness runs them
    /// against the built .so, so they check the compiled plugin, not just the source.
    static let selfTests: [PluginSelfTest] = [
        PluginSelfTest("counts-repeated-labels") { host in
            let composer = try CountingComposer(host: host, config: PluginConfig("{}"))
            let phrases = try composer.compose(ComposeRequest(records: [
                .init(kind: .object, label: "chair", confidence: 0.9),
                .init(kind: .object, label: "table", confidence: 0.8),
                .init(kind: .object, label: "chair", confidence: 0.7),
            ]))
            let expected = "two chairs and a table"
            guard phrases.count == 1, phrases[0].text == expected, phrases[0].recordIndices == [0, 1, 2] else {
                throw PluginError(.internal, "Expected one phrase '\(expected)' covering records 0, 1 and 2; got \(phrases.map(\.text)).")
            }
        },
        PluginSelfTest("declines-other-locales") { host in
            let composer = try CountingComposer(host: host, config: PluginConfig("{}"))
            do {
                let phrases = try composer.compose(ComposeRequest(records: [.init(kind: .object, label: "chair", confidence: 0.9)],
                                                                  localeIdentifier: "es"))
                throw PluginError(.internal, "Expected Spanish to be declined; got \(phrases.map(\.text)).")
            } catch let error as PluginError where error.code == .unsupported {
                return
            }
        },
    ]
}
