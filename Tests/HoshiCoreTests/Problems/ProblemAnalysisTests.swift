import HoshiCore
import Testing

/// Solution trees judged against outcomes worked out by hand from the conventions (see `ProblemAnalysis`).
struct ProblemAnalysisTests {
    private func analysis(_ sgf: String, start: Node.ID = 0) throws -> ProblemAnalysis {
        let game = try #require(SGFParser.parse(text: sgf).games.first)
        return ProblemAnalysis(game: game, start: start, positions: GamePositions(game: game))
    }

    /// `Bcb` style names of each step's move, for readable expectations.
    private func moves(_ analysis: ProblemAnalysis) -> [String] {
        analysis.steps.map { step in step.move.map { "\($0.stone.sgfLetter)\($0.point?.sgf ?? "")" } ?? "-" }
    }

    /// Comments, `TE` and an unmarked line in a tree that also marks successes.
    @Test func commentsAndTesujiMarkLinesAndUnmarkedEndsAreWrongWhenTheTreeMarksSuccesses() throws {
        let problem = try analysis("""
            (;GM[1]FF[4]SZ[9]PL[B]AB[cc][dc]AW[cd][dd]C[Black to play.]
            (;B[bb];W[ab]C[Wrong: white lives.])
            (;B[cb]TE[1];W[bb](;B[ba]C[Correct.])(;B[ab];W[ba]C[Wrong: ko.]))
            (;B[eb];W[ea];B[fa]))
            """)
        #expect(problem.player == .black)
        #expect(moves(problem) == ["-", "Bbb", "Wab", "Bcb", "Wbb", "Bba", "Bab", "Wba", "Beb", "Wea", "Bfa"])
        #expect(problem.steps.map(\.parent) == [nil, 0, 1, 0, 3, 4, 4, 6, 0, 8, 9])
        #expect(problem.steps.map(\.mark) == [nil, nil, .wrong, .right, nil, .right, nil, .wrong, nil, nil, nil])
        #expect(problem.steps.map(\.outcome) == [.right, .wrong, .wrong, .right, .right, .right, .wrong, .wrong, .wrong, .wrong, .wrong])
        #expect(problem.steps.map(\.reply) == [nil, 2, nil, 4, nil, nil, 7, nil, 9, nil, nil])
        #expect(problem.hasSolution)
        // Stones and moves span columns 0-5 and rows 0-3; two lines more, and the right edge is 1 line away.
        #expect(problem.area == BoardArea(columns: 0...8, rows: 0...5))
    }

    /// Only failures marked (`BM`, `GB` against White): every other end is a success.
    @Test func unmarkedEndsAreRightWhenTheTreeMarksOnlyFailures() throws {
        let problem = try analysis("""
            (;SZ[19]PL[W]AB[pc][pb][qd][rd]AW[qc][rc]
            (;W[rb];B[sb];W[ra])
            (;W[sb]BM[1];B[rb])
            (;W[qb]GB[1]))
            """)
        #expect(problem.player == .white)
        #expect(moves(problem) == ["-", "Wrb", "Bsb", "Wra", "Wsb", "Brb", "Wqb"])
        #expect(problem.steps.map(\.outcome) == [.right, .right, .right, .right, .wrong, .wrong, .wrong])
        #expect(problem.steps.map(\.reply) == [nil, 2, nil, nil, 5, nil, nil])
        #expect(problem.area == BoardArea(columns: 13...18, rows: 0...5))
    }

    /// A right move with two replies, one of which the player cannot answer: the move is not right.
    @Test func theOpponentChoosesTheRefutationAmongReplies() throws {
        let problem = try analysis("""
            (;SZ[9]PL[B]AB[aa]AW[ba]
            (;B[ca](;W[da];B[ea]C[Correct])(;W[cb]TE[];B[db]C[Wrong]))
            (;B[bb](;W[cb];B[ca]C[Correct])(;W[ab]TE[];B[ca]C[Correct])))
            """)
        #expect(moves(problem) == ["-", "Bca", "Wda", "Bea", "Wcb", "Bdb", "Bbb", "Wcb", "Bca", "Wab", "Bca"])
        #expect(problem.steps[1].outcome == .wrong)
        #expect(problem.steps[1].reply == 4, "the refutation")
        #expect(problem.steps[6].outcome == .right)
        #expect(problem.steps[6].reply == 9, "the opponent's marked move among right replies")
        #expect(problem.steps[0].outcome == .right)
    }

    @Test func theSideToPlayDefaultsToTheFirstMoveThenBlack() throws {
        #expect(try analysis("(;SZ[9]AB[aa]AW[ba];W[ca])").player == .white)
        let bare = try analysis("(;SZ[9]AB[aa]AW[ba])")
        #expect(bare.player == .black)
        #expect(!bare.hasSolution)
        #expect(bare.steps.map(\.outcome) == [.right])
    }

