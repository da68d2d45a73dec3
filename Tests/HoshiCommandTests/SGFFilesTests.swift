import Foundation
import HoshiCore
import HoshiTestSupport
import XCTest
@testable import hoshi

/// `hoshi sgf check`'s arguments turned into files (folders walked, problems as diagnostics) and read.
final class SGFFilesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make("sgf-files")
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private func write(_ relativePath: String, _ text: String = "(;GM[1])") throws {
        let url = folder.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testAFolderIsItsSGFFilesInByteOrderOfTheirPathsBelowIt() throws {
        for path in ["b/2.sgf", "b/10.sgf", "a-b.sgf", "a/z.SGF", "A.sgf", "notes.txt", ".hidden.sgf", ".git/x.sgf", "c/readme"] {
            try write(path)
        }
        let root = folder.path
        XCTAssertEqual(SGFFiles.entries(for: [root]), ["A.sgf", "a-b.sgf", "a/z.SGF", "b/10.sgf", "b/2.sgf"].map { .file(root + "/" + $0) })
        XCTAssertEqual(SGFFiles.entries(for: [root + "/b/"]), [.file(root + "/b/10.sgf"), .file(root + "/b/2.sgf")],
                       "a trailing slash is not doubled")
    }

    func testArgumentsKeepTheirOrderAndFilesAnyName() throws {
        try write("game.txt")
        try write("sub/1.sgf")
        let root = folder.path
        XCTAssertEqual(SGFFiles.entries(for: [root + "/sub", root + "/game.txt", root + "/missing.sgf"]), [
            .file(root + "/sub/1.sgf"),
            .file(root + "/game.txt"),
            .finding(.error("cannot read: no such file or folder", at: SourceLocation(path: root + "/missing.sgf"))),
        ])
    }

    func testAFolderWithoutSGFFilesIsAWarning() throws {
        try write("empty/readme.md")
        let path = folder.appendingPathComponent("empty").path
        XCTAssertEqual(SGFFiles.entries(for: [path]), [.finding(.warning("no .sgf files in this folder", at: SourceLocation(path: path)))])
    }

    func testALinkBackToAFolderBeingWalkedIsNotWalkedAgain() throws {
        try write("games/1.sgf")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("games/again").path, withDestinationPath: "..")
        XCTAssertEqual(SGFFiles.entries(for: [folder.path]), [.file(folder.path + "/games/1.sgf")])
    }

    func testContentsAreTheFileBytesAndAMissingFileIsAFinding() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let url = folder.appendingPathComponent("big.sgf")
        try Data(bytes).write(to: url)
        XCTAssertEqual(try SGFFiles.contents(of: url.path), bytes)
        try write("empty.sgf", "")
        XCTAssertEqual(try SGFFiles.contents(of: folder.appendingPathComponent("empty.sgf").path), [])

        let missing = folder.appendingPathComponent("gone.sgf").path
        guard case .finding(let diagnostic) = SGFFiles.input(for: .file(missing)) else { return XCTFail("read a missing file") }
        XCTAssertEqual(diagnostic.description, "\(missing): error: cannot read: no such file or folder")
    }

    func testConsoleOutputKeepsTheOrderOfTheTwoStreams() throws {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        var console = ConsoleOutput(outputDescriptor: descriptor, errorDescriptor: descriptor)
        console.write(SGFTool.Output(text: "a.sgf: game 1\n", diagnostics: [.warning("w", at: SourceLocation(path: "a.sgf"))]))
        console.write(SGFTool.Output(text: "b.sgf: game 1\n", diagnostics: []))
        console.flush()
        try pipe.fileHandleForWriting.close()
        XCTAssertEqual(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "a.sgf: warning: w\na.sgf: game 1\nb.sgf: game 1\n")
    }

    func testOnlyAPlainPathListSkipsArgumentParser() {
        XCTAssertEqual(SGFCommand.Check.plainPaths(in: ["hoshi", "sgf", "check", "a.sgf", "games"]), ["a.sgf", "games"])
        for handedToArgumentParser in [["hoshi", "sgf", "check"], ["hoshi", "sgf", "check", "--help"], ["hoshi", "sgf", "check", "a.sgf", "-h"],
                                       ["hoshi", "sgf", "show", "a.sgf"], ["hoshi", "build", "sgf", "check"]] {
            XCTAssertNil(SGFCommand.Check.plainPaths(in: handedToArgumentParser), "\(handedToArgumentParser)")
        }
    }
}
