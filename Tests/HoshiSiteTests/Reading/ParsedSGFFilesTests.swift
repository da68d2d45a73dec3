import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite
import HoshiTestSupport

/// One parse of each SGF file per build, whichever kinds look into it, kept while its bytes are the same.
final class ParsedSGFFilesTests: XCTestCase {
    // MARK: - A site

    private static func game(black: String, white: String, comment: String = "A game.") -> String {
        "(;GM[1]FF[4]SZ[9]PB[\(black)]PW[\(white)]RE[B+R]KM[6.5]C[\(comment)];B[ee];W[cc];B[gc];W[eg])"
    }

    /// Every kind that reads SGF: games with hints (planned, then read), a game that mentions `PL` (the problem
    /// kind parses it to decide it is no problem), problems (claimed and linked by their contents), and a
    /// document drawing two of the games.
    private static let files: [String: String] = SiteFixture.minimal.merging([
        "hoshi.yml": "title: Test Site\nhints:\n  paths: [games]\n  playouts: 8\n  candidates: 2\n",
        "content/games/a.sgf": game(black: "Honinbo Shusaku", white: "Ota Yuzo"),
        "content/games/b.sgf": game(black: "Ota Yuzo", white: "Honinbo Shusaku"),
        "content/games/handicap.sgf": "(;GM[1]FF[4]SZ[9]PB[Inoue Gennan]PW[Honinbo Shusaku]PL[W]AB[cc][gg];W[ee];B[ec])",
        "content/problems/corner.sgf": "(;SZ[19]PL[B]AB[aa]AW[ba]C[Black to play.](;B[ca]C[Correct])(;B[ab];W[bb]C[Wrong]))",
        "content/problems/book.sgf": "(;SZ[19]C[A book](;AB[aa]AW[ba]PL[B]C[first])(;AB[ss]AW[rs]PL[W]C[second]))",
        "content/docs/opening.md": "# Opening\n\n```sgf-diagram\nfile: ../games/a.sgf\nmoves: 1-2\n```\n\n"
            + "```sgf-diagram\nfile: ../games/handicap.sgf\n```\n",
    ]) { _, new in new }

    /// The SGF files of `files`: what one parse each comes to.
    private static func sgfFileCount(_ files: [String: String]) -> Int {
        files.keys.filter { $0.hasSuffix(".sgf") }.count
    }

    private func build(_ site: SiteFixture, memory: BuildMemory, into output: URL? = nil) -> DiagnosticLog {
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let options = BuildOptions(sourceDirectory: site.root, outputDirectory: output ?? site.output, isStrict: false)
        XCTAssertNotNil(SiteBuilder(options: options, log: log, memory: memory).build(), "\(log.diagnostics)")
        return log
    }

