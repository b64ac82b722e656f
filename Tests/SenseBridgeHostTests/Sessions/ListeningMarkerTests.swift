import Foundation
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The note continuous listening keeps while it runs: a start after an unclean end finds it.
@Suite struct ListeningMarkerTests {
    @Test("the first start finds none; a start after an end without end() finds it; end() clears it")
    func aStartAfterAnUncleanEndIsTold() throws {
        let home = try TemporaryDirectory()
        let marker = ListeningMarker.standard(["XDG_STATE_HOME": home.url.path])
        #expect(marker.url.path == home.file("sensebridge/listening.json").path)
        #expect(try marker.begin() == false)
        #expect(try marker.begin() == true, "the run before never ended: a restart")
        marker.end()
        #expect(try marker.begin() == false, "the run before ended as asked")
    }

    @Test("it holds when listening started and its process, nothing heard; readable by its owner only")
    func itHoldsNothingHeard() throws {
        let home = try TemporaryDirectory()
        let marker = ListeningMarker(url: home.file("state/listening.json"))
        _ = try marker.begin(now: 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: marker.url)) as? [String: Any])
        #expect(Set(object.keys) == ["startedAt", "pid"])
        #expect(object["startedAt"] as? String == "1970-01-01T00:00:00.000Z")
        let mode = try FileManager.default.attributesOfItem(atPath: marker.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a marker that cannot be read counts as there: a gap told that was not beats one kept quiet")
    func anUnreadableMarkerCountsAsThere() throws {
        let home = try TemporaryDirectory()
        let marker = ListeningMarker(url: home.file("listening.json"))
        try FileManager.default.createDirectory(at: marker.url, withIntermediateDirectories: true)
        #expect((try? marker.begin()) == nil || (try? marker.begin()) == true)
    }
}
