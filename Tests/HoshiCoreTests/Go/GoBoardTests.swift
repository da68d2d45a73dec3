import XCTest
@testable import HoshiCore

/// Board cases in sgfmill's board_test_data style: moves, then the expected diagram.
final class GoBoardTests: XCTestCase {
    /// Plays `moves` (`"B dd"`, `"W pass"`) on a board and returns it with the last move's result.
    private func play(_ moves: [String], size: Int = 5, rows: Int? = nil) -> (Board, MoveResult) {
        guard let boardSize = BoardSize(columns: size, rows: rows ?? size) else { fatalError("bad size in test") }
        var board = Board(size: boardSize)
        var last = MoveResult()
        for text in moves {
            let parts = text.split(separator: " ")
            let stone: Stone = parts[0] == "B" ? .black : .white
            let move: Move
            if parts[1] == "pass" {
                move = .pass(stone)
            } else if case .point(let point) = SGFValue.interpretPoint(String(parts[1]), size: boardSize, allowPass: false) {
                move = Move(stone, at: point)
            } else {
                fatalError("bad point in test: \(text)")
            }
            last = board.play(move)
        }
        return (board, last)
    }

    func testCornerCapture() {
        let (board, result) = play(["W aa", "B ba", "W pass", "B ab"])
        XCTAssertEqual(board.diagram, """
            . X . . .
            X . . . .
            . . . . .
            . . . . .
            . . . . .
            captures: black 1 white 0

            """)
        XCTAssertEqual(result.captured, [Point(column: 0, row: 0)])
    }

    func testCaptureOfAGroupAlongTheEdge() {
        let (board, result) = play(["W aa", "B ca", "W ba", "B ab", "W pass", "B bb"])
        XCTAssertEqual(result.captured.count, 2)
        XCTAssertEqual(board.prisoners(takenBy: .black), 2)
        XCTAssertNil(board[Point(column: 1, row: 0)])
    }

    func testSuicideRemovesTheMoversGroupAndCreditsTheOpponent() {
        let (board, result) = play(["B ba", "B ab", "W aa"])
        XCTAssertTrue(result.isSuicide)
        XCTAssertNil(board[Point(column: 0, row: 0)])
        XCTAssertEqual(board.prisoners(takenBy: .black), 1)
    }

    func testCaptureBeforeSuicide() {
        // White fills its last liberty but captures first: not suicide.
        let (board, result) = play(["B ba", "W ca", "B ab", "W bb", "W ac", "W aa"])
        XCTAssertFalse(result.isSuicide)
        XCTAssertEqual(Set(result.captured), [Point(column: 1, row: 0), Point(column: 0, row: 1)])
        XCTAssertEqual(board[Point(column: 0, row: 0)], .white)
    }

    func testMoveOnOccupiedPointReplacesTheStone() {
        let (board, result) = play(["B cc", "W cc"])
        XCTAssertTrue(result.wasOccupied)
        XCTAssertEqual(board[Point(column: 2, row: 2)], .white)
    }

    func testRectangularBoardHasItsOwnEdges() {
        // 3 columns x 2 rows: a stone on the right edge is not a neighbour of the next row's left edge.
        let (board, _) = play(["W ca", "B ba", "B cb", "W ab"], size: 3, rows: 2)
        XCTAssertEqual(board.diagram, """
            . X .
            O . X
            captures: black 1 white 0

            """)
    }

    func testLargestBoardCorners() {
        guard let size = BoardSize(columns: 52, rows: 52) else { return XCTFail() }
        var board = Board(size: size)
        board.play(Move(.white, at: Point(column: 51, row: 51)))
        board.play(Move(.black, at: Point(column: 50, row: 51)))
        board.play(Move(.black, at: Point(column: 51, row: 50)))
        XCTAssertNil(board[Point(column: 51, row: 51)])
        XCTAssertEqual(board.prisoners(takenBy: .black), 1)
        XCTAssertNil(BoardSize(columns: 53, rows: 19))
        XCTAssertNil(BoardSize(columns: 0, rows: 19))
    }

    func testHashDependsOnStonesNotOnMoveOrder() {
        let (first, _) = play(["B aa", "W bb", "B cc"])
        let (second, _) = play(["B cc", "W bb", "B aa"])
        XCTAssertEqual(first.hash, second.hash)
        let (third, _) = play(["B cc", "W bb", "B ab"])
        XCTAssertNotEqual(first.hash, third.hash)
        XCTAssertEqual(Board(size: .standard).hash, 0)
    }

    func testPlayingLeavesTheOriginalUnchanged() {
        let board = Board(size: .standard)
        let (after, _) = board.playing(Move(.black, at: Point(column: 3, row: 3)))
        XCTAssertNil(board[Point(column: 3, row: 3)])
        XCTAssertEqual(after[Point(column: 3, row: 3)], .black)
    }

    func testScoreAreaAndTerritoryWithDeadStones() {
        // Black wall on column b, white wall on column d, a dead black stone at ea in white's area.
        let (board, _) = play(["B ba", "W da", "B bb", "W db", "B bc", "W dc", "B bd", "W dd", "B be", "W de", "B ea"])
        let score = board.score(deadStones: [Point(column: 4, row: 0)])
        XCTAssertEqual(score.blackStones, 5)
        XCTAssertEqual(score.whiteStones, 5)
        XCTAssertEqual(score.blackTerritory, 5)     // column a
        XCTAssertEqual(score.whiteTerritory, 5)     // column e, after removing the dead stone
        XCTAssertEqual(score.neutral, 5)            // column c touches both
        XCTAssertEqual(score.whitePrisoners, 1)
        XCTAssertEqual(score.areaMargin, 0)
        XCTAssertEqual(score.territoryMargin, -1)
    }
}
