import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Served by `sensebridge-plugin-runner` (its own process, memory limit and no network),
/// the source gives the same pictures and the same end as in process, and its errors
/// cross the pipe with their words.
@Suite struct IsolatedCameraSourceTests {
    @Test func anIsolatedSourceGivesWhatItGivesInProcess() throws {
        try #require(FileManager.default.isExecutableFile(atPath: RepositoryPaths.runner.path),
                     "\(RepositoryPaths.runner.path) is missing; run 'make build' before 'swift test'")
        let fixtures = try MediaFixtures()
        try fixtures.solidPGM("pages/1.pgm", width: 5, height: 3, level: 11)
        try fixtures.ppm("pages/2.ppm", width: 2, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        try fixtures.write("pages/3.png", Data("not a picture".utf8))
        let host = try CameraSourceClient.host()
        let manifest = try host.manifest(id: CameraSourceClient.id)
        var results: [[String]] = []
        for isolated in [true, false] {
            let source = try host.sensingSource(manifest, config: ["input": .string(fixtures.path("pages")), "pixelFormat": .string("rgb24")],
                                                placement: Placement(isolated: isolated))
            #expect(source.isolated == isolated)
            try source.start()
            var seen: [String] = []
            for _ in 0..<5 {
                do {
                    switch try source.next(timeoutMilliseconds: 5000) {
                    case .frame(let frame):
                        let image = CameraSourceClient.image(frame)
                        seen.append("\(frame.timestampNanoseconds) \(image?.width ?? 0)x\(image?.height ?? 0) \(image?.pixels ?? [])")
                    case .timedOut: seen.append("timed out")
                    case .endOfStream: seen.append("end")
                    }
                } catch let error as PluginCallError {
                    seen.append("error \(error.status): \(error.message)")
                }
            }
            source.stop()
            results.append(seen)
        }
        #expect(results[0] == results[1])
        #expect(results[1].count == 5 && results[1][3] == "end" && results[1][4] == "end", "\(results[1])")
        #expect(results[1][1].hasPrefix("1000000000 2x2 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]"), "\(results[1])")
        #expect(results[1][2].hasPrefix("error 7: ") && results[1][2].contains("3.png"), "\(results[1])")
    }
}
