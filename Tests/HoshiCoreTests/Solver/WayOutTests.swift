@testable import HoshiCore
import Testing

/// The way out's first-line rule (`WayOut`) against the frame it is made from.
struct WayOutTests {
    /// Black to kill, narrowed to White's sphere: the narrowing fills points beside the first line that are
    /// empty on the real board (a position found by a random search for one, here H18 below the edge point
    /// H19). A first-line edge point whose inward point was filled stays a way out: the group could climb
    /// there. Taking the filled stone for a wall (as a rule that trusted every attacker stone would) shuts
    /// it.
    @Test func aFilledPointIsNoWall() throws {
        let board = SolverFixtures.board(["..O..X.", "OX.XX..", "..OOXXX", ".X.OX.."])
        let frame = try ProblemFrame(board: board, toPlay: .black, comment: "Black to kill")
        let narrowed = try #require(frame.narrowedToSphere())
        let inPlay = Set(narrowed.region)
        func isFilled(_ point: Point) -> Bool {
            board[point] == nil && !inPlay.contains(point) && narrowed.searchedBoard[point] == .black
        }
        let points = narrowed.edge.filter { point in
            point.row == 0 && board[point] == nil && isFilled(Point(column: point.column, row: 1))
        }
        #expect(!points.isEmpty, "the narrowing fills no point beside a first-line edge point: \(narrowed.edge.map(\.sgf))")
        for point in points {
            let searchBoard = SearchBoard(board: narrowed.searchedBoard, toMove: .white, koMaster: nil)
            let cell = searchBoard.index(of: point)
            #expect(searchBoard.play(cell), "\(point.sgf)")
            #expect(WayOut(frame: narrowed, on: searchBoard).isReached(by: [cell], on: searchBoard, attacker: .black), "\(point.sgf)")
            let trusting = WayOut(edge: narrowed.edge, on: searchBoard) { _ in true }
            #expect(!trusting.isReached(by: [cell], on: searchBoard, attacker: .black), "\(point.sgf)")
        }
    }
}
