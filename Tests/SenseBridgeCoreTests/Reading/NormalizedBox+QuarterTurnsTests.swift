import SenseBridgeCore
import Testing

/// Boxes from a page read turned, brought back into the frame the camera saw.
@Suite struct NormalizedBoxQuarterTurnsTests {
    /// A line along the top of the image, off centre so every turn puts it somewhere else.
    static let topLine = NormalizedBox(x: 0.1, y: 0, width: 0.6, height: 0.1)

    @Test("a quarter turn clockwise takes the top edge to the right, and so on round",
          arguments: [(1, NormalizedBox(x: 0.9, y: 0.1, width: 0.1, height: 0.6)),
                      (2, NormalizedBox(x: 0.3, y: 0.9, width: 0.6, height: 0.1)),
                      (3, NormalizedBox(x: 0, y: 0.3, width: 0.1, height: 0.6)),
                      (0, topLine), (4, topLine), (-1, NormalizedBox(x: 0, y: 0.3, width: 0.1, height: 0.6))])
    func quarterTurnsMoveTheBox(turns: Int, expected: NormalizedBox) {
        let turned = Self.topLine.turned(clockwiseQuarterTurns: turns)
        #expect(abs(turned.x - expected.x) < 1e-9 && abs(turned.y - expected.y) < 1e-9
                    && abs(turned.width - expected.width) < 1e-9 && abs(turned.height - expected.height) < 1e-9,
                "\(turns): \(turned)")
    }

    @Test("turning back undoes a turn, for every quarter", arguments: [0, 1, 2, 3])
    func turningBackUndoesTheTurn(turns: Int) {
        let box = NormalizedBox(x: 0.15, y: 0.25, width: 0.5, height: 0.125)
        let back = box.turned(clockwiseQuarterTurns: turns).turned(clockwiseQuarterTurns: -turns)
        #expect(abs(back.x - box.x) < 1e-9 && abs(back.y - box.y) < 1e-9 && abs(back.width - box.width) < 1e-9
                    && abs(back.height - box.height) < 1e-9)
    }

    @Test("a box stays inside the unit square whatever the turn", arguments: [1, 2, 3])
    func aTurnedBoxStaysInside(turns: Int) {
        let box = NormalizedBox(x: 0.7, y: 0.8, width: 0.3, height: 0.2).turned(clockwiseQuarterTurns: turns)
        #expect(box.x >= -1e-9 && box.y >= -1e-9 && box.x + box.width <= 1 + 1e-9 && box.y + box.height <= 1 + 1e-9)
    }
}
