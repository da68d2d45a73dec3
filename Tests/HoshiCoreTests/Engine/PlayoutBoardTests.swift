@testable import HoshiCore
import XCTest

/// The playout board against the replay board (`Board`), which is the reference for the rules: random
/// legal games must give the same stones, captures and hashes, and the chain bookkeeping must match a
/// recount from scratch after every move.
final class PlayoutBoardTests: XCTestCase {
    func testRandomGamesMatchTheReplayBoardOnEverySize() {
        var random = SplitMix64(seed: 7)
        for size in 2...25 {
            let board = PlayoutBoard(size: size)
            var reference = Board(size: BoardSize(columns: size, rows: size)!)
            let moves = size <= 9 ? 300 : 120
            for _ in 0..<moves {
                let stone = board.toMove
                let legal = (0..<board.emptyCount).map { Int(board.emptyPoints[$0]) }.filter { board.isLegal($0, stone) }
                let index = legal.isEmpty ? PlayoutBoard.pass : legal[random.below(legal.count)]
                board.play(index, stone)
                reference.play(Move(stone, at: index == PlayoutBoard.pass ? nil : board.point(ofIndex: index)))
                XCTAssertEqual(board.hash, reference.hash, "size \(size)")
                assertChainsConsistent(board)
            }
            for point in reference.size.points {
                XCTAssertEqual(board.stone(at: board.index(of: point)), reference[point], "size \(size) \(point)")
            }
        }
    }

    func testSimpleKoIsRefusedOnceAndAllowedAfterAnotherMove() {
        // . X O .
        // X O . O
        // . X O .
        let board = position(size: 4, black: ["ba", "ab", "bc"], white: ["ca", "bb", "db", "cc"])
        let ko = board.index(of: Point(column: 2, row: 1))
        board.play(ko, .black)  // captures b b
        let recapture = board.index(of: Point(column: 1, row: 1))
        XCTAssertFalse(board.isLegal(recapture, .white))
        XCTAssertTrue(board.isLegal(recapture, .black), "the ko point is Black's own eye, which Black may fill")
        board.play(PlayoutBoard.pass, .white)
        board.play(PlayoutBoard.pass, .black)
        XCTAssertTrue(board.isLegal(recapture, .white))
    }

    func testSuicideIsIllegalButCapturingIsNot() {
        // . X .
        // X . X
        // . X .
        let board = position(size: 3, black: ["ba", "ab", "cb", "bc"], white: [])
        let centre = board.index(of: Point(column: 1, row: 1))
        XCTAssertFalse(board.isLegal(centre, .white))
        XCTAssertTrue(board.isLegal(centre, .black))
        XCTAssertTrue(board.isOwnEye(centre, .black))
    }

    func testPatternCodesFollowTheStones() {
        var random = SplitMix64(seed: 3)
        let board = PlayoutBoard(size: 9)
        let policy = PlayoutPolicy(parameters: EngineParameters())
        for _ in 0..<60 {
            let move = policy.chooseMove(on: board, random: &random)
            board.play(move, board.toMove)
        }
        let fresh = PlayoutBoard(size: 9)
        for row in 0..<9 {
            for column in 0..<9 {
                let index = board.index(of: Point(column: column, row: row))
                if let stone = board.stone(at: index) {
                    fresh.play(index, stone)
                }
            }
        }
        for index in 0..<board.cellCount where board.isOnBoard(index) {
            XCTAssertEqual(board.neighbourhood[index], fresh.neighbourhood[index], "cell \(index)")
        }
    }

    func testPatternTableHasTheHaneBothWays() {
        // Hane: A B A above the empty point, empty below: black-white-black and white-black-white.
        let board = position(size: 5, black: ["ab", "cb"], white: ["bb"])
        XCTAssertTrue(PatternTable.matches(board.neighbourhood[board.index(of: Point(column: 1, row: 2))]))
        let swapped = position(size: 5, black: ["bb"], white: ["ab", "cb"])
        XCTAssertTrue(PatternTable.matches(swapped.neighbourhood[swapped.index(of: Point(column: 1, row: 2))]))
        XCTAssertFalse(PatternTable.matches(PlayoutBoard(size: 9).neighbourhood[41]))
    }

    // MARK: - Helpers

    private func position(size: Int, black: [String], white: [String]) -> PlayoutBoard {
        let board = PlayoutBoard(size: size)
        for (names, stone) in [(black, Stone.black), (white, Stone.white)] {
            for name in names {
                let bytes = Array(name.utf8)
                let point = Point(column: Int(bytes[0] - UInt8(ascii: "a")), row: Int(bytes[1] - UInt8(ascii: "a")))
                board.play(board.index(of: point), stone)
            }
        }
        board.startAfterSetup(toMove: .black)
        return board
    }

    private func assertChainsConsistent(_ board: PlayoutBoard, file: StaticString = #filePath, line: UInt = #line) {
        var empties = 0
        for index in 0..<board.cellCount where board.isOnBoard(index) {
            guard board.stone(at: index) != nil else {
                empties += 1
                continue
            }
            let chain = board.head(index)
            XCTAssertEqual(board.colour[chain], board.colour[index], file: file, line: line)
            XCTAssertEqual(Int(board.liberties[chain]), board.countLiberties(of: chain), "liberties of \(index)", file: file, line: line)
        }
        XCTAssertEqual(empties, board.emptyCount, file: file, line: line)
    }
}
