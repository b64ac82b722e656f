import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// What the default detector says about the photographs and about images with nothing in
/// them, with its default settings.
@Suite(.serialized) struct PhotographTests {
    let detector: PerceiverInstance

    init() throws {
        detector = try DetectorHost().detector()
    }

    @Test func theCoffeePhotographHoldsACupABowlAndATable() throws {
        let records = try detector.detect(try Photo.named("coffee").image)
        #expect(records.map(\.label).sorted() == ["bowl", "cup", "table"], "\(records)")
        for record in records {
            #expect(record.kind == .object)
            #expect(record.confidence >= 0.5 && record.confidence <= 1, "\(record)")
            let box = try #require(record.box)
            #expect(box.x >= 0 && box.y >= 0 && box.width > 0 && box.height > 0, "\(box)")
            #expect(box.x + box.width <= 1 && box.y + box.height <= 1, "clipped to the image: \(box)")
        }
    }

    /// SSD's corners reach past the image: the bed the model sees at 0.328 in the chelsea
    /// photograph ends at x 1.0048. Every box the plugin gives is clipped to the image.
    @Test(arguments: Photo.names)
    func everyBoxIsInsideTheImage(name: String) throws {
        let records = try DetectorHost().detector(["minimumConfidence": .number(0.3)]).detect(try Photo.named(name).image)
        if name == "chelsea" { #expect(records.map(\.label).sorted() == ["bed", "cat"], "\(records)") }
        for record in records {
            let box = try #require(record.box)
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1 + 1e-12 && box.y + box.height <= 1 + 1e-12, "\(name): \(box)")
        }
    }

    /// The astronaut photograph has no computer mouse; the model says one at 0.502. The
    /// built-in map's floor for computer_mouse (0.6) keeps it unsaid; the same model with
    /// a label map without that floor says it, so the floor, not chance, is what held it.
    @Test func thePrecisionFloorKeepsTheMouseThatIsNotThereUnsaid() throws {
        let astronaut = try Photo.named("astronaut").image
        #expect(try detector.detect(astronaut).map(\.label) == ["person"])
        let folder = try TemporaryDirectory()
        let map = folder.file("labels.json")
        try Data(#"{"schema": "sensebridge.label-map/1", "classes": [{"id": 1, "identifier": "person"}, {"id": 74, "identifier": "computer_mouse"}]}"#.utf8)
            .write(to: map)
        let unfloored = try DetectorHost().detector(["labels": .string(map.path)])
        let records = try unfloored.detect(astronaut)
        #expect(records.map(\.label).sorted() == ["computer_mouse", "person"], "\(records)")
        let mouse = try #require(records.first { $0.label == "computer_mouse" })
        #expect(mouse.confidence > 0.5 && mouse.confidence < 0.6, "\(mouse.confidence)")
    }

    /// A label map names what the plugin may report: a class it leaves out is never said.
    @Test func aLabelMapFileReplacesTheBuiltInOne() throws {
        let folder = try TemporaryDirectory()
        let map = folder.file("labels.json")
        try Data(#"{"schema": "sensebridge.label-map/1", "classes": [{"id": 47, "identifier": "mug"}]}"#.utf8).write(to: map)
        let records = try DetectorHost().detector(["labels": .string(map.path)]).detect(try Photo.named("coffee").image)
        #expect(records.map(\.label) == ["mug"], "\(records)")
    }

    /// Nothing there to find: no record, never a guess. What the person hears of it ("no
    /// objects recognized", never "nothing there") is the host's.
    @Test(arguments: [UInt8(0), 128, 255])
    func aBlankImageGivesNoRecords(value: UInt8) throws {
        #expect(try detector.detect(.uniform(width: 640, height: 480, value: value)).isEmpty)
    }

    /// A gray frame is the same photograph as its RGB copy: the gray camera photograph
    /// gives the same records either way.
    @Test func grayAndRGBGiveTheSameRecords() throws {
        let camera = try Photo.named("camera").image
        #expect(camera.format == .gray8)
        let gray = try detector.detect(camera)
        #expect(gray.map(\.label) == ["person"])
        #expect(try detector.detect(camera.asRGB) == gray)
    }

    /// Isolated, as the manifest asks by default, the records are the same.
    @Test func inItsOwnProcessTheRecordsAreTheSame() throws {
        let isolated = try DetectorHost().detector(isolated: true)
        #expect(isolated.isolated)
        let coffee = try Photo.named("coffee").image
        #expect(try isolated.detect(coffee) == (try detector.detect(coffee)))
    }
}
