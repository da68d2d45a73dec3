@testable import HoshiCore
import Testing

/// The way out: in a search for the attacker, the target reaching a point next to the frame is its escape.
struct SettledPositionTests {
    /// White's block B19-B18-B17 reaches B17, which the area's last row holds (the frame lies below it):
    /// with the way out open, white has escaped; without it, the position is still to be read.
    @Test func theTargetOnAPointNextToTheFrameHasEscaped() {
        let position = SolverFixtures.board([
            "XO.X",
            "XO.X",
            "XOX.",
        ])
        let board = SearchBoard(board: position, toMove: .black, koMaster: nil)
        let areaPoints = BoardSize.standard.points.filter { $0.column <= 4 && $0.row <= 2 }
        let area = SolverArea(cells: areaPoints.map(board.index(of:)), cellCount: board.cells.count)
        var settled = SettledPosition(targetCell: board.index(of: Point(column: 1, row: 0)), defender: .white, area: area,
                                      sekiIsFailure: false)
        #expect(settled.winner(on: board) == nil)
        let lastRow = areaPoints.filter { $0.row == 2 }
        settled.wayOut = SolverArea(cells: lastRow.map(board.index(of:)), cellCount: board.cells.count)
        #expect(settled.winner(on: board) == .white)
        // A way out the target does not reach decides nothing.
        settled.wayOut = SolverArea(cells: [board.index(of: Point(column: 4, row: 0))], cellCount: board.cells.count)
        #expect(settled.winner(on: board) == nil)
    }
}
