import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// Game pages in whole sites: layout of outputs, collections, players, hostile and broken records.
final class GameSiteTests: XCTestCase {
    private func build(_ content: [String: String], strict: Bool = false) throws -> (SiteFixture, Bool, DiagnosticLog) {
        let fixture = try SiteFixture.games(content)
        let (succeeded, log) = fixture.build(strict: strict)
        return (fixture, succeeded, log)
    }

    private func messages(_ log: DiagnosticLog) -> String { log.diagnostics.map(\.description).joined(separator: "\n") }

    func testOneGameFileBecomesOnePageWithDownloadsAndLinksFromMarkdown() throws {
        let (fixture, succeeded, log) = try build([
            "index.md": "# Home\n\nPlay [the game](games/ear.sgf) or [move 3](games/ear.sgf#move-3).\n",
            "games/ear.sgf": "(;GM[1]FF[4]SZ[19]PB[Yasuda Shusaku]BR[4d]PW[Inoue Gennan Inseki]WR[8d]RE[B+2]DT[1846-09-11]KM[0]"
                + ";B[qd];W[dc]C[A calm reply.];B[pq];W[oc])",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        let page = try fixture.read("games/ear.html")
        XCTAssertTrue(page.contains("<h1>Yasuda Shusaku 4d vs Inoue Gennan Inseki 8d, 1846-09-11</h1>"))
        XCTAssertTrue(page.contains("<dt>Result</dt><dd>Black wins by 2 points</dd>"))
        XCTAssertTrue(page.contains("data-board=\"viewer\""))
        XCTAssertEqual(page.components(separatedBy: "data-board=\"viewer\"").count, 2, "one viewer board")
        XCTAssertTrue(page.contains("<li id=\"move-2\" data-comment-node=\"2\">"))
        XCTAssertTrue(page.contains("<p>A calm reply.</p>"))
        XCTAssertTrue(page.contains("href=\"ear.sgf\" download") && page.contains("href=\"ear.ff4.sgf\" download"))
        let canonical = try fixture.read("games/ear.ff4.sgf")
        XCTAssertTrue(canonical.hasPrefix("(;FF[4]"), canonical)
        let home = try fixture.read("index.html")
        XCTAssertTrue(home.contains("href=\"games/ear.html\"") && home.contains("href=\"games/ear.html#move-3\""))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.output.appending(path: "games/ear.sgf").path))
    }

