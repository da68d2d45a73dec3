@testable import HoshiCore
import XCTest

/// The engine's moves are legal under the rules the referee applies (the replay board and positional
/// superko), on every size, and reproducible with a seed.
final class SelfPlayTests: XCTestCase {
    func testSelfPlayMovesAreLegalOnEverySize() {
        var parameters = EngineParameters()
        parameters.playouts = 8
        parameters.ownershipPlayouts = 8
        var total = 0
        for size in 2...25 {
            // Thousands of moves in all, most on small boards where debug builds play out fast.
            let quota = size <= 7 ? 200 : (size <= 9 ? 150 : (size <= 13 ? 60 : (size <= 19 ? 40 : 25)))
            var played = 0
            var game = 0
            while played < quota {
                parameters.seed = UInt64(size * 100 + game)
                played += playSelfPlayGame(size: size, moves: quota - played, parameters: parameters)
                game += 1
            }
            total += played
        }
        XCTAssertGreaterThan(total, 2_000)
    }

    func testOneThreadWithASeedReproducesTheGame() {
        var parameters = EngineParameters()
        parameters.playouts = 64
        parameters.seed = 42
        let first = decisions(parameters: parameters)
        let second = decisions(parameters: parameters)
        XCTAssertEqual(first, second)
        parameters.seed = 43
        XCTAssertNotEqual(decisions(parameters: parameters), first)
    }

    // MARK: - Helpers

    private func decisions(parameters: EngineParameters) -> [EngineDecision] {
        let engine = MonteCarloEngine(parameters: parameters)
        var game = EngineGame(size: 9, komi: 7.5)
        var result: [EngineDecision] = []
        for _ in 0..<12 {
            let decision = engine.generateMove(in: game, for: game.toMove, budget: MoveBudget())
            result.append(decision)
            guard case .play(let point) = decision else { break }
            XCTAssertNoThrow(try game.play(Move(game.toMove, at: point)))
        }
        return result
    }

    /// Plays up to `moves` moves of self-play, checking each against an independent `Board` with the game's
    /// position hashes; returns the number of moves played.
    private func playSelfPlayGame(size: Int, moves: Int, parameters: EngineParameters) -> Int {
        let engine = MonteCarloEngine(parameters: parameters)
        var game = EngineGame(size: size, komi: 0.5)
        var reference = Board(size: BoardSize(columns: size, rows: size)!)
        var seen: Set<UInt64> = [reference.hash]
        var played = 0
        var passes = 0
        while played < moves && passes < 2 {
            let stone = game.toMove
            let decision = engine.generateMove(in: game, for: stone, budget: MoveBudget())
            played += 1
            switch decision {
            case .resign:
                return played
            case .pass:
                passes += 1
                XCTAssertNoThrow(try game.play(.pass(stone)))
            case .play(let point):
                passes = 0
                XCTAssertNil(reference[point], "size \(size): \(point) is occupied")
                let (after, result) = reference.playing(Move(stone, at: point))
                XCTAssertFalse(result.isSuicide, "size \(size): \(point) is suicide")
                XCTAssertFalse(seen.contains(after.hash), "size \(size): \(point) repeats a position")
                reference = after
                seen.insert(after.hash)
                XCTAssertNoThrow(try game.play(Move(stone, at: point)))
                XCTAssertEqual(game.hash, reference.hash)
            }
        }
        return played
    }
}
