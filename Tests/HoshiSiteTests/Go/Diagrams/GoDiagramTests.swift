import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// Diagrams embedded in Markdown (```` ```sgf-diagram ````) and MANUAL text (`@diagram`): what they draw, where
/// they link, and errors at the line and column of the setting at fault.
final class GoDiagramTests: XCTestCase {
    /// 9x9: B E5, W G7, B C4, W D7 (with a triangle on E5 at move 4).
    static let game = "(;SZ[9]PB[Kim]PW[Lee];B[ee];W[gc];B[cf];W[dc]TR[ee])"

    private func build(_ content: [String: String]) throws -> (SiteFixture, Bool, String) {
        var files = content
        files["games/kim-lee.sgf"] = Self.game
        let fixture = try SiteFixture.games(files)
        let (succeeded, log) = fixture.build()
        return (fixture, succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
    }

    func testFencedBlockDrawsAFigureLinkingToTheGamePage() throws {
        let (fixture, succeeded, messages) = try build(["docs/opening.md": """
            # Opening

            ```sgf-diagram
            file: ../games/kim-lee.sgf
            moves: 2-4
            caption: <b>Both</b> sides
            ```
            """])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages)
        let page = try fixture.read("docs/opening.html")
        XCTAssertTrue(page.contains("<figure class=\"go-diagram\"><a href=\"../games/kim-lee.html#move-4\""), page)
        XCTAssertTrue(page.contains("<figcaption>&lt;b&gt;Both&lt;/b&gt; sides</figcaption>"))
        let figure = try XCTUnwrap(page.components(separatedBy: "<figure class=\"go-diagram\">").last)
        let stones = figure.matches(of: /data-point=(\w\w) data-stone=([BW])/).map { "\($0.1)\($0.2)" }
        XCTAssertEqual(Set(stones), ["eeB", "gcW", "cfB", "dcW"])
        let numbers = figure.matches(of: /<text x=(\d+) y=(\d+)>(\d+)<\/text>/).map { "\($0.1),\($0.2):\($0.3)" }
        XCTAssertEqual(Set(numbers), ["6,2:2", "2,5:3", "3,2:4"], "moves 2 to 4 are numbered, move 1 is not")
    }