    func testFileWithSeveralGamesGetsAnIndexAndAPagePerGame() throws {
        let (fixture, succeeded, log) = try build([
            "games/pair.sgf": "(;PB[A]PW[B]RE[W+R];B[aa])(;PB[B]PW[A]RE[0];B[bb];W[cc])",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        let index = try fixture.read("games/pair.html")
        XCTAssertTrue(index.contains("href=\"pair/1.html\"") && index.contains("href=\"pair/2.html\""))
        XCTAssertTrue(index.contains("data-game-list") && index.contains("data-sort=\"date\""))
        XCTAssertTrue(index.contains("href=\"pair.sgf\" download"))
        XCTAssertTrue(try fixture.read("games/pair/2.html").contains("Draw (jigo)"))
    }

    func testPlayersIndexCountsEachPlayersRecord() throws {
        let (fixture, succeeded, log) = try build([
            "games/a.sgf": "(;PB[Honinbo  Shusaku]PW[Ota Yuzo]RE[B+3];B[aa])",
            "games/b.sgf": "(;PB[Ota Yuzo]PW[Honinbo Shusaku]RE[B+R]DT[1853];B[aa])",
            "games/c.sgf": "(;PB[Ota Yuzo]PW[Honinbo Shusaku]RE[Jigo];B[aa])",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        let index = try fixture.read("games/players/index.html")
        // Games, wins, losses, and games without a winner (a column since some player has one).
        XCTAssertTrue(index.contains("<td><a href=\"honinbo-shusaku.html\">Honinbo Shusaku</a></td><td>3</td><td>1</td><td>1</td><td>1</td>"),
                      index)
        let player = try fixture.read("games/players/ota-yuzo.html")
        XCTAssertTrue(player.contains("3 games: 1 win, 1 loss, 1 without a winner."))
        XCTAssertTrue(player.contains("<td>Black</td><td><a href=\"honinbo-shusaku.html\">Honinbo Shusaku</a></td><td>Win"))
        let collection = try fixture.read("games/index.html")
        XCTAssertEqual(collection.components(separatedBy: "<tr data-date=").count, 4, "three rows")
        XCTAssertTrue(collection.contains("src=\"a.thumbnail.svg\""))
    }

    func testHostileRecordIsEscapedEverywhere() throws {
        let payload = "<img src=x onerror=\"alert(1)\"><script>alert(2)</script>"
        let record = "(;GM[1]FF[4]SZ[9]CA[UTF-8]PB[\(payload)]PW[\(payload)]EV[\(payload)]GN[\(payload)]RE[\(payload)]"
            + "C[</script><!-- \(payload)];B[ee]N[\(payload)]LB[dd:\(payload)]C[a\u{0}b\u{1}c];W[cc])"
        let (fixture, succeeded, log) = try build(["games/evil.sgf": record])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        for path in ["games/evil.html", "games/players/index.html"] {
            let page = try fixture.read(path)
            XCTAssertFalse(page.contains("<img"), path)
            XCTAssertFalse(page.contains("<script>alert"), path)
            XCTAssertFalse(page.contains("onerror=\"alert"), path)
            XCTAssertFalse(page.contains("\u{0}") || page.contains("\u{1}"), "control characters are dropped in \(path)")
        }
        let page = try fixture.read("games/evil.html")
        XCTAssertTrue(page.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"))
        let data = try XCTUnwrap(page.components(separatedBy: "id=\"game-data\">").last?.components(separatedBy: "</script>").first)
        XCTAssertFalse(data.contains("<"))
        XCTAssertTrue(page.contains("<p>abc</p>"), "the comment keeps its text without the control characters")
    }

    func testBrokenRecordBuildsWhatCanBeReadAndStrictFails() throws {
        let files = ["games/broken.sgf": "(;SZ[9]KM[lots];B[ee];W[zz];B[cc]"]
        let (fixture, succeeded, log) = try build(files)
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        XCTAssertTrue(log.diagnostics.contains { $0.severity == .warning && $0.location?.path == "content/games/broken.sgf" })
        let page = try fixture.read("games/broken.html")
        let viewer = try XCTUnwrap(page.components(separatedBy: "data-board=\"viewer\"").last?.components(separatedBy: "</svg>").first)
        XCTAssertFalse(viewer.contains("data-stone"), "the viewer's board is drawn at the start")
        XCTAssertTrue(page.contains("data-point=ee data-stone=B "), "the figure shows the move that could be read")
        let (strictFixture, strictSucceeded, _) = try build(files, strict: true)
        defer { strictFixture.remove() }
        XCTAssertFalse(strictSucceeded)
    }

    func testNotAnSGFFileIsPublishedForDownloadWithAWarning() throws {
        let (fixture, succeeded, log) = try build(["games/notes.sgf": "these are not moves\n"])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        XCTAssertTrue(messages(log).contains("published for download only"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.output.appending(path: "games/notes.sgf").path))
    }

    func testHugeRecordsBuild() throws {
        // A 100,000-move main line on 19x19 (cycling over the board), a 10 MB comment, a 52x52 board.
        var moves = ""
        moves.reserveCapacity(100_000 * 7)
        let letters = Array("abcdefghijklmnopqrs")
        for index in 0..<100_000 {
            let point = index % 361
            moves += ";\(index % 2 == 0 ? "B" : "W")[\(letters[point % 19])\(letters[point / 19])]"
        }
        let comment = String(repeating: "long comment ", count: 800_000)
        let (fixture, succeeded, log) = try build([
            "games/long.sgf": "(;SZ[19]\(moves))",
            "games/comment.sgf": "(;SZ[19];B[dd]C[\(comment)])",
            "games/large.sgf": "(;SZ[52];B[aa];W[ZZ];B[zz])",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        let long = try fixture.read("games/long.html")
        let defaults = GamePageParameters()
        XCTAssertEqual(long.components(separatedBy: "<figure class=\"game-figure\">").count - 1, defaults.staticFigureLimit)
        let lastFigured = defaults.staticFigureLimit * defaults.movesPerFigure
        XCTAssertTrue(long.contains("The figures stop at move \(lastFigured); the viewer above plays all 100000 moves."))
        let large = try fixture.read("games/large.html")
        XCTAssertTrue(large.contains("data-columns=\"52\" data-rows=\"52\""))
        XCTAssertTrue(large.contains("data-point=ZZ data-stone=W "))
        XCTAssertEqual(try fixture.read("games/comment.html").components(separatedBy: "long comment").count - 1, 800_000)
    }

    func testEdoRecordsBuildWithoutWarnings() throws {
        let paths = ["games/historical-edo/shusaku/126.sgf", "games/historical-edo/dosaku/014.sgf", "games/historical-edo/jowa/213.sgf"]
        let texts = paths.compactMap(GameTestFiles.corpusText)
        guard texts.count == paths.count else { throw XCTSkip(GameTestFiles.missingMessage) }
        var content: [String: String] = [:]
        for (path, text) in zip(paths, texts) { content["games/\(path.split(separator: "/").suffix(2).joined(separator: "-"))"] = text }
        let (fixture, succeeded, log) = try build(content)
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages(log))
        XCTAssertTrue(log.diagnostics.isEmpty, messages(log))
        let page = try fixture.read("games/shusaku-126.html")
        XCTAssertTrue(page.contains("325 moves"))
        XCTAssertTrue(page.contains("(moves 301–325, to the end)"))
    }
}

extension GameSiteTests {
    func testFigureSettingsComeFromHoshiYmlPerSiteAndPerFile() throws {
        let record = "(;SZ[9]" + (0..<30).map { ";\($0 % 2 == 0 ? "B" : "W")[\(Array("abcdefghi")[$0 % 9])\(Array("abcdefghi")[$0 / 9])]" }.joined() + ")"
        let fixture = try SiteFixture(files: [
            "hoshi.yml": "title: T\ngames:\n  figure_moves: 10\n  figure_numbers: figure\n  files:\n    - path: games/b.sgf\n      figure_moves: 15\n  colour: red\n",
            "content/games/a.sgf": record,
            "content/games/b.sgf": record,
        ])
        defer { fixture.remove() }
        let (succeeded, log) = fixture.build()
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(log.diagnostics.contains { $0.description == "hoshi.yml:8:3: warning: unknown key 'colour' in games is ignored" },
                      log.diagnostics.map(\.description).joined(separator: "\n"))
        let a = try fixture.read("games/a.html")
        XCTAssertEqual(a.components(separatedBy: "<figure class=\"game-figure\">").count - 1, 3)
        XCTAssertTrue(a.contains("(moves 21–30, to the end)"))
        XCTAssertFalse(a.contains(">11</text>"), "figure numbering starts again at 1")
        let b = try fixture.read("games/b.html")
        XCTAssertEqual(b.components(separatedBy: "<figure class=\"game-figure\">").count - 1, 2)
    }
}

extension GameSiteTests {
    func testNodeNamesAndCommentsAreSearchSectionsOpeningTheirNodes() throws {
        let game = try XCTUnwrap(SGFParser.parse(text: "(;PB[A]PW[B];B[dd]N[The hane];W[pp]C[A calm reply.]N[Answer];B[dp])",
                                                 path: "g.sgf").games.first)
        let page = GamePage(game: game, positions: GamePositions(game: game), outputPath: "g.html", title: "G",
                            originalPath: "g.sgf", navigationID: .gameFile("g.sgf"), sourcePath: "content/g.sgf").make(folder: "", gameNumber: 1).page
        let sections = page.searchSections.map { "\($0.id ?? "-"): \($0.text)" }
        XCTAssertTrue(sections.contains("move-1: The hane"), "\(sections)")
        XCTAssertTrue(sections.contains("move-2: Answer A calm reply."), "\(sections)")
        XCTAssertEqual(sections.count, 3)
    }
}
