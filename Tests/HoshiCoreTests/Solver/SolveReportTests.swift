import Foundation
import HoshiCore
import HoshiTestSupport
import Testing

/// What `hoshi solve` prints for a file: a line per problem, counted as problem pages count them.
struct SolveReportTests {
    private let request = SolveReport.Request(options: .init(nodeLimit: 200_000, seconds: nil, writesTree: false))

    private func report(_ sgf: String, request: SolveReport.Request? = nil) -> (lines: [SolveReport.Line], diagnostics: [Diagnostic]) {
        var lines: [SolveReport.Line] = []
        let diagnostics = SolveReport.solve(bytes: Array(sgf.utf8), file: "set.sgf", request: request ?? self.request) { line, _ in
            lines.append(line)
        }
        return (lines, diagnostics)
    }

    /// A problem set (empty root, a branch per problem): one JSON object per problem, numbered from 1,
    /// with the fields the command promises.
    @Test func eachProblemOfASetGetsAJSONLine() throws {
        let board = SolverFixtures.walled(space: [[3, 0], [4, 0], [5, 0]])
        let black = board.stones.filter { $0.stone == .black }.map { "[\($0.point.sgf)]" }.joined()
        let white = board.stones.filter { $0.stone == .white }.map { "[\($0.point.sgf)]" }.joined()
        let sgf = """
            (;GM[1]SZ[19]C[Two problems]
            (;PL[B]C[problem 1, black to play]AB\(black)AW\(white))
            (;PL[W]C[White to live]AB\(black)AW\(white))
            )
            """
        let (lines, diagnostics) = report(sgf)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(lines.map(\.problem) == [1, 2])
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.json.utf8)) as? [String: Any])
        }
        for key in ["file", "problem", "to_play", "goal", "target", "status", "result", "correct_first_moves", "milliseconds"] {
            #expect(objects.allSatisfy { $0[key] != nil }, "\(key)")
        }
        #expect(objects[0]["to_play"] as? String == "B")
        #expect(objects[0]["goal"] as? String == "kill")
        #expect(objects[1]["goal"] as? String == "live")
        #expect(objects[1]["status"] as? String == "proven")
    }

    @Test func unframeableProblemsAndBadTargetsAreReported() throws {
        let blank = report("(;GM[1]SZ[19]PL[B]C[Black to kill])")
        #expect(blank.lines.count == 1)
        #expect(blank.lines[0].failure?.contains("no stones") == true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(blank.lines[0].json.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "unproven")
        #expect(object["reason"] as? String == "the problem has no stones")

        let offBoard = report("(;GM[1]SZ[9]PL[B]AB[aa]AW[ba])", request: .init(options: request.options, target: "Z30"))
        #expect(offBoard.lines.isEmpty)
        #expect(offBoard.diagnostics.contains { $0.severity == .error && $0.message.contains("Z30") })

        let unreadable = report("not sgf at all")
        #expect(unreadable.diagnostics.contains { $0.severity == .error })
    }

    /// The classical collection from the shared corpus counts as its 520 problems.
    @Test func gokyoShumyoHas520Problems() throws {
        let path = TestPaths.sharedCorpus.appending(path: "sgf/problems-classical/gokyoshumyo.sgf").path
        guard let data = FileManager.default.contents(atPath: path) else {
            print("skipping: \(path) is absent")
            return
        }
        let games = SGFParser.parse(bytes: [UInt8](data)).games
        #expect(ProblemFinder.looksLikeProblem(try #require(games.first)))
        let problems = ProblemPosition.all(in: games)
        #expect(problems.count == 520)
        #expect(problems.allSatisfy { $0.toPlay != nil && !$0.board.stones.isEmpty })
    }
}