    @Test func aCollectionBranchIsAnalysedFromItsOwnNode() throws {
        let problem = try analysis("(;SZ[19]C[Collection](;AB[aa]PL[B];B[ba])(;AW[ss][rs]PL[W]C[problem 2]))", start: 3)
        #expect(problem.player == .white)
        #expect(problem.steps.map(\.node) == [3])
        #expect(problem.area == BoardArea(columns: 15...18, rows: 16...18))
    }
}

struct ProblemMarkTests {
    @Test func commentsMarkByTheirFirstWordOrACapitalRight() {
        let cases: [(String, ProblemMark?)] = [
            ("Correct!", .right), ("  right answer", .right), ("RIGHT", .right), ("Black lives. RIGHT", .right),
            ("Wrong.", .wrong), ("incorrect: seki", .wrong), ("Wrong, see the RIGHT line", .wrong),
            ("The right idea, but", nil), ("Rightly so", nil), ("", nil), ("Black lives", nil),
        ]
        for (comment, mark) in cases {
            #expect(ProblemMark.of(comment: comment) == mark, "\(comment)")
        }
    }

    @Test func annotationsMarkOnlyTheSideToPlay() throws {
        let game = try #require(SGFParser.parse(text: "(;SZ[9];B[aa]TE[1];W[bb]BM[1];B[cc]GW[1];W[dd]GW[1];B[ee]C[Wrong]TE[1])").games.first)
        let size = game.boardSize
        let marks = (1...5).map { ProblemMark.of(game[$0], player: .black, on: size) }
        #expect(marks == [.right, nil, .wrong, .wrong, .wrong])
        #expect(ProblemMark.of(game[4], player: .white, on: size) == .right)
    }
}

struct ProblemFinderTests {
    private func game(_ sgf: String) throws -> GameTree {
        try #require(SGFParser.parse(text: sgf).games.first)
    }

    @Test func aProblemSetsUpStonesSaysWhoPlaysAndNamesNoPlayers() throws {
        #expect(ProblemFinder.looksLikeProblem(try game("(;AB[aa]AW[bb]PL[B];B[cc])")))
        #expect(ProblemFinder.looksLikeProblem(try game("(;AW[bb]PL[W])")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;AB[aa]PL[B]PB[Honinbo Shusaku])")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;AB[aa]PL[B]RE[B+R])")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;AB[aa];B[cc])")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;PL[B];B[cc])")))
    }

    /// A problem set as the classical collections are published: an empty root, each branch a problem.
    @Test func anEmptyRootWhoseBranchesEachSetUpAProblemIsAProblemSet() throws {
        let set = try game("(;GM[1]SZ[19]C[Two problems](;C[1]PL[W]AB[aa]AW[bb])(;PL[B]AB[cc];B[dd]))")
        #expect(ProblemFinder.looksLikeProblem(set))
        #expect(ProblemFinder.starts(in: set) == [1, 2])
        // A branch without PL, a played move at the root, players or a single branch: not a problem set.
        #expect(!ProblemFinder.looksLikeProblem(try game("(;C[x](;PL[W]AB[aa])(;AB[cc]))")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;B[ee](;PL[W]AB[aa])(;PL[B]AB[cc]))")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;PB[x](;PL[W]AB[aa])(;PL[B]AB[cc]))")))
        #expect(!ProblemFinder.looksLikeProblem(try game("(;C[x](;PL[W]AB[aa]))")))
    }

    @Test func startsAreTheSetupNodeOrEachBranchOfACollection() throws {
        #expect(ProblemFinder.starts(in: try game("(;AB[aa]PL[B](;B[bb])(;B[cc]))")) == [0])
        #expect(ProblemFinder.starts(in: try game("(;GM[1];AB[aa]PL[B];B[bb])")) == [1])
        #expect(ProblemFinder.starts(in: try game("(;B[aa];W[bb])")) == [0])
        #expect(ProblemFinder.starts(in: try game("(;C[Set](;AB[aa]PL[B])(;AW[bb]PL[W];W[cc])(;AB[dd]))")) == [1, 2, 4])
    }
}

struct BoardAreaTests {
    private let size = BoardSize.standard

    @Test func theBoundingBoxGrowsByTheMarginAndReachesNearEdges() {
        let corner = [Point(column: 0, row: 0), Point(column: 4, row: 3)]
        #expect(BoardArea.around(corner, on: size) == BoardArea(columns: 0...6, rows: 0...5))
        let centre = [Point(column: 9, row: 9)]
        #expect(BoardArea.around(centre, on: size) == BoardArea(columns: 7...11, rows: 7...11))
        let nearEdge = [Point(column: 3, row: 14)]
        #expect(BoardArea.around(nearEdge, on: size) == BoardArea(columns: 0...5, rows: 12...18))
        #expect(BoardArea.around(centre, on: size, margin: 0) == BoardArea(columns: 9...9, rows: 9...9))
    }

    @Test func noPointsShowTheWholeBoard() {
        #expect(BoardArea.around([Point](), on: size) == BoardArea(columns: 0...18, rows: 0...18))
    }
}
