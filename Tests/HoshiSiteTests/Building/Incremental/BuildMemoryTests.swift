import Foundation
import HoshiCore
import XCTest
@testable import HoshiSite
import HoshiTestSupport

/// Builds with a `BuildMemory` (as `hoshi serve` does) against clean builds of the same sources, and what
/// each kind of edit makes a rebuild redo.
final class BuildMemoryTests: XCTestCase {
    private static let files: [String: String] = SiteFixture.minimal.merging([
        "content/docs/first.md": "---\ntitle: First\norder: 2\n---\nThe first page.\n\n## Setup\n\nText.\n",
        "content/docs/second.md": "---\ntitle: Second\norder: 3\n---\nSee [setup](first.md#setup).\n",
        "content/other/index.md": "---\ntitle: Other\norder: 2\n---\nA second folder.\n",
        "content/other/page.md": "---\ntitle: Other page\n---\nText of another folder.\n",
    ]) { _, new in new }

    private struct Rebuild {
        var succeeded: Bool
        var log: DiagnosticLog
        var rendered: Int
        var changedPages: [String]
    }

    private func rebuild(_ site: SiteFixture, memory: BuildMemory) -> Rebuild {
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: site.output, isStrict: false),
                                  log: log, memory: memory)
        let succeeded = builder.build() != nil
        return Rebuild(succeeded: succeeded, log: log, rendered: memory.renderedPageCount, changedPages: memory.changedPages)
    }

    private func assertSameAsCleanBuild(_ site: SiteFixture, _ what: String, line: UInt = #line) {
        let clean = site.root.appending(path: "clean")
        try? FileManager.default.removeItem(at: clean)
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: site.root, outputDirectory: clean, isStrict: false), log: log)
        XCTAssertNotNil(builder.build(), "\(what): clean build: \(log.diagnostics)", line: line)
        let expected = folderSnapshot(clean)
        let actual = folderSnapshot(site.output)
        XCTAssertEqual(Set(actual.keys), Set(expected.keys), what, line: line)
        for (path, data) in expected where actual[path] != data {
            XCTFail("\(what): \(path) differs from a clean build", line: line)
        }
    }

    func testEditsRedoOnlyWhatTheyReachAndGiveTheCleanBuild() throws {
        let site = try SiteFixture(files: Self.files)
        defer { site.remove() }
        let memory = BuildMemory()
        let first = rebuild(site, memory: memory)
        XCTAssertTrue(first.succeeded, "\(first.log.diagnostics)")
        assertSameAsCleanBuild(site, "the first build")

        // Saving a file unchanged redoes nothing and changes no page.
        try site.write("content/docs/first.md", Self.files["content/docs/first.md"] ?? "")
        var result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded)
        XCTAssertEqual(result.rendered, 0)
        XCTAssertEqual(result.changedPages, [])

        // A body edit renders and changes that page alone.
        try site.write("content/docs/first.md", "---\ntitle: First\norder: 2\n---\nThe edited page.\n\n## Setup\n\nText.\n")
        result = rebuild(site, memory: memory)
        XCTAssertEqual(result.rendered, 1)
        XCTAssertEqual(result.changedPages, ["docs/first.html"])
        assertSameAsCleanBuild(site, "a body edit")

        // A title edit reaches the pages showing it (its folder's sidebars, its neighbours), not the other folder's page.
        try site.write("content/docs/first.md", "---\ntitle: Renamed\norder: 2\n---\nThe edited page.\n\n## Setup\n\nText.\n")
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.changedPages.contains("docs/first.html"))
        XCTAssertTrue(result.changedPages.contains("docs/second.html"), "the next page links to it by title")
        XCTAssertFalse(result.changedPages.contains("other/page.html"), "a closed folder does not show it")
        assertSameAsCleanBuild(site, "a title edit")

        // Renaming the heading breaks the link to its anchor: the build fails and the output stays.
        let before = folderSnapshot(site.output)
        try site.write("content/docs/first.md", "---\ntitle: Renamed\norder: 2\n---\nThe edited page.\n\n## Install\n\nText.\n")
        result = rebuild(site, memory: memory)
        XCTAssertFalse(result.succeeded)
        XCTAssertTrue(result.log.diagnostics.contains { $0.description.contains("content/docs/second.md") && $0.description.contains("#setup") },
                      "\(result.log.diagnostics)")
        XCTAssertEqual(folderSnapshot(site.output), before)

        // Following the link repairs it.
        try site.write("content/docs/second.md", "---\ntitle: Second\norder: 3\n---\nSee [install](first.md#install).\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        assertSameAsCleanBuild(site, "the link following the heading")

        // An added and a removed page.
        try site.write("content/other/added.md", "# Added\n\nNew.\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        assertSameAsCleanBuild(site, "an added page")
        try FileManager.default.removeItem(at: site.root.appending(path: "content/other/added.md"))
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.changedPages.contains("other/added.html"))
        assertSameAsCleanBuild(site, "a removed page")

        // A template renders every page again.
        try site.write("templates/partials/footer.mustache", "<footer>Edited footer</footer>\n")
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(result.rendered, folderSnapshot(site.output).keys.filter { $0.hasSuffix(".html") }.count)
        assertSameAsCleanBuild(site, "a template")

        // A configuration edit starts from scratch.
        try site.write("hoshi.yml", "title: Another title\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        assertSameAsCleanBuild(site, "hoshi.yml")
    }

    // MARK: - Game files

    /// A 9×9 game record between two players, with a comment so edits can change the page alone.
    private static func game(black: String, white: String, result: String = "B+R", comment: String = "A game.") -> String {
        "(;GM[1]FF[4]SZ[9]PB[\(black)]PW[\(white)]RE[\(result)]KM[6.5]C[\(comment)];B[ee];W[cc];B[gc];W[eg])"
    }

    private static let gameFiles: [String: String] = SiteFixture.minimal.merging([
        "content/games/a.sgf": game(black: "Honinbo Shusaku", white: "Ota Yuzo"),
        "content/games/b.sgf": game(black: "Ota Yuzo", white: "Honinbo Shusaku", result: "W+2.5"),
        "content/games/c.sgf": game(black: "Yasuda Shusaku", white: "Inoue Gennan"),
        "content/games/pair.sgf": game(black: "Ito Showa", white: "Honinbo Shuwa") + game(black: "Honinbo Shuwa", white: "Ito Showa"),
        "content/games/later/d.sgf": game(black: "Honinbo Shuei", white: "Ishii Senji"),
    ]) { _, new in new }

    /// Game files read in the last build: the per-file steps that ran, the others' results being kept.
    private func gameFilesRead(_ memory: BuildMemory) -> Int {
        memory.readStepRuns(GameSiteReader.fileStep)
    }

    func testEditingOneGameReadsThatFileAloneAndGivesTheCleanBuild() throws {
        let site = try SiteFixture(files: Self.gameFiles)
        defer { site.remove() }
        let memory = BuildMemory()
        let first = rebuild(site, memory: memory)
        XCTAssertTrue(first.succeeded, "\(first.log.diagnostics)")
        XCTAssertEqual(gameFilesRead(memory), 5, "the first build reads every game file")
        assertSameAsCleanBuild(site, "the first build")

        // Saving unchanged reads nothing.
        try site.write("content/games/a.sgf", Self.game(black: "Honinbo Shusaku", white: "Ota Yuzo"))
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        XCTAssertEqual(gameFilesRead(memory), 0)

        // A comment: that game's page alone changes.
        try site.write("content/games/a.sgf", Self.game(black: "Honinbo Shusaku", white: "Ota Yuzo", comment: "An edited <game>."))
        var result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(gameFilesRead(memory), 1)
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.collectionStep), 0, "no summary changed")
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.playersStep), 0)
        XCTAssertEqual(result.changedPages, ["games/a.html"])
        XCTAssertTrue(try site.read("games/a.html").contains("An edited &lt;game&gt;."))
        assertSameAsCleanBuild(site, "a comment edit")

        // One game of a file holding two.
        try site.write("content/games/pair.sgf", Self.game(black: "Ito Showa", white: "Honinbo Shuwa")
            + Self.game(black: "Honinbo Shuwa", white: "Ito Showa", comment: "The second game, edited."))
        result = rebuild(site, memory: memory)
        XCTAssertEqual(gameFilesRead(memory), 1)
        XCTAssertEqual(result.changedPages, ["games/pair/2.html"])
        assertSameAsCleanBuild(site, "an edit of a file holding two games")
    }

    /// A Markdown page depends on the SGF files its diagrams draw, not on the others: a game edit re-reads
    /// the pages drawing that game and keeps every other page's reading.
    func testAGameEditReReadsOnlyThePagesDrawingIt() throws {
        var files = Self.gameFiles
        files["content/docs/opening.md"] = "# Opening\n\n```sgf-diagram\nfile: ../games/a.sgf\nmoves: 1-2\n```\n"
        files["content/docs/other.md"] = "# Other\n\n```sgf-diagram\nfile: ../games/b.sgf\n```\n"
        files["content/docs/plain.md"] = "# Plain\n\nNo diagram here.\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let memory = BuildMemory()
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        let markdownFiles = files.keys.filter { $0.hasSuffix(".md") }.count
        XCTAssertEqual(memory.independentlyReadFileCount, markdownFiles, "the first build reads every Markdown file")

        try site.write("content/games/a.sgf", "(;GM[1]FF[4]SZ[9]PB[Honinbo Shusaku]PW[Ota Yuzo];B[dd];W[ff])")
        let result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(memory.independentlyReadFileCount, 1, "only the page drawing a.sgf is read again")
        XCTAssertTrue(result.changedPages.contains("docs/opening.html"))
        XCTAssertFalse(result.changedPages.contains("docs/other.html"))
        assertSameAsCleanBuild(site, "a game drawn in a document")

        // A new game file changes the file list, which any diagram may name: every page is read again.
        try site.write("content/games/new.sgf", Self.game(black: "Murase Shuho", white: "Honinbo Shuwa"))
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        XCTAssertEqual(memory.independentlyReadFileCount, markdownFiles)
        assertSameAsCleanBuild(site, "a game file added")
    }

    func testEditingAPlayerOrAResultUpdatesTheCollectionAndPlayersPages() throws {
        var files = Self.gameFiles
        files["content/games/later/e.sgf"] = Self.game(black: "Honinbo Shuho", white: "Murase Shuho")
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let memory = BuildMemory()
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.collectionStep), 2, "games/ and games/later/")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "games/players/yasuda-shusaku.html").path))

        // A new name for Black: a players' page appears, the old one goes, the collection lists the new name.
        try site.write("content/games/c.sgf", Self.game(black: "Honinbo Shusai", white: "Inoue Gennan"))
        var result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(gameFilesRead(memory), 1)
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.collectionStep), 1, "the index of games/, not of games/later/")
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.playersStep), 1)
        XCTAssertTrue(result.changedPages.contains("games/index.html"), "\(result.changedPages)")
        XCTAssertTrue(result.changedPages.contains("games/players/index.html"), "\(result.changedPages)")
        XCTAssertTrue(try site.read("games/index.html").contains("Honinbo Shusai"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "games/players/honinbo-shusai.html").path))
        XCTAssertFalse(try site.read("games/index.html").contains("Yasuda"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appending(path: "games/players/yasuda-shusaku.html").path))
        assertSameAsCleanBuild(site, "a player's new name")

        // A new result: the collection and the winner's and loser's pages say it.
        try site.write("content/games/b.sgf", Self.game(black: "Ota Yuzo", white: "Honinbo Shusaku", result: "B+R"))
        result = rebuild(site, memory: memory)
        XCTAssertEqual(gameFilesRead(memory), 1)
        XCTAssertTrue(result.changedPages.contains("games/index.html"), "\(result.changedPages)")
        assertSameAsCleanBuild(site, "a new result")
    }

    func testAddingOrRemovingAGameFileReadsOnlyTheNewFile() throws {
        let site = try SiteFixture(files: Self.gameFiles)
        defer { site.remove() }
        let memory = BuildMemory()
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)

        // Sorted before every other file: the others move down the sidebar but are not read again.
        try site.write("content/games/0-first.sgf", Self.game(black: "Honinbo Dosaku", white: "Yasui Chitetsu"))
        var result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(gameFilesRead(memory), 1)
        assertSameAsCleanBuild(site, "an added game file")

        try FileManager.default.removeItem(at: site.root.appending(path: "content/games/b.sgf"))
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(gameFilesRead(memory), 0)
        XCTAssertTrue(result.changedPages.contains("games/b.html"))
        assertSameAsCleanBuild(site, "a removed game file")

        // In a folder with its own index page, the second file makes a collection index (`games.html`) that
        // its files sit under in the navigation.
        try site.write("content/games/later/index.md", "# Later games\n\nThe Meiji era.\n")
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        XCTAssertEqual(gameFilesRead(memory), 0)
        try site.write("content/games/later/e.sgf", Self.game(black: "Honinbo Shuho", white: "Murase Shuho"))
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "games/later/games.html").path))
        XCTAssertEqual(gameFilesRead(memory), 2, "the new file, and the one whose navigation parent changed")
        assertSameAsCleanBuild(site, "a folder becoming a collection")
        try FileManager.default.removeItem(at: site.root.appending(path: "content/games/later/e.sgf"))
        result = rebuild(site, memory: memory)
        XCTAssertEqual(gameFilesRead(memory), 1)
        assertSameAsCleanBuild(site, "a collection back to one file")
    }

    func testChangingTheGamesSettingsReadsEveryGameFile() throws {
        let site = try SiteFixture(files: Self.gameFiles)
        defer { site.remove() }
        let memory = BuildMemory()
        XCTAssertTrue(rebuild(site, memory: memory).succeeded)
        try site.write("hoshi.yml", "title: Test Site\ngames:\n  figure_moves: 2\n")
        let result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(gameFilesRead(memory), 5)
        assertSameAsCleanBuild(site, "new games settings")
    }

    func testGamesWithHintsPlanAndReadOnlyTheEditedFile() throws {
        var files = Self.gameFiles
        files["hoshi.yml"] = "title: Test Site\nhints:\n  paths: [games]\n  playouts: 8\n  candidates: 2\n"
        let site = try SiteFixture(files: files)
        defer { site.remove() }
        let memory = BuildMemory()
        let first = rebuild(site, memory: memory)
        XCTAssertTrue(first.succeeded, "\(first.log.diagnostics)")
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.hintPlanStep), 5)
        XCTAssertTrue(try site.read("games/a.html").contains("Engine analysis"))
        assertSameAsCleanBuild(site, "the first build with hints")

        // A move changed: its new positions get hints, and only its file is planned and read again.
        try site.write("content/games/c.sgf", "(;GM[1]FF[4]SZ[9]PB[Yasuda Shusaku]PW[Inoue Gennan]RE[B+R]KM[6.5];B[dd];W[ff];B[gc])")
        let result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(memory.readStepRuns(GameSiteReader.hintPlanStep), 1)
        XCTAssertEqual(gameFilesRead(memory), 1)
        assertSameAsCleanBuild(site, "a move edit with hints")
    }

    // MARK: - Problem files

    func testEditingOneProblemFileReadsThatFileAloneAndGivesTheCleanBuild() throws {
        let corner = "(;SZ[19]PL[B]AB[aa]AW[ba]C[Black to play.](;B[ca]C[Correct])(;B[ab];W[bb]C[Wrong]))"
        let site = try SiteFixture(files: SiteFixture.minimal.merging([
            "hoshi.yml": "title: Test Site\nproblems:\n  - classics/\n",
            "content/tsumego/a.sgf": corner,
            "content/tsumego/b.sgf": "(;SZ[9]PL[W]AW[aa]AB[ba];W[ca])",
            "content/classics/old.sgf": "(;SZ[19]C[An old book](;AB[aa]AW[ba]PL[B]C[problem 1])(;AB[ss]AW[rs]PL[W]C[problem 2]))",
            "content/classics/new.sgf": "(;SZ[19]C[A new book](;AB[aa]AW[ba]PL[B]C[first])(;AB[ss]AW[rs]PL[W]C[second]))",
        ]) { _, new in new })
        defer { site.remove() }
        let memory = BuildMemory()
        let first = rebuild(site, memory: memory)
        XCTAssertTrue(first.succeeded, "\(first.log.diagnostics)")
        XCTAssertEqual(memory.readStepRuns(ProblemSiteReader.fileStep), 4)
        assertSameAsCleanBuild(site, "the first build with problems")

        // A file holding a set: its pages alone change.
        try site.write("content/classics/old.sgf",
                       "(;SZ[19]C[An old book](;AB[aa]AW[ba]PL[B]C[problem 1, edited])(;AB[ss]AW[rs]PL[W]C[problem 2]))")
        var result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(memory.readStepRuns(ProblemSiteReader.fileStep), 1)
        XCTAssertEqual(result.changedPages, ["classics/old/1.html"])
        assertSameAsCleanBuild(site, "an edit of a file holding a set")

        // A one-problem file of a folder set.
        try site.write("content/tsumego/b.sgf", "(;SZ[9]PL[W]AW[aa]AB[ba]C[White to live.];W[ca])")
        result = rebuild(site, memory: memory)
        XCTAssertEqual(memory.readStepRuns(ProblemSiteReader.fileStep), 1)
        assertSameAsCleanBuild(site, "an edit of a one-problem file")

        // A set gaining a problem, and a file removed.
        try site.write("content/classics/new.sgf",
                       "(;SZ[19]C[A new book](;AB[aa]AW[ba]PL[B]C[first])(;AB[ss]AW[rs]PL[W]C[second])(;AB[sa]AW[ra]PL[B]C[third]))")
        result = rebuild(site, memory: memory)
        XCTAssertEqual(memory.readStepRuns(ProblemSiteReader.fileStep), 1)
        assertSameAsCleanBuild(site, "a set gaining a problem")
        try FileManager.default.removeItem(at: site.root.appending(path: "content/tsumego/a.sgf"))
        result = rebuild(site, memory: memory)
        XCTAssertTrue(result.succeeded, "\(result.log.diagnostics)")
        XCTAssertEqual(memory.readStepRuns(ProblemSiteReader.fileStep), 0)
        assertSameAsCleanBuild(site, "a removed problem file")
    }
}
