@testable import HoshiCore
import Testing

/// The moves the proof-number search considers: the region's legal points, less the moves that can only do
/// worse than another (filling an eye of one's own block, a pass that loses at once).
struct ProofNumberSearchTests {
    /// White's block (B19, A18, B18, C18) has one liberty, A19, its own eye; D19 captures black's C19.
    private let position = SolverFixtures.board([
        ".OX.X",
        "OOOXX",
        "XXXXX",
    ])
    private let a19 = Point(column: 0, row: 0)
    private let c19 = Point(column: 2, row: 0)
    private let d19 = Point(column: 3, row: 0)

    private func search(toMove: Stone, sekiIsFailure: Bool) -> ProofNumberSearch {
        let board = SearchBoard(board: position, toMove: toMove, koMaster: nil)
        let areaPoints = BoardSize.standard.points.filter { $0.column <= 5 && $0.row <= 3 }
        let area = SolverArea(cells: areaPoints.map(board.index(of:)), cellCount: board.cells.count)
        let settled = SettledPosition(targetCell: board.index(of: Point(column: 1, row: 0)), defender: .white, area: area,
                                      sekiIsFailure: sekiIsFailure)
        return ProofNumberSearch(board: board, settled: settled, region: [a19, c19, d19].map(board.index(of:)),
                                 memoryLimit: 1 << 20, budget: SearchBudget(nodeLimit: 10_000, seconds: nil))
    }

    private func moves(_ search: ProofNumberSearch) -> [Point?] {
        search.legalMoves().map { $0.map(search.board.point(ofIndex:)) }
    }

    /// White, to move, may capture at D19 or pass (seki counts for white here); filling A19, its own eye,
    /// is left out. Black may capture white at A19 or play D19, which joins C19 to its wall; its pass would
    /// let white pass and end the game with white on the board, so it is left out.
    @Test func ownEyeFillsAndTheAttackersLosingPassAreLeftOut() {
        #expect(moves(search(toMove: .white, sekiIsFailure: false)) == [d19, nil])
        #expect(moves(search(toMove: .black, sekiIsFailure: false)) == [a19, d19])
    }

    /// When seki counts as a failure, two passes ask whether white lives unconditionally, which it does not
    /// here: white's pass loses at once and is left out, black's stays.
    @Test func theDefendersPassIsLeftOutWhenSekiIsAFailure() {
        #expect(moves(search(toMove: .white, sekiIsFailure: true)) == [d19])
        #expect(moves(search(toMove: .black, sekiIsFailure: true)) == [a19, d19, nil])
    }

    /// The same answers as the search that rests on them: white lives by capturing at D19 when seki counts
    /// for it, and dies when it must live unconditionally (black captures at A19 after white's D19 is
    /// answered). A second computation with `Board` checks the captures the comments rely on.
    @Test func theLeftOutMovesChangeNoAnswer() {
        #expect(position.playing(Move(.white, at: d19)).result.captured == [c19])
        #expect(position.playing(Move(.black, at: a19)).result.captured.count == 4)
        #expect(search(toMove: .white, sekiIsFailure: false).solve() == .white)
        #expect(search(toMove: .white, sekiIsFailure: true).solve() == .black)
    }

    /// Replaying a proven move's proof in its siblings (simulation) changes no answer, against the same
    /// search without it: open corners to kill, and walled eye shapes with either side to play (the
    /// attacker kills on the vital point, the defender lives there). On some it must save nodes, or the
    /// replay never proved anything.
    @Test func replayedProofsChangeNoAnswer() throws {
        var problems: [(board: Board, toPlay: Stone, comment: String)] = [
            (SolverFixtures.board(["...X......", "OOO.XX....", "XXOOOX....", "..XXX.....", "....X....."]), .black, "Black to kill"),
            (SolverFixtures.board(["....OX....", "OOOOX.....", "XXXX......"]), .black, "Black to kill"),
        ]
        for shape in LifeAndDeathSolverTests.deadShapes.prefix(3) {
            problems.append((SolverFixtures.walled(space: shape.space), .black, "Black to kill"))
            problems.append((SolverFixtures.walled(space: shape.space), .white, "White to live"))
        }
        var saved = 0
        for problem in problems {
            let frame = try ProblemFrame(board: problem.board, toPlay: problem.toPlay, comment: problem.comment)
            func solve(replaying: Bool) -> (winner: Stone?, nodes: Int) {
                let (search, budget) = FrameSearch.make(frame, sekiIsFailure: false, nodes: 400_000)
                search.replaysProofs = replaying
                return (search.solve(), budget.nodes)
            }
            let plain = solve(replaying: false)
            let replayed = solve(replaying: true)
            #expect(plain.winner != nil && replayed.winner == plain.winner, "\(problem.comment) \(problem.board.stones.count) stones")
            if replayed.nodes < plain.nodes { saved += 1 }
        }
        #expect(saved > 0)
    }
}
