import Foundation
import HoshiCore
@testable import HoshiSite
import HoshiTestSupport
import XCTest

/// `problems:` with the solver: settings, planning, computed pages, proofreading and the solution cache.
///
/// The problem: a white group on the top edge of a 9x9 board with a straight three (A9, B9, C9) as its
/// only eye space, enclosed by Black. Black to play kills at the middle point B9; A9 or C9 lets White take
/// B9 with two eyes. The tests check what the solver says against a replay with HoshiCore's rules.
final class ProblemSolvingTests: XCTestCase {
    static let position = "GM[1]SZ[9]AW[da][db][cb][bb][ab]AB[ea][eb][ec][dc][cc][bc][ac]PL[B]C[Black to kill.]"
    /// The author's tree with a mistake: A9 marked correct, B9 (the vital point) marked wrong.
    static let mistaken = "(;\(position)\n(;B[aa]C[Correct.])\n(;B[ba]C[Wrong.]))"

    private func build(_ files: [String: String], fixture existing: SiteFixture? = nil) throws -> (SiteFixture, DiagnosticLog, BuildReport?) {
        let fixture = try existing ?? SiteFixture(files: files)
        let log = DiagnosticLog(treatsWarningsAsErrors: false)
        let report = SiteBuilder(options: BuildOptions(sourceDirectory: fixture.root, outputDirectory: fixture.output), log: log).build()
        return (fixture, log, report)
    }

    // MARK: - Settings

