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
        settled.wayOut = WayOut(edge: lastRow, on: board) { _ in true }
        #expect(settled.winner(on: board) == .white)
        // A way out the target does not reach decides nothing.
        settled.wayOut = WayOut(edge: [Point(column: 4, row: 0)], on: board) { _ in true }
        #expect(settled.winner(on: board) == nil)
    }

    /// White's block on the first line reaches D19, on the edge: under Black's D18 it only crawls along
    /// the edge, and has not escaped; with D18 empty (or once White captures that stone) it has.
    @Test func aFirstLinePointUnderTheAttackersStoneIsNoEscape() {
        let edge = (0...2).map { Point(column: 3, row: $0) }
        for (rows, escaped) in [(["XOOO", ".XXX", "...."], false), (["XOOO", ".XX.", "...."], true)] {
            let board = SearchBoard(board: SolverFixtures.board(rows), toMove: .black, koMaster: nil)
            var settled = SettledPosition(targetCell: board.index(of: Point(column: 1, row: 0)), defender: .white,
                                          area: SolverArea(cells: [], cellCount: board.cells.count), sekiIsFailure: false)
            settled.wayOut = WayOut(edge: edge, on: board) { _ in true }
            #expect((settled.winner(on: board) == .white) == escaped, "\(rows)")
        }
    }
}
