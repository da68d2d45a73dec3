import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// Problem pages in whole sites: which files are problems, where their pages go, what the pages embed.
final class ProblemSiteTests: XCTestCase {
    private func build(_ files: [String: String]) throws -> (SiteFixture, Bool, DiagnosticLog, BuildReport?) {
        var all = ["hoshi.yml": "title: Problems\n"]
        for (path, text) in files { all[path] = text }
        let fixture = try SiteFixture(files: all)
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let report = SiteBuilder(options: BuildOptions(sourceDirectory: fixture.root, outputDirectory: fixture.output), log: log).build()
        return (fixture, report != nil, log, report)
    }

    private let corner = "(;SZ[19]PL[B]AB[aa]AW[ba]C[Black <to> play.](;B[ca]C[Correct])(;B[ab];W[bb]C[Wrong]))"

    func testSniffedFilesBecomeAFolderSetAndGamesStayGames() throws {
        let (fixture, succeeded, log, report) = try build([
            "content/tsumego/a.sgf": corner,
            "content/tsumego/b.sgf": "(;SZ[9]PL[W]AW[aa]AB[ba];W[ca])",
            "content/tsumego/game.sgf": "(;SZ[19]PB[Black]PW[White]AB[dd]PL[W];W[pp])",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        let index = try fixture.read("tsumego/index.html")
        XCTAssertTrue(index.contains("href=\"a.html\"") && index.contains("href=\"b.html\""))
        XCTAssertTrue(index.contains("data-problem-key=\"tsumego/a.sgf#1\""))
        XCTAssertFalse(index.contains("tsumego/game.sgf#1"), "a game with players is not a problem")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.output.appending(path: "tsumego/game.html").path))
        let page = try fixture.read("tsumego/a.html")
        XCTAssertTrue(page.contains("data-board=\"problem\""))
        XCTAssertTrue(page.contains("data-verdict=\"\""))
        XCTAssertTrue(page.contains("Black &lt;to&gt; play."))
        XCTAssertTrue(page.contains("<strong class=\"problem-to-play\" data-to-play=\"B\">Black to play</strong>"))
        XCTAssertTrue(page.contains("{\"p\":0,\"m\":\"Bca\",\"a\":\"Bca\",\"o\":\"r\",\"c\":\"Correct\"}"))
        XCTAssertTrue(page.contains("<p>Black C19.</p>"), "the solution in words for readers without JavaScript")
        XCTAssertEqual(report?.notes.first, "2 problems (2 in tsumego/)")
    }

    func testConfiguredCollectionIsOneSetWithoutVerdicts() throws {
        let (fixture, succeeded, log, report) = try build([
            "hoshi.yml": "title: Problems\nproblems:\n  - classics/\n",
            "content/classics/old.sgf": "(;SZ[19]C[An old </script> book](;AB[aa]AW[ba]PL[B]C[problem 1])(;AB[ss]AW[rs]PL[W]C[problem 2]))",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded, log.diagnostics.map(\.description).joined(separator: "\n"))
        let index = try fixture.read("classics/old/index.html")
        XCTAssertTrue(index.contains("This set has no solutions yet."))
        XCTAssertTrue(index.contains("An old &lt;/script&gt; book"))
        XCTAssertFalse(index.contains("data-problem-key"), "nothing to score")
        let second = try fixture.read("classics/old/2.html")
        XCTAssertTrue(second.contains("White to play"))
        XCTAssertFalse(second.contains("data-verdict") || second.contains("problem-data"))
        XCTAssertTrue(second.contains("data-point=\"ss\" data-stone=\"B\""))
        XCTAssertEqual(report?.notes.first, "2 problems (2 in classics/old.sgf)")
    }

    func testEmbeddedTextCannotCloseTheScript() throws {
        let (fixture, succeeded, _, _) = try build([
            "content/p.sgf": "(;SZ[9]PL[B]AB[aa]AW[ba];B[ca]C[</script><script>alert(1)</script>])",
        ])
        defer { fixture.remove() }
        XCTAssertTrue(succeeded)
        let page = try fixture.read("p.html")
        XCTAssertTrue(page.contains("\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"))
        XCTAssertEqual(page.components(separatedBy: "</script>").count, page.components(separatedBy: "<script").count)
    }

    func testTheProblemsKeyIsKnown() {
        let (configuration, diagnostics) = SiteConfiguration.parse("problems:\n  - a\n  - b/c.sgf\n", path: "hoshi.yml")
        XCTAssertEqual(configuration[.problems].paths, ["a", "b/c.sgf"])
        XCTAssertTrue(diagnostics.isEmpty)
    }
}
