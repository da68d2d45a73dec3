import Foundation
import XCTest
@testable import HoshiSite

final class OutputWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "hoshi-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "source"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var output: URL { folder.appending(path: "site") }
    private var writer: OutputWriter { OutputWriter(outputDirectory: output, sourceDirectory: folder.appending(path: "source")) }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: output.appending(path: path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func testReplacesThePreviousOutputAsAWhole() throws {
        try writer.write([OutputFile(path: "a.html", contents: .data(Data("one".utf8)))])
        try writer.write([OutputFile(path: "b/c.html", contents: .data(Data("two".utf8)))])
        XCTAssertNil(contents("a.html"), "files of the previous build do not linger")
        XCTAssertEqual(contents("b/c.html"), "two")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".site.") }
        XCTAssertEqual(leftovers, [])
    }

    func testRecoversFromABuildKilledDuringItsSwap() throws {
        // A killed build may leave its half-written folder, or the previous output moved aside.
        let killedPID = Int32.max - 7
        let half = folder.appending(path: ".site.hoshi-new-\(killedPID)")
        try FileManager.default.createDirectory(at: half, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: half.appending(path: "x.html"))
        let movedAside = folder.appending(path: ".site.hoshi-old-\(killedPID)")
        try FileManager.default.createDirectory(at: movedAside, withIntermediateDirectories: true)
        try Data("previous".utf8).write(to: movedAside.appending(path: "index.html"))
        try Data().write(to: movedAside.appending(path: OutputWriter.markerName))

        try writer.write([OutputFile(path: "index.html", contents: .data(Data("new".utf8)))])
        XCTAssertEqual(contents("index.html"), "new")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".site.") }
        XCTAssertEqual(leftovers, [])
    }

    func testRefusesOutputsThatWouldDestroySources() {
        let inside = OutputWriter(outputDirectory: folder.appending(path: "source/content/out"), sourceDirectory: folder.appending(path: "source"))
        XCTAssertThrowsError(try inside.write([]))
        let around = OutputWriter(outputDirectory: folder, sourceDirectory: folder.appending(path: "source"))
        XCTAssertThrowsError(try around.write([]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appending(path: "source").path))
    }
}
