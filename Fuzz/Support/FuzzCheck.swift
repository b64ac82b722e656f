import Foundation

/// A broken invariant, as libFuzzer sees it: a trap, so the input is saved as a crash.
/// The message says which rule broke; the saved input says how.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// A refusal must say why: an error whose text names nothing is as bad as silence.
public func fuzzCheckNamesReason(_ error: any Error, mentioning fileName: String? = nil,
                                 file: StaticString = #fileID, line: UInt = #line) {
    let text = "\(error)"
    fuzzCheck(!text.trimmingCharacters(in: .whitespaces).isEmpty, "an error with no text: \(type(of: error))", file: file, line: line)
    if let fileName {
        fuzzCheck(text.contains(fileName), "the error does not name \(fileName): \(text)", file: file, line: line)
    }
}