    func testEachSGFFileIsParsedOncePerBuildWhicheverKindsReadIt() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        let memory = BuildMemory()
        _ = build(site, memory: memory)
        // Every kind used the files: hinted game pages, problem pages of both files, the drawn diagrams.
        XCTAssertTrue(try site.read("games/a.html").contains("Engine analysis"))
        XCTAssertTrue(try site.read("games/handicap.html").contains("Inoue Gennan"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "problems/book/2.html").path))
        XCTAssertEqual(try site.read("docs/opening.html").components(separatedBy: "class=\"go-diagram\"").count, 3)
        XCTAssertEqual(memory.sgfFiles.parseCount, Self.sgfFileCount(Self.files))
    }

    func testARebuildParsesOnlyTheEditedFileAndGivesTheCleanBuild() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        let memory = BuildMemory()
        _ = build(site, memory: memory)

        // Saved unchanged: nothing is parsed.
        try site.write("content/games/a.sgf", Self.game(black: "Honinbo Shusaku", white: "Ota Yuzo"))
        _ = build(site, memory: memory)
        XCTAssertEqual(memory.sgfFiles.parseCount, 0)

        // A drawn game edited: parsed once for its hints, its page and the document drawing it.
        try site.write("content/games/a.sgf", Self.game(black: "Honinbo Shusaku", white: "Ota Yuzo", comment: "Edited."))
        _ = build(site, memory: memory)
        XCTAssertEqual(memory.sgfFiles.parseCount, 1)
        XCTAssertTrue(try site.read("games/a.html").contains("Edited."))

        // A problem added: parsed once to claim it, link to it and read it.
        try site.write("content/problems/side.sgf", "(;SZ[9]PL[W]AW[aa]AB[ba];W[ca])")
        _ = build(site, memory: memory)
        XCTAssertEqual(memory.sgfFiles.parseCount, 1)

        let clean = site.root.appending(path: "clean")
        let fresh = BuildMemory()
        _ = build(site, memory: fresh, into: clean)
        XCTAssertEqual(fresh.sgfFiles.parseCount, Self.sgfFileCount(Self.files) + 1)
        XCTAssertEqual(site.outputSnapshot(), folderSnapshot(clean))
    }

    // MARK: - The parses alone

    private func file(_ name: String, in folder: URL, _ text: String) throws -> ContentFile {
        let url = folder.appending(path: name)
        try Data(text.utf8).write(to: url)
        return ContentFile(relativePath: name, url: url)
    }

    /// `a.sgf` holding a game, written into `folder`, with `parses` readied for a build giving it hash 1.
    private func readiedFile(in folder: URL, _ parses: ParsedSGFFiles) throws -> ContentFile {
        parses.prepare(hashes: ["a.sgf": 1])
        return try file("a.sgf", in: folder, Self.game(black: "Honinbo Shusaku", white: "Ota Yuzo"))
    }

    func testThreadsAskingForOneFileAtOnceShareOneParse() throws {
        let (folder, parses) = (try TemporaryFolder.make("parses"), ParsedSGFFiles())
        defer { try? FileManager.default.removeItem(at: folder) }
        let game = try readiedFile(in: folder, parses)
        let nodeCounts = LockedValue<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let count = parses.parse(game)?.games.first?.nodes.count ?? -1
            nodeCounts.withLock { $0.append(count) }
        }
        XCTAssertEqual(nodeCounts.value, Array(repeating: 5, count: 16), "the root and four moves")
        XCTAssertEqual(parses.parseCount, 1)
    }

    func testAParseIsKeptWhileItsHashIsTheSame() throws {
        let (folder, parses) = (try TemporaryFolder.make("parses"), ParsedSGFFiles())
        defer { try? FileManager.default.removeItem(at: folder) }
        var game = try readiedFile(in: folder, parses)
        XCTAssertEqual(parses.parse(game)?.games.first?.gameInfo.blackPlayer, "Honinbo Shusaku")

        parses.prepare(hashes: ["a.sgf": 1])
        XCTAssertNotNil(parses.parse(game))
        XCTAssertEqual(parses.parseCount, 0, "the same hash: kept")

        game = try file("a.sgf", in: folder, Self.game(black: "Yasuda Shusaku", white: "Ota Yuzo"))
        parses.prepare(hashes: ["a.sgf": 2])
        XCTAssertEqual(parses.parse(game)?.games.first?.gameInfo.blackPlayer, "Yasuda Shusaku")
        XCTAssertEqual(parses.parseCount, 1, "another hash: parsed again")

        // Mounted elsewhere, the file's diagnostics name another path: parsed again.
        let moved = ContentFile(relativePath: "a.sgf", url: game.url, displayPath: "games/a.sgf")
        parses.prepare(hashes: ["a.sgf": 2])
        XCTAssertNotNil(parses.parse(moved))
        XCTAssertEqual(parses.parseCount, 1)

        // A file the build gave no hash for is parsed once in a build, and not kept for the next.
        let other = try file("b.sgf", in: folder, Self.game(black: "Ota Yuzo", white: "Honinbo Shusaku"))
        parses.prepare(hashes: [:])
        XCTAssertNotNil(parses.parse(other))
        XCTAssertNotNil(parses.parse(other))
        XCTAssertEqual(parses.parseCount, 1)
        parses.prepare(hashes: [:])
        XCTAssertNotNil(parses.parse(other))
        XCTAssertEqual(parses.parseCount, 1)
    }

    func testAFileNotWorthParsingIsNotParsedUntilAskedPlainly() throws {
        let (folder, parses) = (try TemporaryFolder.make("parses"), ParsedSGFFiles())
        defer { try? FileManager.default.removeItem(at: folder) }
        let game = try readiedFile(in: folder, parses)
        XCTAssertNil(parses.parse(game, when: { $0.range(of: Data("PL[".utf8)) != nil }))
        XCTAssertEqual(parses.parseCount, 0)
        XCTAssertNotNil(parses.parse(game))
        XCTAssertNotNil(parses.parse(game, when: { _ in false }), "a parse made is a parse kept")
        XCTAssertEqual(parses.parseCount, 1)

        let missing = ContentFile(relativePath: "gone.sgf", url: folder.appending(path: "gone.sgf"))
        XCTAssertNil(parses.parse(missing))
    }
}