    func testSettingsPerPathWithGoalRangesAndUnknownKeysAtTheirLine() {
        let yaml = """
        problems:
          - tsumego
          - path: classical/gokyoshumyo.sgf
            solve: missing
            nodes: 500
            goals:
              - problems: 1-103
                goal: live
              - problems: 104-174
                goal: kill
            budget: 3
        """
        let (configuration, diagnostics) = SiteConfiguration.parse(yaml, path: "hoshi.yml")
        let problems = configuration[.problems]
        XCTAssertEqual(problems.paths, ["tsumego", "classical/gokyoshumyo.sgf"])
        XCTAssertEqual(problems.solving(for: "tsumego/a.sgf").mode, .off)
        let solving = problems.solving(for: "classical/gokyoshumyo.sgf")
        XCTAssertEqual(solving.mode, .missing)
        XCTAssertEqual(solving.nodes, 500)
        XCTAssertEqual(solving.goal(forProblem: 1), .live)
        XCTAssertEqual(solving.goal(forProblem: 103), .live)
        XCTAssertEqual(solving.goal(forProblem: 104), .kill)
        XCTAssertNil(solving.goal(forProblem: 175))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.severity, .warning)
        XCTAssertTrue(diagnostics.first?.message.contains("unknown key 'budget'") ?? false)
        XCTAssertEqual(diagnostics.first?.location?.line, 11)
    }

    func testBadSolveValueIsAnErrorAtItsLine() {
        let (_, diagnostics) = SiteConfiguration.parse("problems:\n  - path: a\n    solve: always\n", path: "hoshi.yml")
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
        XCTAssertEqual(diagnostics.first?.location?.line, 3)
    }

    // MARK: - Planning

    func testPlanAsksOnlyAboutProblemsTheModeCovers() throws {
        let games = SGFParser.parse(bytes: Array("(;SZ[19](;AB[aa]AW[ba]PL[B])(;\(Self.position);B[ba]C[Correct.]))".utf8), path: "x.sgf").games
        var solving = ProblemSolving()
        solving.mode = .missing
        let missing = SolvePlan(games: games, solving: solving)
        XCTAssertEqual(Set(missing.items.keys), [1], "the second problem has a tree")
        solving.mode = .check
        let check = SolvePlan(games: games, solving: solving)
        XCTAssertEqual(check.jobs.map(\.problemNumber), [2])
        XCTAssertEqual(check.jobs.first?.frame.goal, .kill, "from the comment")
        solving.goals = [ProblemSolving.GoalRange(problems: 2...2, goal: .other)]
        if case .skipped(let reason)? = SolvePlan(games: games, solving: solving).items[2] {
            XCTAssertTrue(reason.contains("outside life and death"))
        } else {
            XCTFail("a goal outside life and death is not solved")
        }
    }

    // MARK: - Proofreading

    func testCheckWarnsAtTheNodesAndTheRefutationReplays() throws {
        let (fixture, log, report) = try build([
            "hoshi.yml": "title: T\nproblems:\n  - path: tsumego\n    solve: check\n",
            "content/tsumego/edge.sgf": Self.mistaken,
        ])
        defer { fixture.remove() }
        XCTAssertNotNil(report, log.diagnostics.map(\.description).joined(separator: "\n"))
        let warnings = log.diagnostics.filter { $0.severity == .warning && $0.message.contains("Hoshi's solver") }
        let refuted = try XCTUnwrap(warnings.first { $0.message.contains("correct first move A9 is refuted") }, "\(warnings)")
        XCTAssertEqual(refuted.location?.line, 2, "at the node of B[aa]")
        XCTAssertEqual(refuted.location?.column, 2)
        let works = try XCTUnwrap(warnings.first { $0.message.contains("wrong first move B9 works") })
        XCTAssertEqual(works.location?.line, 3)
        XCTAssertTrue(warnings.contains { $0.message.contains("lacks the correct first move") } == false, "B9 is in the tree")
        // The refutation's first reply, replayed with the rules: White captures A9 and has two eyes.
        let reply = try XCTUnwrap(refuted.message.range(of: "solver: White ").map { String(refuted.message[$0.upperBound...].prefix(2)) })
        XCTAssertEqual(reply, "B9")
        var board = Board(size: try XCTUnwrap(BoardSize(columns: 9, rows: 9)))
        for point in ["da", "db", "cb", "bb", "ab"] { board.set(.white, at: try XCTUnwrap(ProblemProofreading.point(point))) }
        for point in ["ea", "eb", "ec", "dc", "cc", "bc", "ac"] { board.set(.black, at: try XCTUnwrap(ProblemProofreading.point(point))) }
        XCTAssertFalse(board.play(Move(.black, at: Point(column: 0, row: 0))).isSuicide)
        XCTAssertEqual(board.play(Move(.white, at: Point(column: 1, row: 0))).captured, [Point(column: 0, row: 0)], "A9 captured")
        for eye in [Point(column: 0, row: 0), Point(column: 2, row: 0)] {
            XCTAssertNil(board[eye])
            let neighbours = [(-1, 0), (1, 0), (0, 1)].map { Point(column: eye.column + $0.0, row: eye.row + $0.1) }.filter { $0.column >= 0 }
            XCTAssertTrue(neighbours.allSatisfy { board[$0] == .white }, "\(eye.sgf) is a white eye")
        }
    }

    // MARK: - Computed pages and the cache

    func testMissingTreeIsComputedPublishedAndCachedSoTheSecondBuildSolvesNothing() throws {
        let files = ["hoshi.yml": "title: T\nproblems:\n  - path: tsumego\n    solve: missing\n    nodes: 50000\n",
                     "content/tsumego/edge.sgf": "(;\(Self.position))",
                     "content/tsumego/live.sgf": "(;\(Self.position.replacingOccurrences(of: "PL[B]C[Black to kill.]", with: "PL[W]C[White to live.]")))",
                     "content/tsumego/open.sgf": "(;GM[1]SZ[19]AB[dd]AW[pp]PL[B])"]
        let (fixture, log, report) = try build(files)
        defer { fixture.remove() }
        XCTAssertNotNil(report, log.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(report?.notes.contains("solver: 2 problems, 0 from the cache, 2 solved now") ?? false, "\(report?.notes ?? [])")
        let page = try fixture.read("tsumego/edge.html")
        XCTAssertTrue(page.contains("computed by Hoshi's life-and-death solver"))
        XCTAssertTrue(page.contains("Black kills unconditionally"))
        let data = try XCTUnwrap(page.range(of: "id=\"problem-data\">").map { page[$0.upperBound...] })
        XCTAssertTrue(data.contains("\"m\":\"Bba\",\"a\":\"Bba\",\"o\":\"r\""), "B9 is right")
        XCTAssertTrue(data.contains("\"m\":\"Baa\",\"a\":\"Baa\",\"o\":\"w\""), "A9 is wrong")
        let live = try fixture.read("tsumego/live.html")
        XCTAssertTrue(live.contains("White lives unconditionally"))
        XCTAssertTrue(live.contains("\"m\":\"Wba\",\"a\":\"Wba\",\"o\":\"r\""), "B9 is right for White too")
        let open = try fixture.read("tsumego/open.html")
        XCTAssertTrue(open.contains("study the position"), "a problem the solver cannot frame keeps its page")
        XCTAssertTrue(open.contains("gives no answer to play here"))
        XCTAssertFalse(open.contains("problem-data"))
        XCTAssertTrue(report?.notes.contains { $0.contains("2 of 3 proven") } ?? false, "\(report?.notes ?? [])")

        let (_, secondLog, second) = try build([:], fixture: fixture)
        XCTAssertNotNil(second, secondLog.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(second?.notes.contains("solver: 2 problems, 2 from the cache, 0 solved now") ?? false, "\(second?.notes ?? [])")
        XCTAssertEqual(try fixture.read("tsumego/edge.html"), page, "the cached answer gives the same page")

        // A damaged entry is reported and solved again, the others stay cached.
        let cache = SolutionCache.beside(HintCache.forSite(fixture.root))
        let digest = try XCTUnwrap(cache.digests().first)
        try Data("hoshi-hint-cache 1 0000\nbroken".utf8).write(to: cache.url(for: digest))
        let (_, thirdLog, third) = try build([:], fixture: fixture)
        XCTAssertTrue(third?.notes.contains("solver: 2 problems, 1 from the cache, 1 solved now, 1 corrupt entry replaced") ?? false,
                      "\(third?.notes ?? [])")
        XCTAssertTrue(thirdLog.diagnostics.contains { $0.message.contains("solution cache entry \(digest) is corrupt") })
    }

    func testSolutionEntriesRoundTripAndHintEntriesKeepTheirFormat() throws {
        var solving = ProblemSolving()
        solving.nodes = 50_000
        let games = SGFParser.parse(bytes: Array("(;\(Self.position))".utf8), path: "x.sgf").games
        solving.mode = .missing
        let job = try XCTUnwrap(SolvePlan(games: games, solving: solving).jobs.first)
        let answer = SolvedProblem(LifeAndDeathSolver.solve(job.frame, options: .init(nodeLimit: 50_000, seconds: nil)))
        XCTAssertEqual(SolvedProblem(storedText: answer.storedText), answer)
        XCTAssertEqual(answer.correct, ["ba"])
        XCTAssertTrue(Set(answer.wrong).isSuperset(of: ["aa", "ca"]) && !answer.wrong.contains("ba"), "\(answer.wrong)")
        // A ko keeps how it is fought: white takes it first at D19, so black must find the first threat.
        let koBoard = SGFParser.parse(bytes: Array("(;SZ[19]AB[ca][ea][db][eb][ac][bc][cc][dc][ec]AW[ba][ab][bb][cb]PL[W])".utf8),
                                      path: "ko.sgf").games
        let koJob = try XCTUnwrap(SolvePlan(games: koBoard, solving: solving).jobs.first)
        let ko = SolvedProblem(LifeAndDeathSolver.solve(koJob.frame, options: .init(nodeLimit: 50_000, seconds: nil)))
        XCTAssertEqual(ko.koFight, SolverResult.KoFight(threatsNeeded: 0, opponentThreatsBeaten: 0))
        XCTAssertEqual(SolvedProblem(storedText: ko.storedText), ko)
        XCTAssertTrue(ko.resultText.hasSuffix("Black must find the first ko threat"), ko.resultText)
        // The stored entry is a hint cache entry's format: header, checksum of the body, key text, `---`, answer.
        let directory = FileManager.default.temporaryDirectory.appending(path: "hoshi-solutions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = SolutionCache(directory: directory)
        try cache.store(answer, for: job.key)
        let text = try String(contentsOf: cache.url(for: job.key.digest), encoding: .utf8)
        let body = job.key.text + "\n---\n" + answer.storedText
        XCTAssertEqual(text, "hoshi-hint-cache 1 \(SHA256.hexDigest(body))\n\(body)")
    }
}
