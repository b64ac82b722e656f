import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SoundClassifier

/// The class map is read as YAMNet ships it, and the curated table maps only onto
/// classes it has and identifiers a person can hear named in en, es and vi.
@Suite struct ClassMapTests {
    @Test func readsYAMNetsMapWithQuotedNamesAndCRLF() throws {
        let map = try AudioSetClassMap(text: "index,mid,display_name\r\n0,/m/09x0r,Speech\r\n1,/m/0ytgt,\"Child speech, kid speaking\"\r\n",
                                       file: "map.csv")
        #expect(map.count == 2)
        #expect(map.indices == ["Speech": 0, "Child speech, kid speaking": 1])
        #expect(map.names == ["Speech", "Child speech, kid speaking"])
    }

    @Test func aLineOutOfOrderNamesItsLine() {
        #expect(throws: (any Error).self) {
            try AudioSetClassMap(text: "index,mid,display_name\n0,/m/a,A\n2,/m/b,B\n", file: "map.csv")
        }
        do {
            _ = try AudioSetClassMap(text: "index,mid,display_name\n0,/m/a,A\n2,/m/b,B\n", file: "map.csv")
        } catch {
            #expect("\(error)".contains("map.csv, line 3"), "\(error)")
        }
    }

    @Test func everyCuratedClassIsInTheInstalledMap() throws {
        let file = SoundReference.classMap
        try #require(FileManager.default.isReadableFile(atPath: file.path), "\(file.path) is missing: run scripts/deps.sh")
        let map = try AudioSetClassMap.read(file)
        #expect(map.count == 521)
        let resolved = try CuratedSounds.resolve(map, file: file.path)
        #expect(resolved.entries.count == CuratedSounds.entries.count)
        #expect(resolved.entries.first { $0.identifier == "smoke_alarm" }?.indices == [393])
        #expect(resolved.entries.first { $0.identifier == "siren" }?.indices.sorted() == [316, 317, 318, 319, 390, 391])
    }

    @Test func aMissingClassFailsLoadingNamingIt() throws {
        let map = try AudioSetClassMap(text: "index,mid,display_name\n0,/m/09x0r,Speech\n", file: "short.csv")
        do {
            _ = try CuratedSounds.resolve(map, file: "short.csv")
            Issue.record("a map without the smoke alarm's class was accepted")
        } catch {
            #expect("\(error)".contains("'Smoke detector, smoke alarm'") && "\(error)".contains("short.csv"), "\(error)")
        }
    }

    @Test func everyIdentifierHasReviewedNamesAndIsASound() {
        for entry in CuratedSounds.entries {
            let reviewed = SpokenVocabulary.entry(for: entry.identifier)
            #expect(reviewed?.stream == .sound, "\(entry.identifier) has no reviewed sound entry in SpokenVocabulary+Sound")
            #expect(!entry.why.isEmpty && !entry.classes.isEmpty, "\(entry.identifier)")
            #expect((0..<1).contains(entry.floor), "\(entry.identifier): floor \(entry.floor)")
        }
        #expect(Set(CuratedSounds.entries.map(\.identifier)).count == CuratedSounds.entries.count, "an identifier listed twice")
    }

    @Test func noClassFeedsTwoIdentifiers() {
        let classes = CuratedSounds.entries.flatMap(\.classes)
        #expect(Set(classes).count == classes.count)
    }
}
