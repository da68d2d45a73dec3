@testable import HoshiCore
import XCTest

/// `kgs-genmove_cleanup`: after both players passed and disagree on dead stones, the engine captures the
/// opponent's dead stones on the board before it passes, where `genmove` would pass at once.
final class GTPCleanupTests: XCTestCase {
    private func makeEngine() -> GTPEngine {
        var parameters = EngineParameters()
        parameters.playouts = 200
        parameters.seed = 7
        return GTPEngine(player: MonteCarloEngine(parameters: parameters), version: "0.1.0")
    }

    /// 7x7, komi 0.5, both passed. Black (X) walls off the left, white (O) lives on the right with four
    /// eyes; white's lone stone B7 sits in black's corner, its three liberties inside black's wall:
    ///
    ///        A B C D E F G
    ///      7 . O . X X O .
    ///      6 . . . X X O O
    ///      5 X X X X X O .
    ///      4 . . . . X O O
    ///      3 . . . . X O .
    ///      2 . . . . X O O
    ///      1 . . . . X O .
    private let setup: [(Stone, String)] = [
        (.black, "D7"), (.black, "D6"), (.black, "A5"), (.black, "B5"), (.black, "C5"), (.black, "D5"),
        (.black, "E1"), (.black, "E2"), (.black, "E3"), (.black, "E4"), (.black, "E5"), (.black, "E6"), (.black, "E7"),
        (.white, "F1"), (.white, "F2"), (.white, "F3"), (.white, "F4"), (.white, "F5"), (.white, "F6"), (.white, "F7"),
        (.white, "G2"), (.white, "G4"), (.white, "G6"), (.white, "B7"),
        (.black, "pass"), (.white, "pass"),
    ]

    /// The position above on a fresh engine, and the same moves on the core's `Board`, which the test
    /// keeps on its own to judge the engine's moves.
    private func startPosition() throws -> (GTPEngine, Board) {
        let engine = makeEngine()
        XCTAssertEqual(engine.respond(to: "boardsize 7"), "=\n\n")
        XCTAssertEqual(engine.respond(to: "komi 0.5"), "=\n\n")
        var board = Board(size: try XCTUnwrap(BoardSize(columns: 7, rows: 7)))
        for (stone, vertex) in setup {
            let colour = stone == .black ? "b" : "w"
            XCTAssertEqual(engine.respond(to: "play \(colour) \(vertex)"), "=\n\n", "play \(colour) \(vertex)")
            board = board.playing(try move(stone, vertex)).board
        }
        return (engine, board)
    }

    /// An answer that names no point of the board.
    private struct NotAVertex: Error {
        var text: String
    }

    private func move(_ stone: Stone, _ vertex: String) throws -> Move {
        switch GTPVertex.parse(vertex, size: 7) {
        case .pass?: return .pass(stone)
        case .point(let point)?: return Move(stone, at: point)
        default: throw NotAVertex(text: vertex)
        }
    }

    /// The reply's text between `= ` and the closing empty line.
    private func answer(_ engine: GTPEngine, _ command: String) throws -> String {
        let reply = try XCTUnwrap(engine.respond(to: command))
        XCTAssertTrue(reply.hasPrefix("=") && reply.hasSuffix("\n\n"), "\(command): \(reply.debugDescription)")
        return String(reply.dropFirst().dropLast(2).drop { $0 == " " })
    }

    /// The empty regions of `board` (connected empty points) whose bordering stones are all `stone`'s.
    private func emptyRegions(of board: Board, borderedOnlyBy stone: Stone) -> Int {
        var seen = Set<Point>()
        var count = 0
        for start in board.size.points where board[start] == nil && !seen.contains(start) {
            var queue = [start]
            var bordersOther = false
            seen.insert(start)
            while let point = queue.popLast() {
                for neighbour in board.size.neighbours(of: point) {
                    if let other = board[neighbour] {
                        if other != stone { bordersOther = true }
                    } else if seen.insert(neighbour).inserted {
                        queue.append(neighbour)
                    }
                }
            }
            if !bordersOther { count += 1 }
        }
        return count
    }

    /// Black asks `kgs-genmove_cleanup` and white passes, until black passes (at most 40 moves). Returns
    /// black's answers and the test's own board after them.
    private func cleanUp(_ engine: GTPEngine, board start: Board) throws -> (answers: [String], board: Board) {
        var board = start
        var answers: [String] = []
        while answers.count < 40 {
            let vertex = try answer(engine, "kgs-genmove_cleanup b")
            answers.append(vertex)
            guard vertex != "pass" else { break }
            XCTAssertNotEqual(vertex, "resign")
            let played = board.playing(try move(.black, vertex))
            XCTAssertFalse(played.result.wasOccupied || played.result.isSuicide, "\(vertex) after \(answers)")
            board = played.board
            XCTAssertEqual(engine.respond(to: "play w pass"), "=\n\n")
            board = board.playing(.pass(.white)).board
        }
        return (answers, board)
    }

    func testCleanupCapturesTheDeadStoneThatGenmoveWouldPassOver() throws {
        let (engine, board) = try startPosition()
        let deadPoint = try XCTUnwrap(try move(.white, "B7").point)
        // The premise: the engine calls B7 dead, and genmove would pass (black wins as the board stands).
        // Both after the two passes, when a referee asks (the estimate used to play no playout then).
        XCTAssertEqual(try answer(engine, "final_status_list dead"), "B7")
        XCTAssertEqual(try answer(engine, "reg_genmove b"), "pass")

        let (answers, final) = try cleanUp(engine, board: board)
        XCTAssertNotEqual(answers.first, "pass", "cleanup plays on while B7 is on the board")
        XCTAssertEqual(answers.last, "pass", "cleanup passes once B7 is captured: \(answers)")
        // Counted on the test's own board: B7 was taken, white's living group (10 stones) is whole, the
        // left side (35 points) is black's and the right (14) white's, and black kept two eyes or more.
        XCTAssertNil(final[deadPoint], "\(answers)")
        XCTAssertEqual(final.stones.filter { $0.stone == .white }.count, 10, "\(answers)")
        XCTAssertEqual(Double(final.score(deadStones: []).areaMargin) - 0.5, 20.5, "\(answers)")
        XCTAssertGreaterThanOrEqual(emptyRegions(of: final, borderedOnlyBy: .black), 2, "\(answers)")
        let listed = { (board: Board) in board.stones.map { "\($0.stone) \($0.point)" } }
        XCTAssertEqual(listed(final), listed(engine.game.position), "the engine's game holds the moves it answered")
        XCTAssertEqual(try answer(engine, "final_status_list dead"), "")
        XCTAssertEqual(try answer(engine, "final_score"), "B+20.5")

        // One thread with a seed: a second engine answers the same moves.
        let (again, againBoard) = try startPosition()
        XCTAssertEqual(try cleanUp(again, board: againBoard).answers, answers)
    }

    func testCleanupIsAKnownListedCommandWithGenmoveArguments() throws {
        let engine = makeEngine()
        XCTAssertEqual(engine.respond(to: "known_command kgs-genmove_cleanup"), "= true\n\n")
        let commands = try answer(engine, "list_commands")
        XCTAssertTrue(commands.split(separator: "\n").contains("kgs-genmove_cleanup"), commands)
        XCTAssertEqual(engine.respond(to: "kgs-genmove_cleanup"), "? syntax error\n\n")
        XCTAssertEqual(engine.respond(to: "3 kgs-genmove_cleanup purple"), "?3 syntax error\n\n")
    }
}