    /// A diagram of a file another kind reads (a problem) links to that file's page, which has no move anchors.
    func testDiagramOfAProblemFileLinksToTheProblemPage() throws {
        let (fixture, succeeded, messages) = try build([
            "problems/corner.sgf": "(;SZ[9]AB[aa][ba]AW[ab][bb]PL[B]C[Black to kill.])",
            "docs/problem.md": """
            # A problem

            ```sgf-diagram
            file: ../problems/corner.sgf
            ```
            """])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages)
        let page = try fixture.read("docs/problem.html")
        XCTAssertTrue(page.contains("<figure class=\"go-diagram\"><a href=\"../problems/corner.html\""), page)
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.output.appending(path: "problems/corner.html").path))
    }

    func testPositionWithCropShowsOnlyThatCornerAndTheNodesMarkup() throws {
        let (fixture, succeeded, messages) = try build(["index.md": """
            # Home

            ```sgf-diagram
            file: games/kim-lee.sgf
            move: 4
            crop: top-right
            ```
            """])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, messages)
        let figure = try XCTUnwrap(try fixture.read("index.html").components(separatedBy: "<figure class=\"go-diagram\">").last)
        let stones = figure.matches(of: /data-point=(\w\w) data-stone=([BW])/).map { "\($0.1)\($0.2)" }
        XCTAssertEqual(Set(stones), ["eeB", "gcW"], "the top-right five by five lines: columns and rows 4 to 8 and 0 to 4")
        XCTAssertTrue(figure.contains("viewBox=\"3 -0.7 5.7 5.7\""), figure)
        XCTAssertTrue(figure.contains("class=\"go-triangle"), "the node's markup")
    }

    /// 9x9 with variations: at move 2 White has a second choice (W cg, then B gg, W gc) and, after its
    /// first move, a third branch (B cc instead of B gg).
    static let variations = "(;SZ[9];B[ee](;W[gc];B[cf])(;W[cg](;B[gg];W[gc])(;B[cc])))"

    func testVariationPathFollowsChoicesAndMovesAndReportsWhatTheTreeHas() throws {
        let document = { (path: String) in "# Home\n\n```sgf-diagram\nfile: games/variations.sgf\nvariation: \(path)\n```\n" }
        let cases: [(path: String, stones: Set<String>)] = [
            ("2.1", ["eeB", "gcW"]),                     // choice 1 is the main line
            ("2.2", ["eeB", "cgW"]),
            ("2.2.3", ["eeB", "cgW", "ggB", "gcW"]),
            ("2.2.1.2.1", ["eeB", "cgW", "ccB"]),
        ]
        for (path, expected) in cases {
            let fixture = try SiteFixture.games(["games/variations.sgf": Self.variations, "index.md": document(path)])
            defer { fixture.remove() }
            let (succeeded, log) = fixture.build()
            XCTAssertTrue(succeeded, "\(path): \(log.diagnostics)")
            let page = try fixture.read("index.html")
            let figure = try XCTUnwrap(page.components(separatedBy: "<figure class=\"go-diagram\">").last)
            let stones = figure.matches(of: /data-point=(\w\w) data-stone=([BW])/).map { "\($0.1)\($0.2)" }
            XCTAssertEqual(Set(stones), expected, path)
            // The link opens the game page at the same node, whose number the test finds by walking the tree.
            let game = try XCTUnwrap(SGFParser.parse(bytes: Array(Self.variations.utf8), path: "v.sgf").games.first)
            let numbers = path.split(separator: ".").compactMap { Int($0) }
            var node = game.mainLine[numbers[0] - 1]
            for index in stride(from: 1, to: numbers.count, by: 2) {
                node = game[node].children[numbers[index] - 1]
                for _ in 1..<(index + 1 < numbers.count ? numbers[index + 1] : 1) { node = try XCTUnwrap(game[node].firstChild) }
            }
            XCTAssertTrue(page.contains("games/variations.html#node-\(node)\"") || (path == "2.1" && page.contains("#move-2\"")),
                          "\(path) links to node \(node)")
        }
        let failures: [(path: String, message: String)] = [
            ("2.3", "content/index.md:5:1: error: diagram: variation 2.3: there are 2 choices at move 2 (1 is the line the file gives first)"),
            ("2.2.4", "content/index.md:5:1: error: diagram: variation 2.2.4: choice 2 at move 2 goes 3 moves, not 4"),
            ("9.1", "content/index.md:5:1: error: diagram: variation 9.1: the main line has moves 1 to 3, so a variation can start at moves 1 to 4"),
            ("2.x", "content/index.md:5:1: error: diagram: variation must be a path like 34.2 or 34.2.5 (at move 34, choice 2, 5 moves along it), got '2.x'"),
        ]
        for (path, message) in failures {
            let fixture = try SiteFixture.games(["games/variations.sgf": Self.variations, "index.md": document(path)])
            defer { fixture.remove() }
            let (succeeded, log) = fixture.build()
            XCTAssertFalse(succeeded, path)
            XCTAssertTrue(log.diagnostics.map(\.description).contains(message), "\(path): \(log.diagnostics)")
        }
    }

    func testBadReferencesAreErrorsAtTheSettingWithTheValidRange() throws {
        let (fixture, succeeded, messages) = try build(["index.md": """
            # Home

            ```sgf-diagram
            file: games/kim-lee.sgf
            move: 9
            ```

            ```sgf-diagram
            file: games/missing.sgf
            ```

            ```sgf-diagram
            file: games/kim-lee.sgf
              crop: aa-zz
            ```

            ```sgf-diagram
            file: games/kim-lee.sgf
            mvoe: 2
            ```
            """])
        defer { fixture.remove() }
        XCTAssertFalse(succeeded)
        XCTAssertTrue(messages.contains("content/index.md:5:1: error: diagram: move 9 is past the end: the main line has moves 0 to 4"), messages)
        XCTAssertTrue(messages.contains("content/index.md:9:1: error: diagram: no SGF file 'games/missing.sgf' under content/ from here"), messages)
        XCTAssertTrue(messages.contains("content/index.md:14:3: error: diagram: crop aa-zz is outside the 9x9 board (points aa to ii)"), messages)
        XCTAssertTrue(messages.contains("content/index.md:19:1: error: diagram: unknown diagram setting 'mvoe'"), messages)
        XCTAssertTrue(messages.contains("did you mean 'move'?"), messages)
    }

    func testManualDirectiveDrawsAndReportsAtItsColumn() throws {
        let manual = """
            ***
            Help
            ***
            ---
            Diagrams
            ---
            ===
            One
            ===
            Before.
            @diagram file=games/kim-lee.sgf move=2 caption="After two moves"
            After.
            ===
            Two
            ===
            @diagram file=games/kim-lee.sgf node=12
            """
        let (fixture, succeeded, messages) = try build(["MANUAL": manual])
        defer { fixture.remove() }
        XCTAssertFalse(succeeded)
        XCTAssertTrue(messages.contains("content/MANUAL:16:33: error: diagram: node 12 does not exist: the game has nodes 0 to 4"), messages)

        let (goodFixture, goodSucceeded, goodMessages) = try build(["MANUAL": manual.replacingOccurrences(of: "node=12", with: "node=1")])
        defer { goodFixture.remove() }
        XCTAssertTrue(goodSucceeded, goodMessages)
        let page = try goodFixture.read("manual/diagrams.html")
        XCTAssertTrue(page.contains("<p>Before.</p><figure class=\"go-diagram\"><a href=\"../games/kim-lee.html#move-2\""), page)
        XCTAssertTrue(page.contains("<figcaption>After two moves</figcaption>"))
        XCTAssertTrue(page.contains("<p>After.</p>"))
    }
}
