import Foundation
import XCTest
@testable import HoshiSite
import HoshiTestSupport

final class OutputWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make("writer")
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

    private func status(_ path: String) throws -> stat {
        var status = stat()
        guard lstat(output.appending(path: path).path, &status) == 0 else { throw POSIXError(.ENOENT) }
        return status
    }

    func testFilesWithUnchangedBytesKeepTheirInodeAndTime() throws {
        let page = { (text: String) in OutputFile(path: "docs/page.html", contents: .data(Data(text.utf8))) }
        try writer.write([OutputFile(path: "index.html", contents: .data(Data("home".utf8))), page("first")])
        let home = try status("index.html")
        let first = try status("docs/page.html")
        try writer.write([OutputFile(path: "index.html", contents: .data(Data("home".utf8))), page("fixed")])
        let homeAgain = try status("index.html")
        XCTAssertEqual(homeAgain.st_ino, home.st_ino, "an unchanged file is the same file")
        XCTAssertEqual(homeAgain.st_mtim.tv_sec, home.st_mtim.tv_sec)
        XCTAssertEqual(homeAgain.st_mtim.tv_nsec, home.st_mtim.tv_nsec)
        XCTAssertEqual(homeAgain.st_nlink, 1, "the replaced output's link is gone")
        XCTAssertNotEqual(try status("docs/page.html").st_ino, first.st_ino)
        XCTAssertEqual(contents("docs/page.html"), "fixed")
        XCTAssertEqual(contents("index.html"), "home")
    }

    /// A game archive's pages sit in `games/<player>/`, with no file in `games/` itself: they are reused too.
    func testUnchangedFilesKeepTheirInodeInFoldersBelowAFolderWithoutFiles() throws {
        let files = [OutputFile(path: "index.html", contents: .data(Data("home".utf8))),
                     OutputFile(path: "games/shusaku/001.html", contents: .data(Data("game".utf8)))]
        try writer.write(files)
        let game = try status("games/shusaku/001.html")
        try writer.write(files)
        XCTAssertEqual(try status("games/shusaku/001.html").st_ino, game.st_ino, "an unchanged file is the same file")
        XCTAssertEqual(contents("games/shusaku/001.html"), "game")

        // Not through a symbolic link in place of the folder without files.
        let elsewhere = folder.appending(path: "elsewhere")
        try FileManager.default.moveItem(at: output.appending(path: "games"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: output.appending(path: "games"), withDestinationURL: elsewhere)
        try writer.write(files)
        XCTAssertEqual(try status("games").st_mode & S_IFMT, S_IFDIR)
        XCTAssertNotEqual(try status("games/shusaku/001.html").st_ino, game.st_ino)
        XCTAssertEqual(contents("games/shusaku/001.html"), "game")
    }

    func testCopiesOfUnchangedSourcesKeepTheirInode() throws {
        let source = folder.appending(path: "source/game.sgf")
        try Data("(;GM[1])".utf8).write(to: source)
        XCTAssertEqual(chmod(source.path, 0o640), 0)
        let files = [OutputFile(path: "games/game.sgf", contents: .copy(source))]
        try writer.write(files)
        let first = try status("games/game.sgf")
        try writer.write(files)
        XCTAssertEqual(try status("games/game.sgf").st_ino, first.st_ino)
        XCTAssertEqual(try status("games/game.sgf").st_mode & 0o777, 0o640)
        XCTAssertEqual(chmod(source.path, 0o644), 0)
        try writer.write(files)
        let modeChanged = try status("games/game.sgf")
        XCTAssertNotEqual(modeChanged.st_ino, first.st_ino, "a copy has its source's permission bits")
        XCTAssertEqual(modeChanged.st_mode & 0o777, 0o644)
        try Data("(;GM[1]C[edited])".utf8).write(to: source)
        try writer.write(files)
        let edited = try status("games/game.sgf")
        XCTAssertNotEqual(edited.st_ino, modeChanged.st_ino)
        XCTAssertEqual(contents("games/game.sgf"), "(;GM[1]C[edited])")
        try Data("(;GM[1]C[EDITED])".utf8).write(to: source)
        try writer.write(files)
        XCTAssertNotEqual(try status("games/game.sgf").st_ino, edited.st_ino, "same size, other bytes")
        XCTAssertEqual(contents("games/game.sgf"), "(;GM[1]C[EDITED])")
    }

    func testReusesOnlyFilesTheNewOutputWouldHoldAsTheyAre() throws {
        let names = ["edited", "shared", "private", "symlink", "through-link/page"]
        let files = names.map { OutputFile(path: "\($0).html", contents: .data(Data("same bytes".utf8))) }
        try writer.write(files)
        let manager = FileManager.default
        let path = { (name: String) in self.output.appending(path: "\(name).html").path }
        // Someone changed the previous output by hand in every way that must not carry into the new one.
        try Data("SAME bytes".utf8).write(to: URL(filePath: path("edited")))
        let outside = folder.appending(path: "outside.html")
        XCTAssertEqual(link(path("shared"), outside.path), 0)
        XCTAssertEqual(chmod(path("private"), 0o600), 0)
        try manager.removeItem(atPath: path("symlink"))
        try Data("same bytes".utf8).write(to: folder.appending(path: "target.html"))
        try manager.createSymbolicLink(atPath: path("symlink"), withDestinationPath: folder.appending(path: "target.html").path)
        let elsewhere = folder.appending(path: "elsewhere")
        try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try manager.moveItem(atPath: path("through-link/page"), toPath: elsewhere.appending(path: "page.html").path)
        try manager.removeItem(at: output.appending(path: "through-link"))
        try manager.createSymbolicLink(at: output.appending(path: "through-link"), withDestinationURL: elsewhere)
        let elsewhereInode = try FileManager.default.attributesOfItem(atPath: elsewhere.appending(path: "page.html").path)[.systemFileNumber] as? Int

        try writer.write(files)
        for name in names {
            let written = try status("\(name).html")
            XCTAssertEqual(written.st_mode & S_IFMT, S_IFREG, name)
            XCTAssertEqual(written.st_mode & 0o777, 0o644 & ~currentUmask(), name)
            XCTAssertEqual(written.st_nlink, 1, name)
            XCTAssertEqual(contents("\(name).html"), "same bytes", name)
        }
        XCTAssertEqual(try status("through-link").st_mode & S_IFMT, S_IFDIR)
        XCTAssertNotEqual(Int(try status("through-link/page.html").st_ino), elsewhereInode)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "same bytes", "the file linked outside stays")
    }

    private func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    func testRefusesOutputsThatWouldDestroySources() {
        let inside = OutputWriter(outputDirectory: folder.appending(path: "source/content/out"), sourceDirectory: folder.appending(path: "source"))
        XCTAssertThrowsError(try inside.write([]))
        let around = OutputWriter(outputDirectory: folder, sourceDirectory: folder.appending(path: "source"))
        XCTAssertThrowsError(try around.write([]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appending(path: "source").path))
    }
}
