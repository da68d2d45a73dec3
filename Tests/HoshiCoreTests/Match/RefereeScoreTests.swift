import HoshiCore
import XCTest

/// The referee's count of final positions, written as diagrams (`X` black, `O` white, `.` empty; rows
/// from the top).
final class RefereeScoreTests: XCTestCase {
    private func board(_ rows: [String]) -> Board {
        var board = Board(size: BoardSize(columns: rows[0].count, rows: rows.count)!)
        for (row, text) in rows.enumerated() {
            for (column, character) in text.enumerated() {
                let stone: Stone? = character == "X" ? .black : (character == "O" ? .white : nil)
                board.set(stone, at: Point(column: column, row: row))
            }
        }
        return board
    }

    private func point(_ vertex: String, size: Int) -> Point {
        guard case .point(let point)? = GTPVertex.parse(vertex, size: size) else { preconditionFailure(vertex) }
        return point
    }

    func testDameCountForNobody() {
        let position = board([".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."])
        let score = RefereeScore(board: position, komi: 0.5, deadByBlack: [], deadByWhite: [])
        XCTAssertEqual(score.result, "W+0.5")
        XCTAssertEqual(score.winner, .white)
    }

    func testPointsSharedByLivingGroupsCountForNobodyAndNoStoneIsRemoved() {
        // C5, C2 and C1 touch both colours, as the shared liberties of a seki do: nobody's points, and with
        // no dead list nothing is removed. Black 10 + C4, white 10 + C3: a draw without komi.
        let position = board(["XX.OO", "XXXOO", "XXOOO", "XX.OO", "XX.OO"])
        let score = RefereeScore(board: position, komi: 0, deadByBlack: [], deadByWhite: [])
        XCTAssertEqual(score.result, "0")
        XCTAssertNil(score.winner)
        XCTAssertTrue(score.removed.isEmpty)
    }

    func testDeadStonesBothEnginesNameAreRemoved() {
        let position = board([".X.O.", "XX.O.", ".X.OO", "XX.OX", ".X.O."])
        let dead: Set<Point> = [point("E2", size: 5)]
        let score = RefereeScore(board: position, komi: 0.5, deadByBlack: dead, deadByWhite: dead)
        XCTAssertEqual(score.removed, dead)
        XCTAssertEqual(score.result, "W+0.5")
    }

    func testDeadStonesOnlyOneEngineNamesStayOnTheBoard() {
        let position = board([".X.O.", "XX.O.", ".X.OO", "XX.OX", ".X.O."])
        let score = RefereeScore(board: position, komi: 0.5, deadByBlack: [], deadByWhite: [point("E2", size: 5), point("A1", size: 5)])
        XCTAssertTrue(score.removed.isEmpty)
        // A1 is empty: not a stone, not disputed.
        XCTAssertEqual(score.disputed, [point("E2", size: 5)])
        XCTAssertEqual(score.result, "B+2.5")
    }

    func testWilsonIntervalIsHonestForSmallSamples() {
        let interval = WinRateInterval(wins: 10, games: 20)
        XCTAssertEqual(interval.rate, 0.5)
        XCTAssertEqual(interval.lower, 0.299, accuracy: 0.001)
        XCTAssertEqual(interval.upper, 0.701, accuracy: 0.001)
        XCTAssertEqual(WinRateInterval(wins: 0, games: 5).lower, 0)
        XCTAssertEqual(interval.description, "10 of 20 (50.0%, 95% CI 29.9%-70.1%)")
    }
}
