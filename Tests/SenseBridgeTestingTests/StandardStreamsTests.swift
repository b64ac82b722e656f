import Testing
@testable import SenseBridgeTesting

/// A capture's text is what the body wrote, not what the test runner wrote meanwhile.
@Suite struct StandardStreamsTests {
    @Test("the runner's event lines and their continuations are left out; everything else is kept")
    func runnerLinesAreLeftOut() {
        let captured = """
            ◇ Test case passing 1 argument expected → "a cup" started.
            plugin: detected cup 0.95
            ✘ Test x recorded an issue: Expectation failed
            ↳ a note naming a table
              continued over two lines, 1.00
            ✔ Test y passed after 1.003 seconds.
            tesseract: Warning
              indented, but no event before it
            """
        #expect(StandardStreams.withoutTestEvents(captured) == """
            plugin: detected cup 0.95
            tesseract: Warning
              indented, but no event before it
            """)
    }
}
