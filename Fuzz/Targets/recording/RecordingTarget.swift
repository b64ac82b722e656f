import Foundation
import FuzzNarration
import FuzzSupport
import SenseBridgeCore

/// A recording (records and depth frames over time) read two ways, as `Recording.parse`
/// reads a short file whole and as a walk streams a long one with `RecordingReader`, here
/// with a read buffer of a few bytes so every line straddles reads. Guards: the two give
/// the same frames or the same refusal (naming the file); depth maps are as large as they
/// say and no larger than the cap; times never go backwards. Every accepted recording is
/// then walked as `walk` hears it (`FuzzNarration.walk`): depth through the reducer and
/// the awareness engine, detections through the stabiliser and the description pipeline,
/// in every locale, with no trap, no event from a frame that measured nothing, no clear
/// without an alert before it, and every distance said no farther than measured.
let recordingName = "fuzzed.recording.jsonl"
let recordingFile = FuzzScratch.directory.appendingPathComponent(recordingName)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bufferCapacity = 1 + input.choose(64)
    let bytes = input.restData()
    let whole: Result<Recording, RecordingError>
    do { whole = .success(try Recording.parse(bytes, name: recordingName)) } catch let error as RecordingError {
        whole = .failure(error)
    } catch {
        fuzzCheck(false, "Recording.parse threw something other than a RecordingError: \(error)")
        return 0
    }
    FuzzScratch.file(recordingName, contents: bytes)
    var streamed: [Recording.Frame] = []
    var streamError: RecordingError?
    do {
        let reader = try RecordingReader(contentsOf: recordingFile, name: recordingName, bufferCapacity: bufferCapacity)
        while let frame = try reader.next() { streamed.append(frame) }
    } catch let error as RecordingError {
        streamError = error
    } catch {
        fuzzCheck(false, "the reader failed other than on the content: \(error)")
    }
    switch whole {
    case .success(let recording):
        fuzzCheck(streamError == nil, "streaming refused what the whole parse accepts: \(streamError!)")
        fuzzCheck(streamed == recording.frames, "streaming read other frames than the whole parse")
        var last = -Double.infinity
        for frame in recording.frames {
            fuzzCheck(frame.time.isFinite && frame.time >= last, "time \(frame.time) after \(last) accepted")
            last = frame.time
            if case .depth(let map) = frame.content {
                fuzzCheck(map.width > 0 && map.height > 0 && map.width <= Recording.maximumDepthSide
                          && map.height <= Recording.maximumDepthSide, "a \(map.width)×\(map.height) depth map accepted")
                fuzzCheck(map.metres.count == map.width * map.height, "a depth map's samples do not fill it")
                fuzzCheck(map.cameraToWorld.count == 16, "a camera pose of \(map.cameraToWorld.count) values accepted")
            }
        }
        FuzzNarration.walk(recording)
    case .failure(let error):
        fuzzCheck(streamError == error, "streaming and the whole parse refuse differently: '\(error)' and '\(streamError.map { "\($0)" } ?? "nothing")'")
        fuzzCheckNamesReason(error, mentioning: recordingName)
    }
    return 0
}
