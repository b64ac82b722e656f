import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A composer's phrase as it arrived, before any judgement of its words.
public struct HarnessPhrase: Equatable, Sendable {
    public var stream: PerceptionStream
    public var text: String
    public var recordIndices: [Int]

    public init(stream: PerceptionStream, text: String, recordIndices: [Int]) {
        self.stream = stream
        self.text = text
        self.recordIndices = recordIndices
    }
}
